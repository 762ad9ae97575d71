// SPDX-License-Identifier: MIT
// ws::ranges::search, find_end and find_first_of: the ws:: iterator
// algorithms on a range and a pattern, each with its projection.
// docs/ranges.md.
#pragma once

#include <iterator>  // for std::iter_difference_t
#include <ranges>

#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/algorithm/subsequence_search.hpp"
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

/// search(policy, r1, r2, pred, proj1, proj2) and find_end: the first (last)
/// occurrence of r2 in r1 as a subrange of r1, empty at the end of r1 if
/// none; find_first_of: the first element of r1 equal to some element of r2.
/// What std::ranges returns. Complexity and exceptions: the ws:: algorithms of
/// the same names.
inline constexpr two_range_algorithm<search_call, found_subrange> search{};
inline constexpr two_range_algorithm<find_end_call, found_subrange> find_end{};
inline constexpr two_range_algorithm<find_first_of_call, as_answer> find_first_of{};

}  // namespace ws::ranges
