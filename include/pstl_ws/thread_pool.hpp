// SPDX-License-Identifier: MIT
// ws::thread_pool: the public handle of a work-stealing pool, and the global
// pool that ws::join, ws::scope and the parallel algorithms use by default.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <concepts>  // for std::invocable
#include <cstddef>
#include <cstdint>
#include <memory>  // for std::make_unique, std::shared_ptr
#include <optional>
#include <type_traits>  // for std::invoke_result_t, std::is_void_v, std::decay_t
#include <utility>  // for std::forward, std::move

#include "pstl_ws/detail/runtime/in_worker.hpp"
#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/pool_options.hpp"

namespace ws {

/// What a pool has done since it started (counters are summed over workers and
/// read without stopping them, so they are a consistent-enough snapshot).
struct pool_stats {
  std::uint64_t jobs_executed = 0;  ///< jobs run from a deque or the injector (not joins run inline)
  std::uint64_t steals = 0;         ///< jobs taken from another worker's deque
  std::uint64_t parks = 0;          ///< waits that parked their frame (wait_policy::park)
  std::uint64_t sleeps = 0;         ///< times a worker blocked after finding no work
  std::uint64_t wake_ups = 0;       ///< times a blocked worker was woken by another thread
  std::size_t sleeping_threads = 0; ///< workers blocked right now (a snapshot)
  std::size_t idle_scratch_bytes = 0; ///< scratch memory kept for the next calls (docs/scratch.md)
};

/// A pool of worker threads that run fork-join work by work stealing.
///
/// Thread safety: every member may be called from any thread, concurrently,
/// except the destructor.
/// Destruction: waits for the calls other threads are running on the pool
/// (install(), algorithms given ws::par.on(pool)), runs every job already
/// spawned with spawn(), then joins every worker before returning. A call
/// that begins after the destructor did uses a destroyed object, as with any
/// C++ object; the pool must not be destroyed from one of its own workers
/// (that is reported and the process ends, instead of deadlocking).
/// Fork: in a forked child a pool made before the fork has no threads; its
/// install() and spawn() throw std::logic_error there, and its destructor
/// returns at once, leaving jobs not yet run unrun (docs/fork.md).
class thread_pool {
 public:
  /// Starts a pool whose calls run on num_threads threads; 0 means one per CPU
  /// this process may run on. A call from a thread outside every pool runs on
  /// that thread, which takes one of the pool's seats for the call, and on
  /// num_threads - 1 worker threads (as a TBB arena's calling thread does, so
  /// that the call starts at once, where its data was written). There is one
  /// seat per CPU (pool_options::seats), so concurrent callers each run their
  /// own call, the workers helping them all; a call that finds every seat
  /// taken is handed to the workers and waits. A pool of one thread still has
  /// one worker, which runs only what the seats cannot: calls that found
  /// every seat taken, spawned jobs, calls from other pools (docs/seat.md).
  /// Throws std::invalid_argument above 65535 threads, and std::system_error
  /// if threads cannot be started, naming how many were asked for and how
  /// many started (none is left running).
  explicit thread_pool(std::size_t num_threads = 0);
  /// A pool built with `options` (threads and seats as above, the wait policy,
  /// the fiber stack size: docs/park.md#choosing). Throws as above, and
  /// std::invalid_argument naming the value for a stack size under 64 KiB or
  /// for more workers and seats together than 65535.
  explicit thread_pool(pool_options options);
  ~thread_pool();
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;

  /// The global pool: made on first use with pool_options::from_environment()
  /// (PSTL_WS_NUM_THREADS, PSTL_WS_WAIT_POLICY), or with the options given to
  /// build_global before that; never destroyed. In a forked child it is made
  /// anew on first use there, from the child's environment or the options
  /// the parent gave build_global (a reference taken before the fork is to
  /// the parent's pool: docs/fork.md). Throws what
  /// from_environment() throws for a bad variable; a later call tries again.
  static thread_pool& global();

  /// Makes the global pool from `options`, in code (as rayon's
  /// ThreadPoolBuilder::build_global and TBB's global_control do), and
  /// returns it; the environment variables are then not read, unless the
  /// options came from pool_options::from_environment(). Call it before the
  /// first parallel call that uses the global pool. Throws std::logic_error
  /// if the global pool already exists (configuring it too late is an error,
  /// never a silent no-op), and what thread_pool(pool_options) throws, after
  /// which the global pool is still to be made.
  static thread_pool& build_global(pool_options options);

  /// Runs op() in this pool and returns its result; ws::join, ws::scope and
  /// the algorithms called inside op use this pool. From one of its own
  /// workers op runs inline; from a thread outside every pool it runs on the
  /// caller in the pool's seat (on a worker, while the caller blocks, if the
  /// seat is taken); from a worker of another pool it runs on a worker of this
  /// one, and the caller keeps running its own pool's jobs while it waits.
  /// Exceptions: whatever op throws is rethrown here; std::logic_error in a
  /// forked child if the pool was made before the fork.
  template <class Op>
  auto install(Op&& op) -> detail::returned_result_t<std::invoke_result_t<Op&>> {
    auto body = [&op](detail::worker_thread&, bool) -> decltype(auto) { return std::invoke(op); };
    if constexpr (std::is_void_v<std::invoke_result_t<Op&>>) {
      detail::in_worker(*m_registry, body);
    } else {
      return detail::in_worker(*m_registry, body);
    }
  }

  /// Queues f() to run on this pool without waiting for it, as a new call:
  /// a thread starts it at the top of its loop, never on the frame of a
  /// call that waits. The pool's destructor waits for it. Cost: one
  /// allocation and one push on the pool's injector (a mutex).
  /// Exceptions: std::bad_alloc if it cannot be queued; std::logic_error in a
  /// forked child if the pool was made before the fork. An exception escaping
  /// f has no caller to reach: like one escaping a std::thread, it ends the
  /// process (with a message naming it).
  template <class F>
  void spawn(F&& f) {
    using function = std::decay_t<F>;
    static_assert(std::invocable<function&>, "ws::thread_pool::spawn needs a function callable as f()");
    m_registry->throw_if_abandoned();
    m_registry->increment_terminate_count();
    try {
      auto job = std::make_unique<detail::heap_job<detached<function>>>(
          detached<function>{m_registry.get(), std::optional<function>(std::forward<F>(f))});
      // A new call wherever it comes from, even a worker of this pool: only a
      // thread at the top of its loop starts it (docs/scheduling.md).
      m_registry->inject(job->as_job_ref(), detail::injected_as::new_call);
      job.release();  // owned by the queue now
    } catch (...) {
      m_registry->terminate();  // undo the count; the handle's own count remains
      throw;
    }
  }

  /// The number of threads a call runs on: the seated caller and the workers.
  [[nodiscard]] std::size_t num_threads() const noexcept { return m_registry->num_threads(); }
  /// The worker threads it started: num_threads() - 1, or 1 in a one-thread pool.
  [[nodiscard]] std::size_t num_worker_threads() const noexcept { return m_registry->num_workers(); }
  /// The callers from outside that may run their calls here at once, each on
  /// its own thread (pool_options::seats).
  [[nodiscard]] std::size_t num_seats() const noexcept { return m_registry->num_seats(); }
  /// The indices current_thread_index() may report: num_worker_threads() +
  /// num_seats(). Size per-thread state with it, not with num_threads().
  [[nodiscard]] std::size_t num_thread_indices() const noexcept { return m_registry->num_slots(); }

  /// The calling thread's index in this pool, or nothing if it is neither one
  /// of this pool's workers nor in one of its seats: the workers are 0 to
  /// num_worker_threads() - 1 and the seats follow, so that the first caller
  /// of a pool of n > 1 threads is n - 1. No two threads report the same
  /// index at the same time; every index is below num_thread_indices().
  [[nodiscard]] std::optional<std::size_t> current_thread_index() const noexcept;

  /// Whether the pool was built with wait_policy::park.
  [[nodiscard]] bool parks() const noexcept { return m_registry->parks(); }

  /// The fibers this pool has made (wait_policy::park; 0 otherwise): at most
  /// one per waiting frame at the deepest moment plus one per worker, as
  /// docs/park.md#invariants states. They live until the pool ends.
  [[nodiscard]] std::size_t fibers_made() const noexcept { return m_registry->fibers_made(); }

  /// Gives back the scratch memory the pool keeps idle between calls (the
  /// sorts' buffers: pool_options::scratch_limit, docs/scratch.md); memory
  /// lent to calls in progress stays theirs. Returns the bytes given back.
  /// In a forked child, for a pool of the parent, it does nothing and returns 0.
  std::size_t release_memory() noexcept {
    return m_registry->is_abandoned() ? 0 : m_registry->trim_scratch();
  }

  /// Counters of what the pool has done; see pool_stats.
  [[nodiscard]] pool_stats stats() const noexcept { return m_registry->stats(); }

 private:
  friend detail::registry& detail::global_registry();

  explicit thread_pool(std::shared_ptr<detail::registry> owner) noexcept
      : m_registry(std::move(owner)) {}

  /// Called inside the catch handler of a spawned job: reports and aborts.
  [[noreturn]] static void unhandled_spawn_exception() noexcept;

  template <class F>
  struct detached {
    detail::registry* m_registry;
    std::optional<F> m_func;

    void operator()() noexcept {
      try {
        (*m_func)();
      } catch (...) {
        unhandled_spawn_exception();
      }
      m_func.reset();
      m_registry->terminate();
    }
  };

  std::shared_ptr<detail::registry> m_registry;
};

/// The calling thread's index in the pool it works for (see
/// thread_pool::current_thread_index), or nothing for a thread outside every
/// pool.
[[nodiscard]] std::optional<std::size_t> current_thread_index() noexcept;

/// The number of threads of the pool the calling thread works for, or of the
/// global pool for a thread outside every pool (which creates it: see
/// thread_pool::global for the exceptions).
[[nodiscard]] std::size_t current_num_threads();

}  // namespace ws
