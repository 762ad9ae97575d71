// SPDX-License-Identifier: MIT
// ws::fill, ws::fill_n, ws::generate and ws::generate_n: walks over par_walk,
// each leaf running the std:: algorithm on its piece. docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::fill, std::fill_n, std::generate, ...
#include <cstddef>

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Assigns value to every element of [first, last). Under a parallel policy
/// on random-access iterators, pieces are filled concurrently.
/// Complexity: last - first assignments; span O((last - first) / threads).
/// Exceptions: the first exception thrown by an assignment is rethrown once
/// every piece that started has finished; pieces not yet started are skipped.
/// Sequential policies and other iterators run std::fill on the caller.
template <execution_kind Kind, class It, class T>
void fill(basic_policy<Kind> policy, It first, It last, const T& value) {
  detail::walk_range(policy, first, last, [&value](It b, It e) { std::fill(b, e, value); });
}

/// fill over [first, first + n); returns first + n, or first when n <= 0.
template <execution_kind Kind, class It, class Size, class T>
It fill_n(basic_policy<Kind> policy, It first, Size n, const T& value) {
  return detail::walk_n(
      first, n, [&](It last) { ws::fill(policy, first, last, value); }, [&] { return std::fill_n(first, n, value); });
}

/// Assigns gen() to every element of [first, last), with no order between
/// the calls. Under a parallel policy on random-access iterators, gen is
/// called concurrently, each piece calling its own copy of gen: a generator
/// with state (a mutable lambda) works, but every copy starts from the state
/// gen had, so a counter restarts in each piece (the standard lets parallel
/// algorithms copy function objects). Complexity: last - first calls of gen;
/// span O((last - first) / threads). Exceptions: as fill, for gen and the
/// assignments.
template <execution_kind Kind, class It, class Generator>
  requires detail::generator<Generator>
void generate(basic_policy<Kind> policy, It first, It last, Generator gen) {
  detail::walk_range(policy, first, last, [&gen](It b, It e) { std::generate(b, e, gen); });
}

/// generate over [first, first + n); returns first + n, or first when n <= 0.
template <execution_kind Kind, class It, class Size, class Generator>
  requires detail::generator<Generator>
It generate_n(basic_policy<Kind> policy, It first, Size n, Generator gen) {
  return detail::walk_n(
      first, n, [&](It last) { ws::generate(policy, first, last, gen); }, [&] { return std::generate_n(first, n, gen); });
}

}  // namespace ws
