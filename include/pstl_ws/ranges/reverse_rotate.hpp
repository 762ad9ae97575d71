// SPDX-License-Identifier: MIT
// ws::ranges::reverse, reverse_copy, rotate, rotate_copy, shift_left and
// shift_right: the ws:: iterator algorithms on a range, the copies into a
// bounded output (P3179, with P3709's truncated results). docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::in_in_out_result
#include <cstddef>
#include <iterator>  // for std::indirectly_copyable, std::permutable, std::sized_sentinel_for, ...
#include <ranges>

#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/algorithm/reverse_rotate.hpp"
#include "pstl_ws/algorithm/shift.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// What reverse_copy and rotate_copy into a bounded output return: how far
/// the input was read, where the copied elements begin in it, and the end of
/// what was written (C++26's std::ranges::reverse_copy_truncated_result and
/// rotate_copy_truncated_result).
template <class I, class O>
using reverse_copy_truncated_result = std::ranges::in_in_out_result<I, I, O>;
template <class I, class O>
using rotate_copy_truncated_result = std::ranges::in_in_out_result<I, I, O>;

/// The type of ws::ranges::reverse.
struct reverse_fn {
  /// Reverses [first, last); returns last. Complexity and exceptions: ws::reverse.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S>
    requires std::permutable<I>
  I operator()(Ep&& policy, I first, S last) const {
    const I end = detail::end_of(first, last);
    ws::reverse(detail::as_ws_policy(policy), first, end);
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R>
    requires std::permutable<std::ranges::iterator_t<R>>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r));
  }
};

/// The type of ws::ranges::reverse_copy.
struct reverse_copy_fn {
  /// Copies the last N = min(last - first, result_last - result) elements of
  /// [first, last), the ones a reversed copy writes first, to [result, result
  /// + N) in reverse order: *(result + i) = *(last - 1 - i). Returns {last,
  /// last - N, result + N}. The ranges must not overlap. Complexity and
  /// exceptions: ws::reverse_copy.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS>
    requires std::indirectly_copyable<I, O>
  reverse_copy_truncated_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last) const {
    const I end = detail::end_of(first, last);
    const I new_first =
        detail::nth(first, detail::distance_of(first, end) - detail::bounded_length(first, last, result, result_last));
    return {end, new_first, ws::reverse_copy(detail::as_ws_policy(policy), new_first, end, result)};
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r) const {
    return detail::borrowed<R, R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                                std::ranges::begin(result_r), std::ranges::end(result_r)));
  }
};

/// The type of ws::ranges::rotate.
struct rotate_fn {
  /// Rotates [first, last) left so that middle becomes the first element;
  /// returns {first + (last - middle), last}. Complexity and exceptions:
  /// ws::rotate.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S>
    requires std::permutable<I>
  std::ranges::subrange<I> operator()(Ep&& policy, I first, I middle, S last) const {
    const I end = detail::end_of(first, last);
    return {ws::rotate(detail::as_ws_policy(policy), first, middle, end), end};
  }

  template <execution_policy Ep, sized_random_access_range R>
    requires std::permutable<std::ranges::iterator_t<R>>
  std::ranges::borrowed_subrange_t<R> operator()(Ep&& policy, R&& r, std::ranges::iterator_t<R> middle) const {
    return (*this)(policy, std::ranges::begin(r), middle, std::ranges::end(r));
  }
};

/// The type of ws::ranges::rotate_copy.
struct rotate_copy_fn {
  /// Writes the first N = min(last - first, result_last - result) elements
  /// of the rotated range ([middle, last), then [first, middle)) to [result,
  /// result + N). Returns {middle + N, first, result + N} if N < last -
  /// middle, else {last, first + (N - (last - middle)) % (last - first),
  /// result + N}: where the reading of each part stopped. The ranges must not
  /// overlap. Complexity and exceptions: ws::copy, once per part.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS>
    requires std::indirectly_copyable<I, O>
  rotate_copy_truncated_result<I, O> operator()(Ep&& policy, I first, I middle, S last, O result,
                                                OutS result_last) const {
    const auto ws_policy = detail::as_ws_policy(policy);
    const I end = detail::end_of(first, last);
    const std::size_t n = detail::bounded_length(first, last, result, result_last);
    const std::size_t tail = detail::distance_of(middle, end);
    if (n < tail) {
      const I stop = detail::nth(middle, n);
      return {stop, first, ws::copy(ws_policy, middle, stop, result)};
    }
    const std::size_t head = n - tail;
    const O written = ws::copy(ws_policy, first, detail::nth(first, head), ws::copy(ws_policy, middle, end, result));
    return {end, detail::nth(first, head == detail::distance_of(first, end) ? 0 : head), written};
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>>
  auto operator()(Ep&& policy, R&& r, std::ranges::iterator_t<R> middle, OutR&& result_r) const {
    return detail::borrowed<R, R, OutR>((*this)(policy, std::ranges::begin(r), middle, std::ranges::end(r),
                                                std::ranges::begin(result_r), std::ranges::end(result_r)));
  }
};

/// The type of ws::ranges::shift_left.
struct shift_left_fn {
  /// Moves the element at first + n + i to first + i for every i below
  /// (last - first) - n; returns {first, last - n} ({first, first} if n >=
  /// last - first; n <= 0 moves nothing and returns {first, last}).
  /// Complexity and exceptions: ws::shift_left.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S>
    requires std::permutable<I>
  std::ranges::subrange<I> operator()(Ep&& policy, I first, S last, std::iter_difference_t<I> n) const {
    return {first, ws::shift_left(detail::as_ws_policy(policy), first, detail::end_of(first, last), n)};
  }

  template <execution_policy Ep, sized_random_access_range R>
    requires std::permutable<std::ranges::iterator_t<R>>
  std::ranges::borrowed_subrange_t<R> operator()(Ep&& policy, R&& r, std::ranges::range_difference_t<R> n) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), n);
  }
};

/// The type of ws::ranges::shift_right.
struct shift_right_fn {
  /// Moves the element at first + i to first + n + i for every i below
  /// (last - first) - n; returns {first + n, last} ({last, last} if n >=
  /// last - first; n <= 0 moves nothing and returns {first, last}).
  /// Complexity and exceptions: ws::shift_right.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S>
    requires std::permutable<I>
  std::ranges::subrange<I> operator()(Ep&& policy, I first, S last, std::iter_difference_t<I> n) const {
    const I end = detail::end_of(first, last);
    return {ws::shift_right(detail::as_ws_policy(policy), first, end, n), end};
  }

  template <execution_policy Ep, sized_random_access_range R>
    requires std::permutable<std::ranges::iterator_t<R>>
  std::ranges::borrowed_subrange_t<R> operator()(Ep&& policy, R&& r, std::ranges::range_difference_t<R> n) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), n);
  }
};

/// reverse(policy, r), reverse_copy(policy, r, out), rotate(policy, r,
/// middle), rotate_copy(policy, r, middle, out), shift_left(policy, r, n) and
/// shift_right(policy, r, n): what the std::ranges forms with a policy do and
/// return (the copies write what fits in out, docs/ranges.md#bounded-outputs).
inline constexpr reverse_fn reverse{};
inline constexpr reverse_copy_fn reverse_copy{};
inline constexpr rotate_fn rotate{};
inline constexpr rotate_copy_fn rotate_copy{};
inline constexpr shift_left_fn shift_left{};
inline constexpr shift_right_fn shift_right{};

}  // namespace ws::ranges
