// SPDX-License-Identifier: MIT
// ws::sort: a parallel radix sort for arithmetic keys with std::less or
// std::greater, a parallel quicksort (parallel partitioning at the top levels)
// for everything else. docs/algorithms.md#sort.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <type_traits>

#include "pstl_ws/detail/par_for.hpp"
#include "pstl_ws/detail/par_sort.hpp"
#include "pstl_ws/detail/radix_sort.hpp"
#include "pstl_ws/detail/sequential_sort.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Inputs shorter than this are sorted on the calling thread: below it, the
/// sequential introsort beats any split (a measured choice, see the docs).
inline constexpr std::size_t k_sort_parallel_threshold = 16384;

/// Whether a call sorts with the radix sort: contiguous arithmetic elements
/// compared by one of the comparators radix_direction_v knows.
template <class It, class Comp>
inline constexpr bool uses_radix_sort_v =
    std::contiguous_iterator<It> && radix_sortable<std::iter_value_t<It>> &&
    radix_direction_v<Comp, std::iter_value_t<It>> != 0;

template <std::random_access_iterator It, class Comp>
void sort_parallel(It first, std::size_t n, Comp& comp) {
  if (sort_if_presorted(first, n, comp)) {
    return;
  }
  if constexpr (uses_radix_sort_v<It, Comp>) {
    using value = std::iter_value_t<It>;
    if (auto buffer = try_allocate_radix_buffer<value>(n)) {
      radix_sort<value, radix_direction_v<Comp, value>>(std::to_address(first), buffer.get(), n);
      return;
    }
  }
  par_sort(first, n, comp);
}

}  // namespace detail

/// Sorts [first, last) by comp into non-descending order; equal elements may
/// be reordered. Random-access iterators only.
/// Under a parallel policy: a parallel radix sort when the elements are
/// contiguous arithmetic values compared by std::less, std::greater (also
/// std::less<>, std::ranges::less, ...), else a parallel quicksort whose top
/// levels partition in parallel. Sorted and reverse-sorted inputs take one
/// parallel pass. Sequential policies and short inputs run a bounded introsort
/// on the calling thread.
/// Complexity: O(n log n) comparisons (radix: O(n * sizeof(T))); span
/// O(n / threads + log^2 n) for the quicksort.
/// Bad input: a comparator that is not a strict weak ordering (say `<=`, or
/// random answers) never causes an out-of-bounds access, a crash or a hang:
/// the range is then left holding a permutation of its input.
/// Exceptions: comp's (or a move's) first exception, once every started part
/// has finished; the range is then a permutation of its input. Unlike
/// std::execution::par, which calls std::terminate.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
void sort(basic_policy<Kind> policy, It first, It last, Comp comp) {
  const auto n = static_cast<std::size_t>(last - first);
  if (!basic_policy<Kind>::is_parallel || n < detail::k_sort_parallel_threshold) {
    detail::sequential_sort(first, last, comp);
    return;
  }
  auto body = [&] { detail::sort_parallel(first, n, comp); };
  detail::run_on_pool(policy, body);
}

/// sort with std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
void sort(basic_policy<Kind> policy, It first, It last) {
  ws::sort(policy, first, last, std::less<>());
}

}  // namespace ws
