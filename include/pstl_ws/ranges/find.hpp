// SPDX-License-Identifier: MIT
// ws::ranges::find, find_if, find_if_not, contains, all_of, any_of, none_of,
// count and count_if: ws::find_if and ws::count_if with a projection (each
// form with a value looks for proj(x) == value). docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirect_unary_predicate, std::projected, std::sized_sentinel_for, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/all_of.hpp"
#include "pstl_ws/algorithm/count.hpp"
#include "pstl_ws/algorithm/find.hpp"
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
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S, class T,
            class Proj = std::identity>
    requires projected_equality_comparable_to<I, Proj, T>
  auto operator()(Ep&& policy, I first, S last, const T& value, Proj proj = {}) const {
    return predicate_algorithm<Call>{}(policy, first, last, detail::equal_to_value(value), std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, class T, class Proj = std::identity>
    requires projected_equality_comparable_to<std::ranges::iterator_t<R>, Proj, T>
  auto operator()(Ep&& policy, R&& r, const T& value, Proj proj = {}) const {
    return detail::borrowed<R>((*this)(policy, std::ranges::begin(r), std::ranges::end(r), value, std::move(proj)));
  }
};

// The ws:: iterator algorithms the objects below run.
struct find_if_call {
  template <class... Args>
  auto operator()(Args... args) const { return ws::find_if(args...); }
};
struct find_if_not_call {
  template <class... Args>
  auto operator()(Args... args) const { return ws::find_if_not(args...); }
};
struct all_of_call {
  template <class... Args>
  bool operator()(Args... args) const { return ws::all_of(args...); }
};
struct any_of_call {
  template <class... Args>
  bool operator()(Args... args) const { return ws::any_of(args...); }
};
struct none_of_call {
  template <class... Args>
  bool operator()(Args... args) const { return ws::none_of(args...); }
};
struct count_if_call {
  template <class... Args>
  auto operator()(Args... args) const { return ws::count_if(args...); }
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
inline constexpr predicate_algorithm<all_of_call> all_of{};
inline constexpr predicate_algorithm<any_of_call> any_of{};
inline constexpr predicate_algorithm<none_of_call> none_of{};
inline constexpr value_algorithm<count_if_call> count{};
inline constexpr predicate_algorithm<count_if_call> count_if{};

}  // namespace ws::ranges
