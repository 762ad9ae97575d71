// SPDX-License-Identifier: MIT
// injector: the FIFO through which threads outside a pool hand it jobs. A cold
// path (one push per external call), so a mutex and a std::deque; idle workers
// poll is_empty() every round, so that is one atomic load. docs/sleep.md#fences.
// A job may carry the seat request of the caller waiting for it, which the
// seat's leaver takes out of the queue to hand the seat over; the queue counts
// such requests, so that a leaver with none to serve never takes the mutex
// (docs/seat.md#hand-over).
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
/// Guarantees: each pushed job is popped (or withdrawn) exactly once;
///   is_empty() returns false when a push happens before it and no pop came in
///   between (release/acquire on m_size), which the sleep protocol's fences
///   rely on; has_seat_request() is seq_cst, for the seat's store/recheck pair.
/// Exceptions: push() may throw std::bad_alloc, leaving the queue unchanged.
class injector {
 public:
  void push(job_ref job, seat_request* request = nullptr) {
    std::lock_guard lock(m_mutex);
    m_jobs.push_back({job, request});
    if (request != nullptr) {
      // seq_cst: the requester's half of the seat's store/recheck pair
      // (registry::inject_call against leave_seat, docs/seat.md#hand-over).
      m_requests.store(m_requests.load(std::memory_order_relaxed) + 1);  // relaxed load: written under m_mutex only
    }
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
    const entry front = m_jobs.front();
    m_jobs.pop_front();
    forget(front);
    return front.m_job;
  }

  /// Takes the oldest job that carries a seat request out of the queue (its
  /// job will not run from here) and returns the request; nullptr if none.
  /// Constant time when no request is queued, else linear in the number of
  /// jobs queued before the request.
  seat_request* pop_seat_request() noexcept {
    return take_first([](const entry& e) { return e.m_request != nullptr; });
  }

  /// Takes the job that carries `request` out of the queue, if it is still
  /// there: true if so (its job will not run from here), false if a pop or
  /// pop_seat_request took it first. Linear in the queue's length.
  bool withdraw(const seat_request& request) noexcept {
    return take_first([&request](const entry& e) { return e.m_request == &request; }) != nullptr;
  }

  [[nodiscard]] bool is_empty() const noexcept {
    return m_size.load(std::memory_order_acquire) == 0;  // acquire: pairs with the release stores above
  }

  /// Whether a job with a seat request is queued. seq_cst: the leaver's half
  /// of the seat's store/recheck pair (registry::leave_seat).
  [[nodiscard]] bool has_seat_request() const noexcept { return m_requests.load() != 0; }

 private:
  struct entry {
    job_ref m_job;
    seat_request* m_request;  // the waiting caller's, or nullptr
  };

  /// Takes the first entry that `wanted` accepts out of the queue and returns
  /// its request (nullptr if none was taken). Only entries with a request are
  /// looked for, so there is nothing to do while none is queued.
  template <class Wanted>
  seat_request* take_first(Wanted wanted) noexcept {
    if (!has_seat_request()) {
      return nullptr;
    }
    std::lock_guard lock(m_mutex);
    const auto found = std::find_if(m_jobs.begin(), m_jobs.end(), wanted);
    if (found == m_jobs.end()) {
      return nullptr;
    }
    const entry taken = *found;
    m_jobs.erase(found);
    forget(taken);
    return taken.m_request;
  }

  /// Updates the counts for an entry just taken out of m_jobs (m_mutex held).
  void forget(const entry& taken) noexcept {
    if (taken.m_request != nullptr) {
      m_requests.store(m_requests.load(std::memory_order_relaxed) - 1);  // relaxed load: written under m_mutex only
    }
    m_size.store(m_jobs.size(), std::memory_order_release);  // release: pairs with acquire in is_empty()
  }

  std::mutex m_mutex;
  std::deque<entry> m_jobs;  // guarded by m_mutex
  std::atomic<std::size_t> m_size{0};
  std::atomic<std::size_t> m_requests{0};  // entries with a seat request; written under m_mutex
};

}  // namespace ws::detail
