// SPDX-License-Identifier: MIT
// ws::ranges::min_element, max_element and minmax_element: the ws:: iterator
// algorithms with a projection; min, max and minmax: copies of the elements
// they find. docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::minmax_element_result, std::ranges::minmax_result
#include <functional>  // for std::identity, std::ranges::less
#include <iterator>  // for std::indirect_strict_weak_order, std::indirectly_copyable_storable, std::projected
#include <ranges>
#include <stdexcept>  // for std::invalid_argument
#include <type_traits>  // for std::is_same_v
#include <utility>  // for std::move

#include "pstl_ws/algorithm/min_max_element.hpp"
#include "pstl_ws/ranges/ordering_algorithm.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(min_element)
PSTL_WS_RANGES_CALL(max_element)
struct minmax_element_call {
  template <class I, class... Args>
  std::ranges::minmax_element_result<I> operator()(auto policy, I first, I last, Args... args) const {
    const auto [min, max] = ws::minmax_element(policy, first, last, args...);
    return {min, max};
  }
};

/// A range algorithm that returns the values of the elements ordering_algorithm<Call>
/// finds (min, max, minmax): copies of them, so that a temporary range can be given.
template <class Call>
struct extremum_value_algorithm {
  /// Throws std::invalid_argument for an empty range (whose extremum
  /// std::ranges leaves undefined).
  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirect_strict_weak_order<std::projected<std::ranges::iterator_t<R>, Proj>> Comp =
                std::ranges::less>
    requires std::indirectly_copyable_storable<std::ranges::iterator_t<R>, std::ranges::range_value_t<R>*>
  auto operator()(Ep&& policy, R&& r, Comp comp = {}, Proj proj = {}) const {
    if (std::ranges::empty(r)) {
      throw std::invalid_argument("ws::ranges::min, max and minmax: the range is empty");
    }
    using value = std::ranges::range_value_t<R>;
    const auto found = ordering_algorithm<Call>{}(policy, std::ranges::begin(r), std::ranges::end(r),
                                                  std::move(comp), std::move(proj));
    if constexpr (std::is_same_v<decltype(found), const std::ranges::iterator_t<R>>) {
      return static_cast<value>(*found);
    } else {
      return std::ranges::minmax_result<value>{*found.min, *found.max};
    }
  }
};

/// min_element(policy, r, comp, proj), max_element and minmax_element: what
/// std::ranges returns (the first smallest, the first largest; minmax_element
/// the first smallest and the last largest). Complexity and exceptions: the
/// ws:: algorithms of the same names.
inline constexpr ordering_algorithm<min_element_call> min_element{};
inline constexpr ordering_algorithm<max_element_call> max_element{};
inline constexpr ordering_algorithm<minmax_element_call> minmax_element{};

/// min(policy, r, comp, proj), max and minmax (the forms with a policy take
/// a range only): copies of the elements min_element, max_element and
/// minmax_element find, as std::ranges returns them (minmax_result). An
/// empty range throws std::invalid_argument. Complexity and exceptions
/// otherwise: the ws:: algorithms those run, and the copies'.
inline constexpr extremum_value_algorithm<min_element_call> min{};
inline constexpr extremum_value_algorithm<max_element_call> max{};
inline constexpr extremum_value_algorithm<minmax_element_call> minmax{};

}  // namespace ws::ranges
