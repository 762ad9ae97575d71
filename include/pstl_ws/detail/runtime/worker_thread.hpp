// SPDX-License-Identifier: MIT
// worker_thread: what one thread of a pool knows about itself (its index, its
// deque, its victim generator, its fibers under wait_policy::park) and the
// loops it runs: the main loop and wait_until(latch), which executes other jobs
// (or parks the waiting frame) until the latch is set. A caller from outside
// that takes the pool's seat is a worker_thread for one call (seated_caller).
// docs/design.md#the-life-of-one-join, docs/sleep.md#idle-loop, docs/seat.md,
// docs/park.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"

namespace ws::detail {

/// xorshift64*: the cheap generator that picks steal victims (Vigna 2016; the
/// constants rayon uses). Never seeded with 0.
class xorshift64star {
 public:
  xorshift64star() noexcept;
  explicit xorshift64star(std::uint64_t seed) noexcept : m_state(seed == 0 ? 1 : seed) {}

  std::uint64_t next() noexcept {
    std::uint64_t x = m_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    m_state = x;
    return x * 0x2545F4914F6CDD1DULL;
  }
  /// Uniform enough in [0, n) for victim selection; n > 0.
  std::size_t next_below(std::size_t n) noexcept { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t m_state;
};

/// A worker thread of one registry, or a thread in one of its seats. Lives on
/// that thread's stack: for the thread's whole life, or for one call in the seat.
class worker_thread {
 public:
  worker_thread(registry& owner, std::size_t index) noexcept
      : m_registry(owner), m_index(index), m_deque(owner.deque(index)) {}
  worker_thread(const worker_thread&) = delete;
  worker_thread& operator=(const worker_thread&) = delete;

  /// The worker the calling thread is, or nullptr for a thread outside every
  /// pool. Compiled out of line on purpose: callers must ask again after
  /// anything that may wait, never keep the thread_local's address (under
  /// wait_policy::park a frame that waited may go on on another thread).
  [[nodiscard]] static worker_thread* current() noexcept;
  /// current(), for code that runs only on a worker: a frame that goes on
  /// after a call that may wait. On a thread that is no worker, which happens
  /// only in a forked child after a job that forked returned into its
  /// parent's pool (docs/fork.md), it ends the process with a message.
  [[nodiscard]] static worker_thread& current_worker() noexcept;
  /// For the fork child handler: the calling thread, the child's only one, is
  /// no pool's worker from now on, so that its parallel calls go to the
  /// child's own global pool.
  static void forget_current_in_forked_child() noexcept;

  [[nodiscard]] registry& owner() const noexcept { return m_registry; }
  [[nodiscard]] std::size_t index() const noexcept { return m_index; }
  /// Whether this is a caller in a seat (for one call) rather than a worker.
  [[nodiscard]] bool is_seat() const noexcept { return m_registry.is_seat(m_index); }

  /// Pushes a job on this thread's deque and tells the sleep module, unless
  /// no other thread may take it: in a one-thread pool nobody steals, so a
  /// wake-up there would only rouse a thread that cannot help (a seat asleep
  /// in a wait, for the worker's pushes).
  /// Throws std::bad_alloc if the deque cannot grow (the job is not queued).
  void push(job_ref job) {
    const bool queue_was_empty = m_deque.is_empty();
    m_deque.push(job);
    if (m_registry.threads_steal()) {
      new_internal_jobs(m_registry.sleep_module(), 1, queue_was_empty);
    }
  }

  /// Pops the most recent job of this worker's own deque.
  [[nodiscard]] std::optional<job_ref> take_local_job() noexcept { return m_deque.pop(); }

  /// Whether another thread of this pool lacks work that this one could give
  /// it: this worker's deque is empty, so a thief finds nothing here, and
  /// some thread of the pool is inactive (searching, or sleeping: a push
  /// wakes it). A snapshot, stale at once: the splitter's hint to hand out
  /// half of what is left of the piece it runs (docs/algorithms.md#splitting).
  [[nodiscard]] bool peers_lack_work() const noexcept;

  void execute(job_ref job) noexcept {
    m_registry.count_executed(m_index);
    job.execute();
  }

  /// Executes a job on top of a waiting frame, then pays the ready wake the
  /// job may have left owed (owe_ready_wake): the frame goes on with its own
  /// work, not back to a base. Touches nothing of *this after the job.
  void execute_on_top(job_ref job) noexcept {
    execute(job);
    current_worker().pay_ready_wake();
  }

  /// Returns once `latch` is set. Meanwhile a worker that runs on fibers parks
  /// the waiting frame (its own jobs still on its deque first run here), and
  /// the frame may come back on another thread; any other executes other jobs
  /// (own, stolen, and injected parts of running calls, never a new call;
  /// sleeping when there are none) on top of it (docs/scheduling.md).
  /// Touches nothing of *this after waiting: ask current() again.
  void wait_until(core_latch& latch) noexcept {
    if (!latch.probe()) {
      if (m_running != nullptr) {
        park_until(latch);
      } else {
        wait_until_cold(latch);
      }
    }
  }

  /// The context this worker runs on now under wait_policy::park, else nullptr.
  [[nodiscard]] const fiber_context* running_context() const noexcept { return m_running; }

  /// registry::make_ready, when this worker on fibers made a parked fiber
  /// ready: the wake of a sleeper is owed, not sent. Back at a scheduler
  /// fiber's base, this worker looks at the ready queue before anything else
  /// and the debt lapses; a waiting frame that ran the job pays it instead
  /// (pay_ready_wake), since it may go on with user code for a long time.
  void owe_ready_wake() noexcept { m_ready_wake_owed = true; }
  void pay_ready_wake() noexcept;

  /// The body of a worker thread: named and started as the pool's options say
  /// (on_thread_start), it serves the pool until terminated, then runs
  /// on_thread_exit.
  static void main_loop(registry& owner, std::size_t index) noexcept;

  /// At the top of its loop a worker looks at the injected jobs before its
  /// own deque once in this many searches (Go's scheduler uses 61 for its
  /// global queue): docs/scheduling.md#order.
  static constexpr std::uint32_t k_injector_tick = 61;
  /// The most victims one steal round looks at (steal()): all of them in a
  /// pool of up to this many slots (docs/scheduling.md#order).
  static constexpr std::size_t k_steal_scan = 64;

 private:
  /// The main loop under wait_policy::steal: run_one from the top until
  /// the terminate latch is set.
  void serve_until_terminated() noexcept;
  void wait_until_cold(core_latch& latch) noexcept;
  /// Runs one job (a scheduler fiber at its base, `base`, may resume a ready
  /// parked fiber instead), looking and then sleeping while there is none;
  /// returns without one once `latch` is set. `level` says whether this is the
  /// top of the thread's loop (it may start new calls) or a wait. Touches
  /// nothing of *this once the job started: on fibers, it may end on another
  /// thread.
  void run_one(core_latch& latch, fiber_context* base, search_level level) noexcept;
  /// The own deque's newest job; at the top, every k_injector_tick-th time,
  /// an injected job first.
  std::optional<job_ref> take_own_work(search_level level) noexcept;

  // Fibers (wait_policy::park, src/park.cpp).
  void run_on_fibers() noexcept;
  static fiber_context& fiber_main(fiber_context& self) noexcept;
  void park_until(core_latch& latch) noexcept;
  void resume_ready(fiber_context& base, fiber_context& ready) noexcept;
  /// An idle scheduler fiber of this worker, made if there is none; nullptr if
  /// no stack can be had.
  fiber_context* idle_fiber() noexcept;
  /// Own deque, then from the top the injected jobs and a random victim's
  /// deque; from a wait, a victim's deque and then injected parts of running
  /// calls (docs/scheduling.md#order).
  std::optional<job_ref> find_work(search_level level) noexcept;
  std::optional<job_ref> steal() noexcept;

  friend class seated_caller;

  registry& m_registry;
  std::size_t m_index;
  work_deque<job_ref>& m_deque;
  xorshift64star m_rng;
  // Under wait_policy::park (all null otherwise, and for the seats):
  fiber_context* m_running = nullptr;  // the context this thread runs on now
  fiber_context* m_origin = nullptr;   // the thread's own stack, resumed when the worker ends
  fiber_context* m_idle = nullptr;     // idle scheduler fibers (m_next_idle list), resumed only here
  fiber_context* m_ending = nullptr;   // while the worker ends: the fiber to return to
  bool m_ready_wake_owed = false;      // owe_ready_wake; this thread only
  std::uint32_t m_top_searches = 0;    // take_own_work's tick; this thread only
};

/// A thread from outside every pool in one of a pool's seats, for one call:
/// while it lives, worker_thread::current() is the seat's worker_thread, so the
/// call runs here and its joins push on the seat's deque, where the workers
/// steal. Takes a seat if one is free; check with has_seat(). docs/seat.md.
class seated_caller {
 public:
  explicit seated_caller(registry& target) noexcept;
  /// Seats the caller in seat `slot`, which it holds already: a leaver
  /// handed it over, or registry::inject_call took it (docs/seat.md#hand-over).
  seated_caller(registry& target, std::size_t slot) noexcept;
  /// Leaves the seat. The seat's deque is empty by then: every job pushed on it
  /// was a join's or a scope's, and those wait for their jobs.
  ~seated_caller();
  seated_caller(const seated_caller&) = delete;
  seated_caller& operator=(const seated_caller&) = delete;

  [[nodiscard]] bool has_seat() const noexcept { return m_worker.has_value(); }
  [[nodiscard]] worker_thread& worker() noexcept { return *m_worker; }

 private:
  std::optional<worker_thread> m_worker;
};

// The latch constructors read the owner's registry and index; defined here,
// where worker_thread is complete, so that they inline into join.
inline spin_latch::spin_latch(const worker_thread& owner) noexcept
    : m_registry(&owner.owner()), m_target_worker_index(owner.index()), m_cross(false) {}

inline spin_latch::spin_latch(const worker_thread& owner, cross_pool_t) noexcept
    : m_registry(&owner.owner()), m_target_worker_index(owner.index()), m_cross(true) {}

inline count_latch::count_latch(const worker_thread& owner) noexcept
    : m_registry(&owner.owner()), m_owner_index(owner.index()) {}

}  // namespace ws::detail
