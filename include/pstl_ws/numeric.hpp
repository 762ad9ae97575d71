// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <numeric> names: reduce, transform_reduce and
// adjacent_difference.
#pragma once

#include "pstl_ws/algorithm/adjacent_difference.hpp"
#include "pstl_ws/algorithm/reduce.hpp"
#include "pstl_ws/execution.hpp"
