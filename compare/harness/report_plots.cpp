// SPDX-License-Identifier: MIT
#include "harness/report_plots.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <set>
#include <span>
#include <string_view>
#include <system_error>

#include "bench_support.hpp"
#include "harness/console_table.hpp"
#include "harness/csv.hpp"

namespace harness {
namespace {

namespace fs = std::filesystem;

constexpr const char* k_script_name = "plots.gp";
constexpr const char* k_ratios_name = "ratios.png";
constexpr int k_plot_width = 900;
constexpr int k_plot_height = 560;
constexpr int k_bar_group_width = 150;     // pixels of the ratio chart per case
constexpr double k_thread_margin = 1.25;   // x range: threads from min / margin to max * margin
constexpr double k_ratio_margin = 1.3;     // y range of the ratios: from min / margin to max * margin

// Colour and point shape per backend, in backend_rank order; the last entry
// serves every other backend. gnuplot line type i + 1 is entry i.
struct line_style {
  const char* m_colour;
  int m_point;
};
constexpr std::array<line_style, 8> k_styles{{{"#7f7f7f", 1},   // seq
                                              {"#1f77b4", 7},   // std_par
                                              {"#2ca02c", 5},   // tbb
                                              {"#d62728", 9},   // ws
                                              {"#e377c2", 4},   // ws_park
                                              {"#ff7f0e", 11},  // std_par_on_ws
                                              {"#9467bd", 13},  // gnu_parallel
                                              {"#8c564b", 3}}};

std::size_t line_type(std::string_view backend) { return std::min(backend_rank(backend), k_styles.size() - 1) + 1; }

// text as a gnuplot single-quoted string (no escapes; '' is one quote).
std::string gnuplot_string(std::string_view text) {
  std::string result = "'";
  for (const char ch : text) {
    result += ch == '\'' ? std::string("''") : std::string(1, ch);
  }
  return result + "'";
}

std::string slug(const workload_case& c) {
  std::string text;
  for (const char ch : c.m_workload) {
    const bool keep = std::isalnum(static_cast<unsigned char>(ch)) != 0;
    if (keep) {
      text += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    } else if (!text.empty() && text.back() != '-') {
      text += '-';
    }
  }
  if (!text.empty() && text.back() == '-') {
    text.pop_back();
  }
  return (text.empty() ? std::string("workload") : text) + (c.m_size == 0 ? "" : "-n" + std::to_string(c.m_size));
}

// The cases that go into the ratio chart: wall time, std_par at the largest
// thread count.
bool in_ratio_chart(const workload_case& c) {
  return c.m_unit == k_wall_time_unit && find_row(c, backend_names::std_par, max_threads(c)) != nullptr;
}

// The backends of the rows of cases for which keep(case, row) holds, in
// backend order.
template <class Keep>
std::vector<std::string> backends_where(std::span<const workload_case> cases, Keep keep) {
  std::set<std::pair<std::size_t, std::string>> found;
  for (const workload_case& c : cases) {
    for (const measurement* row : c.m_rows) {
      if (keep(c, *row)) {
        found.emplace(backend_rank(row->m_backend), row->m_backend);
      }
    }
  }
  std::vector<std::string> backends;
  for (const auto& entry : found) {
    backends.push_back(entry.second);
  }
  return backends;
}

// The backends with a bar in the ratio chart: all but seq and std_par (the
// reference, drawn as a line at 1) that have a positive ratio (the log axis
// has no room for 0) somewhere.
std::vector<std::string> bar_backends(const std::vector<workload_case>& cases) {
  return backends_where(cases, [](const workload_case& c, const measurement& row) {
    return in_ratio_chart(c) && row.m_threads == max_threads(c) && row.m_backend != backend_names::seq &&
           row.m_backend != backend_names::std_par && row.m_vs_std_par.value_or(0.0) > 0.0;
  });
}

std::string preamble() {
  std::string script = "# Written by pstl_ws_compare; `gnuplot plots.gp` in this folder redraws the report's plots.\n";
  script += "terminal = strstrt(GPVAL_TERMINALS, 'pngcairo') > 0 ? 'pngcairo' : 'png'\n";
  for (std::size_t i = 0; i < k_styles.size(); ++i) {
    script += bench::format("set linetype %zu lc rgb '%s' lw 2 pt %d ps 1.3\n", i + 1, k_styles[i].m_colour,
                            k_styles[i].m_point);
  }
  return script;
}

// The settings every plot starts from: size, file, title, grid.
std::string start_plot(int width, const std::string& file, const std::string& title) {
  return bench::format("reset\nset terminal @terminal noenhanced size %d,%d\n", width, k_plot_height) +
         "set output " + gnuplot_string(file) + "\nset title " + gnuplot_string(title) + "\nset grid\n";
}

std::string speedup_plot(const workload_case& c, std::size_t index, const std::string& file) {
  std::string script = "\n" + start_plot(k_plot_width, file, case_title(c) + ": speedup over seq (higher is better)");
  std::vector<std::size_t> threads;
  for (const measurement* row : c.m_rows) {
    threads.push_back(row->m_threads);
  }
  threads = bench::sorted_unique(std::move(threads));
  script += "set xlabel 'threads'\nset ylabel 'speedup: seq median / median'\nset logscale xy 2\n";
  script += "set format y '%g'\nset key outside right top box\n";
  script += bench::format("set xrange [%g:%g]\nset xtics (", static_cast<double>(threads.front()) / k_thread_margin,
                          static_cast<double>(threads.back()) * k_thread_margin);
  for (std::size_t i = 0; i < threads.size(); ++i) {
    script += (i == 0 ? "" : ", ") + std::to_string(threads[i]);
  }
  script += ")\n";
  std::string plot = "plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', "
                     "1 with lines dt 3 lt 1 title 'seq (= 1)'";
  std::size_t number = 0;
  for (const std::string& backend : backends_where(std::span(&c, 1), [](const workload_case&, const measurement& row) {
         return row.m_backend != backend_names::seq;
       })) {
    const std::string name = bench::format("$case%zu_%zu", index, number++);
    script += name + " << EOD\n";
    for (const measurement* row : c.m_rows) {
      const std::optional<double> value = speedup(c, *row);
      if (row->m_backend == backend && value) {
        script += bench::format("%zu %.6g\n", row->m_threads, *value);
      }
    }
    script += "EOD\n";
    plot += bench::format(", %s with linespoints lt %zu title ", name.c_str(), line_type(backend)) +
            gnuplot_string(backend);
  }
  return script + plot + "\n";
}

std::string ratio_chart(const std::vector<workload_case>& cases, const std::vector<std::string>& backends) {
  std::size_t chart_cases = 0;
  std::set<std::size_t> thread_counts;
  double lowest = 1.0;  // the y range holds every bar and the line at 1
  double highest = 1.0;
  std::string block = "$ratios << EOD\n";
  for (const workload_case& c : cases) {
    if (!in_ratio_chart(c)) {
      continue;
    }
    ++chart_cases;
    thread_counts.insert(max_threads(c));
    std::string label = c.m_workload + (c.m_size == 0 ? "" : " " + format_size(c.m_size));
    std::replace(label.begin(), label.end(), '"', '\'');
    block += '"' + label + '"';
    for (const std::string& backend : backends) {
      const measurement* row = find_row(c, backend, max_threads(c));
      const double ratio = row != nullptr ? row->m_vs_std_par.value_or(0.0) : 0.0;
      block += ratio > 0.0 ? bench::format(" %.6g", ratio) : " ?";
      if (ratio > 0.0) {
        lowest = std::min(lowest, ratio);
        highest = std::max(highest, ratio);
      }
    }
    block += '\n';
  }
  const std::string at = thread_counts.size() == 1 ? bench::format("at %zu threads", *thread_counts.begin())
                                                   : std::string("at each workload's largest thread count");
  const int width = std::max(k_plot_width, static_cast<int>(chart_cases) * k_bar_group_width);
  std::string script = "\n" + start_plot(width, k_ratios_name, "median over std_par's median " + at +
                                                                    " (below 1 = faster than std_par)");
  script += block + "EOD\n";
  script += "set datafile missing '?'\nset style data histograms\nset style histogram clustered gap 1\n";
  script += "set style fill solid 0.85 border -1\nset logscale y 2\nset format y '%g'\nset grid noxtics\n";
  script += "set ylabel 'median / std_par median'\nset xtics rotate by 25 right nomirror\n";
  script += "set key outside right top vertical\n";
  script += bench::format("set xrange [-0.5:%zu.5]\nset yrange [%.6g:%.6g]\n", chart_cases - 1,
                          lowest / k_ratio_margin, highest * k_ratio_margin);
  // The centre of bar i of row r, for the labels over the bars (a cluster of
  // n bars and a gap of one bar fills one unit of x).
  script += bench::format("bar_x(r, i) = r + (i - (%zu - 1) / 2.0) / (%zu + 1)\n", backends.size(), backends.size());
  std::string bars = "plot ";
  std::string labels;
  for (std::size_t i = 0; i < backends.size(); ++i) {
    bars += bench::format("$ratios using %zu%s lt %zu title ", i + 2, i == 0 ? ":xtic(1)" : "",
                          line_type(backends[i])) +
            gnuplot_string(backends[i]) + ", ";
    labels += bench::format(", $ratios using (bar_x($0, %zu)):%zu:(sprintf('%%.2f', $%zu)) with labels "
                            "offset 0,0.6 notitle",
                            i, i + 2, i + 2);
  }
  return script + bars + "1 with lines dt 2 lc rgb '#000000' lw 2 title 'std_par (= 1)'" + labels + "\n";
}

// Runs gnuplot on script in the script's folder (the file names in it are
// relative to that); the reason it did not succeed, or nullopt.
std::optional<std::string> run_gnuplot(const fs::path& script) {
  const fs::path absolute = fs::absolute(script);
  std::string program = "gnuplot";
  std::string command_flag = "-e";
  std::string change_folder = "cd " + gnuplot_string(absolute.parent_path().string());
  std::string argument = absolute.string();
  std::array<char*, 5> argv{program.data(), command_flag.data(), change_folder.data(), argument.data(), nullptr};
  pid_t child = 0;
  const int error = posix_spawnp(&child, program.c_str(), nullptr, nullptr, argv.data(), environ);
  if (error == ENOENT) {
    return "gnuplot not found (apt-get install gnuplot-nox, then redo the report with --report-from "
           "<results.csv>)";
  }
  if (error != 0) {
    return "gnuplot could not be started: " + std::system_category().message(error);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      return "waiting for gnuplot failed: " + std::system_category().message(errno);
    }
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return "gnuplot failed on " + argument + " (its messages are above)";
  }
  return std::nullopt;
}

}  // namespace

plot_plan plan_plots(const std::vector<workload_case>& cases) {
  plot_plan plan;
  std::set<std::string> taken;
  for (const workload_case& c : cases) {
    std::string name;
    if (has_speedups(c)) {
      const std::string base = "speedup-" + slug(c);
      name = base;
      for (int copy = 2; !taken.insert(name).second; ++copy) {
        name = base + "-" + std::to_string(copy);
      }
      name += ".png";
    }
    plan.m_speedup.push_back(std::move(name));
  }
  if (!bar_backends(cases).empty()) {
    plan.m_ratios = k_ratios_name;
  }
  return plan;
}

bool draw_plots(const fs::path& out_dir, const std::vector<workload_case>& cases, const plot_plan& plan) {
  const bool any = !plan.m_ratios.empty() || std::any_of(plan.m_speedup.begin(), plan.m_speedup.end(),
                                                         [](const std::string& name) { return !name.empty(); });
  if (!any) {
    return true;
  }
  std::string script = preamble();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!plan.m_speedup[i].empty()) {
      fs::remove(out_dir / plan.m_speedup[i]);
      script += speedup_plot(cases[i], i, plan.m_speedup[i]);
    }
  }
  if (!plan.m_ratios.empty()) {
    fs::remove(out_dir / plan.m_ratios);
    script += ratio_chart(cases, bar_backends(cases));
  }
  const fs::path script_path = out_dir / k_script_name;
  write_text_file(script_path, script);
  const std::optional<std::string> problem = run_gnuplot(script_path);
  if (problem) {
    std::fprintf(stderr, "pstl_ws_compare: plots skipped: %s\n", problem->c_str());
  }
  return !problem;
}

}  // namespace harness
