// SPDX-License-Identifier: MIT
// ws::ranges::partition and stable_partition: ws::partition and
// ws::stable_partition with a projection. docs/ranges.md.
#pragma once

#include "pstl_ws/algorithm/partition.hpp"
#include "pstl_ws/ranges/predicate_algorithm.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(partition)
PSTL_WS_RANGES_CALL(stable_partition)

/// partition(policy, r, pred, proj) and stable_partition: the elements x
/// with pred(proj(x)) moved before the others (stable_partition keeping the
/// order within each group); returns the second group as a subrange, as
/// std::ranges does. Complexity and exceptions: the ws:: algorithms of the
/// same names.
inline constexpr predicate_algorithm<tail_call<partition_call>> partition{};
inline constexpr predicate_algorithm<tail_call<stable_partition_call>> stable_partition{};

}  // namespace ws::ranges
