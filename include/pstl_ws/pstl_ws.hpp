// SPDX-License-Identifier: MIT
// Umbrella header of the runtime: the policies, pools and their options, join
// and scope. The algorithms have headers of their own (<pstl_ws/algorithm.hpp>,
// numeric.hpp, memory.hpp, ranges.hpp, std.hpp): docs/api.md#headers.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/execution.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/scope.hpp"
#include "pstl_ws/thread_pool.hpp"
