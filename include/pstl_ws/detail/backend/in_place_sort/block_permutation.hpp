// SPDX-License-Identifier: MIT
// block_permutation: the second phase of a sample sort level. After the
// stripes, the range is a sequence of block slots, each full block tagged
// with its bucket; every bucket owns the slots from its first block-aligned
// position on, enough for all its full blocks. First each bucket's slots are
// compacted (its full blocks, of any bucket, to the front); then threads take
// blocks from the back of each bucket's unread slots and swap them into the
// next write slot of their own bucket, until every block is home. Two
// counters per bucket (write, read) and a count of reads in flight make this
// safe on any number of threads. docs/sample-sort.md#block-permutation.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iterator>  // for std::iter_difference_t
#include <optional>
#include <utility>  // for std::move, std::swap

#include "pstl_ws/detail/backend/in_place_sort/stripe.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/runtime/yield.hpp"

namespace ws::detail {

/// Whether other threads permute the same level at the same time. A thread
/// alone moves the cursors by plain loads and stores: on x86 every atomic
/// read-modify-write waits until the block copied just before it has left the
/// store buffer, which made the permutation on one thread 1.4 times slower
/// than with plain cursors (docs/sample-sort.md#block-permutation).
enum class permutation_threads : bool { alone, shared };

/// One bucket's cursors over its slots during the permutation: slots before
/// `write` hold blocks home for good, slots in [write, read) blocks not yet
/// looked at, slots from `read` on are empty or being read. Both cursors
/// live in one word (write high, read low) so that a claim sees both at once.
class alignas(64) bucket_cursors {
 public:
  /// Before the permutation (ordered before it by the join that starts it).
  void reset(std::uint32_t write, std::uint32_t read) noexcept {
    m_word.store(std::uint64_t{write} << 32 | read, std::memory_order_relaxed);  // relaxed: published by the join
    m_reading.store(0, std::memory_order_relaxed);  // relaxed: published by the join
  }

  /// Claims the last unread slot, or nullopt when none is left. The caller
  /// moves the block out, then calls end_read().
  template <permutation_threads Threads>
  std::optional<std::uint32_t> take() noexcept {
    if constexpr (Threads == permutation_threads::alone) {
      const std::uint64_t word = m_word.load(std::memory_order_relaxed);  // relaxed: one thread alone moves the cursors; the joins around the phase publish them
      if (read_of(word) <= write_of(word)) {
        return std::nullopt;
      }
      m_word.store(word - 1, std::memory_order_relaxed);  // relaxed: one thread alone moves the cursors; the joins around the phase publish them
      return read_of(word) - 1;
    } else {
      // Announced before the claim (both seq_cst): a writer whose claim sees
      // this read's claim also sees it pending (wait_for_reads).
      m_reading.fetch_add(1);
      std::uint64_t word = m_word.load();
      do {
        if (read_of(word) <= write_of(word)) {
          end_read<Threads>();
          return std::nullopt;
        }
      } while (!m_word.compare_exchange_weak(word, word - 1));
      return read_of(word) - 1;
    }
  }

  /// The block of the slot take() gave has been moved out.
  template <permutation_threads Threads>
  void end_read() noexcept {
    if constexpr (Threads == permutation_threads::shared) {
      m_reading.fetch_sub(1, std::memory_order_release);  // release: pairs with wait_for_reads' load
    }
  }

  /// Claims the next write slot: returns it and whether it still holds an
  /// unread block (the caller then swaps it out first).
  template <permutation_threads Threads>
  std::pair<std::uint32_t, bool> claim_write() noexcept {
    std::uint64_t word = 0;
    if constexpr (Threads == permutation_threads::alone) {
      word = m_word.load(std::memory_order_relaxed);  // relaxed: one thread alone moves the cursors; the joins around the phase publish them
      m_word.store(word + (std::uint64_t{1} << 32), std::memory_order_relaxed);  // relaxed: as the load
    } else {
      word = m_word.fetch_add(std::uint64_t{1} << 32);
    }
    return {write_of(word), write_of(word) < read_of(word)};
  }

  /// Waits until no block of this bucket is being moved out: after a
  /// claim_write() that found its slot past `read`, whose block a reader may
  /// still be moving. Spins, then yields (the reader may have lost its
  /// CPU): a move of one block takes a few hundred cycles.
  template <permutation_threads Threads>
  void wait_for_reads() const noexcept {
    if constexpr (Threads == permutation_threads::shared) {
      for (unsigned spins = 0; m_reading.load() != 0; ++spins) {  // seq_cst: see take(); acquires end_read's release
        if (spins >= k_cursor_spins) {
          yield_cpu();
        }
      }
    }
  }

 private:
  static std::uint32_t write_of(std::uint64_t word) noexcept { return static_cast<std::uint32_t>(word >> 32); }
  static std::uint32_t read_of(std::uint64_t word) noexcept { return static_cast<std::uint32_t>(word); }

  std::atomic<std::uint64_t> m_word{0};
  std::atomic<std::uint32_t> m_reading{0};
};

/// Where the elements of one level go: bucket b's elements end in
/// [m_bucket_begin[b], m_bucket_begin[b + 1]); it owns the block slots
/// [m_slot_begin[b], m_slot_begin[b + 1]), the first from its first
/// block-aligned position, and has m_full_blocks[b] full blocks, which fit
/// there. The last slot may run past the range's end: a block bound there
/// goes to m_overflow. Its excess, the elements of its last full block
/// past m_bucket_begin[b + 1], goes to m_excess from m_excess_begin[b] on.
template <class T>
struct level_layout {
  std::size_t m_n;
  std::size_t m_block;
  std::size_t m_buckets;
  const std::size_t* m_bucket_begin;
  const std::size_t* m_slot_begin;
  const std::size_t* m_full_blocks;
  const std::size_t* m_excess_begin;
  bucket_index* m_block_buckets;  // the bucket of each full block, by slot
  bucket_cursors* m_cursors;
  T* m_overflow;  // m_block raw slots
  T* m_excess;    // m_excess_begin[m_buckets] raw slots

  [[nodiscard]] bool runs_past_end(std::size_t slot) const noexcept { return (slot + 1) * m_block > m_n; }
  /// Where bucket b's full blocks end.
  [[nodiscard]] std::size_t written_end(std::size_t b) const noexcept {
    return (m_slot_begin[b] + m_full_blocks[b]) * m_block;
  }
};

/// Moves the full blocks in bucket b's slots to their front and sets the
/// bucket's cursors over them. `occupied(slot)` says whether a slot held a
/// full block after the stripes. Moves each block at most once.
template <class It, class T, class Occupied>
void compact_bucket_slots(It first, const level_layout<T>& layout, std::size_t b, Occupied occupied) noexcept {
  using diff = std::iter_difference_t<It>;
  const std::size_t block = layout.m_block;
  std::size_t lo = layout.m_slot_begin[b];
  std::size_t hi = layout.m_slot_begin[b + 1];
  for (;;) {
    while (lo < hi && occupied(lo)) {
      ++lo;
    }
    while (lo < hi && !occupied(hi - 1)) {
      --hi;
    }
    if (lo >= hi) {
      break;
    }
    // lo is empty and lies before the occupied hi - 1, so it is a whole slot.
    --hi;
    std::move(first + static_cast<diff>(hi * block), first + static_cast<diff>((hi + 1) * block),
              first + static_cast<diff>(lo * block));
    layout.m_block_buckets[lo] = layout.m_block_buckets[hi];
    ++lo;
  }
  layout.m_cursors[b].reset(static_cast<std::uint32_t>(layout.m_slot_begin[b]), static_cast<std::uint32_t>(lo));
}

/// One thread's share of the permutation: starting at bucket `start`, takes
/// unread blocks bucket after bucket and carries each home, swapping out the
/// unread block it finds there, until no bucket has unread blocks. Any number
/// of threads may run it at once as `shared`, each with its own `swap` (2
/// blocks of raw slots); one run alone does the whole permutation.
template <permutation_threads Threads, class It, class T>
void permute_blocks(It first, const level_layout<T>& layout, std::size_t start, T* swap) noexcept {
  using diff = std::iter_difference_t<It>;
  const std::size_t block = layout.m_block;
  const auto at = [&](std::size_t slot) { return first + static_cast<diff>(slot * block); };
  T* carried = swap;
  T* displaced = swap + block;
  for (std::size_t i = 0; i < layout.m_buckets; ++i) {
    bucket_cursors& source = layout.m_cursors[(start + i) % layout.m_buckets];
    while (const std::optional<std::uint32_t> slot = source.take<Threads>()) {
      move_into_slots(at(*slot), block, carried);
      bucket_index bucket = layout.m_block_buckets[*slot];
      source.end_read<Threads>();
      for (;;) {
        bucket_cursors& home = layout.m_cursors[bucket];
        const auto [target, unread] = home.claim_write<Threads>();
        if (unread) {
          move_into_slots(at(target), block, displaced);
          const bucket_index displaced_bucket = layout.m_block_buckets[target];
          move_out_of_slots(carried, block, at(target));
          std::swap(carried, displaced);
          bucket = displaced_bucket;
          continue;
        }
        home.wait_for_reads<Threads>();
        if (layout.runs_past_end(target)) {
          relocate_slots(carried, block, layout.m_overflow);
        } else {
          move_out_of_slots(carried, block, at(target));
        }
        break;
      }
    }
  }
}

}  // namespace ws::detail
