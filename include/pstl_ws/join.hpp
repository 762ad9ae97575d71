// SPDX-License-Identifier: MIT
// ws::join and ws::join_context: run two functions, potentially in parallel,
// and return both results. The heart of the pool: docs/design.md#the-life-of-one-join.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <exception>  // for std::exception_ptr, std::current_exception, std::rethrow_exception
#include <functional>  // for std::invoke
#include <optional>
#include <utility>  // for std::pair, std::move

#include "pstl_ws/detail/runtime/in_worker.hpp"
#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"

namespace ws {

/// What join_context tells each function about where it runs.
class fn_context {
 public:
  explicit constexpr fn_context(bool migrated) noexcept : m_migrated(migrated) {}
  /// For the first function: true when the join was called from outside the
  /// pool and found the pool's seat taken (it runs on a worker, not the calling
  /// thread; docs/seat.md). For the second: true
  /// when it ran as a job rather than inline, which means it was stolen by
  /// another worker, except in one case: if the first function threw, the
  /// caller may run the second as a job itself. Splitters use the flag to
  /// split a range further after a migration.
  [[nodiscard]] constexpr bool migrated() const noexcept { return m_migrated; }

 private:
  bool m_migrated;
};

/// Runs a(fn_context) and b(fn_context), b possibly on another worker, and
/// returns {a's result, b's result} (a void result is ws::unit).
///
/// Called from a worker, runs on that worker's pool; from any other thread, on
/// the global pool (the caller blocks until both finished).
/// Cost: an unstolen join is a push and a pop on the worker's own deque, no
///   allocation and no lock.
/// Exceptions: returns or throws only after both functions have finished. If
///   both throw, a's exception is rethrown and b's is dropped; the pool stays
///   usable.
template <class A, class B>
auto join_context(A&& a, B&& b)
    -> std::pair<detail::result_of_t<A&, fn_context>, detail::result_of_t<B&, fn_context>> {
  using result_a = detail::result_of_t<A&, fn_context>;
  using result_pair = std::pair<result_a, detail::result_of_t<B&, fn_context>>;
  auto body = [&a, &b](detail::worker_thread& worker, bool injected) -> result_pair {
    auto call_b = [&b](bool migrated) { return detail::invoke_to_result(b, fn_context(migrated)); };
    detail::stack_job<detail::spin_latch, decltype(call_b)> job_b(call_b, worker);
    const detail::job_ref ref_b = job_b.as_job_ref();
    worker.push(ref_b);

    std::optional<result_a> value_a;
    std::exception_ptr error_a;
    try {
      value_a.emplace(detail::invoke_to_result(a, fn_context(injected)));
    } catch (...) {
      error_a = std::current_exception();
    }
    // Ask again, every time: the worker is never cached across a call that
    // may wait (under wait_policy::park the frame may go on on another thread).
    if (error_a) {
      // b may borrow this frame: it must finish before the frame unwinds.
      detail::worker_thread::current_worker().wait_until(job_b.latch().core());
      std::rethrow_exception(error_a);
    }
    while (!job_b.latch().probe()) {
      detail::worker_thread& self = detail::worker_thread::current_worker();
      if (auto job = self.take_local_job()) {
        if (*job == ref_b) {  // b was not stolen: run it here
          return {std::move(*value_a), job_b.run_inline(injected)};
        }
        self.execute_on_top(*job);  // pushed above b by a (for instance a spawn)
      } else {
        self.wait_until(job_b.latch().core());  // b was stolen
      }
    }
    return {std::move(*value_a), job_b.into_result()};
  };
  return detail::in_any_worker(body);
}

/// join_context for functions that take no arguments: runs a() and b(),
/// potentially in parallel, and returns {a(), b()}. Same guarantees.
template <class A, class B>
auto join(A&& a, B&& b)
    -> std::pair<detail::result_of_t<A&>, detail::result_of_t<B&>> {
  return join_context([&a](fn_context) -> decltype(auto) { return std::invoke(a); },
                      [&b](fn_context) -> decltype(auto) { return std::invoke(b); });
}

}  // namespace ws
