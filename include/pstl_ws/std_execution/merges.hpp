// SPDX-License-Identifier: MIT
// The merging entry points of std_execution, with the structure of libstdc++'s
// TBB backend and ws::join for every fork: __parallel_merge cuts a merge by
// binary search down to pieces of 2000 values; __parallel_stable_sort halves
// the range down to pieces of 500 that the caller's leaf sort sorts in place,
// then merges them back up, ping-ponging between the range and an n-slot
// buffer. libstdc++'s std::sort(par) and std::stable_sort(par) (leaf std::sort
// or std::stable_sort) and partial_sort(par) (leaf std::partial_sort) all land
// here. docs/std-execution.md#sort-and-merge.
//
// Exceptions propagate once every forked half stopped, leaving the range a
// mix of values and moved-from ones and values in the buffer undestroyed
// (the buffer memory itself is freed). libstdc++'s patterns terminate on
// every exception but bad_alloc, which nothing here throws after allocating
// the buffer unless a comparator or a move constructor does.
#pragma once

#include <algorithm>  // for std::min
#include <cstddef>
#include <iterator>  // for std::random_access_iterator, std::iter_value_t, std::ranges::iter_move
#include <memory>  // for std::construct_at, std::destroy_at
#include <utility>  // for std::pair, std::move

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_merge_copy.hpp"  // par_merge_pieces
#include "pstl_ws/detail/backend/sequential_merge.hpp"  // nth, distance_of
#include "pstl_ws/join.hpp"
#include "pstl_ws/std_execution/support.hpp"

namespace ws::detail::std_execution {

/// Merges of at most this many values are not cut (TBB's _PSTL_MERGE_CUT_OFF).
inline constexpr std::size_t k_merge_cut_off = 2000;
/// Pieces of at most this many values go to the leaf sort (TBB's _PSTL_STABLE_SORT_CUT_OFF).
inline constexpr std::size_t k_sort_cut_off = 500;
/// Bulk moves run in pieces of at least this many values: TBB cuts them with
/// a blocked_range of grain 2000, whose pieces are over 1000.
inline constexpr std::size_t k_move_grain = k_merge_cut_off / 2;

/// __parallel_merge: leaf_merge(x, x_end, y, y_end, z, comp) on the pieces of
/// at most k_merge_cut_off values of par_merge_pieces, on the calling worker's
/// pool or the global pool; a merge of at most k_merge_cut_off values is one
/// leaf_merge on the calling thread.
template <class A, class B, class Out, class Comp, class LeafMerge>
void parallel_merge(A xs, A xe, B ys, B ye, Out zs, Comp& comp, LeafMerge& leaf_merge) {
  const std::size_t na = distance_of(xs, xe);
  const std::size_t nb = distance_of(ys, ye);
  if (na + nb <= k_merge_cut_off) {
    leaf_merge(xs, xe, ys, ye, zs, comp);
    return;
  }
  auto leaf = [&](A a, std::size_t n1, B b, std::size_t n2, Out out) {
    leaf_merge(a, nth(a, n1), b, nth(b, n2), out, comp);
  };
  auto body = [&] { par_merge_pieces(xs, na, ys, nb, zs, comp, k_merge_cut_off, leaf); };
  on_pool(body);
}

/// Moves a value from the range into a raw buffer slot (move construction).
struct into_buffer {
  template <class It, class T>
  static void move(It from, T* to) {
    std::construct_at(to, std::ranges::iter_move(from));
  }
};

/// Moves a value from a buffer slot back into the range (move assignment) and
/// destroys the slot: a buffer slot holds a value only while a piece lies there.
struct into_range {
  template <class T, class It>
  static void move(T* from, It to) {
    *to = std::move(*from);
    std::destroy_at(from);
  }
};

/// Merges the sorted runs a and b into out with Move (stable: a's value on
/// ties), comparing only until `limit` values are out (partial_sort needs only
/// its first values sorted), then moves the rest of a, then of b.
template <class Move, class Src, class Dst, class Comp>
void merge_moving(Src a, std::size_t na, Src b, std::size_t nb, Dst out, std::size_t limit, Comp& comp) {
  const Src a_end = nth(a, na);
  const Src b_end = nth(b, nb);
  for (; a != a_end && b != b_end && limit != 0; ++out, --limit) {
    if (comp(*b, *a)) {
      Move::move(b++, out);
    } else {
      Move::move(a++, out);
    }
  }
  for (; a != a_end; ++a, ++out) {
    Move::move(a, out);
  }
  for (; b != b_end; ++b, ++out) {
    Move::move(b, out);
  }
}

/// Where a sorted piece lies: in the range or in the buffer slots of the same indices.
enum class place : bool { range, buffer };

/// The merge sort of __parallel_stable_sort over [first, first + n) with a
/// buffer of n raw slots. With nsort (partial_sort) every merge compares only
/// the first nsort values of each run and pieces are never found already in
/// order.
template <std::random_access_iterator It, class Comp, class LeafSort>
class merge_sorter {
 public:
  using value_type = std::iter_value_t<It>;

  merge_sorter(It first, value_type* buffer, Comp& comp, LeafSort& leaf_sort, std::size_t n, std::size_t nsort) noexcept
      : m_first(first), m_buffer(buffer), m_comp(comp), m_leaf_sort(leaf_sort), m_merge_limit(nsort == 0 ? n : nsort),
        m_partial(nsort != 0) {}

  /// Sorts [begin, end) and returns where the result lies. Halves sort in
  /// parallel; halves in different places are brought together by moving the
  /// shorter one (at the root: the one in the range, so that the merge ends
  /// there); halves already in order are not merged. Must run on a worker.
  place sort(std::size_t begin, std::size_t end, bool root) {
    if (end - begin <= k_sort_cut_off) {
      m_leaf_sort(range_at(begin), range_at(end), m_comp);
      return place::range;
    }
    const std::size_t mid = begin + (end - begin) / 2;
    const std::pair<place, place> halves = ws::join([&] { return sort(begin, mid, false); },
                                                    [&] { return sort(mid, end, false); });
    place both = halves.first;
    if (halves.first != halves.second) {
      if (root ? halves.first == place::range : mid - begin < end - mid) {
        move_piece(begin, mid, halves.first);
        both = halves.second;
      } else {
        move_piece(mid, end, halves.second);
      }
    }
    if (!m_partial && in_order(mid, both)) {
      return both;
    }
    merge_halves(begin, mid, end, both);
    return other(both);
  }

  /// Moves the piece [begin, end) from `from` to the other place, in parallel.
  void move_piece(std::size_t begin, std::size_t end, place from) {
    if (from == place::range) {
      move_all<into_buffer>(range_at(begin), end - begin, buffer_at(begin));
    } else {
      move_all<into_range>(buffer_at(begin), end - begin, range_at(begin));
    }
  }

 private:
  static place other(place where) noexcept { return where == place::range ? place::buffer : place::range; }
  It range_at(std::size_t i) const { return nth(m_first, i); }
  value_type* buffer_at(std::size_t i) const noexcept { return m_buffer + i; }

  template <class Move, class Src, class Dst>
  static void move_all(Src from, std::size_t n, Dst to) {
    auto leaf = [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        Move::move(nth(from, i), nth(to, i));
      }
    };
    par_for(n, k_move_grain, leaf);
  }

  /// Whether the two sorted halves around mid, both in `where`, are already in order.
  bool in_order(std::size_t mid, place where) const {
    return where == place::range ? !m_comp(*range_at(mid), *range_at(mid - 1))
                                 : !m_comp(*buffer_at(mid), *buffer_at(mid - 1));
  }

  /// Merges the sorted halves [begin, mid) and [mid, end), both in `from`,
  /// into the other place.
  void merge_halves(std::size_t begin, std::size_t mid, std::size_t end, place from) {
    if (from == place::range) {
      merge<into_buffer>(range_at(begin), mid - begin, range_at(mid), end - mid, buffer_at(begin));
    } else {
      merge<into_range>(buffer_at(begin), mid - begin, buffer_at(mid), end - mid, range_at(begin));
    }
  }

  /// Merges the runs a and b into out. Under partial_sort only the first
  /// m_merge_limit values of a run are sorted (and they are its smallest):
  /// those are merged, and the tails moved after them, since a cut inside a
  /// tail would binary-search values that are out of order.
  template <class Move, class Src, class Dst>
  void merge(Src a, std::size_t na, Src b, std::size_t nb, Dst out) {
    auto leaf = [this](Src x, std::size_t nx, Src y, std::size_t ny, Dst to) {
      merge_moving<Move>(x, nx, y, ny, to, m_merge_limit, m_comp);
    };
    const std::size_t sorted_a = std::min(na, m_merge_limit);
    const std::size_t sorted_b = std::min(nb, m_merge_limit);
    par_merge_pieces(a, sorted_a, b, sorted_b, out, m_comp, k_merge_cut_off, leaf);
    if (m_partial) {
      const Dst tails = nth(out, sorted_a + sorted_b);
      move_all<Move>(nth(a, sorted_a), na - sorted_a, tails);
      move_all<Move>(nth(b, sorted_b), nb - sorted_b, nth(tails, na - sorted_a));
    }
  }

  It m_first;
  value_type* m_buffer;
  Comp& m_comp;
  LeafSort& m_leaf_sort;
  std::size_t m_merge_limit;
  bool m_partial;
};

/// __parallel_stable_sort: sorts [first, last) with the caller's
/// leaf_sort(first, last, comp) on pieces of at most k_sort_cut_off values and
/// merge_sorter above. nsort != 0 (and != n): only the first nsort values need
/// to come out sorted (partial_sort). Complexity: O(n log(n / 500)) moves and
/// comparisons on top of the leaf sorts, one n-value buffer. Exceptions: see
/// the top of this file; std::bad_alloc if the buffer cannot be allocated.
template <std::random_access_iterator It, class Comp, class LeafSort>
void parallel_stable_sort(It first, It last, Comp& comp, LeafSort& leaf_sort, std::size_t nsort) {
  const std::size_t n = distance_of(first, last);
  if (n <= k_sort_cut_off) {
    leaf_sort(first, last, comp);
    return;
  }
  raw_buffer<std::iter_value_t<It>> buffer(n);
  merge_sorter<It, Comp, LeafSort> sorter(first, buffer.get(), comp, leaf_sort, n, nsort == n ? 0 : nsort);
  auto body = [&] {
    if (sorter.sort(0, n, true) == place::buffer) {
      sorter.move_piece(0, n, place::buffer);
    }
  };
  on_pool(body);
}

}  // namespace ws::detail::std_execution
