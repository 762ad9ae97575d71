// SPDX-License-Identifier: MIT
// scratch_buffer: the raw storage an algorithm needs for the length of one
// call (the radix sort's and the merge sort's n slots), borrowed from the
// scratch cache of the pool the call runs on. docs/scratch.md.
#pragma once

#include <cstddef>
#include <limits>  // for std::numeric_limits
#include <new>  // for std::align_val_t, std::nothrow

#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/scratch_block.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/detail/test_hook.hpp"

namespace ws::detail {

/// Raw storage for n values of T: on a thread of a pool (a worker or a
/// pool's seat) from the pool's scratch cache, off every pool mapped for the
/// call, and from operator new below k_scratch_min_bytes (off every pool,
/// k_unpooled_map_min_bytes) or for T aligned beyond a page. Empty (data() ==
/// nullptr) when the memory cannot be had. Owns the memory, not objects: the
/// caller constructs and destroys those.
template <class T>
class scratch_buffer {
 public:
  /// Borrows where the calling thread is: see the class comment.
  explicit scratch_buffer(std::size_t n) noexcept {
    worker_thread* const current = worker_thread::current();
    if (current != nullptr) {
      borrow(n, &current->owner(), k_scratch_min_bytes);
    } else {
      borrow(n, nullptr, k_unpooled_map_min_bytes);
    }
  }

  /// Borrows from `pool`'s scratch cache, from any thread: for storage made
  /// before the call that uses it enters `pool`. `pool` must outlive the buffer.
  scratch_buffer(std::size_t n, registry& pool) noexcept { borrow(n, &pool, k_scratch_min_bytes); }

  ~scratch_buffer() {
    if (m_block.m_data == nullptr) {
      ::operator delete(m_data, std::align_val_t{alignof(T)});
    } else if (m_pool != nullptr) {
      m_pool->return_scratch(m_block);
    } else {
      unmap_scratch(m_block);
    }
  }

  scratch_buffer(const scratch_buffer&) = delete;
  scratch_buffer& operator=(const scratch_buffer&) = delete;

  [[nodiscard]] T* data() const noexcept { return m_data; }

 private:
  /// From `pool`'s cache (or mapped for the call, when null) from `min_bytes` on.
  void borrow(std::size_t n, registry* pool, std::size_t min_bytes) noexcept {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T) || PSTL_WS_TEST_SCRATCH_REFUSED(n * sizeof(T))) {
      return;
    }
    const std::size_t bytes = n * sizeof(T);
    if (bytes < min_bytes || alignof(T) > 4096) {
      m_data = static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}, std::nothrow));
      return;
    }
    m_pool = pool;
    m_block = pool != nullptr ? pool->lend_scratch(bytes) : map_scratch(bytes);
    m_data = static_cast<T*>(m_block.m_data);
  }

  T* m_data = nullptr;
  scratch_block m_block;       // mapped memory, or empty for operator new's
  registry* m_pool = nullptr;  // where m_block goes back, or null: unmapped
};

}  // namespace ws::detail
