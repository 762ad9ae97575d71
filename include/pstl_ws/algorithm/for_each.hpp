// SPDX-License-Identifier: MIT
// ws::for_each and ws::for_each_n: the walk algorithms over par_for.
// docs/algorithms.md.
#pragma once

#include <algorithm>  // for std::for_each, std::for_each_n
#include <cstddef>
#include <functional>  // for std::invoke
#include <iterator>  // for std::iter_difference_t

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Calls f(*it) for each it in [first, first + n) in parallel.
template <execution_kind Kind, random_access_traversal It, class F>
void for_each_parallel(const basic_policy<Kind>& policy, It first, std::size_t n, F& f) {
  // k_walk_rule: without a grain, leaves as small as the splitter makes them
  // (rayon's default), so that an expensive or irregular body still balances
  // at the end (docs/algorithms.md#splitting).
  auto leaf = [first, &f](std::size_t begin, std::size_t end) {
    // One induction variable, as in std::for_each, so that the loop vectorises.
    const It stop = first + static_cast<std::iter_difference_t<It>>(end);
    for (It it = first + static_cast<std::iter_difference_t<It>>(begin); it != stop; ++it) {
      std::invoke(f, *it);
    }
  };
  const split_plan plan(policy, n, k_walk_rule);
  plan.run([&] { run_pass(plan, n, leaf); });
}

}  // namespace detail

/// Calls f(*it) for every it in [first, last), with no order between the
/// calls; under a parallel policy concurrently from several threads, so f must
/// be safe to call concurrently on distinct elements.
/// Complexity: last - first applications of f; span O((last - first) / threads).
/// Exceptions: the first exception thrown by f is rethrown once every chunk
/// that started has finished; chunks not yet started are skipped (so some
/// elements may not have been visited). Unlike std::execution::par, which
/// calls std::terminate. Non-random-access iterators and sequential policies
/// run std::for_each on the calling thread.
template <execution_kind Kind, class It, class F>
  requires detail::indirectly_invocable<F, It>
void for_each(basic_policy<Kind> policy, It first, It last, F f) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    detail::for_each_parallel(policy, first, static_cast<std::size_t>(last - first), f);
  } else {
    std::for_each(first, last, f);
  }
}

/// for_each over [first, first + n); returns first + n (first if n <= 0).
/// Same complexity and exceptions as for_each.
template <execution_kind Kind, class It, class Size, class F>
  requires detail::indirectly_invocable<F, It>
It for_each_n(basic_policy<Kind> policy, It first, Size n, F f) {
  if (!(n > Size(0))) {
    return first;
  }
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    const auto count = static_cast<std::size_t>(n);
    detail::for_each_parallel(policy, first, count, f);
    return first + static_cast<std::iter_difference_t<It>>(count);
  } else {
    return std::for_each_n(first, n, f);
  }
}

}  // namespace ws
