// SPDX-License-Identifier: MIT
// ws::sort: a parallel radix sort for arithmetic keys with std::less or
// std::greater, the in-place parallel sample sort for the other comparisons,
// a parallel quicksort for element types the sample sort does not take.
// docs/algorithms.md#sort.
#pragma once

#include <cstddef>
#include <functional>  // for std::less
#include <iterator>  // for std::contiguous_iterator, std::iter_value_t, std::random_access_iterator, ...
#include <memory>  // for std::to_address

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/par_sort.hpp"
#include "pstl_ws/detail/backend/radix_sort.hpp"
#include "pstl_ws/detail/backend/in_place_sort/in_place_radix_sort.hpp"
#include "pstl_ws/detail/backend/in_place_sort/pair_less.hpp"
#include "pstl_ws/detail/backend/in_place_sort/sample_sort.hpp"
#include "pstl_ws/detail/backend/in_place_sort/string_order.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Whether a call sorts with the radix sort: contiguous elements, arithmetic
/// and compared by one of the comparators radix_direction_v knows, or
/// compared by such a comparator on an arithmetic key a projection gives
/// (radix_sorts_v).
template <class It, class Comp>
inline constexpr bool uses_radix_sort_v = std::contiguous_iterator<It> && radix_sorts_v<Comp, std::iter_value_t<It>>;

/// The shortest input that takes the radix sort (on the calling thread too),
/// for keys of `key_bytes` bytes: every pass has a fixed cost of a few hundred
/// bucket operations, and below this size the introsort is faster (measured,
/// see the docs): 40 elements for 1-byte keys, 64 for 4-byte, 96 for 8-byte.
constexpr std::size_t radix_sort_min(std::size_t key_bytes) noexcept { return 32 + 8 * key_bytes; }

/// Sorts [first, first + n) with the radix sort, in parallel when `parallel`
/// (then on a worker), if the call qualifies (uses_radix_sort_v, at least
/// radix_sort_min elements); returns whether it did. Stable (stable_sort):
/// the buffered radix sort, if its buffer can be allocated. Else (sort):
/// the in-place radix sort, `grain` its stripes' smallest (8 grains), which
/// needs no buffer of n. Exceptions: std::bad_alloc for the buffered radix
/// sort's counters.
template <bool Stable, std::random_access_iterator It, class Comp>
bool try_radix_sort([[maybe_unused]] It first, [[maybe_unused]] std::size_t n, [[maybe_unused]] bool parallel,
                    [[maybe_unused]] const Comp& comp, [[maybe_unused]] std::size_t grain) {
  if constexpr (uses_radix_sort_v<It, Comp>) {
    const auto order = radix_order_of<std::iter_value_t<It>>(comp);
    if (n >= radix_sort_min(sizeof(typename decltype(order)::key_type))) {
      if constexpr (Stable) {
        return radix_sort(std::to_address(first), n, parallel, order);
      } else {
        in_place_radix_sort(std::to_address(first), n, grain, parallel, order);
        return true;
      }
    }
  }
  return false;
}

/// Sorts [first, first + n) by comparisons, in parallel when `parallel`
/// (then on a worker): the sample sort, down to ranges of `leaf` elements,
/// for the element types it takes (sample_sortable_v), by the string order
/// for strings under std::less (string_sorts_v), by pair_less for pairs of
/// arithmetic values under std::less or std::greater, else by comp; other types
/// take the quicksort (parallel) or the introsort. Calls the radix sort
/// takes come here only below radix_sort_min (at most 96 elements): those
/// take the introsort, and the sample sort is not instantiated for them.
template <std::random_access_iterator It, class Comp>
void comparison_sort(It first, std::size_t n, Comp& comp, std::size_t leaf, bool parallel) {
  using T = std::iter_value_t<It>;
  if constexpr (uses_radix_sort_v<It, Comp>) {
    sequential_sort(first, first + static_cast<std::iter_difference_t<It>>(n), comp);
  } else if constexpr (sample_sortable_v<T> && string_sorts_v<Comp, T>) {
    sample_sort(first, n, string_order<T>(), leaf, parallel, sort_depth_limit(n));
  } else if constexpr (sample_sortable_v<T> && pair_less_applies_v<Comp, T>) {
    pair_less<radix_direction_v<Comp, T>> less;
    sample_sort(first, n, comparison_order<T, decltype(less)>(less), leaf, parallel, sort_depth_limit(n));
  } else if constexpr (sample_sortable_v<T>) {
    sample_sort(first, n, comparison_order<T, Comp>(comp), leaf, parallel, sort_depth_limit(n));
  } else if (parallel) {
    par_sort(first, n, comp, leaf);
  } else {
    sequential_sort(first, first + static_cast<std::iter_difference_t<It>>(n), comp);
  }
}

/// Sorts [first, first + n) on the calling thread: presorted, radix or
/// comparison_sort.
template <std::random_access_iterator It, class Comp>
void sort_on_caller(It first, std::size_t n, Comp& comp) {
  if (sort_if_presorted(first, n, comp, false)) {
    return;
  }
  if (!try_radix_sort<false>(first, n, false, comp, std::size_t{k_sort_leaf})) {
    comparison_sort(first, n, comp, std::size_t{k_sort_leaf}, false);
  }
}

/// Sorts [first, first + n) on the pool (must run on a worker), `leaf` the
/// grain of comparison_sort. Out of line:
/// inlined into the body ws::sort hands the pool, the radix sort of 10^6 and
/// 10^7 keys measured 3-10% slower (the harness, builds run alternately).
template <std::random_access_iterator It, class Comp>
[[gnu::noinline]] void sort_parallel(It first, std::size_t n, Comp& comp, std::size_t leaf) {
  if (sort_if_presorted(first, n, comp, true) || try_radix_sort<false>(first, n, true, comp, leaf)) {
    return;
  }
  comparison_sort(first, n, comp, leaf, true);
}

}  // namespace detail

/// Sorts [first, last) by comp into non-descending order; equal elements may
/// be reordered. Random-access iterators only.
/// Under a parallel policy: a parallel in-place radix sort when the elements
/// are contiguous arithmetic values compared by std::less, std::greater (also
/// std::less<>, std::ranges::less, ...); else, for copy-constructible
/// elements whose moves cannot throw, an in-place parallel sample sort
/// (docs/sample-sort.md; std::string and std::string_view under std::less
/// compare 8 characters at a time past the prefix a bucket shares); else a
/// parallel quicksort whose top levels partition in parallel. Sorted and
/// reverse-sorted inputs take one pass.
/// Sequential policies and short inputs (below k_sort_parallel_threshold
/// elements, k_radix_sort_parallel_threshold for the radix sort; tuning.hpp;
/// below 2 x grain when the policy sets one) run on the calling thread: the
/// radix sort where it applies (from a few dozen elements), else the sample
/// sort on one thread, else a bounded introsort. The grain (k_sort_leaf by
/// default) sets the smallest stripe of a parallel sample sort or radix sort
/// level (8 grains) and the quicksort's parts sorted by one thread.
/// Complexity: O(n log n) comparisons (radix: O(n * sizeof(T))); extra
/// memory a few block buffers and up to 2^16 elements (or 512 KiB of smaller
/// ones) per thread, whatever n (radix sort and sample sort:
/// docs/sample-sort.md#memory); span
/// O(n / threads + log^2 n) for the quicksort.
/// Bad input: a comparator that is not a strict weak ordering (say `<=`, or
/// random answers) never causes an out-of-bounds access, a crash or a hang:
/// the range is then left holding a permutation of its input.
/// Exceptions: comp's (or a move's) first exception, once every started part
/// has finished; the range is then a permutation of its input. Unlike
/// std::execution::par, which calls std::terminate.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
  requires std::sortable<It, Comp>
void sort(basic_policy<Kind> policy, It first, It last, Comp comp) {
  const auto n = static_cast<std::size_t>(last - first);
  const detail::split_plan plan(policy, n,
                                detail::uses_radix_sort_v<It, Comp> ? detail::k_radix_sort_rule : detail::k_sort_rule);
  const auto base = detail::contiguous_base(first);
  plan.run([&] { detail::sort_parallel(base, n, comp, plan.grain()); },
           [&] { detail::sort_on_caller(base, n, comp); });
}

/// sort with std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
  requires std::sortable<It, std::less<>>
void sort(basic_policy<Kind> policy, It first, It last) {
  ws::sort(policy, first, last, std::less<>());
}

}  // namespace ws
