// SPDX-License-Identifier: MIT
// scratch_cache: the memory a pool lends its algorithms for the length of one
// call (the radix sort's and the merge sort's buffers of n elements), kept
// between calls so that a loop of large sorts does not fault in fresh pages on
// every call. docs/scratch.md.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <mutex>

#include "pstl_ws/detail/runtime/scratch_block.hpp"

namespace ws::detail {

/// The idle blocks of one pool, lent to one call at a time each.
///
/// Blocks are anonymous mappings of their own (never the heap's), aligned so
/// that the system's transparent huge pages can back them where its policy
/// gives them to every mapping (docs/scratch.md#page-size). An idle block
/// is marked not to be inherited by a forked child (MADV_DONTFORK), so a child
/// never holds its parent's idle scratch; a lent block is inherited as any
/// memory the caller uses is.
///
/// Bounds: at most `limit` bytes and k_max_idle blocks stay idle (the oldest
/// go first); idle blocks are given back by trim(), by trim_idle() once they
/// were idle for the cache's idle period (its pool's worker 0 calls it while
/// it sleeps: docs/sleep.md#housekeeping), and when the cache is destroyed.
///
/// Thread safety: every member but the destructor may be called from any
/// thread; each takes the cache's mutex for a few dozen instructions and makes
/// its system calls outside it. Lock order: a sleeping worker's mutex, then
/// this one (sleep::block asks idle_release_due() through the registry).
class scratch_cache {
 public:
  /// Idle blocks kept at most; more concurrent calls than this still get
  /// blocks, but the surplus is unmapped when they return.
  static constexpr std::size_t k_max_idle = 16;
  /// How long an idle block is kept without being used, by default.
  static constexpr std::chrono::milliseconds k_idle_release{2000};

  /// A cache that keeps at most `limit` idle bytes (0: none, every block is
  /// unmapped when returned), each for `idle_release` at most.
  explicit scratch_cache(std::size_t limit, std::chrono::milliseconds idle_release = k_idle_release) noexcept
      : m_limit(limit), m_idle_release(idle_release) {}
  /// Unmaps every idle block. No block may still be lent.
  ~scratch_cache();
  scratch_cache(const scratch_cache&) = delete;
  scratch_cache& operator=(const scratch_cache&) = delete;

  /// A block of at least `bytes` (> 0): the smallest idle one that fits, else
  /// a new mapping (the largest idle block too small for the call is unmapped
  /// first: the new one takes its place). An empty block if the memory cannot
  /// be mapped. O(k_max_idle).
  [[nodiscard]] scratch_block acquire(std::size_t bytes) noexcept;
  /// Takes back a block from acquire(); unmaps the oldest idle blocks while
  /// more than the limit is idle. Returns true if the block is kept and the
  /// last idle_release_due() said never, so that whoever asked it (the pool's
  /// housekeeper) must be told: at most once per such answer, never in a loop
  /// of calls that each borrow and return a block.
  bool release(scratch_block block) noexcept;

  /// Unmaps every idle block; returns the bytes given back.
  std::size_t trim() noexcept;
  /// Unmaps the blocks idle for the idle period or longer; returns the bytes.
  std::size_t trim_idle() noexcept;
  /// When to call trim_idle() next: when the oldest idle block has been idle
  /// for the idle period; while blocks are lent but none is idle, one idle
  /// period from now; time_point::max() (never) when no block is lent or idle,
  /// which the next release() reports.
  [[nodiscard]] std::chrono::steady_clock::time_point idle_release_due() noexcept;
  /// The bytes idle now.
  [[nodiscard]] std::size_t idle_bytes() const noexcept;

 private:
  struct idle_block {
    scratch_block m_block;
    std::chrono::steady_clock::time_point m_released;
  };

  /// Takes idle block i out of the list, the others keeping their order.
  /// Under m_mutex.
  scratch_block take_idle(std::size_t i) noexcept;
  /// Unmaps the idle blocks for which drop(idle_block) holds; returns their bytes.
  template <class Drop>
  std::size_t unmap_idle_if(Drop drop) noexcept;

  std::size_t m_limit;
  std::chrono::milliseconds m_idle_release;
  mutable std::mutex m_mutex;
  std::array<idle_block, k_max_idle + 1> m_idle{};  // oldest first, one spare for release; guarded by m_mutex
  std::size_t m_count = 0;                          // guarded by m_mutex
  std::size_t m_bytes = 0;                          // idle bytes; guarded by m_mutex
  std::size_t m_lent = 0;                           // blocks lent now; guarded by m_mutex
  bool m_said_never = false;  // idle_release_due() said never, release() has not told; guarded by m_mutex
};

/// The idle-byte limit of a pool whose options say `requested`
/// (pool_options::scratch_limit; k_default_scratch_limit: an eighth of the
/// physical memory).
[[nodiscard]] std::size_t scratch_limit_for(std::size_t requested) noexcept;

}  // namespace ws::detail
