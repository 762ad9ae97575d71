// SPDX-License-Identifier: MIT
// Which measurements compare with which: a case is one workload at one size
// in one unit, and within a case a backend is compared with another at the
// same thread count (ratios) or with seq (speedups). Every output groups its
// rows with these functions, so they all agree on what a case is.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/measurement.hpp"

namespace harness {

/// The unit of wall-clock times; only cases in it get speedups and plots.
inline constexpr std::string_view k_wall_time_unit = "ms";

/// The measurements of one workload at one size in one unit, sorted by
/// thread count, then by backend in backend_names order (unknown backends
/// last, by name). The pointers point into the vector given to group_cases.
struct workload_case {
  std::string m_workload;
  std::size_t m_size = 0;
  std::string m_unit;
  std::vector<const measurement*> m_rows;
};

/// The cases of rows, in the order their first rows appear.
/// O(n log n) for n rows. The result points into rows: keep rows alive and
/// unchanged in size while it is used.
std::vector<workload_case> group_cases(const std::vector<measurement>& rows);

/// Sets m_vs_std_par and m_vs_tbb of every row: its median over the median of
/// std_par (resp. tbb) in the same case at the same thread count; empty when
/// that backend was not measured there or its median is not positive.
/// O(n log n). Where one backend has several rows at one thread count, the
/// first is the reference.
void fill_ratios(std::vector<measurement>& rows);

/// The row of backend at threads in the case, or nullptr. O(rows in the case).
const measurement* find_row(const workload_case& c, std::string_view backend, std::size_t threads);

/// The largest thread count measured in the case (0 if it has no rows).
std::size_t max_threads(const workload_case& c);

/// seq's median in the case: the row of seq with the fewest threads (seq
/// ignores them; the harness measures it once); empty if seq was not measured.
std::optional<double> seq_median(const workload_case& c);

/// How many times faster than seq row is: seq's median over row's median;
/// empty without a seq row or when row's median is not positive.
std::optional<double> speedup(const workload_case& c, const measurement& row);

/// Whether the case measures wall time and has a seq row, so that speedups
/// over seq mean something.
bool has_speedups(const workload_case& c);

/// Where backend sorts among backends: its index in backend_names order, or
/// the number of known backends for any other name.
std::size_t backend_rank(std::string_view backend);

}  // namespace harness
