// SPDX-License-Identifier: MIT
// fiber_context: one stack a worker can run on (a scheduler fiber, or the
// thread's own stack) and the one way to switch from one to another: the
// thread's exception state travels with the stack, and the sanitizers are
// told about every switch. docs/park.md#switching.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include <cstddef>
#include <memory>  // for std::addressof
#include <type_traits>  // for std::remove_reference_t

#include "pstl_ws/detail/runtime/fiber_stack.hpp"

namespace ws::detail {

/// The per-thread exception state of the Itanium C++ ABI (§2.2.2 of the ABI,
/// `__cxa_eh_globals`): the exceptions being handled, innermost first, and the
/// number thrown but not yet caught. It belongs to the frames of one stack, so
/// a switch saves the leaving stack's and restores the arriving one's: a frame
/// parked inside a catch handler (or in a destructor during unwinding) that
/// resumes on another thread still sees its own exception.
struct exception_state {
  void* m_caught = nullptr;
  unsigned int m_uncaught = 0;
};

/// A context a worker thread runs on: a fiber with its own pooled stack, or
/// the thread's original stack. Built directly on Boost.Context's fcontext
/// (make_fcontext, jump_fcontext), so that every switch, a fiber's first
/// frame and its last are our own code: nothing instrumented runs between
/// telling ThreadSanitizer about a switch and making it.
///
/// Invariant: a context runs on at most one thread at a time and is resumed
/// exactly once per suspension (docs/park.md#invariants).
class fiber_context {
 public:
  /// What a fiber runs: called once on the new stack, returns the context to
  /// switch to when it ends.
  using entry_function = fiber_context& (*)(fiber_context& self) noexcept;

  /// The calling thread's own stack, as a context other fibers can switch back to.
  fiber_context() noexcept;
  /// A fiber on a stack from `stacks` that will run entry(*this) when first
  /// switched to. Throws std::bad_alloc if no stack can be mapped.
  fiber_context(stack_pool& stacks, entry_function entry);
  /// Gives the stack back. A fiber must have ended (or never started): its
  /// frames are never unwound or dropped.
  ~fiber_context();
  fiber_context(const fiber_context&) = delete;
  fiber_context& operator=(const fiber_context&) = delete;

  /// Suspends `from` (the running context) and resumes `to`. publish() runs
  /// on `to`'s stack once `from` is fully saved, before `to` goes on: the only
  /// safe moment to make `from` resumable by another thread. Returns when
  /// another switch resumes `from`, possibly on another thread.
  template <class Publish>
  static void switch_to(fiber_context& from, fiber_context& to, Publish&& publish) {
    jump(from, to, &call<std::remove_reference_t<Publish>>, std::addressof(publish));
  }

  /// The stack this context runs on: a pooled fiber stack, or the thread's.
  [[nodiscard]] const fiber_stack& stack() const noexcept { return m_stack; }

  /// Next link of the intrusive list a worker keeps its idle fibers in (and
  /// the ready queue its ready ones).
  fiber_context* m_next_idle = nullptr;

 private:
  template <class F>
  static void call(void* f) noexcept {
    (*static_cast<F*>(f))();
  }
  static void jump(fiber_context& from, fiber_context& to, void (*publish)(void*) noexcept,
                   void* argument) noexcept;
  /// The first frame of every fiber: runs m_entry, then switches away for good.
  static void start(boost::context::detail::transfer_t arrival) noexcept;
  /// Finishes the switch that resumed the caller: stores the switcher's
  /// context and runs its publish step (docs/park.md#switching).
  static void complete(boost::context::detail::transfer_t arrival) noexcept;
  /// Called on this context's stack just before it switches to `to` (or ends,
  /// with `ending`): saves the exception state, tells the sanitizers.
  void leave(fiber_context& to, bool ending) noexcept;
  /// Called on this context's stack right after it is resumed.
  void arrive() noexcept;

  boost::context::detail::fcontext_t m_context = nullptr;  // saved while suspended
  entry_function m_entry = nullptr;
  fiber_stack m_stack;             // the whole usable range; for the thread's own context, its stack
  stack_pool* m_stacks = nullptr;  // null for the thread's own context
  bool m_started = false;
  exception_state m_exceptions;    // saved while suspended
  [[maybe_unused]] void* m_asan_fake_stack = nullptr;  // used by ASan builds only
  [[maybe_unused]] void* m_tsan_fiber = nullptr;        // used by TSan builds only
};

}  // namespace ws::detail
