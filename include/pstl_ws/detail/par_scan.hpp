// SPDX-License-Identifier: MIT
// par_scan: the tiled reduce-then-scan driver of the scans (inclusive_scan,
// exclusive_scan, transform_*_scan), of compaction (copy_if, remove, unique,
// partition_copy, stable_partition) and of the set operations, which scan
// counts to find where each tile or window writes. docs/algorithms.md#par_scan.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "pstl_ws/detail/par_for.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// Elements per tile by default. A tile is read twice (phase 1 and phase 3),
/// so it should still be in the core's L2 cache when its second read comes:
/// 16384 elements of 8 bytes are 128 KiB. Tiles depend only on n and the
/// grain, never on the thread count, so a floating-point scan gives the same
/// bits on every pool.
inline constexpr std::size_t k_scan_tile = 16384;

/// Below this many elements a scan runs on the calling thread: the parallel
/// form reads every element twice, which only pays with two full tiles or more.
inline constexpr std::size_t k_scan_parallel_threshold = 2 * k_scan_tile;

/// The tiles of one scan: [begin(t), end(t)) for t in [0, count()), covering
/// [0, n) in order, each of `tile` elements but the last (which may be shorter).
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

/// How one scan runs: in parallel (then the tiles), or on the calling thread.
/// With a grain g, tiles of g elements and parallel from 2g elements; without,
/// tiles of k_scan_tile and parallel from k_scan_parallel_threshold.
class scan_plan {
 public:
  template <execution_kind Kind>
  scan_plan(const basic_policy<Kind>& policy, std::size_t n) noexcept
      : m_tiles(n, grain_of(policy, k_scan_tile)), m_parallel(n >= 2 * grain_of(policy, k_scan_tile)) {}

  [[nodiscard]] bool parallel() const noexcept { return m_parallel; }
  [[nodiscard]] const scan_tiles& tiles() const noexcept { return m_tiles; }

 private:
  scan_tiles m_tiles;
  bool m_parallel;
};

/// The three phases of a scan over `count` tiles (scan_tiles' pieces of a
/// range, or any other ordered pieces: the set operations' windows). Must run
/// on a worker (see run_on_pool).
///   1. In parallel, sums[t] = reduce_tile(t) for every tile: the combination
///      of what tile t contributes (a T).
///   2. On this thread, carries[t] = the combination of `init` (if any) and
///      sums[0] ... sums[t - 1], in that order (combine(earlier, later): a
///      non-commutative combine keeps operand order); carries[0] = init.
///   3. In parallel, scan_tile(t, carries[t]) for every tile, carries[t]
///      being a std::optional<T> (empty for tile 0 with no init).
/// Returns the combination of init and every sum (empty when there is no
/// tile and no init): the total a compaction returns.
/// Phase 2 is O(count) combines on one thread: a few hundred for 10^7
/// elements in tiles of k_scan_tile. T needs no default constructor.
/// Exceptions: from phase 1 or 3 as par_for (the first one, once every started
/// leaf finished; later phases do not run); from combine, directly;
/// std::bad_alloc for the count sums.
template <class T, class ReduceTile, class Combine, class ScanTile>
std::optional<T> par_scan(std::size_t count, std::optional<T> init, ReduceTile& reduce_tile, Combine& combine,
                          ScanTile& scan_tile) {
  std::vector<std::optional<T>> sums(count);
  auto reduce_leaf = [&](std::size_t begin, std::size_t end) {
    for (std::size_t t = begin; t < end; ++t) {
      sums[t].emplace(reduce_tile(t));
    }
  };
  par_for(count, 1, reduce_leaf);

  // In place: sums[t] becomes the carry into tile t (the carry is read, not
  // moved, by combine, since tile t still needs it).
  std::optional<T> carry = std::move(init);
  for (std::optional<T>& sum : sums) {
    std::optional<T> next = carry ? std::optional<T>(combine(std::as_const(*carry), std::move(*sum))) : std::move(sum);
    sum = std::move(carry);
    carry = std::move(next);
  }

  auto scan_leaf = [&](std::size_t begin, std::size_t end) {
    for (std::size_t t = begin; t < end; ++t) {
      scan_tile(t, std::as_const(sums[t]));
    }
  };
  par_for(count, 1, scan_leaf);
  return carry;
}

}  // namespace ws::detail
