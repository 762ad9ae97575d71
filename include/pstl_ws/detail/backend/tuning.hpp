// SPDX-License-Identifier: MIT
// tuning: every constant that decides when an algorithm runs on the pool and
// how finely it splits (thresholds, grains, leaf, tile and chunk sizes,
// samples, scratch sizes), with how it was chosen, and the split rule of each
// family built from them. Comments and docs name the constants rather than
// repeat their values. docs/algorithms.md#how-the-thresholds-were-measured.
#pragma once

#include <cstddef>

namespace ws::detail {

// Walks: for_each, transform, copy and the other element-wise algorithms.

/// Unless the policy sets a grain, an input of fewer elements runs on the
/// calling thread, where it costs less than waking a worker.
inline constexpr std::size_t k_walk_parallel_threshold = 2048;

// Searches: find, the comparisons, search.

/// Unless the policy sets a grain, par_find hands out blocks of at least this
/// many positions and checks for an earlier match this often.
inline constexpr std::size_t k_find_block = 256;
/// A block handed out by par_find holds 1 / (k_find_block_divisor × threads)
/// of the distance from its start to the nearer end of the range (at least
/// the minimum block): small at the start (an early match is found after
/// little work), large in the middle (few claims), small again at the end
/// (the threads finish together).
inline constexpr std::size_t k_find_block_divisor = 4;

// Reductions: reduce, transform_reduce, count, the extremum searches.

/// Elements per leaf of the reduction tree unless the policy sets a grain.
inline constexpr std::size_t k_reduce_grain = 4096;
/// Inputs shorter than this are reduced on the calling thread (over the same
/// tree, so the result does not change).
inline constexpr std::size_t k_reduce_parallel_threshold = 4 * k_reduce_grain;

// Scans and the compactions built on them.

/// Elements per tile by default. A tile is read twice (reduced, then
/// scanned), so it should still be in the core's L2 cache for its second read:
/// 16384 elements of 8 bytes are 128 KiB. Tiles depend only on n and the
/// grain, never on the thread count, so a floating-point scan gives the same
/// bits on every pool.
inline constexpr std::size_t k_scan_tile = 16384;
/// Below this many elements a scan runs on the calling thread: the parallel
/// form handles every element twice (reduce, scan), which only pays with two
/// full tiles or more.
inline constexpr std::size_t k_scan_parallel_threshold = 2 * k_scan_tile;
/// Independent chains of fold_tile: a scan's op (an add) has a latency of a
/// cycle or more, so one chain would fold no faster than the scan that
/// follows it writes; eight overlap.
inline constexpr std::size_t k_scan_fold_chains = 8;

// sort: the quicksort, its sequential kernel, the presorted check, the radix sort.

/// Inputs shorter than this are sorted on the calling thread: below it, the
/// sequential introsort beats the parallel quicksort (measured, see the docs).
inline constexpr std::size_t k_sort_parallel_threshold = 16384;
/// The same for inputs that take the radix sort, whose sequential form is
/// harder to beat: from here its parallel pass also has two chunks to share.
inline constexpr std::size_t k_radix_sort_parallel_threshold = std::size_t{1} << 17;
/// Ranges up to this size are sorted by one thread: a join costs about as much
/// as sorting a few hundred elements, and smaller leaves only add overhead.
inline constexpr std::ptrdiff_t k_sort_leaf = 4096;
/// Ranges from this size partition in parallel; below it, a sequential
/// partition is faster than the two-phase parallel one.
inline constexpr std::ptrdiff_t k_parallel_partition_min = std::ptrdiff_t{1} << 17;
/// Adjacent pairs checked per leaf when looking for a presorted input.
inline constexpr std::size_t k_presorted_grain = 16384;
/// Adjacent pairs looked at on the calling thread first: a random input shows
/// both an ascent and a descent within a few pairs, and is rejected for free.
inline constexpr std::size_t k_presorted_probe = 32;
/// Pairs checked between two looks at the early-exit flag: the loop over a
/// block has no exit, so it vectorises.
inline constexpr std::size_t k_presorted_block = 1024;
/// Ranges up to this size are insertion-sorted: below it, quicksort's
/// partitioning costs more than the quadratic term saves.
inline constexpr std::ptrdiff_t k_insertion_sort_max = 20;
/// From this size the pivot is the median of three medians of three (Tukey's
/// ninther), which resists inputs built to defeat a plain median of three.
inline constexpr std::ptrdiff_t k_ninther_min = 128;
/// Elements per chunk of a parallel pass: each chunk keeps its own histogram
/// and scatters its own elements, so the pass runs in parallel over chunks.
inline constexpr std::size_t k_radix_chunk = 65536;
/// Buckets of at least this many keys are split again by a pass on their next
/// digit (in parallel on the pool); smaller ones are sorted by one thread, in
/// cache. Inputs as large take an MSD pass first on the calling thread too.
inline constexpr std::size_t k_radix_large_bucket = std::size_t{1} << 18;
/// ws::sort's in-place radix sort: ranges of up to this many elements, or
/// k_radix_room_bytes if that is more (radix_leaf_v), are sorted by one
/// thread with the least-significant-digit sort, in a room of as many slots
/// per thread; larger ranges are split in place by a level of the block
/// distribution.
inline constexpr std::size_t k_radix_in_place_leaf = std::size_t{1} << 16;
/// The bytes of a room of the in-place radix sort's leaves, at least: in L2.
/// 10^5 u32 (0.4 MB) sorted through a level of the block distribution and
/// rooms of 2^16 elements took 1.59 times the buffered sort's time; in one
/// such room, 0.98-1.05 times (the harness, builds alternated).
inline constexpr std::size_t k_radix_room_bytes = std::size_t{512} << 10;
/// A leaf of the in-place radix sort sorts its keys by log2(n) + this many
/// top bits (in whole digits), and the keys that agree on those by the bits
/// below (radix_leaf): for random keys one in 16 is in such a run.
inline constexpr std::size_t k_radix_leaf_spare_bits = 4;
/// Runs of a leaf's keys that agree on its digits, up to this many, are
/// sorted by the introsort, longer ones by radix levels.
inline constexpr std::size_t k_radix_leaf_run_max = 64;

// sort's sample sort (detail/backend/in_place_sort/, docs/sample-sort.md).

/// Bytes per block of the block distribution: large enough that moving a
/// block costs far more than claiming its slot, small enough that a stripe's
/// buffers (one block per bucket) stay in L2. IPS4o's choice, too.
inline constexpr std::size_t k_sample_sort_block_bytes = 2048;
/// Most buckets of one level, log2: 256 (512 with equality buckets), so two
/// levels take 10^7 elements down to the introsort.
inline constexpr unsigned k_sample_sort_log_buckets = 8;
/// The elements per bucket the last level aims at where the base case is an
/// insertion sort (ranges of up to twice as many): small buckets cost a few
/// comparisons each, all in cache. 8, 32 and 64 measured slower or within
/// noise.
inline constexpr std::size_t k_sample_sort_base_case = 16;
/// The same where the base case is small_sort (small_sort.hpp): its merges
/// cost about the same per element at 128 elements as at 32, so larger
/// buckets save a level's classification. 10^7 records by a lambda, ws /
/// IPS4o at 1 thread: 16 1.02-1.03, 32 0.98, 64 0.94-0.96, 128 0.93-0.94.
inline constexpr std::size_t k_small_sort_base_case = 64;
/// The largest elements small_sort takes; larger ones are insertion-sorted.
inline constexpr std::size_t k_small_sort_max_bytes = 32;
/// Levels of up to this many elements on one thread move each element
/// through a room of n slots to its bucket (split_in_cache) instead of
/// distributing blocks. 16384 and 65536 measured within noise of it.
inline constexpr std::size_t k_sample_sort_in_cache = 4096;
/// The sample holds log2(n) / this many elements per bucket (at least one):
/// IPS4o's 0.2 log2 n.
inline constexpr std::size_t k_sample_sort_oversampling_divisor = 5;
/// Elements classified together: their descents of the search tree are
/// independent, so the processor overlaps them.
inline constexpr std::size_t k_classify_batch = 8;
/// Grains per stripe at least: a level runs on min(threads, n / (this ×
/// grain)) stripes, each with buffers for every bucket (32K elements at
/// the default grain).
inline constexpr std::size_t k_sample_sort_grains_per_stripe = 8;
/// Buckets per leaf of a level's per-bucket passes (compaction, cleanup).
inline constexpr std::size_t k_sample_sort_bucket_grain = 16;
/// Spins a writer waits for a block's reader before it yields the CPU.
inline constexpr unsigned k_cursor_spins = 64;

// partition.

/// Elements per chunk of the first phase: enough that a chunk's own partition
/// runs at sequential speed, small enough for every thread to get a few.
inline constexpr std::size_t k_partition_chunk = 16384;
/// Element swaps per leaf of the second phase.
inline constexpr std::size_t k_partition_swap_grain = 4096;
/// Below this many elements (2 x grain when the policy sets one) partition
/// runs on the calling thread: par_partition cuts the range into chunks of
/// k_partition_chunk elements, each partitioned by one thread, so with fewer
/// than two full chunks there is nothing for a second thread to do that would
/// pay for its second pass.
inline constexpr std::size_t k_partition_parallel_threshold = 2 * k_partition_chunk;

// nth_element and the partial sorts.

/// Inputs (and pieces) from this size select in parallel, unless the policy
/// sets a grain: one selection is a few partition passes, and below this size
/// the two-phase parallel partition does not beat the sequential one (measured,
/// see the docs).
inline constexpr std::size_t k_select_parallel_threshold = std::size_t{1} << 16;
/// Pieces from this size take their pivot from a sample (below it, the
/// ninther of sort's quicksort): sorting the sample costs a few percent of a
/// pass, and saves up to half of the passes.
inline constexpr std::size_t k_select_sample_min = 2048;
/// The sample of a piece of n elements: n / 64 elements, at most this many
/// (its pivot then lands within about n / 32 of the wanted rank).
inline constexpr std::size_t k_select_sample_max = 1023;

// stable_sort, merge and inplace_merge.

/// Values per parallel piece of stable_sort (sorted or merged on one thread)
/// unless the policy sets a grain; an input of fewer than twice this many is
/// sorted on the calling thread. Sorting 2K values takes ~80 us, far more than
/// a join costs, and 2K pieces still balance a few cores at 10^5.
inline constexpr std::size_t k_stable_sort_grain = 2048;
/// Pieces of at most this many values are sorted by insertion, which beats
/// merging on so few values (libstdc++ uses 7, rayon 20; 8 to 32 measure alike).
inline constexpr std::size_t k_insertion_run = 16;
/// Merges of at least this many values run as two interleaved merges
/// (merge_runs): a merge step waits for the one before it (load, compare,
/// advance), steps of two independent merges overlap. 32 to 128 measure alike.
inline constexpr std::size_t k_two_lane_merge = 64;
/// Elements per parallel piece of merge and inplace_merge (merged on one
/// thread) unless the policy sets a grain; inputs of fewer than twice this
/// many run on the calling thread. The same pieces as stable_sort's merges:
/// merging 2K elements takes a few microseconds, several times what a stolen
/// join costs, and libstdc++'s parallel merge stops splitting at 2000.
inline constexpr std::size_t k_merge_grain = 2048;

// The set operations.

/// The grain of a set operation unless the policy sets one: inputs of fewer
/// than 2 * grain elements (both ranges together) run on the calling thread
/// (libstdc++'s parallel set operations start at 1000 elements), and no
/// window is cut below it. Each element is compared twice (count, then
/// write), so 1K elements are a few microseconds of work, several times what
/// a stolen join costs.
inline constexpr std::size_t k_set_operation_grain = 1024;
/// Windows per pool thread: the windows are cut on one thread, so few, but
/// enough that par_for can balance windows of unequal sizes.
inline constexpr std::size_t k_set_windows_per_thread = 8;

// Scratch memory of the algorithms that need a buffer.

/// On a thread of a pool, buffers from this size on come from the pool's
/// scratch cache; smaller ones from operator new, which serves them from the
/// heap without fresh pages once the program has run a while.
inline constexpr std::size_t k_scratch_min_bytes = std::size_t{256} << 10;
/// Off every pool, buffers from this size on are mapped for the call, with
/// huge pages: glibc maps blocks that large afresh on every allocation (its
/// mmap threshold grows to 32 MiB at most), so each would fault in 4 KiB pages;
/// smaller ones come from operator new, which reuses them once glibc has raised
/// its threshold past them (after the first free).
inline constexpr std::size_t k_unpooled_map_min_bytes = std::size_t{32} << 20;

// The split rules: what split_plan (split_plan.hpp) reads for each family.

/// Whether n elements make two pieces of at least `grain` each: n >= 2 ×
/// grain, written so that no grain, however large, overflows it. Every
/// decision to split (split_plan's, and each pattern's as it recurses) is
/// this test.
constexpr bool holds_two_grains(std::size_t n, std::size_t grain) noexcept {
  return n / 2 >= grain;
}

/// When a family's call runs on the pool and how finely it splits, unless the
/// policy sets a grain: calls of m_threshold elements or more run on the pool,
/// in leaves (tiles, windows, blocks) of at least m_grain elements. Built
/// only at compile time, where a threshold too short for two leaves is an
/// error: every call the rule sends to the pool has something to share.
struct split_rule {
  std::size_t m_threshold;
  std::size_t m_grain;

  consteval split_rule(std::size_t threshold, std::size_t grain) : m_threshold(threshold), m_grain(grain) {
    if (grain == 0 || !holds_two_grains(threshold, grain)) {
      throw "a split rule needs a grain of at least 1 and a threshold of at least two grains";
    }
  }
};

/// for_each and the walks: leaves as small as the splitter makes them (the
/// cost of an element, a user function or a copy constructor, is unknown, so
/// a few thousand elements may already be worth two threads).
inline constexpr split_rule k_walk_rule{k_walk_parallel_threshold, 1};
/// The searches: blocks of k_find_block positions, from the walks' threshold.
inline constexpr split_rule k_find_rule{k_walk_parallel_threshold, k_find_block};
/// The reductions.
inline constexpr split_rule k_reduce_rule{k_reduce_parallel_threshold, k_reduce_grain};
/// The scans and the compactions: tiles of k_scan_tile elements.
inline constexpr split_rule k_scan_rule{k_scan_parallel_threshold, k_scan_tile};
/// sort on the comparison path: the quicksort's leaves.
inline constexpr split_rule k_sort_rule{k_sort_parallel_threshold, std::size_t{k_sort_leaf}};
/// sort on the radix path (the grain is the leaf of the quicksort it falls
/// back to when its buffer cannot be had).
inline constexpr split_rule k_radix_sort_rule{k_radix_sort_parallel_threshold, std::size_t{k_sort_leaf}};
/// partition (its chunks are k_partition_chunk elements whatever the grain).
inline constexpr split_rule k_partition_rule{k_partition_parallel_threshold, k_partition_chunk};
/// nth_element and the partial sorts, for the whole call and for each piece
/// of a selection (the grain is the leaf of the sort a selection falls back
/// to past its depth limit).
inline constexpr split_rule k_select_rule{k_select_parallel_threshold, std::size_t{k_sort_leaf}};
/// stable_sort on the merge sort path.
inline constexpr split_rule k_stable_sort_rule{2 * k_stable_sort_grain, k_stable_sort_grain};
/// stable_sort on the radix path (the grain is the merge sort's, which it
/// falls back to when its buffer cannot be had).
inline constexpr split_rule k_stable_radix_sort_rule{k_radix_sort_parallel_threshold, k_stable_sort_grain};
/// merge and inplace_merge.
inline constexpr split_rule k_merge_rule{2 * k_merge_grain, k_merge_grain};
/// The set operations: windows of at least k_set_operation_grain elements
/// (both ranges together).
inline constexpr split_rule k_set_operation_rule{2 * k_set_operation_grain, k_set_operation_grain};

}  // namespace ws::detail
