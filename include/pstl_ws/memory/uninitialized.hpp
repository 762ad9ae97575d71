// SPDX-License-Identifier: MIT
// ws::uninitialized_copy, _move, _fill, _default_construct and
// _value_construct, with their _n forms: walks that construct, over
// uninitialized_walk, which destroys what a call built when it throws.
// docs/algorithms.md#uninitialized-walks.
#pragma once

#include <cstddef>
#include <iterator>  // for std::make_move_iterator
#include <memory>  // for std::uninitialized_copy, std::uninitialized_copy_n, std::uninitialized_move_n, ...
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/backend/uninitialized_walk.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Copy-constructs the objects of [result, result + (last - first)), raw
/// memory not overlapping [first, last), from the elements of [first, last);
/// returns result + (last - first). Under a parallel policy on random-access
/// iterators, pieces are constructed concurrently, each object exactly once.
/// Complexity: last - first constructions; span O((last - first) / threads).
/// Exceptions: if a constructor throws, the pieces not yet started are
/// skipped, every object this call constructed is destroyed (the throwing
/// piece's own, and those of every piece that completed), and the first
/// exception is rethrown once every started piece finished: the memory is
/// raw again, as after std::uninitialized_copy. Sequential policies and other
/// iterators run std::uninitialized_copy on the caller.
template <execution_kind Kind, class It, class Out>
Out uninitialized_copy(basic_policy<Kind> policy, It first, It last, Out result) {
  return detail::walk_into<detail::constructing_pass>(
      policy, first, last, result, [](It b, It e, Out o) { return std::uninitialized_copy(b, e, o); });
}

/// uninitialized_copy of [first, first + n); returns result + n, or result
/// when n <= 0.
template <execution_kind Kind, class It, class Size, class Out>
Out uninitialized_copy_n(basic_policy<Kind> policy, It first, Size n, Out result) {
  return detail::walk_n(
      first, n, [&](It last) { return ws::uninitialized_copy(policy, first, last, result); },
      [&] { return std::uninitialized_copy_n(first, n, result); });
}

/// Move-constructs the objects of [result, result + (last - first)) from the
/// elements of [first, last), which are left moved-from (on an exception,
/// some of them); returns result + (last - first). An uninitialized_copy from
/// move iterators: same concurrency, complexity and exceptions.
template <execution_kind Kind, class It, class Out>
Out uninitialized_move(basic_policy<Kind> policy, It first, It last, Out result) {
  return ws::uninitialized_copy(policy, std::make_move_iterator(first), std::make_move_iterator(last), result);
}

/// uninitialized_move of [first, first + n); returns {first + n, result + n}
/// (n taken as 0 when n <= 0).
template <execution_kind Kind, class It, class Size, class Out>
std::pair<It, Out> uninitialized_move_n(basic_policy<Kind> policy, It first, Size n, Out result) {
  return detail::walk_n(
      first, n, [&](It last) { return std::pair<It, Out>(last, ws::uninitialized_move(policy, first, last, result)); },
      [&] { return std::uninitialized_move_n(first, n, result); });
}

/// Copy-constructs every object of the raw memory [first, last) from value.
/// Same concurrency, complexity and exceptions as uninitialized_copy.
template <execution_kind Kind, class It, class T>
void uninitialized_fill(basic_policy<Kind> policy, It first, It last, const T& value) {
  detail::walk_range<detail::constructing_pass>(policy, first, last,
                                                [&value](It b, It e) { std::uninitialized_fill(b, e, value); });
}

/// uninitialized_fill of [first, first + n); returns first + n, or first when
/// n <= 0.
template <execution_kind Kind, class It, class Size, class T>
It uninitialized_fill_n(basic_policy<Kind> policy, It first, Size n, const T& value) {
  return detail::walk_n(
      first, n, [&](It last) { ws::uninitialized_fill(policy, first, last, value); },
      [&] { return std::uninitialized_fill_n(first, n, value); });
}

/// Default-initializes (`new (p) T`) every object of the raw memory
/// [first, last): no work at all for a trivial type, whose values are then
/// indeterminate. Same concurrency, complexity and exceptions as
/// uninitialized_copy.
template <execution_kind Kind, class It>
void uninitialized_default_construct(basic_policy<Kind> policy, It first, It last) {
  detail::walk_range<detail::constructing_pass>(policy, first, last,
                                                [](It b, It e) { std::uninitialized_default_construct(b, e); });
}

/// uninitialized_default_construct of [first, first + n); returns first + n,
/// or first when n <= 0.
template <execution_kind Kind, class It, class Size>
It uninitialized_default_construct_n(basic_policy<Kind> policy, It first, Size n) {
  return detail::walk_n(
      first, n, [&](It last) { ws::uninitialized_default_construct(policy, first, last); },
      [&] { return std::uninitialized_default_construct_n(first, n); });
}

/// Value-initializes (`new (p) T()`, so zero for arithmetic types) every
/// object of the raw memory [first, last). Same concurrency, complexity and
/// exceptions as uninitialized_copy.
template <execution_kind Kind, class It>
void uninitialized_value_construct(basic_policy<Kind> policy, It first, It last) {
  detail::walk_range<detail::constructing_pass>(policy, first, last,
                                                [](It b, It e) { std::uninitialized_value_construct(b, e); });
}

/// uninitialized_value_construct of [first, first + n); returns first + n, or
/// first when n <= 0.
template <execution_kind Kind, class It, class Size>
It uninitialized_value_construct_n(basic_policy<Kind> policy, It first, Size n) {
  return detail::walk_n(
      first, n, [&](It last) { ws::uninitialized_value_construct(policy, first, last); },
      [&] { return std::uninitialized_value_construct_n(first, n); });
}

}  // namespace ws
