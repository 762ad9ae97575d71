// SPDX-License-Identifier: MIT
// Small helpers shared by the comparison harness and the micro-benchmarks in compare/:
// wall-clock timing, medians, minima and maxima, command-line flag parsing that
// reports bad input as a usage_error (never a crash), output files and
// fixed-width table printing.
#pragma once

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "pstl_ws/thread_pool.hpp"

namespace bench {

/// A bad flag or flag value; main prints the usage message and exits 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int k_exit_usage = 2;

/// Whether this tool was built with oneTBB to compare against.
#ifdef PSTL_WS_HAVE_TBB
inline constexpr bool k_have_tbb = true;
#else
inline constexpr bool k_have_tbb = false;
#endif
/// Limits and defaults every tool's flags share.
inline constexpr std::size_t k_default_reps = 5;
inline constexpr std::size_t k_max_threads = 1024;
inline constexpr std::size_t k_max_reps = 1000;

/// A tool's main(): parses the flags (a usage_error prints the message and
/// usage and returns k_exit_usage), prints usage for --help, runs, and turns
/// an escaping exception into a message and exit code 1. Options needs an
/// m_help member.
template <class Parse, class Run>
int run_main(const char* tool, const char* usage, int argc, char** argv, Parse parse, Run run) {
  decltype(parse(argc, argv)) opts;
  try {
    opts = parse(argc, argv);
  } catch (const usage_error& error) {
    std::fprintf(stderr, "%s: %s\n%s", tool, error.what(), usage);
    return k_exit_usage;
  }
  if (opts.m_help) {
    std::fputs(usage, stdout);
    return 0;
  }
  try {
    return run(opts);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s: error: %s\n", tool, error.what());
    return 1;
  }
}

/// Keeps the compiler from deleting the computation of value.
template <class T>
inline void do_not_optimize(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

/// Milliseconds spent in f().
template <class F>
double time_ms(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

/// The median of samples (the mean of the two middle ones for an even count).
inline double median(std::vector<double> samples) {
  if (samples.empty()) {
    return 0.0;
  }
  std::sort(samples.begin(), samples.end());
  const std::size_t middle = samples.size() / 2;
  return samples.size() % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2.0;
}

/// The median, the minimum and the maximum of a set of measurements.
struct summary {
  double m_median = 0.0;
  double m_min = 0.0;
  double m_max = 0.0;
};

inline summary summarize(const std::vector<double>& samples) {
  if (samples.empty()) {
    return {};
  }
  const auto [min, max] = std::minmax_element(samples.begin(), samples.end());
  return {median(samples), *min, *max};
}

/// The measurements of a series of calls: the first (the warm-up) apart.
struct warmed_samples {
  double m_warm_up = 0.0;
  std::vector<double> m_samples;
};

/// One warm-up call of sample() and reps more calls (each returns one
/// measurement, for instance a time_ms taken where it matters).
template <class Sample>
warmed_samples warm_up_and_samples(std::size_t reps, Sample&& sample) {
  warmed_samples result{sample(), {}};
  result.m_samples.reserve(reps);
  for (std::size_t rep = 0; rep < reps; ++rep) {
    result.m_samples.push_back(sample());
  }
  return result;
}

/// reps calls of sample() after one discarded warm-up call.
template <class Sample>
std::vector<double> samples_of(std::size_t reps, Sample&& sample) {
  return warm_up_and_samples(reps, sample).m_samples;
}

/// The median of reps calls of sample(), after one discarded warm-up call.
template <class Sample>
double median_of(std::size_t reps, Sample&& sample) {
  return median(samples_of(reps, sample));
}

/// The median, minimum and maximum of reps calls of sample(), after one discarded warm-up call.
template <class Sample>
summary summary_of(std::size_t reps, Sample&& sample) {
  return summarize(samples_of(reps, sample));
}

/// Parses a whole decimal number in [min, max], or throws usage_error naming flag.
inline std::size_t parse_count(std::string_view flag, std::string_view text, std::size_t min,
                               std::size_t max) {
  std::size_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [end, error] = std::from_chars(first, last, value);
  if (text.empty() || error != std::errc{} || end != last || value < min || value > max) {
    throw usage_error(std::string(flag) + ": expected a whole number from " + std::to_string(min) +
                      " to " + std::to_string(max) + ", got '" + std::string(text) + "'");
  }
  return value;
}

/// Parses a comma-separated list of counts in [min, max], e.g. "1,2,4".
inline std::vector<std::size_t> parse_count_list(std::string_view flag, std::string_view text,
                                                 std::size_t min, std::size_t max) {
  std::vector<std::size_t> values;
  while (true) {
    const std::size_t comma = text.find(',');
    values.push_back(parse_count(flag, text.substr(0, comma), min, max));
    if (comma == std::string_view::npos) {
      return values;
    }
    text.remove_prefix(comma + 1);
  }
}

/// Walks argv as "--flag value" pairs.
class flag_reader {
 public:
  flag_reader(int argc, char** argv) : m_args(argv + 1, argv + std::max(argc, 1)) {}

  /// The next flag name, or false when all arguments have been read.
  bool next_flag(std::string_view& flag) {
    if (m_index >= m_args.size()) {
      return false;
    }
    flag = m_args[m_index++];
    return true;
  }

  /// The value that follows flag; throws usage_error if there is none.
  std::string_view value(std::string_view flag) {
    if (m_index >= m_args.size()) {
      throw usage_error(std::string(flag) + ": missing value");
    }
    return m_args[m_index++];
  }

 private:
  std::vector<std::string_view> m_args;
  std::size_t m_index = 0;
};

/// A FILE* that closes itself.
struct file_closer {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using file_handle = std::unique_ptr<std::FILE, file_closer>;

/// Opens path for writing (a null handle if it cannot be opened).
inline file_handle open_for_writing(const std::string& path) { return file_handle(std::fopen(path.c_str(), "w")); }

/// Sorted, without repeats.
inline std::vector<std::size_t> sorted_unique(std::vector<std::size_t> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

/// The thread counts to measure: the ones asked for with --threads, else
/// `fallback`; 0 stands for one per available CPU. Sorted, without repeats.
inline std::vector<std::size_t> thread_counts(const std::optional<std::vector<std::size_t>>& asked,
                                              std::vector<std::size_t> fallback) {
  const std::size_t all_cpus = ws::thread_pool(0).num_threads();
  std::vector<std::size_t> counts = asked.value_or(std::move(fallback));
  for (std::size_t& count : counts) {
    count = count == 0 ? all_cpus : count;
  }
  return sorted_unique(std::move(counts));
}

/// The counts separated by `separator`, e.g. "1,2,4".
inline std::string join_counts(const std::vector<std::size_t>& counts, char separator = ',') {
  std::string text;
  for (const std::size_t count : counts) {
    if (!text.empty()) {
      text += separator;
    }
    text += std::to_string(count);
  }
  return text;
}

/// printf into a std::string ("%.3f" and friends for table cells).
template <class... Args>
std::string format(const char* pattern, Args... args) {
  const int length = std::snprintf(nullptr, 0, pattern, args...);
  std::string text(static_cast<std::size_t>(std::max(length, 0)), '\0');
  std::snprintf(text.data(), text.size() + 1, pattern, args...);
  return text;
}

/// A table printed with columns sized to their widest cell: the first column
/// left-aligned, the others right-aligned.
class table {
 public:
  explicit table(std::vector<std::string> header) : m_rows{std::move(header)} {}

  void add_row(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }

  void print(std::FILE* out) const {
    const std::vector<std::size_t> widths = column_widths();
    for (std::size_t row = 0; row < m_rows.size(); ++row) {
      print_row(out, m_rows[row], widths);
      if (row == 0) {
        print_rule(out, widths);
      }
    }
  }

 private:
  std::vector<std::size_t> column_widths() const {
    std::vector<std::size_t> widths;
    for (const auto& row : m_rows) {
      widths.resize(std::max(widths.size(), row.size()), 0);
      for (std::size_t column = 0; column < row.size(); ++column) {
        widths[column] = std::max(widths[column], row[column].size());
      }
    }
    return widths;
  }

  static void print_row(std::FILE* out, const std::vector<std::string>& row,
                        const std::vector<std::size_t>& widths) {
    for (std::size_t column = 0; column < row.size(); ++column) {
      const int width = static_cast<int>(widths[column]);
      if (column == 0) {
        std::fprintf(out, "%-*s", width, row[column].c_str());  // names: left-aligned
      } else {
        std::fprintf(out, "  %*s", width, row[column].c_str());
      }
    }
    std::fputc('\n', out);
  }

  static void print_rule(std::FILE* out, const std::vector<std::size_t>& widths) {
    std::size_t total = widths.empty() ? 0 : 2 * (widths.size() - 1);
    for (const std::size_t width : widths) {
      total += width;
    }
    std::fprintf(out, "%s\n", std::string(total, '-').c_str());
  }

  std::vector<std::vector<std::string>> m_rows;
};

}  // namespace bench
