// SPDX-License-Identifier: MIT
// sleep: the module that decides when an idle worker blocks and whom a new job
// wakes. A port of rayon-core's sleep module: the packed counters word with its
// jobs-event counter, the idle rounds, the checks before blocking and the wake
// rules. Specification, race analysis and proof sketch: docs/sleep.md.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>  // for std::addressof, std::unique_ptr
#include <mutex>

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/runtime/latch.hpp"
#include "pstl_ws/detail/runtime/sleep_fwd.hpp"

namespace ws::detail {

/// One snapshot of the counters word. From the least significant bit:
/// 16 bits of sleeping threads, 16 bits of inactive threads (idle, sleepy or
/// sleeping), 32 bits of the jobs-event counter (JEC). The JEC is the top field
/// so that it wraps without carrying into the thread counts.
struct sleep_counters {
  static constexpr unsigned k_thread_bits = 16;
  static constexpr std::uint64_t k_thread_mask = (std::uint64_t{1} << k_thread_bits) - 1;
  /// Most threads a pool may have: the largest value a thread field holds.
  static constexpr std::size_t k_threads_max = k_thread_mask;
  static constexpr std::uint64_t k_one_sleeping = 1;
  static constexpr std::uint64_t k_one_inactive = std::uint64_t{1} << k_thread_bits;
  static constexpr std::uint64_t k_one_jec = std::uint64_t{1} << (2 * k_thread_bits);

  std::uint64_t m_word = 0;

  [[nodiscard]] std::size_t sleeping_threads() const noexcept { return m_word & k_thread_mask; }
  [[nodiscard]] std::size_t inactive_threads() const noexcept {
    return (m_word >> k_thread_bits) & k_thread_mask;
  }
  /// Inactive threads that are still searching rather than blocked.
  [[nodiscard]] std::size_t awake_but_idle_threads() const noexcept {
    PSTL_WS_ASSERT(sleeping_threads() <= inactive_threads());
    return inactive_threads() - sleeping_threads();
  }
  [[nodiscard]] std::uint64_t jobs_counter() const noexcept { return m_word >> (2 * k_thread_bits); }
};

/// JEC parity: even means the last event was a thread getting sleepy (no work
/// posted since), odd means the last event was a job being posted.
[[nodiscard]] constexpr bool jec_is_sleepy(std::uint64_t jec) noexcept { return jec % 2 == 0; }
[[nodiscard]] constexpr bool jec_is_active(std::uint64_t jec) noexcept { return jec % 2 == 1; }

/// The counters word. Every read-modify-write is seq_cst (docs/sleep.md#fences);
/// a failed CAS is relaxed because it only leads to a retry.
class atomic_sleep_counters {
 public:
  atomic_sleep_counters() noexcept = default;
  /// For tests: start from a given word (for instance a JEC about to wrap).
  explicit atomic_sleep_counters(std::uint64_t word) noexcept : m_word(word) {}

  [[nodiscard]] sleep_counters load() const noexcept { return {m_word.load()}; }

  void add_inactive_thread() noexcept;
  /// Returns how many sleepers the caller should wake: min(sleeping, 2).
  std::size_t sub_inactive_thread() noexcept;
  void sub_sleeping_thread() noexcept;
  /// One CAS from `old` to old + one sleeper; false if the word changed.
  bool try_add_sleeping_thread(sleep_counters old) noexcept;
  /// If pred(JEC) holds, adds one to the JEC (wrapping at the top of the word,
  /// without a carry into the thread fields). Returns the counters after the
  /// call; their JEC never satisfies pred. With pred false (the steady state of
  /// a busy pool) this is one load and no write.
  template <class Pred>
  sleep_counters increment_jobs_event_counter_if(Pred pred) noexcept {
    for (;;) {
      const sleep_counters old = load();
      if (!pred(old.jobs_counter())) {
        return old;
      }
      const sleep_counters next{old.m_word + sleep_counters::k_one_jec};
      std::uint64_t expected = old.m_word;
      // seq_cst on success: docs/sleep.md#counters; relaxed on failure: retried.
      if (m_word.compare_exchange_weak(expected, next.m_word, std::memory_order_seq_cst,
                                       std::memory_order_relaxed)) {
        return next;
      }
    }
  }

 private:
  std::atomic<std::uint64_t> m_word{0};
};

/// The idle threads at the top of their scheduling loop, the only ones that
/// may start a new call (docs/scheduling.md): low half awake (searching),
/// high half sleeping. Every read-modify-write is seq_cst, as for the counters
/// word: the registration of a top-level sleeper must come before its
/// SleepFence, and a poster's read after its PushFence (docs/scheduling.md#waking).
struct top_idle_counts {
  static constexpr std::uint64_t k_one_awake = 1;
  static constexpr std::uint64_t k_one_sleeping = std::uint64_t{1} << 32;

  std::uint64_t m_word = 0;

  [[nodiscard]] std::size_t awake() const noexcept { return m_word & 0xFFFF'FFFFu; }
  [[nodiscard]] std::size_t sleeping() const noexcept { return m_word >> 32; }
};

/// A worker's progress through the idle rounds, owned by the worker while it
/// searches for work.
struct idle_state {
  /// Value of m_jobs_counter while the worker has not announced it is sleepy;
  /// never a real JEC, which has only 32 bits.
  static constexpr std::uint64_t k_no_jobs_counter = ~std::uint64_t{0};

  std::size_t m_worker_index = 0;
  search_level m_level = search_level::nested;
  std::uint32_t m_rounds = 0;
  std::uint64_t m_jobs_counter = k_no_jobs_counter;
  /// When the worker reached the last yield round and began its idle spin;
  /// the epoch while it has not.
  std::chrono::steady_clock::time_point m_spin_start{};

  /// Back to the start of the rounds (after a real wake-up).
  void wake_fully() noexcept;
  /// Back to just before announcing sleepy (work may have been posted).
  void wake_partly() noexcept;
};

/// What the sleep module has counted, for thread_pool::stats().
struct sleep_stats {
  std::uint64_t m_sleeps = 0;    // times a worker blocked on its condvar
  std::uint64_t m_wake_ups = 0;  // times a waker unblocked a worker
};

/// Housekeeping a pool does while it is idle: worker 0, once blocked, wakes
/// at chore_due() and calls do_chore(), then blocks again
/// (docs/sleep.md#housekeeping); do_chore() runs without its sleep mutex.
class idle_chore {
 public:
  /// When do_chore() has something to do; time_point::max() for never.
  [[nodiscard]] virtual std::chrono::steady_clock::time_point chore_due() noexcept = 0;
  virtual void do_chore() noexcept = 0;

 protected:
  ~idle_chore() = default;
};

/// Whether the threads of a pool steal from each other's deques: not in a
/// pool of one thread, whose worker and seats each run only their own
/// (docs/seat.md#slots-and-thread-counts).
enum class stealing : bool { off, on };

/// The sleep module of one registry.
class sleep {
 public:
  /// Failed search rounds that only yield before a worker announces it is sleepy.
  /// rayon's value: long enough that a worker between two bursts of a
  /// fork-join computation does not pay for blocking, short enough (a few tens of
  /// microseconds) that an idle pool stops burning CPU almost at once.
  static constexpr std::uint32_t k_rounds_until_sleepy = 32;
  /// The round after which the worker blocks: one more search after announcing
  /// sleepy, which is what lets a post that raced with the announcement be seen.
  static constexpr std::uint32_t k_rounds_until_sleeping = k_rounds_until_sleepy + 1;
  /// The CPU time a pool's workers may spend, together, searching and
  /// yielding after the last job before they announce they are sleepy
  /// (docs/sleep.md#idle-spin): each worker spins for this divided by the
  /// number of workers, and at least its 32 rounds. A burst that follows
  /// within that time finds them awake instead of paying a wake-up.
  static constexpr std::chrono::microseconds k_idle_spin_budget{200};

  /// A sleep module for n threads whose idle rounds last at least idle_spin
  /// (0: just the rounds), whose worker 0 does `chore` while it sleeps
  /// (none if null; it must outlive the workers), and whose threads steal or
  /// not (without stealing, a thread that finds work wakes nobody to help).
  /// Throws std::invalid_argument if n exceeds sleep_counters::k_threads_max.
  explicit sleep(std::size_t n, std::chrono::nanoseconds idle_spin = std::chrono::nanoseconds::zero(),
                 idle_chore* chore = nullptr, stealing steals = stealing::on);

  /// The worker starts searching from `level`: it becomes inactive.
  idle_state start_looking(std::size_t worker_index, search_level level) noexcept;
  /// The worker found work (or its latch was set): it becomes active, and,
  /// where threads steal, wakes up to two sleepers so that work spreads
  /// (docs/sleep.md#work-found).
  void work_found(const idle_state& idle) noexcept;
  /// The worker stops searching and wakes nobody: its pool terminates (its
  /// terminate latch was set, which wakes every worker by itself). Returns
  /// how many sleepers work_found would have woken.
  std::size_t stop_looking(const idle_state& idle) noexcept;
  /// One failed search round: yield, announce sleepy, or try to block.
  /// has_injected_jobs is the final look at the injected jobs this thread may
  /// take from idle.m_level (docs/sleep.md#fences).
  template <class HasInjectedJobs>
  void no_work_found(idle_state& idle, core_latch& latch, HasInjectedJobs&& has_injected_jobs) {
    no_work_found(idle, latch, &call<std::remove_reference_t<HasInjectedJobs>>,
                  static_cast<void*>(std::addressof(has_injected_jobs)));
  }

  /// A worker pushed n jobs on its own deque.
  void new_internal_jobs(std::uint32_t num_jobs, bool queue_was_empty) noexcept;
  /// A thread injected n jobs that any thread of the pool may take, even
  /// inside a wait: parts of calls already running (has the PushFence).
  void new_injected_jobs(std::uint32_t num_jobs, bool queue_was_empty) noexcept;
  /// A thread injected n new calls, which only a thread at the top of its
  /// loop may start: the wake rules count those threads alone (has the
  /// PushFence; docs/scheduling.md#waking).
  void new_injected_calls(std::uint32_t num_jobs, bool queue_was_empty) noexcept;
  /// A parked fiber became ready (wait_policy::park; has the PushFence). Only
  /// a worker at the base of a scheduler fiber, at the top of its loop, can
  /// resume it: so one such sleeper is woken whenever one sleeps, unlike for
  /// jobs (docs/park.md#parking).
  void new_ready_fiber() noexcept;
  /// A latch that worker i may be sleeping on was set: wake it if it blocked.
  void notify_worker_latch_is_set(std::size_t worker_index) noexcept;
  /// The chore has become due sooner than worker 0 may know (it had nothing
  /// to do before): wake worker 0 if it blocked, so that it looks again.
  void notify_chore_due() noexcept { wake_specific_thread(0); }

  [[nodiscard]] sleep_counters counters() const noexcept { return m_counters.load(); }
  [[nodiscard]] top_idle_counts top_idle() const noexcept { return {m_top_idle.load()}; }
  [[nodiscard]] sleep_stats stats() const noexcept;
  [[nodiscard]] std::size_t num_threads() const noexcept { return m_num_threads; }

 private:
  struct alignas(k_cache_line) worker_sleep_state {
    std::mutex m_mutex;
    std::condition_variable m_condvar;
    bool m_is_blocked = false;              // guarded by m_mutex
    bool m_blocked_at_top = false;          // guarded by m_mutex; whether it blocked at search_level::top
    std::atomic<std::uint64_t> m_sleeps{0};  // written under m_mutex; read by stats()
    std::atomic<std::uint64_t> m_wake_ups{0};
  };

  template <class F>
  static bool call(void* f) {
    return (*static_cast<F*>(f))();
  }

  void no_work_found(idle_state& idle, core_latch& latch, bool (*has_injected_jobs)(void*),
                     void* ctx);
  /// At the last yield round: whether the idle spin has time left (and starts
  /// its clock on the first call).
  bool keeps_spinning(idle_state& idle) const noexcept;
  std::uint64_t announce_sleepy() noexcept;
  void fall_asleep(idle_state& idle, core_latch& latch, bool (*has_injected_jobs)(void*),
                   void* ctx);
  /// Waits on the condvar once (step 7), doing the chore on worker 0 when due.
  void block(worker_sleep_state& state, std::unique_lock<std::mutex>& lock, std::size_t worker_index);
  /// Wakes sleepers for n new jobs that threads of `takers` may take: any
  /// thread (search_level::nested), or only one at the top of its loop.
  void new_jobs(std::uint32_t num_jobs, bool queue_was_empty, search_level takers) noexcept;
  /// Wakes up to n blocked threads, only ones blocked at the top if `takers` is top.
  void wake_any_threads(std::size_t num_to_wake, search_level takers = search_level::nested) noexcept;
  bool wake_specific_thread(std::size_t worker_index, search_level takers = search_level::nested) noexcept;
  /// Moves one top-level thread between awake and sleeping in m_top_idle.
  void top_thread_sleeps() noexcept;
  void top_thread_wakes() noexcept;

  std::size_t m_num_threads;
  std::chrono::nanoseconds m_idle_spin;
  idle_chore* m_chore;
  stealing m_steals;
  std::unique_ptr<worker_sleep_state[]> m_worker_states;
  alignas(k_cache_line) atomic_sleep_counters m_counters;
  alignas(k_cache_line) std::atomic<std::uint64_t> m_top_idle{0};  // top_idle_counts
};

}  // namespace ws::detail
