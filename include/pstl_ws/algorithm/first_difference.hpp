// SPDX-License-Identifier: MIT
// ws::mismatch, ws::equal and ws::lexicographical_compare: the first position
// where two ranges differ, found by par_find. docs/algorithms.md#par_find.
#pragma once

#include <algorithm>  // for std::mismatch, std::min, std::lexicographical_compare
#include <cstddef>
#include <functional>  // for std::equal_to, std::less
#include <iterator>  // for std::random_access_iterator
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/par_find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// The first i in [0, n) at which differ(first1[i], first2[i]) holds, or n.
template <execution_kind Kind, class It1, class It2, class Differ>
std::size_t first_difference(const basic_policy<Kind>& policy, It1 first1, It2 first2, std::size_t n,
                             Differ differ) {
  return first_index_where(policy, n, [&](std::size_t i) -> bool {
    return differ(*nth(first1, i), *nth(first2, i));
  });
}

/// mismatch over the first n elements of both ranges.
template <execution_kind Kind, class It1, class It2, class Pred>
std::pair<It1, It2> mismatch_in(const basic_policy<Kind>& policy, It1 first1, It2 first2, std::size_t n,
                                Pred& pred) {
  const std::size_t i =
      first_difference(policy, first1, first2, n, [&pred](auto&& a, auto&& b) { return !static_cast<bool>(pred(a, b)); });
  return {nth(first1, i), nth(first2, i)};
}

}  // namespace detail

/// The first pair (first1 + i, first2 + i) with pred(*(first1 + i),
/// *(first2 + i)) false, or (last1, first2 + (last1 - first1)); the second
/// range must be at least as long as the first. Parallel when both iterators
/// are random access: a par_find of the first difference.
/// Complexity: the pairs up to the mismatch, plus about one block
/// (k_find_block pairs, or the grain) per thread past it; span
/// O((last1 - first1) / threads + block).
/// Exceptions: the first exception thrown by pred is rethrown once every
/// block that started has finished; blocks not started are skipped.
/// Other iterators and sequential policies run std::mismatch.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
std::pair<It1, It2> mismatch(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    return detail::mismatch_in(policy, first1, first2, detail::distance_of(first1, last1), pred);
  } else {
    return std::mismatch(first1, last1, first2, pred);
  }
}

/// mismatch with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
std::pair<It1, It2> mismatch(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2) {
  return ws::mismatch(policy, first1, last1, first2, std::equal_to<>());
}

/// mismatch over two bounded ranges: compares the first min(last1 - first1,
/// last2 - first2) pairs; when they all match, the pair where the shorter
/// range ends. Complexity, exceptions and fallback as above.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
std::pair<It1, It2> mismatch(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    const std::size_t n = std::min(detail::distance_of(first1, last1), detail::distance_of(first2, last2));
    return detail::mismatch_in(policy, first1, first2, n, pred);
  } else {
    return std::mismatch(first1, last1, first2, last2, pred);
  }
}

/// mismatch of two bounded ranges with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
std::pair<It1, It2> mismatch(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2) {
  return ws::mismatch(policy, first1, last1, first2, last2, std::equal_to<>());
}

/// Whether pred(*(first1 + i), *(first2 + i)) holds for every i < last1 -
/// first1: a ws::mismatch that finds nothing. Complexity, exceptions and
/// fallback as mismatch.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
bool equal(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, Pred pred) {
  return ws::mismatch(policy, first1, last1, first2, pred).first == last1;
}

/// equal with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
bool equal(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2) {
  return ws::equal(policy, first1, last1, first2, std::equal_to<>());
}

/// Whether both ranges have the same length and pred holds for every pair.
/// Random-access ranges of different lengths return false at once, without
/// calling pred; otherwise as the three-iterator equal.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
bool equal(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Pred pred) {
  if constexpr (std::random_access_iterator<It1> && std::random_access_iterator<It2>) {
    if (detail::distance_of(first1, last1) != detail::distance_of(first2, last2)) {
      return false;
    }
  }
  const auto [end1, end2] = ws::mismatch(policy, first1, last1, first2, last2, pred);
  return end1 == last1 && end2 == last2;
}

/// equal of two bounded ranges with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
bool equal(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2) {
  return ws::equal(policy, first1, last1, first2, last2, std::equal_to<>());
}

/// Whether [first1, last1) is lexicographically less than [first2, last2)
/// under comp: the first position where comp says the elements differ (in
/// either direction) decides; if there is none, the shorter range is less.
/// Parallel when both iterators are random access: a par_find of that
/// position. Complexity: at most 2 × min(lengths) applications of comp, plus
/// about one block per thread past the decisive position; span
/// O(min(lengths) / threads + block). Exceptions as mismatch; otherwise
/// std::lexicographical_compare.
template <execution_kind Kind, class It1, class It2, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
bool lexicographical_compare(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    const std::size_t n1 = detail::distance_of(first1, last1);
    const std::size_t n2 = detail::distance_of(first2, last2);
    const std::size_t n = std::min(n1, n2);
    const std::size_t i = detail::first_difference(
        policy, first1, first2, n, [&comp](auto&& a, auto&& b) { return comp(a, b) || comp(b, a); });
    return i == n ? n1 < n2 : static_cast<bool>(comp(*detail::nth(first1, i), *detail::nth(first2, i)));
  } else {
    return std::lexicographical_compare(first1, last1, first2, last2, comp);
  }
}

/// lexicographical_compare with <.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_ordering<std::less<>, It1, It2>
bool lexicographical_compare(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2) {
  return ws::lexicographical_compare(policy, first1, last1, first2, last2, std::less<>());
}

}  // namespace ws
