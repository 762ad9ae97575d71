// SPDX-License-Identifier: MIT
// The command line of pstl_ws_compare: which workloads, backends, sizes and
// thread counts to run, how often, and where the results go. A bad flag or
// value is a bench::usage_error that names it, never a crash.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace harness {

/// How big the inputs are: small (seconds, a smoke test), normal (the default:
/// minutes on 2 cores) or full (the sizes of TARGETS.md, up to 10^8 elements).
enum class size_mode { small, normal, full };

const char* size_name(size_mode mode) noexcept;

/// The concurrent callers workloads' default and largest number of callers.
inline constexpr std::size_t k_default_callers = 8;
inline constexpr std::size_t k_max_callers = 1024;

/// The most rounds --rounds accepts.
inline constexpr std::size_t k_max_rounds = 100;

struct options {
  std::optional<std::vector<std::size_t>> m_threads;  // empty: powers of two up to the CPU count
  size_mode m_size = size_mode::normal;
  std::size_t m_reps = 5;
  /// Times every workload is measured over, all its backends in turn each
  /// round (rounds.hpp); the child process always measures one round.
  std::size_t m_rounds = 1;
  std::size_t m_callers = k_default_callers;  // threads of the concurrent callers workloads
  std::vector<std::string> m_workload_filters;  // a workload runs if its name contains one (none: all)
  std::vector<std::string> m_backends;          // the backends to run (none: every one built in)
  std::string m_out_dir = "compare-out";
  std::optional<std::string> m_report_from;  // regenerate the report from this CSV, measure nothing
  bool m_progress = true;
  bool m_help = false;
  /// Set by the parent when it runs the std_par_on_ws executable: run just
  /// this workload (exact name) at this size, write the CSV to m_child_csv.
  std::optional<std::string> m_child_workload;
  std::size_t m_child_size = 0;
  std::optional<std::string> m_child_csv;
};

/// The usage message of this executable.
extern const char* const k_usage;

/// Parses argv; throws bench::usage_error naming the flag and the problem.
/// known_backends lists the backends this executable was built with (a
/// --backends entry outside it is an error); every workload name must be
/// matched by some --filter entry's check against workload_names.
options parse_options(int argc, char** argv, const std::vector<std::string_view>& known_backends,
                      const std::vector<std::string_view>& workload_names);

/// Whether the workload `name` passes --filter.
bool workload_selected(const options& opts, std::string_view name);

/// Whether `backend` passes --backends.
bool backend_selected(const options& opts, std::string_view backend);

}  // namespace harness
