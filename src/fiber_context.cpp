// SPDX-License-Identifier: MIT
// fiber_context: creating fibers on pooled stacks, and what every switch does
// besides the jump: the exception state and the sanitizer annotations.
// docs/park.md#switching.
#include "pstl_ws/detail/runtime/fiber_context.hpp"

#include <pthread.h>

#include <cxxabi.h>

#include <cstdint>
#include <cstring>  // for std::memcpy
#include <utility>  // for std::exchange

#include "pstl_ws/detail/config.hpp"

#if defined(_LIBCPP_VERSION)
// libc++abi exports the ABI's __cxa_get_globals, as libsupc++ does, but its
// <cxxabi.h> does not declare it.
namespace __cxxabiv1 {
struct __cxa_eh_globals;
extern "C" __cxa_eh_globals* __cxa_get_globals() noexcept;
}  // namespace __cxxabiv1
#endif

#if PSTL_WS_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#if PSTL_WS_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#if defined(__clang__)
#define PSTL_WS_NOT_TSAN_INSTRUMENTED __attribute__((disable_sanitizer_instrumentation))
#else
#define PSTL_WS_NOT_TSAN_INSTRUMENTED __attribute__((no_sanitize_thread))
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

fiber_context::fiber_context() noexcept : m_stack(thread_stack()), m_started(true) {
#if PSTL_WS_TSAN
  m_tsan_fiber = __tsan_get_current_fiber();
#endif
}

fiber_context::fiber_context(stack_pool& stacks, entry_function entry)
    : m_entry(entry), m_stack(stacks.allocate()), m_stacks(&stacks) {
  m_context = boost::context::detail::make_fcontext(m_stack.m_base, m_stack.m_size, &start);
#if PSTL_WS_TSAN
  m_tsan_fiber = __tsan_create_fiber(0);
#endif
}

fiber_context::~fiber_context() {
  if (m_stacks != nullptr) {
    // An ended fiber has no context left; one that never started has only the
    // one make_fcontext prepared. A suspended fiber's frames would be dropped.
    PSTL_WS_ASSERT(m_context == nullptr || !m_started);
    m_stacks->deallocate(m_stack);
#if PSTL_WS_TSAN
    __tsan_destroy_fiber(m_tsan_fiber);
#endif
  }
}

namespace {

// What a switch leaves for the context it resumes: who switched, and the
// publish step to run once the switcher is saved. Lives in the switcher's
// frame, which stays put while the switcher is suspended.
struct switch_record {
  fiber_context* m_from;
  fiber_context* m_to;
  void (*m_publish)(void*) noexcept;
  void* m_argument;
};

}  // namespace

// The switch and a fiber's first and last frames are not instrumented by
// ThreadSanitizer: TSan keeps a shadow call stack per fiber, and a function
// entered on one fiber and left on another would push on one and pop from the
// other, until one overflows. The instrumented code around them (switch_to's
// caller, the publish step, the entry function) enters and leaves on one fiber.
PSTL_WS_NOT_TSAN_INSTRUMENTED void fiber_context::jump(fiber_context& from, fiber_context& to,
                                                       void (*publish)(void*) noexcept,
                                                       void* argument) noexcept {
  switch_record record{&from, &to, publish, argument};
  from.leave(to, false);
  to.m_started = true;
  const boost::context::detail::transfer_t arrival =
      boost::context::detail::jump_fcontext(std::exchange(to.m_context, nullptr), &record);
  from.arrive();
  complete(arrival);
}

PSTL_WS_NOT_TSAN_INSTRUMENTED void fiber_context::start(boost::context::detail::transfer_t arrival) noexcept {
  fiber_context& self = *static_cast<switch_record*>(arrival.data)->m_to;
  self.arrive();
  complete(arrival);
  fiber_context& next = self.m_entry(self);
  self.leave(next, true);
  // This stack is never resumed: its only frame is this one.
  boost::context::detail::jump_fcontext(std::exchange(next.m_context, nullptr), nullptr);
  __builtin_unreachable();
}

PSTL_WS_NOT_TSAN_INSTRUMENTED void fiber_context::complete(boost::context::detail::transfer_t arrival) noexcept {
  if (arrival.data == nullptr) {
    return;  // the switcher ended: there is nothing to store
  }
  const switch_record& record = *static_cast<switch_record*>(arrival.data);
  record.m_from->m_context = arrival.fctx;
  record.m_publish(record.m_argument);
}

PSTL_WS_NOT_TSAN_INSTRUMENTED void fiber_context::leave([[maybe_unused]] fiber_context& to,
                                                        [[maybe_unused]] bool ending) noexcept {
  std::memcpy(&m_exceptions, thread_exception_state(), sizeof m_exceptions);
#if PSTL_WS_ASAN
  const void* bottom = static_cast<char*>(to.m_stack.m_base) - to.m_stack.m_size;
  __sanitizer_start_switch_fiber(ending ? nullptr : &m_asan_fake_stack, bottom, to.m_stack.m_size);
#endif
#if PSTL_WS_TSAN
  __tsan_switch_to_fiber(to.m_tsan_fiber, 0);
#endif
}

PSTL_WS_NOT_TSAN_INSTRUMENTED void fiber_context::arrive() noexcept {
#if PSTL_WS_ASAN
  __sanitizer_finish_switch_fiber(m_asan_fake_stack, nullptr, nullptr);
#endif
  std::memcpy(thread_exception_state(), &m_exceptions, sizeof m_exceptions);
}

}  // namespace ws::detail
