// SPDX-License-Identifier: MIT
// ws::is_sorted, is_sorted_until, is_heap, is_heap_until and is_partitioned:
// each the search for the first element out of place, over par_find.
// docs/algorithms.md#par_find.
#pragma once

#include <algorithm>  // for std::is_heap_until
#include <cstddef>
#include <functional>  // for std::less

#include "pstl_ws/algorithm/all_of.hpp"
#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// The end of the longest prefix of [first, last) sorted under comp: the
/// first it with comp(*it, *(it - 1)), or last. A ws::adjacent_find of a
/// descent (so std::adjacent_find with the flipped comparator is the
/// sequential fallback; it gives the same result).
/// Complexity: the pairs up to the first descent, plus about one block per
/// thread past it; span O((last - first) / threads + block).
/// Exceptions: the first exception thrown by comp is rethrown once every block
/// that started has finished; blocks not started are skipped. Bad input: with
/// a comparator that is no strict weak order the result is still the first
/// pair it calls a descent.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
It is_sorted_until(basic_policy<Kind> policy, It first, It last, Comp comp) {
  It descent =
      ws::adjacent_find(policy, first, last, [&comp](auto&& a, auto&& b) { return static_cast<bool>(comp(b, a)); });
  return descent == last ? last : ++descent;
}

/// is_sorted_until with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
It is_sorted_until(basic_policy<Kind> policy, It first, It last) {
  return ws::is_sorted_until(policy, first, last, std::less<>());
}

/// Whether [first, last) is sorted under comp: is_sorted_until reaches last.
/// Complexity and exceptions as is_sorted_until.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
bool is_sorted(basic_policy<Kind> policy, It first, It last, Comp comp) {
  return ws::is_sorted_until(policy, first, last, comp) == last;
}

/// is_sorted with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
bool is_sorted(basic_policy<Kind> policy, It first, It last) {
  return ws::is_sorted(policy, first, last, std::less<>());
}

/// The end of the longest prefix of [first, last) that is a max-heap under
/// comp: the first element (past the root) with comp(parent, element), or
/// last. Parallel on random-access iterators: a par_find over the elements,
/// each compared with its parent. Complexity, exceptions and bad input as
/// is_sorted_until; other iterators and sequential policies run
/// std::is_heap_until.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
It is_heap_until(basic_policy<Kind> policy, It first, It last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    const std::size_t n = detail::distance_of(first, last);
    if (n < 2) {
      return last;
    }
    // Child k + 1 of the parent k / 2, for k in [0, n - 1).
    const std::size_t k = detail::first_index_where(policy, n - 1, [first, &comp](std::size_t i) -> bool {
      return comp(*detail::nth(first, i / 2), *detail::nth(first, i + 1));
    });
    return detail::nth(first, k + 1);
  } else {
    return std::is_heap_until(first, last, comp);
  }
}

/// is_heap_until with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
It is_heap_until(basic_policy<Kind> policy, It first, It last) {
  return ws::is_heap_until(policy, first, last, std::less<>());
}

/// Whether [first, last) is a max-heap under comp: is_heap_until reaches
/// last. Complexity and exceptions as is_heap_until.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
bool is_heap(basic_policy<Kind> policy, It first, It last, Comp comp) {
  return ws::is_heap_until(policy, first, last, comp) == last;
}

/// is_heap with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
bool is_heap(basic_policy<Kind> policy, It first, It last) {
  return ws::is_heap(policy, first, last, std::less<>());
}

/// Whether no element with pred true follows one with pred false. One pass
/// in two searches: ws::find_if_not finds the first element that fails, then
/// ws::none_of checks that nothing after it satisfies pred; each stops early,
/// and every element is tested once, as in std::is_partitioned.
/// Complexity: at most last - first applications of pred, plus about one
/// block per thread past each search's match; span O((last - first) /
/// threads + block). Exceptions as ws::find_if.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
bool is_partitioned(basic_policy<Kind> policy, It first, It last, Pred pred) {
  It first_false = ws::find_if_not(policy, first, last, pred);
  return first_false == last || ws::none_of(policy, ++first_false, last, pred);
}

}  // namespace ws
