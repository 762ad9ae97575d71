// SPDX-License-Identifier: MIT
// Build-wide switches of the runtime: assertions, the cache-line size, the
// fence every protocol uses, and PSTL_WS_TSAN / PSTL_WS_ASAN, which tell code
// (tests size their loops with them; fiber switches annotate for them) that
// ThreadSanitizer / AddressSanitizer is on.
#pragma once

#include <cstddef>
#include <cstdio>  // for std::fprintf, stderr
#include <cstdlib>  // for std::abort

/// PSTL_WS_ASSERT(cond): checks an invariant of the runtime in debug builds
/// (NDEBUG not defined) and compiles to nothing otherwise. A failure prints the
/// condition with its place and aborts: an invariant of the scheduler that no
/// longer holds cannot be recovered from.
#if defined(NDEBUG) && !defined(PSTL_WS_ENABLE_ASSERTS)
#define PSTL_WS_ASSERT(cond) static_cast<void>(0)
#else
#define PSTL_WS_ASSERT(cond)                                                        \
  ((cond) ? static_cast<void>(0)                                                    \
          : ::ws::detail::assertion_failed(#cond, __FILE__, __LINE__))
#endif

#if defined(__SANITIZE_THREAD__)
#define PSTL_WS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PSTL_WS_TSAN 1
#endif
#endif
#ifndef PSTL_WS_TSAN
#define PSTL_WS_TSAN 0
#endif

#if defined(__SANITIZE_ADDRESS__)
#define PSTL_WS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PSTL_WS_ASAN 1
#endif
#endif
#ifndef PSTL_WS_ASAN
#define PSTL_WS_ASAN 0
#endif

namespace ws::detail {

/// Alignment that keeps two hot atomics of different owners off one cache line.
/// 128 rather than 64: x86-64 prefetches cache lines in adjacent pairs.
inline constexpr std::size_t k_cache_line = 128;

/// A seq_cst fence. Every fence in the runtime orders an earlier store before a
/// later load (#StoreLoad: the deque's take and steal, the sleep protocol's
/// PushFence and SleepFence); none publishes data, which always travels through
/// release/acquire operations that ThreadSanitizer sees. So TSan, which ignores
/// fences, loses nothing it could check here, and GCC's -Wtsan warning for
/// them is silenced in this one place (docs/atomics.md#fences-under-tsan).
inline void seq_cst_fence() noexcept {
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtsan"
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#pragma GCC diagnostic pop
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

[[noreturn]] inline void assertion_failed(const char* cond, const char* file, int line) noexcept {
  std::fprintf(stderr, "pstl_ws: internal invariant violated: %s (%s:%d)\n", cond, file, line);
  std::abort();
}

/// Ends the process with a message; for states the runtime cannot unwind from
/// (an exception escaping the scheduler loop, a pool destroyed by its own worker).
[[noreturn]] void fatal(const char* what) noexcept;

}  // namespace ws::detail
