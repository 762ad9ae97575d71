// SPDX-License-Identifier: MIT
// The report's plots, drawn by gnuplot: per wall-time case with a seq row, the
// speedup over seq against the thread count (one line per backend, log2
// axes, the ideal speedup dashed), and one bar chart of every backend's
// median over std_par's at each case's largest thread count. The data travel
// inside the script (gnuplot datablocks), so out_dir/plots.gp alone redraws
// them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/ratios.hpp"

namespace harness {

/// The PNG files to draw, named relative to the report's folder.
struct plot_plan {
  /// One entry per case given to plan_plots, in the same order:
  /// "speedup-<slug>.png", or empty for a case that gets no speedup plot
  /// (not in wall time, or no seq row). The slug is the workload in
  /// lower-case letters, digits and '-', then "-n<size>" when the size is
  /// not 0; a repeated slug gets "-2", "-3", ...
  std::vector<std::string> m_speedup;
  /// "ratios.png", or empty when no wall-time case has std_par and another
  /// backend (not seq) with a positive ratio at its largest thread count.
  std::string m_ratios;
};

/// The plots that cases call for. O(rows in cases).
plot_plan plan_plots(const std::vector<workload_case>& cases);

/// Writes out_dir/plots.gp for plan (made by plan_plots(cases)), deletes
/// the PNGs it names that are already there, and runs gnuplot on it:
/// afterwards, the PNGs of plan that exist are the ones drawn. Returns
/// whether gnuplot ran and succeeded (true, without running it, when plan
/// names no plot). Never throws for gnuplot's sake: when gnuplot is missing
/// or fails, prints one line to stderr saying that the plots were skipped
/// and how to get them, and returns false. Throws std::runtime_error (or
/// std::filesystem::filesystem_error) only if plots.gp cannot be written.
bool draw_plots(const std::filesystem::path& out_dir, const std::vector<workload_case>& cases,
                const plot_plan& plan);

}  // namespace harness
