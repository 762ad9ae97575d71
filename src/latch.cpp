// SPDX-License-Identifier: MIT
// The latches that know their registry, spin_latch and count_latch, and the
// wait of lock_latch. docs/latch.md#set-may-free explains why every set()
// copies first.
#include "pstl_ws/detail/runtime/latch.hpp"

#include <thread>

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/detail/test_hook.hpp"

namespace ws::detail {

void spin_latch::set(spin_latch* latch) noexcept {
  // Copy everything before the exchange: once SET is visible the owner may
  // return and free *latch.
  registry* const owner_registry = latch->m_registry;
  const std::size_t target = latch->m_target_worker_index;
  // Cross-pool: the owner's pool may be destroyed as soon as the owner returns,
  // so keep its registry alive until the wake-up below is delivered. Same pool:
  // the setter is a worker of that registry, which outlives its workers.
  std::shared_ptr<registry> keep_alive;
  if (latch->m_cross) {
    keep_alive = owner_registry->shared_from_this();
  }
  const std::uintptr_t replaced = core_latch::set(&latch->m_core);
  PSTL_WS_TEST_HOOK(latch_set, replaced);
  owner_registry->notify_latch_set(target, replaced);
}

void count_latch::increment() noexcept {
  // relaxed: the caller already holds a count, so this cannot race with the
  // final decrement; the job it counts is published by its queue.
  [[maybe_unused]] const std::size_t old = m_counter.fetch_add(1, std::memory_order_relaxed);
  PSTL_WS_ASSERT(old != 0);
}

void count_latch::set(count_latch* latch) noexcept {
  registry* const owner_registry = latch->m_registry;
  const std::size_t owner = latch->m_owner_index;
  // seq_cst (acq_rel would do): the decrements form one release sequence that
  // the last one acquires, so every job's effects happen before the owner's
  // return.
  if (latch->m_counter.fetch_sub(1) != 1) {
    return;  // not the last: *latch may be freed by the time we return
  }
  const std::uintptr_t replaced = core_latch::set(&latch->m_core);
  PSTL_WS_TEST_HOOK(latch_set, replaced);
  owner_registry->notify_latch_set(owner, replaced);
}

void lock_latch::wait() noexcept {
  for (int round = 0; round < k_spin_rounds && !probe(); ++round) {
    std::this_thread::yield();
  }
  m_parker.park();
}

}  // namespace ws::detail
