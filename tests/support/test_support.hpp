// SPDX-License-Identifier: MIT
// Helpers shared by the tests: the thread counts every pool test loops over,
// the wait policy its pools use, a way to run code on plain threads with
// failures reported on the main thread (doctest's REQUIRE must not be used off
// the main thread), polling, the process's thread count, and a pool's seats
// held by other threads.
#pragma once

#include <dirent.h>
#include <doctest/doctest.h>
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string_view>
#include <thread>
#include <vector>

namespace ws_test {

/// Pool sizes every pool test runs with: 1 (no stealing at all), 2 (this
/// machine's cores), 3 (odd), 4 and 8 (oversubscribed on small machines).
inline constexpr std::array<std::size_t, 5> k_thread_counts{1, 2, 3, 4, 8};

/// Whether libstdc++'s debug mode (the Debug preset) checks every iterator.
#if defined(_GLIBCXX_DEBUG)
inline constexpr bool k_glibcxx_debug = true;
#else
inline constexpr bool k_glibcxx_debug = false;
#endif

/// True, with a message, in a build with libstdc++'s debug mode, where a test
/// of comparators that are not strict weak orders must not run: the std::
/// pieces the algorithms are built from (binary searches, merges) abort on
/// them by design. The release, asan and tsan builds and the fuzzer (fuzz/)
/// run those tests.
inline bool skips_bad_comparators() {
  if (k_glibcxx_debug) {
    MESSAGE("skipped under _GLIBCXX_DEBUG, which rejects such comparators itself");
  }
  return k_glibcxx_debug;
}

/// The large size of the algorithm tests: 10^6 + 3 (odd, and above every
/// parallel threshold), or 2^17 + 3 under ThreadSanitizer or libstdc++'s debug
/// mode, which run each element 3 to 15 times slower and see the same
/// interleavings once a range splits into many leaves (2^17 is the largest
/// threshold: radix sort's and the parallel partition's).
inline constexpr std::size_t k_large_size =
    PSTL_WS_TSAN || k_glibcxx_debug ? (std::size_t{1} << 17) + 3 : 1'000'003;

/// The wait policy of every pool the tests make, the global pool's included:
/// PSTL_WS_WAIT_POLICY, which the test main sets from `--wait-policy=park`
/// (ctest runs the pool and algorithm tests once per policy); steal if unset.
inline ws::wait_policy test_wait_policy() {
  const char* value = std::getenv("PSTL_WS_WAIT_POLICY");
  return value != nullptr && std::string_view(value) == "park" ? ws::wait_policy::park
                                                                 : ws::wait_policy::steal;
}

/// The options of a test pool of `threads` threads (0: one per CPU).
inline ws::pool_options pool_options(std::size_t threads) {
  return {.num_threads = threads, .wait = test_wait_policy()};
}

/// fib(n) by recursive ws::join with no cutoff: fib(n) - 1 joins of tiny
/// jobs, the standard load for join overhead and stealing.
inline std::uint64_t fib_by_join(unsigned n) {
  if (n < 2) {
    return n;
  }
  auto [a, b] = ws::join([n] { return fib_by_join(n - 1); }, [n] { return fib_by_join(n - 2); });
  return a + b;
}

/// Runs body(i) on n plain threads at once and rethrows the first exception
/// on the calling thread after all have finished.
inline void run_on_threads(std::size_t n, const std::function<void(std::size_t)>& body) {
  std::vector<std::thread> threads;
  std::vector<std::exception_ptr> errors(n);
  std::atomic<std::size_t> ready{0};
  for (std::size_t i = 0; i < n; ++i) {
    threads.emplace_back([&, i] {
      ready.fetch_add(1);
      while (ready.load() < n) {
        std::this_thread::yield();
      }
      try {
        body(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  for (auto& error : errors) {
    if (error) {
      std::rethrow_exception(error);
    }
  }
}

/// The threads of this process now, from /proc/self/task (0 if unreadable).
inline std::size_t os_thread_count() {
  std::size_t count = 0;
  if (DIR* dir = ::opendir("/proc/self/task")) {
    while (const dirent* entry = ::readdir(dir)) {
      count += entry->d_name[0] != '.';
    }
    ::closedir(dir);
  }
  return count;
}

/// Keeps the CPU busy for `duration`: a job that slept would leave its core
/// to other threads, which a test of who runs what must not allow.
inline void spin_for(std::chrono::steady_clock::duration duration) {
  const auto until = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < until) {
  }
}

/// Polls pred every millisecond until it holds or `limit` passes; returns
/// whether it held.
template <class Pred>
bool eventually(Pred pred, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

/// Holds every seat of the pool, each from a thread of its own, for its life.
class every_seat_taken {
 public:
  explicit every_seat_taken(ws::thread_pool& pool) {
    for (std::size_t i = 0; i < pool.num_seats(); ++i) {
      m_threads.emplace_back([this, &pool] {
        const auto caller = std::this_thread::get_id();
        pool.install([&] {
          m_seated.fetch_add(std::this_thread::get_id() == caller ? 1 : 0);
          while (!m_released.load()) {
            std::this_thread::yield();
          }
        });
      });
    }
    // Each occupant finds a seat free; none is handed to a worker.
    const bool all_seated = eventually([&] { return m_seated.load() == pool.num_seats(); }, std::chrono::seconds(10));
    if (!all_seated) {
      release();  // REQUIRE throws: no destructor will
    }
    REQUIRE(all_seated);
  }
  ~every_seat_taken() { release(); }
  every_seat_taken(const every_seat_taken&) = delete;
  every_seat_taken& operator=(const every_seat_taken&) = delete;

 private:
  void release() {
    m_released.store(true);
    for (std::thread& thread : m_threads) {
      thread.join();
    }
    m_threads.clear();
  }

  std::atomic<std::size_t> m_seated{0};
  std::atomic<bool> m_released{false};
  std::vector<std::thread> m_threads;
};

}  // namespace ws_test
