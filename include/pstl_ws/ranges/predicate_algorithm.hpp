// SPDX-License-Identifier: MIT
// predicate_algorithm and value_algorithm: the shapes of the range algorithms
// that test each element of one range with a unary predicate (find_if,
// count_if, all_of, is_partitioned, ...) or for a value (find, count,
// contains). docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirect_unary_predicate, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// The requirement of the forms that look for a value: proj(*it) == value.
template <class I, class Proj, class T>
concept projected_equality_comparable_to =
    std::indirect_binary_predicate<std::ranges::equal_to, std::projected<I, Proj>, const T*>;

/// A range algorithm that tests each element with a unary predicate: Call
/// (one of the structs below) runs the ws:: iterator algorithm on the ws
/// policy, [first, end) and pred composed with proj.
template <class Call>
struct predicate_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity, std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
  auto operator()(Ep&& policy, I first, S last, Pred pred, Proj proj = {}) const {
    return Call{}(detail::as_ws_policy(policy), first, detail::end_of(first, last),
                  detail::projected(std::move(pred), std::move(proj)));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>> Pred>
  auto operator()(Ep&& policy, R&& r, Pred pred, Proj proj = {}) const {
    return detail::borrowed<R>((*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(pred),
                                       std::move(proj)));
  }
};

/// A range algorithm that looks for a value: the predicate algorithm of
/// Call with the predicate proj(x) == value.
template <class Call>
struct value_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity, class T = detail::projected_value_t<I, Proj>>
    requires projected_equality_comparable_to<I, Proj, T>
  auto operator()(Ep&& policy, I first, S last, const T& value, Proj proj = {}) const {
    return predicate_algorithm<Call>{}(policy, first, last, detail::equal_to_value(value), std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            class T = detail::projected_value_t<std::ranges::iterator_t<R>, Proj>>
    requires projected_equality_comparable_to<std::ranges::iterator_t<R>, Proj, T>
  auto operator()(Ep&& policy, R&& r, const T& value, Proj proj = {}) const {
    return detail::borrowed<R>((*this)(policy, std::ranges::begin(r), std::ranges::end(r), value, std::move(proj)));
  }
};

}  // namespace ws::ranges
