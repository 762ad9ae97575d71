// SPDX-License-Identifier: MIT
// Many callers at once, and pools used from inside other pools.
#include <pstl_ws/join.hpp>
#include <pstl_ws/scope.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>

#include "test_support.hpp"

TEST_CASE("16 external threads calling join and scope on one pool at once all get their results" * doctest::timeout(120)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<int> wrong{0};
    ws_test::run_on_threads(16, [&](std::size_t caller) {
      for (int round = 0; round < 20; ++round) {
        if (pool.install([] { return ws_test::fib_by_join(14); }) != 377) {
          wrong.fetch_add(1);
        }
        std::atomic<std::size_t> spawned{0};
        pool.install([&] {
          ws::scope([&](ws::scope_handle& s) {
            for (std::size_t i = 0; i < caller + 1; ++i) {
              s.spawn([&spawned] { spawned.fetch_add(1); });
            }
          });
        });
        if (spawned.load() != caller + 1) {
          wrong.fetch_add(1);
        }
      }
    });
    CHECK(wrong.load() == 0);
  }
}

TEST_CASE("a pool installed from its own worker runs the function inline" * doctest::timeout(30)) {
  ws::thread_pool pool(ws_test::pool_options(1));
  const auto [outer, inner] = pool.install([&] {
    return std::pair(ws::current_thread_index(), pool.install([] { return ws::current_thread_index(); }));
  });
  REQUIRE(outer.has_value());
  CHECK(inner == outer);
}

TEST_CASE("mutual install across two one-thread pools finishes" * doctest::timeout(60)) {
  ws::thread_pool a(ws_test::pool_options(1));
  ws::thread_pool b(ws_test::pool_options(1));
  for (int round = 0; round < 100; ++round) {
    const auto result = a.install([&] { return b.install([&] { return a.install([] { return ws_test::fib_by_join(10); }); }); });
    REQUIRE(result == 55);
  }
}

TEST_CASE("callers from outside nesting calls across two one-thread pools finish, though every thread may be waiting" *
          doctest::timeout(120)) {
  // A call from another pool's worker is part of a running call: a thread
  // inside a wait must take it, or two pools whose threads all wait on each
  // other would wait forever (docs/scheduling.md#calls-from-other-pools).
  ws::thread_pool a(ws_test::pool_options(1));
  ws::thread_pool b(ws_test::pool_options(1));
  std::atomic<int> wrong{0};
  ws_test::run_on_threads(4, [&](std::size_t caller) {
    ws::thread_pool& first = caller % 2 == 0 ? a : b;
    ws::thread_pool& second = caller % 2 == 0 ? b : a;
    for (int round = 0; round < 50; ++round) {
      const auto result = first.install(
          [&] { return second.install([&] { return first.install([] { return ws_test::fib_by_join(8); }); }); });
      if (result != 21) {
        wrong.fetch_add(1);
      }
    }
  });
  CHECK(wrong.load() == 0);
}

TEST_CASE("a worker waiting on another pool keeps running its own pool's jobs" * doctest::timeout(60)) {
  // a's only worker waits inside b; the job that releases it must run on a,
  // so it can only run if that waiting worker serves its own pool meanwhile.
  ws::thread_pool a(ws_test::pool_options(1));
  ws::thread_pool b(ws_test::pool_options(1));
  for (int round = 0; round < 20; ++round) {
    std::atomic<bool> released{false};
    std::thread releaser([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));  // let a's worker fall asleep
      a.install([&] { released.store(true); });
    });
    a.install([&] {
      b.install([&] {
        while (!released.load()) {
          std::this_thread::yield();
        }
      });
    });
    releaser.join();
    CHECK(released.load());
  }
}

TEST_CASE("a seated caller asleep while waiting on another pool is woken when that pool finishes" * doctest::timeout(60)) {
  ws::thread_pool a(ws_test::pool_options(1));
  ws::thread_pool b(ws_test::pool_options(2));
  for (int round = 0; round < 50; ++round) {
    const std::uint64_t wake_ups_before = a.stats().wake_ups;
    bool a_slept = false;
    const auto result = a.install([&] {
      return b.install([&] {
        // The caller, in a's seat, waits for this job; let it and a's worker
        // fall asleep first.
        a_slept = ws_test::eventually([&] { return a.stats().sleeping_threads == a.num_worker_threads() + 1; },
                                      std::chrono::seconds(10));
        return ws_test::fib_by_join(12);
      });
    });
    REQUIRE(a_slept);
    REQUIRE(result == 144);
    CHECK(a.stats().wake_ups > wake_ups_before);  // woken by the latch, from b's worker
  }
}
