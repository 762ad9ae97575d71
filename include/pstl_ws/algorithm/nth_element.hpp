// SPDX-License-Identifier: MIT
// ws::nth_element: a quickselect whose partition steps run in parallel
// (detail/backend/par_select.hpp). docs/algorithms.md#nth_element-and-the-partial-sorts.
#pragma once

#include <functional>  // for std::less
#include <iterator>  // for std::random_access_iterator, std::sortable

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_select.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Rearranges [first, last) so that *nth is the element a sort by comp would
/// put there, no element before nth is greater than it and no element after
/// it is less (by comp); does nothing when nth == last. Random-access
/// iterators only.
/// Under a parallel policy with at least k_select_parallel_threshold elements
/// (tuning.hpp; 2 x grain when the
/// policy sets one): a quickselect whose steps partition the piece holding
/// nth in parallel (par_partition) around a pivot picked from a sample just
/// past nth's rank, so the pieces shrink to about min(k, n - k) after one
/// step (k = nth - first); elsewhere the same quickselect on the calling
/// thread (not libstdc++'s std::nth_element, whose unguarded loops run off
/// the range when comp is not a strict weak ordering).
/// Complexity: O(n) comparisons and swaps expected (about n + min(k, n - k)),
/// O(n log n) at worst; span O(n / threads + log n) per step, O(log n) steps
/// expected. Extra memory: O(n / k_partition_chunk) counters per parallel
/// step.
/// Exceptions: comp's (or a swap's) first exception, once every started part
/// has finished; the range then holds a permutation of its input.
/// Bad input: a comp that is not a strict weak ordering leaves a permutation
/// of the input in an unspecified order, never an out-of-range access or a
/// hang.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
  requires std::sortable<It, Comp>
void nth_element(basic_policy<Kind> policy, It first, It nth, It last, Comp comp) {
  if (nth == last) {
    return;
  }
  const detail::split_plan plan(policy, detail::distance_of(first, last), detail::k_select_rule);
  plan.run([&] {
    detail::select(detail::contiguous_base(first), detail::contiguous_base(nth), detail::contiguous_base(last), comp, plan);
  });
}

/// nth_element with std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
  requires std::sortable<It, std::less<>>
void nth_element(basic_policy<Kind> policy, It first, It nth, It last) {
  ws::nth_element(policy, first, nth, last, std::less<>());
}

}  // namespace ws
