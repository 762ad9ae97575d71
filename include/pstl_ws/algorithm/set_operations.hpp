// SPDX-License-Identifier: MIT
// ws::set_union, ws::set_intersection, ws::set_difference and
// ws::set_symmetric_difference: thin wrappers over one driver, set_operation.
// docs/algorithms.md#merge-inplace_merge-and-the-set-operations.
#pragma once

#include <algorithm>  // for std::set_union, std::set_intersection, std::set_difference, ...
#include <functional>  // for std::less

#include "pstl_ws/detail/backend/par_set_operation.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

// Every function below: the std:: algorithm of the same name, with its
// multiset semantics (m elements equivalent to x in the first range and n in
// the second give max(m, n), min(m, n), max(m - n, 0) or |m - n| of them, the
// same ones as the std:: algorithm picks), returning the end of the output.
// Under a parallel policy with every iterator random access and n1 + n2 >=
// 2 * grain (default k_set_operation_grain, tuning.hpp), the ranges are cut into windows at values (a run
// of equivalent elements is never cut), each window's output is counted, then
// written at its offset, both passes in parallel (detail::set_operation);
// comp is then called concurrently. Otherwise std::set_xxx on the calling
// thread.
// Complexity: at most 2 (2 (n1 + n2) - 1) comparisons, as many copies as the
// output has, plus O(log(n1 + n2)) comparisons per window (about 8 windows
// per thread); span O((n1 + n2) / P + P log(n1 + n2)) on P threads for evenly
// spread values (a run of equivalent elements is one window). Extra memory:
// O(P) window records.
// Exceptions: the first exception of comp or of a copy is rethrown once every
// started window finished; the output holds unspecified values.
// Bad input: unsorted ranges give an unspecified output, never an access out
// of the input ranges; comp must answer the same on both passes (the writing
// pass writes as many elements as the counting pass counted only then). The
// output must not overlap the inputs.

namespace ws {

/// The sorted union of the two sorted ranges: every element of the first,
/// then for each value the second's equivalent elements beyond the first's
/// count. See the top of this file.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
Out set_union(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out, Comp comp) {
  return detail::set_operation(policy, first1, last1, first2, last2, out, comp,
                               [](auto... args) { return std::set_union(args...); });
}

/// set_union with <.
template <execution_kind Kind, class It1, class It2, class Out>
  requires detail::indirect_ordering<std::less<>, It1, It2>
Out set_union(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out) {
  return ws::set_union(policy, first1, last1, first2, last2, out, std::less<>());
}

/// The elements of the first sorted range that have an equivalent in the
/// second (min(m, n) of each value, taken from the first). See the top of
/// this file.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
Out set_intersection(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out, Comp comp) {
  return detail::set_operation(policy, first1, last1, first2, last2, out, comp,
                               [](auto... args) { return std::set_intersection(args...); });
}

/// set_intersection with <.
template <execution_kind Kind, class It1, class It2, class Out>
  requires detail::indirect_ordering<std::less<>, It1, It2>
Out set_intersection(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out) {
  return ws::set_intersection(policy, first1, last1, first2, last2, out, std::less<>());
}

/// The elements of the first sorted range without an equivalent in the
/// second (the last max(m - n, 0) of each value). See the top of this file.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
Out set_difference(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out, Comp comp) {
  return detail::set_operation(policy, first1, last1, first2, last2, out, comp,
                               [](auto... args) { return std::set_difference(args...); });
}

/// set_difference with <.
template <execution_kind Kind, class It1, class It2, class Out>
  requires detail::indirect_ordering<std::less<>, It1, It2>
Out set_difference(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out) {
  return ws::set_difference(policy, first1, last1, first2, last2, out, std::less<>());
}

/// The elements of either sorted range without an equivalent in the other
/// (|m - n| of each value, the last ones of the longer run). See the top of
/// this file.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
Out set_symmetric_difference(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                             Comp comp) {
  return detail::set_operation(policy, first1, last1, first2, last2, out, comp,
                               [](auto... args) { return std::set_symmetric_difference(args...); });
}

/// set_symmetric_difference with <.
template <execution_kind Kind, class It1, class It2, class Out>
  requires detail::indirect_ordering<std::less<>, It1, It2>
Out set_symmetric_difference(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out) {
  return ws::set_symmetric_difference(policy, first1, last1, first2, last2, out, std::less<>());
}

}  // namespace ws
