// SPDX-License-Identifier: MIT
// The workloads that time themselves (suite.hpp: latencies, latency_figure).
//
// Concurrent callers: K threads of their own (--callers, default 8), released
// together by a latch, each make one call of a kernel on their own part of
// the data, as a user would (as_caller, caller_limit in backends.hpp), and
// each times its call, whole, from its own thread. Three kernels: the radix-
// eligible u32 sort, a comparison sort (pairs by a lambda) and a join tree
// (fib). Per sample: the mean, median and largest latency of the K calls,
// and the slowest over the fastest (the spread).
//
// B1, join latency under a long job (compare/park_bench.cpp has it too): a
// join(a, b) whose b (3 ms) is stolen while an unrelated 30 ms job is
// injected; a spins 1 ms after b started. The latency runs from b's start to
// the join's return: about 3 ms, unless the joining thread took the long job
// while it waited (pinned, over 20 ms). The join is made on a worker (inside
// pool.spawn) or by the calling thread in the seat (inside pool.install);
// ws and ws_park only, the backends with a pool().
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <latch>
#include <numeric>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "harness/inputs.hpp"
#include "harness/workloads.hpp"
#include "pstl_ws/join.hpp"

namespace harness {

namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

constexpr auto k_b_time = 3ms;           // B1: the stolen half
constexpr auto k_a_time = 1ms;           // B1: the joining half, after b started
constexpr auto k_long_job_time = 30ms;   // B1: the unrelated job injected meanwhile
constexpr auto k_steal_deadline = 1s;    // B1: a stops waiting for a thief (b then runs after a)
constexpr double k_pinned_ms = 20.0;     // B1: a join returned later than this waited for the long job

// ---- figures ---------------------------------------------------------------

/// The mean latency of the calls.
double mean_of(const std::vector<double>& ms) {
  return ms.empty() ? 0.0 : std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
}

/// The median latency of the calls.
double median_of(const std::vector<double>& ms) { return bench::median(ms); }

/// The slowest call's latency.
double max_of(const std::vector<double>& ms) { return ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()); }

/// The slowest call's latency over the fastest's: 1 is perfectly even. Says
/// nothing of good or bad alone (callers served one at a time, in order,
/// spread the most and wait the least on average), hence the latencies.
double spread_of(const std::vector<double>& ms) {
  return ms.empty() ? 0.0 : max_of(ms) / std::max(*std::min_element(ms.begin(), ms.end()), 1e-6);
}

/// The share of the trials pinned behind the long job, in percent.
double pinned_percent(const std::vector<double>& ms) {
  const auto pinned = std::count_if(ms.begin(), ms.end(), [](double x) { return x > k_pinned_ms; });
  return ms.empty() ? 0.0 : 100.0 * static_cast<double>(pinned) / static_cast<double>(ms.size());
}

/// The rows of the concurrent callers workloads.
constexpr latency_figure k_caller_figures[] = {
    {" mean latency", "ms", mean_of},
    {" median latency", "ms", median_of},
    {" max latency", "ms", max_of},
    {" spread", "slowest/fastest", spread_of},
};

/// The rows of B1 (the unit names k_pinned_ms).
constexpr latency_figure k_join_figures[] = {
    {" median latency", "ms", median_of},
    {" pinned", "% of trials > 20 ms", pinned_percent},
};

// ---- concurrent callers ------------------------------------------------------

/// Sorts the caller's part by the default order (ws: a radix sort of u32).
struct sort_kernel {
  template <class B, class It>
  void operator()(B& b, It first, It last) const {
    b.sort(first, last);
  }
};

/// Sorts the caller's part by a lambda: a comparison sort in every backend.
struct lambda_sort_kernel {
  template <class B, class It>
    requires requires(B& b, It it) { b.sort(it, it, std::less<>()); }
  void operator()(B& b, It first, It last) const {
    b.sort(first, last, [](const auto& x, const auto& y) { return x < y; });
  }
};

/// fib by the backend's fork-join, without a cutoff: the caller's part is one
/// element, the argument, which the result replaces.
struct fib_kernel {
  template <class B, class It>
    requires requires(B& b) { b.fib(1); }
  void operator()(B& b, It first, It) const {
    *first = b.fib(static_cast<int>(*first));
  }
};

/// The backend a caller's thread calls (see as_caller).
template <class B>
using caller_t = decltype(as_caller(std::declval<const B&>()));

/// m_callers threads, released together, each calling Kernel on its own
/// equal part of the data through as_caller(b).run, under caller_limit(b);
/// each call is timed whole on its own thread.
template <class Kernel>
struct callers_op {
  std::size_t m_callers;
  Kernel m_kernel;

  template <class B, class T>
    requires requires(const Kernel& kernel, const caller_t<B>& caller, typename std::vector<T>::iterator it) {
      kernel(caller, it, it);
    }
  latencies operator()(B& b, std::vector<T>& data) const {
    [[maybe_unused]] const auto limit = caller_limit(b);
    const caller_t<B> caller = as_caller(b);
    const std::size_t part = data.size() / m_callers;
    latencies result{std::vector<double>(m_callers)};
    std::latch start(static_cast<std::ptrdiff_t>(m_callers));
    {
      std::vector<std::jthread> threads;
      threads.reserve(m_callers);
      for (std::size_t i = 0; i < m_callers; ++i) {
        threads.emplace_back([&, i] {
          const auto first = data.begin() + static_cast<std::ptrdiff_t>(i * part);
          auto call = [&] { m_kernel(caller, first, first + static_cast<std::ptrdiff_t>(part)); };
          start.arrive_and_wait();
          result.m_ms[i] = bench::time_ms([&] { caller.run(call); });
        });
      }
    }  // the jthreads join here
    return result;
  }
};

/// An input of `callers` parts of n elements each, made by make.
template <class Make>
auto parts_of(std::size_t callers, Make make) {
  return [callers, make](std::size_t n) { return make(callers * n); };
}

/// One fib argument n per caller.
auto fib_arguments(std::size_t callers) {
  return [callers](std::size_t n) { return std::vector<std::uint64_t>(callers, n); };
}

// ---- B1: join latency under a long job ---------------------------------------

/// Where the join is made: in a job of the pool's (a worker) or by the
/// thread that measures, in the pool's seat.
enum class join_place { worker, seat };

/// data.size() trials of B1 on the backend's pool, the join made at Place.
template <join_place Place>
struct join_latency_op {
  template <class B>
    requires requires(B& b) { b.pool(); }
  latencies operator()(B& b, std::vector<int>& data) const {
    latencies result;
    for (std::size_t trial = 0; trial < data.size(); ++trial) {
      result.m_ms.push_back(one_trial(b.pool()));
    }
    return result;
  }

  /// One trial: the ms from b's start to the join's return.
  static double one_trial(ws::thread_pool& pool) {
    std::atomic<bool> b_started{false};
    std::atomic<bool> long_done{false};
    clock_type::time_point b_start;
    double latency = 0.0;
    auto a = [&] {
      const auto deadline = clock_type::now() + k_steal_deadline;
      while (!b_started.load() && clock_type::now() < deadline) {  // b runs on a thief
        std::this_thread::yield();
      }
      spin_for(k_a_time);
    };
    auto b = [&] {
      b_start = clock_type::now();
      b_started.store(true);
      spin_for(k_b_time);
    };
    auto joined = [&] {
      ws::join(a, b);
      latency = std::chrono::duration<double, std::milli>(clock_type::now() - b_start).count();
    };
    std::jthread injector([&] {  // from outside the pool: through the injector
      while (!b_started.load()) {
        std::this_thread::yield();
      }
      pool.spawn([&] {
        spin_for(k_long_job_time);
        long_done.store(true);
      });
    });
    if constexpr (Place == join_place::seat) {
      pool.install(joined);
    } else {
      std::promise<void> done;  // owned by the job: gone only once it is done with it
      std::future<void> finished = done.get_future();
      pool.spawn([&joined, done = std::move(done)]() mutable {
        joined();
        done.set_value();
      });
      finished.wait();
    }
    injector.join();
    while (!long_done.load()) {  // trials do not overlap
      std::this_thread::sleep_for(1ms);
    }
    return latency;
  }

  /// Keeps the CPU busy for `duration` (work, not sleep: a sleeping job
  /// would leave its core to the others).
  static void spin_for(clock_type::duration duration) {
    const auto end = clock_type::now() + duration;
    while (clock_type::now() < end) {
    }
  }
};

/// n trials per sample, nothing else to the input.
std::vector<int> trials(std::size_t n) { return std::vector<int>(n); }

}  // namespace

void add_latency_workloads(suite& s, size_mode mode, std::size_t callers) {
  const workload_traits caller_traits{.m_figures = k_caller_figures};
  s.add("concurrent callers sort u32", sizes(mode, {2'000}, {250'000}, {1'000'000})[0],
        parts_of(callers, random_uint32s), callers_op<sort_kernel>{callers, {}}, caller_traits);
  s.add("concurrent callers sort pairs by lambda", sizes(mode, {1'000}, {100'000}, {1'000'000})[0],
        parts_of(callers, keyed_pairs), callers_op<lambda_sort_kernel>{callers, {}}, caller_traits);
  s.add("concurrent callers fib join", sizes(mode, {12}, {25}, {27})[0], fib_arguments(callers),
        callers_op<fib_kernel>{callers, {}}, caller_traits);
  // B1 needs a thief besides the joining thread: on a worker, two workers
  // (3 threads); in the seat, one (2 threads).
  const std::size_t trials_per_sample = sizes(mode, {3}, {5}, {11})[0];
  s.add("B1 join on a worker", trials_per_sample, trials, join_latency_op<join_place::worker>{},
        {.m_figures = k_join_figures, .m_min_threads = 3});
  s.add("B1 join in the seat", trials_per_sample, trials, join_latency_op<join_place::seat>{},
        {.m_figures = k_join_figures, .m_min_threads = 2});
}

}  // namespace harness
