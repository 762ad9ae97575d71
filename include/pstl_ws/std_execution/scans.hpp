// SPDX-License-Identifier: MIT
// The scan entry points of std_execution on one tiled scan: __parallel_strict_scan
// (reduce every tile, one apex, scan every tile: libstdc++ uses it for
// floating-point scans and for the compacting algorithms such as copy_if) and
// __parallel_transform_scan (integer-like scans; adaptive like TBB's
// parallel_scan: a tile whose left neighbours finished on the same thread is
// scanned in one pass). Short scans stay on the calling thread.
// docs/std-execution.md#scans.
#pragma once

#include <algorithm>  // for std::min
#include <cstddef>
#include <optional>
#include <utility>  // for std::move
#include <vector>

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"
#include "pstl_ws/std_execution/support.hpp"

namespace ws::detail::std_execution {

/// Scans of fewer elements run on the calling thread, in one pass (the
/// transform scan) or two (the strict scan), as libstdc++'s serial backend
/// runs them; TBB's backend has no such cut-off. 1 MiB of 8-byte values,
/// about one core's L2: below it, a tile one core reduced is still in that
/// core's cache when another core scans it after the join, and the writes
/// wait for its lines (a 100 KB tile took 45-49 µs to scan there, against
/// 4 µs on the core that reduced it). docs/std-execution.md#scans.
inline constexpr std::size_t k_scan_on_caller_below = std::size_t{1} << 17;

/// How a scan cuts [0, n) into tiles: about k_tiles_per_thread tiles per
/// thread (TBB's strict scan uses the same "slack" of 4), each of size()
/// elements except a shorter last one.
class tiling {
 public:
  static constexpr std::size_t k_tiles_per_thread = 4;

  tiling(std::size_t n, std::size_t threads) noexcept
      : m_n(n), m_size(n == 0 ? 1 : (n - 1) / (k_tiles_per_thread * threads) + 1), m_count((n + m_size - 1) / m_size) {}

  [[nodiscard]] std::size_t count() const noexcept { return m_count; }
  [[nodiscard]] std::size_t begin(std::size_t tile) const noexcept { return tile * m_size; }
  [[nodiscard]] std::size_t end(std::size_t tile) const noexcept { return std::min(m_n, (tile + 1) * m_size); }

 private:
  std::size_t m_n;
  std::size_t m_size;
  std::size_t m_count;
};

/// A scan of [0, n) by tiles, with reduce_tile(begin, end) -> T (the tile's
/// sum), scan_tile(begin, end, prefix) (writes the tile's output; the adaptive
/// scan also needs it to return prefix combined with the tile's sum) and an
/// associative combine(T, T) -> T. Holds one slot per tile for its sum, later
/// its prefix. Must be used on a worker (see on_pool).
template <class T, class ReduceTile, class ScanTile, class Combine>
class tiled_scan {
 public:
  tiled_scan(std::size_t n, ReduceTile& reduce_tile, ScanTile& scan_tile, Combine& combine)
      : m_tiles(n, current_num_threads()), m_slots(m_tiles.count()), m_reduce_tile(reduce_tile),
        m_scan_tile(scan_tile), m_combine(combine) {}

  [[nodiscard]] std::size_t tile_count() const noexcept { return m_tiles.count(); }

  /// Stores the sum of every tile in [first, last), in parallel.
  void reduce_tiles(std::size_t first, std::size_t last) {
    auto leaf = [&](std::size_t begin, std::size_t end) {
      for (std::size_t t = first + begin; t < first + end; ++t) {
        m_slots[t].emplace(m_reduce_tile(m_tiles.begin(t), m_tiles.end(t)));
      }
    };
    par_for(last - first, 1, leaf);
  }

  /// Replaces the stored sum of every tile in [first, last) by its prefix:
  /// `prefix` combined with the sums of the tiles before it. Returns `prefix`
  /// combined with all of them. Sequential: O(last - first) combines.
  T prefix_tiles(std::size_t first, std::size_t last, T prefix) {
    for (std::size_t t = first; t < last; ++t) {
      T sum = std::move(*m_slots[t]);
      *m_slots[t] = prefix;
      prefix = m_combine(std::move(prefix), std::move(sum));
    }
    return prefix;
  }

  /// Scans every tile in [first, last) from its stored prefix, in parallel.
  void scan_tiles(std::size_t first, std::size_t last) {
    auto leaf = [&](std::size_t begin, std::size_t end) {
      for (std::size_t t = first + begin; t < first + end; ++t) {
        m_scan_tile(m_tiles.begin(t), m_tiles.end(t), *m_slots[t]);
      }
    };
    par_for(last - first, 1, leaf);
  }

  /// Scans the tiles [first, last) (last > first) from `prefix` and returns
  /// prefix combined with their sum. Halves run under join_context: a right
  /// half that runs after its left half on the same thread (not migrated)
  /// knows its prefix and scans in one pass; a stolen one only stores its
  /// tile sums, and is scanned after the join from their prefixes. So each
  /// tile is scanned once and reduced at most once.
  T scan_adaptive(std::size_t first, std::size_t last, T prefix) {
    if (last - first == 1) {
      return m_scan_tile(m_tiles.begin(first), m_tiles.end(first), prefix);
    }
    const std::size_t mid = first + (last - first) / 2;
    std::optional<T> left_total;
    std::optional<T> right_total;
    ws::join_context(
        [&](fn_context) { left_total.emplace(scan_adaptive(first, mid, std::move(prefix))); },
        [&](fn_context ctx) {
          if (ctx.migrated()) {
            reduce_tiles(mid, last);  // the left half may still be running
          } else {
            right_total.emplace(scan_adaptive(mid, last, *left_total));  // the left half is done, on this thread
          }
        });
    if (right_total) {
      return std::move(*right_total);
    }
    T total = prefix_tiles(mid, last, std::move(*left_total));
    scan_tiles(mid, last);
    return total;
  }

 private:
  tiling m_tiles;
  std::vector<std::optional<T>> m_slots;
  ReduceTile& m_reduce_tile;
  ScanTile& m_scan_tile;
  Combine& m_combine;
};

/// __parallel_strict_scan over [0, n): reduce(i, len) of every tile, then
/// apex(initial combined with all the tile sums), then scan(i, len, prefix) of
/// every tile, each tile reduced and scanned exactly once (the patterns rely
/// on it: copy_if's reduce writes a mask that its scan reads). Without tiles
/// (n == 0) only apex(initial) runs; below k_scan_on_caller_below elements
/// the whole range is one tile, on the calling thread. Complexity: O(n) work
/// in two parallel passes and O(tiles) sequential combines. Exceptions: as
/// par_for.
template <class Index, class T, class Reduce, class Combine, class Scan, class Apex>
void parallel_strict_scan(Index n, T initial, Reduce& reduce, Combine& combine, Scan& scan, Apex& apex) {
  if (n <= 0) {
    apex(initial);
    return;
  }
  if (static_cast<std::size_t>(n) < k_scan_on_caller_below) {
    apex(combine(initial, reduce(Index(0), n)));
    scan(Index(0), n, initial);
    return;
  }
  auto reduce_tile = [&](std::size_t begin, std::size_t end) -> T {
    return reduce(static_cast<Index>(begin), static_cast<Index>(end - begin));
  };
  auto scan_tile = [&](std::size_t begin, std::size_t end, const T& prefix) {
    scan(static_cast<Index>(begin), static_cast<Index>(end - begin), prefix);
  };
  auto body = [&] {
    tiled_scan<T, decltype(reduce_tile), decltype(scan_tile), Combine> tiles(static_cast<std::size_t>(n),
                                                                              reduce_tile, scan_tile, combine);
    tiles.reduce_tiles(0, tiles.tile_count());
    apex(tiles.prefix_tiles(0, tiles.tile_count(), std::move(initial)));
    tiles.scan_tiles(0, tiles.tile_count());
  };
  on_pool(body);
}

/// __parallel_transform_scan over [0, n): scan(i, j, prefix) writes the
/// output of [i, j) and returns prefix combined with u(i) ... u(j - 1);
/// brick_reduce(i, j, seed) returns seed combined with them. Returns init
/// combined with everything. A tile's sum is brick_reduce(i + 1, j, u(i)), so
/// no identity element is needed. Below k_scan_on_caller_below elements, one
/// scan(0, n, init) on the calling thread. Complexity: one pass over the
/// tiles that were not stolen, two over those that were. Exceptions: as
/// par_for.
template <class Index, class Unary, class T, class Combine, class BrickReduce, class Scan>
T parallel_transform_scan(Index n, Unary& u, T init, Combine& combine, BrickReduce& brick_reduce, Scan& scan) {
  if (n <= 0) {
    return init;
  }
  if (static_cast<std::size_t>(n) < k_scan_on_caller_below) {
    return scan(Index(0), n, std::move(init));
  }
  auto reduce_tile = [&](std::size_t begin, std::size_t end) -> T {
    const auto first = static_cast<Index>(begin);
    return brick_reduce(first + 1, static_cast<Index>(end), u(first));
  };
  auto scan_tile = [&](std::size_t begin, std::size_t end, const T& prefix) -> T {
    return scan(static_cast<Index>(begin), static_cast<Index>(end), prefix);
  };
  auto body = [&] {
    tiled_scan<T, decltype(reduce_tile), decltype(scan_tile), Combine> tiles(static_cast<std::size_t>(n),
                                                                              reduce_tile, scan_tile, combine);
    return tiles.scan_adaptive(0, tiles.tile_count(), std::move(init));
  };
  return on_pool(body);
}

}  // namespace ws::detail::std_execution
