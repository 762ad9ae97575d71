// SPDX-License-Identifier: MIT
// ws::ranges::find, find_if, find_if_not, find_last, find_last_if,
// find_last_if_not, contains, adjacent_find, all_of, any_of, none_of, count
// and count_if: the ws:: iterator algorithms with a projection (each form
// with a value looks for proj(x) == value). docs/ranges.md.
#pragma once

#include <iterator>  // for std::make_reverse_iterator, std::prev
#include <ranges>
#include <utility>  // for std::move

#include "pstl_ws/algorithm/all_of.hpp"
#include "pstl_ws/algorithm/count.hpp"
#include "pstl_ws/algorithm/find.hpp"
#include "pstl_ws/ranges/adjacent_algorithm.hpp"
#include "pstl_ws/ranges/predicate_algorithm.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(find_if)
PSTL_WS_RANGES_CALL(find_if_not)
PSTL_WS_RANGES_CALL(adjacent_find)
PSTL_WS_RANGES_CALL(all_of)
PSTL_WS_RANGES_CALL(any_of)
PSTL_WS_RANGES_CALL(none_of)
PSTL_WS_RANGES_CALL(count_if)

/// The call object of a ws:: search run from the back: the last element of
/// [first, last) that Find (find_if_call, find_if_not_call) accepts, as the
/// subrange from it to last, [last, last) if there is none (what
/// std::ranges::find_last returns). Find runs over reverse iterators, so it
/// stops as early, counted from the back.
template <class Find>
struct find_last_call {
  template <class Policy, class I, class Pred>
  std::ranges::subrange<I> operator()(Policy policy, I first, I last, Pred pred) const {
    const auto rend = std::make_reverse_iterator(first);
    const auto found = Find{}(policy, std::make_reverse_iterator(last), rend, std::move(pred));
    return {found == rend ? last : std::prev(found.base()), last};
  }
};

/// The standard's std::ranges algorithms of these names with a policy first,
/// on a range or an iterator and sized sentinel: find_if(policy, r, pred,
/// proj), find(policy, r, value, proj), ... Each returns what its serial
/// std::ranges form returns and stops early as its ws:: iterator algorithm
/// does; complexity and exceptions are that algorithm's. contains (C++23's
/// std::ranges::contains) is any_of(proj(x) == value); find_last,
/// find_last_if and find_last_if_not (C++23) are find_if and find_if_not
/// over the reversed range.
inline constexpr value_algorithm<find_if_call> find{};
inline constexpr predicate_algorithm<find_if_call> find_if{};
inline constexpr predicate_algorithm<find_if_not_call> find_if_not{};
inline constexpr value_algorithm<find_last_call<find_if_call>> find_last{};
inline constexpr predicate_algorithm<find_last_call<find_if_call>> find_last_if{};
inline constexpr predicate_algorithm<find_last_call<find_if_not_call>> find_last_if_not{};
inline constexpr value_algorithm<any_of_call> contains{};
inline constexpr adjacent_algorithm<adjacent_find_call> adjacent_find{};
inline constexpr predicate_algorithm<all_of_call> all_of{};
inline constexpr predicate_algorithm<any_of_call> any_of{};
inline constexpr predicate_algorithm<none_of_call> none_of{};
inline constexpr value_algorithm<count_if_call> count{};
inline constexpr predicate_algorithm<count_if_call> count_if{};

}  // namespace ws::ranges
