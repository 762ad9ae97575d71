// SPDX-License-Identifier: MIT
// registry: the private state of one pool (what rayon calls the Registry; the
// public handle is ws::thread_pool). It owns the worker threads, their deques,
// the injector, the sleep module and the termination protocol.
// Life of a pool: docs/design.md; termination: docs/latch.md#termination.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/injector.hpp"
#include "pstl_ws/detail/job.hpp"
#include "pstl_ws/detail/latch.hpp"
#include "pstl_ws/detail/sleep.hpp"
#include "pstl_ws/detail/work_deque.hpp"

namespace ws {
struct pool_stats;
}

namespace ws::detail {

/// Shared state of one pool. Held by shared_ptr: the thread_pool handle owns it,
/// and a cross-pool latch setter holds it for the length of a wake-up.
///
/// Lifetime: the worker threads hold plain references; they are joined by
/// join_workers() before the last thread_pool handle lets the registry go. The
/// global registry is never destroyed.
class registry : public std::enable_shared_from_this<registry> {
 public:
  /// Creates a registry and starts num_threads workers (1 <= n <= 65535).
  /// Throws std::invalid_argument for a bad count and std::system_error if a
  /// thread cannot be started (the threads already started are stopped first).
  static std::shared_ptr<registry> create(std::size_t num_threads);

  registry(const registry&) = delete;
  registry& operator=(const registry&) = delete;
  ~registry();

  [[nodiscard]] std::size_t num_threads() const noexcept { return m_num_threads; }

  /// Hands a job to the pool from any thread (the injector), waking a worker if
  /// the sleep rules say so. Throws std::bad_alloc; the job is then not queued.
  void inject(job_ref job);
  [[nodiscard]] bool has_injected_job() const noexcept { return !m_injector.is_empty(); }
  [[nodiscard]] std::optional<job_ref> pop_injected_job() noexcept { return m_injector.pop(); }

  [[nodiscard]] work_deque<job_ref>& deque(std::size_t worker_index) noexcept {
    return m_thread_infos[worker_index].m_deque;
  }
  [[nodiscard]] class sleep& sleep_module() noexcept { return m_sleep; }
  [[nodiscard]] core_latch& terminate_latch(std::size_t worker_index) noexcept {
    return m_thread_infos[worker_index].m_terminate;
  }
  void notify_worker_latch_is_set(std::size_t worker_index) noexcept {
    m_sleep.notify_worker_latch_is_set(worker_index);
  }

  /// One more job that outlives its creator (thread_pool::spawn): the workers
  /// keep running until it has finished.
  void increment_terminate_count() noexcept;
  /// Releases one count; the last release sets every worker's terminate latch.
  /// The pool handle releases the initial count when it is destroyed.
  void terminate() noexcept;
  /// Waits until every worker thread has exited (after terminate()). Called
  /// once, from a thread that is not one of the workers.
  void join_workers() noexcept;

  /// Counts one executed job / one successful steal of worker i (owner only).
  void count_executed(std::size_t worker_index) noexcept { bump(m_thread_infos[worker_index].m_executed); }
  void count_steal(std::size_t worker_index) noexcept { bump(m_thread_infos[worker_index].m_steals); }
  [[nodiscard]] pool_stats stats() const noexcept;

  explicit registry(std::size_t num_threads);  // use create()

 private:
  struct alignas(k_cache_line) thread_info {
    work_deque<job_ref> m_deque;
    core_latch m_terminate;
    std::atomic<std::uint64_t> m_executed{0};  // written by worker i only
    std::atomic<std::uint64_t> m_steals{0};    // written by worker i only
  };

  static void bump(std::atomic<std::uint64_t>& counter) noexcept {
    // relaxed: a statistic with one writer; a load and a store, not an RMW, on the hot path.
    counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  void start_workers();

  std::size_t m_num_threads;
  std::unique_ptr<thread_info[]> m_thread_infos;
  class sleep m_sleep;
  injector m_injector;
  std::atomic<std::size_t> m_terminate_count{1};
  std::vector<std::thread> m_threads;
};

/// The global registry, created on first use with threads_from_environment()
/// threads. Never destroyed. Throws what creating it throws (a bad
/// PSTL_WS_NUM_THREADS is std::invalid_argument); a later call tries again.
registry& global_registry();

/// The number of threads the global pool gets: PSTL_WS_NUM_THREADS, or the
/// CPUs this process may run on when it is unset or 0. Throws
/// std::invalid_argument naming the variable and the value when it is not a
/// whole number from 0 to 65535.
std::size_t threads_from_environment();

/// The CPUs this process may run on (sched_getaffinity), at least 1.
std::size_t available_parallelism() noexcept;

}  // namespace ws::detail
