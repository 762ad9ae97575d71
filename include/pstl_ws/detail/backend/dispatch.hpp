// SPDX-License-Identifier: MIT
// dispatch: which calls of the algorithms can run on the pool (a parallel
// policy over iterators that can be indexed; split_plan.hpp then decides from
// the length), and the index arithmetic the drivers use on those iterators.
// docs/algorithms.md, docs/backend.md.
#pragma once

#include <cstddef>
#include <iterator>  // for std::move_iterator, std::random_access_iterator, std::iter_difference_t, std::contiguous_iterator
#include <memory>  // for std::to_address

#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// Whether It is a std::move_iterator over a random-access iterator.
template <class It>
inline constexpr bool is_random_access_move_iterator_v = false;
template <class It>
inline constexpr bool is_random_access_move_iterator_v<std::move_iterator<It>> = std::random_access_iterator<It>;

/// An iterator the drivers can index: a C++20 random-access iterator (so
/// views such as std::views::iota qualify), or a move_iterator over one
/// (C++20 makes every move_iterator an input iterator only, since its
/// reference is an rvalue, but it still adds, subtracts and indexes in O(1)).
template <class It>
concept random_access_traversal = std::random_access_iterator<It> || is_random_access_move_iterator_v<It>;

/// Whether a call with this policy and these iterators runs on the pool: a
/// parallel policy, and every iterator of the call (inputs and outputs)
/// indexable. Other calls run the sequential std:: algorithm.
template <execution_kind Kind, class... Its>
inline constexpr bool runs_in_parallel_v = basic_policy<Kind>::is_parallel && (random_access_traversal<Its> && ...);

/// The iterator an in-place driver (the sorts, selection) runs on: a
/// pointer for a contiguous iterator, so that one instantiation of the
/// driver serves vectors, arrays, spans and pointers of a type (and a
/// checked iterator costs nothing inside it); any other iterator as it is.
template <class It>
constexpr auto contiguous_base(It first) {
  if constexpr (std::contiguous_iterator<It>) {
    return std::to_address(first);
  } else {
    return first;
  }
}

/// first + n, for an unsigned n.
template <class I>
constexpr I nth(I first, std::size_t n) {
  return first + static_cast<std::iter_difference_t<I>>(n);
}

/// last - first, for first <= last, as an unsigned count.
template <class I>
constexpr std::size_t distance_of(I first, I last) {
  return static_cast<std::size_t>(last - first);
}

}  // namespace ws::detail
