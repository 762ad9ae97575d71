// SPDX-License-Identifier: MIT
// par_find: the driver of the searches (find, search, mismatch, all_of, ...):
// the first match in index order, with work past a known match skipped; and
// the entries every search calls (find_index, first_index_where,
// find_occurrence), which decide between the calling thread and the pool.
// docs/algorithms.md#par_find.
#pragma once

#include <algorithm>  // for std::max, std::min
#include <atomic>
#include <cstddef>
#include <optional>

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// The shared state of one par_find: a cursor that hands out blocks in
/// increasing index order and the lowest match found so far.
class find_cursor {
 public:
  find_cursor(std::size_t n, std::size_t min_block, std::size_t num_threads) noexcept
      : m_n(n), m_min_block(std::max<std::size_t>(min_block, 1)), m_divisor(k_find_block_divisor * num_threads),
        m_best(n) {}

  /// Claims the next block [begin, end): false when none is left that could
  /// hold a match before the best one known.
  bool claim(std::size_t& begin, std::size_t& end) noexcept {
    begin = m_next.load(std::memory_order_relaxed);  // relaxed: only a guess for the CAS below
    do {
      if (!still_needed(begin)) {
        return false;
      }
      end = begin + std::min(m_n - begin, std::max(m_min_block, std::min(begin, m_n - begin) / m_divisor));
      // relaxed: the CAS only has to make the claimed blocks disjoint, which
      // any order does; the elements are read-only and nothing is published.
    } while (!m_next.compare_exchange_weak(begin, end, std::memory_order_relaxed, std::memory_order_relaxed));
    return true;
  }

  /// Whether the work at indices from `begin` on can still matter.
  [[nodiscard]] bool still_needed(std::size_t begin) const noexcept {
    return begin < best() && !m_cancel.is_cancelled();
  }

  /// Lowers the best index to `index` unless a lower one is known.
  void found(std::size_t index) noexcept {
    std::size_t current = m_best.load(std::memory_order_relaxed);  // relaxed: the CAS rereads it
    // relaxed: the modification order of m_best alone makes it the minimum of
    // every index stored; the final read comes after par_for's joins.
    while (index < current &&
           !m_best.compare_exchange_weak(current, index, std::memory_order_relaxed, std::memory_order_relaxed)) {
    }
  }

  /// The lowest match found so far (n if none). Exact once every block has
  /// finished; before that, a hint that may lag behind.
  [[nodiscard]] std::size_t best() const noexcept {
    return m_best.load(std::memory_order_relaxed);  // relaxed: pairs with found's CAS; a stale value costs a block
  }

  /// Makes every claim and check fail: a leaf threw.
  void cancel() noexcept { m_cancel.cancel(); }

  /// The fewest indices in a block, and how many a piece scans between two
  /// checks of the best index.
  [[nodiscard]] std::size_t min_block() const noexcept { return m_min_block; }

 private:
  std::size_t m_n;
  std::size_t m_min_block;
  std::size_t m_divisor;
  std::atomic<std::size_t> m_next{0};
  std::atomic<std::size_t> m_best;
  cancellation m_cancel;
};

/// One participant of par_find: claims blocks until none is left, scanning
/// each in pieces of min_block indices and checking before each piece that a
/// match before it has not been found meanwhile.
template <class Leaf>
void find_participant(find_cursor& cursor, Leaf& leaf) {
  std::size_t begin = 0;
  std::size_t end = 0;
  while (cursor.claim(begin, end)) {
    for (std::size_t piece = begin, piece_end = 0; piece < end; piece = piece_end) {
      if (!cursor.still_needed(piece)) {
        return;
      }
      piece_end = end - piece > cursor.min_block() ? piece + cursor.min_block() : end;
      std::optional<std::size_t> hit;
      try {
        hit = leaf(piece, piece_end);
      } catch (...) {
        cursor.cancel();
        throw;
      }
      if (hit) {
        // Every later block starts after *hit: this participant is done.
        cursor.found(*hit);
        return;
      }
    }
  }
}

/// The first index in [0, n) at which leaf finds a match, or n if none:
/// leaf(begin, end) returns the lowest matching index in [begin, end) or
/// nothing. The result is always the first match, whatever the timing.
/// Blocks are handed out in increasing index order (at least min_block
/// indices each, growing away from both ends), one participant per thread
/// claims them, and no block or piece starting after a known match runs.
/// Must run on a worker (see run_on_pool).
/// Work: the indices up to the first match, plus at most about one piece per
/// thread after it; span O(n / threads + min_block + log threads).
/// Exceptions: the first exception a leaf throws is rethrown once every
/// participant has stopped; blocks not yet claimed are skipped.
template <class Leaf>
std::size_t par_find(std::size_t n, std::size_t min_block, Leaf& leaf) {
  const std::size_t num_threads = current_num_threads();
  find_cursor cursor(n, min_block, num_threads);
  // One leaf per thread (fewer if some were not split off); each claims
  // blocks until the cursor says stop, so how many run does not matter.
  auto participant = [&](std::size_t, std::size_t) { find_participant(cursor, leaf); };
  par_for(num_threads, 1, participant);
  return cursor.best();  // after the joins: every found() happened before
}

/// par_find from the right: the LAST index in [0, n) at which leaf finds a
/// match, or n if none; leaf(begin, end) returns the highest matching index in
/// [begin, end). Blocks are handed out from the end of the range down.
/// Same work, span and exceptions as par_find.
template <class Leaf>
std::size_t par_find_last(std::size_t n, std::size_t min_block, Leaf& leaf) {
  auto mirrored = [&](std::size_t begin, std::size_t end) -> std::optional<std::size_t> {
    const std::optional<std::size_t> hit = leaf(n - end, n - begin);
    return hit ? std::optional<std::size_t>(n - 1 - *hit) : std::nullopt;
  };
  const std::size_t mirrored_index = par_find(n, min_block, mirrored);
  return mirrored_index == n ? n : n - 1 - mirrored_index;
}

/// Whether find_index wants the first match or the last one.
enum class find_order { first, last };

/// The first (or last) index in [0, n) at which leaf(begin, end) reports a
/// match, or n if none: par_find on the pool in blocks of at least
/// max(plan.grain(), min_block) when k_find_rule's plan is parallel (its
/// threshold is the walks': a predicate's cost is unknown, so it stays low),
/// else leaf(0, n) on the calling thread, as ws::for_each does.
template <find_order Order, execution_kind Kind, class Leaf>
std::size_t find_index(const basic_policy<Kind>& policy, std::size_t n, Leaf leaf, std::size_t min_block = 1) {
  const split_plan plan(policy, n, k_find_rule);
  return plan.run(
      [&] {
        const std::size_t block = std::max(plan.grain(), min_block);
        if constexpr (Order == find_order::first) {
          return par_find(n, block, leaf);
        } else {
          return par_find_last(n, block, leaf);
        }
      },
      [&] { return leaf(0, n).value_or(n); });
}

/// The first i in [0, n) for which test(i) holds, or n.
template <execution_kind Kind, class Test>
std::size_t first_index_where(const basic_policy<Kind>& policy, std::size_t n, Test test) {
  auto leaf = [&test](std::size_t begin, std::size_t end) -> std::optional<std::size_t> {
    for (std::size_t i = begin; i < end; ++i) {
      if (test(i)) {
        return i;
      }
    }
    return std::nullopt;
  };
  return find_index<find_order::first>(policy, n, leaf);
}

/// Where in [first, last) the first (or last) occurrence of something
/// `width` elements long (width >= 1) starts, or last: search(b, e) is the
/// sequential search that returns the occurrence lying wholly in [b, e), or e
/// if there is none. Each block of start positions [begin, end) is searched in
/// the window [first + begin, first + end + width - 1), and blocks are at
/// least width long: a search may scan its whole window (std::search looking
/// for the pattern's first element, or checking a long partial match), so a
/// block shorter than the pattern would scan up to width elements for a few
/// start positions, O(n × width / grain) in all, where blocks of at least
/// width keep the windows' total within twice the range.
template <find_order Order, execution_kind Kind, random_access_traversal It, class Search>
It find_occurrence(const basic_policy<Kind>& policy, It first, It last, std::size_t width, Search search) {
  const std::size_t n = distance_of(first, last);
  if (width > n) {
    return last;
  }
  const std::size_t starts = n - width + 1;
  auto leaf = [first, width, &search](std::size_t begin, std::size_t end) -> std::optional<std::size_t> {
    const It window_end = nth(first, end + width - 1);
    const It found = search(nth(first, begin), window_end);
    return found == window_end ? std::nullopt : std::optional<std::size_t>(distance_of(first, found));
  };
  const std::size_t start = find_index<Order>(policy, starts, leaf, width);
  return start == starts ? last : nth(first, start);
}

}  // namespace ws::detail
