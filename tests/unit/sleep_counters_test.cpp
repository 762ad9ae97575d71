// SPDX-License-Identifier: MIT
// The sleep module alone: the packed counters word, the JEC parity rules, the
// idle rounds, and the wake rules checked against real threads blocked in
// sleep::no_work_found (docs/sleep.md, research/rayon.md section 2).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/sleep.hpp"
#include "test_support.hpp"

namespace {

using ws::detail::atomic_sleep_counters;
using ws::detail::core_latch;
using ws::detail::idle_state;
using ws::detail::search_level;
using ws::detail::sleep_counters;

constexpr auto k_patience = std::chrono::seconds(20);

std::uint64_t pack(std::uint64_t jec, std::uint64_t inactive, std::uint64_t sleeping) {
  return (jec << 32) | (inactive << 16) | sleeping;
}

// 0 <= sleeping <= inactive <= threads (sleeping >= 0 holds by type).
void check_invariants(sleep_counters c, std::size_t threads) {
  CHECK(c.sleeping_threads() <= c.inactive_threads());
  CHECK(c.inactive_threads() <= threads);
}

// Runs `rounds` failed search rounds of a worker that sees no injected job.
void fail_rounds(ws::detail::sleep& s, idle_state& idle, core_latch& latch, int rounds) {
  for (int i = 0; i < rounds; ++i) {
    s.no_work_found(idle, latch, [] { return false; });
    check_invariants(s.counters(), s.num_threads());
  }
}

// k threads, thread i searching as worker i of `s` until its own latch is set:
// the last `at_top` of them from the top of their loop, the others from a
// wait. A woken thread whose latch is not set goes back to sleep; one whose
// latch was set before the wake-up exits without touching the counters, so
// setting latches first makes every wake-up visible in sleeping_threads().
class sleepers {
 public:
  sleepers(ws::detail::sleep& s, std::size_t k, std::size_t at_top = 0)
      : m_sleep(s), m_sleeps_before(s.stats().m_sleeps), m_slots(k) {
    for (std::size_t i = 0; i < k; ++i) {
      m_slots[i] = std::make_unique<slot>();
      const search_level level = i + at_top >= k ? search_level::top : search_level::nested;
      m_slots[i]->m_thread = std::thread([this, i, level] { search(i, level); });
    }
  }
  sleepers(const sleepers&) = delete;
  sleepers& operator=(const sleepers&) = delete;
  ~sleepers() {
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
      release(i);
    }
    for (auto& s : m_slots) {
      s->m_thread.join();
    }
  }

  // Every thread blocked: counted as sleeping (at registration) and as
  // having blocked (a sleep, counted under its mutex with m_is_blocked). The
  // first alone left a gap in which a waker found a registered thread not yet
  // blocked (random delays under TSan, seed 238846793, caught it).
  [[nodiscard]] bool all_asleep() const {
    return ws_test::eventually(
        [&] {
          return m_sleep.counters().sleeping_threads() == m_slots.size() &&
                 m_sleep.stats().m_sleeps - m_sleeps_before == m_slots.size();
        },
        k_patience);
  }
  // Sets every latch without waking anyone; each owner is SLEEPING, so every
  // set must report that the owner needs a wake-up.
  [[nodiscard]] bool set_all_latches_quietly() {
    bool all_sleeping = true;
    for (auto& s : m_slots) {
      all_sleeping = core_latch::set(&s->m_latch) == core_latch::k_sleeping && all_sleeping;
    }
    return all_sleeping;
  }
  void release(std::size_t i) {
    core_latch::set(&m_slots[i]->m_latch);
    m_sleep.notify_worker_latch_is_set(i);
  }
  [[nodiscard]] bool has_exited(std::size_t i) const { return m_slots[i]->m_exited.load(); }
  [[nodiscard]] std::size_t exited() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
      n += has_exited(i) ? 1 : 0;
    }
    return n;
  }

 private:
  struct slot {
    core_latch m_latch;
    std::atomic<bool> m_exited{false};
    std::thread m_thread;
  };

  void search(std::size_t i, search_level level) {
    slot& me = *m_slots[i];
    idle_state idle = m_sleep.start_looking(i, level);
    while (!me.m_latch.probe()) {
      m_sleep.no_work_found(idle, me.m_latch, [] { return false; });
    }
    me.m_exited.store(true);
  }

  ws::detail::sleep& m_sleep;
  std::uint64_t m_sleeps_before;  // sleeps counted before these threads started
  std::vector<std::unique_ptr<slot>> m_slots;
};

std::uint64_t wake_ups(const ws::detail::sleep& s) { return s.stats().m_wake_ups; }

// Puts k sleeper threads to sleep on a pool of k + awake_idle workers (the
// extra workers are inactive but searching), sets their latches, runs `wake`
// and returns how many threads it woke, cross-checked three ways. The last
// k_at_top sleepers and awake_at_top awake ones search from the top of their
// loop, the others from a wait.
template <class Wake>
std::size_t woken_by(std::size_t k, std::size_t awake_idle, Wake wake, std::size_t k_at_top = 0,
                     std::size_t awake_at_top = 0) {
  ws::detail::sleep s(k + awake_idle);
  for (std::size_t j = 0; j < awake_idle; ++j) {
    static_cast<void>(s.start_looking(k + j, j + awake_at_top >= awake_idle ? search_level::top : search_level::nested));
  }
  sleepers threads(s, k, k_at_top);
  REQUIRE(threads.all_asleep());
  CHECK(s.top_idle().sleeping() == k_at_top);
  CHECK(s.top_idle().awake() == awake_at_top);
  CHECK(s.stats().m_sleeps == k);
  CHECK(s.counters().awake_but_idle_threads() == awake_idle);
  REQUIRE(threads.set_all_latches_quietly());
  const std::uint64_t before = wake_ups(s);
  wake(s);
  check_invariants(s.counters(), s.num_threads());
  const auto woken = static_cast<std::size_t>(wake_ups(s) - before);
  CHECK(s.counters().sleeping_threads() == k - woken);
  CHECK(s.top_idle().sleeping() + s.top_idle().awake() == k_at_top + awake_at_top);
  CHECK(ws_test::eventually([&] { return threads.exited() == woken; }, k_patience));
  return woken;
}

}  // namespace

TEST_CASE("sleep counters: the word packs sleeping, inactive and the JEC from the low bits up" *
          doctest::timeout(10)) {
  const sleep_counters c = atomic_sleep_counters(pack(0x89abcdefU, 7, 3)).load();
  CHECK(c.sleeping_threads() == 3);
  CHECK(c.inactive_threads() == 7);
  CHECK(c.awake_but_idle_threads() == 4);
  CHECK(c.jobs_counter() == 0x89abcdefU);
  CHECK(sleep_counters::k_threads_max == 0xffff);
  CHECK_THROWS_AS(ws::detail::sleep(sleep_counters::k_threads_max + 1), std::invalid_argument);
}

TEST_CASE("sleep counters: sleeping <= inactive <= threads after every counter operation" *
          doctest::timeout(10)) {
  constexpr std::size_t threads = 3;
  atomic_sleep_counters c;
  for (std::size_t i = 0; i < threads; ++i) {
    c.add_inactive_thread();
    check_invariants(c.load(), threads);
    CHECK(c.load().inactive_threads() == i + 1);
  }
  CHECK(c.try_add_sleeping_thread(c.load()));
  CHECK(c.try_add_sleeping_thread(c.load()));
  check_invariants(c.load(), threads);
  CHECK(c.load().sleeping_threads() == 2);
  // A stale snapshot is refused: the CAS compares the whole word.
  const sleep_counters stale = c.load();
  c.sub_sleeping_thread();
  CHECK_FALSE(c.try_add_sleeping_thread(stale));
  CHECK(c.load().sleeping_threads() == 1);
  CHECK(c.sub_inactive_thread() == 1);
  check_invariants(c.load(), threads);
  CHECK(c.load().inactive_threads() == 2);
}

TEST_CASE("sleep counters: sub_inactive_thread asks to wake min(sleeping, 2) threads" *
          doctest::timeout(10)) {
  for (std::uint64_t sleeping = 0; sleeping < 5; ++sleeping) {
    atomic_sleep_counters c(pack(1, 5, sleeping));
    CHECK(c.sub_inactive_thread() == std::min<std::uint64_t>(sleeping, 2));
    CHECK(c.load().inactive_threads() == 4);
    CHECK(c.load().sleeping_threads() == sleeping);
  }
}

TEST_CASE("sleep counters: the JEC wraps from 2^32-1 to 0 without disturbing the thread fields" *
          doctest::timeout(10)) {
  atomic_sleep_counters c(pack(0xffffffffU, 9, 4));
  const sleep_counters after = c.increment_jobs_event_counter_if(&ws::detail::jec_is_active);
  CHECK(after.jobs_counter() == 0);
  CHECK(c.load().m_word == pack(0, 9, 4));
  // The returned counters never satisfy the predicate: no second increment.
  CHECK(c.increment_jobs_event_counter_if(&ws::detail::jec_is_active).jobs_counter() == 0);
  CHECK(c.load().m_word == pack(0, 9, 4));
}

TEST_CASE("sleep: posting makes the JEC odd, the 33rd failed round makes it even, posting twice changes nothing" *
          doctest::timeout(10)) {
  ws::detail::sleep s(2);
  core_latch latch;
  CHECK(ws::detail::jec_is_sleepy(s.counters().jobs_counter()));
  s.new_internal_jobs(1, true);
  CHECK(s.counters().jobs_counter() == 1);
  s.new_injected_jobs(3, false);
  CHECK(s.counters().jobs_counter() == 1);

  idle_state idle = s.start_looking(1, search_level::nested);
  check_invariants(s.counters(), s.num_threads());
  fail_rounds(s, idle, latch, ws::detail::sleep::k_rounds_until_sleepy);
  CHECK(s.counters().jobs_counter() == 1);
  CHECK(idle.m_jobs_counter == idle_state::k_no_jobs_counter);
  fail_rounds(s, idle, latch, 1);
  CHECK(s.counters().jobs_counter() == 2);
  CHECK(idle.m_jobs_counter == 2);
  CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleeping);

  s.new_injected_jobs(1, true);
  CHECK(s.counters().jobs_counter() == 3);
  s.new_internal_jobs(1, true);
  CHECK(s.counters().jobs_counter() == 3);
  // The JEC moved since the announcement: the next round does not block but
  // goes back to just before announcing sleepy.
  REQUIRE(s.counters().jobs_counter() != idle.m_jobs_counter);  // or it would block for good
  fail_rounds(s, idle, latch, 1);
  CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleepy);
  CHECK(idle.m_jobs_counter == idle_state::k_no_jobs_counter);
  CHECK(latch.state_for_testing() == core_latch::k_unset);
  CHECK(s.counters().sleeping_threads() == 0);
  CHECK(s.stats().m_sleeps == 0);
}

TEST_CASE("sleep: with an idle spin, a worker keeps yielding at its last round until the spin time has passed" *
          doctest::timeout(10)) {
  constexpr auto k_spin = std::chrono::milliseconds(200);
  ws::detail::sleep s(1, k_spin);
  core_latch latch;
  idle_state idle = s.start_looking(0, search_level::nested);
  const auto start = std::chrono::steady_clock::now();
  // Far more rounds than the 32 that announce sleepy without a spin.
  fail_rounds(s, idle, latch, 4 * ws::detail::sleep::k_rounds_until_sleepy);
  if (std::chrono::steady_clock::now() - start < k_spin) {  // a slow machine may have spent it already
    CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleepy);
    CHECK(idle.m_jobs_counter == idle_state::k_no_jobs_counter);
  }
  std::this_thread::sleep_for(k_spin);
  fail_rounds(s, idle, latch, 1);
  CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleeping);
  CHECK(idle.m_jobs_counter == s.counters().jobs_counter());
  // A post before blocking sends the worker back to announce again, without
  // a second spin.
  s.new_internal_jobs(1, true);
  fail_rounds(s, idle, latch, 1);
  CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleepy);
  fail_rounds(s, idle, latch, 1);
  CHECK(idle.m_rounds == ws::detail::sleep::k_rounds_until_sleeping);
  s.work_found(idle);
}

TEST_CASE("sleep: a sleepy worker that finds an injected job in its last look does not block" *
          doctest::timeout(10)) {
  ws::detail::sleep s(1);
  core_latch latch;
  idle_state idle = s.start_looking(0, search_level::nested);
  fail_rounds(s, idle, latch, ws::detail::sleep::k_rounds_until_sleeping);
  std::size_t sleeping_at_last_look = 0;
  s.no_work_found(idle, latch, [&] {
    sleeping_at_last_look = s.counters().sleeping_threads();
    return true;
  });
  CHECK(sleeping_at_last_look == 1);  // it registered as a sleeper before looking
  CHECK(s.counters().sleeping_threads() == 0);
  CHECK(s.counters().inactive_threads() == 1);
  CHECK(s.stats().m_sleeps == 0);
  CHECK(idle.m_rounds == 0);
  CHECK(latch.state_for_testing() == core_latch::k_unset);
}

TEST_CASE("sleep: a worker whose latch is set does not block" * doctest::timeout(10)) {
  ws::detail::sleep s(1);
  core_latch latch;
  idle_state idle = s.start_looking(0, search_level::nested);
  fail_rounds(s, idle, latch, ws::detail::sleep::k_rounds_until_sleeping);
  CHECK(core_latch::set(&latch) != core_latch::k_sleeping);
  fail_rounds(s, idle, latch, 1);
  CHECK(latch.probe());
  CHECK(s.counters().sleeping_threads() == 0);
  CHECK(s.stats().m_sleeps == 0);
}

TEST_CASE("sleep: one job on an empty queue with no awake idle thread wakes exactly one sleeper" *
          doctest::timeout(30)) {
  CHECK(woken_by(3, 0, [](ws::detail::sleep& s) { s.new_internal_jobs(1, true); }) == 1);
  CHECK(woken_by(3, 0, [](ws::detail::sleep& s) { s.new_injected_jobs(1, true); }) == 1);
}

TEST_CASE("sleep: n jobs on an empty queue wake n minus the awake idle threads, capped by the sleepers" *
          doctest::timeout(30)) {
  CHECK(woken_by(3, 2, [](ws::detail::sleep& s) { s.new_internal_jobs(2, true); }) == 0);
  CHECK(woken_by(3, 2, [](ws::detail::sleep& s) { s.new_internal_jobs(4, true); }) == 2);
  CHECK(woken_by(2, 1, [](ws::detail::sleep& s) { s.new_injected_jobs(9, true); }) == 2);
}

TEST_CASE("sleep: n jobs on a non-empty queue wake min(n, sleepers) even with awake idle threads" *
          doctest::timeout(30)) {
  CHECK(woken_by(3, 2, [](ws::detail::sleep& s) { s.new_internal_jobs(2, false); }) == 2);
  CHECK(woken_by(3, 2, [](ws::detail::sleep& s) { s.new_injected_jobs(5, false); }) == 3);
}

TEST_CASE("sleep: a new call wakes only threads asleep at the top of their loop, however many sleep in a wait" *
          doctest::timeout(30)) {
  const auto new_call = [](ws::detail::sleep& s) { s.new_injected_calls(1, true); };
  CHECK(woken_by(3, 0, new_call, 1) == 1);  // the scan meets the two asleep in a wait first
  CHECK(woken_by(3, 0, new_call, 0) == 0);
  CHECK(woken_by(3, 0, [](ws::detail::sleep& s) { s.new_injected_calls(4, false); }, 2) == 2);
}

TEST_CASE("sleep: a new call counts as searching only the awake idle threads at the top of their loop" *
          doctest::timeout(30)) {
  const auto new_call = [](ws::detail::sleep& s) { s.new_injected_calls(1, true); };
  CHECK(woken_by(2, 2, new_call, 2, 0) == 1);  // the two searching in a wait cannot take it
  CHECK(woken_by(2, 2, new_call, 2, 1) == 0);
  // A part of a running call may be taken in a wait: searching threads count.
  CHECK(woken_by(2, 2, [](ws::detail::sleep& s) { s.new_injected_jobs(1, true); }, 2, 0) == 0);
}

TEST_CASE("sleep: a ready fiber wakes a thread asleep at the top of its loop, not one asleep in a wait" *
          doctest::timeout(30)) {
  CHECK(woken_by(3, 0, [](ws::detail::sleep& s) { s.new_ready_fiber(); }, 1) == 1);
  CHECK(woken_by(3, 0, [](ws::detail::sleep& s) { s.new_ready_fiber(); }, 0) == 0);
}

TEST_CASE("sleep: work_found wakes min(sleepers, 2)" * doctest::timeout(30)) {
  const auto found = [](ws::detail::sleep& s) { s.work_found(idle_state{}); };
  CHECK(woken_by(3, 1, found) == 2);
  CHECK(woken_by(1, 1, found) == 1);
}

TEST_CASE("sleep: notify_worker_latch_is_set wakes exactly the worker named" *
          doctest::timeout(30)) {
  constexpr std::size_t k = 3;
  ws::detail::sleep s(k);
  sleepers threads(s, k);
  REQUIRE(threads.all_asleep());
  const std::uint64_t before = wake_ups(s);
  threads.release(k - 1);  // not worker 0, which a scan from index 0 would pick
  CHECK(wake_ups(s) - before == 1);
  CHECK(s.counters().sleeping_threads() == k - 1);
  CHECK(ws_test::eventually([&] { return threads.has_exited(k - 1); }, k_patience));
  CHECK(threads.exited() == 1);
  s.notify_worker_latch_is_set(k - 1);  // no longer blocked: nothing to wake
  CHECK(wake_ups(s) - before == 1);
  check_invariants(s.counters(), s.num_threads());
}
