// SPDX-License-Identifier: MIT
// parker on a Linux futex. See include/pstl_ws/detail/runtime/parker.hpp and docs/latch.md.
#include "pstl_ws/detail/runtime/parker.hpp"

#if !defined(__linux__)
#error "pstl_ws: the parker needs a futex (Linux); port src/parker.cpp to this platform"
#endif

#include <cerrno>
#include <climits>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace ws::detail {
namespace {

// Blocks while *word == expected; returns on a wake, a signal or a value change.
void futex_wait(std::atomic<std::int32_t>* word, std::int32_t expected) noexcept {
  ::syscall(SYS_futex, reinterpret_cast<std::int32_t*>(word), FUTEX_WAIT_PRIVATE, expected,
            nullptr, nullptr, 0);
}

// Wakes one waiter blocked on `word`; reads no memory at the address.
void futex_wake_one(std::atomic<std::int32_t>* word) noexcept {
  ::syscall(SYS_futex, reinterpret_cast<std::int32_t*>(word), FUTEX_WAKE_PRIVATE, 1, nullptr,
            nullptr, 0);
}

}  // namespace

void parker::park() noexcept {
  // EMPTY -> PARKED, or NOTIFIED -> EMPTY (the permit is consumed at once).
  if (m_state.fetch_sub(1, std::memory_order_acquire) == k_notified) {  // acquire: pairs with release in unpark()
    return;
  }
  for (;;) {
    futex_wait(&m_state, k_parked);
    std::int32_t expected = k_notified;
    // acquire: pairs with release in unpark(); relaxed on failure: nothing was consumed.
    if (m_state.compare_exchange_strong(expected, k_empty, std::memory_order_acquire,
                                        std::memory_order_relaxed)) {
      return;
    }
    // Spurious wake-up (signal, stale wake on a reused address): wait again.
  }
}

void parker::unpark() noexcept {
  std::atomic<std::int32_t>* const word = &m_state;
  // release: pairs with the acquire in park(). Last access to *this.
  if (word->exchange(k_notified, std::memory_order_release) == k_parked) {
    futex_wake_one(word);
  }
}

}  // namespace ws::detail
