// SPDX-License-Identifier: MIT
// test_hook: named points of the sleep protocol and the latches where a test
// may stop a thread (forced races) or where random delays shake the schedule
// (PSTL_WS_RANDOM_DELAY=seed), and a gate through which a test refuses
// scratch memory (allocation failures). Compiled in only where the CMake option
// PSTL_WS_TEST_HOOKS is on (the debug, asan and tsan presets), which defines
// the macro of that name for the library and its tests; any other build, an
// installed library above all, has neither the hooks nor src/test_hook.cpp.
// docs/verification.md#forced-races.
#pragma once

#include <cstddef>
#include <cstdint>

#ifndef PSTL_WS_TEST_HOOKS
#define PSTL_WS_TEST_HOOKS 0
#endif

namespace ws::detail {

/// The places a hook runs, in protocol order. The value passed with each is
/// noted; docs/sleep.md's step numbers name the sleep points.
enum class hook_point : unsigned {
  job_injected,       // registry::inject: the job is in its injector, before the PushFence
                      // (value: its injected_as, 0 for a new call)
  leaving_seat,       // registry::leave_seat: no seat request found, before the seat is freed
                      // (value: the seat's slot)
  jobs_posted,        // sleep::new_jobs: the counters moved, before any wake (value: jobs)
  before_steal,       // worker_thread::steal: before each victim's deque (value: worker index)
  announced_sleepy,   // sleep: the JEC was made even, before the next search (value: worker index)
  before_jec_check,   // sleep step 4: mutex held, latch SLEEPING, before the registration CAS
  before_final_look,  // sleep step 6: registered, after the SleepFence, before the last look
  before_block,       // sleep: m_is_blocked set, before the condvar wait
  latch_set,          // spin_latch / count_latch: SET exchanged in, before the owner is notified
                      // (value: the state SET replaced)
};
inline constexpr unsigned k_hook_points = 9;

#if PSTL_WS_TEST_HOOKS
/// A hook: runs on the thread that reached `point`, and may block it (for a
/// bounded time: the pool cannot make progress past that thread meanwhile).
using test_hook_fn = void (*)(hook_point point, std::uintptr_t value) noexcept;

/// Installs `hook` for every thread (nullptr: none) and returns the previous
/// one. A thread already inside the previous hook finishes it. Constant time.
test_hook_fn set_test_hook(test_hook_fn hook) noexcept;

/// The random-delay hook (per thread: 90% nothing, 7% a yield, 2.5% a spin of
/// up to 2000 rounds, 0.5% a sleep of 10-500 us) with this seed. It is also
/// installed at startup when PSTL_WS_RANDOM_DELAY holds a seed.
void use_random_delays(std::uint64_t seed) noexcept;

/// The seed of the random delays in force, or 0 when there are none.
[[nodiscard]] std::uint64_t random_delay_seed() noexcept;

/// Calls the installed hook, if any (PSTL_WS_TEST_HOOK).
void run_test_hook(hook_point point, std::uintptr_t value) noexcept;

/// A test's gate on scratch memory (scratch_buffer): returns true to refuse
/// a loan of `bytes`, as if no memory could be had. Installs `gate` (nullptr:
/// every loan is served) and returns the previous one.
using scratch_gate_fn = bool (*)(std::size_t bytes) noexcept;
scratch_gate_fn set_scratch_gate(scratch_gate_fn gate) noexcept;

/// Whether the installed gate refuses a loan of `bytes`
/// (PSTL_WS_TEST_SCRATCH_REFUSED).
[[nodiscard]] bool scratch_refused(std::size_t bytes) noexcept;
#endif

}  // namespace ws::detail

#if PSTL_WS_TEST_HOOKS
#define PSTL_WS_TEST_HOOK(point, value) \
  ::ws::detail::run_test_hook(::ws::detail::hook_point::point, static_cast<std::uintptr_t>(value))
#define PSTL_WS_TEST_SCRATCH_REFUSED(bytes) ::ws::detail::scratch_refused(bytes)
#else
#define PSTL_WS_TEST_HOOK(point, value) static_cast<void>(0)
#define PSTL_WS_TEST_SCRATCH_REFUSED(bytes) false
#endif
