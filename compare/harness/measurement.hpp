// SPDX-License-Identifier: MIT
// What pstl_ws_compare measures and prints: one measurement per workload,
// size, backend and thread count, and the facts about the machine that
// produced them. Every output (the console tables, the CSV, the markdown
// report and its plots) is written from these two structures alone.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace harness {

/// The backend names, as they appear in tables, CSV and plots.
namespace backend_names {
inline constexpr const char* seq = "seq";
inline constexpr const char* std_par = "std_par";
inline constexpr const char* tbb = "tbb";
inline constexpr const char* ws = "ws";
inline constexpr const char* ws_park = "ws_park";  // ws::par on a pool with wait_policy::park
inline constexpr const char* std_par_on_ws = "std_par_on_ws";
inline constexpr const char* gnu_parallel = "gnu_parallel";
}  // namespace backend_names

/// The rows a sort workload adds (workload_traits::m_scratch_costs): its
/// name followed by these, in the same size, backend and thread count.
namespace scratch_rows {
inline constexpr const char* first_call = " first call";           // the warm-up's time, in ms
inline constexpr const char* peak_memory = " peak extra memory";   // in memory_unit
inline constexpr const char* memory_unit = "MiB";
}  // namespace scratch_rows

/// One cell of the comparison: the median, minimum and maximum of m_reps
/// samples of one workload at one size, run by one backend on m_threads
/// threads. Times are in milliseconds (m_unit "ms"); other measurements use
/// other units, named in m_unit ("ms cpu" and "us" at rest, "MiB" for peak
/// memory, "slowest/fastest" for a spread). For every unit, lower is better.
struct measurement {
  std::string m_workload;  // e.g. "sort u32 random"; a workload's name never contains a comma
  std::size_t m_size = 0;  // elements (0 where a size means nothing, e.g. fib(30))
  std::string m_backend;   // one of backend_names
  std::size_t m_threads = 1;
  std::string m_unit = "ms";
  double m_median = 0.0;
  double m_min = 0.0;
  /// Empty only when read from a CSV written before the column existed.
  std::optional<double> m_max;
  std::size_t m_reps = 0;
  /// This median over std_par's (resp. tbb's) median for the same workload,
  /// size and thread count; below 1 means this backend was faster. Empty
  /// when that backend was not measured there.
  std::optional<double> m_vs_std_par;
  std::optional<double> m_vs_tbb;
};

/// Facts about the run, as (key, value) pairs in print order: CPU model,
/// cores, compiler, flags, libstdc++ / oneTBB / Boost versions, the
/// std::execution::par backend, the date, the size and the reps.
struct machine_info {
  std::vector<std::pair<std::string, std::string>> m_facts;
};

}  // namespace harness
