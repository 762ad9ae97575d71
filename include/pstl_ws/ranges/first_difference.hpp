// SPDX-License-Identifier: MIT
// ws::ranges::mismatch and equal: the ws:: iterator algorithms on two ranges,
// each with its projection. docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::mismatch_result
#include <utility>  // for std::pair

#include "pstl_ws/algorithm/first_difference.hpp"
#include "pstl_ws/ranges/two_range_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run, and what they return.
PSTL_WS_RANGES_CALL(mismatch)
PSTL_WS_RANGES_CALL(equal)
/// ws::mismatch's pair as std::ranges::mismatch_result.
struct as_mismatch_result {
  template <class I1, class I2, class Length>
  std::ranges::mismatch_result<I1, I2> operator()(std::pair<I1, I2> answer, I1, Length) const {
    return {answer.first, answer.second};
  }
};

/// mismatch(policy, r1, r2, pred, proj1, proj2): {first1 + i, first2 + i}
/// for the first i with !pred(proj1(*(first1 + i)), proj2(*(first2 + i))), or
/// the length of the shorter range; equal(...): whether the ranges have the
/// same length and no such i. What std::ranges returns (both ranges bounded,
/// as P3179 asks). Complexity and exceptions: ws::mismatch and ws::equal.
inline constexpr two_range_algorithm<mismatch_call, as_mismatch_result> mismatch{};
inline constexpr two_range_algorithm<equal_call, as_answer> equal{};

}  // namespace ws::ranges
