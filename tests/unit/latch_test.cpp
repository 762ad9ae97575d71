// SPDX-License-Identifier: MIT
// core_latch's four-state machine, lock_latch between two threads, and
// stack_job: result and exception delivery, the migrated flag, and the rule
// that the callable is destroyed before the latch is set (docs/latch.md).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "test_support.hpp"

namespace {

using ws::detail::core_latch;
using ws::detail::lock_latch;
using ws::detail::stack_job;
using namespace std::chrono_literals;

// Drives a fresh latch through the owner's steps until it is in `state`.
void reach(core_latch& latch, std::uintptr_t state) {
  if (state == core_latch::k_set) {
    core_latch::set(&latch);
    return;
  }
  if (state >= core_latch::k_sleepy) {
    REQUIRE(latch.get_sleepy());
  }
  if (state >= core_latch::k_sleeping) {
    REQUIRE(latch.fall_asleep());
  }
  REQUIRE(latch.state_for_testing() == state);
}

// Runs a job on a new thread, as a thief would, and waits on its lock_latch.
template <class Job>
void execute_elsewhere(Job& job) {
  std::thread thief([ref = job.as_job_ref()] { ref.execute(); });
  job.latch().wait();
  thief.join();
}

// A latch that records, when it is set, how many callables were alive.
struct recording_latch {
  const std::atomic<int>* m_alive = nullptr;
  int m_alive_at_set = -1;
  static void set(recording_latch* latch) noexcept { latch->m_alive_at_set = latch->m_alive->load(); }
};

// A callable that counts its live instances, moved-from ones included: a
// moved-from callable may still own captures (a type without a move
// constructor is copied), so it too must die before the latch is set.
struct tracked_callable {
  std::atomic<int>* m_alive;
  explicit tracked_callable(std::atomic<int>* alive) : m_alive(alive) { m_alive->fetch_add(1); }
  tracked_callable(const tracked_callable& other) : m_alive(other.m_alive) { m_alive->fetch_add(1); }
  tracked_callable& operator=(const tracked_callable&) = delete;
  ~tracked_callable() { m_alive->fetch_sub(1); }
  int operator()(bool) const { return 5; }
};

}  // namespace

TEST_CASE("core_latch: the owner walks UNSET, SLEEPY, SLEEPING and back to UNSET" *
          doctest::timeout(10)) {
  core_latch latch;
  CHECK(latch.state_for_testing() == core_latch::k_unset);
  CHECK_FALSE(latch.fall_asleep());  // not from UNSET
  CHECK(latch.get_sleepy());
  CHECK_FALSE(latch.get_sleepy());   // not from SLEEPY
  CHECK(latch.state_for_testing() == core_latch::k_sleepy);
  CHECK(latch.fall_asleep());
  CHECK(latch.state_for_testing() == core_latch::k_sleeping);
  latch.wake_up();
  CHECK(latch.state_for_testing() == core_latch::k_unset);
  CHECK_FALSE(latch.probe());
}

TEST_CASE("core_latch: set returns the state it replaced, so a wake-up is owed only to a SLEEPING owner" *
          doctest::timeout(10)) {
  for (const std::uintptr_t state :
       {core_latch::k_unset, core_latch::k_sleepy, core_latch::k_sleeping, core_latch::k_set}) {
    CAPTURE(state);
    core_latch latch;
    reach(latch, state);
    const std::uintptr_t replaced = core_latch::set(&latch);
    CHECK(replaced == state);
    CHECK(core_latch::parked_fiber(replaced) == nullptr);
    CHECK(latch.probe());
  }
}

TEST_CASE("core_latch: set hands back the fiber parked on it, and a set latch cannot be parked on" *
          doctest::timeout(10)) {
  // Only the address matters: the latch never touches the fiber.
  alignas(16) unsigned char storage[16];
  auto* const fiber = reinterpret_cast<ws::detail::fiber_context*>(storage);
  core_latch latch;
  REQUIRE(latch.park(fiber));
  CHECK_FALSE(latch.probe());
  CHECK_FALSE(latch.get_sleepy());  // PARKED excludes SLEEPY
  CHECK(core_latch::parked_fiber(core_latch::set(&latch)) == fiber);
  CHECK(latch.probe());
  core_latch set_first;
  core_latch::set(&set_first);
  CHECK_FALSE(set_first.park(fiber));
}

TEST_CASE("core_latch: SET is terminal and wake_up never unsets it" * doctest::timeout(10)) {
  core_latch latch;
  reach(latch, core_latch::k_sleeping);
  CHECK(core_latch::set(&latch) == core_latch::k_sleeping);
  latch.wake_up();
  CHECK(latch.state_for_testing() == core_latch::k_set);
  CHECK_FALSE(latch.get_sleepy());
  CHECK_FALSE(latch.fall_asleep());
  latch.wake_up();
  CHECK(latch.probe());
  CHECK(latch.state_for_testing() == core_latch::k_set);
}

TEST_CASE("core_latch: racing a set, either the owner sees SET or the setter sees SLEEPING" *
          doctest::timeout(30)) {
  constexpr std::size_t k_latches = 20'000;
  const auto latches = std::make_unique<core_latch[]>(k_latches);
  std::vector<char> owner_slept(k_latches, 0);
  std::vector<char> setter_woke(k_latches, 0);
  ws_test::run_on_threads(2, [&](std::size_t thread) {
    for (std::size_t i = 0; i < k_latches; ++i) {
      core_latch& latch = latches[i];
      if (thread == 0) {
        owner_slept[i] = latch.get_sleepy() && latch.fall_asleep() ? 1 : 0;
      } else {
        setter_woke[i] = core_latch::set(&latch) == core_latch::k_sleeping ? 1 : 0;
      }
    }
  });
  std::size_t lost_or_spurious = 0;
  for (std::size_t i = 0; i < k_latches; ++i) {
    lost_or_spurious += owner_slept[i] == setter_woke[i] ? 0 : 1;
  }
  CHECK(lost_or_spurious == 0);
}

TEST_CASE("lock_latch: a set from another thread releases wait and publishes the setter's writes" *
          doctest::timeout(10)) {
  lock_latch latch;
  int payload = 0;
  std::atomic<bool> was_set{false};
  std::thread setter([&] {
    std::this_thread::sleep_for(30ms);
    payload = 11;
    was_set.store(true);
    lock_latch::set(&latch);
  });
  latch.wait();
  CHECK(was_set.load());
  CHECK(payload == 11);
  setter.join();
}

TEST_CASE("lock_latch: a set before wait makes wait return at once, and the latch is reusable" *
          doctest::timeout(10)) {
  lock_latch latch;
  for (int round = 0; round < 100; ++round) {
    CHECK_FALSE(latch.probe());
    std::thread setter([&] { lock_latch::set(&latch); });
    setter.join();
    CHECK(latch.probe());
    const auto start = std::chrono::steady_clock::now();
    latch.wait();
    CHECK(std::chrono::steady_clock::now() - start < 1s);
  }
  CHECK_FALSE(latch.probe());
}

TEST_CASE("stack_job: a job executed by another thread delivers its result and migrated=true" *
          doctest::timeout(10)) {
  bool seen_migrated = false;
  stack_job<lock_latch, std::function<std::unique_ptr<int>(bool)>> job(
      [&](bool migrated) {
        seen_migrated = migrated;
        return std::make_unique<int>(17);
      });
  execute_elsewhere(job);
  CHECK(seen_migrated);
  const auto result = job.into_result();
  REQUIRE(result != nullptr);
  CHECK(*result == 17);
}

TEST_CASE("stack_job: an exception of the callable is captured and rethrown by into_result" *
          doctest::timeout(10)) {
  auto job_fn = [](bool) -> int { throw std::runtime_error("job failed"); };
  stack_job<lock_latch, decltype(job_fn)> job(job_fn);
  execute_elsewhere(job);
  CHECK_THROWS_WITH_AS(job.into_result(), "job failed", std::runtime_error);
}

TEST_CASE("stack_job: run_inline passes the migrated flag through and lets exceptions out" *
          doctest::timeout(10)) {
  for (const bool migrated : {false, true}) {
    CAPTURE(migrated);
    auto job_fn = [](bool m) { return m ? 1 : 2; };
    stack_job<lock_latch, decltype(job_fn)> job(job_fn);
    CHECK(job.run_inline(migrated) == (migrated ? 1 : 2));
  }
  int target = 0;
  auto ref_fn = [&](bool) -> int& { return target; };
  stack_job<lock_latch, decltype(ref_fn)> by_ref(ref_fn);
  by_ref.run_inline(false).get() = 9;  // an lvalue result is kept as a reference
  CHECK(target == 9);
  auto throwing_fn = [](bool) -> ws::unit { throw std::logic_error("inline failed"); };
  stack_job<lock_latch, decltype(throwing_fn)> throwing(throwing_fn);
  CHECK_THROWS_AS(throwing.run_inline(false), std::logic_error);
}

TEST_CASE("stack_job: the callable is destroyed before the latch is set" * doctest::timeout(10)) {
  std::atomic<int> alive{0};
  {
    stack_job<recording_latch, tracked_callable> job(tracked_callable(&alive),
                                                     recording_latch{&alive});
    CHECK(alive.load() == 1);
    job.as_job_ref().execute();
    CHECK(job.latch().m_alive_at_set == 0);
    CHECK(job.into_result() == 5);
  }
  CHECK(alive.load() == 0);  // nothing destroyed twice
}
