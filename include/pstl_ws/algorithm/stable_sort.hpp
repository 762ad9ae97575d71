// SPDX-License-Identifier: MIT
// ws::stable_sort: the stable radix sort for arithmetic values under the
// default comparators, else a parallel merge sort with a buffer.
// docs/algorithms.md#stable_sort.
#pragma once

#include <algorithm>  // for std::stable_sort
#include <cstddef>
#include <functional>  // for std::less
#include <iterator>  // for std::random_access_iterator, std::iter_value_t, std::iter_difference_t, ...

#include "pstl_ws/algorithm/sort.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/par_merge_sort.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Sorts [first, first + n) stably, in parallel when `parallel` (then on a
/// worker): the radix sort where it applies (stable too: radix_sort.hpp),
/// else the merge sort with a buffer borrowed from the pool, or, if none can
/// be had, std::stable_sort.
template <std::random_access_iterator It, class Comp>
void stable_sort_on(It first, std::size_t n, Comp& comp, std::size_t grain, bool parallel) {
  if (try_radix_sort<true>(first, n, parallel, comp, grain)) {
    return;
  }
  const scratch_buffer<std::iter_value_t<It>> buffer(n);
  if (buffer.data() == nullptr) {
    // As std does: it tries a smaller buffer, else sorts in place.
    std::stable_sort(first, first + static_cast<std::iter_difference_t<It>>(n), comp);
    return;
  }
  merge_sort(first, n, buffer.data(), comp, grain, parallel);
}

template <execution_kind Kind, std::random_access_iterator It, class Comp>
void stable_sort_random_access(const basic_policy<Kind>& policy, It first, It last, Comp& comp) {
  const auto n = static_cast<std::size_t>(last - first);
  const split_plan plan(policy, n, uses_radix_sort_v<It, Comp> ? k_stable_radix_sort_rule : k_stable_sort_rule);
  plan.run([&] { stable_sort_on(contiguous_base(first), n, comp, plan.grain(), plan.parallel()); });
}

}  // namespace detail

/// Sorts [first, last) by comp, keeping equal elements in their order: the
/// result is the one std::stable_sort gives. Contiguous arithmetic values
/// under std::less or std::greater (and their transparent and std::ranges
/// forms) take the radix sort, which is stable (O(n * sizeof(T)), on the
/// pool from k_radix_sort_parallel_threshold elements, tuning.hpp, or 2 x
/// grain when the policy sets one); everything else a merge sort with a
/// buffer of last - first elements (moved into and out of, never
/// default-constructed), which with at least 2 * grain (default
/// k_stable_sort_grain) elements under a parallel policy runs on the pool,
/// comp then being called concurrently from several threads. Either borrows
/// its buffer from the pool's scratch memory (docs/scratch.md).
/// Complexity: O(n log n) comparisons and moves, span O(grain log n +
/// log^3 n) with n = last - first. If the buffer cannot be allocated,
/// std::stable_sort on the calling thread (at most O(n log^2 n)).
/// Exceptions: the first exception thrown by comp or by a move is rethrown
/// once every piece that started has finished (the other pieces are not
/// cancelled: they finish, then their work is undone). The range then holds a
/// permutation of its elements (only an element whose move threw may be left
/// moved-from), and the buffer is empty and freed.
/// Bad input: a comp that is not a strict weak ordering gives an unspecified
/// order of the same elements, never an out-of-range access or a hang.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
  requires std::sortable<It, Comp>
void stable_sort(basic_policy<Kind> policy, It first, It last, Comp comp) {
  detail::stable_sort_random_access(policy, first, last, comp);
}

/// stable_sort by std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
  requires std::sortable<It, std::less<>>
void stable_sort(basic_policy<Kind> policy, It first, It last) {
  ws::stable_sort(policy, first, last, std::less<>());
}

}  // namespace ws
