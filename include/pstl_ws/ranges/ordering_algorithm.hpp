// SPDX-License-Identifier: MIT
// ordering_algorithm: the shape of the range algorithms that compare the
// projected elements of one range by a strict weak order (min_element,
// is_sorted, is_heap, ...). docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::less
#include <iterator>  // for std::indirect_strict_weak_order, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm that compares the projected elements of one range by
/// comp: Call runs the ws:: iterator algorithm on [first, end) with comp
/// composed with proj; the range form maps an iterator result to
/// borrowed_iterator_t.
template <class Call>
struct ordering_algorithm {
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

}  // namespace ws::ranges
