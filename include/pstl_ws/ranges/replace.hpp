// SPDX-License-Identifier: MIT
// ws::ranges::replace, replace_if, replace_copy and replace_copy_if:
// ws::replace_if and ws::replace_copy_if with a projection (the forms with an
// old value test proj(x) == old_value). docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::replace_copy_result, std::ranges::replace_copy_if_result
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
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity, class T = std::iter_value_t<I>,
            std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
    requires std::indirectly_writable<I, const T&>
  I operator()(Ep&& policy, I first, S last, Pred pred, const T& new_value, Proj proj = {}) const {
    const I end = detail::end_of(first, last);
    ws::replace_if(detail::as_ws_policy(policy), first, end, detail::projected(std::move(pred), std::move(proj)),
                   new_value);
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            class T = std::ranges::range_value_t<R>,
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
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity, class T1 = detail::projected_value_t<I, Proj>, class T2 = std::iter_value_t<I>>
    requires std::indirectly_writable<I, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to, std::projected<I, Proj>, const T1*>
  I operator()(Ep&& policy, I first, S last, const T1& old_value, const T2& new_value, Proj proj = {}) const {
    return replace_if_fn{}(policy, first, last, detail::equal_to_value(old_value), new_value, std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            class T1 = detail::projected_value_t<std::ranges::iterator_t<R>, Proj>,
            class T2 = std::ranges::range_value_t<R>>
    requires std::indirectly_writable<std::ranges::iterator_t<R>, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to,
                                            std::projected<std::ranges::iterator_t<R>, Proj>, const T1*>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, const T1& old_value, const T2& new_value,
                                                 Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), old_value, new_value, std::move(proj));
  }
};

/// The type of ws::ranges::replace_copy_if.
struct replace_copy_if_fn {
  /// Writes to *(result + i) new_value if pred(proj(*(first + i))), else
  /// *(first + i), for every i below N = min(last - first, result_last -
  /// result); returns {first + N, result + N}. The ranges must not overlap.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, class T = std::iter_value_t<O>,
            class Proj = std::identity, std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
    requires std::indirectly_copyable<I, O> && std::indirectly_writable<O, const T&>
  std::ranges::replace_copy_if_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last,
                                                       Pred pred, const T& new_value, Proj proj = {}) const {
    return detail::bounded_walk(policy, first, last, result, result_last,
                                [test = detail::projected(std::move(pred), std::move(proj)), &new_value](
                                    auto walk_policy, I from, I to, O out) {
                                  return ws::replace_copy_if(walk_policy, from, to, out, test, new_value);
                                });
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            class T = std::ranges::range_value_t<OutR>, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>> Pred>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>> &&
             std::indirectly_writable<std::ranges::iterator_t<OutR>, const T&>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, Pred pred, const T& new_value, Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r),
                                             std::move(pred), new_value, std::move(proj)));
  }
};

/// The type of ws::ranges::replace_copy.
struct replace_copy_fn {
  /// replace_copy_if with the predicate proj(x) == old_value.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, class Proj = std::identity,
            class T1 = detail::projected_value_t<I, Proj>, class T2 = std::iter_value_t<O>>
    requires std::indirectly_copyable<I, O> && std::indirectly_writable<O, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to, std::projected<I, Proj>, const T1*>
  std::ranges::replace_copy_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last,
                                                    const T1& old_value, const T2& new_value, Proj proj = {}) const {
    return replace_copy_if_fn{}(policy, first, last, result, result_last, detail::equal_to_value(old_value),
                                new_value, std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            class Proj = std::identity, class T1 = detail::projected_value_t<std::ranges::iterator_t<R>, Proj>,
            class T2 = std::ranges::range_value_t<OutR>>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>> &&
             std::indirectly_writable<std::ranges::iterator_t<OutR>, const T2&> &&
             std::indirect_binary_predicate<std::ranges::equal_to,
                                            std::projected<std::ranges::iterator_t<R>, Proj>, const T1*>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, const T1& old_value, const T2& new_value,
                  Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r), old_value,
                                             new_value, std::move(proj)));
  }
};

/// replace(policy, r, old_value, new_value, proj), replace_if(policy, r,
/// pred, new_value, proj), and the copying forms replace_copy(policy, r,
/// out, old_value, new_value, proj) and replace_copy_if, whose output is
/// bounded (docs/ranges.md#bounded-outputs): what std::ranges does and
/// returns. Complexity and exceptions: ws::replace_if and
/// ws::replace_copy_if.
inline constexpr replace_fn replace{};
inline constexpr replace_if_fn replace_if{};
inline constexpr replace_copy_fn replace_copy{};
inline constexpr replace_copy_if_fn replace_copy_if{};

}  // namespace ws::ranges
