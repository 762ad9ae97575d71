// SPDX-License-Identifier: MIT
// An idle pool: its workers fall asleep quickly and then burn no CPU, and it
// gives back the scratch memory its sorts left idle (docs/scratch.md).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "test_support.hpp"

namespace {

#if PSTL_WS_ASAN || PSTL_WS_TSAN || !defined(NDEBUG)
// Instrumented or unoptimised builds run the idle rounds several times slower.
constexpr auto k_asleep_within = std::chrono::milliseconds(500);
#else
constexpr auto k_asleep_within = std::chrono::milliseconds(50);
#endif
#if PSTL_WS_ASAN || PSTL_WS_TSAN
// The process's CPU time also counts the sanitizer runtime's own threads
// (ThreadSanitizer's background thread wakes every 100 ms: 13 ms in one
// second of a CI run). A worker that spins while idle burns ~1 s a second.
constexpr auto k_cpu_budget = std::chrono::milliseconds(50);
#else
constexpr auto k_cpu_budget = std::chrono::milliseconds(10);
#endif

std::chrono::microseconds process_cpu_time() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  const auto to_us = [](const timeval& t) {
    return std::chrono::seconds(t.tv_sec) + std::chrono::microseconds(t.tv_usec);
  };
  return to_us(usage.ru_utime) + to_us(usage.ru_stime);
}

}  // namespace

TEST_CASE("after a burst every worker is asleep quickly and the idle pool burns almost no CPU" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.install([] { return ws_test::fib_by_join(22); }) == 17711);
    const auto burst_end = std::chrono::steady_clock::now();
    REQUIRE(ws_test::eventually([&] { return pool.stats().sleeping_threads == pool.num_worker_threads(); },
                                std::chrono::seconds(5)));
    const auto asleep_after = std::chrono::steady_clock::now() - burst_end;
    CHECK(asleep_after < k_asleep_within);

    const auto cpu_before = process_cpu_time();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const auto burned = process_cpu_time() - cpu_before;
    CAPTURE(burned.count());
    CHECK(burned < k_cpu_budget);
  }
}

TEST_CASE("an idle pool gives its scratch memory back by itself after a while asleep, then sorts again" *
          doctest::timeout(90)) {
  constexpr std::size_t k_keys = std::size_t{1} << 17;  // a 512 KiB radix buffer, from the pool's scratch
  std::vector<std::uint32_t> input(k_keys);
  std::mt19937 engine(1);
  std::generate(input.begin(), input.end(), [&engine] { return static_cast<std::uint32_t>(engine()); });
  std::vector<std::uint32_t> expected = input;
  std::sort(expected.begin(), expected.end());
  // Every thread count's pool at once: they wait out their idle periods together.
  std::vector<std::unique_ptr<ws::thread_pool>> pools;
  for (std::size_t threads : ws_test::k_thread_counts) {
    pools.push_back(std::make_unique<ws::thread_pool>(ws_test::pool_options(threads)));
  }
  for (int round = 0; round < 2; ++round) {  // the second: the housekeepers went back to sleep
    CAPTURE(round);
    for (auto& pool : pools) {
      CAPTURE(pool->num_threads());
      std::vector<std::uint32_t> keys = input;
      ws::sort(ws::par.on(*pool), keys.begin(), keys.end());
      REQUIRE(keys == expected);
      REQUIRE(pool->stats().idle_scratch_bytes > 0);
    }
    // After 2 s unused (scratch_cache::k_idle_release), worker 0 of each pool trims.
    for (auto& pool : pools) {
      CAPTURE(pool->num_threads());
      CHECK(ws_test::eventually([&] { return pool->stats().idle_scratch_bytes == 0; }, std::chrono::seconds(10)));
    }
  }
}
