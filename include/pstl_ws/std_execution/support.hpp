// SPDX-License-Identifier: MIT
// What every std_execution entry point shares: getting onto a ws pool, the
// scratch memory behind libstdc++'s __buffer<T>, and the flag
// __cancel_execution() sets. docs/std-execution.md.
#pragma once

#include <cstddef>
#include <new>  // for std::bad_alloc
#include <type_traits>  // for std::invoke_result_t

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail::std_execution {

/// Runs body() on a ws worker and returns its result: inline on the calling
/// worker (its own pool: inside pool.install the call stays on that pool),
/// else on the global pool. Exceptions: whatever body throws.
template <class Body>
std::invoke_result_t<Body&> on_pool(Body& body) {
  return run_on_pool(nullptr, body);
}

/// The pool an entry point called now runs on: the calling worker's own, else
/// the global pool (built on first use). Throws what building it throws.
inline registry& pool_of_call() {
  worker_thread* const current = worker_thread::current();
  return current != nullptr ? current->owner() : global_registry();
}

/// Uninitialised storage for n values of T (libstdc++'s __buffer<T>, made by
/// the patterns on the calling thread before they call an entry point),
/// borrowed from the scratch cache of the pool the call runs on
/// (docs/scratch.md): a loop of calls finds its pages ready, as TBB's backend
/// finds them in tbbmalloc. Only memory: whoever constructs values destroys
/// them. Throws std::bad_alloc when the memory cannot be had, as libstdc++'s
/// serial backend's buffer does; the patterns let bad_alloc reach the caller.
template <class T>
class raw_buffer {
 public:
  explicit raw_buffer(std::size_t n) : m_scratch(n, pool_of_call()) {
    if (m_scratch.data() == nullptr) {
      throw std::bad_alloc();
    }
  }

  /// Always true: a failed allocation throws instead.
  explicit operator bool() const noexcept { return m_scratch.data() != nullptr; }
  /// The first slot.
  [[nodiscard]] T* get() const noexcept { return m_scratch.data(); }

 private:
  scratch_buffer<T> m_scratch;
};

/// The flag of the innermost loop leaf (parallel_for, parallel_reduce) that the
/// calling thread is running, or nullptr outside every leaf.
inline cancellation*& current_cancellation() noexcept {
  static thread_local cancellation* t_current = nullptr;
  return t_current;
}

/// While alive, makes `flag` the calling thread's current_cancellation(); the
/// destructor restores the previous one, so nested loops (a leaf that runs a
/// parallel algorithm, or one that steals a job of an outer loop while it
/// waits) each see their own flag.
class cancellation_scope {
 public:
  explicit cancellation_scope(cancellation& flag) noexcept : m_previous(current_cancellation()) {
    current_cancellation() = &flag;
  }
  ~cancellation_scope() { current_cancellation() = m_previous; }
  cancellation_scope(const cancellation_scope&) = delete;
  cancellation_scope& operator=(const cancellation_scope&) = delete;

 private:
  cancellation* m_previous;
};

/// __cancel_execution(): leaves of the innermost loop the calling thread runs
/// that have not started yet will be skipped (TBB cancels the task group of the
/// innermost algorithm the same way). Outside every loop leaf it does nothing.
inline void cancel_current() noexcept {
  if (cancellation* const flag = current_cancellation()) {
    flag->cancel();
  }
}

}  // namespace ws::detail::std_execution
