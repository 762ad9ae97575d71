// SPDX-License-Identifier: MIT
// range_forms: what every parallel range algorithm of ws::ranges shares: the
// ranges it takes (P3179's sized random-access ranges), the policies it takes
// (ws's and the standard's), and how a call on an iterator and a sized
// sentinel, or on bounded outputs, becomes a call of a ws:: iterator
// algorithm. docs/ranges.md.
#pragma once

#include <algorithm>  // for std::min, std::ranges::in_out_result
#include <cstddef>
#include <iterator>  // for std::permutable, std::random_access_iterator, std::sized_sentinel_for
#include <ranges>
#include <type_traits>  // for std::conditional_t, std::remove_cvref_t, std::type_identity
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/standard_policies.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::ranges {

/// A range the parallel range algorithms read or write: random access and
/// sized (P3179's sized-random-access-range), so that its length is known in
/// O(1) before the work is split.
template <class R>
concept sized_random_access_range = std::ranges::random_access_range<R> && std::ranges::sized_range<R>;

/// An execution policy: ws's (ws::par, ws::par.on(pool), ...) or, where the
/// standard library declares them, the standard's (std::execution::par runs
/// as ws::par).
template <class P>
concept execution_policy = is_execution_policy_v<std::remove_cvref_t<P>>
#if PSTL_WS_STANDARD_POLICIES
                           || detail::standard_policy<P>
#endif
    ;

}  // namespace ws::ranges

/// Defines NAME_call, in the namespace where it is used (ws::ranges), the
/// function object that calls the ws:: iterator algorithm NAME with its
/// arguments: what the shared shapes of the range algorithms
/// (predicate_algorithm, ordering_algorithm, ...) take as the algorithm they
/// run. An overload set cannot be a template argument; a type naming it can.
#define PSTL_WS_RANGES_CALL(name)                  \
  struct name##_call {                             \
    template <class... Args>                       \
    decltype(auto) operator()(Args... args) const { \
      return ::ws::name(args...);                  \
    }                                              \
  };

namespace ws::ranges {

/// The call object of a ws:: iterator algorithm that moves the elements it
/// keeps to the front and returns their new end (remove_if, unique,
/// partition): Call's answer as the subrange [answer, last), what
/// std::ranges returns for them.
template <class Call>
struct tail_call {
  template <class Policy, std::permutable I, class... Args>
  std::ranges::subrange<I> operator()(Policy policy, I first, I last, Args... args) const {
    return {Call{}(policy, first, last, args...), last};
  }
};

}  // namespace ws::ranges

namespace ws::detail {

/// The ws policy a range algorithm runs: the policy itself, or the ws policy
/// of the same kind as a standard one.
template <ranges::execution_policy P>
constexpr auto as_ws_policy(const P& policy) noexcept {
  if constexpr (is_execution_policy_v<P>) {
    return policy;
  } else {
    return ws_policy_for(policy);
  }
}

/// The end of [first, last) as an iterator: the iterator algorithms take
/// pairs of one type, and a sized sentinel gives it in O(1).
template <std::random_access_iterator I, std::sized_sentinel_for<I> S>
constexpr I end_of(I first, S last) {
  return first + (last - first);
}

/// How many elements a call copies from [first, last) into the bounded
/// output [result, result_last): the shorter of the two lengths (P3179: an
/// output range is never written past its end).
template <std::random_access_iterator I, std::sized_sentinel_for<I> S, std::random_access_iterator O,
          std::sized_sentinel_for<O> OutS>
constexpr std::size_t bounded_length(I first, S last, O result, OutS result_last) {
  return std::min(static_cast<std::size_t>(last - first), static_cast<std::size_t>(result_last - result));
}

/// The bounded form of a ws:: walk into an output: walk(policy, first, stop,
/// result) over the first N = bounded_length(...) elements, stop = first + N;
/// returns {stop, what walk returns (result + N)}.
template <class Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S, std::random_access_iterator O,
          std::sized_sentinel_for<O> OutS, class Walk>
std::ranges::in_out_result<I, O> bounded_walk(const Ep& policy, I first, S last, O result, OutS result_last,
                                              Walk walk) {
  const I stop = nth(first, bounded_length(first, last, result, result_last));
  return {stop, walk(as_ws_policy(policy), first, stop, result)};
}

/// Result with each of its members that is an iterator of the range of the
/// same position mapped to borrowed_iterator_t of it: in_out_result<I, O> for
/// ranges R and OutR, in_in_out_result for three ranges, min_max_result<I>
/// for one. Other types are left as they are.
template <class Result, class... Rs>
struct borrowed_members {
  using type = Result;
};

template <template <class...> class Result, class... Its, class... Rs>
  requires(sizeof...(Its) == sizeof...(Rs))
struct borrowed_members<Result<Its...>, Rs...> {
  using type = Result<std::conditional_t<std::is_same_v<Its, std::ranges::iterator_t<Rs>>,
                                         std::ranges::borrowed_iterator_t<Rs>, Its>...>;
};

/// What the range form of an algorithm returns when its iterator form returns
/// Result and its ranges are R1, Rs...: the standard's rule for ranges that
/// may dangle. An iterator or a subrange of the first range becomes
/// borrowed_iterator_t / borrowed_subrange_t of it (std::ranges::dangling for
/// a temporary that does not borrow); a result of iterators, one per range,
/// has each so mapped; anything else (a bool, a count, a value) is returned
/// as it is.
template <class Result, class R1, class... Rs>
consteval auto borrowed_result_of() noexcept {
  if constexpr (std::is_same_v<Result, std::ranges::iterator_t<R1>>) {
    return std::type_identity<std::ranges::borrowed_iterator_t<R1>>{};
  } else if constexpr (std::is_same_v<Result, std::ranges::subrange<std::ranges::iterator_t<R1>>>) {
    return std::type_identity<std::ranges::borrowed_subrange_t<R1>>{};
  } else {
    return std::type_identity<typename borrowed_members<Result, R1, Rs...>::type>{};
  }
}

/// result, the iterator form's answer, as the range form over Rs returns it
/// (borrowed_result_of).
template <class... Rs, class Result>
constexpr auto borrowed(Result result) {
  return typename decltype(borrowed_result_of<Result, Rs...>())::type(std::move(result));
}

}  // namespace ws::detail
