// SPDX-License-Identifier: MIT
#include "harness/console_table.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

#include "bench_support.hpp"

namespace harness {
namespace {

constexpr int k_value_digits = 4;  // significant digits of medians and minima
constexpr int k_ratio_digits = 3;  // significant digits of ratios and speedups
constexpr int k_max_decimals = 6;
constexpr std::size_t k_first_power_of_ten = 1000;  // smaller sizes print as they are

// value with about `digits` significant digits in fixed notation.
std::string format_significant(double value, int digits) {
  if (!std::isfinite(value) || value == 0.0) {
    return bench::format("%g", value);
  }
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const int decimals = std::clamp(digits - 1 - magnitude, 0, k_max_decimals);
  return bench::format("%.*f", decimals, value);
}

}  // namespace

std::string format_value(double value) { return format_significant(value, k_value_digits); }

std::string format_ratio(const std::optional<double>& ratio) {
  return ratio ? format_significant(*ratio, k_ratio_digits) : "-";
}

std::string format_size(std::size_t size) {
  int exponent = 0;
  std::size_t rest = size;
  while (rest >= 10 && rest % 10 == 0) {
    rest /= 10;
    ++exponent;
  }
  return rest == 1 && size >= k_first_power_of_ten ? bench::format("10^%d", exponent) : std::to_string(size);
}

std::string case_title(const workload_case& c) {
  const std::string size = c.m_size == 0 ? "" : ", n = " + format_size(c.m_size);
  return c.m_workload + size + " (" + c.m_unit + ")";
}

std::vector<std::vector<std::string>> case_table(const workload_case& c, bool with_max) {
  const bool speedups = has_speedups(c);
  std::vector<std::string> header{"backend", "threads", "median " + c.m_unit, "min " + c.m_unit};
  if (with_max) {
    header.push_back("max " + c.m_unit);
  }
  header.insert(header.end(), {"vs std_par", "vs tbb"});
  if (speedups) {
    header.emplace_back("speedup vs seq");
  }
  std::vector<std::vector<std::string>> cells{std::move(header)};
  for (const measurement* row : c.m_rows) {
    std::vector<std::string> line{row->m_backend, std::to_string(row->m_threads), format_value(row->m_median),
                                  format_value(row->m_min)};
    if (with_max) {
      line.push_back(row->m_max ? format_value(*row->m_max) : "-");
    }
    line.insert(line.end(), {format_ratio(row->m_vs_std_par), format_ratio(row->m_vs_tbb)});
    if (speedups) {
      line.push_back(format_ratio(speedup(c, *row)));
    }
    cells.push_back(std::move(line));
  }
  return cells;
}

void print_tables(std::FILE* out, const std::vector<measurement>& rows) {
  std::fputs("Ratios: this backend's median over std_par's (tbb's) at the same thread count; "
             "below 1 = faster.\n",
             out);
  for (const workload_case& c : group_cases(rows)) {
    std::vector<std::vector<std::string>> cells = case_table(c, false);
    bench::table table(std::move(cells.front()));
    for (auto row = std::next(cells.begin()); row != cells.end(); ++row) {
      table.add_row(std::move(*row));
    }
    std::fprintf(out, "\n%s\n", case_title(c).c_str());
    table.print(out);
  }
}

}  // namespace harness
