// SPDX-License-Identifier: MIT
// The loop entry points of std_execution: __parallel_for, __parallel_reduce and
// __parallel_transform_reduce on ws's adaptive splitter, which plays the part
// of TBB's auto_partitioner (about two pieces per thread, more where pieces
// are stolen or a thread lacks work). docs/std-execution.md#entry-points.
#pragma once

#include <cstddef>
#include <type_traits>  // for std::is_integral_v
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_merge_sort.hpp"  // nth
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"
#include "pstl_ws/std_execution/support.hpp"

namespace ws::detail::std_execution {

/// first + i for the patterns' indices: iterators, or integers (signed or not).
template <class Index>
Index at_offset(Index first, std::size_t i) {
  if constexpr (std::is_integral_v<Index>) {
    return static_cast<Index>(first + static_cast<Index>(i));
  } else {
    return nth(first, i);
  }
}

/// One node of split_reduce: leaf(begin, end) if the splitter says stop, else
/// the two halves (in parallel or in sequence) combined as combine(left, right).
template <class T, class Leaf, class Combine>
T split_reduce_node(splitter split, std::size_t begin, std::size_t end, Leaf& leaf, Combine& combine,
                    bool migrated) {
  const split_action action = split.split(end - begin, migrated);
  if (action == split_action::leaf) {
    const auto timing = split.time_leaf(end - begin);
    return leaf(begin, end);
  }
  const std::size_t mid = begin + (end - begin) / 2;
  auto halves = join_halves(
      action,
      [&](fn_context ctx) { return split_reduce_node<T>(split, begin, mid, leaf, combine, ctx.migrated()); },
      [&](fn_context ctx) { return split_reduce_node<T>(split, mid, end, leaf, combine, ctx.migrated()); });
  return combine(std::move(halves.first), std::move(halves.second));
}

/// Cuts [0, n) into adjacent pieces of at least min_len (>= 1) indices where
/// the splitter decides, computes leaf(begin, end) -> T for each piece (in
/// parallel, on the pool of the calling worker or the global pool) and folds
/// neighbours with combine(left, right), keeping their order (combine need
/// only be associative). With n < 2 * min_len it is leaf(0, n) on the calling
/// thread. `running` says whether a piece may be cut for a thread that lacks
/// work, so whether combine is cheap. Complexity: O(n / min_len) leaves at
/// most, about 2 per thread when nothing is stolen. Exceptions: the first one
/// thrown is rethrown after every started piece finished.
template <class T, class Leaf, class Combine>
T split_reduce(std::size_t n, std::size_t min_len, running_pieces running, Leaf& leaf, Combine& combine) {
  if (n / 2 < min_len) {
    return leaf(std::size_t{0}, n);
  }
  leaf_timer timer;
  auto body = [&] {
    return split_reduce_node<T>(splitter(current_num_threads(), min_len, n, timer, running), 0, n, leaf,
                                combine, false);
  };
  return on_pool(body);
}

/// __parallel_for: brick(i, j) on adjacent sub-ranges [i, j) covering
/// [first, last) (iterators or integers), in parallel. A leaf not yet started
/// when a brick called __cancel_execution() is skipped. Nothing runs for an
/// empty range. Exceptions: as split_reduce.
template <class Index, class Brick>
void parallel_for(Index first, Index last, Brick& brick) {
  const auto n = static_cast<std::size_t>(last - first);
  if (n == 0) {
    return;
  }
  cancellation cancel;
  auto leaf = [&](std::size_t begin, std::size_t end) {
    if (cancel.is_cancelled()) {
      return;
    }
    const cancellation_scope scope(cancel);
    brick(at_offset(first, begin), at_offset(first, end));
  };
  auto body = [&] { par_for(n, 1, leaf); };
  on_pool(body);
}

/// __parallel_reduce: reduction(...) over real_body(i, j, identity) of
/// adjacent sub-ranges of [first, last), in order; identity for an empty
/// range. A leaf not yet started when a body called __cancel_execution()
/// contributes identity. Exceptions: as split_reduce.
template <class Index, class T, class RealBody, class Reduction>
T parallel_reduce(Index first, Index last, const T& identity, const RealBody& real_body, const Reduction& reduction) {
  if (first == last) {
    return identity;
  }
  cancellation cancel;
  auto leaf = [&](std::size_t begin, std::size_t end) -> T {
    if (cancel.is_cancelled()) {
      return identity;
    }
    const cancellation_scope scope(cancel);
    return real_body(at_offset(first, begin), at_offset(first, end), identity);
  };
  auto combine = [&](T left, T right) -> T { return reduction(std::move(left), std::move(right)); };
  // The partition patterns reduce here, with a reduction that swaps or
  // rotates the elements of both pieces: every cut would cost such a pass.
  return split_reduce<T>(static_cast<std::size_t>(last - first), 1, running_pieces::kept_whole, leaf, combine);
}

/// __parallel_transform_reduce: init combined with u(i) of every i in
/// [first, last), in order, without an identity element. The leftmost piece
/// starts from init: brick_reduce(i, j, init). Every other piece has at least
/// two indices (TBB's grain of 3 guarantees the same) and starts from
/// combine(u(i), u(i + 1)). Exceptions: as split_reduce.
template <class Index, class Unary, class T, class Combine, class BrickReduce>
T parallel_transform_reduce(Index first, Index last, Unary& u, T init, Combine& combine, BrickReduce& brick_reduce) {
  auto leaf = [&](std::size_t begin, std::size_t end) -> T {
    const Index piece_first = at_offset(first, begin);
    if (begin == 0) {
      return brick_reduce(piece_first, at_offset(first, end), init);
    }
    T seed = combine(u(piece_first), u(at_offset(first, begin + 1)));
    if (end - begin == 2) {
      return seed;
    }
    return brick_reduce(at_offset(first, begin + 2), at_offset(first, end), std::move(seed));
  };
  constexpr std::size_t k_min_piece = 2;
  return split_reduce<T>(static_cast<std::size_t>(last - first), k_min_piece, running_pieces::shared, leaf, combine);
}

}  // namespace ws::detail::std_execution
