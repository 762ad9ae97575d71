// SPDX-License-Identifier: MIT
// fiber_pool: what a pool with wait_policy::park adds to its registry: the
// stacks, every scheduler fiber made so far, and the ready queue of parked
// fibers whose latch was set. docs/park.md.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>  // for std::unique_ptr
#include <mutex>
#include <vector>

#include "pstl_ws/detail/runtime/fiber_context.hpp"
#include "pstl_ws/detail/runtime/fiber_stack.hpp"

namespace ws::detail {

/// Fibers of one pool. Thread-safe.
///
/// Fibers are made on demand (when a frame parks and its worker has no idle
/// fiber) and live until the pool ends: a fiber is running, parked on a latch,
/// ready, or idle in one worker's list; when the workers end, every fiber ends.
class fiber_pool {
 public:
  /// stack_size: usable bytes per fiber stack (see stack_pool).
  explicit fiber_pool(std::size_t stack_size) : m_stacks(stack_size) {}
  fiber_pool(const fiber_pool&) = delete;
  fiber_pool& operator=(const fiber_pool&) = delete;

  /// A new fiber that runs entry when first switched to, or nullptr if no
  /// stack (or memory for its record) can be had.
  [[nodiscard]] fiber_context* make_fiber(fiber_context::entry_function entry) noexcept;

  /// Queues a parked fiber whose latch was set; any thread.
  void push_ready(fiber_context& fiber) noexcept;
  /// The oldest ready fiber, or nullptr.
  [[nodiscard]] fiber_context* pop_ready() noexcept;
  [[nodiscard]] bool has_ready() const noexcept {
    return m_ready_count.load(std::memory_order_acquire) != 0;  // acquire: pairs with push_ready's release
  }

  /// How many fibers were made (they all stay until the pool ends).
  [[nodiscard]] std::size_t fibers_made() const noexcept;

 private:
  stack_pool m_stacks;
  mutable std::mutex m_mutex;
  std::vector<std::unique_ptr<fiber_context>> m_fibers;  // guarded by m_mutex
  fiber_context* m_ready_head = nullptr;                  // guarded by m_mutex (m_next_idle links)
  fiber_context* m_ready_tail = nullptr;                  // guarded by m_mutex
  std::atomic<std::size_t> m_ready_count{0};              // written under m_mutex
};

}  // namespace ws::detail
