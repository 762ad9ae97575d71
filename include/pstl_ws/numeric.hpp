// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <numeric> names: reduce and transform_reduce.
#pragma once

#include "pstl_ws/algorithm/reduce.hpp"
#include "pstl_ws/execution.hpp"
