// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <algorithm> names: the conforming spelling
// (ws::sort(ws::par, ...), or unqualified through ADL on the policy).
// <pstl_ws/std.hpp> makes the same functions reachable as std::ALGO.
// How each is parallelised: docs/algorithms.md.
#pragma once

#include "pstl_ws/algorithm/for_each.hpp"
#include "pstl_ws/algorithm/sort.hpp"
#include "pstl_ws/algorithm/stable_sort.hpp"
#include "pstl_ws/execution.hpp"
