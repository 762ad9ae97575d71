// SPDX-License-Identifier: MIT
// ws::reduce and ws::transform_reduce over par_reduce: one fixed split tree,
// so under ws::par a
// floating-point sum gives the same bits on every run and every pool size.
// docs/algorithms.md#deterministic-reduce.
#pragma once

#include <cstddef>
#include <functional>  // for std::plus, std::invoke, std::multiplies
#include <iterator>  // for std::iter_reference_t, std::iter_difference_t, std::iter_value_t
#include <numeric>  // for std::reduce, std::transform_reduce
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_reduce.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
/// GENERALIZED_SUM(op, init, *first, ..., *(last - 1)): op applied in an
/// unspecified grouping and order, so op must be associative and commutative.
/// Under a parallel policy on random-access iterators the grouping is a fixed
/// tree that depends only on last - first and the grain: the result is the
/// same on every run and every thread count, floating point included.
/// Complexity: O(last - first) applications of op; span O(log n + n / threads).
/// Exceptions: as ws::for_each. Other iterators and sequential policies call
/// std::reduce on the calling thread.
template <execution_kind Kind, class It, class T, class Op>
  requires detail::reduction_operation<Op, T, std::iter_reference_t<It>>
T reduce(basic_policy<Kind> policy, It first, It last, T init, Op op) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    auto at = [first](std::size_t i) -> decltype(auto) {
      return first[static_cast<std::iter_difference_t<It>>(i)];
    };
    return detail::reduce_parallel(policy, static_cast<std::size_t>(last - first), std::move(init), at, op);
  } else {
    return std::reduce(first, last, std::move(init), op);
  }
}

/// reduce with std::plus<>.
template <execution_kind Kind, class It, class T>
  requires detail::reduction_operation<std::plus<>, T, std::iter_reference_t<It>>
T reduce(basic_policy<Kind> policy, It first, It last, T init) {
  return ws::reduce(policy, first, last, std::move(init), std::plus<>());
}

/// reduce with std::plus<> from a value-initialized element type.
template <execution_kind Kind, class It>
  requires detail::reduction_operation<std::plus<>, std::iter_value_t<It>, std::iter_reference_t<It>>
std::iter_value_t<It> reduce(basic_policy<Kind> policy, It first, It last) {
  return ws::reduce(policy, first, last, std::iter_value_t<It>{}, std::plus<>());
}

/// GENERALIZED_SUM(reduce_op, init, transform(*it) for it in [first, last)).
/// Same tree, determinism, complexity and exceptions as ws::reduce.
template <execution_kind Kind, class It, class T, class ReduceOp, class TransformOp>
  requires detail::indirectly_invocable<TransformOp, It> &&
           detail::reduction_operation<ReduceOp, T, detail::indirect_invoke_result_t<TransformOp, It>>
T transform_reduce(basic_policy<Kind> policy, It first, It last, T init, ReduceOp reduce_op,
                   TransformOp transform) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    auto at = [first, &transform](std::size_t i) {
      return std::invoke(transform, first[static_cast<std::iter_difference_t<It>>(i)]);
    };
    return detail::reduce_parallel(policy, static_cast<std::size_t>(last - first), std::move(init), at, reduce_op);
  } else {
    return std::transform_reduce(first, last, std::move(init), reduce_op, transform);
  }
}

/// GENERALIZED_SUM(reduce_op, init, transform(*it1, *it2)) over [first1,
/// last1) and the range of the same length from first2 (an inner product).
/// Same tree, determinism, complexity and exceptions as ws::reduce.
template <execution_kind Kind, class It1, class It2, class T, class ReduceOp, class TransformOp>
  requires detail::indirectly_invocable<TransformOp, It1, It2> &&
           detail::reduction_operation<ReduceOp, T, detail::indirect_invoke_result_t<TransformOp, It1, It2>>
T transform_reduce(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, T init, ReduceOp reduce_op,
                   TransformOp transform) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2>) {
    auto at = [first1, first2, &transform](std::size_t i) {
      return std::invoke(transform, first1[static_cast<std::iter_difference_t<It1>>(i)],
                         first2[static_cast<std::iter_difference_t<It2>>(i)]);
    };
    return detail::reduce_parallel(policy, static_cast<std::size_t>(last1 - first1), std::move(init), at,
                                   reduce_op);
  } else {
    return std::transform_reduce(first1, last1, first2, std::move(init), reduce_op, transform);
  }
}

/// The inner product with std::plus<> and std::multiplies<>.
template <execution_kind Kind, class It1, class It2, class T>
  requires detail::indirectly_invocable<std::multiplies<>, It1, It2> &&
           detail::reduction_operation<std::plus<>, T, detail::indirect_invoke_result_t<std::multiplies<>, It1, It2>>
T transform_reduce(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, T init) {
  return ws::transform_reduce(policy, first1, last1, first2, std::move(init), std::plus<>(),
                              std::multiplies<>());
}

}  // namespace ws
