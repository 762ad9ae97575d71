// SPDX-License-Identifier: MIT
// ws::stable_sort: parallel merge sort with a buffer. docs/algorithms.md#stable_sort.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>

#include "pstl_ws/detail/par_for.hpp"
#include "pstl_ws/detail/par_merge_sort.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Values per parallel piece of stable_sort (sorted or merged on one thread)
/// unless the policy sets a grain; an input of fewer than twice this many is
/// sorted on the calling thread. Sorting 2K values takes ~80 us, far more than
/// a join costs, and 2K pieces still balance a few cores at 10^5.
inline constexpr std::size_t k_stable_sort_grain = 2048;

template <execution_kind Kind, std::random_access_iterator It, class Comp>
void stable_sort_random_access(const basic_policy<Kind>& policy, It first, It last, Comp& comp) {
  const auto n = static_cast<std::size_t>(last - first);
  const std::size_t grain = grain_of(policy, k_stable_sort_grain);
  const scratch_buffer<std::iter_value_t<It>> buffer(n);
  if (buffer.data() == nullptr) {
    std::stable_sort(first, last, comp);  // as std does: it tries a smaller buffer, else sorts in place
    return;
  }
  if (!basic_policy<Kind>::is_parallel || n / 2 < grain) {  // n < 2 * grain, without overflow
    merge_sort(first, n, buffer.data(), comp, grain, false);
    return;
  }
  auto body = [&] { merge_sort(first, n, buffer.data(), comp, grain, true); };
  run_on_pool(policy, body);
}

}  // namespace detail

/// Sorts [first, last) by comp, keeping equal elements in their order: the
/// result is the one std::stable_sort gives. A merge sort with a buffer of
/// last - first elements (moved into and out of, never default-constructed);
/// under a parallel policy with at least 2 * grain elements it runs on the
/// pool, comp then being called concurrently from several threads, else on
/// the calling thread.
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
void stable_sort(basic_policy<Kind> policy, It first, It last, Comp comp) {
  detail::stable_sort_random_access(policy, first, last, comp);
}

/// stable_sort by std::less<>.
template <execution_kind Kind, std::random_access_iterator It>
void stable_sort(basic_policy<Kind> policy, It first, It last) {
  ws::stable_sort(policy, first, last, std::less<>());
}

}  // namespace ws
