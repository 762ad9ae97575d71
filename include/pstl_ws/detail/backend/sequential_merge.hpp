// SPDX-License-Identifier: MIT
// sequential_merge: the one-thread building blocks of the stable merge sort
// and the merges (par_merge_sort.hpp, par_merge_copy.hpp, merge.hpp): moving values
// into and out of raw buffer slots, stable insertion sorts, the cut of two
// runs for a split merge, and the branch-free merge of two runs.
// docs/algorithms.md#stable_sort.
//
// Exceptions (from the comparator or a move): every function below either
// completes, or throws with the values it took back in their source slots (in
// some order). The moves that undo a step are noexcept: if one of them
// throws, that value stays where it is (moved-from) and the new exception is
// dropped, since the caller gets the one being handled (as with ws::join).
#pragma once

#include <algorithm>  // for std::lower_bound, std::upper_bound
#include <cstddef>
#include <iterator>  // for std::ranges::iter_move, std::prev, std::iter_value_t, ...
#include <memory>  // for std::construct_at, std::destroy_n
#include <utility>  // for std::move, std::pair

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// Recovery: moves n values from src to dst while an exception is being
/// handled. A move that throws leaves its value behind and its exception is
/// dropped: the caller gets the exception already on its way.
template <class Src, class Dst>
void move_back(Src src, Dst dst, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i, ++src, ++dst) {
    try {
      *dst = std::ranges::iter_move(src);
    } catch (...) {  // dropped, see above
    }
  }
}

/// Move-constructs n values from src into the raw slots at dst. All or
/// nothing: if a move throws, the values already moved go back and their slots
/// are destroyed before the exception propagates.
template <class I, class T>
void move_into_buffer(I src, T* dst, std::size_t n) {
  std::size_t done = 0;
  try {
    for (I it = src; done < n; ++done, ++it) {
      std::construct_at(dst + done, std::ranges::iter_move(it));
    }
  } catch (...) {
    move_back(dst, src, done);
    std::destroy_n(dst, done);
    throw;
  }
}

/// Sorts [first, first + n) in place by insertion, stably. If comp or a move
/// throws, the value being inserted is put into the hole, so the range keeps
/// all its values.
template <class I, class Comp>
void insertion_sort(I first, std::size_t n, Comp& comp) {
  for (std::size_t i = 1; i < n; ++i) {
    I hole = nth(first, i);
    if (!comp(*hole, *std::prev(hole))) {
      continue;  // already in place: no moves
    }
    std::iter_value_t<I> value = std::ranges::iter_move(hole);
    try {
      do {
        *hole = std::ranges::iter_move(std::prev(hole));
        --hole;
      } while (hole != first && comp(value, *std::prev(hole)));
      *hole = std::move(value);
    } catch (...) {
      move_back(&value, hole, 1);
      throw;
    }
  }
}

/// Moves the n values at src into [dst, dst + n), sorted stably by insertion;
/// src's slots stay constructed, moved-from. If comp or a move throws, the
/// value being inserted goes into the hole and the values not yet inserted go
/// to their own slots, so [dst, dst + n) holds all n values either way.
template <class T, class I, class Comp>
void insertion_sort_into(T* src, I dst, std::size_t n, Comp& comp) {
  std::size_t placed = 0;
  I hole = dst;
  try {
    for (; placed < n; ++placed) {
      hole = nth(dst, placed);
      while (hole != dst && comp(src[placed], *std::prev(hole))) {
        *hole = std::ranges::iter_move(std::prev(hole));
        --hole;
      }
      *hole = std::move(src[placed]);
    }
  } catch (...) {
    move_back(src + placed, hole, 1);
    move_back(src + placed + 1, nth(dst, placed + 1), n - placed - 1);
    throw;
  }
}

/// Recovery for a merge that moved na values from a and nb from b to the
/// front of out: moves them back, the first na to a's slots and the next nb
/// to b's (a permutation, not the old order, which no one needs any more).
template <class Dst, class Src>
void unmerge(Dst out, std::size_t na, std::size_t nb, Src a, Src b) noexcept {
  move_back(out, a, na);
  move_back(nth(out, na), b, nb);
}

/// Where to cut the sorted runs a (na values) and b (nb values) so that
/// merging the two fronts and the two backs separately gives the result of one
/// merge; returns the lengths of the fronts. The longer run is cut at its
/// middle and the shorter where that middle value goes: before b's values
/// equal to it when it is a's, after a's equal ones when it is b's (stability).
/// With na + nb >= 3, both parts are nonempty and neither has more than ~3/4 of
/// the values, whatever comp answers (the searches stay inside their run).
/// The runs may have different iterator types (libstdc++'s __parallel_merge
/// in pstl_ws/std_execution/ merges two unrelated ranges).
template <class A, class B, class Comp>
std::pair<std::size_t, std::size_t> split_for_merge(A a, std::size_t na, B b, std::size_t nb, Comp& comp) {
  if (na >= nb) {
    const std::size_t cut_a = na / 2;
    return {cut_a, distance_of(b, std::lower_bound(b, nth(b, nb), *nth(a, cut_a), comp))};
  }
  const std::size_t cut_b = nb / 2;
  return {distance_of(a, std::upper_bound(a, nth(a, na), *nth(b, cut_b), comp)), cut_b};
}

/// A sequential merge, step by step, of the sorted runs [a, a + na) and
/// [b, b + nb), which lie in one range, into out by moving. Each operation
/// that throws (comp or a move) leaves the lane as it was before the value
/// it was moving, so undo() can put back exactly what was moved.
template <class Src, class Dst>
class merge_lane {
 public:
  /// A lane that has moved nothing yet.
  merge_lane(Src a, std::size_t na, Src b, std::size_t nb, Dst out)
      : m_a_begin(a), m_a(a), m_a_end(nth(a, na)), m_b_begin(b), m_b(b), m_b_end(nth(b, nb)), m_out_begin(out),
        m_out(out) {}

  /// Whether both runs have values left, which step() needs.
  bool both_left() const { return m_a != m_a_end && m_b != m_b_end; }

  /// Moves the lesser front value to the output, a's on ties (stability):
  /// one comparison. Branch-free, as on random input a branch would be a coin
  /// flip; the value is found by its offset from m_a (hence one range for
  /// both runs) because GCC compiles `take_b ? m_b : m_a` to a branch.
  template <class Comp>
  void step(Comp& comp) {
    const bool take_b = comp(*m_b, *m_a);
    *m_out = std::ranges::iter_move(m_a + (m_b - m_a) * static_cast<std::iter_difference_t<Src>>(take_b));
    ++m_out;
    m_b += take_b;
    m_a += !take_b;
  }

  /// If the rest of one run goes entirely before the rest of the other
  /// (sorted or reversed input), moves both there and returns true; one or
  /// two comparisons.
  template <class Comp>
  bool move_if_ordered(Comp& comp) {
    if (both_left() && comp(*m_b, *std::prev(m_a_end))) {
      if (!comp(*std::prev(m_b_end), *m_a)) {
        return false;
      }
      move_rest(m_b, m_b_end);
    }
    move_rest(m_a, m_a_end);
    move_rest(m_b, m_b_end);
    return true;
  }

  /// Merges what is left: at most one comparison per value left.
  template <class Comp>
  void finish(Comp& comp) {
    while (both_left()) {
      step(comp);
    }
    move_rest(m_a, m_a_end);
    move_rest(m_b, m_b_end);
  }

  /// Recovery: moves the values moved so far back to the runs (unmerge).
  void undo() noexcept {
    unmerge(m_out_begin, distance_of(m_a_begin, m_a), distance_of(m_b_begin, m_b), m_a_begin, m_b_begin);
  }

 private:
  /// Moves [it, end) to the output, advancing it: no comparison.
  void move_rest(Src& it, Src end) {
    for (; it != end; ++it, ++m_out) {
      *m_out = std::ranges::iter_move(it);
    }
  }

  Src m_a_begin;
  Src m_a;
  Src m_a_end;
  Src m_b_begin;
  Src m_b;
  Src m_b_end;
  Dst m_out_begin;
  Dst m_out;
};

/// Merges the sorted runs [a, a + na) and [b, b + nb), which lie in one
/// range, into out by moving, taking a's value on ties (stability). From
/// k_two_lane_merge values on, split_for_merge cuts it into two merges whose
/// steps alternate. Complexity: at most na + nb + log2(na + nb) + 2
/// comparisons; one or two when one run goes entirely first. If comp or a move
/// throws, the values moved so far go back (unmerge).
template <class Src, class Dst, class Comp>
void merge_runs(Src a, std::size_t na, Src b, std::size_t nb, Dst out, Comp& comp) {
  using lane = merge_lane<Src, Dst>;
  lane front(a, na, b, nb, out);
  lane back(nth(a, na), 0, nth(b, nb), 0, nth(out, na + nb));  // empty unless the merge is cut in two
  try {
    if (front.move_if_ordered(comp)) {
      return;
    }
    if (na + nb >= k_two_lane_merge) {
      const std::pair<std::size_t, std::size_t> fronts = split_for_merge(a, na, b, nb, comp);
      front = lane(a, fronts.first, b, fronts.second, out);
      back = lane(nth(a, fronts.first), na - fronts.first, nth(b, fronts.second), nb - fronts.second,
                  nth(out, fronts.first + fronts.second));
      while (front.both_left() && back.both_left()) {
        front.step(comp);
        back.step(comp);
      }
    }
    front.finish(comp);
    back.finish(comp);
  } catch (...) {
    front.undo();
    back.undo();
    throw;
  }
}

}  // namespace ws::detail
