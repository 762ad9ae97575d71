// SPDX-License-Identifier: MIT
// registry: the private state of one pool (what rayon calls the Registry; the
// public handle is ws::thread_pool). It owns the worker threads, their deques,
// the seats callers from outside work in, the injector, the sleep module and
// the termination protocol.
// Life of a pool: docs/design.md; the seat: docs/seat.md; termination:
// docs/latch.md#termination.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>  // for std::enable_shared_from_this, std::shared_ptr, std::unique_ptr
#include <optional>

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/scratch_block.hpp"
#include "pstl_ws/detail/runtime/sleep_fwd.hpp"
#include "pstl_ws/detail/runtime/work_deque.hpp"

namespace ws {
struct pool_options;
struct pool_stats;
}

namespace ws::detail {

class fiber_context;
class fiber_pool;

/// How many forks separate this process from the first one: 0, one more in
/// each forked child (a pthread_atfork child handler counts it, from the first
/// pool made). A registry made in an earlier generation is abandoned.
[[nodiscard]] std::uint64_t fork_generation() noexcept;

/// What an injected job is to the pool it is injected into (registry::inject).
enum class injected_as { new_call, part_of_call };

/// A caller from outside whose call waits in the injector because it found
/// every seat taken. A seat's leaver may take the call out of the injector
/// and hand its seat to the caller instead, which then runs its call itself
/// (docs/seat.md#hand-over).
struct seat_request {
  lock_latch* m_latch;                       // the caller waits on it, for its job or for a seat
  std::optional<std::size_t> m_handed_seat{};  // the slot handed over; written by the leaver before it sets *m_latch
};

/// Shared state of one pool. Held by shared_ptr: the thread_pool handle owns it,
/// and a cross-pool latch setter holds it for the length of a wake-up.
///
/// Slots: a pool of n threads has n - 1 worker threads (one when n == 1) and
/// its seats, each of which a thread from outside every pool takes for the
/// length of one call and works in like a worker (docs/seat.md). Slot i owns
/// deque i and sleep state i; the workers are slots 0 to num_workers() - 1
/// and the seats follow them.
///
/// Lifetime: the worker threads hold plain references; they are joined by
/// join_workers() before the last thread_pool handle lets the registry go. The
/// global registry is never destroyed, and neither is a registry abandoned in a
/// forked child (docs/fork.md).
///
/// This header is on every algorithm's include path: what a join touches
/// (the slots, the seats, the sleep module's address) is inline here, and the
/// rest (options, threads, sleep module, injectors, scratch memory) lives in
/// registry.cpp, so that no mutex, condition variable, clock or std::deque
/// header comes with it (docs/design.md#compile-time).
class registry final : public std::enable_shared_from_this<registry> {
 public:
  /// Creates a registry for calls running on options.num_threads threads (1 <=
  /// n <= 65535), with options.seats seats (at least 1; the workers and the
  /// seats together at most 65535), and starts its workers. Throws
  /// std::invalid_argument for a bad count or stack size and
  /// std::system_error, naming how many worker threads were asked for and
  /// how many started, if a thread cannot be started (the threads already
  /// started are stopped first).
  static std::shared_ptr<registry> create(const pool_options& options);

  registry(const registry&) = delete;
  registry& operator=(const registry&) = delete;
  ~registry();

  /// The worker threads a pool of num_threads threads starts: one fewer, but
  /// at least one (docs/seat.md#slots-and-thread-counts).
  [[nodiscard]] static constexpr std::size_t workers_for(std::size_t num_threads) noexcept {
    return num_threads > 1 ? num_threads - 1 : 1;
  }

  /// The threads a call from outside runs on: the seated caller and the workers.
  [[nodiscard]] std::size_t num_threads() const noexcept { return m_num_threads; }
  [[nodiscard]] std::size_t num_workers() const noexcept { return m_num_workers; }
  [[nodiscard]] std::size_t num_seats() const noexcept { return m_num_seats; }
  /// Worker slots and seats.
  [[nodiscard]] std::size_t num_slots() const noexcept { return m_num_workers + m_num_seats; }
  [[nodiscard]] bool is_seat(std::size_t slot) const noexcept { return slot >= m_num_workers; }
  /// Whether this pool's threads steal from each other. Not in a pool of one
  /// thread: its worker only runs what the seats cannot (calls that found
  /// every seat taken, spawned jobs, calls from other pools), so nobody takes
  /// a job from another's deque, a push wakes nobody, and a thread that finds
  /// work calls no helper. The one place that decides it.
  [[nodiscard]] bool threads_steal() const noexcept { return m_num_threads > 1; }
  /// The slots a thread steals from: every slot, or the lone worker's own.
  [[nodiscard]] std::size_t num_victims() const noexcept { return threads_steal() ? num_slots() : m_num_workers; }

  /// What the pool was built with (its workers' names, stack size, handlers).
  [[nodiscard]] const pool_options& options() const noexcept;

  /// Whether this registry belongs to the parent of this forked process: its
  /// worker threads do not exist here, and nothing of it may be touched but
  /// its plain fields (docs/fork.md). One load and a comparison.
  [[nodiscard]] bool is_abandoned() const noexcept { return m_fork_generation != fork_generation(); }
  /// Throws std::logic_error saying so if is_abandoned(): for the entry
  /// points of a pool, so that a forked child that uses its parent's pool
  /// fails at once instead of waiting forever for threads that do not exist.
  void throw_if_abandoned() const;

  /// Takes a free seat, the lowest; its slot, or nothing if every seat is taken.
  [[nodiscard]] std::optional<std::size_t> try_take_seat() noexcept {
    for (std::size_t slot = m_num_workers; slot < num_slots(); ++slot) {
      std::atomic<bool>& taken = m_thread_infos[slot].m_seat_taken;
      bool expected = false;
      // relaxed load: a hint that skips a taken seat's cache line write; the CAS decides.
      // acquire CAS: pairs with leave_seat's release, so that the deque's last
      // owner is done with it before this caller pushes on it.
      if (!taken.load(std::memory_order_relaxed) &&
          taken.compare_exchange_strong(expected, true, std::memory_order_acquire, std::memory_order_relaxed)) {
        return slot;
      }
    }
    return std::nullopt;
  }
  /// Hands seat `slot` to the oldest caller waiting with a seat request, if
  /// any, else frees it; frees it only so that a request queued meanwhile
  /// is seen by its leaver or sees the seat free (docs/seat.md#hand-over).
  void leave_seat(std::size_t slot) noexcept;

  /// Hands a job to the pool from any thread, waking a worker if the sleep
  /// rules say so: a new_call (a spawned job nobody waits for) is started
  /// only by a thread at the top of its loop; a part_of_call (a call from a
  /// worker of another pool, a scope's job spawned there) may be taken by any
  /// thread, even inside a wait, since the call it belongs to may be what
  /// every thread here waits for (docs/scheduling.md). Throws std::bad_alloc;
  /// the job is then not queued.
  void inject(job_ref job, injected_as kind);
  /// For a caller from outside that found every seat taken: queues its call
  /// as a new call carrying its seat request, then takes a seat freed
  /// meanwhile if there is one, withdrawing the call. Returns that seat's
  /// slot (the call is then the caller's to run), or nothing: the call is
  /// queued, and the caller waits on request.m_latch until a worker ran it
  /// or a leaver handed it a seat. Throws std::bad_alloc; nothing is then queued.
  [[nodiscard]] std::optional<std::size_t> inject_call(job_ref job, seat_request& request);
  /// Whether an injected job waits that a thread searching from `level` may take.
  [[nodiscard]] bool has_injected_job(search_level level) const noexcept;
  /// The oldest injected job a thread searching from `level` may take: parts
  /// of running calls first, then (from the top) new calls.
  [[nodiscard]] std::optional<job_ref> pop_injected_job(search_level level) noexcept;

  [[nodiscard]] work_deque<job_ref>& deque(std::size_t worker_index) noexcept {
    return m_thread_infos[worker_index].m_deque;
  }
  [[nodiscard]] class sleep& sleep_module() noexcept { return *m_sleep; }
  [[nodiscard]] core_latch& terminate_latch(std::size_t worker_index) noexcept {
    return m_thread_infos[worker_index].m_terminate;
  }
  /// Delivers what a latch's setter owes the latch's owner, worker
  /// `worker_index`, given the state core_latch::set replaced: a wake-up if it
  /// slept, a place in the ready queue if its fiber was parked.
  void notify_latch_set(std::size_t worker_index, std::uintptr_t state) noexcept;

  /// Whether the workers run on fibers and waiting frames park (wait_policy::park).
  [[nodiscard]] bool parks() const noexcept { return m_fibers != nullptr; }
  /// With parks(): a new scheduler fiber, or nullptr if no stack can be had.
  [[nodiscard]] fiber_context* make_fiber(fiber_context& (*entry)(fiber_context&) noexcept) noexcept;
  /// With parks(): queues a parked fiber whose latch was set and wakes a worker.
  void make_ready(fiber_context& fiber) noexcept;
  /// With parks(): the oldest ready fiber, or nullptr.
  [[nodiscard]] fiber_context* pop_ready_fiber() noexcept;
  [[nodiscard]] bool has_ready_fiber() const noexcept;
  /// The fibers made so far (0 without parks()); they live until the pool ends.
  [[nodiscard]] std::size_t fibers_made() const noexcept;

  /// The scratch memory this pool lends its algorithms (docs/scratch.md): a
  /// block of at least `bytes` (empty if none can be mapped), and its return.
  [[nodiscard]] scratch_block lend_scratch(std::size_t bytes) noexcept;
  void return_scratch(scratch_block block) noexcept;
  /// Gives back every idle scratch block; returns the bytes.
  std::size_t trim_scratch() noexcept;

  /// Counts a call from a thread that is not one of this pool's workers (from
  /// outside every pool, or from another pool's worker) for as long as it
  /// runs, so that the pool's handle, destroyed meanwhile, waits for it
  /// (wait_for_calls_in_flight). Nothing of the registry is touched after
  /// the count is given back.
  class call_in_flight {
   public:
    explicit call_in_flight(registry& target) noexcept : m_target(target) {
      // relaxed: a call that begins before the destructor does is ordered
      // before it by the program (any other call uses a destroyed object),
      // and the destructor's load then reads this increment or a later value.
      m_target.m_calls_in_flight.fetch_add(1, std::memory_order_relaxed);
    }
    ~call_in_flight() {
      // release: pairs with wait_for_calls_in_flight's acquire load, so that
      // everything this call did to the registry happens before it is freed.
      m_target.m_calls_in_flight.fetch_sub(1, std::memory_order_release);
    }
    call_in_flight(const call_in_flight&) = delete;
    call_in_flight& operator=(const call_in_flight&) = delete;

   private:
    registry& m_target;
  };
  /// Returns once no call_in_flight is alive: for the handle's destructor,
  /// before it stops the workers, which may still be needed by those calls.
  /// Polls (a destructor racing with calls is a rare misuse, and a waiter
  /// must not be woken through memory that may be freed at once).
  void wait_for_calls_in_flight() const noexcept;

  /// One more job that outlives its creator (thread_pool::spawn): the workers
  /// keep running until it has finished.
  void increment_terminate_count() noexcept;
  /// Releases one count; the last release sets every worker's terminate latch.
  /// The pool handle releases the initial count when it is destroyed.
  void terminate() noexcept;
  /// Waits until every worker thread has exited (after terminate()). Called
  /// once, from a thread that is not one of the workers.
  void join_workers() noexcept;

  /// Counts one executed job / successful steal / park of worker i (owner only).
  void count_executed(std::size_t worker_index) noexcept { bump(m_thread_infos[worker_index].m_executed); }
  void count_steal(std::size_t worker_index) noexcept { bump(m_thread_infos[worker_index].m_steals); }
  void count_park(std::size_t worker_index) noexcept { bump(m_thread_infos[worker_index].m_parks); }
  [[nodiscard]] pool_stats stats() const noexcept;

  explicit registry(const pool_options& options);  // use create()

 private:
  struct alignas(k_cache_line) thread_info {
    work_deque<job_ref> m_deque;
    core_latch m_terminate;
    std::atomic<std::uint64_t> m_executed{0};  // written by worker i only
    std::atomic<std::uint64_t> m_steals{0};    // written by worker i only
    std::atomic<std::uint64_t> m_parks{0};     // written by worker i only
    std::atomic<bool> m_seat_taken{false};     // seats only: try_take_seat, leave_seat
  };

  static void bump(std::atomic<std::uint64_t>& counter) noexcept {
    // relaxed: a statistic with one writer; a load and a store, not an RMW, on the hot path.
    counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  /// Options, threads, sleep module, injectors, scratch cache (registry.cpp).
  struct services;

  void start_workers();
  static void* worker_entry(void* start) noexcept;

  std::size_t m_num_threads;
  std::size_t m_num_workers;
  std::size_t m_num_seats;
  std::unique_ptr<thread_info[]> m_thread_infos;  // num_slots() of them
  std::unique_ptr<services> m_services;
  class sleep* m_sleep;  // in *m_services: its address, for the inline join path
  std::unique_ptr<fiber_pool> m_fibers;  // wait_policy::park only
  std::atomic<std::size_t> m_terminate_count{1};
  alignas(k_cache_line) std::atomic<std::size_t> m_calls_in_flight{0};  // call_in_flight
  std::uint64_t m_fork_generation = fork_generation();  // the process generation that made it
};

/// Registers, once per process, the pthread_atfork child handler that
/// abandons the parent's pools in a forked child: the child's global pool is
/// built anew on first use, and the forking thread is no pool's worker there.
/// Runs during static initialization, and from registry::create for a pool
/// that a static initializer makes before that: before any pool thread exists.
void watch_forks() noexcept;

/// Keeps an abandoned registry alive for the rest of the process, untouched
/// (its threads cannot be joined, its mutexes and condition variables may be
/// held by threads that do not exist): for the handle of a parent's pool that
/// is destroyed in a forked child. Allocates; std::bad_alloc ends the process.
void keep_abandoned(std::shared_ptr<registry> abandoned) noexcept;

/// The global pool's registry (thread_pool::global(), which says what it
/// throws). Never destroyed.
registry& global_registry();

/// The threads a pool of "one per CPU" gets: the CPUs of this process's
/// affinity mask (of any size), capped by its cgroup's CPU quota rounded up;
/// at least 1. docs/design.md#default-thread-count.
std::size_t available_parallelism() noexcept;

}  // namespace ws::detail
