// SPDX-License-Identifier: MIT
// ws::ranges' algorithms that reorder, replace or remove elements, against
// the serial std::ranges ones: reverse, rotate, shift_left, shift_right,
// swap_ranges, partition, stable_partition, remove, remove_if, unique, and
// the copies into bounded outputs (reverse_copy, rotate_copy, replace_copy,
// replace_copy_if), which write what fits and never past the output's end.
// The algorithms that return a subrange are compiled with g++ and clang 16
// only (ranges_test_support.hpp says why).
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <span>
#include <vector>

#include "algorithm_test_support.hpp"
#include "ranges_test_support.hpp"

using ws_test::cuts;
using ws_test::for_each_policy;
using ws_test::k_grain;
using ws_test::k_key_is_odd;
using ws_test::record;
using ws_test::records;

namespace {

/// A value no generated record has: written before a bounded output's end and
/// checked after it, where nothing may be written.
constexpr record k_guard = {-99, -99};

/// What a copying compaction into bounded outputs writes, computed serially
/// as P3179 words it: element i goes to the kept output if keep(i), else to
/// the dropped one, until the first element whose output is full.
struct compaction_answer {
  std::size_t read = 0;
  std::vector<record> kept;
  std::vector<record> dropped;
};

template <class Keep>
compaction_answer compact_serially(const std::vector<record>& values, Keep keep, std::size_t kept_room,
                                   std::size_t dropped_room) {
  compaction_answer answer;
  for (; answer.read < values.size(); ++answer.read) {
    const bool kept = keep(answer.read);
    std::vector<record>& out = kept ? answer.kept : answer.dropped;
    if (out.size() == (kept ? kept_room : dropped_room)) {
      break;
    }
    out.push_back(values[answer.read]);
  }
  return answer;
}

/// Whether out holds `expected` from its start and the guard after it.
bool holds_then_guard(const std::vector<record>& out, const std::vector<record>& expected) {
  const auto written = static_cast<std::ptrdiff_t>(expected.size());
  return std::ranges::equal(out.begin(), out.begin() + written, expected.begin(), expected.end()) &&
         std::ranges::all_of(out.begin() + written, out.end(), [](const record& x) { return x == k_guard; });
}

}  // namespace

TEST_CASE("reverse, swap_ranges, replace_copy and replace_copy_if write what std::ranges writes" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 50);
    std::vector<record> reversed = values;
    std::ranges::reverse(reversed);
    std::vector<record> replaced(n);
    std::ranges::replace_copy(values, replaced.begin(), 7L, record{-1, -1}, &record::key);
    std::vector<record> replaced_if(n);
    std::ranges::replace_copy_if(values, replaced_if.begin(), k_key_is_odd, record{-2, -2}, &record::key);
    for_each_policy([&](auto policy) {
      std::vector<record> v = values;
      CHECK(ws::ranges::reverse(policy, v) == v.end());
      CHECK(v == reversed);

      std::vector<record> other = reversed;
      v = values;
      const auto swapped = ws::ranges::swap_ranges(policy, v, other);
      CHECK(swapped.in1 == v.end());
      CHECK(swapped.in2 == other.end());
      CHECK(v == reversed);
      CHECK(other == values);

      std::vector<record> out(n, k_guard);
      const auto copied = ws::ranges::replace_copy(policy, values, out, 7L, record{-1, -1}, &record::key);
      CHECK(copied.in == values.end());
      CHECK(copied.out == out.end());
      CHECK(out == replaced);
      CHECK(ws::ranges::replace_copy_if(policy, values.begin(), values.end(), out.begin(), out.end(), k_key_is_odd,
                                        record{-2, -2}, &record::key)
                .out == out.end());
      CHECK(out == replaced_if);
    });
  }
}

TEST_CASE("copies into a shorter output write its length and stop there: reverse_copy the last elements, "
          "rotate_copy and replace_copy the first, swap_ranges the shorter range's" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 50);
    for_each_policy([&](auto policy) {
      for (const std::size_t room : cuts(n)) {
        CAPTURE(room);
        const auto r = static_cast<std::ptrdiff_t>(room);
        std::vector<record> out(n + 1, k_guard);
        const std::span<record> bounded(out.data(), room);
        const auto past_room = [&] { return std::ranges::all_of(out.begin() + r, out.end(), [](const record& x) {
                                       return x == k_guard;
                                     }); };

        const auto reversed = ws::ranges::reverse_copy(policy, values, bounded);
        CHECK(reversed.in1 == values.end());
        CHECK(reversed.in2 == values.end() - r);
        CHECK(reversed.out == bounded.end());
        CHECK(std::ranges::equal(bounded.begin(), bounded.end(), values.rbegin(), values.rbegin() + r));
        CHECK(past_room());

        for (const std::size_t m : cuts(n)) {
          CAPTURE(m);
          const auto middle = values.begin() + static_cast<std::ptrdiff_t>(m);
          std::vector<record> rotated(n);
          std::ranges::rotate_copy(values, middle, rotated.begin());
          std::ranges::fill(out, k_guard);
          const auto copied = ws::ranges::rotate_copy(policy, values, middle, bounded);
          CHECK(std::ranges::equal(bounded, std::span<const record>(rotated.data(), room)));
          CHECK(copied.out == bounded.end());
          // Where the reading stopped: in the tail [middle, last) while it is copied, then in the head.
          const auto tail = static_cast<std::ptrdiff_t>(n - m);
          if (r < tail) {
            CHECK(copied.in1 == middle + r);
            CHECK(copied.in2 == values.begin());
          } else {
            CHECK(copied.in1 == values.end());
            CHECK(copied.in2 == values.begin() + (n == 0 ? 0 : (r - tail) % static_cast<std::ptrdiff_t>(n)));
          }
          CHECK(past_room());
        }

        std::ranges::fill(out, k_guard);
        const auto replaced = ws::ranges::replace_copy(policy, values, bounded, 7L, record{-1, -1}, &record::key);
        CHECK(replaced.in == values.begin() + r);
        CHECK(replaced.out == bounded.end());
        CHECK(past_room());

        std::vector<record> v = values;
        std::ranges::fill(out, k_guard);
        const auto swapped = ws::ranges::swap_ranges(policy, v, bounded);
        CHECK(swapped.in1 == v.begin() + r);
        CHECK(std::ranges::equal(bounded, std::span<const record>(values.data(), room)));
        CHECK(std::ranges::all_of(v.begin(), v.begin() + r, [](const record& x) { return x == k_guard; }));
        CHECK(std::ranges::equal(v.begin() + r, v.end(), values.begin() + r, values.end()));
        CHECK(past_room());
      }
    });
  }
}

TEST_CASE("copy_if, remove_copy, remove_copy_if, unique_copy and partition_copy write what fits and stop at the "
          "first element that does not" *
          doctest::timeout(300)) {
  constexpr std::size_t k_unbounded = static_cast<std::size_t>(-1);
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 10);
    const auto odd_at = [&](std::size_t i) { return k_key_is_odd(values[i].key); };
    const auto not_three_at = [&](std::size_t i) { return values[i].key != 3; };
    const auto first_of_group_at = [&](std::size_t i) { return i == 0 || values[i - 1].key / 3 != values[i].key / 3; };
    // The serial answer with room for everything is std::ranges': check it once.
    std::vector<record> odd;
    std::ranges::copy_if(values, std::back_inserter(odd), k_key_is_odd, &record::key);
    REQUIRE(compact_serially(values, odd_at, n, k_unbounded).kept == odd);
    for_each_policy([&](auto policy) {
      for (const std::size_t room : cuts(n)) {
        CAPTURE(room);
        std::vector<record> out(n + 1, k_guard);
        const std::span<record> bounded(out.data(), room);
        const auto check_filter = [&](auto result, const compaction_answer& expected) {
          CHECK(result.in == values.begin() + static_cast<std::ptrdiff_t>(expected.read));
          CHECK(result.out == bounded.begin() + static_cast<std::ptrdiff_t>(expected.kept.size()));
          CHECK(holds_then_guard(out, expected.kept));
          std::ranges::fill(out, k_guard);
        };
        check_filter(ws::ranges::copy_if(policy, values, bounded, k_key_is_odd, &record::key),
                     compact_serially(values, odd_at, room, k_unbounded));
        check_filter(ws::ranges::remove_copy_if(policy, values, bounded, k_key_is_odd, &record::key),
                     compact_serially(values, [&](std::size_t i) { return !odd_at(i); }, room, k_unbounded));
        check_filter(ws::ranges::remove_copy(policy, values.begin(), values.end(), bounded.begin(), bounded.end(),
                                             3L, &record::key),
                     compact_serially(values, not_three_at, room, k_unbounded));
        check_filter(ws::ranges::unique_copy(policy, values, bounded, {}, [](const record& r) { return r.key / 3; }),
                     compact_serially(values, first_of_group_at, room, k_unbounded));

        for (const std::size_t false_room : cuts(n)) {
          CAPTURE(false_room);
          std::vector<record> out_false(n + 1, k_guard);
          const std::span<record> bounded_false(out_false.data(), false_room);
          const auto parted = ws::ranges::partition_copy(policy, values, bounded, bounded_false, k_key_is_odd,
                                                         &record::key);
          const compaction_answer expected = compact_serially(values, odd_at, room, false_room);
          CHECK(parted.in == values.begin() + static_cast<std::ptrdiff_t>(expected.read));
          CHECK(parted.out1 == bounded.begin() + static_cast<std::ptrdiff_t>(expected.kept.size()));
          CHECK(parted.out2 == bounded_false.begin() + static_cast<std::ptrdiff_t>(expected.dropped.size()));
          CHECK(holds_then_guard(out, expected.kept));
          CHECK(holds_then_guard(out_false, expected.dropped));
          std::ranges::fill(out, k_guard);
        }
      }
    });
  }
}

#if PSTL_WS_TEST_STD_VIEWS
TEST_CASE("rotate, shift_left and shift_right move what std::ranges moves and return the same subranges" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 50);
    for_each_policy([&](auto policy) {
      for (const std::size_t m : cuts(n)) {
        CAPTURE(m);
        const auto k = static_cast<std::ptrdiff_t>(m);
        std::vector<record> v = values;
        std::vector<record> expected = values;
        const auto rotated = ws::ranges::rotate(policy, v, v.begin() + k);
        const auto expected_rotated = std::ranges::rotate(expected, expected.begin() + k);
        CHECK(v == expected);
        CHECK(rotated.begin() - v.begin() == expected_rotated.begin() - expected.begin());
        CHECK(rotated.end() == v.end());

        // std::shift_left and std::shift_right (C++20) give the expected results.
        v = values;
        const auto left = ws::ranges::shift_left(policy, v, k);
        expected = values;
        const auto expected_left = std::shift_left(expected.begin(), expected.end(), k);
        CHECK(left.begin() == v.begin());
        CHECK(left.end() - v.begin() == expected_left - expected.begin());
        CHECK(std::ranges::equal(v.begin(), left.end(), expected.begin(), expected_left));

        v = values;
        const auto right = ws::ranges::shift_right(policy, v.begin(), v.end(), k + 1);
        expected = values;
        const auto expected_right = std::shift_right(expected.begin(), expected.end(), k + 1);
        CHECK(right.begin() - v.begin() == expected_right - expected.begin());
        CHECK(right.end() == v.end());
        CHECK(std::ranges::equal(right.begin(), v.end(), expected_right, expected.end()));
      }
      std::vector<record> v = values;
      const auto unshifted = ws::ranges::shift_left(policy, v, -1);
      CHECK(unshifted.end() == v.end());
      CHECK(v == values);
    });
  }
}

TEST_CASE("partition, stable_partition, remove, remove_if and unique keep what std::ranges keeps and return "
          "the same subranges" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const std::vector<record> values = records(n, 10);
    for_each_policy([&](auto policy) {
      std::vector<record> v = values;
      const auto rest = ws::ranges::partition(policy, v, k_key_is_odd, &record::key);
      CHECK(rest.end() == v.end());
      CHECK(std::ranges::all_of(v.begin(), rest.begin(), k_key_is_odd, &record::key));
      CHECK(std::ranges::none_of(rest, k_key_is_odd, &record::key));
      CHECK(ws_test::holds_the_records_of(v, values));

      std::vector<record> expected = values;
      v = values;
      const auto stable_rest = ws::ranges::stable_partition(policy, v, k_key_is_odd, &record::key);
      const auto expected_rest = std::ranges::stable_partition(expected, k_key_is_odd, &record::key);
      CHECK(v == expected);
      CHECK(stable_rest.begin() - v.begin() == expected_rest.begin() - expected.begin());

      // What remove, remove_if and unique keep, in order; the rest holds unspecified values.
      const auto check_kept = [&](auto remove, auto expected_remove) {
        std::vector<record> mine = values;
        std::vector<record> theirs = values;
        const auto removed = remove(mine);
        const auto expected_removed = expected_remove(theirs);
        CHECK(removed.end() == mine.end());
        CHECK(std::ranges::equal(mine.begin(), removed.begin(), theirs.begin(), expected_removed.begin()));
      };
      check_kept([&](auto& r) { return ws::ranges::remove(policy, r, 3L, &record::key); },
                 [](auto& r) { return std::ranges::remove(r, 3L, &record::key); });
      check_kept([&](auto& r) { return ws::ranges::remove_if(policy, r.begin(), r.end(), k_key_is_odd,
                                                             &record::key); },
                 [](auto& r) { return std::ranges::remove_if(r, k_key_is_odd, &record::key); });
      check_kept([&](auto& r) { return ws::ranges::unique(policy, r, {}, [](const record& x) { return x.key / 3; }); },
                 [](auto& r) { return std::ranges::unique(r, {}, [](const record& x) { return x.key / 3; }); });
    });
  }
}
#endif
