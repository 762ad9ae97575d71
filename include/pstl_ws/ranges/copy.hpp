// SPDX-License-Identifier: MIT
// ws::ranges::copy, copy_n, move, transform, fill, fill_n and swap_ranges: the ws:: walks,
// each output a bounded range (P3179): a call writes as many elements as the
// shorter of its input and its output holds, never past the output's end.
// docs/ranges.md#bounded-outputs.
#pragma once

#include <algorithm>  // for std::ranges::in_out_result, std::ranges::copy_n_result, std::min, ...
#include <cstddef>
#include <functional>  // for std::identity
#include <iterator>  // for std::indirectly_copyable, std::indirectly_movable, std::projected, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/algorithm/fill.hpp"
#include "pstl_ws/algorithm/transform.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm that writes the elements of its input to its bounded
/// output, the first N = min(last - first, result_last - result) of them,
/// and returns {first + N, result + N}: Call runs the ws:: walk (ws::copy,
/// ws::move, ws::uninitialized_copy, ...) and says, in Call::writes<I, O>,
/// which iterators it takes.
template <class Call>
struct copy_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS>
    requires(Call::template writes<I, O>)
  std::ranges::in_out_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last) const {
    return detail::bounded_walk(policy, first, last, result, result_last, Call{});
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR>
    requires(Call::template writes<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>>)
  auto operator()(Ep&& policy, R&& r, OutR&& result_r) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r)));
  }
};

/// copy_algorithm over the first n elements from first (copy_n and its
/// kin): writes the first N = min(max(n, 0), result_last - result) of them;
/// returns {first + N, result + N}.
template <class Call>
struct copy_n_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::random_access_iterator O,
            std::sized_sentinel_for<O> OutS>
    requires(Call::template writes<I, O>)
  std::ranges::in_out_result<I, O> operator()(Ep&& policy, I first, std::iter_difference_t<I> n, O result,
                                              OutS result_last) const {
    return copy_algorithm<Call>{}(policy, first, first + (n > 0 ? n : 0), result, result_last);
  }
};

// The ws:: walks the objects below run.
struct copy_call {
  template <class I, class O>
  static constexpr bool writes = std::indirectly_copyable<I, O>;

  template <class Policy, class I, class O>
  O operator()(Policy policy, I first, I last, O result) const { return ws::copy(policy, first, last, result); }
};
struct move_call {
  template <class I, class O>
  static constexpr bool writes = std::indirectly_movable<I, O>;

  template <class Policy, class I, class O>
  O operator()(Policy policy, I first, I last, O result) const { return ws::move(policy, first, last, result); }
};

/// The type of ws::ranges::transform.
struct transform_fn {
  /// Writes op(proj(*(first + i))) to *(result + i) for i below N =
  /// min(last - first, result_last - result); returns {first + N, result + N}.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, std::copy_constructible F,
            class Proj = std::identity>
    requires std::indirectly_writable<O, std::indirect_result_t<F&, std::projected<I, Proj>>>
  std::ranges::unary_transform_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last, F op,
                                                       Proj proj = {}) const {
    return detail::bounded_walk(policy, first, last, result, result_last,
                                [f = detail::projected(std::move(op), std::move(proj))](auto walk_policy, I from, I to,
                                                                                        O out) {
                                  return ws::transform(walk_policy, from, to, out, f);
                                });
  }

  /// Writes op(proj1(*(first1 + i)), proj2(*(first2 + i))) to *(result + i)
  /// for i below N, the shortest of the three lengths; returns {first1 + N,
  /// first2 + N, result + N}.
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2, std::random_access_iterator O,
            std::sized_sentinel_for<O> OutS, std::copy_constructible F, class Proj1 = std::identity,
            class Proj2 = std::identity>
    requires std::indirectly_writable<
        O, std::indirect_result_t<F&, std::projected<I1, Proj1>, std::projected<I2, Proj2>>>
  std::ranges::binary_transform_result<I1, I2, O> operator()(Ep&& policy, I1 first1, S1 last1, I2 first2, S2 last2,
                                                             O result, OutS result_last, F op, Proj1 proj1 = {},
                                                             Proj2 proj2 = {}) const {
    const std::size_t n = std::min(detail::bounded_length(first1, last1, result, result_last),
                                   static_cast<std::size_t>(last2 - first2));
    return {detail::nth(first1, n), detail::nth(first2, n),
            ws::transform(detail::as_ws_policy(policy), first1, detail::nth(first1, n), first2, result,
                          detail::projected(std::move(op), std::move(proj1), std::move(proj2)))};
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            std::copy_constructible F, class Proj = std::identity>
    requires std::indirectly_writable<std::ranges::iterator_t<OutR>,
                                      std::indirect_result_t<F&, std::projected<std::ranges::iterator_t<R>, Proj>>>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, F op, Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r), std::move(op),
                                             std::move(proj)));
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2,
            sized_random_access_range OutR, std::copy_constructible F, class Proj1 = std::identity,
            class Proj2 = std::identity>
    requires std::indirectly_writable<std::ranges::iterator_t<OutR>,
                                      std::indirect_result_t<F&, std::projected<std::ranges::iterator_t<R1>, Proj1>,
                                                             std::projected<std::ranges::iterator_t<R2>, Proj2>>>
  auto operator()(Ep&& policy, R1&& r1, R2&& r2, OutR&& result_r, F op, Proj1 proj1 = {}, Proj2 proj2 = {}) const {
    return detail::borrowed<R1, R2, OutR>((*this)(policy, std::ranges::begin(r1), std::ranges::end(r1),
                                                  std::ranges::begin(r2), std::ranges::end(r2),
                                                  std::ranges::begin(result_r), std::ranges::end(result_r),
                                                  std::move(op), std::move(proj1), std::move(proj2)));
  }
};

/// A range algorithm that gives every element of [first, last) the value
/// value (fill, uninitialized_fill): Call runs the ws:: walk and says, in
/// Call::writes<I, T>, which iterators and values it takes; returns last.
/// Its _n form (fill_n_algorithm) takes [first, first + n), nothing for n <=
/// 0, and returns first + max(n, 0).
template <class Call>
struct fill_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class T = std::iter_value_t<I>>
    requires(Call::template writes<I, T>)
  I operator()(Ep&& policy, I first, S last, const T& value) const {
    const I end = detail::end_of(first, last);
    Call{}(detail::as_ws_policy(policy), first, end, value);
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class T = std::ranges::range_value_t<R>>
    requires(Call::template writes<std::ranges::iterator_t<R>, T>)
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, const T& value) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), value);
  }
};
template <class Call>
struct fill_n_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, class T = std::iter_value_t<I>>
    requires(Call::template writes<I, T>)
  I operator()(Ep&& policy, I first, std::iter_difference_t<I> n, const T& value) const {
    return fill_algorithm<Call>{}(policy, first, first + (n > 0 ? n : 0), value);
  }
};

// The ws:: walk fill and fill_n run.
struct fill_call {
  template <class I, class T>
  static constexpr bool writes = std::indirectly_writable<I, const T&>;

  template <class Policy, class I, class T>
  void operator()(Policy policy, I first, I last, const T& value) const { ws::fill(policy, first, last, value); }
};

/// The type of ws::ranges::swap_ranges.
struct swap_ranges_fn {
  /// Swaps the first N = min(last1 - first1, last2 - first2) elements of the
  /// two ranges, which must not overlap; returns {first1 + N, first2 + N}.
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2>
    requires std::indirectly_swappable<I1, I2>
  std::ranges::swap_ranges_result<I1, I2> operator()(Ep&& policy, I1 first1, S1 last1, I2 first2, S2 last2) const {
    const auto [in1, in2] = detail::bounded_walk(policy, first1, last1, first2, last2, [](auto... args) {
      return ws::swap_ranges(args...);
    });
    return {in1, in2};
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2>
    requires std::indirectly_swappable<std::ranges::iterator_t<R1>, std::ranges::iterator_t<R2>>
  auto operator()(Ep&& policy, R1&& r1, R2&& r2) const {
    return detail::borrowed<R1, R2>(
        (*this)(policy, std::ranges::begin(r1), std::ranges::end(r1), std::ranges::begin(r2), std::ranges::end(r2)));
  }
};

/// The standard's std::ranges algorithms of these names with a policy first,
/// and outputs given as ranges (or iterator and sized sentinel): copy(policy,
/// r, out), transform(policy, r, out, op, proj), transform(policy, r1, r2,
/// out, op, proj1, proj2), fill(policy, r, value), swap_ranges(policy, r1,
/// r2), ... Complexity and exceptions: the ws:: iterator algorithms of the
/// same names.
inline constexpr copy_algorithm<copy_call> copy{};
inline constexpr copy_n_algorithm<copy_call> copy_n{};
inline constexpr copy_algorithm<move_call> move{};
inline constexpr transform_fn transform{};
inline constexpr fill_algorithm<fill_call> fill{};
inline constexpr fill_n_algorithm<fill_call> fill_n{};
inline constexpr swap_ranges_fn swap_ranges{};

}  // namespace ws::ranges
