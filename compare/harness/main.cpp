// SPDX-License-Identifier: MIT
// pstl_ws_compare: the side-by-side comparison. Every workload of
// workloads.cpp runs on the same input under seq and every backend built in
// (std_par, tbb, ws, gnu_parallel here; std_par_on_ws in a child executable,
// see child_process.hpp) at every thread count, each result verified against
// seq's; then the tables go to stdout and results.csv, report.md and the
// plots to --out. Built as pstl_ws_compare_std_par_on_ws (with
// PSTL_WS_STD_PAR_ON_WS, linked to pstl_ws::std_execution), the same code is the child: it measures one
// workload and writes the CSV its parent asked for.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bench_support.hpp"
#include "harness/at_rest.hpp"
#include "harness/child_process.hpp"
#include "harness/console_table.hpp"
#include "harness/csv.hpp"
#include "harness/machine.hpp"
#include "harness/ratios.hpp"
#include "harness/report.hpp"
#include "harness/rounds.hpp"
#include "harness/suite.hpp"
#include "harness/workloads.hpp"

#ifdef PSTL_WS_HAVE_TBB
#include <tbb/global_control.h>
#endif

namespace harness {

std::vector<std::string_view> built_backends() {
  std::vector<std::string_view> names;
  // A throwaway context of one thread lists the backends compiled in.
  thread_context context(1);
  auto backends = context.backends();
  std::apply([&](auto&... backend) { (names.emplace_back(backend.name()), ...); }, backends);
#ifndef PSTL_WS_STD_PAR_ON_WS
  if (!std_par_on_ws_executable().empty()) {
    names.emplace_back(backend_names::std_par_on_ws);
  }
#endif
  return names;
}

namespace {

constexpr const char* k_tool = "pstl_ws_compare";
constexpr std::string_view k_at_rest = "at rest";

/// Every workload name, for --filter's check (sizes do not change names).
std::vector<std::string_view> all_workload_names() {
  static const std::vector<std::string> names = [] {
    options defaults;
    std::vector<std::unique_ptr<thread_context>> none;
    suite counter(defaults, none, nullptr);
    add_workloads(counter, size_mode::normal, defaults.m_callers);
    std::vector<std::string> result = counter.names();
    result.emplace_back(k_at_rest);
    return result;
  }();
  return {names.begin(), names.end()};
}

options parse(int argc, char** argv) { return parse_options(argc, argv, built_backends(), all_workload_names()); }

/// The default thread counts: powers of two up to the CPU count, and the CPU count.
std::vector<std::size_t> default_threads() {
  const std::size_t cpus = ws::thread_pool(0).num_threads();
  std::vector<std::size_t> counts;
  for (std::size_t count = 1; count < cpus; count *= 2) {
    counts.push_back(count);
  }
  counts.push_back(cpus);
  return counts;
}

/// Tables on stdout, then results.csv, report.md and the plots in the --out directory.
void publish(const options& opts, const machine_info& machine, std::vector<measurement>& rows) {
  fill_ratios(rows);
  print_tables(stdout, rows);
  const std::filesystem::path out(opts.m_out_dir);
  std::filesystem::create_directories(out);
  write_csv(out / "results.csv", machine, rows);
  write_report(out, machine, rows);
  std::printf("\nresults: %s, %s\n", (out / "results.csv").c_str(), (out / "report.md").c_str());
}

int measure(const options& opts) {
  const std::vector<std::size_t> threads = bench::thread_counts(opts.m_threads, default_threads());
#ifdef PSTL_WS_HAVE_TBB
  // Let TBB run as many threads as asked for, even beyond the CPU count.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads.back());
#endif
  std::vector<std::unique_ptr<thread_context>> contexts;
  for (const std::size_t count : threads) {
    contexts.push_back(std::make_unique<thread_context>(count));
  }
  const machine_info machine = describe_machine(opts, threads);
  auto make_suite = [&](progress* bar) {
    suite s(opts, contexts, bar);
#ifndef PSTL_WS_STD_PAR_ON_WS
    if (const std::filesystem::path child = std_par_on_ws_executable();
        !child.empty() && backend_selected(opts, backend_names::std_par_on_ws)) {
      s.set_external(backend_names::std_par_on_ws, [&opts, &threads, child](const std::string& workload, std::size_t n) {
        return run_child(child, opts, threads, workload, n);
      });
    }
#endif
    return s;
  };
  // At rest: the scheduler's idle behaviour, measured in this executable only.
  const bool at_rest = !opts.m_child_workload && workload_selected(opts, k_at_rest);
  const at_rest_options rest{threads, opts.m_reps, backend_selected(opts, backend_names::ws),
                             bench::k_have_tbb && backend_selected(opts, backend_names::tbb)};

  suite counting = make_suite(nullptr);
  add_workloads(counting, opts.m_size, opts.m_callers);
  if (!opts.m_child_workload) {
    for (const auto& [key, value] : machine.m_facts) {
      std::printf("%-30s %s\n", (key + ":").c_str(), value.c_str());
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  std::vector<measurement> rows;
  {
    progress bar(counting.count() + (at_rest ? at_rest_step_count(rest) : 0), opts.m_progress);
    suite measuring = make_suite(&bar);
    add_workloads(measuring, opts.m_size, opts.m_callers);
    rows = merge_rounds(std::move(measuring.results()));
    if (at_rest) {
      for (measurement& row : measure_at_rest(rest, [&bar](std::string_view what) { bar.step(what); })) {
        rows.push_back(std::move(row));
      }
    }
  }
  if (opts.m_child_workload) {
    write_csv(opts.m_child_csv.value_or("/dev/stdout"), machine, rows);
    return 0;
  }
  publish(opts, machine, rows);
  std::printf("all results verified against seq\n");
  return 0;
}

int run(const options& opts) {
  if (opts.m_report_from) {
    results contents = read_csv(*opts.m_report_from);
    publish(opts, contents.m_machine, contents.m_measurements);
    return 0;
  }
  return measure(opts);
}

}  // namespace

}  // namespace harness

int main(int argc, char** argv) {
  return bench::run_main(harness::k_tool, harness::k_usage, argc, argv, harness::parse, harness::run);
}
