// SPDX-License-Identifier: MIT
// pstl_ws_park_bench: what wait_policy::park changes, side by side with steal
// on pools of the same size (docs/park.md, research/context.md §4.6).
//   B1  a join(a, b) on a worker whose b is stolen and takes 3 ms, while an
//       unrelated 30 ms job is injected: how long after b started does the join
//       return? Under steal the waiting worker may take the long job and the
//       join is pinned under it; under park the frame parks and the thief
//       resumes it. Median, p90 and p99 over the trials, and the pinned ones.
//   B2  a tree of scopes (4 children per level, 7 levels, 5 us leaves, 1 KiB
//       frames): the deepest stack a leaf ran on and the fibers made.
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "pstl_ws/detail/runtime/fiber_context.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/pstl_ws.hpp"

namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

constexpr auto k_b_time = 3ms;
constexpr auto k_long_job_time = 30ms;
constexpr double k_pinned_ms = 20.0;
constexpr int k_tree_depth = 7;
constexpr int k_tree_children = 4;
constexpr auto k_leaf_time = 5us;
constexpr std::size_t k_frame_bytes = 1024;

constexpr const char* k_usage =
    "usage: pstl_ws_park_bench [--threads LIST] [--trials N]\n"
    "  --threads LIST  comma-separated thread counts of at least 3, e.g. 3,8\n"
    "                  (default: 3 and one per available CPU, if more)\n"
    "  --trials N      B1 trials per policy and thread count (default 21; B2 runs N / 4 + 1 times)\n"
    "  --help          this message\n";

struct options {
  std::optional<std::vector<std::size_t>> m_threads;
  std::size_t m_trials = 21;
  bool m_help = false;
};

options parse_options(int argc, char** argv) {
  options result;
  bench::flag_reader reader(argc, argv);
  std::string_view flag;
  while (reader.next_flag(flag)) {
    if (flag == "--threads") {
      result.m_threads = bench::parse_count_list(flag, reader.value(flag), 3, bench::k_max_threads);
    } else if (flag == "--trials") {
      result.m_trials = bench::parse_count(flag, reader.value(flag), 1, bench::k_max_reps);
    } else if (flag == "--help" || flag == "-h") {
      result.m_help = true;
    } else {
      throw bench::usage_error("unknown flag '" + std::string(flag) + "'");
    }
  }
  return result;
}

/// Keeps the CPU busy for `duration` (the benchmark needs work, not sleep: a
/// sleeping job would leave its core to the others).
void spin_for(clock_type::duration duration) {
  const auto end = clock_type::now() + duration;
  while (clock_type::now() < end) {
  }
}

double ms_between(clock_type::time_point from, clock_type::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

/// The value at quantile q of sorted samples (nearest rank).
double quantile(const std::vector<double>& sorted, double q) {
  const auto rank = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(rank, sorted.size() - 1)];
}

const char* policy_name(ws::wait_policy policy) { return policy == ws::wait_policy::park ? "park" : "steal"; }

// ---- B1 --------------------------------------------------------------------

/// One trial: milliseconds from b's start to the join's return.
double join_latency_trial(ws::thread_pool& pool) {
  std::atomic<bool> b_started{false};
  std::atomic<bool> long_done{false};
  std::promise<double> latency;
  pool.spawn([&] {
    clock_type::time_point b_start;
    ws::join(
        [&] {
          while (!b_started.load()) {  // b runs on another worker: a waits for the steal
            std::this_thread::yield();
          }
          spin_for(1ms);
        },
        [&] {
          b_start = clock_type::now();
          b_started.store(true);
          spin_for(k_b_time);
        });
    latency.set_value(ms_between(b_start, clock_type::now()));
  });
  while (!b_started.load()) {
    std::this_thread::yield();
  }
  pool.spawn([&] {  // from outside the pool: through the injector
    spin_for(k_long_job_time);
    long_done.store(true);
  });
  const double ms = latency.get_future().get();
  while (!long_done.load()) {
    std::this_thread::sleep_for(1ms);
  }
  return ms;
}

void measure_b1(bench::table& out, std::size_t threads, ws::wait_policy policy, std::size_t trials) {
  ws::thread_pool pool(ws::pool_options{.num_threads = threads, .wait = policy});
  std::vector<double> samples = bench::samples_of(trials, [&] { return join_latency_trial(pool); });
  std::sort(samples.begin(), samples.end());
  const auto pinned = std::count_if(samples.begin(), samples.end(), [](double ms) { return ms > k_pinned_ms; });
  out.add_row({"B1 join latency", std::to_string(threads), policy_name(policy),
               bench::format("%.2f", quantile(samples, 0.5)), bench::format("%.2f", quantile(samples, 0.9)),
               bench::format("%.2f", quantile(samples, 0.99)),
               bench::format("%zu/%zu", static_cast<std::size_t>(pinned), samples.size()),
               std::to_string(pool.stats().parks)});
}

// ---- B2 --------------------------------------------------------------------

/// The highest address of the stack the caller runs on: its fiber's, or its thread's.
char* stack_top() {
  const ws::detail::worker_thread* worker = ws::detail::worker_thread::current();
  if (worker != nullptr && worker->running_context() != nullptr) {
    return static_cast<char*>(worker->running_context()->stack().m_base);
  }
  static thread_local char* t_top = [] {
    pthread_attr_t attributes;
    void* bottom = nullptr;
    std::size_t size = 0;
    ::pthread_getattr_np(::pthread_self(), &attributes);
    ::pthread_attr_getstack(&attributes, &bottom, &size);
    ::pthread_attr_destroy(&attributes);
    return static_cast<char*>(bottom) + size;
  }();
  return t_top;
}

void tree(int level, std::atomic<std::size_t>& deepest) {
  volatile char frame[k_frame_bytes];
  frame[0] = static_cast<char>(level);
  if (level == k_tree_depth) {
    spin_for(k_leaf_time);
    const auto used = static_cast<std::size_t>(stack_top() - const_cast<char*>(&frame[0]));
    std::size_t seen = deepest.load();
    while (used > seen && !deepest.compare_exchange_weak(seen, used)) {
    }
    return;
  }
  ws::scope([&](ws::scope_handle& scope) {
    for (int child = 0; child < k_tree_children; ++child) {
      scope.spawn([level, &deepest] { tree(level + 1, deepest); });
    }
  });
  bench::do_not_optimize(frame[0]);
}

void measure_b2(bench::table& out, std::size_t threads, ws::wait_policy policy, std::size_t runs) {
  ws::thread_pool pool(ws::pool_options{.num_threads = threads, .wait = policy});
  std::atomic<std::size_t> deepest{0};
  const double ms = bench::median_of(runs, [&] {
    std::promise<double> elapsed;
    pool.spawn([&] { elapsed.set_value(bench::time_ms([&] { tree(0, deepest); })); });
    return elapsed.get_future().get();
  });
  out.add_row({"B2 scope tree", std::to_string(threads), policy_name(policy), bench::format("%.1f", ms),
               bench::format("%.1f", static_cast<double>(deepest.load()) / 1024.0),
               std::to_string(pool.fibers_made()), std::to_string(pool.stats().parks)});
}

int run(const options& opts) {
  const std::size_t cpus = ws::thread_pool(0).num_threads();
  std::vector<std::size_t> counts = opts.m_threads ? bench::sorted_unique(*opts.m_threads)
                                                   : bench::sorted_unique({3, std::max<std::size_t>(cpus, 3)});
  std::printf("pstl_ws_park_bench: wait_policy steal against park (%zu CPUs available)\n\n", cpus);
  bench::table b1({"B1 (b takes 3 ms)", "threads", "policy", "median ms", "p90 ms", "p99 ms", "pinned", "parks"});
  bench::table b2({"B2", "threads", "policy", "median ms", "deepest stack KiB", "fibers made", "parks"});
  for (const std::size_t threads : counts) {
    for (const ws::wait_policy policy : {ws::wait_policy::steal, ws::wait_policy::park}) {
      measure_b1(b1, threads, policy, opts.m_trials);
      measure_b2(b2, threads, policy, opts.m_trials / 4 + 1);
    }
  }
  b1.print(stdout);
  std::printf("\n(join latency: from b's start to the join's return; pinned: over %.0f ms)\n\n", k_pinned_ms);
  b2.print(stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_main("pstl_ws_park_bench", k_usage, argc, argv, parse_options, run);
}
