// SPDX-License-Identifier: MIT
// worker_thread: the main loop, wait_until, find_work and the seated caller.
// docs/sleep.md#idle-loop, docs/seat.md, docs/fork.md.
#include "pstl_ws/detail/runtime/worker_thread.hpp"

#include <algorithm>  // for std::min
#include <atomic>
#include <exception>  // for std::exception
#include <functional>  // for std::function
#include <string>

#include "pstl_ws/detail/runtime/os_thread.hpp"
#include "pstl_ws/detail/runtime/sleep.hpp"
#include "pstl_ws/detail/test_hook.hpp"
#include "pstl_ws/pool_options.hpp"

namespace ws::detail {
namespace {

constinit thread_local worker_thread* t_current = nullptr;

// splitmix64: spreads consecutive seeds over the whole state space.
std::uint64_t mix(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::atomic<std::uint64_t> g_seed_counter{0};

// What the forking thread of a child meets if its job returns into the
// parent's pool (docs/fork.md#what-a-child-may-do).
[[noreturn]] void returned_into_parent_pool() noexcept {
  fatal("a job forked the process and returned, in the child, into its parent's pool, whose "
        "threads do not exist there; a job that forks must end the child (_exit, exit or exec) "
        "before it returns (docs/fork.md)");
}

}  // namespace

xorshift64star::xorshift64star() noexcept
    : xorshift64star(mix(g_seed_counter.fetch_add(1, std::memory_order_relaxed))) {}  // relaxed: only uniqueness matters

// noinline: a frame that parked may go on on another thread, and the compiler
// must not reuse the address of the previous thread's t_current (docs/park.md).
[[gnu::noinline]] worker_thread* worker_thread::current() noexcept { return t_current; }

// noinline, as current().
[[gnu::noinline]] worker_thread& worker_thread::current_worker() noexcept {
  if (t_current == nullptr) [[unlikely]] {
    returned_into_parent_pool();
  }
  return *t_current;
}

void worker_thread::forget_current_in_forked_child() noexcept { t_current = nullptr; }

bool worker_thread::peers_lack_work() const noexcept {
  return m_deque.is_empty() && m_registry.sleep_module().counters().inactive_threads() > 0;
}

namespace {

// Runs a pool_options::on_thread_start / on_thread_exit handler, if set. An
// exception escaping it has no caller to reach: it ends the process, named.
void run_thread_handler(const std::function<void(std::size_t)>& handler, std::size_t index,
                        const char* which) noexcept {
  if (!handler) {
    return;
  }
  try {
    handler(index);
  } catch (const std::exception& error) {
    fatal((std::string("an exception escaped ws::pool_options::") + which + ": " + error.what()).c_str());
  } catch (...) {
    fatal((std::string("an exception escaped ws::pool_options::") + which).c_str());
  }
}

}  // namespace

void worker_thread::main_loop(registry& owner, std::size_t index) noexcept {
  const pool_options& options = owner.options();
  name_this_thread(options.thread_name, index);
  run_thread_handler(options.on_thread_start, index, "on_thread_start");
  {
    worker_thread self(owner, index);
    t_current = &self;
    if (owner.parks()) {
      self.run_on_fibers();
    } else {
      self.serve_until_terminated();
    }
    // Invariant: termination happens only once no job is outstanding.
    PSTL_WS_ASSERT(self.m_deque.is_empty());
    t_current = nullptr;
  }
  run_thread_handler(options.on_thread_exit, index, "on_thread_exit");
}

seated_caller::seated_caller(registry& target) noexcept {
  PSTL_WS_ASSERT(t_current == nullptr);
  if (const std::optional<std::size_t> slot = target.try_take_seat()) {
    m_worker.emplace(target, *slot);
    t_current = &*m_worker;
  }
}

seated_caller::seated_caller(registry& target, std::size_t slot) noexcept {
  PSTL_WS_ASSERT(t_current == nullptr && target.is_seat(slot));
  m_worker.emplace(target, slot);
  t_current = &*m_worker;
}

seated_caller::~seated_caller() {
  if (m_worker) {
    if (t_current == nullptr) [[unlikely]] {  // a job that forked, back here in the child
      returned_into_parent_pool();
    }
    PSTL_WS_ASSERT(m_worker->m_deque.is_empty());
    t_current = nullptr;
    registry& target = m_worker->owner();
    const std::size_t slot = m_worker->index();
    m_worker.reset();
    target.leave_seat(slot);
  }
}

void worker_thread::serve_until_terminated() noexcept {
  core_latch& terminate = m_registry.terminate_latch(m_index);
  while (!terminate.probe()) {
    run_one(terminate, nullptr, search_level::top);
  }
}

void worker_thread::wait_until_cold(core_latch& latch) noexcept {
  while (!latch.probe()) {
    run_one(latch, nullptr, search_level::nested);
  }
}

void worker_thread::run_one(core_latch& latch, fiber_context* base, search_level level) noexcept {
  if (base != nullptr) {
    // A frame whose wait is over goes on first; this look is the one a ready
    // wake this worker owes stood for (owe_ready_wake).
    m_ready_wake_owed = false;
    if (fiber_context* ready = m_registry.pop_ready_fiber()) {
      resume_ready(*base, *ready);
      return;
    }
  }
  // Own jobs next, without touching the sleep counters.
  if (auto job = take_own_work(level)) {
    execute(*job);
    return;
  }
  // Other threads' queues and locks: none of them exists if this is the
  // forking thread of a child, back from its job in its parent's pool.
  if (m_registry.is_abandoned()) [[unlikely]] {
    returned_into_parent_pool();
  }
  sleep& sleep = m_registry.sleep_module();
  idle_state idle = sleep.start_looking(m_index, level);
  while (!latch.probe()) {
    if (base != nullptr) {
      if (fiber_context* ready = m_registry.pop_ready_fiber()) {
        sleep.work_found(idle);
        resume_ready(*base, *ready);
        return;
      }
    }
    if (auto job = find_work(level)) {
      sleep.work_found(idle);
      execute(*job);
      return;
    }
    // The last look before sleeping covers what this thread may take: only a
    // scheduler fiber at its base can take a ready fiber, and only a thread at
    // the top of its loop a new call.
    sleep.no_work_found(idle, latch, [this, base, level]() noexcept {
      return m_registry.has_injected_job(level) || (base != nullptr && m_registry.has_ready_fiber());
    });
  }
  // The latch was set while this worker was idle. At the top of its loop
  // that is the terminate latch, which wakes every worker by itself: waking
  // helpers there as well would make every one of N workers scan the
  // sleepers from index 0, O(N^2) for a pool's end (docs/sleep.md#work-found).
  if (level == search_level::top) {
    static_cast<void>(sleep.stop_looking(idle));
  } else {
    sleep.work_found(idle);
  }
}

std::optional<job_ref> worker_thread::take_own_work(search_level level) noexcept {
  // Every k_injector_tick-th time at the top, injected work goes first: a
  // worker whose own spawned jobs keep coming still starts new calls.
  if (level == search_level::top && ++m_top_searches % k_injector_tick == 0) {
    if (auto job = m_registry.pop_injected_job(level)) {
      return job;
    }
  }
  return take_local_job();
}

std::optional<job_ref> worker_thread::find_work(search_level level) noexcept {
  if (auto job = take_local_job()) {
    return job;
  }
  // At the top the injected calls come before stealing, so that a new call
  // starts while a running one still has stealable work; inside a wait only
  // parts of running calls may be taken, and last (docs/scheduling.md).
  if (level == search_level::top) {
    if (auto job = m_registry.pop_injected_job(level)) {
      return job;
    }
    return steal();
  }
  if (auto job = steal()) {
    return job;
  }
  return m_registry.pop_injected_job(level);
}

std::optional<job_ref> worker_thread::steal() noexcept {
  const std::size_t n = m_registry.num_victims();
  if (n <= 1) {
    return std::nullopt;
  }
  // Up to k_steal_scan victims a round, from a random start: every victim
  // of a pool of up to that many slots, as rayon does; in a bigger pool a
  // round that looked at all of them would cost every idle thread time in
  // proportion to the pool, and a pool's start time its square.
  const std::size_t scan = std::min(n, k_steal_scan);
  for (;;) {
    bool retry = false;
    const std::size_t start = m_rng.next_below(n);
    for (std::size_t k = 0; k < scan; ++k) {
      const std::size_t victim = (start + k) % n;
      if (victim == m_index) {
        continue;
      }
      PSTL_WS_TEST_HOOK(before_steal, m_index);
      const steal_result<job_ref> stolen = m_registry.deque(victim).steal();
      if (stolen.is_success()) {
        m_registry.count_steal(m_index);
        return stolen.m_value;
      }
      retry = retry || stolen.is_retry();
    }
    if (!retry) {
      return std::nullopt;
    }
  }
}

}  // namespace ws::detail
