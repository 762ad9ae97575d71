// SPDX-License-Identifier: MIT
// par_merge_pieces, the cutting of a merge into parallel pieces;
// par_merge_copy, the copying parallel merge behind ws::merge on it; and
// par_move_into_buffer, the parallel move into raw slots behind
// ws::inplace_merge. docs/algorithms.md#merge-inplace_merge-and-the-set-operations.
#pragma once

#include <algorithm>  // for std::merge
#include <cstddef>
#include <functional>  // for std::ref
#include <memory>  // for std::destroy_n
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/join_or_undo.hpp"
#include "pstl_ws/detail/backend/sequential_merge.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/join.hpp"

namespace ws::detail {

/// Merges the sorted runs [a, a + na) and [b, b + nb) into [out, out + na +
/// nb) by running leaf(a', na', b', nb', out') on pieces of at most max_leaf
/// values: a longer merge is cut by split_for_merge (the longer run at its
/// middle, the other where that value goes, so that a's element stays first
/// on ties) and the two merges joined. The runs may have different iterator
/// types. Must run on a worker.
/// Complexity: O(na + nb) work beyond the leaves', span O(log^2 (na + nb))
/// plus one leaf. Exceptions: the first exception of comp or of a leaf is
/// rethrown once both sides of every join finished.
template <class A, class B, class Out, class Comp, class Leaf>
void par_merge_pieces(A a, std::size_t na, B b, std::size_t nb, Out out, Comp& comp, std::size_t max_leaf,
                      Leaf& leaf) {
  if (na + nb <= max_leaf) {
    leaf(a, na, b, nb, out);
    return;
  }
  const std::pair<std::size_t, std::size_t> fronts = split_for_merge(a, na, b, nb, comp);
  const std::size_t front_a = fronts.first;
  const std::size_t front_b = fronts.second;
  ws::join([&] { par_merge_pieces(a, front_a, b, front_b, out, comp, max_leaf, leaf); },
           [&] {
             par_merge_pieces(nth(a, front_a), na - front_a, nth(b, front_b), nb - front_b,
                              nth(out, front_a + front_b), comp, max_leaf, leaf);
           });
}

/// Merges the sorted runs [a, a + na) and [b, b + nb) into [out, out + na +
/// nb) by copy assignment, as std::merge does (a's element first on ties):
/// par_merge_pieces with std::merge on pieces of fewer than 2 * grain
/// (grain >= 2) elements. Must run on a worker.
/// Complexity: O(na + nb) comparisons and copies, span O(grain + log^2 (na +
/// nb)). Exceptions: the first exception of comp or of a copy is rethrown once
/// both sides of every join finished; the output then holds unspecified
/// values in the positions written so far.
template <class A, class B, class Out, class Comp>
void par_merge_copy(A a, std::size_t na, B b, std::size_t nb, Out out, Comp& comp, std::size_t grain) {
  auto leaf = [&comp](A piece_a, std::size_t piece_na, B piece_b, std::size_t piece_nb, Out piece_out) {
    std::merge(piece_a, nth(piece_a, piece_na), piece_b, nth(piece_b, piece_nb), piece_out, std::ref(comp));
  };
  par_merge_pieces(a, na, b, nb, out, comp, 2 * grain - 1, leaf);
}

/// Move-constructs the n values at src into the raw slots [dst, dst + n), in
/// two joined halves while there are at least 2 * grain values. All or
/// nothing, as move_into_buffer: if a move throws, every value already moved
/// goes back to src and its slot is destroyed before the exception reaches
/// the caller. Must run on a worker.
/// Complexity: n move constructions, span O(grain + log n).
template <class I, class T>
void par_move_into_buffer(I src, T* dst, std::size_t n, std::size_t grain) {
  if (!holds_two_grains(n, grain)) {
    move_into_buffer(src, dst, n);
    return;
  }
  const std::size_t half = n / 2;
  const I back_src = nth(src, half);
  auto give_back = [](I from, T* slots, std::size_t count) noexcept {
    move_back(slots, from, count);
    std::destroy_n(slots, count);
  };
  join_or_undo(
      true, [&] { par_move_into_buffer(src, dst, half, grain); },
      [&] { par_move_into_buffer(back_src, dst + half, n - half, grain); },
      [&]() noexcept { give_back(src, dst, half); }, [&]() noexcept { give_back(back_src, dst + half, n - half); });
}

}  // namespace ws::detail
