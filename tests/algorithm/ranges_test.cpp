// SPDX-License-Identifier: MIT
// ws::ranges, the parallel range algorithms, against the serial std::ranges
// algorithms: the searches, counts and walks with projections, on ranges and
// on iterator and sized sentinel pairs, on views, with move-only elements,
// and with outputs shorter than their inputs (never written past their end).
// The sorts are in ranges_sort_test.cpp, the algorithms that reorder or
// remove elements in ranges_reorder_test.cpp.
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <ranges>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"
#include "ranges_test_support.hpp"

using ws_test::for_each_policy;
using ws_test::holds_the_records_of;
using ws_test::k_grain;
using ws_test::k_key_below_1000;
using ws_test::k_key_is_odd;
using ws_test::record;
using ws_test::records;
using ws_test::same_subrange;

TEST_CASE("searches and counts by projection give std::ranges' answers" * doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 2000);
    for_each_policy([&](auto policy) {
      CHECK(ws::ranges::find(policy, values, 1234L, &record::key) == std::ranges::find(values, 1234L, &record::key));
      CHECK(ws::ranges::find_if(policy, values, k_key_is_odd, &record::key) ==
            std::ranges::find_if(values, k_key_is_odd, &record::key));
      CHECK(ws::ranges::find_if_not(policy, values, k_key_below_1000, &record::key) ==
            std::ranges::find_if_not(values, k_key_below_1000, &record::key));
      CHECK(ws::ranges::contains(policy, values, 77L, &record::key) ==
            (std::ranges::find(values, 77L, &record::key) != values.end()));
      CHECK(ws::ranges::all_of(policy, values, k_key_below_1000, &record::key) ==
            std::ranges::all_of(values, k_key_below_1000, &record::key));
      CHECK(ws::ranges::any_of(policy, values, k_key_is_odd, &record::key) ==
            std::ranges::any_of(values, k_key_is_odd, &record::key));
      CHECK(ws::ranges::none_of(policy, values, k_key_below_1000, &record::key) ==
            std::ranges::none_of(values, k_key_below_1000, &record::key));
      CHECK(ws::ranges::count(policy, values, 5L, &record::key) == std::ranges::count(values, 5L, &record::key));
      CHECK(ws::ranges::count_if(policy, values.begin(), values.end(), k_key_is_odd, &record::key) ==
            std::ranges::count_if(values, k_key_is_odd, &record::key));
      CHECK(ws::ranges::min_element(policy, values, {}, &record::key) ==
            std::ranges::min_element(values, {}, &record::key));
      CHECK(ws::ranges::max_element(policy, values, std::ranges::greater{}, &record::key) ==
            std::ranges::max_element(values, std::ranges::greater{}, &record::key));
      const auto [min, max] = ws::ranges::minmax_element(policy, values, {}, &record::key);
      const auto expected = std::ranges::minmax_element(values, {}, &record::key);
      CHECK(min == expected.min);
      CHECK(max == expected.max);
    });
  }
}

TEST_CASE("order tests, adjacent_find and two-range comparisons by projection give std::ranges' answers "
          "(the subranges of search with g++ and clang 16)" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    std::vector<record> sorted = records(n, 50);
    std::ranges::sort(sorted, {}, &record::key);
    std::vector<record> heap = records(n, 1000);
    std::ranges::make_heap(heap, {}, &record::key);
    const std::vector<record> values = records(n, 50);
    // A copy whose keys differ from values' from the middle on: a late mismatch.
    std::vector<long> keys(n);
    std::ranges::transform(values, keys.begin(), &record::key);
    if (n > 2) {
      keys[n / 2 + 1] += 1;
    }
    const auto plus_one = [](long key) { return key + 1; };
    const std::vector<long> pattern = {3, 4, 5};
    for_each_policy([&](auto policy) {
      CHECK(ws::ranges::is_sorted(policy, sorted, {}, &record::key));
      CHECK(ws::ranges::is_sorted_until(policy, values, {}, &record::key) ==
            std::ranges::is_sorted_until(values, {}, &record::key));
      CHECK(ws::ranges::is_heap(policy, heap, {}, &record::key));
      CHECK(ws::ranges::is_heap_until(policy, values, std::ranges::greater{}, &record::key) ==
            std::ranges::is_heap_until(values, std::ranges::greater{}, &record::key));
      CHECK(ws::ranges::is_partitioned(policy, sorted, [](long key) { return key < 25; }, &record::key));
      CHECK(ws::ranges::is_partitioned(policy, values, k_key_is_odd, &record::key) ==
            std::ranges::is_partitioned(values, k_key_is_odd, &record::key));
      CHECK(ws::ranges::adjacent_find(policy, values, {}, &record::key) ==
            std::ranges::adjacent_find(values, {}, &record::key));

      const auto mismatch = ws::ranges::mismatch(policy, values, keys, {}, &record::key);
      const auto expected = std::ranges::mismatch(values, keys, {}, &record::key);
      CHECK(mismatch.in1 == expected.in1);
      CHECK(mismatch.in2 == expected.in2);
      CHECK(ws::ranges::equal(policy, values, keys, {}, &record::key) ==
            std::ranges::equal(values, keys, {}, &record::key));
      CHECK(ws::ranges::equal(policy, keys, values, {}, plus_one, [](const record& r) { return r.key + 1; }) ==
            std::ranges::equal(keys, values, {}, plus_one, [](const record& r) { return r.key + 1; }));

#if PSTL_WS_TEST_STD_VIEWS
      CHECK(same_subrange(ws::ranges::search(policy, values, pattern, {}, &record::key),
                          std::ranges::search(values, pattern, {}, &record::key)));
      CHECK(same_subrange(ws::ranges::find_end(policy, values, pattern, {}, &record::key),
                          std::ranges::find_end(values, pattern, {}, &record::key)));
      CHECK(same_subrange(ws::ranges::search(policy, values, std::vector<long>{}, {}, &record::key),
                          std::ranges::search(values, std::vector<long>{}, {}, &record::key)));
#endif
      CHECK(ws::ranges::find_first_of(policy, values, pattern, {}, &record::key) ==
            std::ranges::find_first_of(values, pattern, {}, &record::key));
    });
  }
}

TEST_CASE("searches from the back, for runs, prefixes, suffixes and pieces give the answers of std::ranges "
          "(the subranges with g++ and clang 16)" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 20);
    std::vector<long> keys(n);
    std::ranges::transform(values, keys.begin(), &record::key);
    const auto n_keys = static_cast<std::ptrdiff_t>(n);
    // Prefixes, suffixes and pieces of the keys, each also changed in its last element (a late difference);
    // at k_large_size only a middle piece of half the keys, which costs seconds in the Debug build.
    const bool large = n == ws_test::k_large_size;
    const std::vector<std::ptrdiff_t> lengths =
        large ? std::vector<std::ptrdiff_t>{n_keys / 2} : std::vector<std::ptrdiff_t>{1, n_keys / 2, n_keys};
    std::vector<std::vector<long>> patterns = {{}, {3, 4}};
    for (const std::ptrdiff_t length : lengths) {
      if (length > 0 && length <= n_keys) {
        const std::vector<std::ptrdiff_t> starts = large ? std::vector<std::ptrdiff_t>{(n_keys - length) / 2}
                                                         : std::vector<std::ptrdiff_t>{0, (n_keys - length) / 2,
                                                                                       n_keys - length};
        for (const std::ptrdiff_t start : starts) {
          std::vector<long> piece(keys.begin() + start, keys.begin() + start + length);
          patterns.push_back(piece);
          piece.back() += 1;
          patterns.push_back(piece);
        }
      }
    }
    patterns.push_back(std::vector<long>(n + 1, 0));
    for_each_policy([&](auto policy) {
      for (const std::vector<long>& pattern : patterns) {
        CAPTURE(pattern.size());
        const bool fits = pattern.size() <= n;
        CHECK(ws::ranges::starts_with(policy, values, pattern, {}, &record::key) ==
              (fits && std::ranges::equal(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(pattern.size()),
                                          pattern.begin(), pattern.end())));
        CHECK(ws::ranges::ends_with(policy, values, pattern, {}, &record::key) ==
              (fits && std::ranges::equal(keys.end() - static_cast<std::ptrdiff_t>(pattern.size()), keys.end(),
                                          pattern.begin(), pattern.end())));
        CHECK(ws::ranges::contains_subrange(policy, keys, pattern) ==
              (std::search(keys.begin(), keys.end(), pattern.begin(), pattern.end()) != keys.end() ||
               pattern.empty()));
      }
#if PSTL_WS_TEST_STD_VIEWS
      for (const long key : {0L, 7L, 19L, 20L}) {
        const auto expected_last = std::ranges::find(values.rbegin(), values.rend(), key, &record::key);
        const auto expected_begin = expected_last == values.rend() ? values.end() : std::prev(expected_last.base());
        const auto found = ws::ranges::find_last(policy, values, key, &record::key);
        CHECK(found.begin() == expected_begin);
        CHECK(found.end() == values.end());
        const auto is_key = [key](long x) { return x == key; };
        CHECK(ws::ranges::find_last_if(policy, values, is_key, &record::key).begin() == expected_begin);
        CHECK(ws::ranges::find_last_if_not(policy, keys, [key](long x) { return x != key; }).begin() ==
              keys.begin() + (expected_begin - values.begin()));
        for (const std::ptrdiff_t count : {std::ptrdiff_t{-1}, std::ptrdiff_t{0}, std::ptrdiff_t{1},
                                           std::ptrdiff_t{2}, n_keys + 1}) {
          CAPTURE(count);
          CHECK(same_subrange(ws::ranges::search_n(policy, values, count, key, {}, &record::key),
                              std::ranges::search_n(values, count, key, {}, &record::key)));
        }
      }
#endif
    });
  }
}

TEST_CASE("min, max, includes and lexicographical_compare by projections give std::ranges' answers" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    std::vector<record> sorted = records(n, 100);
    std::ranges::sort(sorted, {}, &record::key);
    // Every other key, plus one key absent from sorted (an odd one past the end) in some copies.
    std::vector<long> some_keys;
    for (std::size_t i = 0; i < n; i += 2) {
      some_keys.push_back(sorted[i].key);
    }
    std::vector<long> with_absent = some_keys;
    with_absent.push_back(1000);
    const auto negated = [](long key) { return -key; };
    const auto negated_key = [](const record& r) { return -r.key; };
    for_each_policy([&](auto policy) {
      if (n > 0) {
        CHECK(ws::ranges::min(policy, sorted, {}, &record::key) == std::ranges::min(sorted, {}, &record::key));
        CHECK(ws::ranges::max(policy, sorted, {}, &record::key) == std::ranges::max(sorted, {}, &record::key));
        const auto [min, max] = ws::ranges::minmax(policy, std::vector<record>(sorted), {}, &record::key);
        const auto expected = std::ranges::minmax(sorted, {}, &record::key);
        CHECK(min == expected.min);
        CHECK(max == expected.max);
      } else {
        CHECK_THROWS_AS(ws::ranges::min(policy, some_keys), std::invalid_argument);
        CHECK_THROWS_AS(ws::ranges::minmax(policy, std::vector<long>{}), std::invalid_argument);
      }

      CHECK(ws::ranges::includes(policy, sorted, some_keys, {}, &record::key));
      CHECK(ws::ranges::includes(policy, sorted, with_absent, {}, &record::key) ==
            std::ranges::includes(sorted, with_absent, {}, &record::key));
      CHECK(ws::ranges::includes(policy, some_keys, sorted, std::ranges::greater{}, negated, negated_key) ==
            std::ranges::includes(some_keys, sorted, std::ranges::greater{}, negated, negated_key));

      CHECK(ws::ranges::lexicographical_compare(policy, sorted, some_keys, {}, &record::key) ==
            std::ranges::lexicographical_compare(sorted, some_keys, {}, &record::key));
      CHECK(ws::ranges::lexicographical_compare(policy, some_keys, sorted, {}, {}, &record::key) ==
            std::ranges::lexicographical_compare(some_keys, sorted, {}, {}, &record::key));
      CHECK(ws::ranges::lexicographical_compare(policy, sorted, sorted, std::ranges::greater{}, &record::key,
                                                &record::payload) ==
            std::ranges::lexicographical_compare(sorted, sorted, std::ranges::greater{}, &record::key,
                                                 &record::payload));
    });
  }
}

TEST_CASE("for_each visits every element once through the projection and returns the end" *
          doctest::timeout(120)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    for_each_policy([&](auto policy) {
      std::vector<record> v = records(n, 10);
      CHECK(ws::ranges::for_each(policy, v, [](long& payload) { payload = -payload - 1; }, &record::payload) ==
            v.end());
      CHECK(std::ranges::all_of(ws_test::iota(std::size_t{0}, n),
                                [&](std::size_t i) { return v[i].payload == -static_cast<long>(i) - 1; }));
      const auto half = static_cast<std::ptrdiff_t>(n / 2);
      CHECK(ws::ranges::for_each_n(policy, v.begin(), half, [](record& r) { r.payload = 0; }) == v.begin() + half);
      CHECK(std::ranges::count(v, 0L, &record::payload) == half);
    });
  }
}

TEST_CASE("copy, transform, replace and fill write what std::ranges writes and return where they stopped" * doctest::timeout(120)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 1000);
    std::vector<long> doubled(n);
    std::ranges::transform(values, doubled.begin(), [](long key) { return 2 * key; }, &record::key);
    std::vector<long> sums(n);
    std::ranges::transform(values, doubled, sums.begin(), std::plus<>{}, &record::key);
    for_each_policy([&](auto policy) {
      std::vector<record> out(n);
      const auto copied = ws::ranges::copy(policy, values, out);
      CHECK(copied.in == values.end());
      CHECK(copied.out == out.end());
      CHECK(out == values);

      std::vector<long> keys(n);
      CHECK(ws::ranges::transform(policy, values, keys, [](long key) { return 2 * key; }, &record::key).out ==
            keys.end());
      CHECK(keys == doubled);
      const auto summed = ws::ranges::transform(policy, values, doubled, keys, std::plus<>{}, &record::key);
      CHECK(summed.in1 == values.end());
      CHECK(summed.in2 == doubled.end());
      CHECK(keys == sums);

      std::vector<record> replaced = values;
      std::vector<record> expected_replaced = values;
      std::ranges::replace(expected_replaced, 17L, record{-1, -1}, &record::key);
      CHECK(ws::ranges::replace(policy, replaced, 17L, record{-1, -1}, &record::key) == replaced.end());
      CHECK(replaced == expected_replaced);
      std::ranges::replace_if(expected_replaced, k_key_is_odd, record{-2, -2}, &record::key);
      CHECK(ws::ranges::replace_if(policy, replaced.begin(), replaced.end(), k_key_is_odd, record{-2, -2},
                                   &record::key) == replaced.end());
      CHECK(replaced == expected_replaced);

      CHECK(ws::ranges::fill(policy, keys, 7L) == keys.end());
      CHECK(std::ranges::count(keys, 7L) == static_cast<std::ptrdiff_t>(n));
      const auto few = std::min<std::ptrdiff_t>(3, static_cast<std::ptrdiff_t>(n));
      CHECK(ws::ranges::fill_n(policy, keys.begin(), few, 8L) == keys.begin() + few);
      CHECK(std::ranges::count(keys, 8L) == few);
    });
  }
}

TEST_CASE("an output shorter than the input is filled and never written past its end" * doctest::timeout(120)) {
  constexpr std::size_t n = 10'007;
  constexpr std::size_t room = 4'001;
  constexpr long k_guard = -99;
  const std::vector<long> values = ws_test::random_values(n, 1000);
  const std::span<const long> head(values.data(), room);
  for_each_policy([&](auto policy) {
    // The output is the first `room` elements of a longer vector: the rest is
    // a guard that must stay as it was.
    std::vector<long> out(n, k_guard);
    const std::span<long> bounded(out.data(), room);
    const auto copied = ws::ranges::copy(policy, values, bounded);
    CHECK(copied.in == values.begin() + room);
    CHECK(copied.out == bounded.end());
    CHECK(std::ranges::equal(bounded, head));
    CHECK(std::ranges::count(out, k_guard) == static_cast<std::ptrdiff_t>(n - room));

    std::ranges::fill(out, k_guard);
    const auto counted = ws::ranges::copy_n(policy, values.begin(), static_cast<std::ptrdiff_t>(n), out.begin(),
                                            out.begin() + room);
    CHECK(counted.in == values.begin() + room);
    CHECK(std::ranges::count(out, k_guard) == static_cast<std::ptrdiff_t>(n - room));

    std::ranges::fill(out, k_guard);
    const std::span<const long> longer_than_room(values.data(), room + 5);
    const auto summed = ws::ranges::transform(policy, values, longer_than_room, bounded, std::plus<>{});
    CHECK(summed.in1 == values.begin() + room);
    CHECK(summed.in2 == longer_than_room.begin() + room);
    CHECK(summed.out == bounded.end());
    CHECK(std::ranges::count(out, k_guard) == static_cast<std::ptrdiff_t>(n - room));

    // The shorter input bounds the call when the output has room to spare.
    const auto shorter = ws::ranges::transform(policy, head, out, std::negate<>{});
    CHECK(shorter.in == head.end());
    CHECK(shorter.out == out.begin() + room);
    CHECK(out[room] == k_guard);
  });
}

TEST_CASE("iterator and sized sentinel pairs work as ranges do" * doctest::timeout(120)) {
  constexpr std::size_t n = 5'003;
  const std::vector<long> values = ws_test::random_values(n, 500);
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    // counted_iterator with default_sentinel: a sentinel of another type than
    // the iterator, whose distance to it is known.
    const std::counted_iterator first(values.begin(), static_cast<std::ptrdiff_t>(n));
    const auto found = ws::ranges::find(policy, first, std::default_sentinel, 250L);
    CHECK(found.base() == std::ranges::find(values, 250L));
    CHECK(ws::ranges::count_if(policy, first, std::default_sentinel, [](long x) { return x < 100; }) ==
          std::ranges::count_if(values, [](long x) { return x < 100; }));

    std::vector<long> v = values;
    const auto sorted_end = ws::ranges::sort(policy, std::counted_iterator(v.begin(), static_cast<std::ptrdiff_t>(n)),
                                             std::default_sentinel);
    CHECK(sorted_end.base() == v.end());
    CHECK(std::ranges::is_sorted(v));
  });
}

TEST_CASE("views as inputs: an integer sequence and a transformed vector (with g++ and clang 16)" * doctest::timeout(120)) {
  constexpr long n = 100'003;
  const auto indices = ws_test::iota(0L, n);
  std::vector<long> squares(n);
  for (long i = 0; i < n; ++i) {
    squares[static_cast<std::size_t>(i)] = i * i;
  }
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<long> out(n);
    ws::ranges::transform(policy, indices, out, [](long i) { return i * i; });
    CHECK(out == squares);
    CHECK(ws::ranges::count_if(policy, indices, [](long i) { return i % 3 == 0; }) == (n + 2) / 3);

#if PSTL_WS_TEST_STD_VIEWS
    const auto halves = squares | std::views::transform([](long x) { return x / 2; });
    CHECK(ws::ranges::find(policy, halves, 50L) == std::ranges::find(halves, 50L));
    CHECK(*ws::ranges::max_element(policy, halves) == squares.back() / 2);
#endif
  });
}

TEST_CASE("move-only elements sort by projection and move to an output" * doctest::timeout(120)) {
  constexpr std::size_t n = 20'011;
  const std::vector<long> keys = ws_test::random_values(n, 5000);
  std::vector<long> sorted_keys = keys;
  std::ranges::sort(sorted_keys);
  const auto pointee = [](const std::unique_ptr<long>& p) { return *p; };
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<std::unique_ptr<long>> v;
    for (const long key : keys) {
      v.push_back(std::make_unique<long>(key));
    }
    ws::ranges::stable_sort(policy, v, {}, pointee);
    std::vector<std::unique_ptr<long>> out(n);
    const auto moved = ws::ranges::move(policy, v, out);
    CHECK(moved.out == out.end());
    CHECK(std::ranges::all_of(v, [](const auto& p) { return p == nullptr; }));
    CHECK(std::ranges::equal(out, sorted_keys, {}, pointee));
  });
}

TEST_CASE("a temporary range that does not borrow gives std::ranges::dangling, a view its iterator" *
          doctest::timeout(60)) {
#if PSTL_WS_TEST_STD_VIEWS
  using temporary_search = decltype(ws::ranges::search(ws::par, std::vector<long>{}, std::vector<long>{}));
  static_assert(std::is_same_v<temporary_search, std::ranges::dangling>);
#endif
  using mismatch_of_temporary =
      decltype(ws::ranges::mismatch(ws::par, std::vector<long>{}, std::declval<std::vector<long>&>()));
  static_assert(std::is_same_v<mismatch_of_temporary,
                               std::ranges::mismatch_result<std::ranges::dangling, std::vector<long>::iterator>>);
  using temporary_find = decltype(ws::ranges::find(ws::par, std::vector<long>{}, 1L));
  static_assert(std::is_same_v<temporary_find, std::ranges::dangling>);
  using temporary_sort = decltype(ws::ranges::sort(ws::par, std::vector<long>{}));
  static_assert(std::is_same_v<temporary_sort, std::ranges::dangling>);
  using copy_into_temporary =
      decltype(ws::ranges::copy(ws::par, std::declval<std::vector<long>&>(), std::vector<long>{}));
  static_assert(std::is_same_v<copy_into_temporary,
                               std::ranges::copy_result<std::vector<long>::iterator, std::ranges::dangling>>);
  using view_find = decltype(ws::ranges::find(ws::par, std::span<long>{}, 1L));
  static_assert(std::is_same_v<view_find, std::span<long>::iterator>);
  using count_of_temporary = decltype(ws::ranges::count(ws::par, std::vector<long>{}, 1L));
  static_assert(std::is_same_v<count_of_temporary, std::ptrdiff_t>);

  std::vector<long> v = {3, 1, 2};
  CHECK(ws::ranges::find(ws::par, std::span<long>(v), 2L) == std::span<long>(v).begin() + 2);
}

TEST_CASE("an exception from a projection reaches the caller and the pool stays usable" * doctest::timeout(120)) {
  constexpr std::size_t n = 50'000;
  const std::vector<record> values = records(n, 1000);
  const auto throwing_key = [](const record& r) {
    if (r.payload == 30'000) {
      throw ws_test::thrown{r.payload};
    }
    return r.key;
  };
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<record> v = values;
    CHECK(ws_test::thrown_element([&] { ws::ranges::sort(policy, v, {}, throwing_key); }) == 30'000);
    CHECK(holds_the_records_of(v, values));
    CHECK(ws_test::thrown_element([&] { ws::ranges::count_if(policy, v, k_key_is_odd, throwing_key); }) == 30'000);
    CHECK(ws::ranges::count_if(policy, v, k_key_is_odd, &record::key) ==
          std::ranges::count_if(values, k_key_is_odd, &record::key));
  });
}
