// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <algorithm> names: the conforming spelling
// (ws::sort(ws::par, ...), or unqualified through ADL on the policy).
// <pstl_ws/std.hpp> makes the same functions reachable as std::ALGO.
// How each is parallelised: docs/algorithms.md.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/algorithm/all_of.hpp"
#include "pstl_ws/algorithm/compaction.hpp"
#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/algorithm/count.hpp"
#include "pstl_ws/algorithm/fill.hpp"
#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/algorithm/first_difference.hpp"
#include "pstl_ws/algorithm/for_each.hpp"
#include "pstl_ws/algorithm/includes.hpp"
#include "pstl_ws/algorithm/is_sorted.hpp"
#include "pstl_ws/algorithm/merge.hpp"
#include "pstl_ws/algorithm/min_max_element.hpp"
#include "pstl_ws/algorithm/nth_element.hpp"
#include "pstl_ws/algorithm/partial_sort.hpp"
#include "pstl_ws/algorithm/partition.hpp"
#include "pstl_ws/algorithm/replace.hpp"
#include "pstl_ws/algorithm/reverse_rotate.hpp"
#include "pstl_ws/algorithm/set_operations.hpp"
#include "pstl_ws/algorithm/shift.hpp"
#include "pstl_ws/algorithm/sort.hpp"
#include "pstl_ws/algorithm/stable_sort.hpp"
#include "pstl_ws/algorithm/subsequence_search.hpp"
#include "pstl_ws/algorithm/transform.hpp"
#include "pstl_ws/detail/standard_policies.hpp"
#include "pstl_ws/execution.hpp"
