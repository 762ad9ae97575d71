// SPDX-License-Identifier: MIT
// The one list of algorithm names pstl_ws implements with execution policies.
// <pstl_ws/std.hpp> makes each reachable as std::NAME; adding an algorithm
// means writing ws::NAME and adding its name here.
#pragma once

/// X(name) for every algorithm of <pstl_ws/algorithm.hpp> and <pstl_ws/numeric.hpp>.
#define PSTL_WS_ALGORITHM_NAMES(X) \
  X(for_each)                      \
  X(for_each_n)                    \
  X(sort)                          \
  X(stable_sort)                   \
  X(reduce)                        \
  X(transform_reduce)
