// SPDX-License-Identifier: MIT
// ws::sort: parallel quicksort with parallel partitioning at the top levels,
// and a parallel radix sort for arithmetic keys. docs/algorithms.md#sort.
#pragma once

#include <algorithm>
#include <functional>
#include <iterator>

#include "pstl_ws/execution.hpp"

namespace ws {

/// Sorts [first, last) by comp (not stable). TEMPORARY: sequential until the
/// parallel sort lands.
template <execution_kind Kind, class It, class Comp>
void sort(basic_policy<Kind>, It first, It last, Comp comp) {
  std::sort(first, last, comp);
}

template <execution_kind Kind, class It>
void sort(basic_policy<Kind> policy, It first, It last) {
  ws::sort(policy, first, last, std::less<>());
}

}  // namespace ws
