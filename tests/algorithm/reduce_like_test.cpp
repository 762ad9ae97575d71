// SPDX-License-Identifier: MIT
// count, count_if, min_element, max_element, minmax_element and
// is_partitioned against std::, the tie rules of the extremum searches, and
// every signature of the find-and-reduce group called as std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

// Type-erased element functions: one instantiation per iterator type.
using predicate = std::function<bool(long)>;
using relation = std::function<bool(long, long)>;

/// Values 0 .. 9 at random: every extremum is tied many times over.
std::vector<long> random_digits(std::size_t n) { return ws_test::random_values(n, 10); }

std::vector<std::size_t> sizes() { return ws_test::sizes_around(ws::detail::k_reduce_parallel_threshold / 2); }

using ws_test::k_large;

}  // namespace

TEST_CASE("count, count_if and the extremum searches agree with std::, ties included, for every size, pool and grain" * doctest::timeout(300)) {
  const predicate is_seven = [](long x) { return x == 7; };
  const relation greater = [](long a, long b) { return a > b; };
  for (std::size_t grain : {std::size_t{0}, std::size_t{8}}) {
    for (std::size_t n : sizes()) {
      CAPTURE(grain);
      CAPTURE(n);
      const std::vector<long> values = random_digits(n);
      const long* first = values.data();
      const long* last = first + n;
      const auto sevens = std::count(first, last, 7L);
      const long* min = std::min_element(first, last);
      const long* max = std::max_element(first, last);
      const long* min_greater = std::min_element(first, last, greater);
      const auto minmax = std::minmax_element(first, last);
      const auto minmax_greater = std::minmax_element(first, last, greater);
      ws_test::for_each_pool([&](auto policy) {
        const auto p = policy.grain(grain);
        CHECK(ws::count_if(p, first, last, is_seven) == sevens);
        CHECK(ws::min_element(p, first, last, greater) == min_greater);
        CHECK(ws::minmax_element(p, first, last, greater) == minmax_greater);
        if (n < k_large) {
          CHECK(ws::count(p, first, last, 7L) == sevens);
          CHECK(ws::min_element(p, first, last) == min);
          CHECK(ws::max_element(p, first, last) == max);
          CHECK(ws::minmax_element(p, first, last) == minmax);
        }
      });
    }
  }
}

TEST_CASE("min_element returns the first smallest, max_element the first largest, minmax_element the first smallest and the last largest" * doctest::timeout(120)) {
  constexpr std::size_t n = ws_test::k_large_size;
  std::vector<long> values(n, 5);
  for (std::size_t i : {std::size_t{17}, n / 3, n - 1}) {
    values[i] = 9;
  }
  for (std::size_t i : {std::size_t{0}, n / 2, n - 2}) {
    values[i] = 1;
  }
  ws_test::for_each_pool([&](auto p) {
    CHECK(ws::min_element(p, values.begin(), values.end()) - values.begin() == 0);
    CHECK(ws::max_element(p, values.begin(), values.end()) - values.begin() == 17);
    const auto [min, max] = ws::minmax_element(p, values.begin(), values.end());
    CHECK(min - values.begin() == 0);
    CHECK(max - values.begin() == static_cast<long>(n - 1));
  });
}

TEST_CASE("is_partitioned agrees with std:: for every size, partition point and misplaced element" * doctest::timeout(300)) {
  const predicate negative = [](long x) { return x < 0; };
  for (std::size_t n : ws_test::sizes_around(ws::detail::k_walk_parallel_threshold / 2)) {
    for (std::size_t point : {std::size_t{0}, n / 3, n}) {
      for (int misplaced : {0, 1, 2}) {
        if (n >= k_large && point != n / 3) {
          continue;
        }
        CAPTURE(n);
        CAPTURE(point);
        CAPTURE(misplaced);
        std::vector<long> values(n);
        for (std::size_t i = 0; i < n; ++i) {
          values[i] = i < point ? -1 - static_cast<long>(i) : static_cast<long>(i);
        }
        if (misplaced == 1 && point < n) {
          values[n - 1] = -5;  // a negative after the point
        } else if (misplaced == 2 && point > 0) {
          values[0] = 5;  // a non-negative before the point
        }
        const bool expected = std::is_partitioned(values.begin(), values.end(), negative);
        ws_test::for_each_pool([&](auto p) {
          CHECK(ws::is_partitioned(p, values.begin(), values.end(), negative) == expected);
        });
      }
    }
  }
}

TEST_CASE("count and the extremum searches over a deque, a list, an iota view and strings" * doctest::timeout(120)) {
  constexpr long n = 300'001;
  const std::vector<long> values = random_digits(n);
  const std::deque<long> deque(values.begin(), values.end());
  const std::list<long> list(values.begin(), values.end());
  const auto indices = ws_test::iota(0L, n);
  std::vector<std::string> words(50'000, "kiwi");
  words[123] = "apple";
  words[45'678] = "zucchini";
  words[45'679] = "zucchini";
  const auto sevens = std::count(values.begin(), values.end(), 7L);
  ws_test::for_each_pool([&](auto p) {
    CHECK(ws::count(p, deque.begin(), deque.end(), 7L) == sevens);
    CHECK(ws::count(p, list.begin(), list.end(), 7L) == sevens);
    CHECK(ws::count_if(p, indices.begin(), indices.end(), [](long x) { return x % 3 == 0; }) == (n + 2) / 3);
    CHECK(*ws::max_element(p, indices.begin(), indices.end()) == n - 1);
    CHECK(ws::min_element(p, deque.begin(), deque.end()) - deque.begin() ==
          std::min_element(values.begin(), values.end()) - values.begin());
    CHECK(ws::max_element(p, list.begin(), list.end()) == std::max_element(list.begin(), list.end()));
    const auto [shortest, longest] = ws::minmax_element(
        p, words.begin(), words.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    CHECK(shortest - words.begin() == 0);
    CHECK(longest - words.begin() == 45'679);
    CHECK(ws::count(p, words.begin(), words.end(), "zucchini") == 2);
    CHECK(*ws::min_element(p, words.begin(), words.end()) == "apple");
  });
}

TEST_CASE("an exception from the predicate at the first, a middle or the last element reaches the caller of count_if, min_element and is_partitioned" * doctest::timeout(300)) {
  constexpr std::size_t n = 100'000;
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  for (std::size_t thrown_at : {std::size_t{0}, n / 2, n - 1}) {
    CAPTURE(thrown_at);
    const auto check = [thrown_at](long x) {
      if (x == static_cast<long>(thrown_at)) {
        throw std::runtime_error("element " + std::to_string(x));
      }
    };
    const predicate throwing = [&](long x) {
      check(x);
      return x >= 0;
    };
    const relation throwing_less = [&](long a, long b) {
      check(a);
      check(b);
      return a < b;
    };
    const std::string message = "element " + std::to_string(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(64);
      CHECK_THROWS_WITH_AS(ws::count_if(p, values.begin(), values.end(), throwing), message.c_str(),
                           std::runtime_error);
      CHECK_THROWS_WITH_AS(ws::min_element(p, values.begin(), values.end(), throwing_less), message.c_str(),
                           std::runtime_error);
      CHECK_THROWS_WITH_AS(ws::is_partitioned(p, values.begin(), values.end(), throwing), message.c_str(),
                           std::runtime_error);
      CHECK(ws::count(p, values.begin(), values.end(), static_cast<long>(thrown_at)) == 1);
    });
  }
}

TEST_CASE("every signature of the find-and-reduce group is reachable as std::NAME(ws::par, ...) and gives std::'s result" * doctest::timeout(120)) {
  std::vector<long> v(50'000);
  std::iota(v.begin(), v.end(), 0L);
  v[30'000] = 29'999;  // one pair of equal neighbours, one descent
  const std::vector<long> w(v.begin(), v.end());
  const std::vector<long> pattern{29'998, 29'999, 29'999};
  const std::vector<long> set{-3, 29'999};
  const std::vector<long> subset{5, 29'999, 29'999};
  std::vector<long> heap = v;
  std::make_heap(heap.begin(), heap.end());
  const auto b = v.begin();
  const auto e = v.end();
  const auto odd = [](long x) { return x % 2 != 0; };
  const auto eq = std::equal_to<>();
  const auto lt = std::less<>();
  const auto par = ws::par;
  SUBCASE("find.hpp: find, find_if, find_if_not, adjacent_find, find_first_of") {
    CHECK(std::find(par, b, e, 29'999L) == std::find(b, e, 29'999L));
    CHECK(std::find_if(par, b, e, odd) == std::find_if(b, e, odd));
    CHECK(std::find_if_not(par, b, e, odd) == std::find_if_not(b, e, odd));
    CHECK(std::adjacent_find(par, b, e) == std::adjacent_find(b, e));
    CHECK(std::adjacent_find(par, b, e, eq) == std::adjacent_find(b, e, eq));
    CHECK(std::find_first_of(par, b, e, set.begin(), set.end()) == std::find_first_of(b, e, set.begin(), set.end()));
    CHECK(std::find_first_of(par, b, e, set.begin(), set.end(), eq) ==
          std::find_first_of(b, e, set.begin(), set.end(), eq));
  }
  SUBCASE("subsequence_search.hpp: search, search_n, find_end") {
    CHECK(std::search(par, b, e, pattern.begin(), pattern.end()) == std::search(b, e, pattern.begin(), pattern.end()));
    CHECK(std::search(par, b, e, pattern.begin(), pattern.end(), eq) ==
          std::search(b, e, pattern.begin(), pattern.end(), eq));
    CHECK(std::search_n(par, b, e, 2, 29'999L) == std::search_n(b, e, 2, 29'999L));
    CHECK(std::search_n(par, b, e, 2, 29'999L, eq) == std::search_n(b, e, 2, 29'999L, eq));
    CHECK(std::find_end(par, b, e, pattern.begin(), pattern.end()) ==
          std::find_end(b, e, pattern.begin(), pattern.end()));
    CHECK(std::find_end(par, b, e, pattern.begin(), pattern.end(), eq) ==
          std::find_end(b, e, pattern.begin(), pattern.end(), eq));
  }
  SUBCASE("all_of.hpp: all_of, any_of, none_of") {
    CHECK(std::all_of(par, b, e, odd) == std::all_of(b, e, odd));
    CHECK(std::any_of(par, b, e, odd) == std::any_of(b, e, odd));
    CHECK(std::none_of(par, b, e, odd) == std::none_of(b, e, odd));
  }
  SUBCASE("first_difference.hpp: mismatch, equal, lexicographical_compare") {
    CHECK(std::mismatch(par, b, e, heap.begin()) == std::mismatch(b, e, heap.begin()));
    CHECK(std::mismatch(par, b, e, heap.begin(), eq) == std::mismatch(b, e, heap.begin(), eq));
    CHECK(std::mismatch(par, b, e, w.begin(), w.end()) == std::mismatch(b, e, w.begin(), w.end()));
    CHECK(std::mismatch(par, b, e, heap.begin(), heap.end(), eq) == std::mismatch(b, e, heap.begin(), heap.end(), eq));
    CHECK(std::equal(par, b, e, w.begin()));
    CHECK(std::equal(par, b, e, w.begin(), eq));
    CHECK(std::equal(par, b, e, w.begin(), w.end()));
    CHECK_FALSE(std::equal(par, b, e, heap.begin(), heap.end(), eq));
    CHECK(std::lexicographical_compare(par, b, e, heap.begin(), heap.end()) ==
          std::lexicographical_compare(b, e, heap.begin(), heap.end()));
    CHECK(std::lexicographical_compare(par, heap.begin(), heap.end(), b, e, lt) ==
          std::lexicographical_compare(heap.begin(), heap.end(), b, e, lt));
  }
  SUBCASE("is_sorted.hpp: is_sorted, is_sorted_until, is_heap, is_heap_until, is_partitioned") {
    CHECK(std::is_sorted(par, b, e) == std::is_sorted(b, e));
    CHECK(std::is_sorted(par, b, b + 30'000, lt));
    CHECK(std::is_sorted_until(par, b, e) == std::is_sorted_until(b, e));
    CHECK(std::is_sorted_until(par, b, e, lt) == std::is_sorted_until(b, e, lt));
    CHECK(std::is_heap(par, heap.begin(), heap.end()));
    CHECK_FALSE(std::is_heap(par, b, e, lt));
    CHECK(std::is_heap_until(par, b, e) == std::is_heap_until(b, e));
    CHECK(std::is_heap_until(par, heap.begin(), heap.end(), lt) == heap.end());
    CHECK(std::is_partitioned(par, b, e, [](long x) { return x < 100; }));
  }
  SUBCASE("includes.hpp: includes") {
    CHECK(std::includes(par, b, e, subset.begin(), subset.end()));
    CHECK_FALSE(std::includes(par, b, e, set.begin(), set.end(), lt));
  }
  SUBCASE("count.hpp: count, count_if") {
    CHECK(std::count(par, b, e, 29'999L) == 2);
    CHECK(std::count_if(par, b, e, odd) == std::count_if(b, e, odd));
  }
  SUBCASE("min_max_element.hpp: min_element, max_element, minmax_element") {
    CHECK(std::min_element(par, b, e) == std::min_element(b, e));
    CHECK(std::min_element(par, heap.begin(), heap.end(), lt) == std::min_element(heap.begin(), heap.end(), lt));
    CHECK(std::max_element(par, b, e) == std::max_element(b, e));
    CHECK(std::max_element(par, heap.begin(), heap.end(), lt) == std::max_element(heap.begin(), heap.end(), lt));
    CHECK(std::minmax_element(par, b, e) == std::minmax_element(b, e));
    CHECK(std::minmax_element(par, heap.begin(), heap.end(), lt) == std::minmax_element(heap.begin(), heap.end(), lt));
  }
}
