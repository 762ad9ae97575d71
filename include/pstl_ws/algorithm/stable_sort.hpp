// SPDX-License-Identifier: MIT
// ws::stable_sort: parallel merge sort with a buffer. docs/algorithms.md#stable_sort.
#pragma once

#include <algorithm>
#include <functional>
#include <iterator>

#include "pstl_ws/execution.hpp"

namespace ws {

/// Sorts [first, last) by comp, keeping equal elements in their order.
/// TEMPORARY: sequential until the parallel merge sort lands.
template <execution_kind Kind, class It, class Comp>
void stable_sort(basic_policy<Kind>, It first, It last, Comp comp) {
  std::stable_sort(first, last, comp);
}

template <execution_kind Kind, class It>
void stable_sort(basic_policy<Kind> policy, It first, It last) {
  ws::stable_sort(policy, first, last, std::less<>());
}

}  // namespace ws
