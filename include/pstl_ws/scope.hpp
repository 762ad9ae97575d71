// SPDX-License-Identifier: MIT
// ws::scope: a region in which any number of jobs can be spawned; it returns
// once all of them have finished. docs/design.md#scope.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <atomic>
#include <concepts>  // for std::invocable
#include <exception>  // for std::current_exception, std::exception_ptr, std::rethrow_exception
#include <memory>  // for std::make_unique
#include <optional>
#include <type_traits>  // for std::decay_t, std::invoke_result_t, std::is_void_v
#include <utility>  // for std::forward, std::move

#include "pstl_ws/detail/runtime/in_worker.hpp"
#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"

namespace ws {

/// The handle a scope's body and its spawned jobs use to spawn more jobs.
/// Only valid inside the ws::scope call that created it.
class scope_handle {
 public:
  scope_handle(const scope_handle&) = delete;
  scope_handle& operator=(const scope_handle&) = delete;

  /// Queues f to run on the scope's pool; the scope waits for it. f is called
  /// as f(scope_handle&) if it accepts one, else as f(). f is copied or moved
  /// into the job (capture by reference what outlives the scope).
  /// Cost: one allocation and one push. Exceptions: std::bad_alloc if the job
  /// cannot be queued (f is then not run); an exception thrown by f reaches
  /// the caller of ws::scope.
  template <class F>
  void spawn(F&& f) {
    using function = std::decay_t<F>;
    static_assert(std::invocable<function&, scope_handle&> || std::invocable<function&>,
                  "ws::scope_handle::spawn needs a function callable as f(scope_handle&) or f()");
    m_latch.increment();
    try {
      auto job = std::make_unique<detail::heap_job<spawned<function>>>(
          spawned<function>{this, std::optional<function>(std::forward<F>(f))});
      detail::push_or_inject_part(*m_registry, job->as_job_ref());
      job.release();  // now owned by the queue; deletes itself once run
    } catch (...) {
      job_done();  // undo the count: the body's own count keeps the latch unset
      throw;
    }
  }

 private:
  template <class Op>
  friend auto scope(Op&& op) -> detail::returned_result_t<std::invoke_result_t<Op&, scope_handle&>>;

  // The body of a spawned job. The user's function is destroyed before the
  // job counts itself done: its captures must not outlive the scope.
  template <class F>
  struct spawned {
    scope_handle* m_scope;
    std::optional<F> m_func;

    void operator()() noexcept {
      scope_handle* const owner = m_scope;
      try {
        if constexpr (std::invocable<F&, scope_handle&>) {
          (*m_func)(*owner);
        } else {
          (*m_func)();
        }
      } catch (...) {
        owner->record_exception(std::current_exception());
      }
      m_func.reset();
      owner->job_done();  // may release the scope: nothing of *owner after this
    }
  };

  explicit scope_handle(detail::worker_thread& owner) noexcept
      : m_registry(&owner.owner()), m_latch(owner) {}

  void job_done() noexcept { detail::count_latch::set(&m_latch); }

  void record_exception(std::exception_ptr error) noexcept {
    // relaxed: the exchange only elects the writer; the write of m_error is
    // published to the owner by the count latch's release sequence.
    if (!m_has_error.exchange(true, std::memory_order_relaxed)) {
      m_error = std::move(error);
    }
  }

  /// Releases the body's count, waits for every spawned job, rethrows the first
  /// recorded exception.
  void complete() {
    job_done();
    detail::worker_thread::current_worker().wait_until(m_latch.core());
    if (m_error) {
      std::rethrow_exception(m_error);
    }
  }

  detail::registry* m_registry;
  detail::count_latch m_latch;
  std::atomic<bool> m_has_error{false};
  std::exception_ptr m_error;  // written once, by the first thrower
};

/// Runs op(scope_handle&) on a worker (of the current pool, or of the global
/// pool from outside every pool) and returns its result once op and every job
/// it spawned, directly or from spawned jobs, have finished.
/// Exceptions: the first exception thrown by op or a spawned job is rethrown
/// after all of them finished; later ones are dropped. The pool stays usable.
template <class Op>
auto scope(Op&& op) -> detail::returned_result_t<std::invoke_result_t<Op&, scope_handle&>> {
  using result = detail::result_of_t<Op&, scope_handle&>;
  auto body = [&op](detail::worker_thread& worker, bool) -> result {
    scope_handle handle(worker);
    std::optional<result> value;
    try {
      value.emplace(detail::invoke_to_result(op, handle));
    } catch (...) {
      handle.record_exception(std::current_exception());
    }
    handle.complete();
    return std::move(*value);
  };
  if constexpr (std::is_void_v<std::invoke_result_t<Op&, scope_handle&>>) {
    detail::in_any_worker(body);
  } else {
    return detail::in_any_worker(body);
  }
}

}  // namespace ws
