// SPDX-License-Identifier: MIT
// The measurements as text tables, one per case (workload, size, unit): a row
// per thread count and backend with the median, the minimum, the ratios
// against std_par and tbb and, for wall times, the speedup over seq. The
// markdown report reuses the same cells, so the console and the report never
// disagree.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "harness/measurement.hpp"
#include "harness/ratios.hpp"

namespace harness {

/// A median or minimum with 4 significant digits in fixed notation (never an
/// exponent; at most 6 decimals), e.g. 1235, 12.35, 0.01234.
std::string format_value(double value);

/// A ratio or speedup with 3 significant digits (as format_value), or "-"
/// when empty.
std::string format_ratio(const std::optional<double>& ratio);

/// An element count: "10^7" for a power of ten from 1000 up, else the number.
std::string format_size(std::size_t size);

/// The case's heading, e.g. "sort u32 random, n = 10^7 (ms)"; without the
/// "n = " part when the size is 0.
std::string case_title(const workload_case& c);

/// The cells of the case's table, the header row first: backend, threads,
/// median, min and, if with_max, max (headers name the unit), vs std_par,
/// vs tbb and, when has_speedups(c), speedup vs seq. Missing ratios and
/// maxima are "-".
std::vector<std::vector<std::string>> case_table(const workload_case& c, bool with_max);

/// Prints one aligned table per case of rows to out, each under its title,
/// after one line saying how to read the ratios. The ratios are printed as
/// stored in the rows: call fill_ratios first. O(n log n).
void print_tables(std::FILE* out, const std::vector<measurement>& rows);

}  // namespace harness
