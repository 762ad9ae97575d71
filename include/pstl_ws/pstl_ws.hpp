// SPDX-License-Identifier: MIT
// Umbrella header: everything public in pstl_ws.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/join.hpp"
#include "pstl_ws/scope.hpp"
#include "pstl_ws/thread_pool.hpp"
