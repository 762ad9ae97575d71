// SPDX-License-Identifier: MIT
// ws::ranges::replace and replace_if: ws::replace_if with a projection (replace
// tests proj(x) == old_value). docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirect_unary_predicate, std::indirectly_writable, std::projected, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/replace.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// The type of ws::ranges::replace_if.
struct replace_if_fn {
  /// Assigns new_value to every element x of [first, last) with
  /// pred(proj(x)); returns last.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S, class T,
            class Proj = std::identity, std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
    requires std::indirectly_writable<I, const T&>
  I operator()(Ep&& policy, I first, S last, Pred pred, const T& new_value, Proj proj = {}) const {
    const I end = detail::end_of(first, last);
    ws::replace_if(detail::as_ws_policy(policy), first, end, detail::projected(std::move(pred), std::move(proj)),
                   new_value);
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class T, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>> Pred>
    requires std::indirectly_writable<std::ranges::iterator_t<R>, const T&>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, Pred pred, const T& new_value,
                                                 Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(pred), new_value, std::move(proj));
  }
};

/// The type of ws::ranges::replace.
struct replace_fn {
  /// Assigns new_value to every element x of [first, last) with proj(x) ==
  /// old_value; returns last.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S, class T1, class T2,
            class Proj = std::identity>
    requires std::indirectly_writable<I, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to, std::projected<I, Proj>, const T1*>
  I operator()(Ep&& policy, I first, S last, const T1& old_value, const T2& new_value, Proj proj = {}) const {
    return replace_if_fn{}(policy, first, last, detail::equal_to_value(old_value), new_value, std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, class T1, class T2, class Proj = std::identity>
    requires std::indirectly_writable<std::ranges::iterator_t<R>, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to,
                                            std::projected<std::ranges::iterator_t<R>, Proj>, const T1*>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, const T1& old_value, const T2& new_value,
                                                 Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), old_value, new_value, std::move(proj));
  }
};

/// replace(policy, r, old_value, new_value, proj) and replace_if(policy, r,
/// pred, new_value, proj): what std::ranges does and returns. Complexity and
/// exceptions: ws::replace_if.
inline constexpr replace_fn replace{};
inline constexpr replace_if_fn replace_if{};

}  // namespace ws::ranges
