// SPDX-License-Identifier: MIT
// fiber_context: creating fibers on pooled stacks, and what every switch does
// besides the jump: the exception state and the sanitizer annotations.
// docs/park.md#switching.
#include "pstl_ws/detail/fiber_context.hpp"

#include <pthread.h>

#include <cxxabi.h>

#include <cstdint>
#include <cstring>

#include "pstl_ws/detail/config.hpp"

#if PSTL_WS_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#if PSTL_WS_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace ws::detail {
namespace {

// The thread's __cxa_eh_globals. Out of line and opaque on purpose: the ABI
// function is declared `const`, so the compiler may reuse its result within a
// function, and across a switch that resumes on another thread that result is
// the old thread's (the same trap as a cached thread_local address).
[[gnu::noinline]] exception_state* thread_exception_state() noexcept {
  void* globals = abi::__cxa_get_globals();
  asm volatile("" : "+r"(globals) : : "memory");
  return static_cast<exception_state*>(globals);
}

// The calling thread's stack: [bottom, bottom + size).
fiber_stack thread_stack() noexcept {
  fiber_stack result;
  pthread_attr_t attributes;
  if (::pthread_getattr_np(::pthread_self(), &attributes) == 0) {
    void* bottom = nullptr;
    std::size_t size = 0;
    if (::pthread_attr_getstack(&attributes, &bottom, &size) == 0) {
      result.m_base = static_cast<char*>(bottom) + size;
      result.m_size = size;
    }
    ::pthread_attr_destroy(&attributes);
  }
  return result;
}

}  // namespace

fiber_context::fiber_context() noexcept : m_stack(thread_stack()) {
#if PSTL_WS_TSAN
  m_tsan_fiber = __tsan_get_current_fiber();
#endif
}

fiber_context::fiber_context(stack_pool& stacks, entry_function entry)
    : m_stack(stacks.allocate()), m_stacks(&stacks) {
  // Boost puts its control record at the top of the stack we give it and hands
  // the stack back to the allocator when the fiber ends.
  boost::context::stack_context whole;
  whole.sp = m_stack.m_base;
  whole.size = m_stack.m_size;
  m_fiber = boost::context::fiber(std::allocator_arg,
                                  boost::context::preallocated(m_stack.m_base, m_stack.m_size, whole),
                                  pooled_stack_allocator(stacks),
                                  [this, entry](boost::context::fiber&&) { return run(*this, entry); });
#if PSTL_WS_TSAN
  m_tsan_fiber = __tsan_create_fiber(0);
#endif
}

fiber_context::~fiber_context() {
  PSTL_WS_ASSERT(!m_fiber);  // never destroy a suspended fiber: it would unwind user frames
#if PSTL_WS_TSAN
  if (m_stacks != nullptr) {
    __tsan_destroy_fiber(m_tsan_fiber);
  }
#endif
}

boost::context::fiber fiber_context::run(fiber_context& self, entry_function entry) noexcept {
  self.arrive();
  fiber_context& next = entry(self);
  self.leave(next, true);
  return std::move(next.m_fiber);  // Boost switches there and frees this stack
}

void fiber_context::leave([[maybe_unused]] fiber_context& to, [[maybe_unused]] bool ending) noexcept {
  std::memcpy(&m_exceptions, thread_exception_state(), sizeof m_exceptions);
#if PSTL_WS_ASAN
  const void* bottom = static_cast<char*>(to.m_stack.m_base) - to.m_stack.m_size;
  __sanitizer_start_switch_fiber(ending ? nullptr : &m_asan_fake_stack, bottom, to.m_stack.m_size);
#endif
#if PSTL_WS_TSAN
  __tsan_switch_to_fiber(to.m_tsan_fiber, 0);
#endif
}

void fiber_context::arrive() noexcept {
#if PSTL_WS_ASAN
  __sanitizer_finish_switch_fiber(m_asan_fake_stack, nullptr, nullptr);
#endif
  std::memcpy(thread_exception_state(), &m_exceptions, sizeof m_exceptions);
}

}  // namespace ws::detail
