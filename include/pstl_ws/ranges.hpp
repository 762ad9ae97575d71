// SPDX-License-Identifier: MIT
// ws::ranges::ALGO(policy, range, ..., proj): the parallel range algorithms
// of C++26 (P3179), on ranges or iterator and sized sentinel pairs, with
// projections and bounded outputs, run by the same parallel patterns as the
// ws::ALGO iterator algorithms. Which algorithms, and what differs from
// P3179: docs/ranges.md.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/ranges/compaction.hpp"
#include "pstl_ws/ranges/copy.hpp"
#include "pstl_ws/ranges/find.hpp"
#include "pstl_ws/ranges/first_difference.hpp"
#include "pstl_ws/ranges/for_each.hpp"
#include "pstl_ws/ranges/includes.hpp"
#include "pstl_ws/ranges/is_sorted.hpp"
#include "pstl_ws/ranges/memory.hpp"
#include "pstl_ws/ranges/merge.hpp"
#include "pstl_ws/ranges/min_max_element.hpp"
#include "pstl_ws/ranges/partition.hpp"
#include "pstl_ws/ranges/range_forms.hpp"
#include "pstl_ws/ranges/replace.hpp"
#include "pstl_ws/ranges/reverse_rotate.hpp"
#include "pstl_ws/ranges/set_operations.hpp"
#include "pstl_ws/ranges/sort.hpp"
#include "pstl_ws/ranges/subsequence_search.hpp"
