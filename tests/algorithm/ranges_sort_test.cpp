// SPDX-License-Identifier: MIT
// ws::ranges' sorts against the serial std::ranges ones: sort and
// stable_sort by projection (by an arithmetic member they take the radix
// sort, checked element for element against std::ranges::stable_sort, with
// -0.0, NaN and duplicate keys), partial_sort, nth_element and
// inplace_merge.
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithm_test_support.hpp"
#include "ranges_test_support.hpp"

using ws_test::for_each_policy;
using ws_test::holds_the_records_of;
using ws_test::k_grain;
using ws_test::record;
using ws_test::records;

TEST_CASE("sorts by projection give std::ranges' order, stable_sort keeping equal keys in order" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 100);
    std::vector<record> stable = values;
    std::ranges::stable_sort(stable, std::ranges::greater{}, &record::key);
    for_each_policy([&](auto policy) {
      std::vector<record> v = values;
      CHECK(ws::ranges::sort(policy, v, {}, &record::key) == v.end());
      CHECK(std::ranges::is_sorted(v, {}, &record::key));
      CHECK(holds_the_records_of(v, values));

      v = values;
      CHECK(ws::ranges::stable_sort(policy, v.begin(), v.end(), std::ranges::greater{}, &record::key) == v.end());
      CHECK(v == stable);
    });
  }
}

TEST_CASE("arithmetic elements sort without a projection, as std::ranges::sort sorts them" * doctest::timeout(120)) {
  const std::vector<long> values = ws_test::random_values(100'003, 1'000'000);
  std::vector<long> expected = values;
  std::ranges::sort(expected, std::ranges::greater{});
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<long> v = values;
    ws::ranges::sort(policy, v, std::ranges::greater{});
    CHECK(v == expected);
    v = values;
    ws::ranges::stable_sort(ws::seq, v, std::ranges::greater{});
    CHECK(v == expected);
  });
}

namespace {

/// An element sorted by an arithmetic member, its index telling apart
/// elements with equal keys.
template <class K>
struct keyed {
  K key;
  std::uint32_t index;
};

/// n elements with keys of type K: duplicates, both signs, and for floating
/// point -0.0 and +0.0 (equal, so a stable sort keeps them in input order)
/// and, when `with_nan`, some NaNs.
template <class K>
std::vector<keyed<K>> keyed_values(std::size_t n, bool with_nan) {
  const std::vector<long> draws = ws_test::random_values(n, 2000);
  std::vector<keyed<K>> result(n);
  for (std::size_t i = 0; i < n; ++i) {
    K key = static_cast<K>(draws[i] - (std::is_signed_v<K> ? 1000 : 0));
    if constexpr (std::is_floating_point_v<K>) {
      key = draws[i] % 7 == 0 ? (i % 2 == 0 ? K(-0.0) : K(0.0)) : key / 8;
      if (with_nan && draws[i] % 101 == 0) {
        key = std::numeric_limits<K>::quiet_NaN();
      }
    }
    result[i] = {key, static_cast<std::uint32_t>(i)};
  }
  return result;
}

/// Whether a and b hold the same elements in the same order, comparing keys
/// by their bits (so -0.0 differs from +0.0 and a NaN equals itself).
template <class K>
bool same_elements(const std::vector<keyed<K>>& a, const std::vector<keyed<K>>& b) {
  return std::ranges::equal(a, b, [](const keyed<K>& x, const keyed<K>& y) {
    return std::bit_cast<std::array<unsigned char, sizeof(K)>>(x.key) ==
               std::bit_cast<std::array<unsigned char, sizeof(K)>>(y.key) &&
           x.index == y.index;
  });
}

/// ws::ranges::sort and stable_sort by the member key, and by a noexcept
/// lambda that reads it, against std::ranges::stable_sort: the radix sort on
/// projected keys, ascending and descending.
template <class K, class Comp>
void check_radix_by_projection(Comp comp) {
  using element = keyed<K>;
  const auto key_of = [](const element& e) noexcept { return e.key; };
  static_assert(ws::detail::uses_radix_sort_v<element*, decltype(ws::detail::projected(comp, &element::key))>);
  static_assert(ws::detail::uses_radix_sort_v<element*, decltype(ws::detail::projected(comp, key_of))>);
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<element> values = keyed_values<K>(n, false);
    std::vector<element> expected = values;
    std::ranges::stable_sort(expected, comp, &element::key);
    for_each_policy([&](auto policy) {
      std::vector<element> v = values;
      ws::ranges::stable_sort(policy, v, comp, &element::key);
      CHECK(same_elements(v, expected));
      v = values;
      ws::ranges::sort(policy, v, comp, key_of);
      CHECK(std::ranges::equal(v, expected, {}, &element::key, &element::key));
    });
  }
}

/// With NaN keys (no strict weak order, so std:: gives no result to compare
/// with) the sort still holds every element once, the others in order.
template <class K>
void check_radix_with_nan() {
  using element = keyed<K>;
  const std::vector<element> values = keyed_values<K>(100'003, true);
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<element> v = values;
    ws::ranges::sort(policy, v, {}, &element::key);
    std::vector<element> numbers;
    std::ranges::copy_if(v, std::back_inserter(numbers), [](const element& e) { return !std::isnan(e.key); });
    CHECK(std::ranges::is_sorted(numbers, {}, &element::key));
    std::ranges::sort(v, {}, &element::index);
    CHECK(same_elements(v, values));
  });
}

}  // namespace

TEST_CASE("sorts by an arithmetic member take the radix sort and give std::ranges::stable_sort's order" *
          doctest::timeout(300)) {
  check_radix_by_projection<std::uint8_t>(std::ranges::less{});
  check_radix_by_projection<std::int16_t>(std::ranges::greater{});
  check_radix_by_projection<std::uint32_t>(std::ranges::less{});
  check_radix_by_projection<std::int64_t>(std::ranges::greater{});
  check_radix_by_projection<float>(std::ranges::less{});
  check_radix_by_projection<double>(std::ranges::greater{});
}

TEST_CASE("sorts by a floating-point member with NaNs keep every element and order the others" *
          doctest::timeout(120)) {
  check_radix_with_nan<float>();
  check_radix_with_nan<double>();
}

TEST_CASE("sorts the radix sort cannot take (a throwing projection, elements that are not trivially copyable) "
          "compare instead" * doctest::timeout(120)) {
  struct named {
    std::string name;
    int key;
  };
  const auto throwing_key = [](const keyed<int>& e) { return e.key; };
  static_assert(!ws::detail::uses_radix_sort_v<keyed<int>*, decltype(ws::detail::projected(std::ranges::less{},
                                                                                            throwing_key))>);
  static_assert(!ws::detail::uses_radix_sort_v<named*, decltype(ws::detail::projected(std::ranges::less{},
                                                                                       &named::key))>);
  const std::vector<keyed<int>> values = keyed_values<int>(50'000, false);
  std::vector<named> names(values.size());
  std::ranges::transform(values, names.begin(),
                         [](const keyed<int>& e) { return named{std::to_string(e.index), e.key}; });
  std::vector<keyed<int>> expected = values;
  std::ranges::stable_sort(expected, {}, &keyed<int>::key);
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<keyed<int>> v = values;
    ws::ranges::stable_sort(policy, v, {}, throwing_key);
    CHECK(same_elements(v, expected));
    std::vector<named> n = names;
    ws::ranges::stable_sort(policy, n, {}, &named::key);
    CHECK(std::ranges::equal(n, expected, {}, &named::name,
                             [](const keyed<int>& e) { return std::to_string(e.index); }));
  });
}


TEST_CASE("partial_sort, nth_element and inplace_merge by projection order as std::ranges orders" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 100);
    std::vector<record> sorted = values;
    std::ranges::stable_sort(sorted, {}, &record::key);
    // Two sorted runs, the second a little shorter: what inplace_merge takes.
    std::vector<record> runs = values;
    const auto middle_of_runs = runs.begin() + static_cast<std::ptrdiff_t>(n / 2 + n / 7);
    std::ranges::stable_sort(runs.begin(), middle_of_runs, {}, &record::key);
    std::ranges::stable_sort(middle_of_runs, runs.end(), {}, &record::key);
    for_each_policy([&](auto policy) {
      for (const std::size_t k : ws_test::cuts(n)) {
        CAPTURE(k);
        const auto at = [k](std::vector<record>& v) { return v.begin() + static_cast<std::ptrdiff_t>(k); };
        std::vector<record> v = values;
        CHECK(ws::ranges::partial_sort(policy, v, at(v), {}, &record::key) == v.end());
        CHECK(std::ranges::equal(v.begin(), at(v), sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(k),
                                 {}, &record::key, &record::key));
        CHECK(holds_the_records_of(v, values));

        v = values;
        CHECK(ws::ranges::nth_element(policy, v.begin(), at(v), v.end(), {}, &record::key) == v.end());
        if (k < n) {
          CHECK(at(v)->key == sorted[k].key);
          CHECK(std::ranges::all_of(v.begin(), at(v), [&](const record& r) { return r.key <= at(v)->key; }));
          CHECK(std::ranges::all_of(at(v), v.end(), [&](const record& r) { return r.key >= at(v)->key; }));
        }
        CHECK(holds_the_records_of(v, values));
      }
      std::vector<record> merged = runs;
      const auto middle = merged.begin() + (middle_of_runs - runs.begin());
      CHECK(ws::ranges::inplace_merge(policy, merged, middle, {}, &record::key) == merged.end());
      std::vector<record> expected = runs;
      std::ranges::inplace_merge(expected, expected.begin() + (middle_of_runs - runs.begin()), {}, &record::key);
      CHECK(merged == expected);
    });
  }
}

namespace {

/// The keys of the first room elements of v (all of them if fewer).
std::vector<long> first_keys(const std::vector<record>& v, std::size_t room) {
  std::vector<long> keys;
  for (std::size_t i = 0; i < std::min(room, v.size()); ++i) {
    keys.push_back(v[i].key);
  }
  return keys;
}

}  // namespace

TEST_CASE("merge into an output of every length writes the first merged elements and says how many came from each "
          "range, with one projection or two" *
          doctest::timeout(300)) {
  constexpr long k_second = 1L << 40;  // payloads of the second range start here, past those of the first
  const auto key_of = [](const record& r) { return r.key; };
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    std::vector<record> first = records(n, 60);
    std::ranges::sort(first, {}, &record::key);
    std::vector<record> second = records(n / 2 + 3, 60);
    for (record& r : second) {
      r.payload += k_second;
    }
    std::ranges::sort(second, {}, &record::key);
    std::vector<record> merged(first.size() + second.size());
    std::ranges::merge(first, second, merged.begin(), {}, &record::key, &record::key);
    for_each_policy([&](auto policy) {
      for (const std::size_t room : {std::size_t{0}, merged.size() / 3, merged.size(), merged.size() + 2}) {
        CAPTURE(room);
        const std::size_t written = std::min(room, merged.size());
        const auto from_first = static_cast<std::ptrdiff_t>(std::ranges::count_if(
            merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(written),
            [](const record& r) { return r.payload < k_second; }));
        std::vector<record> out(room + 1, record{-99, -99});
        const std::span<record> bounded(out.data(), room);
        const auto w = static_cast<std::ptrdiff_t>(written);
        const auto check = [&](const auto& result) {
          CHECK(result.in1 == first.begin() + from_first);
          CHECK(result.in2 == second.begin() + (w - from_first));
          CHECK(result.out == bounded.begin() + w);
          CHECK(std::ranges::equal(out.begin(), out.begin() + w, merged.begin(), merged.begin() + w));
          CHECK(std::ranges::all_of(out.begin() + w, out.end(), [](const record& r) { return r.key == -99; }));
          std::ranges::fill(out, record{-99, -99});
        };
        // One projection (ws::merge), then two that are not one function (std::ranges::merge on the calling
        // thread, whatever the pool).
        check(ws::ranges::merge(policy, first, second, bounded, {}, &record::key, &record::key));
        check(ws::ranges::merge(policy, first, second, bounded, {}, &record::key, key_of));
      }
    });
  }
}

TEST_CASE("two projections are taken for one function only when they must be the same: one type, and stateless "
          "or equal" *
          doctest::timeout(60)) {
  const auto key_of = [](const record& r) { return r.key; };
  long offset = 1;  // not a constant, so that the lambda must capture it
  const auto shifted_key = [offset](const record& r) { return r.key + offset; };
  CHECK(ws::detail::same_projection(std::identity{}, std::identity{}));
  CHECK(ws::detail::same_projection(&record::key, &record::key));
  CHECK_FALSE(ws::detail::same_projection(&record::key, &record::payload));
  CHECK(ws::detail::same_projection(key_of, key_of));
  CHECK_FALSE(ws::detail::same_projection(shifted_key, shifted_key));
  CHECK_FALSE(ws::detail::same_projection(&record::key, key_of));

  // Two member pointers of one type that differ: merged by each range's own member.
  std::vector<record> by_key = records(10'007, 50);
  std::ranges::sort(by_key, {}, &record::key);
  std::vector<record> by_payload = records(5'003, 50);
  for (record& r : by_payload) {
    r.payload %= 40;
  }
  std::ranges::sort(by_payload, {}, &record::payload);
  std::vector<record> expected(by_key.size() + by_payload.size());
  std::ranges::merge(by_key, by_payload, expected.begin(), {}, &record::key, &record::payload);
  std::vector<record> merged(expected.size());
  CHECK(ws::ranges::merge(ws::par, by_key, by_payload, merged, {}, &record::key, &record::payload).out ==
        merged.end());
  CHECK(merged == expected);
}

TEST_CASE("partial_sort_copy into an output of every length copies the smallest elements sorted, with one "
          "projection or two" *
          doctest::timeout(300)) {
  const auto key_of = [](const record& r) { return r.key; };
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 100);
    std::vector<record> sorted = values;
    std::ranges::sort(sorted, {}, &record::key);
    for (const std::size_t room : {std::size_t{0}, n / 3, n, n + 2}) {
      CAPTURE(room);
      const auto written = static_cast<std::ptrdiff_t>(std::min(room, n));
      std::vector<record> out(room, record{-99, -99});
      const auto check = [&](const auto& copied) {
        CHECK(copied.in == values.end());
        CHECK(copied.out == out.begin() + written);
        CHECK(first_keys(std::vector<record>(out.begin(), copied.out), room) == first_keys(sorted, room));
      };
      for_each_policy([&](auto policy) {
        check(ws::ranges::partial_sort_copy(policy, values.begin(), values.end(), out.begin(), out.end(), {},
                                            &record::key, &record::key));
      });
      // Two projections that are not one function: std::ranges::partial_sort_copy, once. Not at k_large_size:
      // libstdc++'s debug mode checks the whole heap on every push_heap, which makes it quadratic.
      if (n != ws_test::k_large_size) {
        check(ws::ranges::partial_sort_copy(ws::par, values, out, {}, &record::key, key_of));
      }
    }
  }
}
