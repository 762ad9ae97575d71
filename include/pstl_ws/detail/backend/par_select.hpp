// SPDX-License-Identifier: MIT
// par_select: the quickselect behind ws::nth_element and ws::partial_sort,
// whose partition steps run in parallel (par_partition) on long pieces and
// whose pivots come from a sample aimed just past the wanted rank.
// docs/algorithms.md#nth_element-and-the-partial-sorts.
#pragma once

#include <algorithm>  // for std::min, std::iter_swap
#include <bit>  // for std::bit_width
#include <cstddef>

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_sort.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// Moves to *first a pivot whose rank in [first, last) is near, and on the
/// side of the smaller part beyond, the rank of nth: from a sample of
/// n / 64 elements gathered at the front and sorted, the element about
/// 2 standard deviations past nth's rank in it (above when nth is in the
/// lower half, so that nth most likely ends in the lower part, and the other
/// way round). The next piece is then about min(k, n - k) elements, not n / 2.
template <class It, class Comp>
void move_sampled_pivot_to_front(It first, It nth, It last, Comp& comp) {
  const std::size_t n = distance_of(first, last);
  const std::size_t k = distance_of(first, nth);
  const std::size_t s = std::min(k_select_sample_max, n / 64);
  const std::size_t stride = (n - s) / s;
  for (std::size_t i = 0; i < s; ++i) {  // from the part past the sample: no element is moved twice
    std::iter_swap(detail::nth(first, i), detail::nth(first, s + i * stride));
  }
  const It sample_last = detail::nth(first, s);
  sequential_sort(first, sample_last, comp);
  const std::size_t target = k * s / n;
  const std::size_t margin = std::size_t{1} << (std::bit_width(s) / 2);  // about sqrt(s): 2 deviations
  const std::size_t rank = k < n / 2 ? std::min(s - 1, target + margin) : target - std::min(target, margin);
  std::iter_swap(first, detail::nth(first, rank));
}

/// One quickselect step on [first, last) around a pivot at *first:
/// partition_around_front (sort's, with its equal-keys case) in parallel or
/// not. Returns the parts as partition_around_front does.
template <class It, class Comp>
partition_result<It> select_step(It first, It nth, It last, Comp& comp, bool has_predecessor, bool parallel) {
  if (distance_of(first, last) >= k_select_sample_min) {
    move_sampled_pivot_to_front(first, nth, last, comp);
  } else {
    move_pivot_to_front(first, last, comp);
  }
  return parallel ? partition_around_front(first, last, comp, has_predecessor, parallel_partition())
                  : partition_around_front(first, last, comp, has_predecessor, sequential_partition());
}

/// Rearranges [first, last) so that *nth is what a sort would put there,
/// nothing before it is after it and nothing after it before it (nth != last).
/// Quickselect: each step partitions the piece holding nth (in parallel when
/// plan.parallel(piece) says so, for a plan of k_select_rule, then on a worker)
/// and keeps the part that holds it; a step whose pivot equals the element
/// before the piece gathers the equal elements, so few distinct values take few
/// steps. Pieces of at most k_insertion_sort_max elements are insertion-sorted;
/// past 2 log2 n steps the piece is sorted (par_sort with leaves of
/// plan.grain(), or the introsort), so O(n log n) at worst, O(n) expected.
/// Every loop is bounded by the range: any comparator leaves a permutation.
/// Exceptions: comp's, once every started part finished; the range is then a
/// permutation of its input.
template <class It, class Comp>
void select(It first, It nth, It last, Comp& comp, const split_plan& plan) {
  int depth_limit = sort_depth_limit(last - first);
  bool has_predecessor = false;
  while (last - first > k_insertion_sort_max) {
    const std::size_t n = distance_of(first, last);
    if (depth_limit-- == 0) {
      if (plan.parallel(n)) {
        par_sort(first, n, comp, plan.grain());
      } else {
        sequential_sort(first, last, comp);
      }
      return;
    }
    const partition_result<It> parts = select_step(first, nth, last, comp, has_predecessor, plan.parallel(n));
    if (nth < parts.m_left_end) {
      last = parts.m_left_end;
    } else if (nth >= parts.m_right_begin) {
      first = parts.m_right_begin;
      has_predecessor = true;
    } else {
      return;  // nth is the pivot or among the elements equal to it: in place
    }
  }
  insertion_sort(first, last, comp);
}

}  // namespace ws::detail
