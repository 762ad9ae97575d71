// SPDX-License-Identifier: MIT
// ws::search, ws::search_n and ws::find_end: occurrences of a pattern, the
// first ones over par_find, the last one over par_find from the right.
// docs/algorithms.md#par_find.
#pragma once

#include <algorithm>  // for std::search, std::search_n, std::find_end
#include <cstddef>
#include <functional>  // for std::ref, std::equal_to

#include "pstl_ws/detail/backend/par_find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// The start of the first occurrence of [s_first, s_last) in [first, last)
/// (elements compared with pred(*it, *s)); first if the pattern is empty, last
/// if it does not occur (or is longer than the range). Parallel over the start
/// positions when both ranges are random access; each block of positions is
/// searched by std::search, so a match may be spotted past the block's end
/// only as far as the pattern reaches.
/// Complexity: at most (last - first) × (s_last - s_first) applications of
/// pred, plus about one block of start positions per thread past the match;
/// span O((last - first) × (s_last - s_first) / threads).
/// Exceptions: the first exception thrown by pred is rethrown once every
/// block that started has finished; blocks not started are skipped.
/// Other iterators and sequential policies run std::search.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
It1 search(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    if (s_first == s_last) {
      return first;
    }
    auto in_window = [&](It1 begin, It1 end) { return std::search(begin, end, s_first, s_last, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::first>(policy, first, last,
                                                              detail::distance_of(s_first, s_last), in_window);
  } else {
    return std::search(first, last, s_first, s_last, pred);
  }
}

/// search with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
It1 search(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last) {
  return ws::search(policy, first, last, s_first, s_last, std::equal_to<>());
}

/// The start of the first run of `count` consecutive elements with
/// pred(*it, value) true, or last; first if count <= 0. Parallel over the
/// start positions, each block searched by std::search_n.
/// Complexity: O(last - first) applications of pred (each block costs its own
/// length plus count); span O((last - first) / threads + count).
/// Exceptions and fallback (std::search_n) as ws::search.
template <execution_kind Kind, class It, class Size, class T, class Pred>
  requires detail::indirect_value_predicate<Pred, It, T>
It search_n(basic_policy<Kind> policy, It first, It last, Size count, const T& value, Pred pred) {
  if (!(count > Size(0))) {
    return first;  // here too for the sequential path: libc++ 16's std::search_n misreads a negative count
  }
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    auto in_window = [&](It begin, It end) { return std::search_n(begin, end, count, value, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::first>(policy, first, last, static_cast<std::size_t>(count),
                                                              in_window);
  } else {
    return std::search_n(first, last, count, value, pred);
  }
}

/// search_n with ==.
template <execution_kind Kind, class It, class Size, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
It search_n(basic_policy<Kind> policy, It first, It last, Size count, const T& value) {
  return ws::search_n(policy, first, last, count, value, std::equal_to<>());
}

/// The start of the LAST occurrence of [s_first, s_last) in [first, last)
/// (compared with pred(*it, *s)); last if the pattern is empty or does not
/// occur. Parallel over the start positions with par_find from the right:
/// blocks are handed out from the end of the range down, each searched by
/// std::find_end, and blocks before a known occurrence are skipped.
/// Complexity: at most (last - first) × (s_last - s_first) applications of
/// pred, plus about one block per thread before the match; span as ws::search.
/// Exceptions and fallback (std::find_end) as ws::search.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
It1 find_end(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    if (s_first == s_last) {
      return last;
    }
    auto in_window = [&](It1 begin, It1 end) { return std::find_end(begin, end, s_first, s_last, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::last>(policy, first, last, detail::distance_of(s_first, s_last),
                                                             in_window);
  } else {
    return std::find_end(first, last, s_first, s_last, pred);
  }
}

/// find_end with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
It1 find_end(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last) {
  return ws::find_end(policy, first, last, s_first, s_last, std::equal_to<>());
}

}  // namespace ws
