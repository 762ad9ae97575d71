// SPDX-License-Identifier: MIT
// ws::adjacent_difference (<numeric>): the first element copied, then a
// binary ws::transform of the range with itself shifted by one.
// docs/algorithms.md#walks.
#pragma once

#include <functional>  // for std::minus
#include <iterator>  // for std::next
#include <memory>  // for std::addressof
#include <numeric>  // for std::adjacent_difference
#include <type_traits>  // for std::is_same_v

#include "pstl_ws/algorithm/transform.hpp"
#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Writes *first to *result and op(*(first + i), *(first + i - 1)) to
/// *(result + i) for every i in [1, last - first); returns result + (last -
/// first). The output must not overlap the input: the standard requires it of
/// the policy overloads (std::adjacent_difference without a policy may run in
/// place). Under a parallel policy on random-access iterators, op is called
/// concurrently, as in ws::transform (each piece with its own copy of op).
/// Complexity: last - first - 1 applications of op; span O((last - first) /
/// threads). Exceptions: as ws::transform. Bad input: result == first (the
/// same iterator type) runs std::adjacent_difference in place on the caller;
/// other overlaps give unspecified values. Sequential policies and other
/// iterators run std::adjacent_difference on the caller.
template <execution_kind Kind, class It, class Out, class BinaryOp>
  requires detail::indirectly_invocable<BinaryOp, It, It>
Out adjacent_difference(basic_policy<Kind> policy, It first, It last, Out result, BinaryOp op) {
  if constexpr (detail::runs_in_parallel_v<Kind, It, Out>) {
    if (first == last) {
      return result;
    }
    if constexpr (std::is_same_v<It, Out>) {
      // By address: iterators into different containers must not be compared.
      if (std::addressof(*result) == std::addressof(*first)) {
        return std::adjacent_difference(first, last, result, op);
      }
    }
    *result = *first;
    return ws::transform(policy, std::next(first), last, first, std::next(result), op);
  } else {
    return std::adjacent_difference(first, last, result, op);
  }
}

/// adjacent_difference with std::minus<>: *(result + i) = *(first + i) -
/// *(first + i - 1).
template <execution_kind Kind, class It, class Out>
  requires detail::indirectly_invocable<std::minus<>, It, It>
Out adjacent_difference(basic_policy<Kind> policy, It first, It last, Out result) {
  return ws::adjacent_difference(policy, first, last, result, std::minus<>());
}

}  // namespace ws
