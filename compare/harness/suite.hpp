// SPDX-License-Identifier: MIT
// How pstl_ws_compare measures: a workload (an input and an operation written
// once against the backend interface of backends.hpp) is run by seq first,
// whose result becomes the reference, then by every selected backend at every
// thread count, interleaved on the same input. Every sample starts from a
// fresh copy of the input (the copy is not timed) and its result is checked
// against seq's: a mismatch stops the run with an error naming the workload,
// backend, size and thread count. The first sample is a warm-up; for the
// sorts (workload_traits::m_scratch_costs) it is reported too, and so is the
// peak memory of the samples (peak_memory.hpp). An operation that times
// itself (it returns latencies: concurrent callers, join latency) is
// reported by the figures its workload names instead (latency_figure).
// With --rounds N all of that happens N times over, and main merges each
// cell's rounds (rounds.hpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "harness/at_rest_threads.hpp"
#include "harness/backends.hpp"
#include "harness/measurement.hpp"
#include "harness/options.hpp"
#include "harness/peak_memory.hpp"
#include "harness/progress.hpp"
#include "pstl_ws/thread_pool.hpp"

#ifdef PSTL_WS_HAVE_TBB
#include "harness/tbb_backend.hpp"
#endif
#ifdef PSTL_WS_STD_PAR_ON_WS
#include "harness/child_process.hpp"
#endif
#ifdef PSTL_WS_HAVE_GNU_PARALLEL
#include "harness/gnu_parallel_backend.hpp"
#endif

namespace harness {

/// The parallel backends of one thread count and the threads they run on.
class thread_context {
 public:
  explicit thread_context(std::size_t threads)
      : m_pool(ws::pool_options{.num_threads = threads, .wait = ws::wait_policy::steal})
#ifndef PSTL_WS_STD_PAR_ON_WS
        ,
        m_park_pool(ws::pool_options{.num_threads = threads, .wait = ws::wait_policy::park})
#endif
#ifdef PSTL_WS_HAVE_TBB
        ,
        m_arena(static_cast<int>(threads))
#endif
  {
#ifdef PSTL_WS_STD_PAR_ON_WS
    start_every_thread(m_pool);
#endif
  }

  std::size_t threads() const { return m_pool.num_threads(); }

  /// The parallel backends this executable was built with, in table order.
  auto backends() {
#ifdef PSTL_WS_STD_PAR_ON_WS
    // The child executable: std::execution::par, compiled onto the ws pool.
    return std::tuple{std_par_on_ws_backend(backend_names::std_par_on_ws, std::execution::par, install_entry{&m_pool})};
#else
    return std::tuple_cat(
#ifdef PSTL_WS_HAVE_TBB
        std::tuple{policy_backend(backend_names::std_par, std::execution::par, arena_entry{&m_arena}),
                   tbb_backend(arena_entry{&m_arena})},
#endif
        std::tuple{ws_backend(backend_names::ws, ws::par.on(m_pool), m_pool),
                   ws_backend(backend_names::ws_park, ws::par.on(m_park_pool), m_park_pool)}
#ifdef PSTL_WS_HAVE_GNU_PARALLEL
        ,
        std::tuple{gnu_parallel_backend(threads())}
#endif
    );
#endif
  }

 private:
  ws::thread_pool m_pool;       // the steal pool: ws, and std_par_on_ws in the child
#ifndef PSTL_WS_STD_PAR_ON_WS
  ws::thread_pool m_park_pool;  // ws_park
#endif
#ifdef PSTL_WS_HAVE_TBB
  tbb::task_arena m_arena;
#endif
};

/// The names of the parallel backends this executable was built with.
std::vector<std::string_view> built_backends();

/// What an operation that times itself returns: the latency of each call
/// one sample made, in ms (each caller's whole call, each trial's join).
struct latencies {
  std::vector<double> m_ms;
};

/// One row derived from the latencies of an operation that times itself:
/// per sample, m_of(the sample's latencies); the row is the median, minimum
/// and maximum of that over the samples, named the workload + m_suffix.
struct latency_figure {
  const char* m_suffix;  // e.g. " mean latency"
  const char* m_unit;    // e.g. "ms"
  double (*m_of)(const std::vector<double>& ms);
};

/// How a workload is measured, beyond its input and operation.
struct workload_traits {
  /// Calls one sample times; the sample is their mean (short calls are
  /// timed in batches, well above the clock's resolution).
  std::size_t m_calls = 1;
  /// Whether the value the operation returns is compared with seq's (reduce).
  bool m_check_value = false;
  /// Whether the data the operation leaves are compared with seq's (not for
  /// nth_element, whose order around the nth element is unspecified).
  bool m_check_data = true;
  /// The rows of an operation that times itself (returns latencies), which
  /// has no row of the suite's own timing. Such an operation enters the
  /// backend itself, from threads of its own (inside backend.run, a caller
  /// it starts and blocks on could need the very workers it holds).
  std::span<const latency_figure> m_figures = {};
  /// The fewest threads the operation can run on (B1 needs a thief besides
  /// the joining thread); the backends of fewer threads skip it.
  std::size_t m_min_threads = 1;
  /// Whether to report what the calls' scratch memory costs (the sorts):
  /// the idle memory of the C heap and of the backend's pool is given back
  /// before the warm-up, whose time is reported as the workload
  /// " first call", and the peak resident memory of all the samples over
  /// the memory resident before them (input and copy in place) as the
  /// workload " peak extra memory", in MiB.
  bool m_scratch_costs = false;
};

/// One workload: its name, its input and its operation.
template <class T, class Op>
struct workload {
  std::string m_name;
  std::vector<T> m_input;
  Op m_op;
  workload_traits m_traits;
};

/// Relative tolerance of a floating-point result against seq's: parallel
/// reductions reassociate.
inline constexpr double k_value_tolerance = 1e-9;

/// Before a sort's first call, the harness faults in and frees this many
/// times its input's bytes (warm_free_memory), more than any backend's first
/// call takes afresh (std_par's peak extra memory is up to 3.4 times the input).
inline constexpr std::size_t k_warm_inputs = 4;

/// Runs the workloads: the first pass (counting) only counts the
/// measurements for the progress line; the second measures.
class suite {
 public:
  suite(const options& opts, std::vector<std::unique_ptr<thread_context>>& contexts, progress* bar)
      : m_opts(opts), m_contexts(contexts), m_progress(bar) {}

  /// Measurements made elsewhere for a workload and size (the
  /// std_par_on_ws child process): called after this executable's backends,
  /// for the workloads that backend can run.
  using external_backend = std::function<std::vector<measurement>(const std::string& workload, std::size_t n)>;
  void set_external(const char* name, external_backend run) {
    m_external_name = name;
    m_external = std::move(run);
  }

  /// The workload names seen so far (every add() call records its name).
  const std::vector<std::string>& names() const { return m_names; }
  /// The number of measurements the selected workloads will make.
  std::size_t count() const { return m_count; }
  std::vector<measurement>& results() { return m_results; }

  /// Measures a workload (unless it is filtered out, or n == 0: not at this
  /// size). make_input(n) builds the input; the workload's op is called as
  /// op(backend, data) and returns a double (see workload_traits), or the
  /// latencies of an operation that times itself (see latency_figure).
  template <class Make, class Op>
  void add(std::string_view name, std::size_t n, Make make_input, Op op, workload_traits traits = {}) {
    if (std::find(m_names.begin(), m_names.end(), name) == m_names.end()) {
      m_names.emplace_back(name);
    }
    const bool other_size = m_opts.m_child_workload && n != m_opts.m_child_size;
    if (n == 0 || other_size || !workload_selected(m_opts, name)) {
      return;
    }
    using value_type = typename std::invoke_result_t<Make&, std::size_t>::value_type;
    if (m_progress == nullptr) {
      count_all<value_type, Op>(traits);
      return;
    }
    measure_all(workload<value_type, Op>{std::string(name), make_input(n), op, traits}, n);
  }

 private:
  /// seq's result, which every other backend's must match: recorded by
  /// seq's first sample (in the child process, by one untimed call).
  template <class T>
  struct outcome {
    std::vector<T> m_data;
    double m_value = 0.0;
    bool m_recorded = false;
  };

  template <class T, class Op, class Backend>
  static constexpr bool k_supports =
      requires(const Op& op, Backend& backend, std::vector<T>& data) { op(backend, data); };

  /// Whether the operation times itself (see latency_figure).
  template <class T, class Op, class Backend>
  static constexpr bool k_times_itself =
      std::is_same_v<std::invoke_result_t<const Op&, Backend&, std::vector<T>&>, latencies>;

  /// Whether backend runs w at this thread count (and passes --backends).
  template <class T, class Op, class Backend>
  bool runs(const workload_traits& traits, const Backend& backend, std::size_t threads) const {
    return k_supports<T, Op, Backend> && threads >= traits.m_min_threads && backend_selected(m_opts, backend.name());
  }

  template <class T, class Op>
  void count_all(const workload_traits& traits) {
    std::size_t per_round = k_supports<T, Op, seq_backend> ? 1 : 0;
    if constexpr (k_supports<T, Op, std_par_on_ws_backend>) {
      per_round += m_external ? 1 : 0;  // one call of the external executable
    }
    for (const auto& context : m_contexts) {
      auto backends = context->backends();
      std::apply([&](auto&... backend) { ((per_round += runs<T, Op>(traits, backend, context->threads())), ...); },
                 backends);
    }
    m_count += per_round * m_opts.m_rounds;
  }

  /// Every round measures seq and then every backend (rounds.hpp).
  template <class T, class Op>
  void measure_all(const workload<T, Op>& w, std::size_t n) {
    for (std::size_t round = 0; round < m_opts.m_rounds; ++round) {
      measure_round(w, n);
    }
  }

  /// Without seq (an operation only some backends have: B1), the first
  /// backend measured makes the reference.
  template <class T, class Op>
  void measure_round(const workload<T, Op>& w, std::size_t n) {
    outcome<T> reference{w.m_input};  // its memory in place before any peak is measured
    seq_backend seq;
    if constexpr (!k_supports<T, Op, seq_backend>) {
    } else if (m_opts.m_child_workload) {
      // The child process: its seq rows would be dropped (run_child), so one
      // untimed call makes the reference.
      reference.m_value = calls(w, seq, reference.m_data).m_value;
      reference.m_recorded = true;
    } else {
      measure(w, n, seq, 1, reference);
    }
    for (const auto& context : m_contexts) {
      auto backends = context->backends();
      std::apply([&](auto&... backend) { (measure_if_supported(w, n, backend, context->threads(), reference), ...); },
                 backends);
    }
    if constexpr (k_supports<T, Op, std_par_on_ws_backend>) {
      measure_external(w.m_name, n);
    }
  }

  void measure_external(const std::string& name, std::size_t n) {
    if (m_external) {
      m_progress->step(name, n, m_external_name, m_contexts.back()->threads());
      for (measurement& row : m_external(name, n)) {
        m_results.push_back(std::move(row));
      }
    }
  }

  template <class T, class Op, class Backend>
  void measure_if_supported(const workload<T, Op>& w, std::size_t n, Backend& backend, std::size_t threads,
                            outcome<T>& reference) {
    if constexpr (k_supports<T, Op, Backend>) {
      if (runs<T, Op>(w.m_traits, backend, threads)) {
        measure(w, n, backend, threads, reference);
      }
    }
  }

  /// reps samples (after a warm-up) of w by backend, each on a fresh copy
  /// of the input and verified against the reference (seq's outcome).
  template <class T, class Op, class Backend>
  void measure(const workload<T, Op>& w, std::size_t n, Backend& backend, std::size_t threads,
               outcome<T>& reference) {
    m_progress->step(w.m_name, n, backend.name(), threads);
    // The backend measured before this one may still spin (TBB's workers,
    // OpenMP's team, a pool's workers before they sleep): its threads would
    // take this backend's CPUs, all of them at the larger thread counts.
    wait_until_others_quiet(std::chrono::steady_clock::now() + k_max_wait_for_quiet);
    std::vector<T> data = w.m_input;  // resident before the peak window: each sample's copy reuses it
    std::vector<latencies> timed;      // an operation that times itself: each sample's latencies
    timed.reserve(m_opts.m_reps + 1);
    const bool scratch_costs = w.m_traits.m_scratch_costs;
    if (scratch_costs) {
      release_idle_memory(backend);
      warm_free_memory(k_warm_inputs * w.m_input.size() * sizeof(T));
    }
    // The largest peak of any sample, each measured from after its copy of
    // the input: elements that own memory (strings) reallocate in the copy.
    std::optional<double> peak_mib;
    const bench::warmed_samples samples = bench::warm_up_and_samples(m_opts.m_reps, [&] {
      data = w.m_input;
      std::optional<peak_memory_window> window;
      if (scratch_costs) {
        window.emplace();
      }
      call_result result;
      auto timed_calls = [&] { return bench::time_ms([&] { result = calls(w, backend, data); }); };
      const double ms = k_times_itself<T, Op, Backend> ? timed_calls() : backend.run(timed_calls);
      if (const std::optional<double> extra = window ? window->extra_mib() : std::nullopt) {
        peak_mib = std::max(peak_mib.value_or(0.0), *extra);
      }
      verify(w, n, backend.name(), threads, reference, data, result.m_value);
      timed.push_back(std::move(result.m_latencies));
      return ms / static_cast<double>(w.m_traits.m_calls);
    });
    if constexpr (k_times_itself<T, Op, Backend>) {
      timed.erase(timed.begin());  // the warm-up's
      push_figures(w, n, backend.name(), threads, timed);
    } else {
      push(w.m_name, n, backend.name(), threads, "ms", bench::summarize(samples.m_samples), m_opts.m_reps);
    }
    if (scratch_costs) {
      push(w.m_name + scratch_rows::first_call, n, backend.name(), threads, "ms",
           bench::summarize({samples.m_warm_up}), 1);
    }
    if (peak_mib) {
      push(w.m_name + scratch_rows::peak_memory, n, backend.name(), threads, scratch_rows::memory_unit,
           bench::summarize({*peak_mib}), 1);
    }
  }

  /// A row per figure of w: each figure of every sample's latencies,
  /// summarised over the samples.
  template <class T, class Op>
  void push_figures(const workload<T, Op>& w, std::size_t n, const char* backend, std::size_t threads,
                    const std::vector<latencies>& timed) {
    for (const latency_figure& figure : w.m_traits.m_figures) {
      std::vector<double> values;
      for (const latencies& sample : timed) {
        values.push_back(figure.m_of(sample.m_ms));
      }
      push(w.m_name + figure.m_suffix, n, backend, threads, figure.m_unit, bench::summarize(values), values.size());
    }
  }

  /// What the calls of one sample returned: the last one's value, or the
  /// latencies of all the calls of an operation that times itself.
  struct call_result {
    double m_value = 0.0;
    latencies m_latencies;
  };

  /// The calls of one sample on data.
  template <class T, class Op, class Backend>
  static call_result calls(const workload<T, Op>& w, Backend& backend, std::vector<T>& data) {
    call_result result;
    for (std::size_t call = 0; call < w.m_traits.m_calls; ++call) {
      if constexpr (k_times_itself<T, Op, Backend>) {
        const latencies call_latencies = w.m_op(backend, data);
        result.m_latencies.m_ms.insert(result.m_latencies.m_ms.end(), call_latencies.m_ms.begin(),
                                       call_latencies.m_ms.end());
      } else {
        result.m_value = w.m_op(backend, data);
      }
      // Each call must read and write memory: without the barrier the
      // compiler may fuse the passes of consecutive inlined calls (it did,
      // for seq's for_each of 10^3 elements: half the time).
      bench::do_not_optimize(data.data());
    }
    return result;
  }

  /// Gives back the memory idle between calls: the C heap's free memory and
  /// the backend's pool's scratch (where it keeps some).
  template <class Backend>
  static void release_idle_memory(Backend& backend) {
    if constexpr (requires { backend.release_memory(); }) {
      backend.release_memory();
    }
    trim_heap();
  }

  template <class T, class Op>
  static void verify(const workload<T, Op>& w, std::size_t n, const char* backend, std::size_t threads,
                     outcome<T>& reference, const std::vector<T>& data, double value) {
    if (!reference.m_recorded) {
      reference.m_data = data;  // same size: no allocation inside a peak window
      reference.m_value = value;
      reference.m_recorded = true;
      return;
    }
    const bool value_ok = !w.m_traits.m_check_value || std::fabs(value - reference.m_value) <=
                                                  k_value_tolerance * std::fabs(reference.m_value);
    const bool data_ok = !w.m_traits.m_check_data || data == reference.m_data;
    if (!data_ok || !value_ok) {
      throw std::runtime_error("verification FAILED: workload '" + w.m_name + "', backend " + backend +
                               ", n = " + std::to_string(n) + ", threads = " + std::to_string(threads) + ": " +
                               (value_ok ? "the data differ from seq's" : "the value differs from seq's"));
    }
  }

  /// Records a row of `samples` samples summarised by s.
  void push(std::string name, std::size_t n, const char* backend, std::size_t threads, const char* unit,
            bench::summary s, std::size_t samples) {
    m_results.push_back(measurement{std::move(name), n, backend, threads, unit, s.m_median, s.m_min, s.m_max,
                                    samples, std::nullopt, std::nullopt});
  }

  const options& m_opts;
  std::vector<std::unique_ptr<thread_context>>& m_contexts;
  progress* m_progress;  // null: the counting pass
  const char* m_external_name = nullptr;
  external_backend m_external;
  std::vector<std::string> m_names;
  std::size_t m_count = 0;
  std::vector<measurement> m_results;
};

}  // namespace harness
