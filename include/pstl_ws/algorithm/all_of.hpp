// SPDX-License-Identifier: MIT
// ws::all_of, ws::any_of and ws::none_of: a boolean is a find of a
// counterexample (or of a witness), over par_find. docs/algorithms.md#par_find.
#pragma once

#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Whether pred(*it) holds for every it in [first, last) (true when empty):
/// ws::find_if_not finds a counterexample, so the call stops early on one.
/// Complexity: the elements up to the first counterexample, plus about one
/// block per thread past it; span O((last - first) / threads + block).
/// Exceptions, concurrency of pred and the sequential fallback as ws::find_if.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
bool all_of(basic_policy<Kind> policy, It first, It last, Pred pred) {
  return ws::find_if_not(policy, first, last, pred) == last;
}

/// Whether pred(*it) holds for some it in [first, last) (false when empty):
/// ws::find_if of a witness. Complexity and exceptions as all_of.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
bool any_of(basic_policy<Kind> policy, It first, It last, Pred pred) {
  return ws::find_if(policy, first, last, pred) != last;
}

/// Whether pred(*it) holds for no it in [first, last) (true when empty):
/// ws::find_if of a counterexample. Complexity and exceptions as all_of.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
bool none_of(basic_policy<Kind> policy, It first, It last, Pred pred) {
  return ws::find_if(policy, first, last, pred) == last;
}

}  // namespace ws
