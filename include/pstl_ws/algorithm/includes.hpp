// SPDX-License-Identifier: MIT
// ws::includes: whether a sorted range is a subsequence of another, checked
// piece by piece of the second range over par_find. docs/algorithms.md#includes.
#pragma once

#include <algorithm>  // for std::includes, std::max
#include <cstddef>
#include <functional>  // for std::ref, std::less
#include <optional>

#include "pstl_ws/detail/backend/par_find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// A cut of both sorted ranges just before the elements equivalent to a given
/// one: what lies before it in one range is matched only against what lies
/// before it in the other.
struct includes_cut {
  std::size_t m_first1;
  std::size_t m_first2;
};

/// The first i in [0, n) with !below(*(first + i)), for a range in which
/// every element satisfying below comes first (std::lower_bound by index,
/// which stays logarithmic on iterators such as std::views::iota's, whose
/// legacy iterator category is only input).
template <class It, class Below>
std::size_t partition_index(It first, std::size_t n, Below below) {
  std::size_t low = 0;
  std::size_t high = n;
  while (low < high) {
    const std::size_t middle = low + (high - low) / 2;
    if (below(*nth(first, middle))) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/// The cut before the run of elements equivalent to *(first2 + i), or nothing
/// when the first range has no such element (then the answer is false). The
/// second range is searched with an element of the first, so comp is only
/// called with one element of each range, as std::includes does.
template <class It1, class It2, class Comp>
std::optional<includes_cut> cut_before(It1 first1, std::size_t n1, It2 first2, std::size_t i, Comp& comp) {
  auto&& value2 = *nth(first2, i);
  const std::size_t in1 = partition_index(first1, n1, [&](auto&& value1) { return comp(value1, value2); });
  if (in1 == n1 || comp(value2, *nth(first1, in1))) {
    return std::nullopt;
  }
  auto&& value1 = *nth(first1, in1);
  return includes_cut{in1, partition_index(first2, i, [&](auto&& x) { return comp(x, value1); })};
}

/// Whether the elements of the second range from the cut before begin to the
/// cut before end (moved back to the starts of their runs, so that a run of
/// equivalent elements is never split) are a subsequence of the elements of
/// the first range between the same cuts.
template <class It1, class It2, class Comp>
bool piece_included(It1 first1, std::size_t n1, It2 first2, std::size_t n2, std::size_t begin, std::size_t end,
                    Comp& comp) {
  const std::optional<includes_cut> from =
      begin == 0 ? includes_cut{0, 0} : cut_before(first1, n1, first2, begin, comp);
  const std::optional<includes_cut> to = end == n2 ? includes_cut{n1, n2} : cut_before(first1, n1, first2, end, comp);
  if (!from || !to) {
    return false;
  }
  // On sorted input the cuts are ordered; max() keeps unsorted input in bounds.
  return std::includes(nth(first1, from->m_first1), nth(first1, std::max(from->m_first1, to->m_first1)),
                       nth(first2, from->m_first2), nth(first2, std::max(from->m_first2, to->m_first2)),
                       std::ref(comp));
}

}  // namespace detail

/// Whether the sorted range [first2, last2) is a subsequence of the sorted
/// range [first1, last1) (every element, counted with multiplicity, has an
/// equivalent one in the first range), both sorted under comp.
/// Parallel when both iterators are random access: the second range is cut
/// into pieces by par_find, each piece's cuts moved back to the start of their
/// run of equivalent elements and located in the first range by binary
/// search, and each piece checked by std::includes; the first piece that
/// fails stops the others. A second range longer than the first returns false
/// at once; one of fewer than k_walk_parallel_threshold elements (tuning.hpp;
/// 2 × grain) is one piece, on the
/// calling thread.
/// Complexity: O(n1 + n2) applications of comp, plus O(log n1 + log n2) per
/// piece; span O((n1 + n2) / threads + log n1 + log n2) when the second range
/// spreads evenly over the first.
/// Exceptions: the first exception thrown by comp is rethrown once every piece
/// that started has finished; pieces not started are skipped. Bad input:
/// unsorted ranges give an unspecified result, never an access out of range.
/// Other iterators and sequential policies run std::includes.
template <execution_kind Kind, class It1, class It2, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
bool includes(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    const std::size_t n1 = detail::distance_of(first1, last1);
    const std::size_t n2 = detail::distance_of(first2, last2);
    if (n2 > n1) {
      return false;
    }
    auto leaf = [&](std::size_t begin, std::size_t end) -> std::optional<std::size_t> {
      return detail::piece_included(first1, n1, first2, n2, begin, end, comp) ? std::nullopt
                                                                                : std::optional<std::size_t>(begin);
    };
    return detail::find_index<detail::find_order::first>(policy, n2, leaf) == n2;
  } else {
    return std::includes(first1, last1, first2, last2, comp);
  }
}

/// includes with <.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_ordering<std::less<>, It1, It2>
bool includes(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2) {
  return ws::includes(policy, first1, last1, first2, last2, std::less<>());
}

}  // namespace ws
