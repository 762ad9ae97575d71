// SPDX-License-Identifier: MIT
// par_merge_sort: the parallel stable merge sort behind ws::stable_sort, and
// its parallel merge (after rayon's par_mergesort, written for C++ moves and
// exceptions). docs/algorithms.md#stable_sort.
//
// Values live in two places: the range, and a buffer of n raw slots. Each
// level of the sort moves its values from one to the other (ping-pong), so a
// piece's result is in the range or in the buffer depending on its depth.
//
// Exceptions (from the comparator or a move) are handled piece by piece: every
// step below either completes, or throws with its values back where it took
// them from (in some order) and the buffer slots it constructed destroyed. A
// step whose sibling threw is undone after the join. So when the sort throws,
// the range holds a permutation of its values and no buffer slot is
// constructed. The moves that undo a step are noexcept: if one of them throws,
// that value stays where it is (moved-from) and the new exception is dropped,
// since the caller gets the one being handled (as with ws::join).
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

#include "pstl_ws/detail/dispatch.hpp"
#include "pstl_ws/detail/par_for.hpp"
#include "pstl_ws/detail/scratch_buffer.hpp"
#include "pstl_ws/join.hpp"

namespace ws::detail {

/// Pieces of at most this many values are sorted by insertion, which beats
/// merging on so few values (libstdc++ uses 7, rayon 20; 8 to 32 measure alike).
inline constexpr std::size_t k_insertion_run = 16;

/// The smallest grain the sort accepts: a merge of two single values cannot be
/// split into two smaller merges, so a parallel merge needs at least 4 values.
inline constexpr std::size_t k_min_merge_grain = 2;

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

/// Merges the sorted runs [a, a + na) and [b, b + nb) into out by moving,
/// taking a's value on ties (stability). Complexity: at most na + nb + 1
/// comparisons, one or two when one run goes entirely first. If comp or a move
/// throws, the values moved so far go back (unmerge).
template <class Src, class Dst, class Comp>
void merge_runs(Src a, std::size_t na, Src b, std::size_t nb, Dst out, Comp& comp) {
  const Src a_end = nth(a, na);
  const Src b_end = nth(b, nb);
  Src a_it = a;
  Src b_it = b;
  try {
    Dst o = out;
    // Runs already in order (sorted input) need no more comparisons: the
    // last two loops move a, then b. Nor do runs in reverse order (reversed
    // input): b goes first, then the last loops move a.
    if (na != 0 && nb != 0 && comp(*b, *std::prev(a_end))) {
      if (comp(*std::prev(b_end), *a)) {
        for (; b_it != b_end; ++b_it, ++o) {
          *o = std::ranges::iter_move(b_it);
        }
      }
      // Branch-free: on random input the branch would be a coin flip, and its
      // mispredictions cost about a quarter of the sort's time.
      for (; a_it != a_end && b_it != b_end; ++o) {
        const bool take_b = comp(*b_it, *a_it);
        *o = std::ranges::iter_move(take_b ? b_it : a_it);
        b_it += take_b;
        a_it += !take_b;
      }
    }
    for (; a_it != a_end; ++a_it, ++o) {
      *o = std::ranges::iter_move(a_it);
    }
    for (; b_it != b_end; ++b_it, ++o) {
      *o = std::ranges::iter_move(b_it);
    }
  } catch (...) {
    unmerge(out, distance_of(a, a_it), distance_of(b, b_it), a, b);
    throw;
  }
}

/// Where to cut the sorted runs a (na values) and b (nb values) so that
/// merging the two fronts and the two backs separately gives the result of one
/// merge; returns the lengths of the fronts. The longer run is cut at its
/// middle and the shorter where that middle value goes: before b's values
/// equal to it when it is a's, after a's equal ones when it is b's (stability).
/// With na + nb >= 3, both parts are nonempty and neither has more than ~3/4 of
/// the values, whatever comp answers (the searches stay inside their run).
/// The runs may have different iterator types (libstdc++'s __parallel_merge
/// in compare/std_par_on_ws/ merges two unrelated ranges).
template <class A, class B, class Comp>
std::pair<std::size_t, std::size_t> split_for_merge(A a, std::size_t na, B b, std::size_t nb, Comp& comp) {
  if (na >= nb) {
    const std::size_t cut_a = na / 2;
    return {cut_a, distance_of(b, std::lower_bound(b, nth(b, nb), *nth(a, cut_a), comp))};
  }
  const std::size_t cut_b = nb / 2;
  return {distance_of(a, std::upper_bound(a, nth(a, na), *nth(b, cut_b), comp)), cut_b};
}

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

/// Merges the sorted runs [a, a + na) and [b, b + nb) into out as merge_runs
/// does, splitting (split_for_merge) into two merges that run in parallel
/// while there are at least 2 * grain (grain >= 2) values. Must run on a worker.
/// Complexity: O(na + nb) work, O(log^2 (na + nb)) span plus a sequential
/// merge of < 2 * grain values. Exceptions: as merge_runs.
template <class Src, class Dst, class Comp>
void par_merge(Src a, std::size_t na, Src b, std::size_t nb, Dst out, Comp& comp, std::size_t grain) {
  if ((na + nb) / 2 < grain) {  // na + nb < 2 * grain, without overflow
    merge_runs(a, na, b, nb, out, comp);
    return;
  }
  const std::pair<std::size_t, std::size_t> fronts = split_for_merge(a, na, b, nb, comp);
  const std::size_t front_a = fronts.first;
  const std::size_t front_b = fronts.second;
  const Src back_a = nth(a, front_a);
  const Src back_b = nth(b, front_b);
  const Dst back_out = nth(out, front_a + front_b);
  join_or_undo(
      true, [&] { par_merge(a, front_a, b, front_b, out, comp, grain); },
      [&] { par_merge(back_a, na - front_a, back_b, nb - front_b, back_out, comp, grain); },
      [&]() noexcept { unmerge(out, front_a, front_b, a, b); },
      [&]() noexcept { unmerge(back_out, na - front_a, nb - front_b, back_a, back_b); });
}

/// One parallel merge sort of [first, first + n) using `buffer`, n raw slots.
/// A piece [begin, end) is sorted into the range or into the buffer slots
/// [begin, end); its halves go to the other place, then are merged back.
template <std::random_access_iterator It, class Comp>
class merge_sorter {
 public:
  using value_type = std::iter_value_t<It>;

  /// Pieces of at least 2 * grain values sort their halves in parallel.
  merge_sorter(It first, value_type* buffer, Comp& comp, std::size_t grain) noexcept
      : m_first(first), m_buffer(buffer), m_comp(comp), m_grain(std::max(grain, k_min_merge_grain)) {}

  /// Sorts [begin, end) stably into the range (into_buffer false) or into the
  /// buffer. Afterwards the buffer slots [begin, end) are constructed. If it
  /// throws: the range holds the piece's values in some order and those slots
  /// are not constructed.
  void sort(std::size_t begin, std::size_t end, bool into_buffer) {
    if (end - begin <= k_insertion_run) {
      sort_run(begin, end, into_buffer);
      return;
    }
    const std::size_t mid = begin + (end - begin) / 2;
    sort_halves(begin, mid, end, !into_buffer);
    try {
      merge_halves(begin, mid, end, into_buffer);
    } catch (...) {
      give_back(begin, end, !into_buffer);  // the merge put the values back in the halves
      throw;
    }
  }

 private:
  It range_at(std::size_t i) const { return nth(m_first, i); }
  value_type* buffer_at(std::size_t i) const { return m_buffer + i; }

  /// A short piece: sorted by insertion; its buffer slots are constructed by
  /// moving the values in (so no value_type needs a default constructor).
  void sort_run(std::size_t begin, std::size_t end, bool into_buffer) {
    const std::size_t n = end - begin;
    if (into_buffer) {
      insertion_sort(range_at(begin), n, m_comp);
      move_into_buffer(range_at(begin), buffer_at(begin), n);
      return;
    }
    move_into_buffer(range_at(begin), buffer_at(begin), n);
    try {
      insertion_sort_into(buffer_at(begin), range_at(begin), n, m_comp);
    } catch (...) {
      std::destroy_n(buffer_at(begin), n);  // the values are back in the range
      throw;
    }
  }

  void sort_halves(std::size_t begin, std::size_t mid, std::size_t end, bool into_buffer) {
    join_or_undo(
        (end - begin) / 2 >= m_grain, [&] { sort(begin, mid, into_buffer); }, [&] { sort(mid, end, into_buffer); },
        [&]() noexcept { give_back(begin, mid, into_buffer); }, [&]() noexcept { give_back(mid, end, into_buffer); });
  }

  /// Merges the sorted halves, which are in the other place, into the range
  /// or the buffer.
  void merge_halves(std::size_t begin, std::size_t mid, std::size_t end, bool into_buffer) {
    if (into_buffer) {
      par_merge(range_at(begin), mid - begin, range_at(mid), end - mid, buffer_at(begin), m_comp, m_grain);
    } else {
      par_merge(buffer_at(begin), mid - begin, buffer_at(mid), end - mid, range_at(begin), m_comp, m_grain);
    }
  }

  /// Recovery for a finished piece: its values go back to the range (if they
  /// are in the buffer) and its buffer slots are destroyed.
  void give_back(std::size_t begin, std::size_t end, bool in_buffer) noexcept {
    if (in_buffer) {
      move_back(buffer_at(begin), range_at(begin), end - begin);
    }
    std::destroy(buffer_at(begin), buffer_at(end));
  }

  It m_first;
  value_type* m_buffer;
  Comp& m_comp;
  std::size_t m_grain;
};

/// Sorts [first, first + n) stably by comp, with `buffer` (raw storage for n
/// values) as scratch, and leaves no object in the buffer. Pieces of 2 * grain
/// values or more are sorted and merged in two parallel halves; with `parallel`
/// false (grain is then ignored) everything runs on the calling thread, which
/// need not be a worker. Must run on a worker when `parallel`.
/// Complexity: O(n log n) comparisons and moves; span O(grain log n +
/// log^3 n). Exceptions: see the top of this file.
template <std::random_access_iterator It, class Comp>
void merge_sort(It first, std::size_t n, std::iter_value_t<It>* buffer, Comp& comp, std::size_t grain,
                bool parallel) {
  merge_sorter<It, Comp>(first, buffer, comp, parallel ? grain : n).sort(0, n, false);
  if constexpr (!std::is_trivially_destructible_v<std::iter_value_t<It>>) {
    auto destroy = [buffer](std::size_t begin, std::size_t end) { std::destroy(buffer + begin, buffer + end); };
    par_for_if(parallel, n, grain, destroy);
  }
}

}  // namespace ws::detail
