// SPDX-License-Identifier: MIT
// ws::sort against std::sort: sizes around the grain, every pool, input pattern,
// iterator kind, element type and comparator; exceptions from the comparator;
// comparators that are not strict weak orders; a large input; keys of every
// width, on the calling thread and on a pool; the heapsort the introsort falls
// back on, with a comparator that throws.
#include "sort_test_support.hpp"

using namespace sort_test;

TEST_CASE("sort orders like std::sort for every size around the grain, input pattern, pool and iterator kind" * doctest::timeout(300)) {
  check_every_size_pattern_pool_and_iterator<sort_algorithm, int>(default_order());
}

TEST_CASE("sort orders every element type and comparator like std::sort" * doctest::timeout(300)) {
  check_every_type_and_comparator<sort_algorithm>();
}

TEST_CASE("sort moves move-only elements without losing one" * doctest::timeout(120)) {
  check_move_only<sort_algorithm>();
}

TEST_CASE("an exception from the comparator at the first, a middle or a late call reaches the caller of sort and leaves a permutation" * doctest::timeout(300)) {
  check_comparator_exceptions<sort_algorithm>();
}

TEST_CASE("sort returns a permutation for comparators that are not strict weak orders" * doctest::timeout(300)) {
  check_bad_comparators<sort_algorithm>();
}

TEST_CASE("sort of a million random uint32, doubles and (key, index) pairs on the default pool" * doctest::timeout(120)) {
  check_large<sort_algorithm>();
}

namespace {

/// n random values of T, in an array rather than a vector (std::vector<bool>
/// is not contiguous); bool takes the low bit of the generator.
template <class T>
std::unique_ptr<T[]> random_values(std::size_t n) {
  std::mt19937_64 rng(n);
  auto values = std::make_unique<T[]>(n);
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, bool>) {
      values[i] = (rng() & 1) != 0;
    } else {
      values[i] = static_cast<T>(rng());
    }
  }
  return values;
}

/// ws::sort of T with comp, under ws::seq and on a 3-thread pool, equals
/// std::sort element for element (equal keys of these types are equal values),
/// for sizes around the radix sort's minimum and past the parallel threshold.
template <class T, class Comp>
void check_radix_key(Comp comp) {
  const std::size_t radix_min = ws::detail::radix_sort_min(sizeof(T));
  for (std::size_t n : {radix_min - 1, radix_min, radix_min + 1, std::size_t{1000}, std::size_t{300'007}}) {
    CAPTURE(n);
    const std::unique_ptr<T[]> values = random_values<T>(n);
    const auto copy = [&] {
      auto result = std::make_unique<T[]>(n);
      std::copy(values.get(), values.get() + n, result.get());
      return result;
    };
    const auto expected = copy();
    std::sort(expected.get(), expected.get() + n, comp);
    const auto on_caller = copy();
    ws::sort(ws::seq, on_caller.get(), on_caller.get() + n, comp);
    CHECK(std::equal(on_caller.get(), on_caller.get() + n, expected.get()));
    const auto on_pool = copy();
    ws::sort(ws::par.on(*ws_test::pools()[2]), on_pool.get(), on_pool.get() + n, comp);
    CHECK(std::equal(on_pool.get(), on_pool.get() + n, expected.get()));
  }
}

/// Keys whose buckets are uneven: half of them one value (a bucket of the
/// parallel radix sort too large for one thread, split again), the rest random
/// below 2^20 (top bytes all equal, skipped), and keys with 4 distinct values.
void check_skewed_radix_keys() {
  constexpr std::size_t n = 600'000;
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> half_equal(n);
  std::vector<std::int64_t> few_distinct(n);
  for (std::size_t i = 0; i < n; ++i) {
    half_equal[i] = i % 2 == 0 ? 77'777 : static_cast<std::uint32_t>(rng() % (1 << 20));
    few_distinct[i] = static_cast<std::int64_t>(rng() % 4) - 2;
  }
  const auto check = [](auto values) {
    auto expected = values;
    std::sort(expected.begin(), expected.end());
    for (auto& pool : ws_test::pools()) {
      CAPTURE(pool->num_threads());
      auto actual = values;
      ws::sort(ws::par.on(*pool), actual.begin(), actual.end());
      CHECK(actual == expected);
    }
  };
  check(half_equal);
  check(few_distinct);
}

/// Keys for the in-place radix sort's levels: spread over the whole key, all
/// below 2^20 (the top 44 bits shared and skipped, so the digits lie off
/// byte boundaries), doubles in [0, 1) (exponent bits first, a few buckets
/// holding most keys), signed keys of both signs, and keys that a leaf's
/// top digits leave in runs (radix_leaf): 4 long runs (sorted further by
/// radix levels) or about 2048 runs of some 32 keys (by the introsort), at
/// sizes around the least-significant-digit sort's leaf (2^16 8-byte keys,
/// 2^17 4-byte ones), sorted on every pool, ascending and descending.
void check_in_place_radix_levels() {
  constexpr std::size_t leaf = ws::detail::radix_leaf_v<std::uint64_t>;
  constexpr std::size_t leaf_of_int32 = ws::detail::radix_leaf_v<std::int32_t>;
  const auto check = [](auto values, auto comp) {
    auto expected = values;
    std::sort(expected.begin(), expected.end(), comp);
    for (auto& pool : ws_test::pools()) {
      CAPTURE(pool->num_threads());
      auto actual = values;
      ws::sort(ws::par.on(*pool), actual.begin(), actual.end(), comp);
      CHECK(actual == expected);
    }
  };
  for (std::size_t n : {leaf, leaf + 1, leaf_of_int32 + 1, 5 * leaf + 3}) {
    CAPTURE(n);
    std::mt19937_64 rng(n);
    std::vector<std::uint64_t> spread(n);
    std::vector<std::uint64_t> low(n);
    std::vector<double> unit(n);
    std::vector<std::int32_t> signed_keys(n);
    std::vector<std::uint64_t> long_runs(n);
    std::vector<std::uint64_t> short_runs(n);
    for (std::size_t i = 0; i < n; ++i) {
      spread[i] = rng();
      low[i] = rng() % (1 << 20);
      unit[i] = static_cast<double>(rng() >> 11) / 9007199254740992.0;
      signed_keys[i] = static_cast<std::int32_t>(rng());
      long_runs[i] = (rng() % 4) << 40 | rng() % (1 << 16);
      short_runs[i] = (rng() % 2048) << 40 | rng() % 1024;
    }
    check(spread, std::less<>());
    check(low, std::greater<>());
    check(unit, std::less<>());
    check(signed_keys, std::greater<>());
    check(long_runs, std::less<>());
    check(short_runs, std::greater<>());
  }
}

}  // namespace

TEST_CASE("sort of keys spread or sharing their top bits equals std::sort around the in-place radix sort's leaf" * doctest::timeout(120)) {
  check_in_place_radix_levels();
}

TEST_CASE("sort of keys in uneven radix buckets equals std::sort on every pool" * doctest::timeout(120)) {
  check_skewed_radix_keys();
}

TEST_CASE("sort of 1- and 2-byte keys and under ws::seq equals std::sort, on both sides of the radix sort's minimum" * doctest::timeout(120)) {
  check_radix_key<bool>(std::less<>());
  check_radix_key<bool>(std::greater<>());
  check_radix_key<char>(std::less<>());
  check_radix_key<std::int8_t>(std::greater<>());
  check_radix_key<std::uint8_t>(std::less<>());
  check_radix_key<std::int16_t>(std::ranges::less());
  check_radix_key<std::uint16_t>(std::greater<>());
  check_radix_key<std::int64_t>(std::less<>());
  check_radix_key<double>(std::greater<>());
}

TEST_CASE("the heapsort that the introsort falls back on past its depth limit sorts like std::sort" * doctest::timeout(120)) {
  // Called directly: with a strict weak order, only inputs built against the
  // pivot choice reach it through ws::sort.
  for (pattern p : k_patterns) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{64},
                          std::size_t{65}, std::size_t{1000}, std::size_t{10'007}}) {
      const char* input_pattern = name_of(p);
      CAPTURE(input_pattern);
      CAPTURE(n);
      std::vector<keyed> v = input<keyed>(p, n);
      std::vector<keyed> expected = v;
      std::sort(expected.begin(), expected.end());
      std::less<> comp;
      ws::detail::heapsort(v.begin(), v.end(), comp);
      CHECK(v == expected);  // keyed compares keys only
      CHECK(same_multiset(v, expected));
    }
  }
}

TEST_CASE("an exception from the comparator in the heapsort that sort and nth_element fall back on leaves a permutation" * doctest::timeout(120)) {
  // `always true`, and `<=` on keys that are all equal (the strings' lengths),
  // put every element on one side of each partition, so the introsort reaches
  // its depth limit and heapsorts; the comparator then throws at each call in
  // turn, the heapsort's included. (Found by fuzz/sort_fuzz.cpp: std::make_heap
  // and std::sort_heap hold an element outside the range, which was lost, and
  // another left moved-from, when the comparator threw.)
  std::vector<std::string> values;
  for (int i = 0; i < 100; ++i) {
    values.push_back("distinct string number " + std::to_string(1000 + i * 37 % 101));
  }
  std::vector<std::string> sorted_values = values;
  std::sort(sorted_values.begin(), sorted_values.end());
  using order = std::function<bool(const std::string&, const std::string&)>;
  using run = void (*)(std::vector<std::string>&, const order&);
  const run algorithms[] = {
      [](std::vector<std::string>& v, const order& comp) { ws::sort(ws::seq, v.begin(), v.end(), comp); },
      [](std::vector<std::string>& v, const order& comp) {
        ws::nth_element(ws::seq, v.begin(), v.begin() + 50, v.end(), comp);
      },
  };
  const order comparators[] = {[](const std::string& a, const std::string& b) { return a.size() <= b.size(); },
                               [](const std::string&, const std::string&) { return true; }};
  for (std::size_t algorithm = 0; algorithm < std::size(algorithms); ++algorithm) {
    for (std::size_t comparator = 0; comparator < std::size(comparators); ++comparator) {
      CAPTURE(algorithm);
      CAPTURE(comparator);
      std::size_t calls = 0;
      const order counting = [&](const std::string& a, const std::string& b) {
        ++calls;
        return comparators[comparator](a, b);
      };
      std::vector<std::string> v = values;
      algorithms[algorithm](v, counting);
      const std::size_t total = calls;
      for (std::size_t throw_at = 1; throw_at <= total; ++throw_at) {
        CAPTURE(throw_at);
        calls = 0;
        const order throwing = [&](const std::string& a, const std::string& b) {
          if (++calls == throw_at) {
            throw std::runtime_error("comparator");
          }
          return comparators[comparator](a, b);
        };
        v = values;
        REQUIRE_THROWS_AS(algorithms[algorithm](v, throwing), std::runtime_error);
        std::sort(v.begin(), v.end());
        REQUIRE(v == sorted_values);
      }
    }
  }
}
