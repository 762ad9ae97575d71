// SPDX-License-Identifier: MIT
// ws::wait_policy and ws::pool_options: what a pool is built with.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <cstddef>
#include <functional>  // for std::function
#include <string>

namespace ws {

/// pool_options::scratch_limit's default: an eighth of the machine's physical
/// memory (docs/scratch.md).
inline constexpr std::size_t k_default_scratch_limit = ~std::size_t{0};

/// How a worker waits for the stolen half of a join (or a scope's jobs) that
/// is still running. docs/park.md#choosing.
enum class wait_policy {
  /// It runs other jobs on top of the waiting frame (rayon, TBB): no fibers,
  /// but a short wait may be pinned under a long unrelated job, and nested
  /// waits pile up on one thread stack.
  steal,
  /// The waiting frame parks (Boost.Context fiber) and the worker goes on on
  /// another fiber; the frame is resumed, on whichever worker takes it first,
  /// as soon as it can go on. Frames may change threads across a wait.
  park,
};

/// How to build a ws::thread_pool.
struct pool_options {
  /// Threads a call runs on; 0: one per CPU this process may run on.
  std::size_t num_threads = 0;
  /// Callers from outside every pool that may each run their call on their
  /// own thread at the same time, in a seat of their own that the workers
  /// help (as every TBB caller brings its thread into an arena slot): K
  /// callers then run on K + num_threads - 1 threads. A caller that finds
  /// every seat taken hands its call to the workers and waits. 0: one per
  /// CPU this process may run on; 1: one caller at a time, the others
  /// queued (a tbb::task_arena's one slot for its callers). docs/seat.md.
  std::size_t seats = 0;
  /// What a thread does while a join it waits for runs elsewhere: steal
  /// other work on top of its frame, or park the frame (wait_policy).
  wait_policy wait = wait_policy::steal;
  /// Usable bytes of each fiber stack under wait_policy::park, on which parked
  /// frames and the work run beside them live (rounded up to whole pages; 64
  /// KiB to 1 GiB, else std::invalid_argument when the pool is built). Only
  /// the pages a fiber touches use memory. Not the worker threads' own
  /// stacks: thread_stack_size.
  std::size_t fiber_stack_size = std::size_t{1} << 20;
  /// Bytes of scratch memory (the sorts' buffers of n elements) the pool keeps
  /// between calls, so that a loop of large sorts does not fault in fresh
  /// pages on every call; idle memory is given back after 2 s without use, by
  /// thread_pool::release_memory(), and with the pool. 0 keeps none.
  /// docs/scratch.md.
  std::size_t scratch_limit = k_default_scratch_limit;
  /// Worker threads are named `thread_name`-N, N their index from 0, cut to
  /// the 15 bytes Linux keeps: what top -H, gdb and perf show. Empty: they
  /// keep the name they inherit.
  std::string thread_name = "pstl_ws";
  /// Bytes of each worker thread's own stack (under wait_policy::steal the
  /// jobs run there, and nested waits pile up on it); 0: the system's
  /// default (the main thread's `ulimit -s`, usually 8 MiB). A non-zero size
  /// below 64 KiB is std::invalid_argument, naming it, when the pool is built.
  std::size_t thread_stack_size = 0;
  /// Called on each worker thread, with its index, as it starts (before any
  /// job) and as it ends (after its last one): to set a thread's priority,
  /// affinity or per-thread state of a library. A caller in a seat is not a
  /// worker and runs neither. An exception escaping either ends the process
  /// with a message naming it (like one escaping a std::thread).
  std::function<void(std::size_t)> on_thread_start{};
  std::function<void(std::size_t)> on_thread_exit{};
  /// Under wait_policy::park, whether the workers install the process-wide
  /// SIGSEGV/SIGBUS handler (and a signal stack per worker) that names a
  /// fiber stack overflow in one line before the process dies of the signal
  /// as it would have anyway; any other fault is passed on to the handler
  /// installed before it. On by default, since without it an overflow is an
  /// unexplained crash; turn it off for a program that owns those signals
  /// (a crash reporter, a JVM): docs/park.md#fiber-stacks. Once installed by any
  /// pool, the handler stays for the life of the process.
  bool report_stack_overflow = true;

  /// The options the environment asks for, the global pool's unless
  /// thread_pool::build_global is given others: PSTL_WS_NUM_THREADS threads
  /// (unset or 0: one per available CPU) and PSTL_WS_WAIT_POLICY (`steal`
  /// when unset, or `park`); the rest default. A program may call it first
  /// to check them, or to start from them and change some. Throws
  /// std::invalid_argument naming the variable, its value and the values
  /// allowed when the count is not a whole number from 0 to 65535 or the
  /// policy is neither word.
  static pool_options from_environment();
};

}  // namespace ws
