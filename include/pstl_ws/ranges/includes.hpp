// SPDX-License-Identifier: MIT
// ws::ranges::includes: ws::includes on two sorted ranges, each with its
// projection. docs/ranges.md.
#pragma once

#include "pstl_ws/algorithm/includes.hpp"
#include "pstl_ws/ranges/range_forms.hpp"
#include "pstl_ws/ranges/two_range_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithm the object below runs.
PSTL_WS_RANGES_CALL(includes)

/// includes(policy, r1, r2, comp, proj1, proj2): whether every element of
/// the sorted range r2 has an equivalent in the sorted range r1, counted
/// with multiplicity, comparing proj1(x) and proj2(y) by comp, as
/// std::ranges does. Complexity and exceptions: ws::includes.
inline constexpr two_range_order_algorithm<includes_call> includes{};

}  // namespace ws::ranges
