// SPDX-License-Identifier: MIT
// value_predicate: the predicate x == value, through which every algorithm
// that looks for a value (find, count, replace, remove, and their ws::ranges
// forms) runs its _if form. docs/algorithms.md.
#pragma once

namespace ws::detail {

/// The predicate x == value, holding a reference: value must outlive it.
template <class T>
auto equal_to_value(const T& value) {
  return [&value](auto&& element) { return element == value; };
}

}  // namespace ws::detail
