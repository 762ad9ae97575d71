// SPDX-License-Identifier: MIT
// ws::ALGO(policy, ...) for the <memory> names: the uninitialized_* algorithms
// and destroy, destroy_n. How each is parallelised: docs/algorithms.md.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include "pstl_ws/detail/standard_policies.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/memory/destroy.hpp"
#include "pstl_ws/memory/uninitialized.hpp"
