// SPDX-License-Identifier: MIT
// The seats: a call from outside every pool runs on its caller, which the
// workers help; callers at once each run their own call while seats are
// free; a caller that finds every seat taken is handed to the workers, or
// handed a seat when one frees first. docs/seat.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
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

/// The pools the hand-over cases run on: every thread count, with one seat
/// and with three.
std::vector<std::pair<std::size_t, std::size_t>> threads_and_seats() {
  std::vector<std::pair<std::size_t, std::size_t>> shapes;
  for (const std::size_t seats : {std::size_t{1}, std::size_t{3}}) {
    for (std::size_t threads : ws_test::k_thread_counts) {
      shapes.emplace_back(threads, seats);
    }
  }
  return shapes;
}

ws::pool_options pool_options(std::size_t threads, std::size_t seats) {
  ws::pool_options options = ws_test::pool_options(threads);
  options.seats = seats;
  return options;
}

}  // namespace

TEST_CASE("a pool of n threads starts n - 1 workers, and one when n is 1" * doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.num_threads() == threads);
    CHECK(pool.num_worker_threads() == (threads == 1 ? 1 : threads - 1));
  }
}

TEST_CASE("a pool has one seat per CPU unless told otherwise, and too many seats are named in the error" *
          doctest::timeout(30)) {
  const std::size_t cpus = ws::thread_pool(ws_test::pool_options(0)).num_threads();
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    CHECK(ws::thread_pool(ws_test::pool_options(threads)).num_seats() == cpus);
    const ws::thread_pool pool(pool_options(threads, 3));
    CHECK(pool.num_seats() == 3);
    CHECK(pool.num_thread_indices() == pool.num_worker_threads() + 3);
  }
  try {
    const ws::thread_pool pool(pool_options(4, 65535));
    FAIL("65535 seats beside 3 workers were accepted");
  } catch (const std::invalid_argument& error) {
    CHECK(std::string(error.what()).find("seats, not 65535") != std::string::npos);
  }
}

TEST_CASE("a call from outside runs on the calling thread, in the first index after the workers'" *
          doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const auto caller = std::this_thread::get_id();
    const auto [id, index] = pool.install([&] { return std::pair(std::this_thread::get_id(), pool.current_thread_index()); });
    CHECK(id == caller);
    REQUIRE(index.has_value());
    CHECK(*index == pool.num_worker_threads());
    CHECK(*index == (threads == 1 ? 1 : threads - 1));
    CHECK_FALSE(pool.current_thread_index().has_value());  // the seat is left after the call
  }
}

TEST_CASE("callers at once each run their own call on their own thread, in indices of their own, while seats last" *
          doctest::timeout(60)) {
  constexpr std::size_t k_callers = 4;
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(pool_options(threads, k_callers));
    std::atomic<std::size_t> inside{0};
    std::atomic<std::size_t> met{0};
    std::atomic<std::size_t> on_own_thread{0};
    std::atomic<std::size_t> right_results{0};
    std::vector<std::atomic<std::size_t>> index_used(pool.num_thread_indices());
    ws_test::run_on_threads(k_callers, [&](std::size_t) {
      const auto caller = std::this_thread::get_id();
      pool.install([&] {
        index_used.at(pool.current_thread_index().value()).fetch_add(1);
        on_own_thread.fetch_add(std::this_thread::get_id() == caller ? 1 : 0);
        // Every call is in progress at once: none waits for another's end.
        inside.fetch_add(1);
        met.fetch_add(ws_test::eventually([&] { return inside.load() == k_callers; }, std::chrono::seconds(10)) ? 1 : 0);
        right_results.fetch_add(ws_test::fib_by_join(18) == 2584 ? 1 : 0);
      });
    });
    CHECK(on_own_thread.load() == k_callers);
    CHECK(met.load() == k_callers);
    CHECK(right_results.load() == k_callers);
    for (std::size_t index = 0; index < index_used.size(); ++index) {
      CAPTURE(index);
      CHECK(index_used[index].load() == (index < pool.num_worker_threads() ? 0 : 1));  // each seat once
    }
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

TEST_CASE("a caller that finds every seat taken is run by a worker, and its call is right" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const ws_test::every_seat_taken occupants(pool);
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

TEST_CASE("callers that found every seat taken are handed seats as they free, and run their calls themselves" *
          doctest::timeout(120)) {
  constexpr std::size_t k_callers = 6;
  for (const auto& [threads_given, seats_given] : threads_and_seats()) {
    const std::size_t threads = threads_given;  // plain variables, which lambdas may capture
    const std::size_t seats = seats_given;
    CAPTURE(threads);
    CAPTURE(seats);
    std::atomic<std::size_t> blocked_workers{0};
    std::atomic<bool> release_workers{false};
    ws::thread_pool pool(pool_options(threads, seats));  // destroyed first: the blockers may still be leaving
    // Every worker busy, so that only the seats can run the callers' calls.
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
      std::optional<ws_test::every_seat_taken> occupants(std::in_place, pool);
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
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let them find every seat taken
      occupants.reset();  // the seats go from caller to caller
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
    CHECK(ran_on == other_id);  // a seat is free again
  }
}

TEST_CASE("a caller handed a seat whose call throws gets its exception, and the seat goes on" *
          doctest::timeout(120)) {
  for (const auto& [threads_given, seats_given] : threads_and_seats()) {
    const std::size_t threads = threads_given;  // plain variables, which lambdas may capture
    const std::size_t seats = seats_given;
    CAPTURE(threads);
    CAPTURE(seats);
    ws::thread_pool pool(pool_options(threads, seats));
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

TEST_CASE("a seat's leave looks through no queued jobs while no caller waits for a seat" * doctest::timeout(120)) {
  // The only worker is held, and 200 000 spawned jobs wait behind it. An
  // empty install (take the seat, leave it) costs the same with them queued
  // as without: the leaver skips the queue when no seat request is in it.
  // Looking through it would cost a scan of every entry, about 100 times an
  // empty install's time; the bound allows 10 times, plus 0.1 ms for noise.
  std::atomic<bool> held{false};
  std::atomic<bool> release{false};
  ws::pool_options options = ws_test::pool_options(1);
  options.seats = 1;
  ws::thread_pool pool(options);  // destroyed first: its holding job reads `release` until it ends
  pool.spawn([&] {
    held.store(true);
    ws_test::eventually([&] { return release.load(); }, std::chrono::seconds(60));
  });
  REQUIRE(ws_test::eventually([&] { return held.load(); }, std::chrono::seconds(10)));
  auto median_install = [&pool] {
    std::vector<std::chrono::steady_clock::duration> times;
    for (int call = 0; call < 31; ++call) {
      const auto start = std::chrono::steady_clock::now();
      pool.install([] {});
      times.push_back(std::chrono::steady_clock::now() - start);
    }
    std::nth_element(times.begin(), times.begin() + 15, times.end());
    return times[15];
  };
  const auto with_none_queued = median_install();
  for (int job = 0; job < 200'000; ++job) {
    pool.spawn([] {});
  }
  const auto with_jobs_queued = median_install();
  release.store(true);
  using microseconds = std::chrono::duration<double, std::micro>;
  const double none_queued_us = microseconds(with_none_queued).count();
  const double jobs_queued_us = microseconds(with_jobs_queued).count();
  CAPTURE(none_queued_us);
  CAPTURE(jobs_queued_us);
  CHECK(with_jobs_queued < 10 * with_none_queued + std::chrono::microseconds(100));
}

TEST_CASE("in a one-thread pool the worker's pushes wake no seat, which could not take them" * doctest::timeout(60)) {
  // The caller in the seat waits for a call into another pool, asleep in
  // this pool's sleep module; a second caller's fib, queued for the worker,
  // pushes thousands of halves. Nobody steals in a one-thread pool, so none
  // of those pushes may wake anyone: the only wake-up is the worker's own,
  // for the queued call.
  ws::pool_options options = ws_test::pool_options(1);
  options.seats = 1;
  ws::thread_pool pool(options);
  ws::thread_pool other(ws_test::pool_options(1));
  std::atomic<bool> seat_waiting{false};
  std::atomic<bool> fib_done{false};
  std::thread waiter([&] {
    pool.install([&] {
      other.install([&] {
        seat_waiting.store(true);
        ws_test::eventually([&] { return fib_done.load(); }, std::chrono::seconds(30));
      });
    });
  });
  REQUIRE(ws_test::eventually([&] { return seat_waiting.load(); }, std::chrono::seconds(10)));
  // The worker and the seat both asleep.
  REQUIRE(ws_test::eventually([&] { return pool.stats().sleeping_threads == 2; }, std::chrono::seconds(10)));
  const std::uint64_t wake_ups_before = pool.stats().wake_ups;
  CHECK(pool.install([] { return ws_test::fib_by_join(22); }) == 17711);
  const std::uint64_t wake_ups = pool.stats().wake_ups - wake_ups_before;
  fib_done.store(true);
  waiter.join();
  CHECK(wake_ups <= 1);
}
