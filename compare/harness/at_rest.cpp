// SPDX-License-Identifier: MIT
// The pool-at-rest measurements: see at_rest.hpp for what each row means.
#include "at_rest.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#ifdef PSTL_WS_HAVE_TBB
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#endif

#include "at_rest_threads.hpp"
#include "bench_support.hpp"
#include "pstl_ws/algorithm.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace harness {
namespace {

using clock = std::chrono::steady_clock;

constexpr std::size_t k_burst_elements = 1'000'000;
constexpr std::chrono::milliseconds k_burst_length{50};
constexpr std::chrono::seconds k_after_burst{1};
constexpr std::size_t k_wake_samples_per_rep = 40;
constexpr double k_wake_percentile = 0.99;

struct light_body {
  void operator()(double& x) const noexcept { x = x * 1.0001 + 1.0; }
};

/// The tiny task of one wake-latency sample: notes when it starts and tells
/// the submitter, which waits blocked (not spinning, so that it leaves the
/// CPUs to the worker being woken).
class wake_probe {
 public:
  void arrive() noexcept {
    m_started_at = clock::now();
    m_done.store(true, std::memory_order_release);  // release: pairs with the acquire in started_at
    m_done.notify_one();
  }

  clock::time_point started_at() const noexcept {
    m_done.wait(false, std::memory_order_acquire);  // acquire: pairs with the release in arrive
    return m_started_at;
  }

 private:
  clock::time_point m_started_at;
  std::atomic<bool> m_done{false};
};

/// One backend as the measurements see it: a parallel pass over data on its
/// pool (a burst repeats it), and a submit of a task from outside the pool
/// that returns without waiting for it. The task owns the probe with the
/// submitter, so that it may still notify after the submitter has returned.
struct at_rest_backend {
  const char* m_name;
  std::function<void(std::vector<double>&)> m_parallel_pass;
  std::function<void(std::shared_ptr<wake_probe>)> m_submit;
};

double milliseconds(clock::duration duration) {
  return std::chrono::duration<double, std::milli>(duration).count();
}

/// Runs one burst (see at_rest.hpp) and returns when it ended.
clock::time_point run_burst(const at_rest_backend& backend, std::vector<double>& data) {
  const clock::time_point start = clock::now();
  clock::time_point now = start;
  while (now - start < k_burst_length) {
    backend.m_parallel_pass(data);
    now = clock::now();
  }
  return now;
}

double cpu_after_burst_ms(const at_rest_backend& backend, std::vector<double>& data) {
  run_burst(backend, data);
  const double before = other_threads_cpu_ms();
  std::this_thread::sleep_for(k_after_burst);
  // The two clocks are read at slightly different moments: an idle process
  // can read a few microseconds below zero. Report that as zero.
  return std::max(other_threads_cpu_ms() - before, 0.0);
}

double time_to_sleep_ms(const at_rest_backend& backend, std::vector<double>& data) {
  const clock::time_point end = run_burst(backend, data);
  const clock::time_point deadline = end + k_max_wait_for_quiet;
  return milliseconds(wait_until_others_quiet(deadline).value_or(deadline) - end);
}

double wake_latency_us(const at_rest_backend& backend) {
  wait_until_others_quiet(clock::now() + k_max_wait_for_quiet);
  auto probe = std::make_shared<wake_probe>();
  const clock::time_point submitted = clock::now();
  backend.m_submit(probe);
  return milliseconds(probe->started_at() - submitted) * 1e3;
}

/// The nearest-rank percentile of samples: the smallest sample with at least
/// `fraction` of them at or below it. Needs at least one sample.
double percentile(std::vector<double> samples, double fraction) {
  std::sort(samples.begin(), samples.end());
  const double size = static_cast<double>(samples.size());
  const auto rank = static_cast<std::size_t>(std::ceil(fraction * size));
  return samples[std::clamp<std::size_t>(rank, 1, samples.size()) - 1];
}

/// The rows of one backend at one thread count.
void measure_backend(const at_rest_backend& backend, std::size_t threads, std::size_t reps,
                     const std::function<void(std::string_view)>& on_step,
                     std::vector<measurement>& rows) {
  std::vector<double> data(k_burst_elements, 1.0);
  // median: the row's median column (the p99 row's percentile); s: its minimum and maximum.
  auto add_row = [&](const char* workload, const char* unit, double median, const bench::summary& s,
                     std::size_t samples) {
    rows.push_back(measurement{workload, 0, backend.m_name, threads, unit, median, s.m_min, s.m_max, samples,
                               {}, {}});
  };
  auto step = [&](const char* workload) {
    on_step(std::string(workload) + ", " + backend.m_name + ", " + std::to_string(threads) +
            (threads == 1 ? " thread" : " threads"));
  };
  step(at_rest_workloads::cpu_after_burst);
  const bench::summary cpu =
      bench::summarize(bench::samples_of(reps, [&] { return cpu_after_burst_ms(backend, data); }));
  add_row(at_rest_workloads::cpu_after_burst, "ms cpu", cpu.m_median, cpu, reps);

  step(at_rest_workloads::time_to_sleep);
  const bench::summary sleep =
      bench::summarize(bench::samples_of(reps, [&] { return time_to_sleep_ms(backend, data); }));
  add_row(at_rest_workloads::time_to_sleep, "ms", sleep.m_median, sleep, reps);

  step(at_rest_workloads::wake_latency);
  const std::size_t count = reps * k_wake_samples_per_rep;
  const std::vector<double> wakes = bench::samples_of(count, [&] { return wake_latency_us(backend); });
  const bench::summary wake = bench::summarize(wakes);
  add_row(at_rest_workloads::wake_latency, "us", wake.m_median, wake, count);
  add_row(at_rest_workloads::wake_latency_p99, "us", percentile(wakes, k_wake_percentile), wake, count);
  // The last task may still be running: let it finish and the threads settle,
  // so that they do not spill into the next backend's measurements.
  wait_until_others_quiet(clock::now() + k_max_wait_for_quiet);
}

void measure_ws(std::size_t threads, std::size_t reps, const std::function<void(std::string_view)>& on_step,
                std::vector<measurement>& rows) {
  ws::thread_pool pool(threads);
  const at_rest_backend backend{
      backend_names::ws,
      [&pool](std::vector<double>& data) {
        ws::for_each(ws::par.on(pool), data.begin(), data.end(), light_body{});
      },
      [&pool](std::shared_ptr<wake_probe> probe) {
        pool.spawn([probe = std::move(probe)] { probe->arrive(); });
      }};
  measure_backend(backend, threads, reps, on_step, rows);
}

#ifdef PSTL_WS_HAVE_TBB
void measure_tbb(std::size_t threads, std::size_t reps, const std::function<void(std::string_view)>& on_step,
                 std::vector<measurement>& rows) {
  tbb::task_arena arena(static_cast<int>(threads));
  arena.initialize();
  const at_rest_backend backend{
      backend_names::tbb,
      [&arena](std::vector<double>& data) {
        arena.execute([&data] {
          using range = tbb::blocked_range<std::size_t>;
          tbb::parallel_for(range(0, data.size()), [&data](const range& part) {
            std::for_each(data.begin() + static_cast<std::ptrdiff_t>(part.begin()),
                          data.begin() + static_cast<std::ptrdiff_t>(part.end()), light_body{});
          });
        });
      },
      [&arena](std::shared_ptr<wake_probe> probe) {
        arena.enqueue([probe = std::move(probe)] { probe->arrive(); });
      }};
  measure_backend(backend, threads, reps, on_step, rows);
}
#endif

}  // namespace

std::vector<measurement> measure_at_rest(const at_rest_options& options,
                                         const std::function<void(std::string_view)>& on_step) {
  if (options.m_reps == 0 ||
      std::find(options.m_threads.begin(), options.m_threads.end(), 0) != options.m_threads.end()) {
    throw std::invalid_argument("measure_at_rest: needs at least 1 rep and 1 thread per thread count");
  }
  std::vector<measurement> rows;
  if (options.m_ws) {
    for (const std::size_t threads : options.m_threads) {
      measure_ws(threads, options.m_reps, on_step, rows);
    }
  }
#ifdef PSTL_WS_HAVE_TBB
  if (options.m_tbb) {
    for (const std::size_t threads : options.m_threads) {
      measure_tbb(threads, options.m_reps, on_step, rows);
    }
  }
#endif
  return rows;
}

}  // namespace harness
