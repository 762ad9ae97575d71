// SPDX-License-Identifier: MIT
// injector: the FIFO through which threads outside a pool hand it jobs. A cold
// path (one push per external call), so a mutex and a std::deque; idle workers
// poll is_empty() every round, so that is one atomic load. docs/sleep.md#fences.
// A job may carry the seat request of the caller waiting for it, which the
// seat's leaver takes out of the queue to hand the seat over (docs/seat.md).
#pragma once

#include <algorithm>  // for std::find_if
#include <atomic>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

#include "pstl_ws/detail/runtime/job.hpp"

namespace ws::detail {

struct seat_request;

/// Multi-producer, multi-consumer FIFO of jobs.
/// Guarantees: each pushed job is popped exactly once; is_empty() returns false
///   when a push happens before it and no pop came in between (release/acquire
///   on m_size), which the sleep protocol's fences rely on.
/// Exceptions: push() may throw std::bad_alloc, leaving the queue unchanged.
class injector {
 public:
  void push(job_ref job, seat_request* request = nullptr) {
    std::lock_guard lock(m_mutex);
    m_jobs.push_back({job, request});
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
    const job_ref job = m_jobs.front().m_job;
    m_jobs.pop_front();
    m_size.store(m_jobs.size(), std::memory_order_release);  // release: pairs with acquire in is_empty()
    return job;
  }

  /// Takes the oldest job that carries a seat request out of the queue (its
  /// job will not run from here) and returns the request; nullptr if none.
  /// Linear in the queue's length.
  seat_request* pop_seat_request() noexcept {
    if (is_empty()) {
      return nullptr;
    }
    std::lock_guard lock(m_mutex);
    const auto found = std::find_if(m_jobs.begin(), m_jobs.end(), [](const entry& e) { return e.m_request != nullptr; });
    if (found == m_jobs.end()) {
      return nullptr;
    }
    seat_request* const request = found->m_request;
    m_jobs.erase(found);
    m_size.store(m_jobs.size(), std::memory_order_release);  // release: pairs with acquire in is_empty()
    return request;
  }

  [[nodiscard]] bool is_empty() const noexcept {
    return m_size.load(std::memory_order_acquire) == 0;  // acquire: pairs with the release stores above
  }

 private:
  struct entry {
    job_ref m_job;
    seat_request* m_request;  // the waiting caller's, or nullptr
  };

  std::mutex m_mutex;
  std::deque<entry> m_jobs;  // guarded by m_mutex
  std::atomic<std::size_t> m_size{0};
};

}  // namespace ws::detail
