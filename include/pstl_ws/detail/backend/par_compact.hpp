// SPDX-License-Identifier: MIT
// par_compact: stable compaction over par_scan, the one driver of copy_if,
// remove*, unique*, partition_copy and stable_partition (the in-place forms
// through a buffer). docs/algorithms.md#compaction-and-partition.
#pragma once

#include <algorithm>  // for std::min
#include <cstddef>
#include <iterator>  // for std::ranges::iter_move, std::iter_value_t, std::make_move_iterator, ...
#include <memory>  // for std::construct_at, std::destroy
#include <optional>
#include <type_traits>  // for std::is_null_pointer_v, std::is_move_constructible_v, std::is_same_v
#include <utility>  // for std::pair
#include <vector>

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_scan.hpp"
#include "pstl_ws/detail/backend/par_walk.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// The kept ranks [m_kept_first, m_kept_last) of one tile that completed its
/// emits (its dropped ranks follow from its bounds).
struct compacted_tile {
  std::size_t m_kept_first;
  std::size_t m_kept_last;
};

/// Compacts the n elements covered by `tiles`, stably. Must run on a worker.
/// par_scan in strict order (every tile reduced before any is scanned, so
/// that nothing is emitted before every test answered, and unique's test,
/// which reads the element before a tile, reads it before it is moved):
///   Its reduce: classify(i), once for every i, says whether element i is
///     kept; the answers go to a mask of n bytes and each tile counts its
///     kept elements. Each tile calls its own copy of classify.
///   Its scan: in every tile, in order, emit(i, kept, rank),
///     rank being how many elements before i are of the same kind (kept, or
///     dropped): where a stable compaction puts element i. A tile's dropped
///     rank starts at its first index minus its kept carry, so one count per
///     tile serves both kinds.
/// Reading the mask in the scan (rather than calling classify again) calls
/// classify exactly n times, as the standard's complexity asks, and keeps
/// every write inside the slots the carries gave its tile even when classify
/// answers inconsistently.
/// Returns how many elements are kept; std::nullopt, having called nothing,
/// when the mask cannot be allocated.
/// Emit provides emit.undo(kept_first, kept_last, dropped_first,
/// dropped_last) noexcept, which undoes the emits of those ranks.
/// Work O(n), span O(tile + n / P + tiles), extra memory n bytes and O(tiles).
/// Exceptions: from classify: nothing is emitted. From emit: the
/// tile that threw undoes its own emits, and once every started tile finished,
/// every tile that completed is undone too; then the exception propagates.
template <class Classify, class Emit>
std::optional<std::size_t> par_compact(const scan_tiles& tiles, std::size_t n, Classify& classify, Emit& emit) {
  const scratch_buffer<unsigned char> mask_buffer(n);
  unsigned char* const mask = mask_buffer.data();
  if (mask == nullptr) {
    return std::nullopt;
  }
  auto count_tile = [&](std::size_t t) {
    const std::size_t begin = tiles.begin(t);
    const std::size_t end = tiles.end(t);
    Classify own = classify;
    std::size_t kept = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const bool keep = own(i);
      mask[i] = static_cast<unsigned char>(keep);
      kept += static_cast<std::size_t>(keep);
    }
    return kept;
  };
  auto add = [](std::size_t earlier, std::size_t later) { return earlier + later; };
  // The kept ranks of every tile whose scan completed: written by the tile,
  // read only after par_scan threw, which it does once every started tile
  // finished.
  std::vector<std::optional<compacted_tile>> completed(tiles.count());
  auto emit_tile = [&](std::size_t t, const std::optional<std::size_t>& carry) {
    const std::size_t begin = tiles.begin(t);
    const std::size_t end = tiles.end(t);
    const std::size_t kept_first = carry.value_or(0);
    std::size_t kept = kept_first;
    std::size_t dropped = begin - kept_first;
    try {
      for (std::size_t i = begin; i < end; ++i) {
        if (mask[i] != 0) {
          emit(i, true, kept);
          ++kept;
        } else {
          emit(i, false, dropped);
          ++dropped;
        }
      }
    } catch (...) {
      emit.undo(kept_first, kept, begin - kept_first, dropped);
      throw;
    }
    completed[t] = compacted_tile{kept_first, kept};
  };
  try {
    return par_scan<std::size_t, scan_order::strict>(tiles.count(), std::nullopt, count_tile, add, emit_tile).value_or(0);
  } catch (...) {
    for (std::size_t t = 0; t < tiles.count(); ++t) {
      if (const std::optional<compacted_tile>& tile = completed[t]) {
        emit.undo(tile->m_kept_first, tile->m_kept_last, tiles.begin(t) - tile->m_kept_first,
                  tiles.end(t) - tile->m_kept_last);
      }
    }
    throw;
  }
}

/// Room in the outputs of a copying compaction: how many elements each holds
/// (P3179's bounded outputs; k_unbounded for an output given by its start
/// only, such as partition_copy's other output when only one is bounded).
struct compaction_room {
  static constexpr std::size_t k_unbounded = static_cast<std::size_t>(-1);

  std::size_t m_kept = k_unbounded;
  std::size_t m_dropped = k_unbounded;
};

/// The outputs of the iterator algorithms, given by their start only: no
/// room to check (a type of its own, so that their emits test nothing).
struct unbounded_outputs {};

/// What a copying compaction did: it read [first, first + m_read) and wrote
/// its elements to the kept output up to m_kept_end and to the dropped one up
/// to m_dropped_end (the dropped output itself when it is std::nullptr_t).
template <class Kept, class Dropped>
struct compaction_ends {
  std::size_t m_read;
  Kept m_kept_end;
  Dropped m_dropped_end;
};

/// The emits of the copying compactions: element i of the input is assigned
/// to kept[rank], or, unless Dropped is std::nullptr_t, to dropped[rank].
/// With a compaction_room (Room), only if it comes before the stop: the
/// first element whose output is full (the one of rank m_room.m_kept among
/// the kept, or of rank m_room.m_dropped among the dropped). Each element
/// decides alone: a kept element of rank r at index i has i - r dropped ones
/// before it, so it comes before the first dropped one without room iff r <
/// m_room.m_kept and i - r <= m_room.m_dropped (and a dropped one likewise).
/// The element that finds its output full records its index in m_full_at;
/// there is at most one per output (ranks are unique), read once
/// par_compact's joins returned.
template <class In, class Kept, class Dropped, class Room>
struct copy_emitter {
  In m_first;
  Kept m_kept;
  Dropped m_dropped;
  [[no_unique_address]] Room m_room;
  std::size_t* m_full_at;  // with a compaction_room: the kept output's stop, then the dropped one's

  void operator()(std::size_t i, bool kept, std::size_t rank) const {
    if constexpr (std::is_same_v<Room, compaction_room>) {
      if (!before_stop(i, kept, rank)) {
        return;
      }
    }
    if (kept) {
      *nth(m_kept, rank) = *nth(m_first, i);
    } else if constexpr (!std::is_null_pointer_v<Dropped>) {
      *nth(m_dropped, rank) = *nth(m_first, i);
    }
  }
  /// Nothing to undo: what was assigned stays, as with the sequential algorithm.
  void undo(std::size_t /*kept_first*/, std::size_t /*kept_last*/, std::size_t /*dropped_first*/,
            std::size_t /*dropped_last*/) const noexcept {}

 private:
  /// Whether element i, kept or not, of that rank among its kind, comes
  /// before the stop; records the stop when it is the element that finds its
  /// output full.
  bool before_stop(std::size_t i, bool kept, std::size_t rank) const {
    const std::size_t room = kept ? m_room.m_kept : m_room.m_dropped;
    const std::size_t other_room = kept ? m_room.m_dropped : m_room.m_kept;
    if (rank == room) {
      m_full_at[kept ? 0 : 1] = i;
      return false;
    }
    return rank < room && i - rank <= other_room;
  }
};

/// The emits of the in-place compactions: element i is move-constructed into
/// the raw slots of a buffer of m_n, a kept one at m_slots[rank]; with
/// KeepDropped, a dropped one at m_slots[m_n - 1 - rank] (the dropped elements
/// fill the buffer from its end, reversed, since where the kept ones end is
/// not known until every tile has emitted).
template <bool KeepDropped, class It, class T>
struct buffer_emitter {
  It m_first;
  T* m_slots;
  std::size_t m_n;

  void operator()(std::size_t i, bool kept, std::size_t rank) const {
    if (kept) {
      std::construct_at(m_slots + rank, std::ranges::iter_move(nth(m_first, i)));
    } else if constexpr (KeepDropped) {
      std::construct_at(m_slots + (m_n - 1 - rank), std::ranges::iter_move(nth(m_first, i)));
    }
  }
  /// Destroys the objects of those ranks.
  void undo(std::size_t kept_first, std::size_t kept_last, [[maybe_unused]] std::size_t dropped_first,
            [[maybe_unused]] std::size_t dropped_last) const noexcept {
    std::destroy(m_slots + kept_first, m_slots + kept_last);
    if constexpr (KeepDropped) {
      std::destroy(m_slots + (m_n - dropped_last), m_slots + (m_n - dropped_first));
    }
  }
};

/// The copying compactions (copy_if, remove_copy, remove_copy_if,
/// unique_copy, partition_copy): assigns the elements of [first, last) that
/// test keeps to kept, in order, and, unless Dropped is std::nullptr_t, the
/// others to dropped, in order; test(first, i) says whether element i is kept
/// (each tile calls its own copy). With room in the outputs (the bounded
/// outputs of ws::ranges), it stops at the first element whose output is
/// full, as copy_emitter says. Runs par_compact on the policy's pool and
/// returns how far it read and the ends of what it wrote. Returns
/// std::nullopt, having done nothing, when the call does not run on the pool
/// (a sequential policy, an iterator that cannot be indexed, fewer elements
/// than a parallel scan needs, no memory for the mask): the caller then runs
/// the sequential algorithm.
/// Exceptions: as par_compact (elements already assigned stay assigned).
template <execution_kind Kind, class In, class Kept, class Dropped, class Test, class Room = unbounded_outputs>
std::optional<compaction_ends<Kept, Dropped>> compact_copy(
    [[maybe_unused]] const basic_policy<Kind>& policy, [[maybe_unused]] In first, [[maybe_unused]] In last,
    [[maybe_unused]] Kept kept, [[maybe_unused]] Dropped dropped, [[maybe_unused]] Test test,
    [[maybe_unused]] Room room = {}) {
  if constexpr (runs_in_parallel_v<Kind, In, Kept> &&
                (std::is_null_pointer_v<Dropped> || random_access_traversal<Dropped>)) {
    const std::size_t n = distance_of(first, last);
    const split_plan plan(policy, n, k_scan_rule);
    if (!plan.parallel()) {
      return std::nullopt;
    }
    auto classify = [first, test](std::size_t i) mutable { return test(first, i); };
    std::size_t full_at[2] = {n, n};
    copy_emitter<In, Kept, Dropped, Room> emit{first, kept, dropped, room, full_at};
    const std::optional<std::size_t> count =
        plan.run([&] { return par_compact(scan_tiles(n, plan.grain()), n, classify, emit); });
    if (!count) {
      return std::nullopt;
    }
    // The kept elements before the stop: all of them, or as many as fit, or,
    // when the dropped output filled first, those before its stop.
    std::size_t read = n;
    std::size_t kept_count = *count;
    if constexpr (std::is_same_v<Room, compaction_room>) {
      read = std::min(full_at[0], full_at[1]);
      kept_count = read == n ? *count : read == full_at[0] ? room.m_kept : read - room.m_dropped;
    }
    if constexpr (std::is_null_pointer_v<Dropped>) {
      return compaction_ends<Kept, Dropped>{read, nth(kept, kept_count), dropped};
    } else {
      return compaction_ends<Kept, Dropped>{read, nth(kept, kept_count), nth(dropped, read - kept_count)};
    }
  } else {
    return std::nullopt;
  }
}

/// The in-place compactions: remove, remove_if and unique (KeepDropped
/// false), stable_partition (true). In one entry into the pool: par_compact
/// move-constructs the kept elements into a buffer of n = last - first raw
/// slots (with KeepDropped, the dropped ones into its end, reversed); then two
/// parallel walks move them back, the kept ones to [first, first + kept) and,
/// with KeepDropped, the dropped ones after them in their order, and one
/// destroys the buffer's objects. Returns first + kept. Returns std::nullopt,
/// having done nothing, when the call does not run on the pool (as
/// compact_copy), the elements cannot be move-constructed, or the buffer or
/// the mask cannot be allocated: the caller then runs the sequential
/// algorithm. Without KeepDropped the elements past the returned iterator keep
/// their values or are moved-from.
/// Exceptions: from test, the range is unchanged; from a move construction or
/// assignment, the range holds valid but unspecified values (some moved-from)
/// and every object built in the buffer is destroyed before the exception
/// propagates; the buffer is freed either way.
template <bool KeepDropped, execution_kind Kind, class It, class Test>
std::optional<It> compact_in_place([[maybe_unused]] const basic_policy<Kind>& policy, [[maybe_unused]] It first,
                                   [[maybe_unused]] It last, [[maybe_unused]] Test test) {
  using value = std::iter_value_t<It>;
  if constexpr (runs_in_parallel_v<Kind, It> && std::is_move_constructible_v<value>) {
    const std::size_t n = distance_of(first, last);
    const split_plan plan(policy, n, k_scan_rule);
    if (!plan.parallel()) {
      return std::nullopt;
    }
    auto classify = [first, test](std::size_t i) mutable { return test(first, i); };
    std::optional<It> result;
    auto body = [&](value* slots) {
      buffer_emitter<KeepDropped, It, value> emit{first, slots, n};
      const std::optional<std::size_t> kept = par_compact(scan_tiles(n, plan.grain()), n, classify, emit);
      if (!kept) {
        return;
      }
      const std::size_t built = KeepDropped ? n : *kept;
      try {
        walk_copy(policy, std::make_move_iterator(slots), std::make_move_iterator(slots + *kept), first);
        if constexpr (KeepDropped) {
          walk_copy(policy, std::make_move_iterator(std::make_reverse_iterator(slots + n)),
                    std::make_move_iterator(std::make_reverse_iterator(slots + *kept)), nth(first, *kept));
        }
      } catch (...) {
        std::destroy(slots, slots + built);
        throw;
      }
      walk_destroy(policy, slots, slots + built);
      result = nth(first, *kept);
    };
    run_with_scratch<value>(policy, n, body);
    return result;
  } else {
    return std::nullopt;
  }
}

}  // namespace ws::detail
