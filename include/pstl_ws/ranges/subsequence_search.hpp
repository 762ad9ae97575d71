// SPDX-License-Identifier: MIT
// ws::ranges::search, find_end, find_first_of, contains_subrange and
// search_n: the ws:: iterator algorithms on a range and a pattern (or a run
// of one value), each with its projection. docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirectly_comparable, std::iter_difference_t, std::sized_sentinel_for, ...
#include <ranges>
#include <utility>  // for std::move

#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/algorithm/subsequence_search.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"
#include "pstl_ws/ranges/two_range_algorithm.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run, and what they return.
PSTL_WS_RANGES_CALL(search)
PSTL_WS_RANGES_CALL(find_end)
PSTL_WS_RANGES_CALL(find_first_of)
/// The match as a subrange: [found, found + pattern length), or [last, last)
/// when there is none (and when the pattern is empty, for find_end).
struct found_subrange {
  template <class I, class Length>
  std::ranges::subrange<I> operator()(I found, I last, Length pattern_length) const {
    return {found, found == last ? last : found + static_cast<std::iter_difference_t<I>>(pattern_length)};
  }
};

/// Whether [s_first, s_last) occurs in [first, last): it is empty, or
/// ws::search finds it.
struct contains_subrange_call {
  template <class Policy, class I1, class I2, class Pred>
  bool operator()(Policy policy, I1 first, I1 last, I2 s_first, I2 s_last, Pred pred) const {
    return s_first == s_last || ws::search(policy, first, last, s_first, s_last, pred) != last;
  }
};

/// The type of ws::ranges::search_n.
struct search_n_fn {
  /// The first run of n consecutive elements x of [first, last) with
  /// pred(proj(x), value), as a subrange; [last, last) if there is none,
  /// [first, first) if n <= 0. Complexity and exceptions: ws::search_n.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Pred = std::ranges::equal_to, class Proj = std::identity,
            class T = detail::projected_value_t<I, Proj>>
    requires std::indirectly_comparable<I, const T*, Pred, Proj>
  std::ranges::subrange<I> operator()(Ep&& policy, I first, S last, std::iter_difference_t<I> n, const T& value,
                                      Pred pred = {}, Proj proj = {}) const {
    if (n <= 0) {
      return {first, first};
    }
    const I end = detail::end_of(first, last);
    return found_subrange{}(ws::search_n(detail::as_ws_policy(policy), first, end, n, value,
                                         detail::projected(std::move(pred), std::move(proj), std::identity{})),
                            end, n);
  }

  template <execution_policy Ep, sized_random_access_range R, class Pred = std::ranges::equal_to,
            class Proj = std::identity, class T = detail::projected_value_t<std::ranges::iterator_t<R>, Proj>>
    requires std::indirectly_comparable<std::ranges::iterator_t<R>, const T*, Pred, Proj>
  std::ranges::borrowed_subrange_t<R> operator()(Ep&& policy, R&& r, std::ranges::range_difference_t<R> n,
                                                 const T& value, Pred pred = {}, Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), n, value, std::move(pred),
                   std::move(proj));
  }
};

/// search(policy, r1, r2, pred, proj1, proj2) and find_end: the first (last)
/// occurrence of r2 in r1 as a subrange of r1, empty at the end of r1 if
/// none; find_first_of: the first element of r1 equal to some element of r2;
/// contains_subrange (C++23): whether r2 occurs in r1 (an empty r2 always
/// does). What std::ranges returns. Complexity and exceptions: the ws::
/// algorithms of the same names (ws::search for contains_subrange).
inline constexpr two_range_algorithm<search_call, found_subrange> search{};
inline constexpr two_range_algorithm<find_end_call, found_subrange> find_end{};
inline constexpr two_range_algorithm<find_first_of_call, as_answer> find_first_of{};
inline constexpr two_range_algorithm<contains_subrange_call, as_answer> contains_subrange{};
inline constexpr search_n_fn search_n{};

}  // namespace ws::ranges
