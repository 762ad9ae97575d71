// SPDX-License-Identifier: MIT
// ws::count and ws::count_if: a sum of 0s and 1s over par_reduce's fixed
// tree. docs/algorithms.md#count-and-the-extremum-searches.
#pragma once

#include <algorithm>  // for std::count_if
#include <cstddef>
#include <functional>  // for std::plus
#include <iterator>  // for std::iter_difference_t

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_reduce.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// The number of it in [first, last) with pred(*it) true. Under a parallel
/// policy on random-access iterators a reduction over par_reduce's tree (as
/// ws::reduce: on the calling thread below k_reduce_parallel_threshold
/// elements (tuning.hpp) or 2 × grain), with
/// pred called concurrently from several threads.
/// Complexity: exactly last - first applications of pred; span
/// O((last - first) / threads + log(last - first)).
/// Exceptions: the first exception thrown by pred is rethrown once every leaf
/// that started has finished; leaves not started are skipped. Other iterators
/// and sequential policies run std::count_if.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
std::iter_difference_t<It> count_if(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    using difference = std::iter_difference_t<It>;
    auto at = [first, &pred](std::size_t i) -> difference {
      return pred(*detail::nth(first, i)) ? difference(1) : difference(0);
    };
    std::plus<> add;
    return detail::reduce_parallel(policy, detail::distance_of(first, last), difference(0), at, add);
  } else {
    return std::count_if(first, last, pred);
  }
}

/// The number of it in [first, last) with *it == value: count_if with that
/// test; same complexity, exceptions (from ==) and fallback.
template <execution_kind Kind, class It, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
std::iter_difference_t<It> count(basic_policy<Kind> policy, It first, It last, const T& value) {
  return ws::count_if(policy, first, last, detail::equal_to_value(value));
}

}  // namespace ws
