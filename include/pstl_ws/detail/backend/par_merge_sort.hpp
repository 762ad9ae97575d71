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

#include <algorithm>  // for std::max
#include <cstddef>
#include <iterator>  // for std::random_access_iterator, std::iter_value_t
#include <memory>  // for std::destroy_n, std::destroy
#include <type_traits>  // for std::is_trivially_destructible_v
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/join_or_undo.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/sequential_merge.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// The smallest grain the sort accepts: a merge of two single values cannot be
/// split into two smaller merges, so a parallel merge needs at least 4 values.
inline constexpr std::size_t k_min_merge_grain = 2;

/// Merges the sorted runs [a, a + na) and [b, b + nb), which lie in one
/// range, into out as merge_runs does, splitting (split_for_merge) into two
/// merges that run in parallel while there are at least 2 * grain (grain >= 2)
/// values. Must run on a worker.
/// Complexity: O(na + nb) work, O(log^2 (na + nb)) span plus a sequential
/// merge of < 2 * grain values. Exceptions: as merge_runs.
template <class Src, class Dst, class Comp>
void par_merge(Src a, std::size_t na, Src b, std::size_t nb, Dst out, Comp& comp, std::size_t grain) {
  if (!holds_two_grains(na + nb, grain)) {
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
    join_or_undo(holds_two_grains(end - begin, m_grain),
                 [&] { sort(begin, mid, into_buffer); }, [&] { sort(mid, end, into_buffer); },
                 [&]() noexcept { give_back(begin, mid, into_buffer); },
                 [&]() noexcept { give_back(mid, end, into_buffer); });
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
