// SPDX-License-Identifier: MIT
// What the at-rest measurements observe of a scheduler from the outside,
// without any help from it: the CPU time used by the process's threads other
// than the caller, whether any of them is runnable, and a wait until all of
// them have gone quiet. The same code watches ws and tbb, so their numbers
// are comparable. Linux only (/proc and the CPU-time clocks).
#pragma once

#include <chrono>
#include <optional>

namespace harness {

/// CPU time, in milliseconds, used so far by every thread of this process
/// except the calling one (threads that have exited included), with the
/// kernel's nanosecond accounting. Cost: two clock_gettime calls.
/// Throws std::system_error if a CPU-time clock cannot be read.
double other_threads_cpu_ms();

/// Whether a thread of this process other than the calling one is runnable
/// right now: state R in /proc/self/task/<tid>/stat, which a thread that spins
/// or yields keeps even while it waits for a CPU, and which a thread blocked in
/// the kernel (a futex, a condition variable) has not. A thread that exits
/// while it is being read counts as not runnable.
/// Cost: one read of /proc per thread (some microseconds each).
/// Throws std::system_error if /proc/self/task cannot be listed.
bool any_other_thread_runnable();

/// Samples the other threads about every k_quiet_sample_period until they have
/// been quiet for k_quiet_window: no sample in that window saw one runnable,
/// and together they used less than k_quiet_cpu_ms of CPU across it (which also
/// catches a thread that blocks only briefly and keeps waking up). Returns the
/// time of the first sample of that window (so the caller waits
/// k_quiet_window longer than the returned time), or nothing if they were not
/// quiet before `deadline`. Resolution: one sample period plus the time to
/// read /proc, about 0.1 to 0.3 ms. Exceptions: as the two functions above.
std::optional<std::chrono::steady_clock::time_point> wait_until_others_quiet(
    std::chrono::steady_clock::time_point deadline);

/// How long a measurement waits at most for the other threads to be quiet.
inline constexpr std::chrono::seconds k_max_wait_for_quiet{1};

/// The sampling parameters of wait_until_others_quiet.
inline constexpr std::chrono::microseconds k_quiet_sample_period{100};
inline constexpr std::chrono::milliseconds k_quiet_window{5};
inline constexpr double k_quiet_cpu_ms = 0.02;

}  // namespace harness
