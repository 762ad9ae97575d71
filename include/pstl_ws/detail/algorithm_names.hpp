// SPDX-License-Identifier: MIT
// The one list of algorithm names pstl_ws implements with execution policies.
// <pstl_ws/std.hpp> makes each reachable as std::NAME; adding an algorithm
// means writing ws::NAME and adding its name to its pattern's list here.
#pragma once

/// X(name) for every algorithm of <pstl_ws/algorithm.hpp>,
/// <pstl_ws/numeric.hpp> and <pstl_ws/memory.hpp>, by pattern
/// (docs/algorithms.md).
#define PSTL_WS_ALGORITHM_NAMES(X) \
  PSTL_WS_WALK_NAMES(X)            \
  PSTL_WS_FIND_AND_REDUCE_NAMES(X) \
  PSTL_WS_SORT_NAMES(X)

/// Element-wise algorithms over par_for.
#define PSTL_WS_WALK_NAMES(X) \
  X(for_each)                 \
  X(for_each_n)

/// Reductions over par_reduce and searches over par_find.
#define PSTL_WS_FIND_AND_REDUCE_NAMES(X) \
  X(reduce)                              \
  X(transform_reduce)

/// Sorts and merges.
#define PSTL_WS_SORT_NAMES(X) \
  X(sort)                     \
  X(stable_sort)
