// SPDX-License-Identifier: MIT
// worker_thread: what one thread of a pool knows about itself (its index, its
// deque, its victim generator) and the loops it runs: the main loop and
// wait_until(latch), which executes other jobs until the latch is set.
// docs/design.md#the-life-of-one-join, docs/sleep.md#idle-loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "pstl_ws/detail/job.hpp"
#include "pstl_ws/detail/latch.hpp"
#include "pstl_ws/detail/registry.hpp"

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

/// A worker thread of one registry. Lives on that thread's stack for the
/// thread's whole life.
class worker_thread {
 public:
  worker_thread(registry& owner, std::size_t index) noexcept
      : m_registry(owner), m_index(index), m_deque(owner.deque(index)) {}
  worker_thread(const worker_thread&) = delete;
  worker_thread& operator=(const worker_thread&) = delete;

  /// The worker the calling thread is, or nullptr for a thread outside every
  /// pool. Compiled out of line on purpose: callers must ask again after
  /// anything that may wait, never keep the thread_local's address.
  [[nodiscard]] static worker_thread* current() noexcept;

  [[nodiscard]] registry& owner() const noexcept { return m_registry; }
  [[nodiscard]] std::size_t index() const noexcept { return m_index; }

  /// Pushes a job on this worker's deque and tells the sleep module.
  /// Throws std::bad_alloc if the deque cannot grow (the job is not queued).
  void push(job_ref job) {
    const bool queue_was_empty = m_deque.is_empty();
    m_deque.push(job);
    m_registry.sleep_module().new_internal_jobs(1, queue_was_empty);
  }

  /// Pops the most recent job of this worker's own deque.
  [[nodiscard]] std::optional<job_ref> take_local_job() noexcept { return m_deque.pop(); }

  void execute(job_ref job) noexcept {
    m_registry.count_executed(m_index);
    job.execute();
  }

  /// Executes other jobs (own, stolen, injected; sleeping when there are none)
  /// until `latch` is set.
  void wait_until(core_latch& latch) noexcept {
    if (!latch.probe()) {
      wait_until_cold(latch);
    }
  }

  /// The body of a worker thread: serve the pool until terminated.
  static void main_loop(registry& owner, std::size_t index) noexcept;

 private:
  void wait_until_cold(core_latch& latch) noexcept;
  /// Own deque, then a random victim's, then the injector: finish what this
  /// worker started before taking on something new.
  std::optional<job_ref> find_work() noexcept;
  std::optional<job_ref> steal() noexcept;

  registry& m_registry;
  std::size_t m_index;
  work_deque<job_ref>& m_deque;
  xorshift64star m_rng;
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
