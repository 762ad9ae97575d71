// SPDX-License-Identifier: MIT
#include "harness/options.hpp"

#include <algorithm>
#include <string>

#include "bench_support.hpp"

namespace harness {

const char* const k_usage =
    "usage: pstl_ws_compare [--threads LIST] [--size small|default|full] [--reps R]\n"
    "                       [--rounds N] [--callers K] [--filter LIST] [--backends LIST]\n"
    "                       [--out DIR] [--no-progress]\n"
    "       pstl_ws_compare --report-from FILE.csv [--out DIR]\n"
    "  --threads LIST   comma-separated thread counts, e.g. 1,2,4; 0 = one per available CPU\n"
    "                   (default: powers of two up to the CPU count, and the CPU count)\n"
    "  --size S         small (a quick check), default (~5 minutes on 2 cores) or full\n"
    "                   (the sizes of TARGETS.md: up to 10^8 elements, needs ~3 GiB)\n"
    "  --reps R         timed runs per measurement after one warm-up (default 5, at most 1000)\n"
    "  --rounds N       measure every workload N times over, all backends in turn each\n"
    "                   round; each cell is the median of its rounds' medians (default 1,\n"
    "                   at most 100): a machine whose speed drifts slows every backend alike\n"
    "  --callers K      threads that call at once in the concurrent callers workloads\n"
    "                   (default 8, at most 1024)\n"
    "  --filter LIST    run only the workloads whose name contains one of these comma-\n"
    "                   separated words, e.g. 'sort,reduce' or 'for_each light'\n"
    "  --backends LIST  run only these backends (seq always runs: it is the reference):\n"
    "                   std_par, tbb, ws, ws_park, std_par_on_ws, gnu_parallel\n"
    "  --out DIR        where results.csv, report.md and the plots go (default compare-out)\n"
    "  --report-from F  measure nothing; rebuild the tables, report and plots from the CSV F\n"
    "  --no-progress    no live progress line on stderr\n"
    "  --help           this message\n";

const char* size_name(size_mode mode) noexcept {
  switch (mode) {
    case size_mode::small: return "small";
    case size_mode::normal: return "default";
    case size_mode::full: return "full";
  }
  return "default";
}

namespace {

size_mode parse_size(std::string_view flag, std::string_view text) {
  if (text == "small") return size_mode::small;
  if (text == "default") return size_mode::normal;
  if (text == "full") return size_mode::full;
  throw bench::usage_error(std::string(flag) + ": expected small, default or full, got '" + std::string(text) + "'");
}

/// Splits "a,b,c" into its non-empty words; an empty word is a usage error.
std::vector<std::string> parse_words(std::string_view flag, std::string_view text) {
  std::vector<std::string> words;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view word = text.substr(0, comma);
    if (word.empty()) {
      throw bench::usage_error(std::string(flag) + ": empty entry in '" + std::string(text) + "'");
    }
    words.emplace_back(word);
    if (comma == std::string_view::npos) {
      return words;
    }
    text.remove_prefix(comma + 1);
  }
}

void check_filters(std::string_view flag, const std::vector<std::string>& filters,
                   const std::vector<std::string_view>& workload_names) {
  for (const std::string& filter : filters) {
    const bool matches = std::any_of(workload_names.begin(), workload_names.end(), [&](std::string_view name) {
      return name.find(filter) != std::string_view::npos;
    });
    if (!matches) {
      throw bench::usage_error(std::string(flag) + ": no workload name contains '" + filter + "'");
    }
  }
}

void check_backends(std::string_view flag, const std::vector<std::string>& backends,
                    const std::vector<std::string_view>& known) {
  for (const std::string& backend : backends) {
    if (std::find(known.begin(), known.end(), backend) == known.end()) {
      std::string list;
      for (const std::string_view name : known) {
        list += (list.empty() ? "" : ", ") + std::string(name);
      }
      throw bench::usage_error(std::string(flag) + ": unknown or not built backend '" + backend + "' (built: " + list +
                               ")");
    }
  }
}

}  // namespace

options parse_options(int argc, char** argv, const std::vector<std::string_view>& known_backends,
                      const std::vector<std::string_view>& workload_names) {
  options result;
  bench::flag_reader reader(argc, argv);
  std::string_view flag;
  while (reader.next_flag(flag)) {
    if (flag == "--threads") {
      result.m_threads = bench::parse_count_list(flag, reader.value(flag), 0, bench::k_max_threads);
    } else if (flag == "--size") {
      result.m_size = parse_size(flag, reader.value(flag));
    } else if (flag == "--reps") {
      result.m_reps = bench::parse_count(flag, reader.value(flag), 1, bench::k_max_reps);
    } else if (flag == "--rounds") {
      result.m_rounds = bench::parse_count(flag, reader.value(flag), 1, k_max_rounds);
    } else if (flag == "--callers") {
      result.m_callers = bench::parse_count(flag, reader.value(flag), 1, k_max_callers);
    } else if (flag == "--filter") {
      result.m_workload_filters = parse_words(flag, reader.value(flag));
      check_filters(flag, result.m_workload_filters, workload_names);
    } else if (flag == "--backends") {
      result.m_backends = parse_words(flag, reader.value(flag));
      check_backends(flag, result.m_backends, known_backends);
    } else if (flag == "--out") {
      result.m_out_dir = std::string(reader.value(flag));
    } else if (flag == "--report-from") {
      result.m_report_from = std::string(reader.value(flag));
    } else if (flag == "--no-progress") {
      result.m_progress = false;
    } else if (flag == "--child-workload") {  // internal: see options::m_child_workload
      result.m_child_workload = std::string(reader.value(flag));
    } else if (flag == "--child-size") {
      result.m_child_size = bench::parse_count(flag, reader.value(flag), 0, ~std::size_t{0});
    } else if (flag == "--child-csv") {
      result.m_child_csv = std::string(reader.value(flag));
    } else if (flag == "--help" || flag == "-h") {
      result.m_help = true;
    } else {
      throw bench::usage_error("unknown flag '" + std::string(flag) + "'");
    }
  }
  if (result.m_out_dir.empty()) {
    throw bench::usage_error("--out: the directory name is empty");
  }
  return result;
}

bool workload_selected(const options& opts, std::string_view name) {
  if (opts.m_child_workload) {
    return name == *opts.m_child_workload;
  }
  return opts.m_workload_filters.empty() ||
         std::any_of(opts.m_workload_filters.begin(), opts.m_workload_filters.end(),
                     [name](const std::string& filter) { return name.find(filter) != std::string_view::npos; });
}

bool backend_selected(const options& opts, std::string_view backend) {
  return opts.m_backends.empty() || std::find(opts.m_backends.begin(), opts.m_backends.end(), backend) !=
                                        opts.m_backends.end();
}

}  // namespace harness
