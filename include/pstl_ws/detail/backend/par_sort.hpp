// SPDX-License-Identifier: MIT
// par_sort: the parallel unstable sort. A quicksort whose two parts are sorted
// with ws::join, whose top levels partition in parallel (par_partition), whose
// leaves run the bounded introsort, and which first recognises sorted and
// reverse-sorted inputs with one parallel pass. docs/algorithms.md#sort.
#pragma once

#include <algorithm>  // for std::min, std::iter_swap
#include <atomic>
#include <cstddef>
#include <iterator>  // for std::iter_difference_t

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_partition.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/join.hpp"

namespace ws::detail {

/// Whether pair_ok(i) holds for every i in [0, n); stops early (all leaves)
/// once one fails. In parallel when `parallel` (then on a worker).
template <class PairOk>
bool all_pairs(std::size_t n, PairOk pair_ok, bool parallel) {
  std::atomic<bool> failed{false};
  auto check = [&](std::size_t begin, std::size_t end) {
    for (std::size_t block = begin; block < end; block += k_presorted_block) {
      if (failed.load(std::memory_order_relaxed)) {  // relaxed: an early-exit hint
        return;
      }
      bool ok = true;
      for (std::size_t i = block; i < std::min(end, block + k_presorted_block); ++i) {
        ok &= pair_ok(i);
      }
      if (!ok) {
        failed.store(true, std::memory_order_relaxed);  // relaxed: read after par_for's joins, which order it
        return;
      }
    }
  };
  par_for_if(parallel, n, k_presorted_grain, check);
  return !failed.load(std::memory_order_relaxed);  // relaxed: par_for's joins (or this thread) ordered the stores
}

/// If [first, first + n) is already non-descending, or non-ascending (then it
/// is reversed), leaves it sorted and returns true. Costs a few dozen
/// comparisons on a random input and one pass on a sorted one, in parallel
/// when `parallel` (then on a worker).
template <class It, class Comp>
bool sort_if_presorted(It first, std::size_t n, Comp& comp, bool parallel) {
  using diff = std::iter_difference_t<It>;
  if (n < 2) {
    return true;
  }
  const auto at = [first](std::size_t i) -> decltype(auto) { return first[static_cast<diff>(i)]; };
  bool ascent = false;
  bool descent = false;
  for (std::size_t i = 0; i + 1 < std::min(n, k_presorted_probe); ++i) {
    ascent = ascent || comp(at(i), at(i + 1));
    descent = descent || comp(at(i + 1), at(i));
  }
  if (ascent && descent) {
    return false;
  }
  if (!descent && all_pairs(n - 1, [&](std::size_t i) { return !comp(at(i + 1), at(i)); }, parallel)) {
    return true;
  }
  if (!ascent && all_pairs(n - 1, [&](std::size_t i) { return !comp(at(i), at(i + 1)); }, parallel)) {
    auto reverse = [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        std::iter_swap(first + static_cast<diff>(i), first + static_cast<diff>(n - 1 - i));
      }
    };
    par_for_if(parallel, n / 2, k_presorted_grain, reverse);
    return true;
  }
  return false;
}

/// par_partition in the shape partition_around_front expects.
struct parallel_partition {
  template <class It, class Pred>
  It operator()(It first, It last, Pred pred) const {
    return par_partition(first, static_cast<std::size_t>(last - first), pred);
  }
  template <class It, class T, class Comp>
  It less(It first, It last, const T& pivot, Comp& comp) const {
    return (*this)(first, last, [&](const auto& x) { return comp(x, pivot); });
  }
};

/// Sorts [first, last) in parallel: one quicksort level, the two parts joined
/// down to parts of at most `leaf` elements.
template <class It, class Comp>
void par_quicksort(It first, It last, int depth_limit, Comp& comp, bool has_predecessor, std::size_t leaf) {
  if (distance_of(first, last) <= leaf || depth_limit == 0) {
    introsort(first, last, depth_limit, comp, has_predecessor);
    return;
  }
  move_pivot_to_front(first, last, comp);
  const partition_result<It> parts =
      last - first >= k_parallel_partition_min
          ? partition_around_front(first, last, comp, has_predecessor, parallel_partition())
          : partition_around_front(first, last, comp, has_predecessor, sequential_partition());
  ws::join([&] { par_quicksort(first, parts.m_left_end, depth_limit - 1, comp, has_predecessor, leaf); },
           [&] { par_quicksort(parts.m_right_begin, last, depth_limit - 1, comp, true, leaf); });
}

/// Sorts [first, first + n) by quicksort on the calling worker's pool, parts
/// of at most `leaf` elements (a plan's grain: k_sort_leaf by default) by one
/// thread, for any comparator: an inconsistent one leaves a permutation,
/// never an out-of-bounds access.
/// Exceptions: comp's, once every started part finished; the range is then a
/// permutation of its input.
template <class It, class Comp>
void par_sort(It first, std::size_t n, Comp& comp, std::size_t leaf) {
  par_quicksort(first, nth(first, n), sort_depth_limit(n), comp, false, leaf);
}

}  // namespace ws::detail
