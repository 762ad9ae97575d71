// SPDX-License-Identifier: MIT
// wait_policy::park: a worker runs on scheduler fibers; a waiting frame parks
// its fiber on its latch instead of running other jobs on top of itself, and
// the fiber is resumed, on whichever worker takes it first, once the latch is
// set. States, invariants and the races this prevents: docs/park.md.
#include <thread>

#include "pstl_ws/detail/runtime/fiber_context.hpp"
#include "pstl_ws/detail/runtime/fiber_stack.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/sleep.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/pool_options.hpp"

namespace ws::detail {
namespace {

// Probes of a waited-on latch before parking: a stolen half that is about to
// finish costs a few hundred nanoseconds of spinning instead of two switches.
constexpr int k_park_spin_rounds = 64;

inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace

void worker_thread::run_on_fibers() noexcept {
  if (m_registry.options().report_stack_overflow) {
    try {
      install_overflow_reporter();
    } catch (...) {
      // Without a signal stack an overflow is a plain SIGSEGV: still a crash, just unnamed.
    }
  }
  fiber_context origin;
  m_origin = &origin;
  m_running = &origin;
  if (fiber_context* first = idle_fiber()) {
    fiber_context::switch_to(origin, *first, [] {});
    // Every fiber that ran here has ended (fiber_main): back on the thread's stack.
  } else {
    m_running = nullptr;  // no stack for even one fiber: serve on the thread's stack
    serve_until_terminated();
  }
  m_running = nullptr;
  m_origin = nullptr;
}

fiber_context& worker_thread::fiber_main(fiber_context& self) noexcept {
  // Whoever switched here (a parking frame, or the thread starting) made this
  // the running context; every iteration asks which worker that is now.
  worker_thread* worker = &current_worker();
  worker->m_running = &self;
  for (;;) {
    core_latch& terminate = worker->m_registry.terminate_latch(worker->m_index);
    if (terminate.probe()) {
      break;
    }
    worker->run_one(terminate, &self, search_level::top);
    worker = &current_worker();
  }
  // The worker ends. No job is outstanding, so no fiber is parked: each fiber
  // is this one or idle in this or another worker's list. The first to get
  // here ends the idle ones of its worker, one by one, then the thread's own
  // context is resumed.
  if (worker->m_ending != nullptr) {
    return *worker->m_ending;
  }
  while (fiber_context* idle = worker->m_idle) {
    worker->m_idle = idle->m_next_idle;
    worker->m_ending = &self;
    fiber_context::switch_to(self, *idle, [] {});  // it returns here as it ends
    worker = &current_worker();
  }
  worker->m_ending = nullptr;
  return *worker->m_origin;
}

void worker_thread::park_until(core_latch& latch) noexcept {
  // Own jobs still on the deque (a scope's spawns, say) are this frame's
  // children: run them here, as a join runs its unstolen half. Any of them may
  // park and go on on another thread: ask for the worker again after each.
  worker_thread* worker = this;
  while (auto job = worker->take_local_job()) {
    worker->execute_on_top(*job);
    if (latch.probe()) {
      return;
    }
    worker = &current_worker();
  }
  for (int round = 0; round < k_park_spin_rounds; ++round) {
    if (latch.probe()) {
      return;
    }
    cpu_relax();
  }
  fiber_context* const next = worker->idle_fiber();
  if (next == nullptr) {
    // No stack for another fiber: wait here, running jobs on top of this
    // frame, without sleeping (the latch may name the worker it started on).
    while (!latch.probe()) {
      worker = &current_worker();
      if (auto job = worker->find_work(search_level::nested)) {
        worker->execute_on_top(*job);
      } else {
        std::this_thread::yield();
      }
    }
    return;
  }
  fiber_context& self = *worker->m_running;
  registry& owner = worker->m_registry;
  owner.count_park(worker->m_index);
  // Runs on `next`'s stack once this frame is saved: only then may a setter
  // see PARKED and resume it. If the latch was set meanwhile, the frame is
  // ready at once.
  fiber_context::switch_to(self, *next, [&latch, &self, &owner]() noexcept {
    if (!latch.park(&self)) {
      owner.make_ready(self);
    }
  });
  // Resumed by a scheduler fiber (resume_ready), maybe on another thread.
  current_worker().m_running = &self;
}

void worker_thread::resume_ready(fiber_context& base, fiber_context& ready) noexcept {
  fiber_context::switch_to(base, ready, [this, &base]() noexcept {
    base.m_next_idle = m_idle;
    m_idle = &base;
  });
  // Taken from this worker's idle list, by a frame parking here or by the
  // worker ending (fiber_main): the same thread as before.
  m_running = &base;
}

void worker_thread::pay_ready_wake() noexcept {
  if (m_ready_wake_owed) {
    m_ready_wake_owed = false;
    m_registry.sleep_module().new_ready_fiber();
  }
}

fiber_context* worker_thread::idle_fiber() noexcept {
  if (fiber_context* idle = m_idle) {
    m_idle = idle->m_next_idle;
    return idle;
  }
  return m_registry.make_fiber(&fiber_main);
}

}  // namespace ws::detail
