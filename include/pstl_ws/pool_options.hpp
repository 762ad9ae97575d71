// SPDX-License-Identifier: MIT
// ws::wait_policy and ws::pool_options: what a pool is built with.
#pragma once

#include <cstddef>

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
  wait_policy wait = wait_policy::steal;
  /// Usable bytes of each fiber stack under wait_policy::park (rounded up to
  /// whole pages; at least 64 KiB). Only the pages a fiber touches use memory.
  std::size_t stack_size = std::size_t{1} << 20;
  /// Bytes of scratch memory (the sorts' buffers of n elements) the pool keeps
  /// between calls, so that a loop of large sorts does not fault in fresh
  /// pages on every call; idle memory is given back after 2 s without use, by
  /// thread_pool::release_memory(), and with the pool. 0 keeps none.
  /// docs/scratch.md.
  std::size_t scratch_limit = k_default_scratch_limit;
};

}  // namespace ws
