// SPDX-License-Identifier: MIT
// The scratch memory a pool lends its sorts: kept for the next call, within
// the pool's limit, given back on request, and never shared by two calls at
// once. (Given back after a while asleep: idle_test.cpp, with the timed tests.)
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

/// 2 MiB of u32 keys: the radix sort's buffer is as large, well above
/// scratch_buffer's threshold for mapped memory.
constexpr std::size_t k_keys = std::size_t{1} << 19;

std::vector<std::uint32_t> random_keys(std::size_t n, std::uint32_t seed) {
  std::mt19937 engine(seed);
  std::vector<std::uint32_t> keys(n);
  std::generate(keys.begin(), keys.end(), [&engine] { return static_cast<std::uint32_t>(engine()); });
  return keys;
}

/// Sorts random keys on `pool` and checks them against std::sort.
void sort_and_check(ws::thread_pool& pool, std::size_t n, std::uint32_t seed) {
  std::vector<std::uint32_t> keys = random_keys(n, seed);
  std::vector<std::uint32_t> expected = keys;
  std::sort(expected.begin(), expected.end());
  ws::sort(ws::par.on(pool), keys.begin(), keys.end());
  REQUIRE(keys == expected);
}

ws::pool_options options_with_limit(std::size_t threads, std::size_t limit) {
  ws::pool_options options = ws_test::pool_options(threads);
  options.scratch_limit = limit;
  return options;
}

}  // namespace

TEST_CASE("a pool keeps a large sort's buffer for the next calls and gives it back on request" *
          doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.stats().idle_scratch_bytes == 0);
    sort_and_check(pool, k_keys, 1);
    const std::size_t kept = pool.stats().idle_scratch_bytes;
    CHECK(kept >= k_keys * sizeof(std::uint32_t));
    for (std::uint32_t seed = 2; seed < 6; ++seed) {
      sort_and_check(pool, k_keys, seed);
      CHECK(pool.stats().idle_scratch_bytes == kept);  // the same block, lent again
    }
    CHECK(pool.release_memory() == kept);
    CHECK(pool.stats().idle_scratch_bytes == 0);
    CHECK(pool.release_memory() == 0);
    sort_and_check(pool, k_keys, 6);  // and the pool maps anew when asked again
  }
}

TEST_CASE("stable_sort borrows its merge buffer from the pool too" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(std::size_t{1} << 16);
    std::mt19937 engine(7);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      pairs[i] = {static_cast<std::uint32_t>(engine() % 1000), static_cast<std::uint32_t>(i)};
    }
    auto expected = pairs;
    const auto by_key = [](const auto& x, const auto& y) { return x.first < y.first; };
    std::stable_sort(expected.begin(), expected.end(), by_key);
    ws::stable_sort(ws::par.on(pool), pairs.begin(), pairs.end(), by_key);
    CHECK(pairs == expected);
    CHECK(pool.stats().idle_scratch_bytes >= pairs.size() * sizeof(pairs[0]));
  }
}

TEST_CASE("a pool whose scratch limit is 0 keeps nothing between calls" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(options_with_limit(threads, 0));
    sort_and_check(pool, k_keys, 1);
    sort_and_check(pool, k_keys, 2);
    CHECK(pool.stats().idle_scratch_bytes == 0);
    CHECK(pool.release_memory() == 0);
  }
}

TEST_CASE("callers sorting at once on one pool each get their own buffer, and the idle ones stay within the limit" *
          doctest::timeout(120)) {
  constexpr std::size_t k_callers = 6;
  constexpr std::size_t k_limit = std::size_t{4} << 20;
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(options_with_limit(threads, k_limit));
    ws_test::run_on_threads(k_callers, [&](std::size_t caller) {
      for (std::uint32_t round = 0; round < 4; ++round) {
        // Sizes differ by caller, so that blocks are replaced as well as reused.
        sort_and_check(pool, k_keys / 2 + caller * 40'000, static_cast<std::uint32_t>(caller * 10 + round));
      }
    });
    CHECK(pool.stats().idle_scratch_bytes <= k_limit);
  }
}
