// SPDX-License-Identifier: MIT
// injector: the FIFO through which threads outside a pool hand it jobs. A cold
// path (one push per external call), so a mutex and a std::deque; idle workers
// poll is_empty() every round, so that is one atomic load. docs/sleep.md#fences.
#pragma once

#include <atomic>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

#include "pstl_ws/detail/job.hpp"

namespace ws::detail {

/// Multi-producer, multi-consumer FIFO of jobs.
/// Guarantees: each pushed job is popped exactly once; is_empty() returns false
///   when a push happens before it and no pop came in between (release/acquire
///   on m_size), which the sleep protocol's fences rely on.
/// Exceptions: push() may throw std::bad_alloc, leaving the queue unchanged.
class injector {
 public:
  void push(job_ref job) {
    std::lock_guard lock(m_mutex);
    m_jobs.push_back(job);
    m_size.store(m_jobs.size(), std::memory_order_release);  // release: pairs with acquire in is_empty()
  }

  std::optional<job_ref> pop() noexcept {
    if (is_empty()) {
      return std::nullopt;
    }
    std::lock_guard lock(m_mutex);
    if (m_jobs.empty()) {
      return std::nullopt;
    }
    const job_ref job = m_jobs.front();
    m_jobs.pop_front();
    m_size.store(m_jobs.size(), std::memory_order_release);  // release: pairs with acquire in is_empty()
    return job;
  }

  [[nodiscard]] bool is_empty() const noexcept {
    return m_size.load(std::memory_order_acquire) == 0;  // acquire: pairs with the release stores above
  }

 private:
  std::mutex m_mutex;
  std::deque<job_ref> m_jobs;  // guarded by m_mutex
  std::atomic<std::size_t> m_size{0};
};

}  // namespace ws::detail
