// SPDX-License-Identifier: MIT
// once: see include/pstl_ws/detail/runtime/once.hpp and docs/once.md.
#include "pstl_ws/detail/runtime/once.hpp"

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/runtime/parker.hpp"

namespace ws::detail {
namespace {

// A thread waiting for the initializer; lives on that thread's stack until its
// parker is unparked.
struct alignas(8) waiter {
  waiter* m_next = nullptr;
  parker m_parker;
};

}  // namespace

void once::call_slow(void (*init)(void*), void* ctx) {
  std::uintptr_t word = m_word.load(std::memory_order_acquire);  // acquire: pairs with the release exchange in finish()
  for (;;) {
    switch (word & k_state_mask) {
      case k_complete:
        return;
      case k_incomplete: {
        // Queue is empty here: finish() takes it whenever it leaves k_running.
        // acquire on success: pairs with finish() of an earlier failed attempt;
        // acquire on failure: the new word may be k_complete.
        if (!m_word.compare_exchange_weak(word, k_running, std::memory_order_acquire,
                                          std::memory_order_acquire)) {
          continue;
        }
        try {
          init(ctx);
        } catch (...) {
          finish(k_incomplete);
          throw;
        }
        finish(k_complete);
        return;
      }
      default: {  // k_running: queue ourselves and park until finish() wakes us.
        waiter self;
        self.m_next = reinterpret_cast<waiter*>(word & ~k_state_mask);
        const auto queued = reinterpret_cast<std::uintptr_t>(&self) | k_running;
        // release: publishes self.m_next to finish(); acquire on failure: reread the state.
        if (!m_word.compare_exchange_weak(word, queued, std::memory_order_release,
                                          std::memory_order_acquire)) {
          continue;
        }
        self.m_parker.park();
        word = m_word.load(std::memory_order_acquire);  // acquire: pairs with the release exchange in finish()
        break;
      }
    }
  }
}

void once::finish(std::uintptr_t new_state) noexcept {
  // acq_rel: release publishes the initializer's effects (or the reset) to
  // every later acquire of the word; acquire makes the queued nodes readable.
  const std::uintptr_t old = m_word.exchange(new_state, std::memory_order_acq_rel);
  PSTL_WS_ASSERT((old & k_state_mask) == k_running);
  auto* node = reinterpret_cast<waiter*>(old & ~k_state_mask);
  while (node != nullptr) {
    waiter* const next = node->m_next;  // read before unpark: the waiter may return at once
    node->m_parker.unpark();
    node = next;
  }
}

}  // namespace ws::detail
