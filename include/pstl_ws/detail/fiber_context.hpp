// SPDX-License-Identifier: MIT
// fiber_context: one stack a worker can run on (a scheduler fiber, or the
// thread's own stack) and the one way to switch from one to another: the
// thread's exception state travels with the stack, and the sanitizers are
// told about every switch. docs/park.md#switching.
#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>

#include "pstl_ws/detail/fiber_stack.hpp"

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
/// the thread's original stack. Suspended contexts hold their Boost fiber;
/// the running one holds nothing (Boost hands a fiber's handle only to the
/// context it switched to, which stores it back through switch_to).
///
/// Invariant: a context runs on at most one thread at a time and is resumed
/// exactly once per suspension (docs/park.md#invariants).
class fiber_context {
 public:
  /// What a fiber runs: called once on the new stack, returns the context to
  /// switch to when it ends (the fiber's stack then goes back to its pool).
  using entry_function = fiber_context& (*)(fiber_context& self) noexcept;

  /// The calling thread's own stack, as a context other fibers can switch back to.
  fiber_context() noexcept;
  /// A fiber on a stack from `stacks` that will run entry(*this) when first
  /// switched to. Throws std::bad_alloc if no stack can be mapped.
  fiber_context(stack_pool& stacks, entry_function entry);
  /// Only a context that is not suspended mid-run may be destroyed: a fiber
  /// that ended, or the thread's own context once it runs again.
  ~fiber_context();
  fiber_context(const fiber_context&) = delete;
  fiber_context& operator=(const fiber_context&) = delete;

  /// Suspends `from` (the running context) and resumes `to`. publish() runs on
  /// `to`'s stack once `from` is fully saved, before `to` goes on: the only
  /// safe moment to make `from` resumable by another thread. Returns when
  /// another switch resumes `from`, possibly on another thread.
  template <class Publish>
  static void switch_to(fiber_context& from, fiber_context& to, Publish&& publish) {
    from.leave(to);
    boost::context::fiber back = std::move(to.m_fiber).resume_with(
        [&from, &publish](boost::context::fiber&& suspended) {
          from.m_fiber = std::move(suspended);
          publish();
          return boost::context::fiber{};
        });
    from.arrive();
  }

  /// The stack this context runs on: a pooled fiber stack, or the thread's.
  [[nodiscard]] const fiber_stack& stack() const noexcept { return m_stack; }

  /// Next link of the intrusive list a worker keeps its idle fibers in.
  fiber_context* m_next_idle = nullptr;

 private:
  static boost::context::fiber run(fiber_context& self, entry_function entry) noexcept;
  /// Called on this context's stack just before it switches to `to` (or ends,
  /// with `ending`): saves the exception state, tells the sanitizers.
  void leave(fiber_context& to, bool ending = false) noexcept;
  /// Called on this context's stack right after it is resumed.
  void arrive() noexcept;

  boost::context::fiber m_fiber;
  fiber_stack m_stack;            // the whole usable range; for the thread's own context, its stack
  stack_pool* m_stacks = nullptr; // null for the thread's own context
  exception_state m_exceptions;   // saved while suspended
  void* m_asan_fake_stack = nullptr;
  void* m_tsan_fiber = nullptr;
};

}  // namespace ws::detail
