// SPDX-License-Identifier: MIT
// splitter: how far the range drivers split a range into parallel pieces
// (rayon's adaptive Splitter with a minimum length). docs/algorithms.md#splitting.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>

namespace ws::detail {

/// Decides, at each node of a recursive split, whether to fork. It starts with
/// about as many splits as threads, so an undisturbed run makes ~2 pieces per
/// thread; a piece that migrated to another thread (its job was stolen, so
/// some thread ran out of work) re-arms it, so busy parts of the range split
/// further where they are needed. Pieces never go below min_len elements.
/// Copied into each half: every branch of the recursion has its own.
class splitter {
 public:
  splitter(std::size_t num_threads, std::size_t min_len) noexcept
      : m_splits(num_threads), m_num_threads(num_threads), m_min_len(std::max<std::size_t>(min_len, 1)) {}

  /// Whether a piece of `len` elements should be split in two, given whether
  /// it migrated since the last split.
  bool try_split(std::size_t len, bool migrated) noexcept {
    if (len / 2 < m_min_len) {
      return false;
    }
    if (migrated) {
      m_splits = std::max(m_num_threads, m_splits / 2);
      return true;
    }
    if (m_splits == 0) {
      return false;
    }
    m_splits /= 2;
    return true;
  }

 private:
  std::size_t m_splits;
  std::size_t m_num_threads;
  std::size_t m_min_len;
};

/// Set when an element function threw: leaves that have not started yet skip
/// their work. Only a hint (relaxed): the exception itself travels through
/// join, which orders everything.
class cancellation {
 public:
  void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }  // relaxed: a hint, see above
  [[nodiscard]] bool is_cancelled() const noexcept {
    return m_cancelled.load(std::memory_order_relaxed);  // relaxed: a hint, see above
  }

 private:
  std::atomic<bool> m_cancelled{false};
};

}  // namespace ws::detail
