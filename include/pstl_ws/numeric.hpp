// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <numeric> names: reduce, transform_reduce,
// adjacent_difference and the four scans.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/detail/standard_policies.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/numeric/adjacent_difference.hpp"
#include "pstl_ws/numeric/reduce.hpp"
#include "pstl_ws/numeric/scan.hpp"
