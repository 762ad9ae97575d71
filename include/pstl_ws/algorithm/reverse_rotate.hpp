// SPDX-License-Identifier: MIT
// ws::reverse, ws::reverse_copy, ws::rotate and ws::rotate_copy, written in
// terms of the other walks: reverse swaps mirrored halves, rotate is three
// reversals (in place, no buffer). docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::reverse, std::rotate, std::rotate_copy
#include <cstddef>
#include <iterator>  // for std::make_reverse_iterator

#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/join.hpp"

namespace ws {

/// Reverses the order of the elements of [first, last). Under a parallel
/// policy on random-access iterators, the first half is swapped with the
/// second half read backwards (ws::swap_ranges), pieces concurrently.
/// Complexity: (last - first) / 2 swaps; span O((last - first) / threads).
/// Exceptions: the first exception thrown by a swap is rethrown once every
/// piece that started has finished (pieces not yet started are skipped, so
/// the range may be partly reversed). Sequential policies and other iterators
/// run std::reverse on the caller.
template <execution_kind Kind, class It>
void reverse(basic_policy<Kind> policy, It first, It last) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    ws::swap_ranges(policy, first, detail::nth(first, detail::distance_of(first, last) / 2),
                    std::make_reverse_iterator(last));
  } else {
    std::reverse(first, last);
  }
}

/// Copies [first, last) to [result, result + (last - first)) in reverse
/// order (result[i] = *(last - 1 - i)); the ranges must not overlap. Returns
/// result + (last - first). A ws::copy from reverse iterators: same
/// concurrency, complexity and exceptions as ws::copy.
template <execution_kind Kind, class It, class Out>
Out reverse_copy(basic_policy<Kind> policy, It first, It last, Out result) {
  return ws::copy(policy, std::make_reverse_iterator(last), std::make_reverse_iterator(first), result);
}

/// Rotates [first, last) left so that middle becomes the first element;
/// returns first + (last - middle), where the old first element now is.
/// Under a parallel policy on random-access iterators, by three parallel
/// reversals: [first, middle) and [middle, last) at the same time (ws::join),
/// then the whole range. In place: no buffer, so it cannot run out of memory.
/// Complexity: about last - first swaps; span O((last - first) / threads).
/// Exceptions: the first exception thrown by a swap is rethrown once every
/// piece that started has finished; the range then holds its elements in an
/// unspecified order. Bad input: middle outside [first, last) is undefined
/// behaviour, as for std::rotate. Sequential policies, other iterators and
/// ranges below the walk threshold run std::rotate on the caller.
template <execution_kind Kind, class It>
It rotate(basic_policy<Kind> policy, It first, It middle, It last) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    const detail::split_plan plan(policy, detail::distance_of(first, last), detail::k_walk_rule);
    return plan.run(
        [&] {
          ws::join([&] { ws::reverse(policy, first, middle); }, [&] { ws::reverse(policy, middle, last); });
          ws::reverse(policy, first, last);
          return detail::nth(first, detail::distance_of(middle, last));
        },
        [&] { return std::rotate(first, middle, last); });
  } else {
    return std::rotate(first, middle, last);
  }
}

/// Copies [middle, last) then [first, middle) to result (the ranges must not
/// overlap); returns result + (last - first). Under a parallel policy on
/// random-access iterators, the two ws::copy calls run at the same time
/// (ws::join). Same complexity and exceptions as ws::copy.
template <execution_kind Kind, class It, class Out>
Out rotate_copy(basic_policy<Kind> policy, It first, It middle, It last, Out result) {
  if constexpr (detail::runs_in_parallel_v<Kind, It, Out>) {
    const detail::split_plan plan(policy, detail::distance_of(first, last), detail::k_walk_rule);
    return plan.run(
        [&] {
          const Out second = detail::nth(result, detail::distance_of(middle, last));
          ws::join([&] { ws::copy(policy, middle, last, result); }, [&] { ws::copy(policy, first, middle, second); });
          return detail::nth(result, detail::distance_of(first, last));
        },
        [&] { return std::rotate_copy(first, middle, last, result); });
  } else {
    return std::rotate_copy(first, middle, last, result);
  }
}

}  // namespace ws
