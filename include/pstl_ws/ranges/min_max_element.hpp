// SPDX-License-Identifier: MIT
// ws::ranges::min_element, max_element and minmax_element: the ws:: iterator
// algorithms with a projection. docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::minmax_element_result

#include "pstl_ws/algorithm/min_max_element.hpp"
#include "pstl_ws/ranges/ordering_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(min_element)
PSTL_WS_RANGES_CALL(max_element)
struct minmax_element_call {
  template <class I, class... Args>
  std::ranges::minmax_element_result<I> operator()(auto policy, I first, I last, Args... args) const {
    const auto [min, max] = ws::minmax_element(policy, first, last, args...);
    return {min, max};
  }
};

/// min_element(policy, r, comp, proj), max_element and minmax_element: what
/// std::ranges returns (the first smallest, the first largest; minmax_element
/// the first smallest and the last largest). Complexity and exceptions: the
/// ws:: algorithms of the same names.
inline constexpr ordering_algorithm<min_element_call> min_element{};
inline constexpr ordering_algorithm<max_element_call> max_element{};
inline constexpr ordering_algorithm<minmax_element_call> minmax_element{};

}  // namespace ws::ranges
