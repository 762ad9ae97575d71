// SPDX-License-Identifier: MIT
// in_worker: how a call reaches a worker of the right pool. On one of its
// workers it runs inline; from a thread outside every pool it runs on the
// caller in one of the pool's seats, or, when every seat is taken, it is
// injected and the caller blocks on a lock_latch; from a worker of another pool it is injected
// and the caller keeps serving its own pool while it waits.
// docs/design.md#entry-paths, docs/seat.md.
#pragma once

#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"

namespace ws::detail {

/// The result of op(worker, injected), void mapped to ws::unit.
template <class Op>
using in_worker_result_t = result_of_t<Op&, worker_thread&, bool>;

/// Wraps op as the body of an injected stack job: it runs on whichever worker
/// executes the job, with injected = true.
template <class Op>
auto injected_body(Op& op) {
  return [&op](bool) -> in_worker_result_t<Op> {
    return invoke_to_result(op, worker_thread::current_worker(), true);
  };
}

/// From a thread outside every pool: run op here in a seat of the pool; if
/// every seat is taken, inject and block until a worker ran it, or until a
/// seat's leaver took it back out and handed its seat over: then run it here
/// after all.
template <class Op>
in_worker_result_t<Op> in_worker_cold(registry& target, Op& op) {
  if (seated_caller seat(target); seat.has_seat()) {
    return invoke_to_result(op, seat.worker(), false);
  }
  auto body = injected_body(op);
  stack_job<lock_latch, decltype(body)> job(body);
  seat_request request{&job.latch()};
  std::optional<std::size_t> slot = target.inject_call(job.as_job_ref(), request);
  if (!slot) {
    job.latch().wait();
    slot = request.m_handed_seat;
  }
  if (slot) {
    seated_caller seat(target, *slot);
    return invoke_to_result(op, seat.worker(), false);
  }
  return job.into_result();
}

/// From a worker of another pool: inject, then keep executing the caller's own
/// pool's jobs until a worker of `target` ran it.
template <class Op>
in_worker_result_t<Op> in_worker_cross(registry& target, worker_thread& current, Op& op) {
  auto body = injected_body(op);
  stack_job<spin_latch, decltype(body)> job(body, current, cross_pool);
  target.inject(job.as_job_ref(), injected_as::part_of_call);
  current.wait_until(job.latch().core());
  return job.into_result();
}

/// Runs op(worker, injected) on a worker of `target`. Throws
/// std::logic_error, before running anything, if `target` is a pool of the
/// parent of this forked process (docs/fork.md). A call from a thread that
/// is not one of target's workers is counted while it runs: target's handle,
/// destroyed meanwhile, waits for it.
template <class Op>
in_worker_result_t<Op> in_worker(registry& target, Op& op) {
  worker_thread* const current = worker_thread::current();
  if (current != nullptr && &current->owner() == &target) {
    return invoke_to_result(op, *current, false);
  }
  target.throw_if_abandoned();
  const registry::call_in_flight counted(target);  // a pool destroyed meanwhile waits for it
  if (current == nullptr) {
    return in_worker_cold(target, op);
  }
  return in_worker_cross(target, *current, op);
}

/// Runs op(worker, injected) on the current worker, whatever its pool, or on
/// the global pool from a thread outside every pool (as rayon's join does).
template <class Op>
in_worker_result_t<Op> in_any_worker(Op& op) {
  if (worker_thread* const current = worker_thread::current()) {
    return invoke_to_result(op, *current, false);
  }
  return in_worker_cold(global_registry(), op);
}

/// Queues a job that a wait in `target` waits for (a scope's): on the
/// current thread's deque if it works for `target`, else through the
/// injector, as part of the call that waits. Throws std::bad_alloc.
/// (A job nobody waits for, thread_pool::spawn's, is a new call wherever it
/// comes from and always goes through the injector: on a deque, a thread
/// inside a wait could steal it and run it on its waiting frame,
/// docs/scheduling.md.)
inline void push_or_inject_part(registry& target, job_ref job) {
  worker_thread* const current = worker_thread::current();
  if (current != nullptr && &current->owner() == &target) {
    current->push(job);
  } else {
    target.inject(job, injected_as::part_of_call);
  }
}

}  // namespace ws::detail
