// SPDX-License-Identifier: MIT
// pstl_ws_join_bench: the overhead of one ws::join, measured two ways for each
// thread count: a tight loop of empty joins run inside pool.install, and fib(30)
// by join with no cutoff (1,346,268 joins), next to the sequential fib(30).
// Built with PSTL_WS_HAVE_TBB, it runs the same two with a tbb::task_group (one
// task run, the other run_and_wait) inside a tbb::task_arena of the same thread
// count and prints the ratio ws/tbb. Medians of --reps runs; --csv writes the
// table's rows as CSV.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "pstl_ws/pstl_ws.hpp"

#ifdef PSTL_WS_HAVE_TBB
#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#endif

namespace {

constexpr std::size_t k_empty_joins = 200'000;     // joins per empty-join sample
constexpr int k_fib_n = 30;
constexpr std::uint64_t k_fib_value = 832'040;     // fib(30)
constexpr std::size_t k_fib_joins = 1'346'268;     // calls of fib(n) with n >= 2 inside fib(30)

constexpr const char* k_usage =
    "usage: pstl_ws_join_bench [--threads LIST] [--reps R] [--csv FILE]\n"
    "  --threads LIST  comma-separated thread counts, e.g. 1,2,4; 0 = one per available CPU\n"
    "                  (default: 1, 2 and one per available CPU; at most 1024 each)\n"
    "  --reps R        timed runs per measurement, after one warm-up; medians are reported\n"
    "                  (default 5, at most 1000)\n"
    "  --csv FILE      also write the table's rows to FILE as CSV\n"
    "  --help          this message\n";

struct options {
  std::optional<std::vector<std::size_t>> m_threads;
  std::size_t m_reps = bench::k_default_reps;
  std::optional<std::string> m_csv_path;
  bool m_help = false;
};

options parse_options(int argc, char** argv) {
  options result;
  bench::flag_reader reader(argc, argv);
  std::string_view flag;
  while (reader.next_flag(flag)) {
    if (flag == "--threads") {
      result.m_threads = bench::parse_count_list(flag, reader.value(flag), 0, bench::k_max_threads);
    } else if (flag == "--reps") {
      result.m_reps = bench::parse_count(flag, reader.value(flag), 1, bench::k_max_reps);
    } else if (flag == "--csv") {
      result.m_csv_path = std::string(reader.value(flag));
    } else if (flag == "--help" || flag == "-h") {
      result.m_help = true;
    } else {
      throw bench::usage_error("unknown flag '" + std::string(flag) + "'");
    }
  }
  return result;
}


// ---- one row of results --------------------------------------------------

struct row {
  std::string m_workload;
  std::size_t m_threads = 0;
  std::string m_backend;
  double m_median_ms = 0.0;
  double m_ns_per_join = 0.0;
  std::optional<double> m_ws_over_tbb;
};

row make_row(std::string workload, std::size_t threads, std::string backend, double median_ms,
             std::size_t joins) {
  return {std::move(workload), threads, std::move(backend), median_ms,
          median_ms * 1e6 / static_cast<double>(joins), std::nullopt};
}

/// Tracks that every fib result was right.
class fib_check {
 public:
  std::uint64_t operator()(std::uint64_t value) {
    m_ok = m_ok && value == k_fib_value;
    return value;
  }
  [[nodiscard]] bool ok() const noexcept { return m_ok; }

 private:
  bool m_ok = true;
};

/// The argument of fib, hidden from the optimizer so nothing is precomputed.
int fib_argument() {
  int n = k_fib_n;
  bench::do_not_optimize(n);
  return n;
}

// ---- sequential ----------------------------------------------------------

std::uint64_t fib_sequential(int n) {
  return n < 2 ? static_cast<std::uint64_t>(n) : fib_sequential(n - 1) + fib_sequential(n - 2);
}

row measure_fib_sequential(std::size_t reps, fib_check& check) {
  const double ms = bench::median_of(reps, [&] {
    return bench::time_ms([&] { check(fib_sequential(fib_argument())); });
  });
  return make_row("fib(30)", 1, "seq", ms, k_fib_joins);
}

// ---- ws ------------------------------------------------------------------

std::uint64_t fib_ws(int n) {
  if (n < 2) {
    return static_cast<std::uint64_t>(n);
  }
  const auto [a, b] = ws::join([n] { return fib_ws(n - 1); }, [n] { return fib_ws(n - 2); });
  return a + b;
}

void empty_joins_ws() {
  for (std::size_t i = 0; i < k_empty_joins; ++i) {
    ws::join([] {}, [] {});
  }
}

std::vector<row> measure_ws(std::size_t threads, std::size_t reps, fib_check& check) {
  ws::thread_pool pool(threads);
  const double empty_ms = bench::median_of(reps, [&] {
    return pool.install([] { return bench::time_ms(empty_joins_ws); });
  });
  const double fib_ms = bench::median_of(reps, [&] {
    return pool.install([&] { return bench::time_ms([&] { check(fib_ws(fib_argument())); }); });
  });
  return {make_row("empty join", threads, "ws", empty_ms, k_empty_joins),
          make_row("fib(30)", threads, "ws", fib_ms, k_fib_joins)};
}

// ---- tbb -----------------------------------------------------------------

#ifdef PSTL_WS_HAVE_TBB
std::uint64_t fib_tbb(int n) {
  if (n < 2) {
    return static_cast<std::uint64_t>(n);
  }
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  tbb::task_group group;
  group.run([&b, n] { b = fib_tbb(n - 2); });
  group.run_and_wait([&a, n] { a = fib_tbb(n - 1); });
  return a + b;
}

void empty_joins_tbb() {
  for (std::size_t i = 0; i < k_empty_joins; ++i) {
    tbb::task_group group;
    group.run([] {});
    group.run_and_wait([] {});
  }
}

std::vector<row> measure_tbb(std::size_t threads, std::size_t reps, fib_check& check) {
  tbb::task_arena arena(static_cast<int>(threads));
  const double empty_ms = bench::median_of(reps, [&] {
    return arena.execute([] { return bench::time_ms(empty_joins_tbb); });
  });
  const double fib_ms = bench::median_of(reps, [&] {
    return arena.execute([&] { return bench::time_ms([&] { check(fib_tbb(fib_argument())); }); });
  });
  return {make_row("empty join", threads, "tbb", empty_ms, k_empty_joins),
          make_row("fib(30)", threads, "tbb", fib_ms, k_fib_joins)};
}
#endif

/// The rows of one thread count, ws next to tbb (when built with it) per workload.
std::vector<row> measure_threads(std::size_t threads, std::size_t reps, fib_check& check) {
  std::vector<row> ws_rows = measure_ws(threads, reps, check);
#ifdef PSTL_WS_HAVE_TBB
  const std::vector<row> tbb_rows = measure_tbb(threads, reps, check);
  std::vector<row> rows;
  for (std::size_t i = 0; i < ws_rows.size(); ++i) {
    ws_rows[i].m_ws_over_tbb = ws_rows[i].m_median_ms / tbb_rows[i].m_median_ms;
    rows.push_back(ws_rows[i]);
    rows.push_back(tbb_rows[i]);
  }
  return rows;
#else
  return ws_rows;
#endif
}

// ---- output --------------------------------------------------------------

/// The table; the ws/tbb column only when built with TBB.
void print_table(const std::vector<row>& rows) {
  std::vector<std::string> header{"workload", "threads", "backend", "median ms", "ns/join"};
  if (bench::k_have_tbb) {
    header.emplace_back("ws/tbb");
  }
  bench::table out(std::move(header));
  for (const row& r : rows) {
    std::vector<std::string> cells{r.m_workload, std::to_string(r.m_threads), r.m_backend,
                                   bench::format("%.3f", r.m_median_ms), bench::format("%.1f", r.m_ns_per_join)};
    if (bench::k_have_tbb) {
      cells.push_back(r.m_ws_over_tbb ? bench::format("%.2f", *r.m_ws_over_tbb) : std::string("-"));
    }
    out.add_row(std::move(cells));
  }
  out.print(stdout);
}

void write_csv(std::FILE* file, const std::vector<row>& rows) {
  std::fprintf(file, "workload,threads,backend,median_ms,ns_per_join,ws_over_tbb\n");
  for (const row& r : rows) {
    std::fprintf(file, "%s,%zu,%s,%.6f,%.3f,%s\n", r.m_workload.c_str(), r.m_threads, r.m_backend.c_str(),
                 r.m_median_ms, r.m_ns_per_join,
                 r.m_ws_over_tbb ? bench::format("%.4f", *r.m_ws_over_tbb).c_str() : "");
  }
}

struct file_closer {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using file_handle = std::unique_ptr<std::FILE, file_closer>;

int run(const options& opts) {
  file_handle csv;
  if (opts.m_csv_path) {  // opened first, so that a bad path fails before the measuring
    csv.reset(std::fopen(opts.m_csv_path->c_str(), "w"));
    if (!csv) {
      std::fprintf(stderr, "pstl_ws_join_bench: cannot write '%s'\n", opts.m_csv_path->c_str());
      return 1;
    }
  }
  const std::vector<std::size_t> counts = bench::thread_counts(opts.m_threads, {1, 2, 0});
#ifdef PSTL_WS_HAVE_TBB
  // Let TBB run as many threads as asked for, even beyond the CPU count.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, counts.back());
  std::printf("pstl_ws_join_bench: ws against tbb::task_group, medians of %zu runs\n\n", opts.m_reps);
#else
  std::printf("pstl_ws_join_bench: ws only (built without TBB), medians of %zu runs\n\n", opts.m_reps);
#endif
  fib_check check;
  std::vector<row> rows{measure_fib_sequential(opts.m_reps, check)};
  for (const std::size_t threads : counts) {
    const std::vector<row> measured = measure_threads(threads, opts.m_reps, check);
    rows.insert(rows.end(), measured.begin(), measured.end());
  }
  print_table(rows);
  if (csv) {
    write_csv(csv.get(), rows);
    if (std::fflush(csv.get()) != 0 || std::ferror(csv.get()) != 0) {
      std::fprintf(stderr, "pstl_ws_join_bench: error writing '%s'\n", opts.m_csv_path->c_str());
      return 1;
    }
  }
  std::printf("\nfib(30) results: %s\n", check.ok() ? "all 832040 (ok)" : "WRONG");
  return check.ok() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_main("pstl_ws_join_bench", k_usage, argc, argv, parse_options, run);
}
