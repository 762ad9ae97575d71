// SPDX-License-Identifier: MIT
// ws::ranges::find, find_if, find_if_not, contains, adjacent_find, all_of,
// any_of, none_of, count and count_if: the ws:: iterator algorithms with a
// projection (each form with a value looks for proj(x) == value).
// docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirect_binary_predicate, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/all_of.hpp"
#include "pstl_ws/algorithm/count.hpp"
#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/ranges/predicate_algorithm.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(find_if)
PSTL_WS_RANGES_CALL(find_if_not)
PSTL_WS_RANGES_CALL(all_of)
PSTL_WS_RANGES_CALL(any_of)
PSTL_WS_RANGES_CALL(none_of)
PSTL_WS_RANGES_CALL(count_if)

/// The type of ws::ranges::adjacent_find.
struct adjacent_find_fn {
  /// The first it in [first, last) with pred(proj(*it), proj(*(it + 1))), or
  /// last; as ws::adjacent_find.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity,
            std::indirect_binary_predicate<std::projected<I, Proj>, std::projected<I, Proj>> Pred =
                std::ranges::equal_to>
  I operator()(Ep&& policy, I first, S last, Pred pred = {}, Proj proj = {}) const {
    return ws::adjacent_find(detail::as_ws_policy(policy), first, detail::end_of(first, last),
                             detail::projected(std::move(pred), std::move(proj)));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirect_binary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>,
                                           std::projected<std::ranges::iterator_t<R>, Proj>> Pred =
                std::ranges::equal_to>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, Pred pred = {}, Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(pred), std::move(proj));
  }
};

/// The standard's std::ranges algorithms of these names with a policy first,
/// on a range or an iterator and sized sentinel: find_if(policy, r, pred,
/// proj), find(policy, r, value, proj), ... Each returns what its serial
/// std::ranges form returns and stops early as its ws:: iterator algorithm
/// does; complexity and exceptions are that algorithm's. contains (C++23's
/// std::ranges::contains) is any_of(proj(x) == value).
inline constexpr value_algorithm<find_if_call> find{};
inline constexpr predicate_algorithm<find_if_call> find_if{};
inline constexpr predicate_algorithm<find_if_not_call> find_if_not{};
inline constexpr value_algorithm<any_of_call> contains{};
inline constexpr adjacent_find_fn adjacent_find{};
inline constexpr predicate_algorithm<all_of_call> all_of{};
inline constexpr predicate_algorithm<any_of_call> any_of{};
inline constexpr predicate_algorithm<none_of_call> none_of{};
inline constexpr value_algorithm<count_if_call> count{};
inline constexpr predicate_algorithm<count_if_call> count_if{};

}  // namespace ws::ranges
