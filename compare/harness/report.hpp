// SPDX-License-Identifier: MIT
// The markdown report: the machine's facts, then per case (workload, size,
// unit) its table and, for wall times, its speedup plot, then a summary of
// how ws compares with std_par and tbb at each case's largest thread count,
// above the chart of every backend's ratio to std_par, then the sorts' costs
// side by side (steady state, first call, peak memory).
#pragma once

#include <filesystem>
#include <vector>

#include "harness/measurement.hpp"

namespace harness {

/// Creates out_dir if needed and writes into it report.md, plots.gp (see
/// report_plots.hpp) and, when gnuplot is installed, the PNGs that
/// report.md embeds; without gnuplot, report.md is written without images
/// and one line on stderr says how to get them. Ratios are reported as
/// stored in rows: call fill_ratios first. O(n log n) for n rows, plus
/// gnuplot's time. Throws std::runtime_error (or
/// std::filesystem::filesystem_error) naming the path that cannot be
/// created or written.
void write_report(const std::filesystem::path& out_dir, const machine_info& machine,
                  const std::vector<measurement>& rows);

}  // namespace harness
