// SPDX-License-Identifier: MIT
// par_partition: an in-place partition whose span is O(n / threads + log n),
// so that the top levels of the parallel quicksort are not a serial pass over
// the whole input (as they are in TBB's parallel_sort and rayon's
// par_sort_unstable). docs/algorithms.md#parallel-partition.
#pragma once

#include <algorithm>  // for std::upper_bound, std::max, std::min, ...
#include <cstddef>
#include <iterator>  // for std::iter_difference_t
#include <vector>

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// A run [m_begin, m_begin + m_size) of positions holding elements on the
/// wrong side of the final boundary.
struct misplaced_run {
  std::size_t m_begin;
  std::size_t m_size;
};

/// The runs of misplaced positions on one side, with m_offsets[r] = how many
/// misplaced positions come before run r (so a leaf can find its share).
class misplaced_runs {
 public:
  void add(std::size_t begin, std::size_t end) {
    if (begin < end) {
      m_offsets.push_back(m_total);
      m_runs.push_back({begin, end - begin});
      m_total += end - begin;
    }
  }
  [[nodiscard]] std::size_t total() const noexcept { return m_total; }

  /// Walks the misplaced positions in order, starting at number k.
  class cursor {
   public:
    cursor(const misplaced_runs& runs, std::size_t k) : m_runs(&runs.m_runs) {
      const auto& offsets = runs.m_offsets;
      m_run = static_cast<std::size_t>(std::upper_bound(offsets.begin(), offsets.end(), k) - offsets.begin()) - 1;
      m_within = k - offsets[m_run];
    }
    [[nodiscard]] std::size_t position() const noexcept { return (*m_runs)[m_run].m_begin + m_within; }
    void advance() noexcept {
      if (++m_within == (*m_runs)[m_run].m_size) {
        ++m_run;
        m_within = 0;
      }
    }

   private:
    const std::vector<misplaced_run>* m_runs;
    std::size_t m_run;
    std::size_t m_within;
  };

 private:
  std::vector<misplaced_run> m_runs;
  std::vector<std::size_t> m_offsets;
  std::size_t m_total = 0;
};

/// Reorders [first, first + n) so that the elements satisfying pred come
/// first; returns the boundary. Must run on a worker. Two phases: each chunk
/// partitions itself in parallel; then the elements of the right kind on the
/// wrong side of the global boundary are swapped pairwise in parallel (there
/// are as many misplaced "left" elements on the right as "right" ones on the
/// left). Only counts of what each chunk's partition produced are used, never
/// pred again, so any pred (even an inconsistent one) yields a permutation.
/// Exceptions: pred's, after every started chunk finished; the range is then a
/// permutation of its input. std::bad_alloc for the bookkeeping vectors.
template <class It, class Pred>
It par_partition(It first, std::size_t n, Pred& pred) {
  using diff = std::iter_difference_t<It>;
  const std::size_t chunks = std::max<std::size_t>(2, n / k_partition_chunk);
  const auto chunk_begin = [n, chunks](std::size_t c) { return n / chunks * c + std::min(c, n % chunks); };
  std::vector<std::size_t> left_counts(chunks);
  auto partition_chunks = [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      const It chunk = first + static_cast<diff>(chunk_begin(c));
      const It chunk_end = first + static_cast<diff>(chunk_begin(c + 1));
      left_counts[c] = static_cast<std::size_t>(std::partition(chunk, chunk_end, pred) - chunk);
    }
  };
  par_for(chunks, 1, partition_chunks);

  std::size_t boundary = 0;
  for (std::size_t count : left_counts) {
    boundary += count;
  }
  misplaced_runs right_on_left;  // right-kind elements below the boundary
  misplaced_runs left_on_right;  // left-kind elements at or above it
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t split = chunk_begin(c) + left_counts[c];
    right_on_left.add(split, std::min(chunk_begin(c + 1), boundary));
    left_on_right.add(std::max(chunk_begin(c), boundary), split);
  }
  PSTL_WS_ASSERT(right_on_left.total() == left_on_right.total());

  auto swap_misplaced = [&](std::size_t begin, std::size_t end) {
    if (begin == end) {
      return;  // nothing misplaced at all
    }
    misplaced_runs::cursor wrong_left(right_on_left, begin);
    misplaced_runs::cursor wrong_right(left_on_right, begin);
    for (std::size_t k = begin; k < end; ++k, wrong_left.advance(), wrong_right.advance()) {
      std::iter_swap(first + static_cast<diff>(wrong_left.position()), first + static_cast<diff>(wrong_right.position()));
    }
  };
  par_for(right_on_left.total(), k_partition_swap_grain, swap_misplaced);
  return first + static_cast<diff>(boundary);
}

}  // namespace ws::detail
