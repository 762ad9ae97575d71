// SPDX-License-Identifier: MIT
// uninitialized_walk: the driver of the uninitialized_* algorithms. It splits
// like par_for, and keeps the books that let a call destroy every object it
// constructed when one piece throws. docs/algorithms.md#uninitialized-walks.
#pragma once

#include <cstddef>
#include <iterator>  // for std::random_access_iterator
#include <memory>  // for std::destroy

#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// One node of the split over [begin, end). construct(b, e) must be all or
/// nothing (it destroys what it built before its exception leaves, as the
/// std::uninitialized_* algorithms do). Returns true when all of [begin, end)
/// is constructed; false when some piece was skipped because another piece
/// threw, and then nothing in [begin, end) is left constructed. Throws only
/// after destroying whatever of [begin, end) it constructed. The bookkeeping is
/// these return values: a node whose halves did not both complete destroys the
/// half that did, whether the other half threw or was skipped.
template <class Construct, class Destroy>
bool uninitialized_node(splitter split, std::size_t begin, std::size_t end, Construct& construct,
                        Destroy& destroy, cancellation& cancel, bool migrated) {
  const split_action action = split.split(end - begin, migrated);
  if (action == split_action::leaf) {
    if (cancel.is_cancelled()) {
      return false;  // another piece threw: its exception is on its way to the caller
    }
    try {
      const auto timing = split.time_leaf(end - begin);
      construct(begin, end);
    } catch (...) {
      cancel.cancel();
      throw;
    }
    return true;
  }
  const std::size_t mid = begin + (end - begin) / 2;
  // Written by each half before it returns; read here after the join, which
  // returns or throws only once both halves finished (and synchronizes with them).
  bool left_done = false;
  bool right_done = false;
  auto undo_completed_half = [&] {
    if (left_done) {
      destroy(begin, mid);
    }
    if (right_done) {
      destroy(mid, end);
    }
  };
  try {
    join_halves(
        action,
        [&](fn_context ctx) {
          left_done = uninitialized_node(split, begin, mid, construct, destroy, cancel, ctx.migrated());
        },
        [&](fn_context ctx) {
          right_done = uninitialized_node(split, mid, end, construct, destroy, cancel, ctx.migrated());
        });
  } catch (...) {
    undo_completed_half();
    throw;
  }
  if (left_done && right_done) {
    return true;
  }
  undo_completed_half();
  return false;
}

/// The pass walk_range and walk_into run for the uninitialized_* algorithms
/// (walk_range<constructing_pass>(...)): leaf(b, e) constructs the objects of
/// [first + b, first + e), all or nothing, on pieces covering [0, n), in
/// parallel when the plan is (then on a worker). If a piece throws, the
/// pieces not yet started are skipped, every piece that completed is
/// destroyed, and the first exception propagates once every started piece
/// finished: afterwards no object of [first, first + n) is left constructed.
struct constructing_pass {
  template <std::random_access_iterator It, class Leaf>
  static void run(const split_plan& plan, It first, std::size_t n, Leaf& leaf) {
    if (!plan.parallel()) {
      if (n != 0) {
        leaf(0, n);
      }
      return;
    }
    auto destroy = [first](std::size_t b, std::size_t e) { std::destroy(nth(first, b), nth(first, e)); };
    cancellation cancel;
    leaf_timer timer;
    uninitialized_node(splitter(current_num_threads(), plan.grain(), n, timer), 0, n, leaf, destroy, cancel,
                       false);
  }
};

}  // namespace ws::detail
