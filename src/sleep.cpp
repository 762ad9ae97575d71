// SPDX-License-Identifier: MIT
// The sleep module: see include/pstl_ws/detail/runtime/sleep.hpp and docs/sleep.md,
// whose numbered steps the comments below refer to.
#include "pstl_ws/detail/runtime/sleep.hpp"

#include <algorithm>  // for std::min
#include <stdexcept>  // for std::invalid_argument
#include <string>
#include <thread>

#include "pstl_ws/detail/test_hook.hpp"

namespace ws::detail {

// ---- atomic_sleep_counters -------------------------------------------------

void atomic_sleep_counters::add_inactive_thread() noexcept {
  [[maybe_unused]] const sleep_counters old{m_word.fetch_add(sleep_counters::k_one_inactive)};  // seq_cst: docs/sleep.md#counters
  PSTL_WS_ASSERT(old.inactive_threads() < sleep_counters::k_threads_max);
}

std::size_t atomic_sleep_counters::sub_inactive_thread() noexcept {
  const sleep_counters old{m_word.fetch_sub(sleep_counters::k_one_inactive)};  // seq_cst: docs/sleep.md#counters
  PSTL_WS_ASSERT(old.inactive_threads() > 0);
  // Invariant: an active-again thread was not counted as sleeping.
  PSTL_WS_ASSERT(old.sleeping_threads() < old.inactive_threads());
  return std::min<std::size_t>(old.sleeping_threads(), 2);
}

void atomic_sleep_counters::sub_sleeping_thread() noexcept {
  [[maybe_unused]] const sleep_counters old{m_word.fetch_sub(sleep_counters::k_one_sleeping)};  // seq_cst: docs/sleep.md#counters
  PSTL_WS_ASSERT(old.sleeping_threads() > 0);
  PSTL_WS_ASSERT(old.sleeping_threads() <= old.inactive_threads());
}

bool atomic_sleep_counters::try_add_sleeping_thread(sleep_counters old) noexcept {
  PSTL_WS_ASSERT(old.inactive_threads() > 0);
  PSTL_WS_ASSERT(old.sleeping_threads() < old.inactive_threads());
  std::uint64_t expected = old.m_word;
  // seq_cst on success: docs/sleep.md#fences; relaxed on failure: the caller re-reads.
  return m_word.compare_exchange_strong(expected, expected + sleep_counters::k_one_sleeping,
                                        std::memory_order_seq_cst, std::memory_order_relaxed);
}

// ---- idle_state -------------------------------------------------------------

void idle_state::wake_fully() noexcept {
  m_rounds = 0;
  m_jobs_counter = k_no_jobs_counter;
  m_spin_start = {};
}

void idle_state::wake_partly() noexcept {
  m_rounds = sleep::k_rounds_until_sleepy;
  m_jobs_counter = k_no_jobs_counter;
}

// ---- sleep -------------------------------------------------------------------

sleep::sleep(std::size_t n, std::chrono::nanoseconds idle_spin, idle_chore* chore, stealing steals)
    : m_num_threads(n), m_idle_spin(idle_spin), m_chore(chore), m_steals(steals) {
  if (n > sleep_counters::k_threads_max) {
    throw std::invalid_argument("pstl_ws: a pool can have at most " +
                                std::to_string(sleep_counters::k_threads_max) +
                                " threads, not " + std::to_string(n));
  }
  m_worker_states = std::make_unique<worker_sleep_state[]>(n);
}

idle_state sleep::start_looking(std::size_t worker_index, search_level level) noexcept {
  m_counters.add_inactive_thread();
  if (level == search_level::top) {
    m_top_idle.fetch_add(top_idle_counts::k_one_awake);  // seq_cst: docs/scheduling.md#waking
  }
  return idle_state{worker_index, level, 0, idle_state::k_no_jobs_counter};
}

std::size_t sleep::stop_looking(const idle_state& idle) noexcept {
  if (idle.m_level == search_level::top) {
    m_top_idle.fetch_sub(top_idle_counts::k_one_awake);  // seq_cst: docs/scheduling.md#waking
  }
  return m_counters.sub_inactive_thread();
}

void sleep::work_found(const idle_state& idle) noexcept {
  // Becoming active again wakes up to two sleepers: if this thread found work,
  // there may be more for thieves (docs/sleep.md#work-found). Where nobody
  // steals, nobody could take it.
  const std::size_t to_wake = stop_looking(idle);
  if (m_steals == stealing::on) {
    wake_any_threads(to_wake);
  }
}

void sleep::top_thread_sleeps() noexcept {
  // One RMW: awake - 1, sleeping + 1 (the low half is at least 1, so no borrow).
  m_top_idle.fetch_add(top_idle_counts::k_one_sleeping - top_idle_counts::k_one_awake);  // seq_cst: before the SleepFence
}

void sleep::top_thread_wakes() noexcept {
  m_top_idle.fetch_sub(top_idle_counts::k_one_sleeping - top_idle_counts::k_one_awake);  // seq_cst: docs/scheduling.md#waking
}

void sleep::no_work_found(idle_state& idle, core_latch& latch, bool (*has_injected_jobs)(void*),
                          void* ctx) {
  if (idle.m_rounds < k_rounds_until_sleepy) {
    std::this_thread::yield();
    ++idle.m_rounds;
  } else if (idle.m_rounds == k_rounds_until_sleepy) {
    if (keeps_spinning(idle)) {
      std::this_thread::yield();
      return;
    }
    idle.m_jobs_counter = announce_sleepy();
    ++idle.m_rounds;
    PSTL_WS_TEST_HOOK(announced_sleepy, idle.m_worker_index);
    std::this_thread::yield();
  } else {
    PSTL_WS_ASSERT(idle.m_rounds == k_rounds_until_sleeping);
    fall_asleep(idle, latch, has_injected_jobs, ctx);
  }
}

bool sleep::keeps_spinning(idle_state& idle) const noexcept {
  if (m_idle_spin == std::chrono::nanoseconds::zero()) {
    return false;
  }
  const auto now = std::chrono::steady_clock::now();
  if (idle.m_spin_start == std::chrono::steady_clock::time_point{}) {
    idle.m_spin_start = now;  // wake_partly keeps it: a re-announcement does not spin again
  }
  return now - idle.m_spin_start < m_idle_spin;
}

std::uint64_t sleep::announce_sleepy() noexcept {
  // An odd (active) JEC becomes even: "a thread got sleepy after the last post".
  return m_counters.increment_jobs_event_counter_if(jec_is_active).jobs_counter();
}

void sleep::fall_asleep(idle_state& idle, core_latch& latch, bool (*has_injected_jobs)(void*),
                        void* ctx) {
  // Step 1: tell setters of our latch that we may sleep (fails if it is SET).
  if (!latch.get_sleepy()) {
    return;
  }
  worker_sleep_state& state = m_worker_states[idle.m_worker_index];
  // Step 2: hold our mutex from now until the condvar wait releases it, so that
  // a waker that saw any of the steps below waits for us to block.
  std::unique_lock lock(state.m_mutex);
  // Step 3: SLEEPY -> SLEEPING; a setter that sees SLEEPING will wake us.
  if (!latch.fall_asleep()) {
    idle.wake_fully();
    return;
  }
  // Step 4: register as a sleeper only if no job was posted since we announced
  // sleepy (the JEC is unchanged); the CAS fails if any field moved.
  PSTL_WS_TEST_HOOK(before_jec_check, idle.m_worker_index);
  for (;;) {
    const sleep_counters counters = m_counters.load();
    if (counters.jobs_counter() != idle.m_jobs_counter) {
      idle.wake_partly();
      latch.wake_up();
      return;
    }
    if (m_counters.try_add_sleeping_thread(counters)) {
      break;
    }
  }
  // A thread that may start new calls is counted as a sleeping one of those
  // too, before the SleepFence, so that a poster of a call either sees it or
  // is seen by its last look (docs/scheduling.md#waking).
  const bool at_top = idle.m_level == search_level::top;
  if (at_top) {
    top_thread_sleeps();
  }
  // Step 5 (SleepFence): pairs with the PushFence of new_injected_jobs and
  // new_injected_calls. Either the injector push is visible to the look below,
  // or the poster's read of the counters (of m_top_idle, for a new call) sees
  // us as a sleeper and wakes us (docs/sleep.md#fences, docs/scheduling.md#waking).
  seq_cst_fence();
  PSTL_WS_TEST_HOOK(before_final_look, idle.m_worker_index);
  // Step 6: the last look at the injector, which is what saves an injected job
  // when the JEC has wrapped around to the value we remembered.
  if (has_injected_jobs(ctx)) {
    m_counters.sub_sleeping_thread();  // nobody else will: we were never blocked
    if (at_top) {
      top_thread_wakes();
    }
  } else {
    state.m_is_blocked = true;
    state.m_blocked_at_top = at_top;
    state.m_sleeps.fetch_add(1, std::memory_order_relaxed);  // relaxed: statistic, written under m_mutex
    PSTL_WS_TEST_HOOK(before_block, idle.m_worker_index);
    while (state.m_is_blocked) {
      block(state, lock, idle.m_worker_index);
    }
  }
  idle.wake_fully();
  latch.wake_up();
}

void sleep::block(worker_sleep_state& state, std::unique_lock<std::mutex>& lock, std::size_t worker_index) {
  using clock = std::chrono::steady_clock;
  const clock::time_point due = m_chore != nullptr && worker_index == 0 ? m_chore->chore_due() : clock::time_point::max();
  if (due == clock::time_point::max()) {
    state.m_condvar.wait(lock);
  } else if (state.m_condvar.wait_until(lock, due) == std::cv_status::timeout && state.m_is_blocked) {
    // Still asleep as far as everyone else knows: a waker that comes now finds
    // m_is_blocked and wakes us as usual, without waiting for the chore.
    lock.unlock();
    m_chore->do_chore();
    lock.lock();
  }
}

void sleep::new_internal_jobs(std::uint32_t num_jobs, bool queue_was_empty) noexcept {
  new_jobs(num_jobs, queue_was_empty, search_level::nested);
}

void new_internal_jobs(sleep& module, std::uint32_t num_jobs, bool queue_was_empty) noexcept {
  module.new_internal_jobs(num_jobs, queue_was_empty);
}

void sleep::new_injected_jobs(std::uint32_t num_jobs, bool queue_was_empty) noexcept {
  // PushFence: pairs with the SleepFence in fall_asleep (docs/sleep.md#fences).
  seq_cst_fence();
  new_jobs(num_jobs, queue_was_empty, search_level::nested);
}

void sleep::new_injected_calls(std::uint32_t num_jobs, bool queue_was_empty) noexcept {
  // PushFence: pairs with the SleepFence in fall_asleep (docs/sleep.md#fences).
  seq_cst_fence();
  new_jobs(num_jobs, queue_was_empty, search_level::top);
}

void sleep::new_ready_fiber() noexcept {
  // PushFence: pairs with the SleepFence in fall_asleep (docs/sleep.md#fences).
  seq_cst_fence();
  m_counters.increment_jobs_event_counter_if(jec_is_sleepy);
  if (top_idle_counts{m_top_idle.load()}.sleeping() > 0) {
    wake_any_threads(1, search_level::top);
  }
}

void sleep::new_jobs(std::uint32_t num_jobs, bool queue_was_empty, search_level takers) noexcept {
  // An even (sleepy) JEC becomes odd, so that sleepy threads re-search instead
  // of blocking; when it is already odd this is one load and no write.
  const sleep_counters counters = m_counters.increment_jobs_event_counter_if(jec_is_sleepy);
  PSTL_WS_TEST_HOOK(jobs_posted, num_jobs);
  // Only the threads that may take the jobs count: for a new call, those at
  // the top of their loop (docs/scheduling.md#waking).
  std::size_t sleepers = counters.sleeping_threads();
  std::size_t awake_idle = counters.awake_but_idle_threads();
  if (takers == search_level::top) {
    const top_idle_counts top{m_top_idle.load()};
    sleepers = top.sleeping();
    awake_idle = top.awake();
  }
  if (sleepers == 0) {
    return;
  }
  const std::size_t jobs = num_jobs;
  if (!queue_was_empty) {
    // A backlog: searching threads have not kept up, so wake sleepers too.
    wake_any_threads(std::min(jobs, sleepers), takers);
  } else if (awake_idle < jobs) {
    // Not enough searching threads to take every new job.
    wake_any_threads(std::min(jobs - awake_idle, sleepers), takers);
  }
  // Otherwise the threads still searching will find the jobs.
}

void sleep::notify_worker_latch_is_set(std::size_t worker_index) noexcept {
  wake_specific_thread(worker_index);
}

void sleep::wake_any_threads(std::size_t num_to_wake, search_level takers) noexcept {
  for (std::size_t i = 0; i < m_num_threads && num_to_wake > 0; ++i) {
    if (wake_specific_thread(i, takers)) {
      --num_to_wake;
    }
  }
}

bool sleep::wake_specific_thread(std::size_t worker_index, search_level takers) noexcept {
  worker_sleep_state& state = m_worker_states[worker_index];
  std::lock_guard lock(state.m_mutex);
  if (!state.m_is_blocked || (takers == search_level::top && !state.m_blocked_at_top)) {
    return false;
  }
  state.m_is_blocked = false;
  state.m_condvar.notify_one();
  // The waker, not the sleeper, removes the sleeper from the count, so that
  // posters at once see the thread as awake (docs/sleep.md#waking).
  m_counters.sub_sleeping_thread();
  if (state.m_blocked_at_top) {
    top_thread_wakes();
  }
  state.m_wake_ups.fetch_add(1, std::memory_order_relaxed);  // relaxed: statistic, written under m_mutex
  return true;
}

sleep_stats sleep::stats() const noexcept {
  sleep_stats total;
  for (std::size_t i = 0; i < m_num_threads; ++i) {
    total.m_sleeps += m_worker_states[i].m_sleeps.load(std::memory_order_relaxed);      // relaxed: statistic
    total.m_wake_ups += m_worker_states[i].m_wake_ups.load(std::memory_order_relaxed);  // relaxed: statistic
  }
  return total;
}

}  // namespace ws::detail
