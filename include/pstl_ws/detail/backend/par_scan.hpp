// SPDX-License-Identifier: MIT
// par_scan: the tiled reduce-then-scan driver of the scans (inclusive_scan,
// exclusive_scan, transform_*_scan), of compaction (copy_if, remove, unique,
// partition_copy, stable_partition) and of the set operations, which scan
// counts to find where each tile or window writes. docs/algorithms.md#par_scan.
#pragma once

#include <cstddef>
#include <optional>
#include <type_traits>  // for std::is_same_v, std::invoke_result_t
#include <utility>  // for std::move, std::as_const
#include <vector>

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/join.hpp"

namespace ws::detail {

/// The tiles of one scan: [begin(t), end(t)) for t in [0, count()), covering
/// [0, n) in order, each of `tile` elements but the last (which may be
/// shorter). A scan's tiles are those of its plan's grain (k_scan_rule).
class scan_tiles {
 public:
  scan_tiles(std::size_t n, std::size_t tile) noexcept : m_n(n), m_tile(tile), m_count((n + tile - 1) / tile) {}

  [[nodiscard]] std::size_t count() const noexcept { return m_count; }
  [[nodiscard]] std::size_t begin(std::size_t t) const noexcept { return t * m_tile; }
  [[nodiscard]] std::size_t end(std::size_t t) const noexcept { return t + 1 == m_count ? m_n : (t + 1) * m_tile; }

 private:
  std::size_t m_n;
  std::size_t m_tile;
  std::size_t m_count;
};

/// The carry after a tile: combine(carry, sum), or sum when there is no
/// carry yet (tile 0 with no init). The carry is read, not moved, since the
/// tile it came with may still need it.
template <class T, class Combine>
T carry_after(const std::optional<T>& carry, T sum, Combine& combine) {
  return carry ? T(combine(*carry, std::move(sum))) : std::move(sum);
}

/// The order of par_scan's calls.
enum class scan_order {
  /// A tile may be scanned before a later tile is reduced (the one-pass tiles).
  adaptive,
  /// Every tile is reduced before any tile is scanned (two passes).
  strict,
};

/// One par_scan: the tiles of a range scanned by recursive halving, each half
/// in one of two ways (docs/algorithms.md#par_scan).
template <class T, class ReduceTile, class Combine, class ScanTile>
class tiled_scan {
 public:
  tiled_scan(std::size_t count, ReduceTile& reduce_tile, Combine& combine, ScanTile& scan_tile)
      : m_slots(count), m_reduce_tile(reduce_tile), m_combine(combine), m_scan_tile(scan_tile) {}

  /// Reduces every tile of [first, last) in parallel, then, from `carry`,
  /// adds up their carries on this thread and scans them in parallel; returns
  /// the carry after them.
  std::optional<T> reduce_then_scan(std::size_t first, std::size_t last, std::optional<T> carry) {
    reduce_tiles(first, last);
    return scan_reduced(first, last, std::move(carry));
  }

  /// Scans the tiles [first, last) (last > first) from `carry`; returns the
  /// carry after them. The right half of each split is a job: run by this
  /// thread after the left half, it knows its carry and scans each tile
  /// while it is in cache (reduce_tile then scan_tile); run by a thief, it
  /// only reduces its tiles, and once the left half is done its carries are
  /// added up and its tiles scanned, in parallel.
  std::optional<T> scan(std::size_t first, std::size_t last, std::optional<T> carry) {
    if (last - first == 1) {
      if constexpr (k_scan_returns_carry) {
        return m_scan_tile(first, std::as_const(carry));
      } else {
        T sum = m_reduce_tile(first);
        m_scan_tile(first, std::as_const(carry));
        return carry_after(carry, std::move(sum), m_combine);
      }
    }
    const std::size_t mid = first + (last - first) / 2;
    std::optional<T> left_carry;   // after [first, mid)
    std::optional<T> right_carry;  // after [mid, last), when this thread scanned the right half
    ws::join_context([&](fn_context) { left_carry = scan(first, mid, std::move(carry)); },
                     [&](fn_context ctx) {
                       if (ctx.migrated()) {
                         reduce_tiles(mid, last);  // the left half may still be running
                       } else {
                         // Not migrated: the left half finished on this thread.
                         right_carry = scan(mid, last, left_carry);
                       }
                     });
    if (right_carry) {
      return right_carry;
    }
    return scan_reduced(mid, last, std::move(left_carry));
  }

 private:
  /// The second half of reduce_then_scan, for tiles already reduced.
  std::optional<T> scan_reduced(std::size_t first, std::size_t last, std::optional<T> carry) {
    // Each slot's sum becomes the carry into its tile.
    for (std::size_t t = first; t < last; ++t) {
      std::optional<T> next(carry_after(carry, std::move(*m_slots[t]), m_combine));
      m_slots[t] = std::move(carry);
      carry = std::move(next);
    }
    auto scan_leaf = [&](std::size_t begin, std::size_t end) {
      for (std::size_t t = first + begin; t < first + end; ++t) {
        m_scan_tile(t, std::as_const(m_slots[t]));
      }
    };
    par_for(last - first, 1, scan_leaf);
    return carry;
  }

  /// Stores the sum of every tile of [first, last), in parallel.
  void reduce_tiles(std::size_t first, std::size_t last) {
    auto reduce_leaf = [&](std::size_t begin, std::size_t end) {
      for (std::size_t t = first + begin; t < first + end; ++t) {
        m_slots[t].emplace(m_reduce_tile(t));
      }
    };
    par_for(last - first, 1, reduce_leaf);
  }

  /// Whether scan_tile(t, carry) returns the carry after tile t (a T), which
  /// is then trusted to equal carry_after(carry, reduce_tile(t)).
  static constexpr bool k_scan_returns_carry =
      std::is_same_v<std::invoke_result_t<ScanTile&, std::size_t, const std::optional<T>&>, T>;

  std::vector<std::optional<T>> m_slots;  // a stolen half's sums, then its carries
  ReduceTile& m_reduce_tile;
  Combine& m_combine;
  ScanTile& m_scan_tile;
};

/// A scan over `count` ordered tiles (scan_tiles' pieces of a range, or any
/// other pieces: the set operations' windows), given reduce_tile(t) -> T, what
/// tile t contributes, and scan_tile(t, carry), which does tile t's work
/// (writes its part of the output) from carry, a std::optional<T> holding
/// `init` combined with the sums of every tile before t, in order
/// (combine(earlier, later): a non-commutative combine keeps operand order;
/// empty for tile 0 with no init). Each tile is reduced at most once and
/// scanned once; a tile that runs after its left neighbour on the same thread
/// is reduced and scanned back to back, while it is in cache (one pass over
/// memory), and the tiles of a half that another thread took are all reduced
/// first and scanned once the carries reach them (two passes, in parallel).
/// A scan_tile that returns a T returns the carry after its tile, which must
/// equal combine(carry, reduce_tile(t)) (an exact type: a scan of integers);
/// a tile scanned after its neighbour is then not reduced at all.
/// The carries are the same either way, so the result does not depend on the
/// schedule or the thread count. With scan_order::strict every tile is
/// reduced before any is scanned (for callers whose scan undoes what a
/// reduce of a later tile must still see). Must run on a worker (see
/// run_on_pool).
/// Returns the combination of init and every sum (empty when there is no
/// tile and no init): the total a compaction returns. T needs no default
/// constructor. Span O(max tile + count); combines O(count).
/// Exceptions: the first exception of a tile is rethrown once the tiles
/// running beside it finished (no tile after it is scanned); std::bad_alloc
/// for the count slots.
template <class T, scan_order Order = scan_order::adaptive, class ReduceTile, class Combine, class ScanTile>
std::optional<T> par_scan(std::size_t count, std::optional<T> init, ReduceTile& reduce_tile, Combine& combine,
                          ScanTile& scan_tile) {
  if (count == 0) {
    return init;
  }
  tiled_scan<T, ReduceTile, Combine, ScanTile> scan(count, reduce_tile, combine, scan_tile);
  if constexpr (Order == scan_order::strict) {
    return scan.reduce_then_scan(0, count, std::move(init));
  } else {
    return scan.scan(0, count, std::move(init));
  }
}

}  // namespace ws::detail
