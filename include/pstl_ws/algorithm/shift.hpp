// SPDX-License-Identifier: MIT
// ws::shift_left and ws::shift_right (C++20; libstdc++ 12 has no policy
// overloads): overlapping moves, made parallel by moving columns of a
// row-major view, or through a buffer. docs/algorithms.md#shift_left-and-shift_right.
#pragma once

#include <algorithm>  // for std::min, std::shift_left, std::shift_right
#include <cstddef>
#include <iterator>  // for std::random_access_iterator, std::iter_value_t, std::iterator_traits, ...
#include <memory>  // for std::destroy
#include <type_traits>  // for std::is_move_constructible_v

#include "pstl_ws/algorithm/copy.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/memory/destroy.hpp"
#include "pstl_ws/memory/uninitialized.hpp"

namespace ws {
namespace detail {

/// shift_left by n of [first, first + n + m) (0 < n, 0 < m) through a buffer
/// of m raw slots, in three parallel walks: move-construct [first + n, last)
/// into the buffer, move it to [first, first + m), destroy it. Returns false,
/// having done nothing, if the buffer cannot be allocated or the elements
/// cannot be move-constructed (the standard asks only for move assignment).
template <execution_kind Kind, std::random_access_iterator It>
bool shift_left_through_buffer([[maybe_unused]] const basic_policy<Kind>& policy, [[maybe_unused]] It first,
                               [[maybe_unused]] std::size_t n, [[maybe_unused]] std::size_t m) {
  using value = std::iter_value_t<It>;
  if constexpr (std::is_move_constructible_v<value>) {
    auto moves = [&](value* slots) {
      ws::uninitialized_move(policy, nth(first, n), nth(first, n + m), slots);
      try {
        ws::move(policy, slots, slots + m, first);
      } catch (...) {
        std::destroy(slots, slots + m);
        throw;
      }
      ws::destroy(policy, slots, slots + m);
    };
    return run_with_scratch<value>(policy, m, moves);
  } else {
    return false;
  }
}

/// shift_left by n (n > 0) on random-access iterators. The m = size - n
/// moves, element n + i to i, seen as rows of n elements: row r of the
/// destination, [r n, r n + n), receives row r + 1. A piece of columns
/// [c0, c1) moves its part of every row from the top down, so it reads each
/// row before overwriting it, and pieces never touch each other's columns:
/// one parallel walk over min(n, m) columns, in place. With too few columns
/// for a parallel walk (n small) but enough elements, through a buffer; else
/// one std::move on the calling thread.
template <execution_kind Kind, std::random_access_iterator It>
It shift_left_random_access(const basic_policy<Kind>& policy, It first, It last, std::size_t n) {
  const std::size_t size = distance_of(first, last);
  if (n >= size) {
    return first;
  }
  const std::size_t m = size - n;
  const std::size_t columns = std::min(n, m);
  if (split_plan(policy, columns, k_walk_rule).parallel()) {
    par_walk(policy, columns, [first, n, m](std::size_t c0, std::size_t c1) {
      for (std::size_t row = 0; row + c0 < m; row += n) {  // row: the index of the row's first element
        const std::size_t stop = std::min(c1, m - row);
        std::move(nth(first, row + n + c0), nth(first, row + n + stop), nth(first, row + c0));
      }
    });
  } else if (!split_plan(policy, m, k_walk_rule).parallel() || !shift_left_through_buffer(policy, first, n, m)) {
    std::move(nth(first, n), last, first);
  }
  return nth(first, m);
}

}  // namespace detail

/// Moves the element at first + n + i to first + i for every i in
/// [0, (last - first) - n); returns first + ((last - first) - n), the end of
/// the moved elements. If n == 0 or n >= last - first, does nothing and
/// returns last (n == 0) or first. The elements after the returned iterator
/// are left moved-from (or unchanged, if they were never moved).
/// Under a parallel policy on random-access iterators: when n is at least
/// the walk threshold (or 2 x grain), in place, by columns (above); when n is
/// smaller but the range is long, through a buffer of (last - first) - n
/// elements (three parallel walks; on the calling thread if it cannot be
/// allocated). Complexity: (last - first) - n move assignments (twice that,
/// and as many move constructions, through the buffer); span
/// O((last - first) / threads + (last - first) / n).
/// Exceptions: the first exception of a move is rethrown once every started
/// piece finished (the buffer is then destroyed and freed); the range holds
/// valid but unspecified values. Bad input: n < 0 (a precondition violation
/// for std::shift_left) is taken as 0. Sequential policies and other
/// iterators run std::shift_left on the caller.
template <execution_kind Kind, class It>
It shift_left(basic_policy<Kind> policy, It first, It last, typename std::iterator_traits<It>::difference_type n) {
  if (n <= 0) {
    return last;
  }
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    return detail::shift_left_random_access(policy, first, last, static_cast<std::size_t>(n));
  } else {
    return std::shift_left(first, last, n);
  }
}

/// Moves the element at first + i to first + n + i for every i in
/// [0, (last - first) - n); returns first + n, the start of the moved
/// elements. If n == 0 or n >= last - first, does nothing and returns first
/// (n == 0) or last. A shift_left of the reversed range (reverse iterators):
/// same concurrency, complexity, exceptions and bad input; sequential calls
/// run std::shift_right.
template <execution_kind Kind, class It>
It shift_right(basic_policy<Kind> policy, It first, It last, typename std::iterator_traits<It>::difference_type n) {
  if (n <= 0) {
    return first;
  }
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    return detail::shift_left_random_access(policy, std::make_reverse_iterator(last),
                                            std::make_reverse_iterator(first), static_cast<std::size_t>(n))
        .base();
  } else {
    return std::shift_right(first, last, n);
  }
}

}  // namespace ws
