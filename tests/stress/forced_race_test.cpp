// SPDX-License-Identifier: MIT
// Forced races: a test hook (detail/test_hook.hpp) stops one thread at a named
// point of the sleep protocol, of a latch's set or of a seat's leave, another
// thread acts, then the first is released. Each scenario is the interleaving a
// protocol step exists for (docs/sleep.md, docs/latch.md, docs/seat.md), made
// to happen on every trial
// instead of once in a while. A lost wake-up shows as a job that never runs:
// the test then prints the trial and the point and aborts, since the pool
// cannot be shut down around a thread that sleeps forever.
#include "test_support.hpp"

#include <pstl_ws/detail/test_hook.hpp>

#include <array>
#include <cstdio>
#include <memory>
#include <optional>

namespace {

using ws::detail::hook_point;

constexpr std::uintptr_t k_any_value = ~std::uintptr_t{0};
constexpr int k_disarmed = -1;

/// The one stop the hook makes: the first thread that reaches the armed point
/// with the armed value stops there until released. Static, because a hook is
/// a plain function.
struct gate {
  std::atomic<int> m_armed{k_disarmed};
  std::atomic<std::uintptr_t> m_value{k_any_value};
  std::atomic<bool> m_stopped{false};
  std::atomic<bool> m_released{false};
  // Who releases a stopped thread: the thread that posts next (its jobs_posted
  // point), or any thread that sets a latch (latch_set), or the test itself.
  std::atomic<std::thread::id> m_poster{};
  std::atomic<bool> m_release_on_latch_set{false};
  // How many threads have left the latch_set point, stopped there or not.
  std::atomic<std::size_t> m_latch_sets_passed{0};
  // How many jobs have been injected (the job_injected point).
  std::atomic<std::size_t> m_injected{0};
};
gate g_gate;

void release_stopped_thread() noexcept { g_gate.m_released.store(true); }

/// From the test's own thread: releases the stopped thread and waits until it
/// has taken the release, so that the next arm() cannot wipe it out.
void let_stopped_thread_go() {
  release_stopped_thread();
  while (g_gate.m_released.load()) {
    std::this_thread::yield();
  }
}

void gate_hook(hook_point point, std::uintptr_t value) noexcept {
  if ((point == hook_point::jobs_posted && std::this_thread::get_id() == g_gate.m_poster.load()) ||
      (point == hook_point::latch_set && g_gate.m_release_on_latch_set.load())) {
    release_stopped_thread();
  }
  int armed = static_cast<int>(point);
  const std::uintptr_t wanted = g_gate.m_value.load();
  if ((wanted == k_any_value || wanted == value) && g_gate.m_armed.load() == armed &&
      g_gate.m_armed.compare_exchange_strong(armed, k_disarmed)) {
    g_gate.m_stopped.store(true);
    while (!g_gate.m_released.exchange(false)) {
      std::this_thread::yield();
    }
  }
  if (point == hook_point::latch_set) {
    g_gate.m_latch_sets_passed.fetch_add(1);
  }
  if (point == hook_point::job_injected) {
    g_gate.m_injected.fetch_add(1);
  }
}

/// Installs gate_hook for one test case and puts the previous hook back.
class gate_installed {
 public:
  gate_installed() : m_previous(ws::detail::set_test_hook(&gate_hook)) {
    g_gate.m_armed.store(k_disarmed);
    g_gate.m_stopped.store(false);
    g_gate.m_released.store(false);
    g_gate.m_poster.store(std::thread::id{});
    g_gate.m_release_on_latch_set.store(false);
    g_gate.m_latch_sets_passed.store(0);
    g_gate.m_injected.store(0);
  }
  ~gate_installed() { ws::detail::set_test_hook(m_previous); }
  gate_installed(const gate_installed&) = delete;
  gate_installed& operator=(const gate_installed&) = delete;

 private:
  ws::detail::test_hook_fn m_previous;
};

/// Arms the stop; a release from before (a post while nobody was stopped)
/// must not let the coming stop pass.
void arm(hook_point point, std::uintptr_t value) {
  g_gate.m_released.store(false);
  g_gate.m_value.store(value);
  g_gate.m_armed.store(static_cast<int>(point));
}

const char* point_name(hook_point point) {
  static constexpr std::array<const char*, ws::detail::k_hook_points> k_names{
      "job_injected",     "leaving_seat",      "jobs_posted",  "before_steal", "announced_sleepy",
      "before_jec_check", "before_final_look", "before_block", "latch_set"};
  return k_names[static_cast<unsigned>(point)];
}

/// Waits (yielding) until done() holds; after 10 s, a thread is stuck for good:
/// report and abort.
template <class Done>
void await_or_abort(Done done, const char* what, std::size_t trial, hook_point point) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) {
      std::fprintf(stderr, "forced race, trial %zu, point %s: %s after 10 s\n", trial,
                   point_name(point), what);
      std::abort();
    }
    std::this_thread::yield();
  }
}

/// After the other side acted: whether a thread took the armed stop (it is
/// then stopped, or about to be, and must be released); else disarms, so that
/// no thread stops later.
bool stop_was_taken(std::size_t trial, hook_point point) {
  int armed = g_gate.m_armed.load();
  if (armed != k_disarmed && g_gate.m_armed.compare_exchange_strong(armed, k_disarmed)) {
    return false;
  }
  await_or_abort([] { return g_gate.m_stopped.load(); }, "the stop never completed", trial, point);
  g_gate.m_stopped.store(false);
  return true;
}

/// Waits until `count` latch sets have left the latch_set point. A setter
/// that had not reached it when its trial ended (the owner saw SET first)
/// would otherwise take the next trial's stop, and that trial would wait for
/// a thread that is stopped.
void await_latch_sets_passed(std::size_t count, std::size_t trial) {
  await_or_abort([count] { return g_gate.m_latch_sets_passed.load() >= count; },
                 "a setter never left the latch_set point", trial, hook_point::latch_set);
}

/// Most trials of a race that depends on the caller not sleeping yet force
/// it; a test that never does proves nothing.
void check_forced(std::size_t forced, std::size_t trials) {
  CHECK(forced > trials / 4);
  MESSAGE("forced " << forced << " of " << trials);
}

/// The sleep points, in the order a falling-asleep thread passes them.
constexpr std::array<hook_point, 4> k_sleep_points{hook_point::announced_sleepy,
                                                   hook_point::before_jec_check,
                                                   hook_point::before_final_look,
                                                   hook_point::before_block};

// Trial counts: 2.5 x 10^4 posts per wait policy and build (ctest runs both
// policies, CI the Debug and ASan builds: 10^5 per CI run, plus TSan's), a
// tenth under ThreadSanitizer, which runs the protocol ~10x slower. A trial
// whose worker really blocks costs a futex wake-up (~0.8 ms on 2 vCPUs).
constexpr std::size_t k_scale = PSTL_WS_TSAN ? 10 : 1;
constexpr std::size_t k_post_trials = 25'000 / k_scale;
constexpr std::size_t k_sleeping_owner_trials = 10'000 / k_scale;
constexpr std::size_t k_returning_owner_trials = 20'000 / k_scale;
constexpr std::size_t k_cross_pool_trials = 1'000 / k_scale;
constexpr std::size_t k_nested_searcher_trials = 2'000 / k_scale;
constexpr std::size_t k_late_request_trials = 500 / k_scale;

}  // namespace

TEST_CASE("a job posted from outside while the only worker falls asleep always runs" *
          doctest::timeout(300)) {
  ws::thread_pool pool(ws_test::pool_options(1));
  const gate_installed installed;
  g_gate.m_poster.store(std::this_thread::get_id());
  auto point_of = [](std::size_t trial) { return k_sleep_points[trial % k_sleep_points.size()]; };
  std::atomic<std::size_t> ran{0};
  std::atomic<bool> spawn_returned{false};
  // Each job arms the next trial's stop before it ends, so that the worker,
  // going idle after it, is sure to meet the stop (armed from here, it could
  // already be asleep). It waits for its spawn to return first: a stop at
  // before_block holds the worker's mutex, which that spawn's wake-up takes.
  auto post = [&](std::size_t next_trial) {
    spawn_returned.store(false);
    pool.spawn([&ran, &spawn_returned, &point_of, next_trial] {
      while (!spawn_returned.load()) {
        std::this_thread::yield();
      }
      if (next_trial < k_post_trials) {
        arm(point_of(next_trial), 0);  // the pool's worker 0
      }
      ran.fetch_add(1);
    });
    spawn_returned.store(true);
  };
  post(0);
  for (std::size_t trial = 0; trial < k_post_trials; ++trial) {
    const hook_point point = point_of(trial);
    await_or_abort([] { return g_gate.m_stopped.load(); }, "the worker never got there", trial, point);
    g_gate.m_stopped.store(false);
    // The post's jobs_posted point releases the worker: it goes on between the
    // poster's counter update and the poster's wake-up.
    post(trial + 1);
    await_or_abort([&] { return ran.load() == trial + 2; }, "lost wake-up: the job never ran", trial,
                   point);
  }
  CHECK(ran.load() == k_post_trials + 1);
}

TEST_CASE("a new call posted while a thread inside a wait falls asleep wakes the worker asleep at the top" *
          doctest::timeout(300)) {
  // The caller waits in the seat for a call into another pool: it searches
  // from a wait and may not start the new call, so the poster must not count
  // it as a searching thread, and must wake the worker (docs/scheduling.md#waking).
  ws::thread_pool pool(ws_test::pool_options(2));  // one worker, and the seat
  ws::thread_pool other(ws_test::pool_options(1));
  const gate_installed installed;
  g_gate.m_poster.store(std::this_thread::get_id());
  const std::size_t seat = pool.num_worker_threads();  // the first seat, the caller's
  std::atomic<std::size_t> ran{0};
  for (std::size_t trial = 0; trial < k_nested_searcher_trials; ++trial) {
    const hook_point point = k_sleep_points[trial % k_sleep_points.size()];
    await_or_abort([&] { return pool.stats().sleeping_threads == 1; }, "the worker never slept", trial, point);
    arm(point, seat);
    std::atomic<bool> release_other{false};
    std::thread caller([&] {
      pool.install([&] {
        other.install([&] {
          while (!release_other.load()) {
            std::this_thread::yield();
          }
        });
      });
    });
    await_or_abort([] { return g_gate.m_stopped.load(); }, "the caller never got there", trial, point);
    g_gate.m_stopped.store(false);
    // The post's jobs_posted point releases the caller, between the poster's
    // JEC update and its reading of who may take the call.
    pool.spawn([&ran] { ran.fetch_add(1); });
    await_or_abort([&] { return ran.load() == trial + 1; }, "lost wake-up: the new call never ran", trial,
                   point);
    release_other.store(true);
    caller.join();
  }
  CHECK(ran.load() == k_nested_searcher_trials);
}

TEST_CASE("a latch set while its owner falls asleep wakes the owner" * doctest::timeout(300)) {
  ws::thread_pool pool(ws_test::pool_options(2));  // one worker, and the seat
  const gate_installed installed;
  g_gate.m_release_on_latch_set.store(true);
  const std::size_t seat = pool.num_worker_threads();  // the caller waits in the first seat
  for (std::size_t trial = 0; trial < k_sleeping_owner_trials; ++trial) {
    const hook_point point = k_sleep_points[trial % k_sleep_points.size()];
    arm(point, seat);
    const auto [a, b] = pool.install([&] {
      std::atomic<bool> b_started{false};
      // b, stolen by the worker, finishes only once the caller, waiting for
      // it, stopped at `point`; its latch_set point releases the caller.
      return ws::join(
          [&] {
            await_or_abort([&] { return b_started.load(); }, "b was never stolen", trial, point);
            return 1;
          },
          [&] {
            b_started.store(true);
            await_or_abort([] { return g_gate.m_stopped.load(); }, "the caller never got there", trial,
                           point);
            g_gate.m_stopped.store(false);
            return 2;
          });
    });
    REQUIRE(a + b == 3);
  }
}

TEST_CASE("a setter stopped between its exchange and the wake-up touches no returned frame" *
          doctest::timeout(300)) {
  ws::thread_pool pool(ws_test::pool_options(2));
  const gate_installed installed;
  std::size_t forced = 0;
  for (std::size_t trial = 0; trial < k_returning_owner_trials; ++trial) {
    // Stop the worker that sets the caller's latch while the caller still
    // spins (UNSET replaced): the caller sees SET and returns, the join's
    // frame is gone (under ASan with detect_stack_use_after_return, poisoned),
    // and only then does the setter go on.
    arm(hook_point::latch_set, ws::detail::core_latch::k_unset);
    pool.install([trial] {
      std::atomic<bool> b_started{false};
      ws::join(
          [&] {
            await_or_abort([&] { return b_started.load(); }, "b was never stolen", trial,
                           hook_point::latch_set);
          },
          [&] { b_started.store(true); });
    });
    // Not taken: the caller had begun to sleep, which is not this race.
    if (stop_was_taken(trial, hook_point::latch_set)) {
      ++forced;
      let_stopped_thread_go();
    }
    await_latch_sets_passed(trial + 1, trial);  // b's set is the trial's only one
  }
  check_forced(forced, k_returning_owner_trials);
}

TEST_CASE("a cross-pool setter stopped after its exchange touches no destroyed pool" *
          doctest::timeout(300)) {
  ws::thread_pool other(ws_test::pool_options(1));
  const gate_installed installed;
  std::size_t forced = 0;
  for (std::size_t trial = 0; trial < k_cross_pool_trials; ++trial) {
    auto waiting = std::make_unique<ws::thread_pool>(ws_test::pool_options(2));
    // The caller, in `waiting`'s seat, installs into `other`; other's worker
    // stops after setting the cross-pool latch, the caller returns, and
    // `waiting` is destroyed before that worker goes on. (The keep-alive's own
    // race, an owner that was SLEEPING and left through its final look, is
    // verify/latch.pml's CROSS configuration.)
    arm(hook_point::latch_set, ws::detail::core_latch::k_unset);
    const int result = waiting->install([&] { return other.install([] { return 7; }); });
    REQUIRE(result == 7);
    const bool stopped = stop_was_taken(trial, hook_point::latch_set);
    waiting.reset();
    if (stopped) {
      ++forced;
      let_stopped_thread_go();
    }
    await_latch_sets_passed(trial + 1, trial);  // the cross-pool latch's set is the trial's only one
  }
  check_forced(forced, k_cross_pool_trials);
}

TEST_CASE("a caller that queues its call while the seat's occupant leaves is handed the seat, not left to a busy worker" *
          doctest::timeout(300)) {
  // One worker and one seat. The worker runs a spawned job that holds it
  // until the trial's call has returned (or 2 s have passed): a call left in
  // the queue for the worker cannot return before that. The occupant stops
  // in leave_seat after its look for a request, before it frees the seat;
  // the caller, finding the seat taken, queues its call with a seat request;
  // then the occupant goes on. Freeing the seat without a second look would
  // leave the seat free and the call waiting (docs/seat.md#hand-over).
  ws::pool_options options = ws_test::pool_options(1);
  options.seats = 1;
  ws::thread_pool pool(options);
  const gate_installed installed;
  const std::size_t seat = pool.num_worker_threads();
  for (std::size_t trial = 0; trial < k_late_request_trials; ++trial) {
    CAPTURE(trial);
    std::atomic<bool> call_returned{false};
    std::atomic<bool> worker_held{false};
    std::atomic<bool> worker_free{false};
    pool.spawn([&] {
      worker_held.store(true);
      ws_test::eventually([&] { return call_returned.load(); }, std::chrono::seconds(2));
      worker_free.store(true);
    });
    await_or_abort([&] { return worker_held.load(); }, "the worker never ran the holding job", trial,
                   hook_point::leaving_seat);
    arm(hook_point::leaving_seat, seat);
    std::thread occupant([&] { pool.install([] {}); });
    await_or_abort([] { return g_gate.m_stopped.load(); }, "the occupant never got there", trial,
                   hook_point::leaving_seat);
    g_gate.m_stopped.store(false);
    const std::size_t injected = g_gate.m_injected.load();
    std::thread::id ran_on;
    std::thread caller([&] {
      pool.install([&] { ran_on = std::this_thread::get_id(); });
      call_returned.store(true);
    });
    const std::thread::id caller_id = caller.get_id();
    await_or_abort([&] { return g_gate.m_injected.load() > injected; }, "the caller never queued its call", trial,
                   hook_point::leaving_seat);
    let_stopped_thread_go();
    occupant.join();
    caller.join();
    await_or_abort([&] { return worker_free.load(); }, "the holding job never ended", trial,
                   hook_point::leaving_seat);
    REQUIRE(ran_on == caller_id);  // in the seat, not on the worker after its job
  }
}
