// SPDX-License-Identifier: MIT
// ws::ranges::mismatch, equal, starts_with, ends_with and
// lexicographical_compare: ws::mismatch, ws::equal and
// ws::lexicographical_compare on two ranges, each with its projection.
// docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::mismatch_result
#include <cstddef>
#include <utility>  // for std::pair

#include "pstl_ws/algorithm/first_difference.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/ranges/two_range_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run, and what they return.
PSTL_WS_RANGES_CALL(mismatch)
PSTL_WS_RANGES_CALL(equal)
PSTL_WS_RANGES_CALL(lexicographical_compare)
/// ws::mismatch's pair as std::ranges::mismatch_result.
struct as_mismatch_result {
  template <class I1, class I2, class Length>
  std::ranges::mismatch_result<I1, I2> operator()(std::pair<I1, I2> answer, I1, Length) const {
    return {answer.first, answer.second};
  }
};

/// Whether [first1, last1) begins (starts_with_call) or ends (ends_with_call)
/// with [first2, last2): ws::equal on the part of the first range the second
/// would cover, false if the second is longer.
struct starts_with_call {
  template <class Policy, class I1, class I2, class Pred>
  bool operator()(Policy policy, I1 first1, I1 last1, I2 first2, I2 last2, Pred pred) const {
    const std::size_t n2 = detail::distance_of(first2, last2);
    return n2 <= detail::distance_of(first1, last1) &&
           ws::equal(policy, first1, detail::nth(first1, n2), first2, last2, pred);
  }
};
struct ends_with_call {
  template <class Policy, class I1, class I2, class Pred>
  bool operator()(Policy policy, I1 first1, I1 last1, I2 first2, I2 last2, Pred pred) const {
    const std::size_t n1 = detail::distance_of(first1, last1);
    const std::size_t n2 = detail::distance_of(first2, last2);
    return n2 <= n1 && ws::equal(policy, detail::nth(first1, n1 - n2), last1, first2, last2, pred);
  }
};

/// mismatch(policy, r1, r2, pred, proj1, proj2): {first1 + i, first2 + i}
/// for the first i with !pred(proj1(*(first1 + i)), proj2(*(first2 + i))), or
/// the length of the shorter range; equal(...): whether the ranges have the
/// same length and no such i. What std::ranges returns (both ranges bounded,
/// as P3179 asks). Complexity and exceptions: ws::mismatch and ws::equal.
inline constexpr two_range_algorithm<mismatch_call, as_mismatch_result> mismatch{};
inline constexpr two_range_algorithm<equal_call, as_answer> equal{};

/// starts_with(policy, r1, r2, pred, proj1, proj2) and ends_with (C++23):
/// whether r1 begins (ends) with elements equal to those of r2, compared as
/// equal compares them. Complexity and exceptions: ws::equal over
/// r2's length.
inline constexpr two_range_algorithm<starts_with_call, as_answer> starts_with{};
inline constexpr two_range_algorithm<ends_with_call, as_answer> ends_with{};

/// lexicographical_compare(policy, r1, r2, comp, proj1, proj2): whether r1
/// is lexicographically less than r2, comparing proj1(x) with proj2(y) by
/// comp, as std::ranges does. Complexity and exceptions:
/// ws::lexicographical_compare.
inline constexpr two_range_order_algorithm<lexicographical_compare_call> lexicographical_compare{};

}  // namespace ws::ranges
