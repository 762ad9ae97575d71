// SPDX-License-Identifier: MIT
// ws::scope: spawned jobs all finish before scope returns; exceptions.
#include <pstl_ws/scope.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "test_support.hpp"

namespace {

// Spawns a binary tree of jobs of the given depth; each node adds 1.
void spawn_tree(ws::scope_handle& s, std::atomic<int>& count, int depth) {
  count.fetch_add(1);
  if (depth > 0) {
    s.spawn([&count, depth](ws::scope_handle& inner) { spawn_tree(inner, count, depth - 1); });
    s.spawn([&count, depth](ws::scope_handle& inner) { spawn_tree(inner, count, depth - 1); });
  }
}

}  // namespace

TEST_CASE("scope returns only after every spawned job, nested spawns included, has run" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<int> count{0};
    pool.install([&] { ws::scope([&](ws::scope_handle& s) { spawn_tree(s, count, 10); }); });
    CHECK(count.load() == (1 << 11) - 1);
  }
}

TEST_CASE("scope spawns write disjoint slots whose sum matches the sequential sum" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::vector<long> slots(1000, 0);
    const long total = pool.install([&] {
      return ws::scope([&](ws::scope_handle& s) {
        for (std::size_t i = 0; i < slots.size(); ++i) {
          s.spawn([&slots, i] { slots[i] = static_cast<long>(i) * 3; });
        }
        return 42L;
      });
    });
    CHECK(total == 42);
    CHECK(std::accumulate(slots.begin(), slots.end(), 0L) == 3L * 999 * 1000 / 2);
  }
}

TEST_CASE("scope from a thread outside every pool runs on the global pool" * doctest::timeout(60)) {
  std::atomic<int> count{0};
  ws::scope([&](ws::scope_handle& s) {
    for (int i = 0; i < 100; ++i) {
      s.spawn([&count] { count.fetch_add(1); });
    }
  });
  CHECK(count.load() == 100);
}

TEST_CASE("scope rethrows a spawned job's exception after all jobs finished" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<int> finished{0};
    CHECK_THROWS_WITH_AS(pool.install([&] {
                           ws::scope([&](ws::scope_handle& s) {
                             for (int i = 0; i < 64; ++i) {
                               s.spawn([&finished, i] {
                                 finished.fetch_add(1);
                                 if (i % 8 == 3) {
                                   throw std::runtime_error("spawned");
                                 }
                               });
                             }
                           });
                         }),
                         "spawned", std::runtime_error);
    CHECK(finished.load() == 64);
    CHECK_THROWS_WITH_AS(pool.install([] { ws::scope([](ws::scope_handle&) { throw std::logic_error("body"); }); }),
                         "body", std::logic_error);
    CHECK(pool.install([] { return ws::scope([](ws::scope_handle&) { return 5; }); }) == 5);
  }
}
