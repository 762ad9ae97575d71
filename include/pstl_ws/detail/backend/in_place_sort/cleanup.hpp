// SPDX-License-Identifier: MIT
// cleanup: the last phase of a sample sort level. After the permutation each
// bucket's full blocks lie at its first block-aligned position; what is left
// of its range (a head before them, a tail after them) is filled from the
// stripes' buffers and from its excess (the part of its last block that ran
// into the next bucket's range, or past the range's end). Two passes over
// the buckets, each in parallel: save every excess, then fill every bucket.
// docs/sample-sort.md#cleanup.
#pragma once

#include <algorithm>  // for std::min, std::max
#include <cstddef>
#include <iterator>  // for std::iter_difference_t
#include <vector>

#include "pstl_ws/detail/backend/in_place_sort/block_permutation.hpp"
#include "pstl_ws/detail/backend/in_place_sort/stripe.hpp"
#include "pstl_ws/detail/config.hpp"

namespace ws::detail {

/// Elements of bucket b's last full block that lie past its range's end.
template <class T>
std::size_t excess_of(const level_layout<T>& layout, std::size_t b) noexcept {
  const std::size_t end = layout.m_bucket_begin[b + 1];
  return layout.m_full_blocks[b] != 0 && layout.written_end(b) > end ? layout.written_end(b) - end : 0;
}

/// First pass, bucket b: moves its excess out of the way, into
/// layout.m_excess; when its last block went to the overflow, moves the rest
/// of that block to its place in the range. Touches only b's last block and
/// the overflow it may own, so every bucket can run it at once.
template <class It, class T>
void save_excess(It first, const level_layout<T>& layout, std::size_t b) noexcept {
  using diff = std::iter_difference_t<It>;
  const std::size_t excess = excess_of(layout, b);
  if (layout.m_full_blocks[b] == 0) {
    return;
  }
  const std::size_t end = layout.m_bucket_begin[b + 1];
  const std::size_t last_slot = layout.m_slot_begin[b] + layout.m_full_blocks[b] - 1;
  T* const saved = layout.m_excess + layout.m_excess_begin[b];
  if (layout.runs_past_end(last_slot)) {
    const std::size_t kept = layout.m_block - excess;  // the block starts before `end`: its bucket owns its first part
    move_out_of_slots(layout.m_overflow, kept, first + static_cast<diff>(end - kept));
    relocate_slots(layout.m_overflow + kept, excess, saved);
  } else {
    move_into_slots(first + static_cast<diff>(end), excess, saved);
  }
}

/// Second pass, bucket b: fills the positions of its range that its full
/// blocks do not cover, in order, from its saved excess and then from each
/// stripe's buffer. Writes only into b's own range, so every bucket can run
/// it at once (after every bucket's save_excess).
template <class It, class T>
void fill_bucket(It first, const level_layout<T>& layout, std::vector<stripe<T>>& stripes, std::size_t b) noexcept {
  using diff = std::iter_difference_t<It>;
  const std::size_t end = layout.m_bucket_begin[b + 1];
  const std::size_t head_end = std::min(layout.m_slot_begin[b] * layout.m_block, end);
  const std::size_t tail_begin = std::max(layout.written_end(b), head_end);
  std::size_t position = layout.m_bucket_begin[b];
  auto fill_from = [&](T* from, std::size_t count) {
    while (count != 0) {
      if (position == head_end) {
        position = tail_begin;
      }
      const std::size_t stop = position < head_end ? head_end : end;
      const std::size_t run = std::min(count, stop - position);
      PSTL_WS_ASSERT(run != 0);
      move_out_of_slots(from, run, first + static_cast<diff>(position));
      from += run;
      count -= run;
      position += run;
    }
  };
  fill_from(layout.m_excess + layout.m_excess_begin[b], excess_of(layout, b));
  for (stripe<T>& s : stripes) {
    fill_from(s.buffer(b), s.fill(b));
    s.clear(b);
  }
  PSTL_WS_ASSERT(position == end || (position == head_end && tail_begin >= end));
}

}  // namespace ws::detail
