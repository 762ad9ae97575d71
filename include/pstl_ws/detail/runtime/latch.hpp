// SPDX-License-Identifier: MIT
// Latches: the one-shot signals that waiting frames block on. core_latch is the
// four-state word shared with the sleep module; spin_latch (join, cross-pool
// install), lock_latch (threads outside any pool) and count_latch (scope) are
// built on it. States, transitions and the set-may-free rule: docs/latch.md.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "pstl_ws/detail/runtime/parker.hpp"

namespace ws::detail {

class fiber_context;
class registry;
class worker_thread;

/// Tag: the latch's setter runs on a worker of another pool than its owner.
struct cross_pool_t {
  explicit cross_pool_t() = default;
};
inline constexpr cross_pool_t cross_pool{};

/// The latch word a worker waits on through wait_until() and may sleep on, or
/// park its fiber on (wait_policy::park).
///
/// States: UNSET -> SLEEPY -> SLEEPING are the owner's steps towards blocking
/// (and back to UNSET when it wakes); UNSET -> PARKED(fiber) is the owner's
/// fiber suspending itself (docs/park.md); any thread moves it to SET, once.
/// The word holds the state, or for PARKED the address of the parked
/// fiber_context (aligned, so never one of the small state values).
/// Memory ordering: everything before set() happens before a probe() that
///   returns true. Every transition is seq_cst: the owner's CAS and the
///   setter's exchange are ordered, so either the owner sees SET or the setter
///   sees SLEEPING (and wakes it) or PARKED (and makes it ready)
///   (docs/latch.md#no-lost-wake-up).
/// Lifetime: set() is a static function taking a pointer, because the owner
///   may free the latch the instant it is SET: the exchange is the last access.
class core_latch {
 public:
  static constexpr std::uintptr_t k_unset = 0;
  static constexpr std::uintptr_t k_sleepy = 1;
  static constexpr std::uintptr_t k_sleeping = 2;
  static constexpr std::uintptr_t k_set = 3;

  /// True once set; an acquire load.
  [[nodiscard]] bool probe() const noexcept {
    return m_state.load(std::memory_order_acquire) == k_set;  // acquire: pairs with the exchange in set()
  }

  /// Owner: UNSET -> SLEEPY. False if the latch was set meanwhile.
  bool get_sleepy() noexcept { return transition(k_unset, k_sleepy); }

  /// Owner, holding its sleep mutex: SLEEPY -> SLEEPING. False if set meanwhile.
  bool fall_asleep() noexcept { return transition(k_sleepy, k_sleeping); }

  /// Owner, after waking: SLEEPING -> UNSET unless the latch was set.
  void wake_up() noexcept {
    if (!probe()) {
      transition(k_sleeping, k_unset);
    }
  }

  /// Owner, once `fiber` is suspended: UNSET -> PARKED(fiber). False if the
  /// latch was set meanwhile (the fiber must then be resumed by its owner's
  /// side, and what the setter did is visible to it).
  bool park(fiber_context* fiber) noexcept {
    std::uintptr_t expected = k_unset;
    // seq_cst on success (docs/latch.md); acquire on failure: pairs with the
    // exchange in set(), since the frame that failed to park goes on without
    // probing the latch again.
    return m_state.compare_exchange_strong(expected, reinterpret_cast<std::uintptr_t>(fiber),
                                           std::memory_order_seq_cst, std::memory_order_acquire);
  }

  /// Sets the latch and returns the state it replaced: k_sleeping means the
  /// caller must wake the owner, a parked_fiber() that it must make the fiber
  /// ready (both with values it copied out before calling).
  static std::uintptr_t set(core_latch* latch) noexcept {
    return latch->m_state.exchange(k_set);  // seq_cst: docs/latch.md#no-lost-wake-up
  }

  /// The fiber a state returned by set() says was parked, or nullptr.
  [[nodiscard]] static fiber_context* parked_fiber(std::uintptr_t state) noexcept {
    return state > k_set ? reinterpret_cast<fiber_context*>(state) : nullptr;
  }

  [[nodiscard]] std::uintptr_t state_for_testing() const noexcept { return m_state.load(); }

 private:
  bool transition(std::uintptr_t from, std::uintptr_t to) noexcept {
    // seq_cst on success (docs/latch.md); relaxed on failure: the caller only learns "it moved".
    return m_state.compare_exchange_strong(from, to, std::memory_order_seq_cst,
                                           std::memory_order_relaxed);
  }

  std::atomic<std::uintptr_t> m_state{k_unset};
};

/// The latch of a join's second half (and of a cross-pool install): the owner
/// is a worker that keeps stealing while it waits.
///
/// Lifetime: set() copies the registry and worker index before it sets the core
/// latch. When the setter belongs to another pool (`cross`), it also holds a
/// reference to the owner's registry, because once SET is visible the owner may
/// return and its pool may be destroyed before the wake-up is delivered.
class spin_latch {
 public:
  /// A latch owned by `owner`, set by a worker of the same pool.
  explicit spin_latch(const worker_thread& owner) noexcept;
  /// A latch owned by `owner`, set by a worker of another pool.
  spin_latch(const worker_thread& owner, cross_pool_t) noexcept;

  [[nodiscard]] bool probe() const noexcept { return m_core.probe(); }
  [[nodiscard]] core_latch& core() noexcept { return m_core; }

  static void set(spin_latch* latch) noexcept;

 private:
  core_latch m_core;
  registry* m_registry;
  std::size_t m_target_worker_index;
  bool m_cross;
};

/// The latch of a thread outside any pool: it blocks on a parker.
/// One owner waits; one setter sets. wait() consumes the signal, so the latch
/// can be reused by the same owner; probe() is true from set() until the
/// wait() that consumes it (unlike core_latch, it does not stay set).
/// Lifetime: see parker (set's last access is the parker's exchange).
/// wait() first yields the CPU for up to k_spin_rounds rounds, checking the
/// permit between them, and only then blocks in the kernel: a short call
/// (tens of microseconds) then returns without a futex sleep and wake-up on
/// its way back, and a long one pays a few microseconds of yields.
class lock_latch {
 public:
  static constexpr int k_spin_rounds = 64;

  [[nodiscard]] bool probe() const noexcept { return m_parker.has_permit(); }
  /// Out of line (latch.cpp): a blocking wait, which would bring <thread> to
  /// every algorithm for its yield.
  void wait() noexcept;
  static void set(lock_latch* latch) noexcept { latch->m_parker.unpark(); }

 private:
  parker m_parker;
};

/// The latch of a scope: a counter of outstanding jobs (1 for the scope body)
/// whose last decrement sets a core latch and wakes the owning worker.
/// Lifetime: set()'s fetch_sub is its last access unless it is the final one;
/// the final decrementer copies what it needs before setting the core latch.
class count_latch {
 public:
  explicit count_latch(const worker_thread& owner) noexcept;

  /// Adds one outstanding job. The counter must not have reached 0.
  void increment() noexcept;
  [[nodiscard]] bool probe() const noexcept { return m_core.probe(); }
  [[nodiscard]] core_latch& core() noexcept { return m_core; }

  static void set(count_latch* latch) noexcept;

 private:
  std::atomic<std::size_t> m_counter{1};
  core_latch m_core;
  registry* m_registry;
  std::size_t m_owner_index;
};

}  // namespace ws::detail
