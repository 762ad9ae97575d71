// SPDX-License-Identifier: MIT
// sequential_sort: the introsort that sorts the leaves of the parallel sort
// (and all of a call that does not run in parallel). Unlike libstdc++'s
// std::sort, whose unguarded loops run off the range when the comparator is
// not a strict weak ordering, every loop here is bounded by the range itself,
// so any comparator leaves a permutation of the input. docs/algorithms.md#sort.
#pragma once

#include <algorithm>  // for std::iter_swap, std::partition
#include <bit>  // for std::bit_width
#include <cstddef>
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// The depth after which quicksort gives up on pivots and heapsorts: 2 log2 n,
/// so adversarial inputs still take O(n log n).
template <class Size>
int sort_depth_limit(Size n) noexcept {
  return 2 * static_cast<int>(std::bit_width(static_cast<std::size_t>(n)));
}

/// Inserts each element of [sorted_end, last) into the sorted
/// [first, sorted_end) (not empty), bounded by the range for any comparator.
/// The element being inserted is held in a local; the hole it leaves is
/// filled by a destructor, so a comparator that throws still leaves a
/// permutation.
template <class It, class Comp>
void insert_sorted(It first, It sorted_end, It last, Comp& comp) {
  for (It i = sorted_end; i != last; ++i) {
    if (!comp(*i, *(i - 1))) {
      continue;
    }
    std::iter_value_t<It> value = std::move(*i);
    struct hole {
      It m_position;
      std::iter_value_t<It>& m_value;
      ~hole() { *m_position = std::move(m_value); }
    } gap{i, value};
    do {
      *gap.m_position = std::move(*(gap.m_position - 1));
      --gap.m_position;
    } while (gap.m_position != first && comp(value, *(gap.m_position - 1)));
  }
}

/// Insertion sort (insert_sorted from the first element on): O(n^2).
template <class It, class Comp>
void insertion_sort(It first, It last, Comp& comp) {
  if (first != last) {
    insert_sorted(first, first + 1, last, comp);
  }
}

/// Orders *a, *b, *c so that *b is their median (by swaps).
template <class It, class Comp>
void sort3(It a, It b, It c, Comp& comp) {
  if (comp(*b, *a)) std::iter_swap(a, b);
  if (comp(*c, *b)) std::iter_swap(b, c);
  if (comp(*b, *a)) std::iter_swap(a, b);
}

/// Moves a pivot (median of three, or ninther for large ranges) to *first.
template <class It, class Comp>
void move_pivot_to_front(It first, It last, Comp& comp) {
  const auto n = last - first;
  const It mid = first + n / 2;
  if (n >= k_ninther_min) {
    const auto step = n / 8;
    sort3(first + 1, first + step, first + 2 * step, comp);
    sort3(mid - step, mid, mid + step, comp);
    sort3(last - 1 - 2 * step, last - 1 - step, last - 1, comp);
    sort3(first + step, mid, last - 1 - step, comp);
  } else {
    sort3(first + 1, mid, last - 1, comp);
  }
  std::iter_swap(first, mid);
}

/// The outcome of partitioning around the pivot: [first, left_end) goes left,
/// [right_begin, last) goes right, and what lies between is in its final place.
template <class It>
struct partition_result {
  It m_left_end;
  It m_right_begin;
};

/// Partitions [first, last) around the pivot at *first. `partition` provides
/// two operations on a range that excludes the pivot: less(first, last, pivot,
/// comp) puts the elements that go before the pivot first, and (first, last,
/// pred) puts those satisfying pred first; both return the boundary.
/// If the pivot equals the element before the range (`has_predecessor`: the
/// range is the right part of an earlier partition, so nothing in it is
/// smaller), the elements equal to it are gathered instead and need no further
/// sorting, which keeps inputs with few distinct values O(n log k) (pdqsort's
/// partition_equal).
template <class It, class Comp, class Partition>
partition_result<It> partition_around_front(It first, It last, Comp& comp, bool has_predecessor,
                                            const Partition& partition) {
  auto& pivot = *first;  // does not move while [first + 1, last) is partitioned
  if (has_predecessor && !comp(*(first - 1), pivot)) {
    const It equal_end = partition(first + 1, last, [&](const auto& x) { return !comp(pivot, x); });
    return {first, equal_end};
  }
  const It mid = partition.less(first + 1, last, pivot, comp);
  std::iter_swap(first, mid - 1);
  return {mid - 1, mid};
}

/// The sequential partitions: Hoare's scheme with both scans bounded by each
/// other (so no sentinel is needed and no comparator can push them out of
/// the range), and std::partition, which is bounded too.
struct sequential_partition {
  template <class It, class Pred>
  It operator()(It first, It last, Pred pred) const {
    return std::partition(first, last, pred);
  }

  /// [first, result) holds elements not after the pivot, [result, last)
  /// elements not before it; equal elements stop both scans, which keeps
  /// partitions of repeated values balanced.
  template <class It, class T, class Comp>
  It less(It first, It last, const T& pivot, Comp& comp) const {
    It lo = first;
    It hi = last - 1;
    for (;;) {
      while (lo <= hi && comp(*lo, pivot)) {
        ++lo;
      }
      while (lo <= hi && comp(pivot, *hi)) {
        --hi;
      }
      if (lo >= hi) {
        return lo;
      }
      std::iter_swap(lo, hi);
      ++lo;
      --hi;
    }
  }
};

/// Moves the element at `root` down the max-heap [first, first + n) until
/// neither child is greater. By swaps, not through a held element (as
/// std::make_heap and std::sort_heap do), so a comparator that throws leaves
/// a permutation; bounded by n for any comparator.
template <class It, class Comp>
void sift_down(It first, std::iter_difference_t<It> root, std::iter_difference_t<It> n, Comp& comp) {
  for (auto child = 2 * root + 1; child < n; child = 2 * root + 1) {
    if (child + 1 < n && comp(first[child], first[child + 1])) {
      ++child;
    }
    if (!comp(first[root], first[child])) {
      return;
    }
    std::iter_swap(first + root, first + child);
    root = child;
  }
}

/// Heapsort of [first, last): O(n log n) for any input, and a permutation for
/// any comparator, throwing or not.
template <class It, class Comp>
void heapsort(It first, It last, Comp& comp) {
  const auto n = last - first;
  for (auto root = n / 2; root-- > 0;) {
    sift_down(first, root, n, comp);
  }
  for (auto end = n; end-- > 1;) {
    std::iter_swap(first, first + end);
    sift_down(first, decltype(n){0}, end, comp);
  }
}

/// Introsort of [first, last): quicksort with the partition above, recursing
/// into the smaller part and looping on the larger (O(log n) stack), heapsort
/// past depth_limit, insertion sort for small ranges.
template <class It, class Comp>
void introsort(It first, It last, int depth_limit, Comp& comp, bool has_predecessor) {
  while (last - first > k_insertion_sort_max) {
    if (depth_limit == 0) {
      heapsort(first, last, comp);
      return;
    }
    --depth_limit;
    move_pivot_to_front(first, last, comp);
    const partition_result<It> parts = partition_around_front(first, last, comp, has_predecessor, sequential_partition());
    if (parts.m_left_end - first < last - parts.m_right_begin) {
      introsort(first, parts.m_left_end, depth_limit, comp, has_predecessor);
      first = parts.m_right_begin;
      has_predecessor = true;
    } else {
      introsort(parts.m_right_begin, last, depth_limit, comp, true);
      last = parts.m_left_end;
    }
  }
  insertion_sort(first, last, comp);
}

/// Sorts [first, last) on the calling thread. O(n log n) for any input.
template <class It, class Comp>
void sequential_sort(It first, It last, Comp& comp) {
  introsort(first, last, sort_depth_limit(last - first), comp, false);
}

}  // namespace ws::detail
