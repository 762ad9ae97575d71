// SPDX-License-Identifier: MIT
// wait_policy::park: a join or scope whose stolen work is still running parks
// its frame instead of running other jobs on top of it, and goes on once that
// work is done, with its results, its exceptions and its exception state
// intact; the fibers it makes stay within the bound of docs/park.md#space.
#include <doctest/doctest.h>
#include <pstl_ws/join.hpp>
#include <pstl_ws/scope.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;

ws::thread_pool park_pool(std::size_t threads) {
  return ws::thread_pool(ws::pool_options{.num_threads = threads, .wait = ws::wait_policy::park});
}

// Pools with at least two workers, so that a worker's stolen half always has
// a thief.
constexpr std::size_t k_park_thread_counts[] = {3, 4, 8};

// Runs f() as a job on one of the pool's workers (never in the seat, whose
// waits never park) and returns its result.
template <class F>
auto on_a_worker(ws::thread_pool& pool, F f) {
  std::promise<decltype(f())> result;
  auto future = result.get_future();
  pool.spawn([&] {
    try {
      result.set_value(f());
    } catch (...) {
      result.set_exception(std::current_exception());
    }
  });
  return future.get();
}

// Waits until `flag` is up, yielding (not sleeping: it must return well within
// the slow half's time); throws after 5 s (doctest's REQUIRE must not be used
// on a worker).
void await(const std::atomic<bool>& flag) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("timed out waiting for a stolen half to start");
    }
    std::this_thread::yield();
  }
}

// Waits until the pool's park count is above `before`, yielding; throws after
// 5 s. A stolen half that waits so returns only after its joiner parked:
// the park no longer depends on the joiner's thread being scheduled in time.
void await_park(ws::thread_pool& pool, std::uint64_t before) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (pool.stats().parks <= before) {
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("timed out waiting for the joining frame to park");
    }
    std::this_thread::yield();
  }
}

// join(a, b) where a returns only once b runs on another thread, and b then
// outlasts a: the waiting frame has to wait for a stolen half. On a pool
// under park b returns once the frame has parked (await_park), under steal
// after 5 ms.
std::pair<int, int> join_with_stolen_slow_half(ws::thread_pool& pool, ws::wait_policy policy) {
  std::atomic<bool> b_started{false};
  const std::uint64_t parks_before = pool.stats().parks;
  return ws::join(
      [&] {
        await(b_started);
        return 1;
      },
      [&] {
        b_started.store(true);
        if (policy == ws::wait_policy::park) {
          await_park(pool, parks_before);
        } else {
          std::this_thread::sleep_for(5ms);
        }
        return 2;
      });
}

}  // namespace

TEST_CASE("with park, a join whose stolen half outlasts the first parks and returns both results" *
          doctest::timeout(60)) {
  for (const std::size_t threads : k_park_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool = park_pool(threads);
    for (int trial = 0; trial < 5; ++trial) {
      const auto [a, b] =
          on_a_worker(pool, [&pool] { return join_with_stolen_slow_half(pool, ws::wait_policy::park); });
      CHECK(a == 1);
      CHECK(b == 2);
    }
    CHECK(pool.stats().parks >= 5);
  }
}

TEST_CASE("with steal, the same join never parks" * doctest::timeout(60)) {
  ws::thread_pool pool(ws::pool_options{.num_threads = 3, .wait = ws::wait_policy::steal});
  on_a_worker(pool, [&pool] { return join_with_stolen_slow_half(pool, ws::wait_policy::steal); });
  CHECK(pool.stats().parks == 0);
  CHECK(pool.fibers_made() == 0);
}

TEST_CASE("with park, an exception from a stolen half reaches the parked frame after it resumes" *
          doctest::timeout(60)) {
  for (const std::size_t threads : k_park_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool = park_pool(threads);
    // b throws only once the joining frame has parked: every trial parks,
    // however late the joiner's thread gets to its wait.
    constexpr int k_trials = 5;
    for (int trial = 0; trial < k_trials; ++trial) {
      const std::string message = on_a_worker(pool, [&pool] {
        std::atomic<bool> b_started{false};
        const std::uint64_t parks_before = pool.stats().parks;
        try {
          ws::join([&] { await(b_started); },
                   [&] {
                     b_started.store(true);
                     await_park(pool, parks_before);
                     throw std::runtime_error("from b");
                   });
        } catch (const std::runtime_error& error) {
          return std::string(error.what());
        }
        return std::string("nothing thrown");
      });
      CHECK(message == "from b");
    }
    CHECK(pool.stats().parks >= k_trials);
    CHECK(on_a_worker(pool, [] { return ws_test::fib_by_join(15); }) == 610);  // still usable
  }
}

TEST_CASE("with park, a frame that parks inside a catch handler still sees and rethrows its exception" *
          doctest::timeout(60)) {
  for (const std::size_t threads : k_park_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool = park_pool(threads);
    for (int trial = 0; trial < 5; ++trial) {
      const std::string seen = on_a_worker(pool, [&pool] {
        try {
          try {
            throw std::logic_error("handled");
          } catch (const std::logic_error&) {
            // While this frame is parked its thread runs other frames, which
            // throw and catch their own exceptions.
            ws::join([&pool] { join_with_stolen_slow_half(pool, ws::wait_policy::park); },
                     [] {
                       for (int i = 0; i < 100; ++i) {
                         try {
                           throw i;
                         } catch (int) {
                         }
                       }
                     });
            if (std::current_exception() == nullptr || std::uncaught_exceptions() != 0) {
              return std::string("exception state lost");
            }
            throw;
          }
        } catch (const std::logic_error& error) {
          return std::string(error.what());
        }
        return std::string("lost");
      });
      CHECK(seen == "handled");
    }
    CHECK(pool.stats().parks >= 5);
  }
}

TEST_CASE("with park, a scope whose spawned job outlasts its body parks and returns after it" *
          doctest::timeout(60)) {
  for (const std::size_t threads : k_park_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool = park_pool(threads);
    const int total = on_a_worker(pool, [] {
      std::atomic<int> sum{0};
      std::atomic<bool> started{false};
      std::atomic<bool> body_done{false};
      ws::scope([&](ws::scope_handle& scope) {
        scope.spawn([&] {
          started.store(true);
          // The job outlasts the body by 50 ms: the body's thread reaches the
          // scope's wait in that time even when descheduled (5 ms from the
          // job's start was not always enough under ASan, 8 threads on 2 cores).
          await(body_done);
          std::this_thread::sleep_for(50ms);
          sum.fetch_add(2);
        });
        await(started);
        sum.fetch_add(1);
        body_done.store(true);
      });
      return sum.load();
    });
    CHECK(total == 3);
    CHECK(pool.stats().parks >= 1);
  }
}

TEST_CASE("with park, nested scopes make at most one fiber per waiting frame and worker" *
          doctest::timeout(120)) {
  // A tree of scopes `depth` deep, each spawning two children, leaves that
  // sleep (long enough for sleeping workers to wake and steal). The root
  // waits until its first child was stolen, and that child's subtree sleeps
  // twice as long as the second's, which the root runs: the root then has to
  // wait for it, whatever the timing. docs/park.md#space: at most (depth + 1)
  // fibers per worker are ever live at once, plus each worker's own scheduler
  // fiber.
  constexpr int depth = 6;
  for (const std::size_t threads : k_park_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool = park_pool(threads);
    std::atomic<int> leaves{0};
    std::atomic<bool> first_started{false};
    auto tree = [&](auto& self, int level, bool slow) -> void {
      if (level == depth) {
        std::this_thread::sleep_for(slow ? 2ms : 1ms);
        leaves.fetch_add(1);
        return;
      }
      ws::scope([&](ws::scope_handle& scope) {
        scope.spawn([&self, &first_started, level, slow] {
          if (level == 0) {
            first_started.store(true);
          }
          self(self, level + 1, level == 0 || slow);
        });
        scope.spawn([&self, level, slow] { self(self, level + 1, slow); });
        if (level == 0) {
          await(first_started);
        }
      });
    };
    on_a_worker(pool, [&] {
      tree(tree, 0, false);
      return 0;
    });
    CHECK(leaves.load() == 1 << depth);
    const std::size_t workers = pool.num_worker_threads();
    CHECK(pool.fibers_made() <= workers * (depth + 2));
    CHECK(pool.stats().parks >= 1);
  }
}

TEST_CASE("a fiber stack under 64 KiB is rejected with its value" * doctest::timeout(30)) {
  try {
    ws::thread_pool pool(ws::pool_options{.num_threads = 2, .wait = ws::wait_policy::park, .fiber_stack_size = 4096});
    FAIL("no exception");
  } catch (const std::invalid_argument& error) {
    CHECK(std::string(error.what()).find("4096") != std::string::npos);
  }
}
