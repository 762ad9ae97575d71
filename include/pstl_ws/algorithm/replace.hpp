// SPDX-License-Identifier: MIT
// ws::replace_if and ws::replace_copy_if over par_walk; ws::replace and
// ws::replace_copy are those with the predicate `== old_value`.
// docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::replace_if, std::replace_copy_if
#include <cstddef>

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Assigns new_value to every element e of [first, last) with pred(e) true.
/// Under a parallel policy on random-access iterators, pieces are processed
/// concurrently, pred being called from several threads (each piece with its
/// own copy). Complexity: last - first applications of pred; span
/// O((last - first) / threads). Exceptions: the first exception thrown by
/// pred or an assignment is rethrown once every piece that started has
/// finished; pieces not yet started are skipped. Sequential policies and other
/// iterators run std::replace_if on the caller.
template <execution_kind Kind, class It, class Pred, class T>
  requires detail::indirect_predicate<Pred, It>
void replace_if(basic_policy<Kind> policy, It first, It last, Pred pred, const T& new_value) {
  detail::walk_range(policy, first, last,
                     [&pred, &new_value](It b, It e) { std::replace_if(b, e, pred, new_value); });
}

/// Assigns new_value to every element equal (==) to old_value. old_value must
/// not refer to an element of the range. Otherwise as replace_if.
template <execution_kind Kind, class It, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
void replace(basic_policy<Kind> policy, It first, It last, const T& old_value, const T& new_value) {
  ws::replace_if(policy, first, last, detail::equal_to_value(old_value), new_value);
}

/// Writes to *(result + i) new_value if pred(*(first + i)), else *(first + i),
/// for every i in [0, last - first); returns result + (last - first). The
/// ranges must not overlap. Same concurrency, complexity and exceptions as
/// replace_if; sequential calls run std::replace_copy_if.
template <execution_kind Kind, class It, class Out, class Pred, class T>
  requires detail::indirect_predicate<Pred, It>
Out replace_copy_if(basic_policy<Kind> policy, It first, It last, Out result, Pred pred, const T& new_value) {
  return detail::walk_into(policy, first, last, result, [&pred, &new_value](It b, It e, Out o) {
    return std::replace_copy_if(b, e, o, pred, new_value);
  });
}

/// replace_copy_if with the predicate `== old_value`.
template <execution_kind Kind, class It, class Out, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
Out replace_copy(basic_policy<Kind> policy, It first, It last, Out result, const T& old_value, const T& new_value) {
  return ws::replace_copy_if(policy, first, last, result, detail::equal_to_value(old_value), new_value);
}

}  // namespace ws
