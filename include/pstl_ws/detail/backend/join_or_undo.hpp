// SPDX-License-Identifier: MIT
// join_or_undo: two steps joined as one that either completes or, when one
// side throws, undoes the side that finished before the exception goes on:
// the building block that keeps the merges and the merge sort all or nothing
// (docs/exceptions.md, docs/algorithms.md#stable_sort).
#pragma once

#include "pstl_ws/join.hpp"

namespace ws::detail {

/// Runs first() and second(), in parallel when `parallel`, as one step: if
/// either throws, undoes the one that finished (undo_first, undo_second; they
/// must not throw) and rethrows, once both have stopped.
template <class First, class Second, class UndoFirst, class UndoSecond>
void join_or_undo(bool parallel, First first, Second second, UndoFirst undo_first, UndoSecond undo_second) {
  bool first_done = false;
  bool second_done = false;  // read after the join, which orders the write before it
  auto run_first = [&] {
    first();
    first_done = true;
  };
  auto run_second = [&] {
    second();
    second_done = true;
  };
  try {
    if (parallel) {
      ws::join(run_first, run_second);
    } else {
      run_first();
      run_second();
    }
  } catch (...) {
    if (first_done) {
      undo_first();
    }
    if (second_done) {
      undo_second();
    }
    throw;
  }
}

}  // namespace ws::detail
