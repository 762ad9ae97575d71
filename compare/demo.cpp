// SPDX-License-Identifier: MIT
// pstl_ws_demo: the pool at work on two fork-join workloads, each timed against
// its sequential counterpart on identical input and verified against it:
// (a) the sum of a vector of doubles, split recursively with ws::join down to a
// fixed grain (the split tree does not depend on the thread count, so the sum
// is bit-for-bit the sequential sum taken in the same order), and (b) a
// quicksort of random uint32 that recurses with ws::join above a cutoff and
// calls std::sort below it (checked equal to std::sort's output). Prints the
// median times of --reps runs, the speedups and the pool's counters.
#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <numeric>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "pstl_ws/pstl_ws.hpp"

namespace {

constexpr std::size_t k_default_sum_size = 50'000'000;
constexpr std::size_t k_default_sort_size = 10'000'000;
constexpr std::size_t k_max_size = 200'000'000;
constexpr std::size_t k_sum_grain = 10'000;     // a leaf of the sum's split tree sums at most this many
constexpr std::size_t k_sort_cutoff = 16'384;   // quicksort ranges up to this size go to std::sort
constexpr std::uint64_t k_seed = 20240601;

constexpr const char* k_usage =
    "usage: pstl_ws_demo [--threads N] [--size N] [--reps R]\n"
    "  --threads N  worker threads, 0 = one per available CPU (default 0, at most 1024)\n"
    "  --size N     elements of both workloads, 1 to 200000000\n"
    "               (default: 50000000 doubles to sum, 10000000 uint32 to sort)\n"
    "  --reps R     timed runs per workload and version; medians are reported (default 5, at most 1000)\n"
    "  --help       this message\n";

struct options {
  std::size_t m_threads = 0;
  std::optional<std::size_t> m_size;
  std::size_t m_reps = bench::k_default_reps;
  bool m_help = false;
};

options parse_options(int argc, char** argv) {
  options result;
  bench::flag_reader reader(argc, argv);
  std::string_view flag;
  while (reader.next_flag(flag)) {
    if (flag == "--threads") {
      result.m_threads = bench::parse_count(flag, reader.value(flag), 0, bench::k_max_threads);
    } else if (flag == "--size") {
      result.m_size = bench::parse_count(flag, reader.value(flag), 1, k_max_size);
    } else if (flag == "--reps") {
      result.m_reps = bench::parse_count(flag, reader.value(flag), 1, bench::k_max_reps);
    } else if (flag == "--help" || flag == "-h") {
      result.m_help = true;
    } else {
      throw bench::usage_error("unknown flag '" + std::string(flag) + "'");
    }
  }
  return result;
}

// ---- (a) sum -------------------------------------------------------------

/// The sum of values taken in the split tree's order, sequentially.
double tree_sum_sequential(std::span<const double> values) {
  if (values.size() <= k_sum_grain) {
    return std::accumulate(values.begin(), values.end(), 0.0);
  }
  const std::size_t half = values.size() / 2;
  return tree_sum_sequential(values.first(half)) + tree_sum_sequential(values.subspan(half));
}

/// The same tree, both halves of each split potentially in parallel.
double tree_sum_parallel(std::span<const double> values) {
  if (values.size() <= k_sum_grain) {
    return std::accumulate(values.begin(), values.end(), 0.0);
  }
  const std::size_t half = values.size() / 2;
  const auto [left, right] = ws::join([&] { return tree_sum_parallel(values.first(half)); },
                                      [&] { return tree_sum_parallel(values.subspan(half)); });
  return left + right;
}

std::vector<double> random_doubles(std::size_t size) {
  std::mt19937_64 engine(k_seed);
  std::vector<double> values(size);
  for (double& value : values) {
    value = static_cast<double>(engine() >> 11) * 0x1p-53;  // uniform in [0, 1)
  }
  return values;
}

// ---- (b) sort ------------------------------------------------------------

using sort_span = std::span<std::uint32_t>;

/// Moves the median of the first, middle and last values to the back.
void median_of_three_to_back(sort_span values) {
  auto& first = values.front();
  auto& middle = values[values.size() / 2];
  auto& last = values.back();
  if (middle < first) std::swap(middle, first);
  if (last < first) std::swap(last, first);
  if (middle < last) std::swap(middle, last);  // now first <= last <= middle
}

/// Partitions around a pivot and returns its final index: values before it are
/// smaller, values after it are not. Each call removes the pivot from both
/// halves, so the recursion always makes progress.
std::size_t partition_around_pivot(sort_span values) {
  median_of_three_to_back(values);
  const std::uint32_t pivot = values.back();
  const auto last = values.end() - 1;
  const auto split = std::partition(values.begin(), last, [pivot](std::uint32_t v) { return v < pivot; });
  std::iter_swap(split, last);
  return static_cast<std::size_t>(split - values.begin());
}

/// Quicksort that sorts the two sides of each partition with ws::join; past
/// depth_left levels (many equal keys, bad pivots) it hands over to std::sort.
void parallel_quicksort(sort_span values, int depth_left) {
  if (values.size() <= k_sort_cutoff || depth_left == 0) {
    std::sort(values.begin(), values.end());
    return;
  }
  const std::size_t pivot = partition_around_pivot(values);
  ws::join([&] { parallel_quicksort(values.first(pivot), depth_left - 1); },
           [&] { parallel_quicksort(values.subspan(pivot + 1), depth_left - 1); });
}

void parallel_sort(sort_span values) {
  const int depth = 2 * static_cast<int>(std::bit_width(values.size())) + 8;
  parallel_quicksort(values, depth);
}

std::vector<std::uint32_t> random_uint32s(std::size_t size) {
  std::mt19937 engine(static_cast<std::uint32_t>(k_seed));
  std::vector<std::uint32_t> values(size);
  for (std::uint32_t& value : values) {
    value = static_cast<std::uint32_t>(engine());
  }
  return values;
}

// ---- measuring -----------------------------------------------------------

struct measurement {
  std::string m_workload;
  std::size_t m_size = 0;
  double m_seq_ms = 0.0;
  double m_ws_ms = 0.0;
  bool m_verified = true;
  ws::pool_stats m_stats;  // what the pool did during this workload
};

ws::pool_stats stats_since(const ws::pool_stats& before, const ws::pool_stats& after) {
  return {after.jobs_executed - before.jobs_executed, after.steals - before.steals,
          after.sleeps - before.sleeps, after.wake_ups - before.wake_ups, after.sleeping_threads};
}

measurement measure_sum(ws::thread_pool& pool, std::size_t size, std::size_t reps) {
  const std::vector<double> values = random_doubles(size);
  const double plain = std::accumulate(values.begin(), values.end(), 0.0);
  const double tolerance = static_cast<double>(size) * DBL_EPSILON;  // bound for a sum of non-negatives
  measurement result{"sum", size, 0, 0, true, {}};
  std::vector<double> seq_ms;
  std::vector<double> ws_ms;
  const ws::pool_stats before = pool.stats();
  for (std::size_t rep = 0; rep < reps; ++rep) {
    double seq_sum = 0.0;
    double ws_sum = 0.0;
    seq_ms.push_back(bench::time_ms([&] { seq_sum = tree_sum_sequential(values); }));
    ws_ms.push_back(bench::time_ms([&] { ws_sum = pool.install([&] { return tree_sum_parallel(values); }); }));
    bench::do_not_optimize(seq_sum);
    result.m_verified = result.m_verified && ws_sum == seq_sum &&
                        std::fabs(seq_sum - plain) <= tolerance * std::fabs(plain);
  }
  result.m_stats = stats_since(before, pool.stats());
  result.m_seq_ms = bench::median(seq_ms);
  result.m_ws_ms = bench::median(ws_ms);
  return result;
}

measurement measure_sort(ws::thread_pool& pool, std::size_t size, std::size_t reps) {
  const std::vector<std::uint32_t> input = random_uint32s(size);
  std::vector<std::uint32_t> seq_sorted;
  std::vector<std::uint32_t> ws_sorted;
  measurement result{"quicksort", size, 0, 0, true, {}};
  std::vector<double> seq_ms;
  std::vector<double> ws_ms;
  const ws::pool_stats before = pool.stats();
  for (std::size_t rep = 0; rep < reps; ++rep) {
    seq_sorted = input;
    seq_ms.push_back(bench::time_ms([&] { std::sort(seq_sorted.begin(), seq_sorted.end()); }));
    ws_sorted = input;
    ws_ms.push_back(bench::time_ms([&] { pool.install([&] { parallel_sort(ws_sorted); }); }));
    result.m_verified = result.m_verified && ws_sorted == seq_sorted;
  }
  result.m_stats = stats_since(before, pool.stats());
  result.m_seq_ms = bench::median(seq_ms);
  result.m_ws_ms = bench::median(ws_ms);
  return result;
}

// ---- reporting -----------------------------------------------------------

void print_stats(const char* name, const ws::pool_stats& stats) {
  std::printf("  %-10s jobs_executed=%llu steals=%llu sleeps=%llu wake_ups=%llu\n", name,
              static_cast<unsigned long long>(stats.jobs_executed), static_cast<unsigned long long>(stats.steals),
              static_cast<unsigned long long>(stats.sleeps), static_cast<unsigned long long>(stats.wake_ups));
}

void print_results(const std::vector<measurement>& results, std::size_t threads, std::size_t reps) {
  bench::table out({"workload", "n", "threads", "seq median ms", "ws median ms", "speedup", "check"});
  for (const measurement& m : results) {
    out.add_row({m.m_workload, std::to_string(m.m_size), std::to_string(threads),
                 bench::format("%.2f", m.m_seq_ms), bench::format("%.2f", m.m_ws_ms),
                 bench::format("%.2fx", m.m_seq_ms / m.m_ws_ms), m.m_verified ? "ok" : "FAILED"});
  }
  std::printf("medians of %zu runs; seq = the same split tree summed sequentially / std::sort\n\n", reps);
  out.print(stdout);
  std::printf("\npool stats (what the pool did during each workload's ws runs)\n");
  for (const measurement& m : results) {
    print_stats(m.m_workload.c_str(), m.m_stats);
  }
}

int run(const options& opts) {
  ws::thread_pool pool(opts.m_threads);
  const std::size_t threads = pool.num_threads();
  std::printf("pstl_ws_demo: %zu worker threads\n", threads);
  std::vector<measurement> results;
  results.push_back(measure_sum(pool, opts.m_size.value_or(k_default_sum_size), opts.m_reps));
  results.push_back(measure_sort(pool, opts.m_size.value_or(k_default_sort_size), opts.m_reps));
  print_results(results, threads, opts.m_reps);
  print_stats("total", pool.stats());
  const bool all_verified =
      std::all_of(results.begin(), results.end(), [](const measurement& m) { return m.m_verified; });
  if (!all_verified) {
    std::fprintf(stderr, "pstl_ws_demo: verification FAILED\n");
  }
  return all_verified ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_main("pstl_ws_demo", k_usage, argc, argv, parse_options, run);
}
