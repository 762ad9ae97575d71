// SPDX-License-Identifier: MIT
// ws::copy, ws::copy_n, ws::move and ws::swap_ranges: walks over par_walk, each
// leaf running the std:: algorithm on its piece (so a contiguous trivially
// copyable piece is one memmove). docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::copy_n, std::swap_ranges
#include <cstddef>
#include <iterator>  // for std::make_move_iterator

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Copies [first, last) to [result, result + (last - first)), which must not
/// overlap it; returns result + (last - first). Under a parallel policy on
/// random-access iterators, pieces are copied concurrently.
/// Complexity: last - first assignments; span O((last - first) / threads).
/// Exceptions: the first exception thrown by an assignment is rethrown once
/// every piece that started has finished; pieces not yet started are skipped.
/// Sequential policies and other iterators run std::copy on the caller.
template <execution_kind Kind, class It, class Out>
Out copy(basic_policy<Kind> policy, It first, It last, Out result) {
  return detail::walk_copy(policy, first, last, result);
}

/// Copies [first, first + n) to result; returns result + n, or result when
/// n <= 0. As copy otherwise (std::copy_n for other iterators).
template <execution_kind Kind, class It, class Size, class Out>
Out copy_n(basic_policy<Kind> policy, It first, Size n, Out result) {
  return detail::walk_n(
      first, n, [&](It last) { return ws::copy(policy, first, last, result); },
      [&] { return std::copy_n(first, n, result); });
}

/// Moves [first, last) to [result, result + (last - first)), which must not
/// overlap it, leaving the elements of [first, last) moved-from; returns
/// result + (last - first). A copy from move iterators: same concurrency,
/// complexity and exceptions as copy, with move assignments.
template <execution_kind Kind, class It, class Out>
Out move(basic_policy<Kind> policy, It first, It last, Out result) {
  return ws::copy(policy, std::make_move_iterator(first), std::make_move_iterator(last), result);
}

/// Swaps *(first1 + i) and *(first2 + i) for every i in [0, last1 - first1);
/// the two ranges must not overlap. Returns first2 + (last1 - first1). Same
/// concurrency, complexity and exceptions as copy, with swaps.
template <execution_kind Kind, class It1, class It2>
It2 swap_ranges(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2) {
  return detail::walk_into(policy, first1, last1, first2,
                           [](It1 b, It1 e, It2 o) { return std::swap_ranges(b, e, o); });
}

}  // namespace ws
