// SPDX-License-Identifier: MIT
// The facts a result file must carry to be read on another day or machine:
// CPU model and count, compiler and flags, library versions, which backend
// libstdc++'s std::execution::par really uses, the date and the run's settings.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "harness/measurement.hpp"
#include "harness/options.hpp"

namespace harness {

/// Describes this machine, this build and this run. threads: the thread
/// counts measured. Reads /proc/cpuinfo (an unknown CPU model is reported as
/// such, never an error).
machine_info describe_machine(const options& opts, const std::vector<std::size_t>& threads);

/// The libstdc++ std::execution::par backend this executable was compiled
/// with: "TBB", "serial" (one thread) or "ws (std_par_on_ws)".
const char* std_par_backend_name() noexcept;

}  // namespace harness
