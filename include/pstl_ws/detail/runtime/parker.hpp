// SPDX-License-Identifier: MIT
// parker: the one OS-level blocking primitive of threads outside the pool, a
// permit in one futex word (the HotSpot Parker / Rust thread::park design).
// Protocol and lifetime: docs/latch.md#lock_latch-and-parker.
#pragma once

#include <atomic>
#include <cstdint>

namespace ws::detail {

/// A binary permit a thread blocks on.
///
/// Requirements: one thread (the owner) calls park(); any thread calls unpark().
/// Guarantees: unpark() before park() leaves exactly one permit, so park()
///   returns at once; several unparks before a park leave one permit, never
///   more. park() never returns without consuming a permit: spurious futex
///   wake-ups are absorbed inside.
/// Memory ordering: everything the unparking thread did before unpark()
///   happens before everything the owner does after the park() that consumed it.
/// Lifetime: unpark()'s releasing exchange is its last access to the object; it
///   then issues a futex wake on the address only, which the kernel treats as a
///   number (a stale address costs at most a spurious wake that every futex
///   waiter tolerates). So the owner may destroy the parker as soon as park()
///   returns, even while the unparker is still inside unpark().
class parker {
 public:
  parker() noexcept = default;
  parker(const parker&) = delete;
  parker& operator=(const parker&) = delete;

  /// Blocks until a permit is available, then consumes it. O(1) without contention.
  void park() noexcept;

  /// Makes a permit available (idempotent while unconsumed) and wakes the owner
  /// if it is blocked. Never blocks.
  void unpark() noexcept;

  /// True when a permit is waiting to be consumed (owner-side probe).
  [[nodiscard]] bool has_permit() const noexcept {
    return m_state.load(std::memory_order_acquire) == k_notified;  // acquire: pairs with release in unpark()
  }

 private:
  static constexpr std::int32_t k_parked = -1;   // owner is (about to be) blocked in the kernel
  static constexpr std::int32_t k_empty = 0;     // no permit, owner not blocked
  static constexpr std::int32_t k_notified = 1;  // one permit available

  std::atomic<std::int32_t> m_state{k_empty};
};

}  // namespace ws::detail
