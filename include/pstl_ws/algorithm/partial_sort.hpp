// SPDX-License-Identifier: MIT
// ws::partial_sort and ws::partial_sort_copy: a parallel selection of the
// smallest elements, then a parallel sort of them (detail/backend/par_select.hpp,
// ws::sort). docs/algorithms.md#nth_element-and-the-partial-sorts.
#pragma once

#include <algorithm>  // for std::partial_sort_copy
#include <concepts>  // for std::constructible_from
#include <cstddef>
#include <functional>  // for std::less
#include <iterator>  // for std::iter_value_t, std::iter_reference_t, std::random_access_iterator, ...
#include <memory>  // for std::destroy

#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/algorithm/sort.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_select.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/memory/destroy.hpp"
#include "pstl_ws/memory/uninitialized.hpp"

namespace ws {
namespace detail {

/// partial_sort_copy of n > r > 0 elements through a buffer of n copies of
/// the input (made in parallel): select the r smallest in it (split as the
/// call's plan says), move them to the result, destroy the buffer, sort the
/// result; all on the policy's pool.
/// Returns false, having done nothing, if the buffer cannot be allocated or
/// the input's value type cannot be constructed from its elements.
template <execution_kind Kind, class In, class Out, class Comp>
bool partial_sort_copy_through_buffer([[maybe_unused]] const basic_policy<Kind>& policy,
                                      [[maybe_unused]] const split_plan& plan, [[maybe_unused]] In first,
                                      [[maybe_unused]] std::size_t n, [[maybe_unused]] Out out,
                                      [[maybe_unused]] std::size_t r, [[maybe_unused]] Comp& comp) {
  using value = std::iter_value_t<In>;
  if constexpr (std::constructible_from<value, std::iter_reference_t<In>>) {
    auto body = [&](value* values) {
      ws::uninitialized_copy(policy, first, nth(first, n), values);
      try {
        select(values, values + (r - 1), values + n, comp, plan);
        ws::move(policy, values, values + r, out);
      } catch (...) {
        std::destroy(values, values + n);
        throw;
      }
      ws::destroy(policy, values, values + n);
      ws::sort(policy, out, nth(out, r), comp);
    };
    return run_with_scratch<value>(policy, n, body);
  } else {
    return false;
  }
}

}  // namespace detail

/// Rearranges [first, last) so that [first, middle) holds the middle - first
/// smallest elements by comp, sorted; the order of [middle, last) is
/// unspecified. Random-access iterators only.
/// Under a parallel policy with at least k_select_parallel_threshold elements
/// (tuning.hpp; 2 x grain when the
/// policy sets one): the parallel quickselect of ws::nth_element puts the
/// right element at middle - 1 and the smaller ones before it, then ws::sort
/// sorts [first, middle - 1) (in parallel from its own threshold). Elsewhere
/// the same two steps on the calling thread (not libstdc++'s heap-based
/// std::partial_sort, which can lose an element when comp throws).
/// Complexity: O(n + k log k) comparisons expected (k = middle - first,
/// n = last - first), where std::partial_sort takes O(n log k); span
/// O(n / threads + log n) per selection step, then ws::sort's on k elements.
/// Exceptions: comp's (or a swap's) first exception, once every started part
/// has finished; the range then holds a permutation of its input.
/// Bad input: a comp that is not a strict weak ordering leaves a permutation
/// in an unspecified order, never an out-of-range access or a hang.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
  requires std::sortable<It, Comp>
void partial_sort(basic_policy<Kind> policy, It first, It middle, It last, Comp comp) {
  if (first == middle) {
    return;
  }
  const It last_selected = middle - 1;
  const detail::split_plan plan(policy, detail::distance_of(first, last), detail::k_select_rule);
  plan.run([&] {
    detail::select(detail::contiguous_base(first), detail::contiguous_base(last_selected), detail::contiguous_base(last), comp,
                   plan);
    ws::sort(policy, first, last_selected, comp);
  });
}

/// partial_sort with std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
  requires std::sortable<It, std::less<>>
void partial_sort(basic_policy<Kind> policy, It first, It middle, It last) {
  ws::partial_sort(policy, first, middle, last, std::less<>());
}

/// Copies the min(n, r) smallest elements of [first, last) by comp, sorted,
/// to [r_first, r_first + min(n, r)) and returns the end of them (n = last -
/// first, r = r_last - r_first); the input is not modified. The result range
/// must be random access; its value type may differ from the input's (each
/// result is assigned from an input element; comp then compares results).
/// Under a parallel policy on random-access input: if r >= n, ws::copy then
/// ws::sort of the result; else, from k_select_parallel_threshold input
/// elements (tuning.hpp; 2 x grain), a
/// buffer of n copies of the input made in parallel, the parallel
/// quickselect of the r smallest in it, a parallel move of them to the
/// result and ws::sort of the result; if the buffer cannot be allocated (or
/// the input's value type cannot be copied), and for every other call,
/// std::partial_sort_copy on the calling thread.
/// Complexity: O(n + r log r) comparisons expected through the buffer (std:
/// O(n log r)), n copies; span O(n / threads + log n) per selection step,
/// then ws::sort's. Extra memory: n input values, through the buffer.
/// Exceptions: the first exception of comp, a copy or a move, once every
/// started part has finished; the buffer is then destroyed and freed, the
/// input is unchanged and the result range holds unspecified values.
/// Bad input: a comp that is not a strict weak ordering gives an unspecified
/// selection of input elements in an unspecified order, never an
/// out-of-range access or a hang.
template <execution_kind Kind, class In, std::random_access_iterator Out, class Comp>
  requires std::sortable<Out, Comp> && detail::indirect_ordering<Comp, In, Out>
Out partial_sort_copy(basic_policy<Kind> policy, In first, In last, Out r_first, Out r_last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, In, Out>) {
    const std::size_t n = detail::distance_of(first, last);
    const std::size_t r = detail::distance_of(r_first, r_last);
    if (r >= n) {
      const Out result_last = ws::copy(policy, first, last, r_first);
      ws::sort(policy, r_first, result_last, comp);
      return result_last;
    }
    const detail::split_plan plan(policy, n, detail::k_select_rule);
    if (r > 0 && plan.parallel() &&
        detail::partial_sort_copy_through_buffer(policy, plan, first, n, r_first, r, comp)) {
      return r_last;
    }
  }
  return std::partial_sort_copy(first, last, r_first, r_last, comp);
}

/// partial_sort_copy with std::less<>.
template <execution_kind Kind, class In, std::random_access_iterator Out>
  requires std::sortable<Out, std::less<>> && detail::indirect_ordering<std::less<>, In, Out>
Out partial_sort_copy(basic_policy<Kind> policy, In first, In last, Out r_first, Out r_last) {
  return ws::partial_sort_copy(policy, first, last, r_first, r_last, std::less<>());
}

}  // namespace ws
