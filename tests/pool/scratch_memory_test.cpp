// SPDX-License-Identifier: MIT
// The scratch memory a pool lends its sorts: kept for the next call, within
// the pool's limit, given back on request, and never shared by two calls at
// once. (Given back after a while asleep: idle_test.cpp, with the timed tests.)
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

/// 2^17 u32 keys: ws::sort's radix path runs on the pool from this size, and
/// its 512 KiB buffer is above scratch_buffer's threshold for the cache.
constexpr std::size_t k_keys = std::size_t{1} << 17;

/// Random keys and their sorted order, computed once (std::sort is slow in
/// the Debug build's checked mode).
struct sort_case {
  std::vector<std::uint32_t> m_input;
  std::vector<std::uint32_t> m_sorted;

  sort_case(std::size_t n, std::uint32_t seed) : m_input(n) {
    std::mt19937 engine(seed);
    std::generate(m_input.begin(), m_input.end(), [&engine] { return static_cast<std::uint32_t>(engine()); });
    m_sorted = m_input;
    std::sort(m_sorted.begin(), m_sorted.end());
  }

  /// Sorts a copy of the input on `pool` and checks it.
  void run_on(ws::thread_pool& pool) const {
    std::vector<std::uint32_t> keys = m_input;
    ws::sort(ws::par.on(pool), keys.begin(), keys.end());
    REQUIRE(keys == m_sorted);
  }
};

ws::pool_options options_with_limit(std::size_t threads, std::size_t limit) {
  ws::pool_options options = ws_test::pool_options(threads);
  options.scratch_limit = limit;
  return options;
}

}  // namespace

TEST_CASE("a pool keeps a large sort's buffer for the next calls and gives it back on request" *
          doctest::timeout(120)) {
  const sort_case first(k_keys, 1);
  const sort_case second(k_keys, 2);
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.stats().idle_scratch_bytes == 0);
    first.run_on(pool);
    const std::size_t kept = pool.stats().idle_scratch_bytes;
    CHECK(kept >= k_keys * sizeof(std::uint32_t));
    for (int call = 0; call < 3; ++call) {
      second.run_on(pool);
      CHECK(pool.stats().idle_scratch_bytes == kept);  // the same block, lent again
    }
    CHECK(pool.release_memory() == kept);
    CHECK(pool.stats().idle_scratch_bytes == 0);
    CHECK(pool.release_memory() == 0);
    first.run_on(pool);  // and the pool maps anew when asked again
    CHECK(pool.stats().idle_scratch_bytes == kept);
  }
}

TEST_CASE("stable_sort borrows its merge buffer from the pool too" * doctest::timeout(120)) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> input(std::size_t{1} << 15);  // 256 KiB
  std::mt19937 engine(7);
  for (std::size_t i = 0; i < input.size(); ++i) {
    input[i] = {static_cast<std::uint32_t>(engine() % 1000), static_cast<std::uint32_t>(i)};
  }
  const auto by_key = [](const auto& x, const auto& y) { return x.first < y.first; };
  auto expected = input;
  std::stable_sort(expected.begin(), expected.end(), by_key);
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    auto pairs = input;
    ws::stable_sort(ws::par.on(pool), pairs.begin(), pairs.end(), by_key);
    CHECK(pairs == expected);
    CHECK(pool.stats().idle_scratch_bytes >= pairs.size() * sizeof(pairs[0]));
  }
}

TEST_CASE("a pool whose scratch limit is 0 keeps nothing between calls" * doctest::timeout(120)) {
  const sort_case keys(k_keys, 1);
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(options_with_limit(threads, 0));
    keys.run_on(pool);
    keys.run_on(pool);
    CHECK(pool.stats().idle_scratch_bytes == 0);
    CHECK(pool.release_memory() == 0);
  }
}

TEST_CASE("callers sorting at once on one pool each get their own buffer, and the idle ones stay within the limit" *
          doctest::timeout(120)) {
  constexpr std::size_t k_callers = 4;
  constexpr std::size_t k_limit = std::size_t{1} << 20;  // less than the callers' blocks together
  std::vector<sort_case> cases;
  for (std::size_t caller = 0; caller < k_callers; ++caller) {
    // Sizes differ by caller, so that blocks are replaced as well as reused.
    cases.emplace_back(k_keys + caller * 20'000, static_cast<std::uint32_t>(caller));
  }
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(options_with_limit(threads, k_limit));
    ws_test::run_on_threads(k_callers, [&](std::size_t caller) {
      for (int round = 0; round < 2; ++round) {
        cases[caller].run_on(pool);
      }
    });
    CHECK(pool.stats().idle_scratch_bytes <= k_limit);
  }
}
