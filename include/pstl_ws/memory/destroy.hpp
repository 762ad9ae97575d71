// SPDX-License-Identifier: MIT
// ws::destroy and ws::destroy_n: walks over par_walk, each leaf running
// std::destroy on its piece. docs/algorithms.md#uninitialized-walks.
#pragma once

#include <cstddef>
#include <memory>  // for std::destroy_n

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Destroys every object of [first, last), leaving raw memory. Under a
/// parallel policy on random-access iterators, pieces are destroyed
/// concurrently (nothing is done for a trivially destructible type, but the
/// pieces are still handed out). Complexity: last - first destructor calls;
/// span O((last - first) / threads). Exceptions: a destructor that throws
/// (which the standard library does not support) propagates once every
/// started piece finished; the objects of the pieces not started stay alive.
/// Sequential policies and other iterators run std::destroy on the caller.
template <execution_kind Kind, class It>
void destroy(basic_policy<Kind> policy, It first, It last) {
  detail::walk_destroy(policy, first, last);
}

/// destroy of [first, first + n); returns first + n, or first when n <= 0.
template <execution_kind Kind, class It, class Size>
It destroy_n(basic_policy<Kind> policy, It first, Size n) {
  return detail::walk_n(
      first, n, [&](It last) { ws::destroy(policy, first, last); }, [&] { return std::destroy_n(first, n); });
}

}  // namespace ws
