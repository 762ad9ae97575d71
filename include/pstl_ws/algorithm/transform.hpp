// SPDX-License-Identifier: MIT
// ws::transform (unary and binary): walks over par_walk, each leaf running
// std::transform on its piece. docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::transform
#include <cstddef>

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Writes op(*(first + i)) to *(result + i) for every i in [0, last - first),
/// with no order between the calls; returns result + (last - first). result
/// may equal first (an in-place transform); other overlaps are not allowed.
/// Under a parallel policy on random-access iterators, op is called
/// concurrently from several threads, each piece calling its own copy of op
/// (so a mutable op works, but its state is per piece: the standard lets
/// algorithms copy function objects).
/// Complexity: last - first applications of op; span O((last - first) / threads).
/// Exceptions: the first exception thrown by op or by an assignment is
/// rethrown once every piece that started has finished; pieces not yet started
/// are skipped, so some outputs may not be written. Sequential policies and
/// iterators that are not all random access run std::transform on the caller.
template <execution_kind Kind, class It, class Out, class UnaryOp>
  requires detail::indirectly_invocable<UnaryOp, It>
Out transform(basic_policy<Kind> policy, It first, It last, Out result, UnaryOp op) {
  return detail::walk_into(policy, first, last, result, [&op](It b, It e, Out o) { return std::transform(b, e, o, op); });
}

/// Writes op(*(first1 + i), *(first2 + i)) to *(result + i) for every i in
/// [0, last1 - first1); returns result + (last1 - first1). result may equal
/// first1 or first2. Same concurrency, complexity and exceptions as the
/// unary transform (parallel when all three iterators are random access).
template <execution_kind Kind, class It1, class It2, class Out, class BinaryOp>
  requires detail::indirectly_invocable<BinaryOp, It1, It2>
Out transform(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, Out result, BinaryOp op) {
  if constexpr (detail::runs_in_parallel_v<Kind, It2>) {
    return detail::walk_into(policy, first1, last1, result, [first1, first2, &op](It1 b, It1 e, Out o) {
      return std::transform(b, e, detail::nth(first2, detail::distance_of(first1, b)), o, op);
    });
  } else {
    return std::transform(first1, last1, first2, result, op);
  }
}

}  // namespace ws
