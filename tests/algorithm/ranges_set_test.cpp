// SPDX-License-Identifier: MIT
// ws::ranges' set operations against std::ranges': the first elements of
// the serial output, as many as fit, and where each range was left, checked
// against P3179's definition of the elements copied or skipped (computed
// here from the runs of equivalent keys, not by a second walk).
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <span>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"
#include "ranges_test_support.hpp"

using ws_test::for_each_policy;
using ws_test::k_grain;
using ws_test::record;
using ws_test::records;

namespace {

constexpr long k_second = 1L << 40;  // payloads of the second range start here, past those of the first
constexpr record k_unwritten{-99, -99};

using positions = std::pair<std::size_t, std::size_t>;

/// Two sorted ranges of records keyed by `key`, the second's payloads offset
/// by k_second, so that every output element tells where it came from.
struct two_ranges {
  std::vector<record> first;
  std::vector<record> second;

  two_ranges(std::size_t n1, std::size_t n2, long modulus) : first(records(n1, modulus)), second(records(n2, modulus)) {
    for (record& r : second) {
      r.payload += k_second;
    }
    std::ranges::sort(first, {}, &record::key);
    std::ranges::sort(second, {}, &record::key);
  }

  /// Where the index of e is in its range, and the start and length of the
  /// runs of e's key in each range.
  struct place {
    bool from_first;
    std::size_t index;
    std::size_t low1, run1, low2, run2;
  };

  [[nodiscard]] place place_of(const record& e) const {
    const bool from_first = e.payload < k_second;
    const std::vector<record>& own = from_first ? first : second;
    const auto [low1, run1] = run_of(first, e.key);
    const auto [low2, run2] = run_of(second, e.key);
    return {from_first, index_of(own, std::ranges::find(own, e)), low1, run1, low2, run2};
  }

  static std::size_t index_of(const std::vector<record>& v, std::vector<record>::const_iterator it) {
    return static_cast<std::size_t>(it - v.begin());
  }

  /// The start and length of the run of `key` in v (std::ranges::equal_range
  /// returns a subrange, which clang 14 cannot compile with libstdc++).
  static std::pair<std::size_t, std::size_t> run_of(const std::vector<record>& v, long key) {
    const std::size_t low = index_of(v, std::ranges::lower_bound(v, key, {}, &record::key));
    return {low, index_of(v, std::ranges::upper_bound(v, key, {}, &record::key)) - low};
  }

  /// P3179's copied or skipped elements before the output element e that did
  /// not fit: those of its own range before it, and of the other range those
  /// less than it or equivalent to it and paired (the run's first ones, as
  /// many as e has predecessors in its own run).
  [[nodiscard]] positions before(const record& e) const {
    const place p = place_of(e);
    if (p.from_first) {
      return {p.index, p.low2 + std::min(p.index - p.low1, p.run2)};
    }
    return {p.low1 + std::min(p.index - p.low2, p.run1), p.index};
  }
};

/// Checks result (of ws::ranges::set_xxx into `bounded`, the front of out)
/// against `whole`, the serial output: its first N = min(M, room) elements
/// written and nothing after them; the input positions P3179 defines
/// (`before` the element that did not fit) or, when all fit, `all_fit`.
template <class Result>
void check_result(const Result& result, const two_ranges& in, const std::vector<record>& whole,
                  std::vector<record>& out, std::span<record> bounded, positions all_fit) {
  const std::size_t written = std::min(bounded.size(), whole.size());
  const positions expected = written < whole.size() ? in.before(whole[written]) : all_fit;
  CHECK(result.in1 == in.first.begin() + static_cast<std::ptrdiff_t>(expected.first));
  CHECK(result.in2 == in.second.begin() + static_cast<std::ptrdiff_t>(expected.second));
  CHECK(result.out == bounded.begin() + static_cast<std::ptrdiff_t>(written));
  CHECK(std::ranges::equal(std::span(out.data(), written), std::span(whole.data(), written)));
  CHECK(std::ranges::all_of(out.begin() + static_cast<std::ptrdiff_t>(written), out.end(),
                            [](const record& r) { return r == k_unwritten; }));
  std::ranges::fill(out, k_unwritten);
}

/// Runs one set operation, ws_op against std_op, over every size around the
/// grain, rooms from none to more than enough, every policy, and one
/// projection (the parallel windows) or two (the serial walk).
/// all_fit(in, whole) gives the positions when everything fits.
template <class WsOp, class StdOp, class AllFit>
void check_set_operation(WsOp ws_op, StdOp std_op, AllFit all_fit) {
  const auto key_of = [](const record& r) { return r.key; };
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    const bool large = n == ws_test::k_large_size;
    for (const long modulus : {7L, 1'000'000L}) {  // long runs of equivalent keys, then hardly any
      if (large && modulus == 7) {  // seven windows at most, each a long serial walk: the small sizes cover it
        continue;
      }
      CAPTURE(n);
      CAPTURE(modulus);
      const two_ranges in(n, n / 2 + 3, modulus);
      std::vector<record> whole;
      std_op(in.first, in.second, std::back_inserter(whole), std::ranges::less{}, &record::key, &record::key);
      const positions fit = all_fit(in, whole);
      for_each_policy([&](auto policy) {
        for (const std::size_t room : large ? std::vector<std::size_t>{whole.size() / 3}
                                            : std::vector<std::size_t>{0, whole.size() / 3, whole.size(),
                                                                        whole.size() + 2}) {
          CAPTURE(room);
          std::vector<record> out(room + 1, k_unwritten);
          const std::span<record> bounded(out.data(), room);
          check_result(ws_op(policy, in.first, in.second, bounded, {}, &record::key, &record::key), in, whole, out,
                       bounded, fit);
          if (!large) {
            check_result(ws_op(policy, in.first, in.second, bounded, {}, &record::key, key_of), in, whole, out,
                         bounded, fit);
          }
        }
      });
    }
  }
}

/// Where a walk that writes both rests ends: at both ends.
positions both_ends(const two_ranges& in, const std::vector<record>& /*whole*/) {
  return {in.first.size(), in.second.size()};
}

}  // namespace

TEST_CASE("set_union writes what fits of std::ranges::set_union's output and stops where the next element waits" *
          doctest::timeout(300)) {
  check_set_operation(ws::ranges::set_union, std::ranges::set_union, both_ends);
}

TEST_CASE("set_symmetric_difference writes what fits of std's output and stops where the next element waits" *
          doctest::timeout(300)) {
  check_set_operation(ws::ranges::set_symmetric_difference, std::ranges::set_symmetric_difference, both_ends);
}

TEST_CASE("set_intersection writes what fits of std's output and, when all fits, ends just after its last pair" *
          doctest::timeout(300)) {
  check_set_operation(ws::ranges::set_intersection, std::ranges::set_intersection,
                      [](const two_ranges& in, const std::vector<record>& whole) -> positions {
                        if (whole.empty()) {
                          return {0, 0};
                        }
                        const positions last = in.before(whole.back());
                        return {last.first + 1, last.second + 1};
                      });
}

TEST_CASE("set_difference writes what fits of std's output and, when all fits, ends after the first range and "
          "what of the second came before its end or was paired" *
          doctest::timeout(300)) {
  check_set_operation(ws::ranges::set_difference, std::ranges::set_difference,
                      [](const two_ranges& in, const std::vector<record>& /*whole*/) -> positions {
                        if (in.first.empty()) {
                          return {0, 0};
                        }
                        const two_ranges::place p = in.place_of(in.first.back());
                        return {in.first.size(), p.low2 + std::min(p.run1, p.run2)};
                      });
}

TEST_CASE("set operations of ranges that are not sorted write what fits and stay inside every range" *
          doctest::timeout(120)) {
  if (ws_test::skips_bad_comparators()) {  // the binary searches that cut the windows abort on unsorted ranges
    return;
  }
  const std::vector<record> first = records(5'000, 100);
  const std::vector<record> second = records(3'000, 100);
  for_each_policy([&](auto policy) {
    std::vector<record> out(4'000, k_unwritten);
    const auto result = ws::ranges::set_union(policy, first, second, out, {}, &record::key, &record::key);
    CHECK(result.in1 >= first.begin());
    CHECK(result.in1 <= first.end());
    CHECK(result.in2 >= second.begin());
    CHECK(result.in2 <= second.end());
    CHECK(result.out == out.end());
  });
}

TEST_CASE("an exception from the comparator of a set operation reaches the caller and the pool stays usable" *
          doctest::timeout(120)) {
  const two_ranges in(50'000, 30'000, 1'000'000);
  const auto throwing_less = [](long a, long b) {
    if (a == 123'456 || b == 123'456) {
      throw ws_test::thrown{123'456};
    }
    return a < b;
  };
  std::vector<record> thrown_at(in.first);
  thrown_at[thrown_at.size() / 2].key = 123'456;  // still sorted: keys are below a million
  std::ranges::sort(thrown_at, {}, &record::key);
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<record> out(in.first.size() + in.second.size());
    CHECK(ws_test::thrown_element([&] {
            (void)ws::ranges::set_intersection(policy, thrown_at, in.second, out, throwing_less, &record::key,
                                               &record::key);
          }) == 123'456);
    std::vector<record> expected;
    std::ranges::set_intersection(in.first, in.second, std::back_inserter(expected), {}, &record::key,
                                  &record::key);
    const auto result =
        ws::ranges::set_intersection(policy, in.first, in.second, out, {}, &record::key, &record::key);
    CHECK(std::ranges::equal(out.begin(), result.out, expected.begin(), expected.end()));
  });
}
