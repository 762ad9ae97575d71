// SPDX-License-Identifier: MIT
// par_reduce: the range driver of reduce and transform_reduce (and later count,
// min_element, ...). Its split tree depends only on n and the leaf size, never
// on timing or the thread count, so a floating-point reduction gives the same
// bits on every run and every pool. docs/algorithms.md#deterministic-reduce.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>

#include "pstl_ws/detail/splitter.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// The smallest leaf par_reduce uses: fold_leaf needs 8 elements for its lanes.
inline constexpr std::size_t k_min_reduce_leaf = 8;

/// Folds at(begin) ... at(end - 1) (end - begin >= 2) with op into a T, in a
/// fixed order: four interleaved accumulators (independent dependency chains,
/// so the loop is not bound by op's latency), combined pairwise at the end.
template <class T, class At, class Op>
T fold_leaf(std::size_t begin, std::size_t end, At& at, Op& op) {
  constexpr std::size_t k_lanes = 4;
  if (end - begin < 2 * k_lanes) {
    T acc = op(at(begin), at(begin + 1));
    for (std::size_t i = begin + 2; i < end; ++i) {
      acc = op(std::move(acc), at(i));
    }
    return acc;
  }
  T lane0 = op(at(begin), at(begin + 4));
  T lane1 = op(at(begin + 1), at(begin + 5));
  T lane2 = op(at(begin + 2), at(begin + 6));
  T lane3 = op(at(begin + 3), at(begin + 7));
  std::size_t i = begin + 2 * k_lanes;
  for (; i + k_lanes <= end; i += k_lanes) {
    lane0 = op(std::move(lane0), at(i));
    lane1 = op(std::move(lane1), at(i + 1));
    lane2 = op(std::move(lane2), at(i + 2));
    lane3 = op(std::move(lane3), at(i + 3));
  }
  for (; i < end; ++i) {
    lane0 = op(std::move(lane0), at(i));
  }
  return op(op(std::move(lane0), std::move(lane1)), op(std::move(lane2), std::move(lane3)));
}

/// One node of the fixed tree: halves until a piece has at most leaf_size
/// elements; the splitter only decides whether the halves run in parallel.
/// Returns nothing when cancelled (another leaf threw and its exception wins).
template <class T, class At, class Op>
std::optional<T> par_reduce_node(splitter split, std::size_t begin, std::size_t end, std::size_t leaf_size,
                                 At& at, Op& op, cancellation& cancel, bool migrated) {
  const std::size_t len = end - begin;
  if (len <= leaf_size) {
    if (cancel.is_cancelled()) {
      return std::nullopt;
    }
    try {
      return fold_leaf<T>(begin, end, at, op);
    } catch (...) {
      cancel.cancel();
      throw;
    }
  }
  const std::size_t mid = begin + len / 2;
  auto left = [&](bool m) { return par_reduce_node<T>(split, begin, mid, leaf_size, at, op, cancel, m); };
  auto right = [&](bool m) { return par_reduce_node<T>(split, mid, end, leaf_size, at, op, cancel, m); };
  std::optional<T> a;
  std::optional<T> b;
  if (split.try_split(len, migrated)) {
    std::tie(a, b) = ws::join_context([&](fn_context ctx) { return left(ctx.migrated()); },
                                      [&](fn_context ctx) { return right(ctx.migrated()); });
  } else {
    a = left(false);
    b = right(false);
  }
  if (!a || !b) {
    return std::nullopt;
  }
  return op(std::move(*a), std::move(*b));
}

/// op(init, the fold of at(0) ... at(n - 1)) over the fixed tree with leaves of
/// at most leaf_size (>= k_min_reduce_leaf) elements, run in parallel when
/// `parallel` (then it must run on a worker, see run_on_pool), else on the
/// calling thread: both give the same result.
/// Exceptions: as par_for.
template <class T, class At, class Op>
T par_reduce(std::size_t n, std::size_t leaf_size, T init, At& at, Op& op, bool parallel) {
  if (n == 0) {
    return init;
  }
  if (n == 1) {
    return op(std::move(init), at(0));
  }
  cancellation cancel;
  const splitter split(parallel ? current_num_threads() : 0, leaf_size);
  std::optional<T> total = par_reduce_node<T>(split, 0, n, leaf_size, at, op, cancel, false);
  return op(std::move(init), std::move(*total));  // never empty: an empty piece means an exception was thrown
}

}  // namespace ws::detail
