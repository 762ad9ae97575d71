// SPDX-License-Identifier: MIT
// once: run an initializer exactly once, with the state and the queue of
// waiting threads in one atomic word (the design of Rust's queue-based Once).
// Protocol: docs/once.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>  // for std::addressof
#include <type_traits>  // for std::remove_reference_t

namespace ws::detail {

/// Runs an initializer exactly once across threads, like std::call_once, without
/// a mutex: later callers block (on their own stack) until it has finished.
///
/// Guarantees: call() returns only after an initializer completed normally;
///   everything that initializer did happens before call() returns in any thread.
/// Exceptions: if the initializer throws, the exception reaches the caller that
///   ran it, the once returns to its initial state, and the threads that were
///   waiting wake up and one of them runs its own initializer (std::call_once's
///   rule: a failed initialization is retried, nothing is poisoned).
/// Cost: one acquire load once complete.
class once {
 public:
  constexpr once() noexcept = default;
  once(const once&) = delete;
  once& operator=(const once&) = delete;

  template <class F>
  void call(F&& init) {
    if (is_completed()) {
      return;
    }
    call_slow(&invoke<std::remove_reference_t<F>>, static_cast<void*>(std::addressof(init)));
  }

  /// For a pthread_atfork child handler only (the child has one thread):
  /// forgets the state and the waiters, threads of the parent that do not exist
  /// in the child, so that the next call() runs an initializer again. An
  /// initializer that was running in another thread of the parent never
  /// finishes here; what it built is the caller's to abandon. docs/fork.md.
  void reset_in_forked_child() noexcept { m_word.store(k_incomplete); }

  [[nodiscard]] bool is_completed() const noexcept {
    return (m_word.load(std::memory_order_acquire) & k_state_mask) == k_complete;  // acquire: pairs with the release exchange in finish()
  }

 private:
  // Low two bits: the state; the rest: the head of the waiter list (waiter
  // nodes are aligned to at least 4 bytes).
  static constexpr std::uintptr_t k_incomplete = 0;
  static constexpr std::uintptr_t k_running = 1;
  static constexpr std::uintptr_t k_complete = 2;
  static constexpr std::uintptr_t k_state_mask = 3;

  template <class F>
  static void invoke(void* f) {
    (*static_cast<F*>(f))();
  }

  void call_slow(void (*init)(void*), void* ctx);
  void finish(std::uintptr_t new_state) noexcept;

  std::atomic<std::uintptr_t> m_word{k_incomplete};
};

}  // namespace ws::detail
