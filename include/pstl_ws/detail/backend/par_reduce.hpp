// SPDX-License-Identifier: MIT
// par_reduce: the range driver of reduce and transform_reduce (and later count,
// min_element, ...). Its split tree depends only on n and the leaf size, never
// on timing or the thread count, so a floating-point reduction gives the same
// bits on every run and every pool. docs/algorithms.md#deterministic-reduce.
#pragma once

#include <algorithm>  // for std::max
#include <array>
#include <cstddef>
#include <optional>
#include <utility>  // for std::move, std::forward, std::index_sequence, ...

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// Interleaved accumulators of fold_leaf: eight independent dependency chains
/// hide the latency of op (a floating-point add takes about 4 cycles and a
/// core starts two per cycle), and adjacent lanes fill a vector register.
inline constexpr std::size_t k_fold_lanes = 8;
/// The smallest leaf par_reduce uses: fold_leaf needs two elements per lane.
inline constexpr std::size_t k_min_reduce_leaf = 2 * k_fold_lanes;

/// Folds at(begin) ... at(end - 1) (end - begin >= 2) with op into a T, in a
/// fixed order: lane j folds the elements i with i - begin = j mod
/// k_fold_lanes, then the lanes are combined pairwise (j with j + 4, then
/// j with j + 2, then 0 with 1). Each lane update is written out by a fold
/// expression, so the loop body is straight-line code at every -O level.
template <class T, class At, class Op>
T fold_leaf(std::size_t begin, std::size_t end, At& at, Op& op) {
  if (end - begin < 2 * k_fold_lanes) {
    T acc = op(at(begin), at(begin + 1));
    for (std::size_t i = begin + 2; i < end; ++i) {
      acc = op(std::move(acc), at(i));
    }
    return acc;
  }
  // op's result converted to T as `T x = op(...)` would (braces alone would
  // reject a narrowing conversion, say double to float).
  auto as_t = [](auto&& value) -> T { return std::forward<decltype(value)>(value); };
  return [&]<std::size_t... J>(std::index_sequence<J...>) {
    std::array<T, k_fold_lanes> lanes{as_t(op(at(begin + J), at(begin + k_fold_lanes + J)))...};
    std::size_t i = begin + 2 * k_fold_lanes;
    for (; i + k_fold_lanes <= end; i += k_fold_lanes) {
      ((lanes[J] = op(std::move(lanes[J]), at(i + J))), ...);
    }
    T l04 = op(std::move(lanes[0]), std::move(lanes[4]));
    T l15 = op(std::move(lanes[1]), std::move(lanes[5]));
    T l26 = op(std::move(lanes[2]), std::move(lanes[6]));
    T l37 = op(std::move(lanes[3]), std::move(lanes[7]));
    T low = op(std::move(l04), std::move(l26));
    T high = op(std::move(l15), std::move(l37));
    T acc = op(std::move(low), std::move(high));
    for (; i < end; ++i) {
      acc = op(std::move(acc), at(i));
    }
    return acc;
  }(std::make_index_sequence<k_fold_lanes>());
}

/// The fold of the fixed tree's nodes under [begin, end), on this thread:
/// halves until a piece has at most leaf_size elements.
template <class T, class At, class Op>
T fold_tree(std::size_t begin, std::size_t end, std::size_t leaf_size, At& at, Op& op) {
  if (end - begin <= leaf_size) {
    return fold_leaf<T>(begin, end, at, op);
  }
  const std::size_t mid = begin + (end - begin) / 2;
  T a = fold_tree<T>(begin, mid, leaf_size, at, op);
  T b = fold_tree<T>(mid, end, leaf_size, at, op);
  return op(std::move(a), std::move(b));
}

/// One node of the fixed tree: the splitter only decides whether its halves
/// run in parallel, in sequence (each again a node), or as one timed leaf
/// folded on this thread (fold_tree): the same tree every way. Returns
/// nothing when cancelled (another piece threw and its exception wins).
template <class T, class At, class Op>
std::optional<T> par_reduce_node(splitter split, std::size_t begin, std::size_t end, std::size_t leaf_size,
                                 At& at, Op& op, cancellation& cancel, bool migrated) {
  const std::size_t len = end - begin;
  const split_action action = len <= leaf_size ? split_action::leaf : split.split(len, migrated);
  if (action == split_action::leaf) {
    if (cancel.is_cancelled()) {
      return std::nullopt;
    }
    try {
      const auto timing = split.time_leaf(len);
      return fold_tree<T>(begin, end, leaf_size, at, op);
    } catch (...) {
      cancel.cancel();
      throw;
    }
  }
  const std::size_t mid = begin + len / 2;
  auto [a, b] = join_halves(
      action,
      [&](fn_context ctx) { return par_reduce_node<T>(split, begin, mid, leaf_size, at, op, cancel, ctx.migrated()); },
      [&](fn_context ctx) { return par_reduce_node<T>(split, mid, end, leaf_size, at, op, cancel, ctx.migrated()); });
  if (!a || !b) {
    return std::nullopt;
  }
  return op(std::move(*a), std::move(*b));
}

/// op(init, the fold of at(0) ... at(n - 1)) over the fixed tree with leaves of
/// at most leaf_size (>= k_min_reduce_leaf) elements, run in parallel when
/// `parallel` (then it must run on a worker, see split_plan::run), else on the
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
  if (!parallel) {
    return op(std::move(init), fold_tree<T>(0, n, leaf_size, at, op));
  }
  cancellation cancel;
  leaf_timer timer;
  const splitter split(current_num_threads(), leaf_size, n, timer);
  std::optional<T> total = par_reduce_node<T>(split, 0, n, leaf_size, at, op, cancel, false);
  return op(std::move(init), std::move(*total));  // never empty: an empty piece means an exception was thrown
}

/// op(init, fold of at(0) ... at(n - 1)), on the pool when k_reduce_rule's
/// plan is parallel, with leaves of plan.grain() elements (at least
/// k_min_reduce_leaf): the same tree, so the same result, either way.
template <execution_kind Kind, class T, class At, class Op>
T reduce_parallel(const basic_policy<Kind>& policy, std::size_t n, T init, At at, Op& op) {
  const split_plan plan(policy, n, k_reduce_rule);
  const std::size_t leaf = std::max(plan.grain(), k_min_reduce_leaf);
  return plan.run([&] { return par_reduce(n, leaf, std::move(init), at, op, plan.parallel()); });
}

}  // namespace ws::detail
