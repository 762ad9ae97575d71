// SPDX-License-Identifier: MIT
// ws::ranges::min_element, max_element and minmax_element: the ws:: iterator
// algorithms with a projection. docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::less
#include <iterator>  // for std::indirect_strict_weak_order, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/min_max_element.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm that compares projected elements by comp: Call runs the
/// ws:: iterator algorithm on [first, end) with comp composed with proj.
template <class Call>
struct extremum_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Proj = std::identity,
            std::indirect_strict_weak_order<std::projected<I, Proj>> Comp = std::ranges::less>
  auto operator()(Ep&& policy, I first, S last, Comp comp = {}, Proj proj = {}) const {
    return Call{}(detail::as_ws_policy(policy), first, detail::end_of(first, last),
                  detail::projected(std::move(comp), std::move(proj)));
  }

  template <execution_policy Ep, sized_random_access_range R, class Proj = std::identity,
            std::indirect_strict_weak_order<std::projected<std::ranges::iterator_t<R>, Proj>> Comp =
                std::ranges::less>
  auto operator()(Ep&& policy, R&& r, Comp comp = {}, Proj proj = {}) const {
    return detail::borrowed<R>((*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(comp),
                                       std::move(proj)));
  }
};

// The ws:: iterator algorithms the objects below run.
struct min_element_call {
  template <class... Args>
  auto operator()(Args... args) const { return ws::min_element(args...); }
};
struct max_element_call {
  template <class... Args>
  auto operator()(Args... args) const { return ws::max_element(args...); }
};
struct minmax_element_call {
  template <class I, class... Args>
  std::ranges::minmax_element_result<I> operator()(auto policy, I first, I last, Args... args) const {
    const auto [min, max] = ws::minmax_element(policy, first, last, args...);
    return {min, max};
  }
};

/// min_element(policy, r, comp, proj), max_element and minmax_element: what
/// std::ranges returns (the first smallest, the first largest; minmax_element
/// the first smallest and the last largest). Complexity and exceptions: the
/// ws:: algorithms of the same names.
inline constexpr extremum_algorithm<min_element_call> min_element{};
inline constexpr extremum_algorithm<max_element_call> max_element{};
inline constexpr extremum_algorithm<minmax_element_call> minmax_element{};

}  // namespace ws::ranges
