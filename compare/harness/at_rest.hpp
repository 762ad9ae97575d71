// SPDX-License-Identifier: MIT
// The pool-at-rest measurements (the E3 measurements of the sleep module):
// how a scheduler behaves once it has nothing left to do. For backend ws the
// pool is a ws::thread_pool of T threads; for tbb a tbb::task_arena of T
// slots, which is T - 1 TBB workers plus the calling thread, entered with
// execute() (main must allow that many with tbb::global_control). Both are
// watched from the outside by the same code (at_rest_threads.hpp), so the
// numbers are comparable and need no hook in either scheduler.
//
// A burst: parallel for_each passes over 10^6 doubles with a light body
// (x = x * 1.0001 + 1; ws::for_each(ws::par.on(pool)) or tbb::parallel_for in
// the arena), repeated until 50 ms have passed; it ends when the last pass
// returns to the calling thread.
//
// The rows, per backend and thread count (m_size 0):
// - "at rest: cpu after burst" (unit "ms cpu"; m_reps bursts): CPU time the
//   process's other threads (every thread but the caller: the workers) burned
//   in the 1 s after a burst, while the caller slept. It is the workers'
//   spinning and yielding before they block, and any periodic wake-ups
//   after. Read from the kernel's CPU-time clocks: nanosecond resolution,
//   noise of a few microseconds either way (so a pool with nothing left to
//   spin, such as tbb at T = 1, may read slightly below 0).
// - "at rest: time to sleep" (unit "ms"; m_reps bursts): from the end of a
//   burst until every other thread is blocked, judged every ~0.1 ms by
//   wait_until_others_quiet (no thread runnable in /proc, no CPU used, for
//   5 ms). The value is the first sample of that quiet window, so it
//   overstates by up to one sample period (about 0.1 to 0.3 ms). 1000 means
//   the threads were not quiet within 1 s of the burst; about 0 that they
//   were blocked before the caller saw the burst end (a ws pool of 1: its
//   worker is asleep before the caller it woke has run).
// - "at rest: wake latency" (unit "us"; median, minimum and maximum of 40
//   samples per rep, 200 at 5 reps) and "at rest: wake latency p99" (the same
//   samples; m_median holds the 99th percentile, nearest rank, which is the
//   second largest of 200): each sample waits until the pool is quiet as above (at
//   most 1 s, then it goes on regardless); then the calling thread, which is
//   no worker, submits one tiny task (ws: pool.spawn; tbb: arena.enqueue) and
//   the time runs from just before that call until the task's first
//   instruction, both read from steady_clock. It includes the submit itself
//   (ws: an allocation, an injector push and a condition-variable notify;
//   tbb: its enqueue and the wake of a worker from its market) and the
//   operating system's wake-up of a blocked thread, alone 5 to 50 us, more in
//   a virtual machine or under load. In a ws pool of T >= 2 threads the
//   worker that finds the task first wakes up to two more sleepers, as rayon
//   does, and only then runs it: that wake is part of the latency.
//
// Caveats:
// - All of the process's other threads count, so nothing else may run in it
//   meanwhile. A ws global pool left asleep by other measurements costs
//   nothing; TBB market workers that serve no arena count, as tbb's cost.
// - tbb at T = 1 has no worker in its arena: the calling thread did the
//   burst, so nothing is left to spin and its first two rows are about 0. Its
//   wake latency still measures a wake: enqueue borrows one market worker.
// - With more threads than cores, or other load on the machine, the workers
//   wait for a CPU between their yields (a thread waiting for a CPU still
//   counts as runnable): the time to sleep grows with the time slices of the
//   other threads, while the CPU burned may even fall.
// - Every row discards one warm-up sample first (bench::samples_of).
//   Runtime per backend and thread count at 5 reps: about 6 s for the CPU
//   row (a 1 s wait per sample) and 1 to 3 s for the others.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

#include "measurement.hpp"

namespace harness {

/// The workload names of the at-rest rows (the m_unit of each is given above).
namespace at_rest_workloads {
inline constexpr const char* cpu_after_burst = "at rest: cpu after burst";
inline constexpr const char* time_to_sleep = "at rest: time to sleep";
inline constexpr const char* wake_latency = "at rest: wake latency";
inline constexpr const char* wake_latency_p99 = "at rest: wake latency p99";
}  // namespace at_rest_workloads

/// What measure_at_rest measures: each thread count (each at least 1) for
/// each backend chosen. m_tbb is ignored when built without PSTL_WS_HAVE_TBB.
struct at_rest_options {
  std::vector<std::size_t> m_threads;
  std::size_t m_reps = 5;  ///< bursts per CPU and time-to-sleep row; 40 wake samples each
  bool m_ws = true;
  bool m_tbb = true;
};

/// Runs the three at-rest measurements (four rows: the wake latency gives a
/// median and a p99 row) for each backend and thread count, ws before tbb,
/// in the order of options.m_threads; calls on_step with a line such as
/// "at rest: cpu after burst, ws, 2 threads" before each measurement.
/// Cost: about 1.5 s of wall time per rep per backend and thread count (7.7 s
/// at 5 reps on the 2-core development machine).
/// Exceptions: std::invalid_argument for a thread count of 0 or 0 reps;
/// whatever creating a pool or arena throws (std::system_error, ...); a
/// std::system_error if /proc or a CPU-time clock cannot be read.
std::vector<measurement> measure_at_rest(const at_rest_options& options,
                                         const std::function<void(std::string_view)>& on_step);

/// How many times measure_at_rest(options, ...) calls on_step: three
/// measurements per backend and thread count.
inline std::size_t at_rest_step_count(const at_rest_options& options) {
  const std::size_t backends = (options.m_ws ? 1 : 0) + (options.m_tbb ? 1 : 0);
  return 3 * backends * options.m_threads.size();
}

}  // namespace harness
