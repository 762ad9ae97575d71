// SPDX-License-Identifier: MIT
// pstl_ws_algorithms_bench: for_each, reduce and sort side by side, for each
// thread count: seq (the std:: algorithm without a policy), std_par
// (std::ALGO(std::execution::par, ...) on libstdc++'s TBB backend), tbb
// (tbb::parallel_for / parallel_reduce / parallel_sort called directly) and ws
// (std::ALGO(ws::par.on(pool), ...) through the drop-in <pstl_ws/std.hpp>).
// ws runs on a ws::thread_pool of the thread count; std_par and tbb inside a
// tbb::task_arena of that many slots. Every run starts from a fresh copy of the
// same input (the copy is not timed) and its result is checked against seq's;
// a mismatch stops the run with exit 1. Built without TBB (no
// PSTL_WS_HAVE_TBB), only seq and ws are measured: on Debian std::execution::par
// needs TBB as well.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef PSTL_WS_HAVE_TBB
#include <execution>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>
#include <tbb/version.h>
#endif

#include "bench_support.hpp"
#include "pstl_ws/std.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace {

constexpr std::size_t k_small_calls = 1000;    // calls timed together for the 10^3-element for_each
constexpr int k_heavy_steps = 48;              // sqrt+sin steps of the heavy body: ~1 us an element
constexpr double k_reduce_tolerance = 1e-9;    // relative, against seq's std::reduce
constexpr std::uint64_t k_seed = 20240601;

constexpr const char* k_usage =
    "usage: pstl_ws_algorithms_bench [--threads LIST] [--size small|default|full] [--reps R]\n"
    "                                [--filter SUBSTR] [--csv FILE]\n"
    "  --threads LIST   comma-separated thread counts, e.g. 1,2,4; 0 = one per available CPU\n"
    "                   (default: 1 and one per available CPU; at most 1024 each)\n"
    "  --size S         small (10^6 elements, quick), default (10^7) or full (the sizes of\n"
    "                   TARGETS.md: also reduce of 10^8 and sort u32 random of 10^8)\n"
    "  --reps R         timed runs per measurement, after one warm-up; medians and minima\n"
    "                   are reported (default 5, at most 1000)\n"
    "  --filter SUBSTR  only the workloads whose name contains SUBSTR, e.g. 'sort'; names:\n"
    "                   for_each light|heavy|small, reduce f64, sort u32 random,\n"
    "                   sort f64 random, sort u32 sorted\n"
    "  --csv FILE       also write the table's rows to FILE as CSV\n"
    "  --help           this message\n";

// ---- workload names (--filter matches these) -----------------------------

namespace names {
constexpr std::string_view for_each_light = "for_each light";
constexpr std::string_view for_each_heavy = "for_each heavy";
constexpr std::string_view for_each_small = "for_each small";
constexpr std::string_view reduce_f64 = "reduce f64";
constexpr std::string_view sort_u32_random = "sort u32 random";
constexpr std::string_view sort_f64_random = "sort f64 random";
constexpr std::string_view sort_u32_sorted = "sort u32 sorted";
constexpr std::array all{for_each_light, for_each_heavy, for_each_small, reduce_f64,
                         sort_u32_random, sort_f64_random, sort_u32_sorted};
}  // namespace names

// ---- options -------------------------------------------------------------

enum class size_mode { small, normal, full };

struct options {
  std::optional<std::vector<std::size_t>> m_threads;
  size_mode m_size = size_mode::normal;
  std::size_t m_reps = bench::k_default_reps;
  std::string m_filter;
  std::optional<std::string> m_csv_path;
  bool m_help = false;
};

size_mode parse_size(std::string_view flag, std::string_view text) {
  if (text == "small") return size_mode::small;
  if (text == "default") return size_mode::normal;
  if (text == "full") return size_mode::full;
  throw bench::usage_error(std::string(flag) + ": expected small, default or full, got '" + std::string(text) + "'");
}

std::string parse_filter(std::string_view flag, std::string_view text) {
  const bool matches = std::any_of(names::all.begin(), names::all.end(),
                                   [text](std::string_view name) { return name.find(text) != std::string_view::npos; });
  if (!matches) {
    throw bench::usage_error(std::string(flag) + ": no workload name contains '" + std::string(text) + "'");
  }
  return std::string(text);
}

options parse_options(int argc, char** argv) {
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
    } else if (flag == "--filter") {
      result.m_filter = parse_filter(flag, reader.value(flag));
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


const char* size_name(size_mode mode) {
  return mode == size_mode::small ? "small" : mode == size_mode::normal ? "default" : "full";
}

/// The element count for the chosen size (0: the workload is not run at that size).
std::size_t pick(size_mode mode, std::size_t small, std::size_t normal, std::size_t full) {
  return mode == size_mode::small ? small : mode == size_mode::normal ? normal : full;
}

// ---- inputs and bodies ---------------------------------------------------

std::vector<double> random_doubles(std::size_t size) {
  std::mt19937_64 engine(k_seed);
  std::vector<double> values(size);
  for (double& value : values) {
    value = static_cast<double>(engine() >> 11) * 0x1p-53;  // uniform in [0, 1)
  }
  return values;
}

std::vector<std::uint32_t> random_uint32s(std::size_t size) {
  std::mt19937 engine(static_cast<std::uint32_t>(k_seed));
  std::vector<std::uint32_t> values(size);
  for (std::uint32_t& value : values) {
    value = static_cast<std::uint32_t>(engine());
  }
  return values;
}

std::vector<std::uint32_t> sorted_uint32s(std::size_t size) {
  std::vector<std::uint32_t> values = random_uint32s(size);
  std::sort(values.begin(), values.end());
  return values;
}

struct light_body {
  void operator()(double& x) const noexcept { x = x * 1.0001 + 1.0; }
};

/// A dependent chain of sqrt and sin: about 1 us an element, no memory traffic.
struct heavy_body {
  void operator()(double& x) const noexcept {
    double y = x;
    for (int step = 0; step < k_heavy_steps; ++step) {
      y = std::sqrt(y + 1.0) + std::sin(y);
    }
    x = y;
  }
};

// ---- the algorithm calls, written once for every backend -----------------
// Each op makes one call of its algorithm on data through backend b and
// returns reduce's value (0 for the algorithms that work in place).

template <class Body>
struct for_each_op {
  template <class Backend, class T>
  double operator()(Backend& b, std::vector<T>& data) const {
    b.for_each(data.begin(), data.end(), Body{});
    return 0.0;
  }
};

struct reduce_op {
  template <class Backend, class T>
  double operator()(Backend& b, std::vector<T>& data) const {
    return b.reduce(data.begin(), data.end(), 0.0);
  }
};

struct sort_op {
  template <class Backend, class T>
  double operator()(Backend& b, std::vector<T>& data) const {
    b.sort(data.begin(), data.end());
    return 0.0;
  }
};

// ---- backends ------------------------------------------------------------
// A backend names itself, runs a timed section where its threads are
// (execute), and offers for_each, reduce and sort.

/// Runs the timed section on the calling thread.
struct direct_entry {
  template <class F>
  auto operator()(F& f) const {
    return f();
  }
};

/// The std:: algorithms without a policy.
struct seq_backend {
  static const char* name() { return "seq"; }
  template <class F>
  auto execute(F& f) const {
    return f();
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    std::for_each(first, last, f);
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    return std::reduce(first, last, init);
  }
  template <class It>
  void sort(It first, It last) const {
    std::sort(first, last);
  }
};

/// The std:: algorithms called with a policy (std::execution::par, or
/// ws::par.on(pool) through the drop-in), the timed section entered by Enter.
template <class Policy, class Enter>
class policy_backend {
 public:
  policy_backend(const char* name, Policy policy, Enter enter) : m_name(name), m_policy(policy), m_enter(enter) {}

  const char* name() const { return m_name; }
  template <class F>
  auto execute(F& f) const {
    return m_enter(f);
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    std::for_each(m_policy, first, last, f);
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    return std::reduce(m_policy, first, last, init);
  }
  template <class It>
  void sort(It first, It last) const {
    std::sort(m_policy, first, last);
  }

 private:
  const char* m_name;
  Policy m_policy;
  Enter m_enter;
};

#ifdef PSTL_WS_HAVE_TBB
/// Runs the timed section inside a task arena.
struct arena_entry {
  tbb::task_arena* m_arena;
  template <class F>
  auto operator()(F& f) const {
    return m_arena->execute(f);
  }
};

/// TBB's own algorithms, default (auto) partitioner, grain 1.
class tbb_backend {
 public:
  explicit tbb_backend(tbb::task_arena& arena) : m_enter{&arena} {}

  static const char* name() { return "tbb"; }
  template <class F>
  auto execute(F& f) const {
    return m_enter(f);
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    tbb::parallel_for(tbb::blocked_range<It>(first, last),
                      [&f](const tbb::blocked_range<It>& range) { std::for_each(range.begin(), range.end(), f); });
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    auto leaf = [](const tbb::blocked_range<It>& range, T sum) { return std::reduce(range.begin(), range.end(), sum); };
    return init + tbb::parallel_reduce(tbb::blocked_range<It>(first, last), T{}, leaf, std::plus<>());
  }
  template <class It>
  void sort(It first, It last) const {
    tbb::parallel_sort(first, last);
  }

 private:
  arena_entry m_enter;
};
#endif

/// The parallel backends of one thread count, and the threads they run on.
class thread_context {
 public:
  explicit thread_context(std::size_t threads)
      : m_pool(threads)
#ifdef PSTL_WS_HAVE_TBB
        ,
        m_arena(static_cast<int>(threads))
#endif
  {
  }

  std::size_t threads() const { return m_pool.num_threads(); }

  /// The backends measured at this thread count, in table order.
  auto backends() {
    policy_backend ws_par("ws", ws::par.on(m_pool), direct_entry{});
#ifdef PSTL_WS_HAVE_TBB
    policy_backend std_par("std_par", std::execution::par, arena_entry{&m_arena});
    return std::tuple{std_par, tbb_backend(m_arena), ws_par};
#else
    return std::tuple{ws_par};
#endif
  }

 private:
  ws::thread_pool m_pool;
#ifdef PSTL_WS_HAVE_TBB
  tbb::task_arena m_arena;
#endif
};

// ---- measuring -----------------------------------------------------------

template <class T, class Op>
struct workload {
  std::string m_name;
  std::vector<T> m_input;
  std::size_t m_calls = 1;  // calls timed together per sample; the sample is their mean
  Op m_op;
};

/// What a run left: the data and the value the op returned.
template <class T>
struct outcome {
  std::vector<T> m_data;
  double m_value = 0.0;
};

struct row {
  std::string m_workload;
  std::size_t m_size = 0;
  std::size_t m_threads = 0;
  std::string m_backend;
  bench::summary m_ms;
  std::optional<double> m_ws_over_std_par;
  std::optional<double> m_ws_over_tbb;
};

bool close_enough(double value, double expected) {
  return std::fabs(value - expected) <= k_reduce_tolerance * std::fabs(expected);
}

/// Makes the first outcome the reference (seq runs first), checks the others against it.
template <class T>
void verify(std::optional<outcome<T>>& reference, const std::vector<T>& data, double value, const row& where) {
  if (!reference) {
    reference = outcome<T>{data, value};
    return;
  }
  if (data != reference->m_data || !close_enough(value, reference->m_value)) {
    throw std::runtime_error("verification FAILED: workload '" + where.m_workload + "', backend " + where.m_backend +
                             ", n = " + std::to_string(where.m_size) + ", threads = " + std::to_string(where.m_threads) +
                             ": result differs from seq's");
  }
}

/// One row: reps timed runs (after a warm-up) of w's op by backend, each on
/// a fresh copy of the input, each result verified.
template <class T, class Op, class Backend>
row measure(const workload<T, Op>& w, Backend& backend, std::size_t threads, std::size_t reps,
            std::optional<outcome<T>>& reference) {
  row result{w.m_name, w.m_input.size(), threads, backend.name(), {}, std::nullopt, std::nullopt};
  std::vector<T> data;
  result.m_ms = bench::summary_of(reps, [&] {
    data = w.m_input;
    double value = 0.0;
    auto calls = [&] {
      for (std::size_t call = 0; call < w.m_calls; ++call) {
        value = w.m_op(backend, data);
      }
    };
    auto timed = [&] { return bench::time_ms(calls); };
    const double ms = backend.execute(timed);
    verify(reference, data, value, result);
    return ms / static_cast<double>(w.m_calls);
  });
  return result;
}

/// Runs the selected workloads on seq and on every backend of every thread count.
class suite {
 public:
  suite(const options& opts, std::vector<std::unique_ptr<thread_context>>& contexts)
      : m_opts(opts), m_contexts(contexts) {}

  /// Measures the workload `name` on make_input(n), unless filtered out or n == 0.
  template <class Make, class Op>
  void add(std::string_view name, std::size_t n, Make make_input, std::size_t calls, Op op) {
    if (n == 0 || name.find(m_opts.m_filter) == std::string_view::npos) {
      return;
    }
    std::fflush(stdout);  // keeps the progress lines after the header in a combined log
    std::fprintf(stderr, "measuring %.*s, n = %zu ...\n", static_cast<int>(name.size()), name.data(), n);
    using value = typename std::invoke_result_t<Make&, std::size_t>::value_type;
    measure_all(workload<value, Op>{std::string(name), make_input(n), calls, op});
  }

  std::vector<row>& rows() { return m_rows; }

 private:
  /// seq first (its result is the reference), then each thread count's backends.
  template <class T, class Op>
  void measure_all(const workload<T, Op>& w) {
    std::optional<outcome<T>> reference;
    seq_backend seq;
    m_rows.push_back(measure(w, seq, 1, m_opts.m_reps, reference));
    for (const auto& context : m_contexts) {
      auto backends = context->backends();
      auto measure_each = [&](auto&... backend) {
        (m_rows.push_back(measure(w, backend, context->threads(), m_opts.m_reps, reference)), ...);
      };
      std::apply(measure_each, backends);
    }
  }

  const options& m_opts;
  std::vector<std::unique_ptr<thread_context>>& m_contexts;
  std::vector<row> m_rows;
};

void run_workloads(suite& s, size_mode mode) {
  constexpr std::size_t k_e6 = 1'000'000;
  constexpr std::size_t k_e7 = 10'000'000;
  constexpr std::size_t k_e8 = 100'000'000;
  s.add(names::for_each_light, pick(mode, k_e6, k_e7, k_e7), random_doubles, 1, for_each_op<light_body>{});
  s.add(names::for_each_heavy, pick(mode, 1'000, 10'000, 10'000), random_doubles, 1, for_each_op<heavy_body>{});
  s.add(names::for_each_small, 1'000, random_doubles, k_small_calls, for_each_op<light_body>{});
  s.add(names::reduce_f64, pick(mode, k_e6, k_e7, k_e8), random_doubles, 1, reduce_op{});
  s.add(names::sort_u32_random, pick(mode, k_e6, k_e7, k_e7), random_uint32s, 1, sort_op{});
  s.add(names::sort_u32_random, pick(mode, 0, 0, k_e8), random_uint32s, 1, sort_op{});
  s.add(names::sort_f64_random, pick(mode, k_e6, k_e7, k_e7), random_doubles, 1, sort_op{});
  s.add(names::sort_u32_sorted, pick(mode, k_e6, k_e7, k_e7), sorted_uint32s, 1, sort_op{});
}

// ---- output --------------------------------------------------------------

/// ws's median over the median of `backend` at the same workload, n and threads.
std::optional<double> ws_ratio(const std::vector<row>& rows, const row& ws_row, std::string_view backend) {
  const auto other = std::find_if(rows.begin(), rows.end(), [&](const row& r) {
    return r.m_backend == backend && r.m_workload == ws_row.m_workload && r.m_size == ws_row.m_size &&
           r.m_threads == ws_row.m_threads;
  });
  if (other == rows.end()) {
    return std::nullopt;
  }
  return ws_row.m_ms.m_median / other->m_ms.m_median;
}

void fill_ratios(std::vector<row>& rows) {
  for (row& r : rows) {
    if (r.m_backend == "ws") {
      r.m_ws_over_std_par = ws_ratio(rows, r, "std_par");
      r.m_ws_over_tbb = ws_ratio(rows, r, "tbb");
    }
  }
}

/// About four significant digits, never in exponent notation.
std::string format_ms(double ms) {
  const int magnitude = ms > 0.0 ? static_cast<int>(std::floor(std::log10(ms))) : 0;
  return bench::format("%.*f", std::clamp(3 - magnitude, 1, 6), ms);
}

/// The ratio, or `missing` for the rows without one.
std::string format_ratio(const std::optional<double>& ratio, const char* pattern, const char* missing) {
  return ratio ? bench::format(pattern, *ratio) : std::string(missing);
}

void print_table(const std::vector<row>& rows) {
  std::vector<std::string> header{"workload", "n", "threads", "backend", "median ms", "min ms"};
  if (bench::k_have_tbb) {
    header.insert(header.end(), {"ws/std_par", "ws/tbb"});
  }
  bench::table out(std::move(header));
  for (const row& r : rows) {
    std::vector<std::string> cells{r.m_workload, std::to_string(r.m_size), std::to_string(r.m_threads), r.m_backend,
                                   format_ms(r.m_ms.m_median), format_ms(r.m_ms.m_min)};
    if (bench::k_have_tbb) {
      cells.insert(cells.end(), {format_ratio(r.m_ws_over_std_par, "%.2f", "-"), format_ratio(r.m_ws_over_tbb, "%.2f", "-")});
    }
    out.add_row(std::move(cells));
  }
  out.print(stdout);
}

void write_csv(std::FILE* file, const std::vector<row>& rows) {
  std::fprintf(file, "workload,n,threads,backend,median_ms,min_ms,ws_over_std_par,ws_over_tbb\n");
  for (const row& r : rows) {
    std::fprintf(file, "%s,%zu,%zu,%s,%.6f,%.6f,%s,%s\n", r.m_workload.c_str(), r.m_size, r.m_threads,
                 r.m_backend.c_str(), r.m_ms.m_median, r.m_ms.m_min,
                 format_ratio(r.m_ws_over_std_par, "%.4f", "").c_str(),
                 format_ratio(r.m_ws_over_tbb, "%.4f", "").c_str());
  }
}

std::string join_counts(const std::vector<std::size_t>& counts) {
  std::string text;
  for (const std::size_t count : counts) {
    if (!text.empty()) {
      text += ',';
    }
    text += std::to_string(count);
  }
  return text;
}

void print_setup(const options& opts, const std::vector<std::size_t>& counts) {
  std::printf("pstl_ws_algorithms_bench: size %s, threads %s, medians and minima of %zu runs after a warm-up\n",
              size_name(opts.m_size), join_counts(counts).c_str(), opts.m_reps);
#ifdef PSTL_WS_HAVE_TBB
#if defined(_PSTL_PAR_BACKEND_TBB)
  std::printf("libstdc++ std::execution::par backend: TBB (_GLIBCXX_USE_TBB_PAR_BACKEND true, _PSTL_PAR_BACKEND_TBB)\n");
#else
  std::printf("libstdc++ std::execution::par backend: SERIAL (_PSTL_PAR_BACKEND_SERIAL): std_par runs on one thread\n");
#endif
  std::printf("oneTBB %s; std_par and tbb run in a tbb::task_arena of the thread count\n", TBB_VERSION_STRING);
#else
  std::printf("built without TBB: seq and ws only (std::execution::par needs TBB too)\n");
#endif
  std::printf("ws = std::ALGO(ws::par.on(pool), ...) through <pstl_ws/std.hpp>, pool of the thread count\n");
  std::printf("for_each small: mean of %zu calls per run; ratios: ws median / other median, below 1 = ws faster\n\n",
              k_small_calls);
}

int run(const options& opts) {
  bench::file_handle csv;
  if (opts.m_csv_path) {  // opened first, so that a bad path fails before the measuring
    csv = bench::open_for_writing(*opts.m_csv_path);
    if (!csv) {
      std::fprintf(stderr, "pstl_ws_algorithms_bench: cannot write '%s'\n", opts.m_csv_path->c_str());
      return 1;
    }
  }
  const std::vector<std::size_t> counts = bench::thread_counts(opts.m_threads, {1, 0});
#ifdef PSTL_WS_HAVE_TBB
  // Let TBB run as many threads as asked for, even beyond the CPU count.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, counts.back());
#endif
  print_setup(opts, counts);
  std::vector<std::unique_ptr<thread_context>> contexts;
  for (const std::size_t threads : counts) {
    contexts.push_back(std::make_unique<thread_context>(threads));
  }
  suite s(opts, contexts);
  run_workloads(s, opts.m_size);
  fill_ratios(s.rows());
  print_table(s.rows());
  if (csv) {
    write_csv(csv.get(), s.rows());
    if (std::fflush(csv.get()) != 0 || std::ferror(csv.get()) != 0) {
      std::fprintf(stderr, "pstl_ws_algorithms_bench: error writing '%s'\n", opts.m_csv_path->c_str());
      return 1;
    }
  }
  std::printf("\nall results verified against seq\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_main("pstl_ws_algorithms_bench", k_usage, argc, argv, parse_options, run);
}
