// SPDX-License-Identifier: MIT
#include "harness/report.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "harness/console_table.hpp"
#include "harness/csv.hpp"
#include "harness/ratios.hpp"
#include "harness/report_plots.hpp"

namespace harness {
namespace {

namespace fs = std::filesystem;

constexpr const char* k_report_name = "report.md";

constexpr std::string_view k_introduction =
    "# pstl_ws comparison\n\n"
    "Each table gives, per backend and thread count, the median, the minimum and the maximum of the "
    "timed runs (after one warm-up) in the unit shown; lower is better. For the sorts, the warm-up is "
    "reported too (*first call*: the first call on fresh scratch memory, one sample), and so is "
    "*peak extra memory*: the peak resident memory of all the calls over the memory resident before them, "
    "in MiB. **vs std_par** and **vs tbb**: this "
    "backend's median over std_par's (tbb's) at the same thread count, so below 1 means faster. "
    "**speedup vs seq**: seq's median over this backend's; the plots draw it against the thread count "
    "on log2 axes, with the ideal speedup (= threads) dashed.\n\n";

constexpr std::string_view k_no_plots =
    "*The plots are missing: gnuplot was not available or failed when this report was written. Install "
    "gnuplot and regenerate the report from the results CSV to add them.*\n\n";

// text as the contents of a markdown table cell.
std::string cell(std::string_view text) {
  std::string escaped;
  for (const char ch : text) {
    escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
  }
  return escaped;
}

// cells as a markdown table, the first row as its header. Column i is aligned
// by align[i] ('l' left, 'r' right); the last letter serves the columns after.
std::string markdown_table(const std::vector<std::vector<std::string>>& cells, std::string_view align) {
  std::string text;
  for (std::size_t row = 0; row < cells.size(); ++row) {
    for (const std::string& value : cells[row]) {
      text += "| " + cell(value) + " ";
    }
    text += "|\n";
    if (row == 0) {
      for (std::size_t column = 0; column < cells[row].size(); ++column) {
        text += align[std::min(column, align.size() - 1)] == 'l' ? "|:---" : "|---:";
      }
      text += "|\n";
    }
  }
  return text + "\n";
}

// A markdown image of file in out_dir, or nothing if file was not drawn.
std::string image(const fs::path& out_dir, const std::string& file, std::string_view alt) {
  if (file.empty() || !fs::exists(out_dir / file)) {
    return "";
  }
  return "![" + std::string(alt) + "](" + file + ")\n\n";
}

std::string machine_section(const machine_info& machine) {
  std::vector<std::vector<std::string>> cells{{"fact", "value"}};
  for (const auto& [key, value] : machine.m_facts) {
    cells.push_back({key, value});
  }
  return "## Machine\n\n" + markdown_table(cells, "ll");
}

std::string case_sections(const fs::path& out_dir, const std::vector<workload_case>& cases, const plot_plan& plan) {
  std::string text = cases.empty() ? "## Results\n\nNo measurements.\n\n" : "## Results\n\n";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string title = case_title(cases[i]);
    text += "### " + title + "\n\n" + markdown_table(case_table(cases[i], true), "lr");
    text += image(out_dir, plan.m_speedup[i], title + ": speedup over seq");
  }
  return text;
}

// ratio bold when ws is not ahead (at or above 1).
std::string flagged(const std::optional<double>& ratio) {
  const std::string text = format_ratio(ratio);
  return ratio && *ratio >= 1.0 ? "**" + text + "**" : text;
}

// "yes", "no: behind std_par, tbb" and the like, or "-" with no ratio.
std::string verdict(const measurement& ws) {
  std::string behind;
  for (const auto& [name, ratio] : {std::pair{backend_names::std_par, ws.m_vs_std_par},
                                    std::pair{backend_names::tbb, ws.m_vs_tbb}}) {
    if (ratio && *ratio >= 1.0) {
      behind += (behind.empty() ? "" : ", ") + std::string(name);
    }
  }
  if (!ws.m_vs_std_par && !ws.m_vs_tbb) {
    return "-";
  }
  return behind.empty() ? "yes" : "**no**: behind " + behind;
}

std::string summary_section(const fs::path& out_dir, const std::vector<workload_case>& cases,
                            const plot_plan& plan) {
  std::vector<std::vector<std::string>> cells{
      {"workload", "threads", "ws median", "ws vs std_par", "ws vs tbb", "ws ahead?"}};
  for (const workload_case& c : cases) {
    const measurement* ws = find_row(c, backend_names::ws, max_threads(c));
    if (ws != nullptr) {
      cells.push_back({case_title(c), std::to_string(ws->m_threads),
                       format_value(ws->m_median) + " " + c.m_unit, flagged(ws->m_vs_std_par),
                       flagged(ws->m_vs_tbb), verdict(*ws)});
    }
  }
  std::string text = "## Summary: ws at each workload's largest thread count\n\n";
  text += cells.size() == 1 ? "ws was not measured.\n\n"
                            : "A ratio in bold is one where ws is not ahead (at or above 1).\n\n" +
                                  markdown_table(cells, "lrrrrl");
  return text + image(out_dir, plan.m_ratios, "every backend's median over std_par's at the largest thread count");
}

// The cases by (workload, size, unit).
using case_index = std::map<std::tuple<std::string_view, std::size_t, std::string_view>, const workload_case*>;

// The case of workload at size in unit, or nullptr. O(log cases).
const workload_case* find_case(const case_index& index, const std::string& workload, std::size_t size,
                               std::string_view unit) {
  const auto found = index.find({workload, size, unit});
  return found == index.end() ? nullptr : found->second;
}

// The median of backend at threads in c (which may be null), or "-".
std::string median_in(const workload_case* c, const measurement& like) {
  const measurement* row = c == nullptr ? nullptr : find_row(*c, like.m_backend, like.m_threads);
  return row == nullptr ? "-" : format_value(row->m_median);
}

// The sorts' steady state, first call and peak memory side by side, for seq
// and every backend at each sort's largest thread count; empty without sorts.
std::string sort_costs_section(const std::vector<workload_case>& cases) {
  case_index index;
  for (const workload_case& c : cases) {
    index.emplace(std::tuple{std::string_view(c.m_workload), c.m_size, std::string_view(c.m_unit)}, &c);
  }
  std::vector<std::vector<std::string>> cells{
      {"workload", "backend", "threads", "median ms", "max ms", "first call ms", "peak extra MiB"}};
  for (const workload_case& c : cases) {
    const workload_case* first =
        find_case(index, c.m_workload + scratch_rows::first_call, c.m_size, k_wall_time_unit);
    if (c.m_unit != k_wall_time_unit || first == nullptr) {
      continue;
    }
    const workload_case* memory =
        find_case(index, c.m_workload + scratch_rows::peak_memory, c.m_size, scratch_rows::memory_unit);
    for (const measurement* row : c.m_rows) {
      if (row->m_threads == max_threads(c) || row->m_backend == backend_names::seq) {
        cells.push_back({c.m_workload + ", n = " + format_size(c.m_size), row->m_backend, std::to_string(row->m_threads), format_value(row->m_median),
                         row->m_max ? format_value(*row->m_max) : "-", median_in(first, *row),
                         median_in(memory, *row)});
      }
    }
  }
  if (cells.size() == 1) {
    return "";
  }
  return "## Sorts: steady state, first call and peak memory\n\n"
         "Each sort's median and slowest of the timed calls, its first call (on fresh scratch memory) and the "
         "peak resident memory its calls needed beyond the input (MiB; below about 1 MiB is noise), at its "
         "largest thread count, seq for reference.\n\n" +
         markdown_table(cells, "llr");
}

}  // namespace

void write_report(const fs::path& out_dir, const machine_info& machine, const std::vector<measurement>& rows) {
  fs::create_directories(out_dir);
  const std::vector<workload_case> cases = group_cases(rows);
  const plot_plan plan = plan_plots(cases);
  const bool drawn = draw_plots(out_dir, cases, plan);
  const std::string report = std::string(k_introduction) + (drawn ? "" : std::string(k_no_plots)) +
                             machine_section(machine) +
                             case_sections(out_dir, cases, plan) + summary_section(out_dir, cases, plan) +
                             sort_costs_section(cases);
  write_text_file(out_dir / k_report_name, report);
}

}  // namespace harness
