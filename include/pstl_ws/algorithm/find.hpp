// SPDX-License-Identifier: MIT
// ws::find, find_if, find_if_not, adjacent_find and find_first_of over
// par_find (detail/backend/par_find.hpp).
// docs/algorithms.md#par_find.
#pragma once

#include <algorithm>  // for std::find_if, std::adjacent_find, std::find_first_of
#include <cstddef>
#include <functional>  // for std::ref, std::equal_to

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
/// The first it in [first, last) with pred(*it) true, or last. Under a
/// parallel policy pred is called concurrently from several threads, and also
/// on up to about one block (k_find_block elements, or the grain) per thread
/// past the match, so it must be safe to call concurrently and have no side
/// effects the caller relies on.
/// Complexity: the elements up to the match, plus those blocks; span
/// O((last - first) / threads + block).
/// Exceptions: the first exception thrown by pred is rethrown once every
/// block that started has finished; blocks not started are skipped.
/// Non-random-access iterators and sequential policies run std::find_if.
/// Bad input: [first, last) must be a valid range, as for std::find_if.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
It find_if(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    auto search = [&pred](It begin, It end) { return std::find_if(begin, end, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::first>(policy, first, last, 1, search);
  } else {
    return std::find_if(first, last, pred);
  }
}

/// The first it in [first, last) with *it == value, or last: find_if with
/// that test; same complexity, exceptions (from ==) and fallback.
template <execution_kind Kind, class It, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
It find(basic_policy<Kind> policy, It first, It last, const T& value) {
  return ws::find_if(policy, first, last, detail::equal_to_value(value));
}

/// The first it in [first, last) with pred(*it) false, or last: find_if with
/// the negated predicate; same complexity, exceptions and fallback.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
It find_if_not(basic_policy<Kind> policy, It first, It last, Pred pred) {
  return ws::find_if(policy, first, last, [&pred](auto&& x) { return !static_cast<bool>(pred(x)); });
}

/// The first it in [first, last - 1) with pred(*it, *(it + 1)) true, or last.
/// Complexity: the pairs up to the match plus about one block per thread past
/// it; span O((last - first) / threads + block). Exceptions and fallback
/// (std::adjacent_find) as find_if.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It, It>
It adjacent_find(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    auto search = [&pred](It begin, It end) { return std::adjacent_find(begin, end, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::first>(policy, first, last, 2, search);
  } else {
    return std::adjacent_find(first, last, pred);
  }
}

/// adjacent_find with ==.
template <execution_kind Kind, class It>
  requires detail::indirect_predicate<std::equal_to<>, It, It>
It adjacent_find(basic_policy<Kind> policy, It first, It last) {
  return ws::adjacent_find(policy, first, last, std::equal_to<>());
}

/// The first it in [first, last) such that pred(*it, *s) holds for some s in
/// [s_first, s_last), or last. Parallel over [first, last) when both ranges
/// are random access. Complexity: at most (last - first) × (s_last - s_first)
/// applications of pred, plus about one block per thread past the match;
/// span O((last - first) × (s_last - s_first) / threads). Exceptions and
/// fallback (std::find_first_of) as find_if.
template <execution_kind Kind, class It1, class It2, class Pred>
  requires detail::indirect_predicate<Pred, It1, It2>
It1 find_first_of(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    auto search = [&](It1 begin, It1 end) { return std::find_first_of(begin, end, s_first, s_last, std::ref(pred)); };
    return detail::find_occurrence<detail::find_order::first>(policy, first, last, 1, search);
  } else {
    return std::find_first_of(first, last, s_first, s_last, pred);
  }
}

/// find_first_of with ==.
template <execution_kind Kind, class It1, class It2>
  requires detail::indirect_predicate<std::equal_to<>, It1, It2>
It1 find_first_of(basic_policy<Kind> policy, It1 first, It1 last, It2 s_first, It2 s_last) {
  return ws::find_first_of(policy, first, last, s_first, s_last, std::equal_to<>());
}

}  // namespace ws
