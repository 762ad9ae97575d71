// SPDX-License-Identifier: MIT
// ws::min_element, max_element and minmax_element: a reduction of indices
// over par_reduce's fixed tree, with the standard's tie rules.
// docs/algorithms.md#count-and-the-extremum-searches.
#pragma once

#include <algorithm>  // for std::min, std::max, std::min_element, ...
#include <cstddef>
#include <functional>  // for std::less
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_reduce.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// Which element of a range an extremum search returns.
enum class extremum { first_min, first_max, last_max };

/// Of the indices a and b, the one whose element Rule prefers: the smaller
/// (or larger) element under comp, and among equivalent elements the lower
/// index (first_*) or the higher one (last_max). When comp is a strict weak
/// order this is a minimum under a total order on indices, hence associative
/// and commutative, which par_reduce's interleaved lanes need. One comparison.
template <extremum Rule, class It, class Comp>
std::size_t pick(It first, Comp& comp, std::size_t a, std::size_t b) {
  const std::size_t low = std::min(a, b);
  const std::size_t high = std::max(a, b);
  auto&& at_low = *nth(first, low);
  auto&& at_high = *nth(first, high);
  if constexpr (Rule == extremum::first_min) {
    return comp(at_high, at_low) ? high : low;
  } else if constexpr (Rule == extremum::first_max) {
    return comp(at_low, at_high) ? high : low;
  } else {
    return comp(at_high, at_low) ? low : high;
  }
}

/// The element Rule picks in [first, last), or last if empty: a reduction of
/// indices over par_reduce's tree (the root also meets index 0 once more, as
/// reduce's init: harmless, since pick(i, i) = i).
template <extremum Rule, execution_kind Kind, class It, class Comp>
It extremum_element(const basic_policy<Kind>& policy, It first, It last, Comp& comp) {
  if (first == last) {
    return last;
  }
  auto at = [](std::size_t i) { return i; };
  auto op = [first, &comp](std::size_t a, std::size_t b) { return pick<Rule>(first, comp, a, b); };
  return nth(first, reduce_parallel(policy, distance_of(first, last), std::size_t{0}, at, op));
}

}  // namespace detail

/// The first smallest element of [first, last) under comp, or last if empty.
/// Under a parallel policy on random-access iterators a reduction of indices
/// over par_reduce's tree (on the calling thread below
/// k_reduce_parallel_threshold elements, tuning.hpp, or 2 × grain); the tie
/// rule makes the result the same as std::min_element's.
/// Complexity: last - first applications of comp (one more than the
/// sequential n - 1); span O((last - first) / threads + log(last - first)).
/// Exceptions: the first exception thrown by comp is rethrown once every leaf
/// that started has finished; leaves not started are skipped. Bad input: with
/// a comparator that is no strict weak order, some element is returned.
/// Other iterators and sequential policies run std::min_element.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
It min_element(basic_policy<Kind> policy, It first, It last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    return detail::extremum_element<detail::extremum::first_min>(policy, first, last, comp);
  } else {
    return std::min_element(first, last, comp);
  }
}

/// min_element with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
It min_element(basic_policy<Kind> policy, It first, It last) {
  return ws::min_element(policy, first, last, std::less<>());
}

/// The first largest element of [first, last) under comp, or last if empty.
/// Complexity, exceptions and fallback (std::max_element) as min_element.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
It max_element(basic_policy<Kind> policy, It first, It last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    return detail::extremum_element<detail::extremum::first_max>(policy, first, last, comp);
  } else {
    return std::max_element(first, last, comp);
  }
}

/// max_element with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
It max_element(basic_policy<Kind> policy, It first, It last) {
  return ws::max_element(policy, first, last, std::less<>());
}

/// The first smallest and the LAST largest element of [first, last) under
/// comp, or (first, first) if empty: one reduction of index pairs.
/// Complexity: 2 × (last - first) applications of comp (the sequential
/// std::minmax_element needs about 1.5 × (n - 1)); span as min_element.
/// Exceptions, bad input and fallback (std::minmax_element) as min_element.
template <execution_kind Kind, class It, class Comp>
  requires detail::indirect_ordering<Comp, It>
std::pair<It, It> minmax_element(basic_policy<Kind> policy, It first, It last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    if (first == last) {
      return {first, first};
    }
    using index_pair = std::pair<std::size_t, std::size_t>;
    auto at = [](std::size_t i) { return index_pair(i, i); };
    auto op = [first, &comp](const index_pair& a, const index_pair& b) {
      return index_pair(detail::pick<detail::extremum::first_min>(first, comp, a.first, b.first),
                        detail::pick<detail::extremum::last_max>(first, comp, a.second, b.second));
    };
    const index_pair best = detail::reduce_parallel(policy, detail::distance_of(first, last), index_pair(0, 0), at, op);
    return {detail::nth(first, best.first), detail::nth(first, best.second)};
  } else {
    return std::minmax_element(first, last, comp);
  }
}

/// minmax_element with <.
template <execution_kind Kind, class It>
  requires detail::indirect_ordering<std::less<>, It>
std::pair<It, It> minmax_element(basic_policy<Kind> policy, It first, It last) {
  return ws::minmax_element(policy, first, last, std::less<>());
}

}  // namespace ws
