// SPDX-License-Identifier: MIT
// Fiber stacks for the park wait policy: guard-paged, cached stacks carved from
// large mappings, and the SIGSEGV reporter that names a fiber stack overflow
// (docs/park.md#fiber-stacks).
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

namespace ws::detail {

/// One fiber stack: the usable bytes are [m_base - m_size, m_base); the stack grows down
/// from m_base; one PROT_NONE guard page lies just below m_base - m_size.
struct fiber_stack {
  void* m_base = nullptr;
  std::size_t m_size = 0;
};

/// Fixed-size fiber stacks, each with a guard page, carved from mmap regions of about
/// 4 MiB (4 to 64 stacks each: one mmap per region, not per stack), cached and reused:
/// never unmapped while the pool lives. Each stack costs two kernel mappings (its guard
/// and its usable range; vm.max_map_count bounds them). Every region is registered with
/// the overflow reporter for the pool's lifetime.
///
/// Thread safety: allocate and deallocate may be called from any thread, and a stack may
/// be returned by a thread other than the one that took it (one mutex, held for a few
/// pointer moves). Cost: allocate pops a free list (no system call) unless the cache is
/// empty, in which case it maps a new region (one mmap plus one mprotect per stack);
/// deallocate pushes on the free list and never allocates.
class stack_pool {
 public:
  /// The smallest usable size accepted: below it a fiber overflows on ordinary code.
  static constexpr std::size_t k_min_stack_size = 64 * 1024;

  /// stack_size: usable bytes per stack, rounded up to whole pages. Maps nothing yet.
  /// Throws std::invalid_argument naming the value if below k_min_stack_size or above
  /// 1 GiB.
  explicit stack_pool(std::size_t stack_size);

  /// Unmaps every region. Every stack must have been returned (PSTL_WS_ASSERT).
  ~stack_pool();

  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;

  /// A stack of stack_size() usable bytes, from the cache or from a new region.
  /// Its contents are whatever its previous user left. Throws std::bad_alloc if no
  /// memory can be mapped.
  [[nodiscard]] fiber_stack allocate();

  /// Gives back a stack that allocate() of this pool returned; it goes to the cache.
  /// Any thread may call it. Never allocates, never makes a system call.
  void deallocate(fiber_stack stack) noexcept;

  /// Usable bytes per stack (the constructor's argument rounded up to pages).
  [[nodiscard]] std::size_t stack_size() const noexcept;

  /// Stacks allocated and not yet returned. Takes the pool's mutex.
  [[nodiscard]] std::size_t stacks_in_use() const noexcept;

  /// Stacks ever mapped: in use plus cached. Grows a region at a time. Takes the mutex.
  [[nodiscard]] std::size_t stacks_mapped() const noexcept;

 private:
  struct region {
    void* m_begin;  // the lowest address: the guard page of the region's first stack
    std::size_t m_bytes;
    std::size_t m_table_slot;  // the reporter's table entry, or k_unregistered
  };

  // Maps one region, registers it and puts its stacks on the free list (m_mutex held).
  void map_region();
  // Whether `stack` is a stack this pool handed out (m_mutex held; for assertions).
  [[nodiscard]] bool owns(const fiber_stack& stack) const noexcept;

  std::size_t m_page_size;
  std::size_t m_stack_size;         // usable bytes per stack, whole pages
  std::size_t m_stacks_per_region;  // each slot: one guard page, then m_stack_size bytes
  mutable std::mutex m_mutex;
  std::vector<region> m_regions;  // guarded by m_mutex
  std::vector<void*> m_free;      // bases of cached stacks; capacity >= stacks mapped
  std::size_t m_in_use = 0;       // guarded by m_mutex
};

/// Installs, once per process, a SIGSEGV/SIGBUS handler (SA_ONSTACK | SA_SIGINFO) and,
/// once per calling thread, an alternate signal stack for it (unmapped when the thread
/// exits; a thread that already has one keeps it). A fault in the guard page of a stack
/// of any live stack_pool prints one line to stderr ("pstl_ws: fiber stack overflow ...")
/// and re-raises with the default action, so the process still dies with the signal; any
/// other fault goes to the handler installed before ours (or the default action).
/// A thread that runs fibers must call it: without an alternate stack the handler cannot
/// run on an exhausted stack and the process dies silently. Cost: a few system calls and
/// a 64 KiB mapping on a thread's first call, a thread_local check after. Throws
/// std::system_error if the handler or the signal stack cannot be set.
void install_overflow_reporter();

}  // namespace ws::detail
