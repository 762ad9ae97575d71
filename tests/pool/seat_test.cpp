// SPDX-License-Identifier: MIT
// The seat: a call from outside every pool runs on its caller, which the
// workers help; a second caller is handed to the workers, or handed the seat
// when it frees first. docs/seat.md.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <vector>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "pstl_ws/join.hpp"
#include "pstl_ws/scope.hpp"
#include "pstl_ws/thread_pool.hpp"
#include "test_support.hpp"

namespace {

/// The ids of the threads that ran the leaves of a binary join tree of
/// 2^depth leaves, each of which spins for a few microseconds so that idle
/// workers have time to steal.
std::set<std::thread::id> threads_running_a_join_tree(unsigned depth) {
  std::mutex mutex;
  std::set<std::thread::id> ids;
  auto tree = [&](auto& self, unsigned level) -> void {
    if (level == 0) {
      ws_test::spin_for(std::chrono::microseconds(20));
      const std::lock_guard lock(mutex);
      ids.insert(std::this_thread::get_id());
      return;
    }
    ws::join([&] { self(self, level - 1); }, [&] { self(self, level - 1); });
  };
  tree(tree, depth);
  return ids;
}

/// Holds the pool's seat from another thread until release() is called.
class seat_occupant {
 public:
  explicit seat_occupant(ws::thread_pool& pool)
      : m_thread([this, &pool] {
          pool.install([this] {
            m_seated.store(true);
            while (!m_released.load()) {
              std::this_thread::yield();
            }
          });
        }) {
    while (!m_seated.load()) {
      std::this_thread::yield();
    }
  }
  ~seat_occupant() {
    m_released.store(true);
    m_thread.join();
  }
  seat_occupant(const seat_occupant&) = delete;
  seat_occupant& operator=(const seat_occupant&) = delete;

 private:
  std::atomic<bool> m_seated{false};
  std::atomic<bool> m_released{false};
  std::thread m_thread;
};

}  // namespace

TEST_CASE("a pool of n threads starts n - 1 workers, and one when n is 1" * doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.num_threads() == threads);
    CHECK(pool.num_worker_threads() == (threads == 1 ? 1 : threads - 1));
  }
}

TEST_CASE("a call from outside runs on the calling thread, in the last index" * doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const auto caller = std::this_thread::get_id();
    const auto [id, index] = pool.install([&] { return std::pair(std::this_thread::get_id(), pool.current_thread_index()); });
    CHECK(id == caller);
    REQUIRE(index.has_value());
    CHECK(*index == threads - 1);
    CHECK_FALSE(pool.current_thread_index().has_value());  // the seat is left after the call
  }
}

TEST_CASE("the workers help a seated caller, except in a one-thread pool" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const auto ids = pool.install([] { return threads_running_a_join_tree(10); });
    CHECK(ids.count(std::this_thread::get_id()) == 1);
    if (threads == 1) {
      CHECK(ids.size() == 1);
      CHECK(pool.stats().steals == 0);
    } else {
      CHECK(ids.size() > 1);  // 1024 leaves of 20 us: idle workers steal some
    }
  }
}

TEST_CASE("a caller that finds the seat taken is run by a worker, and both calls are right" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const seat_occupant occupant(pool);
    const auto caller = std::this_thread::get_id();
    const auto [id, result] = pool.install([] { return std::pair(std::this_thread::get_id(), ws_test::fib_by_join(20)); });
    CHECK(id != caller);
    CHECK(result == 6765);
  }
}

TEST_CASE("a job spawned from the seat runs even after the call returned, on a one-thread pool too" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<bool> ran{false};
    pool.install([&] { pool.spawn([&] { ran.store(true); }); });
    // Nothing else calls into the pool: only a worker can run it now.
    CHECK(ws_test::eventually([&] { return ran.load(); }, std::chrono::seconds(10)));
  }
}

TEST_CASE("a scope entered from the seat waits for every spawned job" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<int> ran{0};
    pool.install([&] {
      ws::scope([&](ws::scope_handle& s) {
        for (int i = 0; i < 100; ++i) {
          s.spawn([&] { ran.fetch_add(1); });
        }
      });
      CHECK(ran.load() == 100);
    });
  }
}

TEST_CASE("the seat is free again after a call threw" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK_THROWS_AS(pool.install([] {
                      ws::join([] { throw std::runtime_error("a"); }, [] { return ws_test::fib_by_join(15); });
                    }),
                    std::runtime_error);
    std::thread::id ran_on;
    std::thread other([&] { ran_on = pool.install([] { return std::this_thread::get_id(); }); });
    const auto other_id = other.get_id();
    other.join();
    CHECK(ran_on == other_id);  // seated, so not handed to a worker
  }
}

TEST_CASE("callers that found the seat taken are handed it as it frees, and run their calls themselves" *
          doctest::timeout(120)) {
  constexpr std::size_t k_callers = 6;
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    std::atomic<std::size_t> blocked_workers{0};
    std::atomic<bool> release_workers{false};
    ws::thread_pool pool(ws_test::pool_options(threads));  // destroyed first: the blockers may still be leaving
    // Every worker busy, so that only the seat can run the callers' calls.
    for (std::size_t i = 0; i < pool.num_worker_threads(); ++i) {
      pool.spawn([&] {
        blocked_workers.fetch_add(1);
        while (!release_workers.load()) {
          std::this_thread::yield();
        }
      });
    }
    REQUIRE(ws_test::eventually([&] { return blocked_workers.load() == pool.num_worker_threads(); },
                                std::chrono::seconds(10)));
    std::atomic<std::size_t> on_own_thread{0};
    std::atomic<std::size_t> done{0};
    std::atomic<std::size_t> wrong{0};
    {
      std::optional<seat_occupant> occupant(std::in_place, pool);
      std::vector<std::thread> callers;
      for (std::size_t i = 0; i < k_callers; ++i) {
        callers.emplace_back([&] {
          const auto caller = std::this_thread::get_id();
          const auto result = pool.install([&] {
            on_own_thread.fetch_add(std::this_thread::get_id() == caller ? 1 : 0);
            return ws_test::fib_by_join(12);
          });
          wrong.fetch_add(result == 144 ? 0 : 1);
          done.fetch_add(1);
        });
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let them find the seat taken
      occupant.reset();  // the seat goes from caller to caller
      // Without the hand-over the calls would wait for the blocked workers.
      CHECK(ws_test::eventually([&] { return done.load() == k_callers; }, std::chrono::seconds(10)));
      release_workers.store(true);
      for (std::thread& caller : callers) {
        caller.join();
      }
    }
    CHECK(wrong.load() == 0);
    CHECK(on_own_thread.load() == k_callers);
    std::thread::id ran_on;
    std::thread other([&] { ran_on = pool.install([] { return std::this_thread::get_id(); }); });
    const auto other_id = other.get_id();
    other.join();
    CHECK(ran_on == other_id);  // the seat is free again
  }
}

TEST_CASE("a caller handed the seat whose call throws gets its exception, and the seat goes on" *
          doctest::timeout(120)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::atomic<std::size_t> caught{0};
    ws_test::run_on_threads(8, [&](std::size_t caller) {
      try {
        pool.install([caller] {
          ws_test::spin_for(std::chrono::milliseconds(1));
          throw std::runtime_error(std::to_string(caller));
        });
      } catch (const std::runtime_error& error) {
        caught.fetch_add(error.what() == std::to_string(caller) ? 1 : 0);
      }
    });
    CHECK(caught.load() == 8);
    CHECK(pool.install([] { return ws_test::fib_by_join(10); }) == 55);
  }
}
