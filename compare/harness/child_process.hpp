// SPDX-License-Identifier: MIT
// The std_par_on_ws backend lives in its own executable: libstdc++'s
// parallel algorithms are bound to one backend per translation unit (its
// __pstl::__par_backend alias; pstl_ws::std_execution opts a unit into ours),
// and the main harness's units need the TBB one for std_par. The parent runs that executable once per workload and size, with
// the same flags, so that it measures the same input (the inputs are
// generated from fixed seeds) at every thread count, verifies against its
// own seq run, and writes its measurements as CSV for the parent to merge.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/measurement.hpp"
#include "harness/options.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace harness {

/// The std_par_on_ws executable next to this one, or an empty path if it was
/// not built (e.g. a libstdc++ whose parallel backend interface we do not know).
std::filesystem::path std_par_on_ws_executable();

/// Runs one job on every thread of `pool` at once (each waits, at most a
/// second, until all have started). The child is a fresh process for every
/// workload while the parent's backends have run the workloads before it:
/// it calls this for its pools before measuring, so that a first call
/// measures the call rather than its pool's threads running for the first time.
void start_every_thread(ws::thread_pool& pool);

/// Runs `executable` for one workload at size n and returns its non-seq
/// measurements. Throws std::runtime_error if it fails (its own message, e.g.
/// a verification failure, has gone to stderr) or writes no results.
std::vector<measurement> run_child(const std::filesystem::path& executable, const options& opts,
                                   const std::vector<std::size_t>& threads, const std::string& workload,
                                   std::size_t n);

}  // namespace harness
