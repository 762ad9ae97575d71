// SPDX-License-Identifier: MIT
// ws::ranges::for_each and for_each_n: ws::for_each and ws::for_each_n with a
// projection. docs/ranges.md.
#pragma once

#include <functional>  // for std::identity
#include <iterator>  // for std::indirectly_unary_invocable, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/for_each.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// The type of ws::ranges::for_each.
struct for_each_fn {
  /// Calls f(proj(*it)) for every it in [first, last), as ws::for_each;
  /// returns last. Unlike the serial std::ranges::for_each it does not return
  /// f (P3179): each thread of a parallel call runs a copy of it.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity, std::indirectly_unary_invocable<std::projected<I, Proj>> F>
  I operator()(Ep&& policy, I first, S last, F f, Proj proj = {}) const {
    const I end = detail::end_of(first, last);
    ws::for_each(detail::as_ws_policy(policy), first, end, detail::projected(std::move(f), std::move(proj)));
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirectly_unary_invocable<std::projected<std::ranges::iterator_t<R>, Proj>> F>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, F f, Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(f), std::move(proj));
  }
};

/// The type of ws::ranges::for_each_n.
struct for_each_n_fn {
  /// for_each over [first, first + n); returns first + n (first if n <= 0).
  template <execution_policy Ep, std::random_access_iterator I, class Proj = std::identity,
            std::indirectly_unary_invocable<std::projected<I, Proj>> F>
  I operator()(Ep&& policy, I first, std::iter_difference_t<I> n, F f, Proj proj = {}) const {
    return ws::for_each_n(detail::as_ws_policy(policy), first, n, detail::projected(std::move(f), std::move(proj)));
  }
};

/// for_each(policy, r, f, proj) or (policy, first, last, f, proj): the
/// standard's std::ranges::for_each with a policy first. Complexity and
/// exceptions: ws::for_each.
inline constexpr for_each_fn for_each{};

/// for_each_n(policy, first, n, f, proj). Complexity and exceptions: ws::for_each_n.
inline constexpr for_each_n_fn for_each_n{};

}  // namespace ws::ranges
