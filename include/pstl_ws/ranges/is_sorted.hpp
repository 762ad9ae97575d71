// SPDX-License-Identifier: MIT
// ws::ranges::is_sorted, is_sorted_until, is_heap, is_heap_until and
// is_partitioned: the ws:: iterator algorithms with a projection.
// docs/ranges.md.
#pragma once

#include "pstl_ws/algorithm/is_sorted.hpp"
#include "pstl_ws/ranges/ordering_algorithm.hpp"
#include "pstl_ws/ranges/predicate_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(is_sorted)
PSTL_WS_RANGES_CALL(is_sorted_until)
PSTL_WS_RANGES_CALL(is_heap)
PSTL_WS_RANGES_CALL(is_heap_until)
PSTL_WS_RANGES_CALL(is_partitioned)

/// is_sorted(policy, r, comp, proj), is_sorted_until, is_heap and
/// is_heap_until by comp on the projected elements, and
/// is_partitioned(policy, r, pred, proj): what std::ranges returns.
/// Complexity and exceptions: the ws:: algorithms of the same names.
inline constexpr ordering_algorithm<is_sorted_call> is_sorted{};
inline constexpr ordering_algorithm<is_sorted_until_call> is_sorted_until{};
inline constexpr ordering_algorithm<is_heap_call> is_heap{};
inline constexpr ordering_algorithm<is_heap_until_call> is_heap_until{};
inline constexpr predicate_algorithm<is_partitioned_call> is_partitioned{};

}  // namespace ws::ranges
