// SPDX-License-Identifier: MIT
// ws::reduce and ws::transform_reduce against std::reduce / std::transform_reduce,
// and the determinism of the floating-point reduction.
#include <pstl_ws/numeric.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

std::vector<long> random_longs(std::size_t n) {
  std::mt19937_64 rng(n);
  std::vector<long> values(n);
  for (long& x : values) {
    x = static_cast<long>(rng() % 2001) - 1000;
  }
  return values;
}

// Doubles of wildly different magnitudes: their sum depends on the grouping.
std::vector<double> mixed_magnitudes(std::size_t n) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> values(n);
  for (double& x : values) {
    x = unit(rng) * std::pow(10.0, static_cast<double>(rng() % 16));
  }
  return values;
}

struct max_op {
  long operator()(long a, long b) const { return std::max(a, b); }
};

}  // namespace

TEST_CASE("reduce and transform_reduce equal the std:: results for every size, pool, grain and container" * doctest::timeout(300)) {
  for (std::size_t grain : {std::size_t{8}, ws::detail::k_reduce_grain}) {
    for (std::size_t n : ws_test::sizes_around(grain)) {
      CAPTURE(grain);
      CAPTURE(n);
      const std::vector<long> values = random_longs(n);
      const long sum = std::reduce(values.begin(), values.end());
      const long max = std::reduce(values.begin(), values.end(), -5000L, max_op());
      const long squares = std::transform_reduce(values.begin(), values.end(), 7L, std::plus<>(),
                                                 [](long x) { return x * x; });
      const long dot = std::transform_reduce(values.begin(), values.end(), values.begin(), 3L);
      ws_test::for_each_pool([&](auto policy) {
        const auto p = policy.grain(grain);
        ws_test::for_each_container(values, values, [&](auto first, auto last) {
          CHECK(ws::reduce(p, first, last) == sum);
          CHECK(ws::reduce(p, first, last, 10L) == sum + 10);
          CHECK(ws::reduce(p, first, last, -5000L, max_op()) == max);
          CHECK(ws::transform_reduce(p, first, last, 7L, std::plus<>(), [](long x) { return x * x; }) == squares);
          CHECK(ws::transform_reduce(p, first, last, first, 3L) == dot);
        });
      });
    }
  }
}

TEST_CASE("a floating-point reduce gives the same bits on every pool size and every run" * doctest::timeout(120)) {
  for (std::size_t n : {std::size_t{5000}, ws_test::k_large_size}) {
    CAPTURE(n);
    const std::vector<double> values = mixed_magnitudes(n);
    const double first_result = ws::reduce(ws::par, values.begin(), values.end(), 0.0);
    const double plain = std::accumulate(values.begin(), values.end(), 0.0);
    CHECK(std::abs(first_result - plain) <= 1e-9 * std::abs(plain) + 1e3);
    for (int run = 0; run < 3; ++run) {
      ws_test::for_each_pool([&](auto policy) {
        const double again = ws::reduce(policy, values.begin(), values.end(), 0.0);
        CHECK(std::bit_cast<std::uint64_t>(again) == std::bit_cast<std::uint64_t>(first_result));
      });
    }
  }
}

TEST_CASE("reduce over an iota view and over strings" * doctest::timeout(60)) {
  const auto indices = ws_test::iota(std::uint64_t{0}, std::uint64_t{2'000'000});
  std::vector<std::string> words(30'000, "word");
  words[12'345] = "zebra";
  ws_test::for_each_pool([&](auto policy) {
    CHECK(ws::reduce(policy, indices.begin(), indices.end(), std::uint64_t{0}) == 1'999'999ULL * 2'000'000 / 2);
    CHECK(ws::transform_reduce(policy, words.begin(), words.end(), std::size_t{0}, std::plus<>(),
                               [](const std::string& w) { return w.size(); }) == 29'999 * 4 + 5);
    const auto longest = [](const std::string& a, const std::string& b) { return std::max(a, b); };
    CHECK(ws::reduce(policy, words.begin(), words.end(), std::string(), longest) == "zebra");
  });
}

TEST_CASE("transform_reduce into a move-only accumulator" * doctest::timeout(60)) {
  using box = std::unique_ptr<long>;
  std::vector<long> values(100'000, 2);
  ws_test::for_each_pool([&](auto policy) {
    const box total = ws::transform_reduce(
        policy.grain(64), values.begin(), values.end(), std::make_unique<long>(1),
        [](box a, box b) { return std::make_unique<long>(*a + *b); },
        [](long x) { return std::make_unique<long>(x); });
    CHECK(*total == 200'001);
  });
}

TEST_CASE("an exception from the operation at the first, a middle or the last element reaches the caller" * doctest::timeout(120)) {
  constexpr std::size_t n = 200'000;
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  for (long thrown_at : {0L, static_cast<long>(n / 2), static_cast<long>(n - 1)}) {
    CAPTURE(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      const auto transform = [thrown_at](long x) {
        if (x == thrown_at) {
          throw std::out_of_range("transform");
        }
        return x;
      };
      CHECK_THROWS_WITH_AS(ws::transform_reduce(policy, values.begin(), values.end(), 0L, std::plus<>(), transform),
                           "transform", std::out_of_range);
      CHECK(ws::reduce(policy, values.begin(), values.end()) == static_cast<long>(n * (n - 1) / 2));
    });
  }
}
