// SPDX-License-Identifier: MIT
// The workloads of pstl_ws_compare, their inputs and their sizes. Each one
// stresses something different; compare/README.md explains what.
#pragma once

#include "harness/options.hpp"
#include "harness/suite.hpp"

namespace harness {

/// Adds every workload, at the sizes of `mode`, to s (which counts or
/// measures them).
void add_workloads(suite& s, size_mode mode);

}  // namespace harness
