// SPDX-License-Identifier: MIT
// adjacent_algorithm: the shape of the range algorithms that compare each
// element of one range with the next by a binary predicate on the projected
// elements (adjacent_find, unique). docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirect_binary_predicate, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm that compares neighbours by pred(proj(*it), proj(*(it +
/// 1))): Call runs the ws:: iterator algorithm on [first, end) and the
/// composed predicate; the range form maps an iterator or a subrange of the
/// range to its borrowed kin.
template <class Call>
struct adjacent_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity,
            std::indirect_binary_predicate<std::projected<I, Proj>, std::projected<I, Proj>> Pred =
                std::ranges::equal_to>
  auto operator()(Ep&& policy, I first, S last, Pred pred = {}, Proj proj = {}) const {
    return Call{}(detail::as_ws_policy(policy), first, detail::end_of(first, last),
                  detail::projected(std::move(pred), std::move(proj)));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirect_binary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>,
                                           std::projected<std::ranges::iterator_t<R>, Proj>> Pred =
                std::ranges::equal_to>
  auto operator()(Ep&& policy, R&& r, Pred pred = {}, Proj proj = {}) const {
    return detail::borrowed<R>((*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(pred),
                                       std::move(proj)));
  }
};

}  // namespace ws::ranges
