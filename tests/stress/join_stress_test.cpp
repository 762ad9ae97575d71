// SPDX-License-Identifier: MIT
// Stress on join: a million joins (the JEC goes round many times), tiny joins
// whose frames die at once (run under ASan with detect_stack_use_after_return),
// and the lost-wake-up races of the sleep protocol.
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "test_support.hpp"

namespace {

// A balanced tree of joins with 2^depth leaves: 2^depth - 1 joins.
std::uint64_t count_leaves(unsigned depth) {
  if (depth == 0) {
    return 1;
  }
  auto [a, b] = ws::join([depth] { return count_leaves(depth - 1); },
                         [depth] { return count_leaves(depth - 1); });
  return a + b;
}

}  // namespace

TEST_CASE("two million joins on a two-thread pool all complete (rayon #797)" * doctest::timeout(300)) {
  // 2^21 - 1 joins per wait policy: with the tests below, over 5 x 10^6 joins
  // per ThreadSanitizer run of this file (docs/verification.md).
  ws::thread_pool pool(ws_test::pool_options(2));
  CHECK(pool.install([] { return count_leaves(21); }) == (std::uint64_t{1} << 21));
}

TEST_CASE("tiny joins whose frames return at once never touch a finished job" * doctest::timeout(300)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::uint64_t total = 0;
    for (int round = 0; round < 10000; ++round) {
      total += pool.install([] {
        auto [a, b] = ws::join([] { return std::uint64_t{1}; }, [] { return std::uint64_t{2}; });
        auto [c, d] = ws::join([] { return count_leaves(3); }, [] { return std::uint64_t{0}; });
        return a + b + c + d;
      });
    }
    CHECK(total == 10000 * 11);
  }
}

TEST_CASE("an owner asleep on its join latch is woken by the thief that sets it" * doctest::timeout(300)) {
  for (std::size_t threads : {std::size_t{2}, std::size_t{3}, std::size_t{4}, std::size_t{8}}) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    for (int round = 0; round < 300; ++round) {
      const std::uint64_t wake_ups_before = pool.stats().wake_ups;
      bool owner_slept = false;
      const int result = pool.install([&] {
        std::atomic<bool> b_started{false};
        auto [a, b] = ws::join(
            [&] {
              while (!b_started.load()) {  // make sure b is stolen, not popped back
                std::this_thread::yield();
              }
              return 1;
            },
            [&] {
              b_started.store(true);
              // Every worker but this thief, the owner included, falls asleep.
              owner_slept = ws_test::eventually(
                  [&] { return pool.stats().sleeping_threads == threads - 1; }, std::chrono::seconds(10));
              return 2;
            });
        return a + b;
      });
      REQUIRE(owner_slept);
      REQUIRE(result == 3);
      REQUIRE(pool.stats().wake_ups > wake_ups_before);
    }
  }
}

TEST_CASE("jobs injected after every worker fell asleep are always picked up" * doctest::timeout(300)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    for (int round = 0; round < 200; ++round) {
      REQUIRE(ws_test::eventually([&] { return pool.stats().sleeping_threads == pool.num_worker_threads(); },
                                  std::chrono::seconds(10)));
      const std::size_t callers = 1 + static_cast<std::size_t>(round) % 4;
      std::atomic<std::size_t> done{0};
      ws_test::run_on_threads(callers, [&](std::size_t) { pool.install([&] { done.fetch_add(1); }); });
      REQUIRE(done.load() == callers);
    }
  }
}
