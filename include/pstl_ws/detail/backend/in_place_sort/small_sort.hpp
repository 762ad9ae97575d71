// SPDX-License-Identifier: MIT
// small_sort: the sample sort's base case for elements that are cheap to
// copy. An insertion sort of a last-level bucket mispredicts the end of
// nearly every insertion; here comparisons pick indices instead of
// branches. A merge sort on the stack: runs of four sorted by a network,
// merged pairwise, each merge filling its output from both ends at once
// (the front takes the least element left, the back the greatest, so
// neither tests whether a run is used up). Cheap enough per element that
// the comparison order's buckets aim at 64 elements, not 16, which saves
// a level of the sample sort. docs/sample-sort.md#the-base-case.
#pragma once

#include <cstddef>  // for std::byte
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <new>  // for std::launder
#include <type_traits>  // for std::is_trivially_copy_constructible_v, ...

#include "pstl_ws/detail/backend/in_place_sort/branch_free.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/config.hpp"

namespace ws::detail {

/// Whether small_sort takes elements of type T: a byte array can hold them
/// (trivially copy-constructible and destructible), a copy cannot throw, and
/// they are small enough that copying each a few times costs less than an
/// insertion sort's shifts and mispredictions.
template <class T>
inline constexpr bool small_sortable_v = std::is_trivially_copy_constructible_v<T> &&
                                         std::is_trivially_destructible_v<T> &&
                                         std::is_nothrow_copy_assignable_v<T> && sizeof(T) <= k_small_sort_max_bytes;

/// The most elements small_sort sorts: twice its base case, the most a
/// last-level bucket holds before it takes another level.
inline constexpr std::size_t k_small_sort_max = 2 * k_small_sort_base_case;

/// Sorts src[0, 4) into dst[0, 4) by five comparisons (src an iterator or
/// a pointer, not overlapping dst). Whatever the comparator answers, dst
/// gets each element once.
template <class Src, class T, class Comp>
[[gnu::always_inline]] inline void sort4_into(Src src, T* dst, Comp& comp) {
  const bool swap_low = flag_of(comp, src[1], src[0]);
  const bool swap_high = flag_of(comp, src[3], src[2]);
  const std::ptrdiff_t low_min = swap_low;
  const std::ptrdiff_t low_max = !swap_low;
  const std::ptrdiff_t high_min = 2 + std::ptrdiff_t{swap_high};
  const std::ptrdiff_t high_max = 2 + std::ptrdiff_t{!swap_high};
  const bool min_is_high = flag_of(comp, src[high_min], src[low_min]);
  const bool max_is_high = !flag_of(comp, src[high_max], src[low_max]);
  // The middle two are the losers of those two contests, in either order.
  const std::ptrdiff_t a = pick(min_is_high, low_min, high_min);
  const std::ptrdiff_t b = pick(max_is_high, low_max, high_max);
  const bool swap_middle = flag_of(comp, src[b], src[a]);
  dst[0] = src[pick(min_is_high, high_min, low_min)];
  dst[1] = src[pick(swap_middle, b, a)];
  dst[2] = src[pick(swap_middle, a, b)];
  dst[3] = src[pick(max_is_high, high_max, low_max)];
}

/// Merges the sorted runs src[0, n / 2) and src[n / 2, n) into out[0, n)
/// (an iterator or a pointer that does not overlap src): step i of n / 2
/// writes the i-th least element at the front and the i-th greatest at the
/// back, and an odd n leaves the middle one for last. Every read stays in
/// src whatever the comparator answers: after i steps the front has taken
/// i elements, so its cursor in the right run is below n / 2 + i < n, and
/// the back's cursor in the left run is at least n / 2 - 1 - i >= 0.
/// Returns whether the cursors met, as they do under a strict weak order;
/// if not, out may hold some elements twice and miss others.
template <class T, class Out, class Comp>
[[nodiscard]] bool merge_from_both_ends(T* src, std::size_t n, Out out, Comp& comp) {
  const auto half = static_cast<std::ptrdiff_t>(n / 2);
  std::ptrdiff_t left = 0;
  std::ptrdiff_t right = half;
  std::ptrdiff_t left_back = half - 1;
  std::ptrdiff_t right_back = static_cast<std::ptrdiff_t>(n) - 1;
  for (std::ptrdiff_t front = 0; front < half; ++front) {
    const bool take_right = flag_of(comp, src[right], src[left]);
    out[front] = src[pick(take_right, right, left)];
    right += take_right;
    left += !take_right;
    const bool take_left = flag_of(comp, src[right_back], src[left_back]);
    out[static_cast<std::ptrdiff_t>(n) - 1 - front] = src[pick(take_left, left_back, right_back)];
    left_back -= take_left;
    right_back -= !take_left;
  }
  if (n % 2 != 0) {
    const bool left_remains = left <= left_back;
    out[half] = src[pick(left_remains, left, right)];
    left += left_remains;
    right += !left_remains;
  }
  return left == left_back + 1 && right == right_back + 1;
}

/// Sorts in[0, size), 4 <= size, into out[0, size), using other[0, size)
/// as scratch: runs below 8 elements by a network of four and insertion of
/// the rest, longer ones as two halves sorted into `other` and merged.
/// Returns false, out unfinished, when a merge finds the comparator is no
/// strict weak order; `in` is only read.
template <class Src, class T, class Comp>
[[nodiscard]] bool sort_run(Src in, std::size_t size, T* out, T* other, Comp& comp) {
  if (size < 8) {
    detail::sort4_into(in, out, comp);
    for (std::size_t i = 4; i < size; ++i) {
      out[i] = in[static_cast<std::iter_difference_t<Src>>(i)];
    }
    detail::insert_sorted(out, out + 4, out + size, comp);
    return true;
  }
  const std::size_t half = size / 2;
  return detail::sort_run(in, half, other, out, comp) &&
         detail::sort_run(in + static_cast<std::iter_difference_t<Src>>(half), size - half, other + half, out + half,
                          comp) &&
         detail::merge_from_both_ends(other, size, out, comp);
}

/// Sorts [first, last), at most k_small_sort_max elements of a
/// small_sortable_v type, by comp: below 8 elements by insertion sort; else
/// by a merge sort on the stack (sort_run) whose last merge writes the
/// range. About n log2 n comparisons, none of them a branch in the networks
/// and merges. The range is written only by that last merge, so whatever
/// the comparator answers or throws, it is left a permutation of its input
/// (sorted if the comparator is a strict weak order); exceptions: the
/// comparator's.
template <class It, class Comp>
void small_sort(It first, It last, Comp& comp) {
  using T = std::iter_value_t<It>;
  const auto n = static_cast<std::size_t>(last - first);
  if (n < 8) {
    detail::insertion_sort(first, last, comp);
    return;
  }
  PSTL_WS_ASSERT(n <= k_small_sort_max);
  alignas(T) std::byte storage[2 * k_small_sort_max * sizeof(T)];
  T* const halves = std::launder(reinterpret_cast<T*>(storage));
  T* const other = halves + k_small_sort_max;
  const std::size_t half = n / 2;
  if (!detail::sort_run(first, half, halves, other, comp) ||
      !detail::sort_run(first + static_cast<std::iter_difference_t<It>>(half), n - half, halves + half, other + half,
                        comp)) {
    return;  // not a strict weak order: the range stays as it was
  }
  const auto restore = [&] {
    for (std::size_t i = 0; i < n; ++i) {
      first[static_cast<std::iter_difference_t<It>>(i)] = halves[i];
    }
  };
  try {
    if (detail::merge_from_both_ends(halves, n, first, comp)) {
      return;
    }
  } catch (...) {
    restore();
    throw;
  }
  restore();  // not a strict weak order: halves holds each element once
}

}  // namespace ws::detail
