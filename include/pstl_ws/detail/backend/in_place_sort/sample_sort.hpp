// SPDX-License-Identifier: MIT
// sample_sort: the comparison sort of ws::sort, an in-place samplesort after
// the design of IPS4o (Axtmann, Witt, Ferizovic, Sanders, 2022), written for
// this pool. One level draws a sample and builds its search tree
// (classifier.hpp), splits the range in place into up to 2 ×
// 2^k_sample_sort_log_buckets buckets (split.hpp, or in_cache_split.hpp for
// small levels), then sorts every bucket the same way, in parallel, down to
// the introsort. docs/sample-sort.md.
#pragma once

#include <algorithm>  // for std::min, std::max
#include <cstddef>
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <new>  // for std::bad_alloc
#include <optional>
#include <type_traits>  // for std::is_copy_constructible_v, std::is_nothrow_move_constructible_v, ...

#include "pstl_ws/detail/backend/in_place_sort/classifier.hpp"
#include "pstl_ws/detail/backend/in_place_sort/in_cache_split.hpp"
#include "pstl_ws/detail/backend/in_place_sort/sample_order.hpp"
#include "pstl_ws/detail/backend/in_place_sort/split.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_sort.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// Whether the sample sort takes elements of type T: it copies the
/// splitters, and it moves elements through buffers, which only a move that
/// cannot throw leaves recoverable. Other types take the quicksort.
template <class T>
inline constexpr bool sample_sortable_v = std::is_copy_constructible_v<T> &&
                                          std::is_nothrow_move_constructible_v<T> &&
                                          std::is_nothrow_move_assignable_v<T>;

/// Sorts [first, first + n) by `order` (a sample_order: the comparator's,
/// comparison_order, or the string order): ranges of up to 2 ×
/// Order::base_case elements by the order's sort_small, ranges past
/// `depth_limit` levels by the introsort; others by one level of
/// split_into_buckets and then each bucket the same way, by the bucket's
/// order. In parallel when
/// `parallel` (then on a worker): a level over at least
/// two stripes of k_sample_sort_grains_per_stripe × `grain` elements runs on
/// one stripe per pool thread, and buckets are sorted in parallel. A level of
/// at most k_sample_sort_in_cache elements on one thread splits in cache,
/// in `room` (taken for its size when null, and lent to the levels below).
/// Falls back to the quicksort when a level's memory cannot be had, and to
/// the introsort when a level leaves every element in one bucket (a
/// comparator that is no strict weak order can do that).
/// Exceptions: the comparator's, once every started part finished, the range
/// a permutation of its input.
template <class It, class Order, class T = std::iter_value_t<It>>
  requires sample_order<Order, T>
void sample_sort(It first, std::size_t n, const Order& order, std::size_t grain, bool parallel, int depth_limit,
                 const cache_room<T>* room = nullptr) {
  using diff = std::iter_difference_t<It>;
  const It last = first + static_cast<diff>(n);
  auto&& comp = order.comparator();
  if (n <= 2 * Order::base_case) {
    order.sort_small(first, last);
    return;
  }
  if (depth_limit == 0) {
    introsort(first, last, sort_depth_limit(n), comp, false);
    return;
  }
  const std::size_t stripe_min = k_sample_sort_grains_per_stripe * grain;
  const std::size_t stripes = parallel ? std::min(current_num_threads(), n / stripe_min) : 1;
  parallel = stripes > 1;
  const bool in_cache = !parallel && n <= k_sample_sort_in_cache;
  if (in_cache && room == nullptr) {
    const cache_room<T> own(n);
    if (!own.empty()) {
      sample_sort(first, n, order, grain, false, depth_limit, &own);
    } else {
      introsort(first, last, sort_depth_limit(n), comp, false);
    }
    return;
  }
  std::optional<classifier<T, Order>> tree;
  std::optional<bucket_split> split;
  try {
    tree.emplace(first, n, sample_sort_log_buckets(n, Order::base_case), order);
  } catch (const std::bad_alloc&) {
  }
  if (tree) {
    split = in_cache ? split_in_cache(first, n, *tree, *room)
                     : split_into_buckets(first, n, *tree, std::max<std::size_t>(stripes, 1), parallel);
  }
  if (!split) {
    if (parallel) {
      par_quicksort(first, last, sort_depth_limit(n), comp, false, grain);
    } else {
      introsort(first, last, sort_depth_limit(n), comp, false);
    }
    return;
  }
  const std::size_t buckets = split->m_done.size();
  for (std::size_t b = 0; b < buckets; ++b) {
    if (split->m_begin[b + 1] - split->m_begin[b] == n && !split->m_done[b]) {
      introsort(first, last, sort_depth_limit(n), comp, false);  // no progress: not a strict weak order
      return;
    }
  }
  auto sort_buckets = [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t size = split->m_begin[b + 1] - split->m_begin[b];
      if (!split->m_done[b] && size > 1) {
        sample_sort(first + static_cast<diff>(split->m_begin[b]), size, tree->bucket_order(b), grain, parallel,
                    depth_limit - 1, in_cache ? room : nullptr);
      }
    }
  };
  par_for_if(parallel, buckets, 1, sort_buckets);
}

}  // namespace ws::detail
