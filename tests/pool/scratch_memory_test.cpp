// SPDX-License-Identifier: MIT
// The scratch memory a pool lends its sorts and the other algorithms with a
// buffer: kept for the next call, within the pool's limit, given back on
// request, and never shared by two calls at once. (Given back after a while
// asleep: idle_test.cpp, with the timed tests.)
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
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

TEST_CASE("sort of arithmetic keys keeps a few blocks per thread, not a copy of its input" * doctest::timeout(120)) {
  // 2^21 u64 keys, 16 MiB: the buffered radix sort kept 16 MiB; the in-place
  // one keeps its levels' block buffers and one room per thread (about
  // 1.5 MiB on one thread, 6 MiB on eight).
  constexpr std::size_t n = std::size_t{1} << 21;
  std::vector<std::uint64_t> input(n);
  std::mt19937_64 engine(5);
  std::generate(input.begin(), input.end(), [&engine] { return engine(); });
  std::vector<std::uint64_t> expected = input;
  std::sort(expected.begin(), expected.end());
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::vector<std::uint64_t> keys = input;
    ws::sort(ws::par.on(pool), keys.begin(), keys.end());
    REQUIRE(keys == expected);
    CHECK(pool.stats().idle_scratch_bytes <= (2 + threads) << 20);
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

TEST_CASE("the algorithms with an element buffer borrow it from the pool's scratch cache too" *
          doctest::timeout(120)) {
  // 2^16 + 8 u64 values: above partial_sort_copy's parallel threshold, and
  // every buffer below is of at least 2^15 elements, the 256 KiB from which
  // scratch_buffer goes to the cache.
  constexpr std::size_t n = (std::size_t{1} << 16) + 8;
  std::vector<std::uint64_t> input(n);
  std::mt19937_64 engine(11);
  std::generate(input.begin(), input.end(), [&engine] { return engine() % 1000; });
  const auto odd = [](std::uint64_t x) { return x % 2 == 1; };
  const auto sorted_halves = [&] {
    auto halves = input;
    std::sort(halves.begin(), halves.begin() + n / 2);
    std::sort(halves.begin() + n / 2, halves.end());
    return halves;
  }();
  using buffered_call = std::function<void(ws::thread_pool&, std::vector<std::uint64_t>&)>;
  using expected_call = std::function<void(std::vector<std::uint64_t>&)>;
  struct buffered_algorithm {
    std::string m_name;
    std::vector<std::uint64_t> m_input;
    buffered_call m_parallel;
    expected_call m_sequential;
  };
  const std::vector<buffered_algorithm> algorithms = {
      {"remove_if", input,
       [&](ws::thread_pool& pool, auto& v) { v.erase(ws::remove_if(ws::par.on(pool), v.begin(), v.end(), odd), v.end()); },
       [&](auto& v) { v.erase(std::remove_if(v.begin(), v.end(), odd), v.end()); }},
      {"unique", input, [](ws::thread_pool& pool, auto& v) { v.erase(ws::unique(ws::par.on(pool), v.begin(), v.end()), v.end()); },
       [](auto& v) { v.erase(std::unique(v.begin(), v.end()), v.end()); }},
      {"stable_partition", input,
       [&](ws::thread_pool& pool, auto& v) { ws::stable_partition(ws::par.on(pool), v.begin(), v.end(), odd); },
       [&](auto& v) { std::stable_partition(v.begin(), v.end(), odd); }},
      {"partial_sort_copy", input,
       [](ws::thread_pool& pool, auto& v) {
         std::vector<std::uint64_t> out(100);
         ws::partial_sort_copy(ws::par.on(pool), v.begin(), v.end(), out.begin(), out.end());
         v = out;
       },
       [](auto& v) {
         std::vector<std::uint64_t> out(100);
         std::partial_sort_copy(v.begin(), v.end(), out.begin(), out.end());
         v = out;
       }},
      {"inplace_merge", sorted_halves,
       [](ws::thread_pool& pool, auto& v) { ws::inplace_merge(ws::par.on(pool), v.begin(), v.begin() + n / 2, v.end()); },
       [](auto& v) { std::inplace_merge(v.begin(), v.begin() + n / 2, v.end()); }},
      {"shift_left", input, [](ws::thread_pool& pool, auto& v) { ws::shift_left(ws::par.on(pool), v.begin(), v.end(), 3); },
       [](auto& v) { std::shift_left(v.begin(), v.end(), 3); }},
      {"shift_right", input, [](ws::thread_pool& pool, auto& v) { ws::shift_right(ws::par.on(pool), v.begin(), v.end(), 3); },
       [](auto& v) { std::shift_right(v.begin(), v.end(), 3); }},
  };
  for (const buffered_algorithm& algorithm : algorithms) {
    CAPTURE(algorithm.m_name);
    auto expected = algorithm.m_input;
    algorithm.m_sequential(expected);
    for (std::size_t threads : ws_test::k_thread_counts) {
      CAPTURE(threads);
      ws::thread_pool pool(ws_test::pool_options(threads));
      auto values = algorithm.m_input;
      algorithm.m_parallel(pool, values);
      // shift's moved-from tail is unspecified by the standard; both leave the values.
      CHECK(values == expected);
      CHECK(pool.stats().idle_scratch_bytes >= (std::size_t{1} << 18));
    }
  }
}
