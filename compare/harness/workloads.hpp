// SPDX-License-Identifier: MIT
// The workloads of pstl_ws_compare, their inputs and their sizes. Each one
// stresses something different; compare/README.md explains what.
#pragma once

#include <cstddef>

#include "harness/options.hpp"
#include "harness/suite.hpp"

namespace harness {

/// Adds every workload, at the sizes of `mode`, to s (which counts or
/// measures them); the concurrent callers workloads with `callers` threads.
void add_workloads(suite& s, size_mode mode, std::size_t callers);

/// Adds the sorts by comparison that users write
/// (comparison_sort_workloads.cpp): records by a lambda, strings, pairs.
void add_comparison_sort_workloads(suite& s, size_mode mode);

/// Adds the workloads that time themselves (latency_workloads.cpp): the
/// concurrent callers and the join latency under a long job (B1).
void add_latency_workloads(suite& s, size_mode mode, std::size_t callers);

}  // namespace harness
