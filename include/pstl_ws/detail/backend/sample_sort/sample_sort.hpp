// SPDX-License-Identifier: MIT
// sample_sort: the comparison sort of ws::sort, an in-place samplesort after
// the design of IPS4o (Axtmann, Witt, Ferizovic, Sanders, 2022), written for
// this pool. One level splits the range into up to 2 ×
// 2^k_sample_sort_log_buckets buckets in place: sample and search tree
// (classifier.hpp), per-thread stripes into block buffers (stripe.hpp), the
// block permutation (block_permutation.hpp) and the cleanup (cleanup.hpp);
// then every bucket is sorted the same way, in parallel, down to the
// introsort. docs/sample-sort.md.
#pragma once

#include <algorithm>  // for std::min, std::max
#include <cstddef>
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <memory>  // for std::unique_ptr
#include <new>  // for std::bad_alloc
#include <optional>
#include <type_traits>  // for std::is_copy_constructible_v, std::is_nothrow_move_constructible_v, ...
#include <vector>

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_sort.hpp"
#include "pstl_ws/detail/backend/sample_sort/block_permutation.hpp"
#include "pstl_ws/detail/backend/sample_sort/classifier.hpp"
#include "pstl_ws/detail/backend/sample_sort/cleanup.hpp"
#include "pstl_ws/detail/backend/sample_sort/in_cache_split.hpp"
#include "pstl_ws/detail/backend/sample_sort/stripe.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// Whether the sample sort takes elements of type T: it copies the
/// splitters, and it moves elements through buffers, which only a move that
/// cannot throw leaves recoverable. Other types take the quicksort.
template <class T>
inline constexpr bool sample_sortable_v = std::is_copy_constructible_v<T> &&
                                          std::is_nothrow_move_constructible_v<T> &&
                                          std::is_nothrow_move_assignable_v<T>;

/// Splits [first, first + n) in place into buckets, each of whose elements
/// belong before the next bucket's, with `stripes` stripes (in parallel when
/// `parallel`, then on a worker). Returns nullopt, with the range a
/// permutation of its input, when its memory cannot be had.
/// Memory: (stripes + 1) × buckets × block elements, 2 blocks per stripe,
/// one block, and one bucket number per block of the range.
/// Exceptions: the comparator's and the splitters' copies', with the range a
/// permutation of its input.
template <class It, class Comp, class T = std::iter_value_t<It>>
std::optional<bucket_split> split_into_buckets(It first, std::size_t n, Comp& comp, std::size_t stripes,
                                               bool parallel) {
  constexpr std::size_t block = sample_sort_block_v<T>;
  const std::size_t slots = (n + block - 1) / block;
  const std::size_t stripe_slots = (slots + stripes - 1) / stripes;
  stripes = (slots + stripe_slots - 1) / stripe_slots;
  std::optional<classifier<T, Comp>> tree;
  std::vector<std::size_t> counts;
  std::vector<bucket_index> block_buckets;
  std::unique_ptr<bucket_cursors[]> cursors;
  std::vector<stripe<T>> parts;
  bucket_split split;
  std::size_t buckets = 0;
  try {
    tree.emplace(first, n, sample_sort_log_buckets(n), comp);
    buckets = tree->num_buckets();
    counts.resize(4 * (buckets + 1));  // slot_begin, full_blocks, excess_begin, and room
    block_buckets.resize(slots);
    cursors.reset(new bucket_cursors[buckets]);
    split.m_begin.resize(buckets + 1);
    split.m_done.resize(buckets);
    parts.reserve(stripes);
  } catch (const std::bad_alloc&) {
    return std::nullopt;
  }
  const std::size_t buffer_slots = buckets * block;
  const scratch_buffer<T> memory((stripes + 1) * buffer_slots + (2 * stripes + 1) * block);
  if (memory.data() == nullptr) {
    return std::nullopt;
  }
  T* const swaps = memory.data() + (stripes + 1) * buffer_slots;
  for (std::size_t s = 0; s < stripes; ++s) {
    parts.emplace_back(s * stripe_slots * block, std::min(n, (s + 1) * stripe_slots * block),
                       memory.data() + s * buffer_slots, buckets);
  }

  auto classify = [&](std::size_t begin, std::size_t end) {
    for (std::size_t s = begin; s < end; ++s) {
      parts[s].classify(first, *tree, block_buckets.data());
    }
  };
  try {
    par_for_if(parallel, stripes, 1, classify);
  } catch (...) {
    for (stripe<T>& s : parts) {
      s.restore(first);
    }
    throw;
  }

  std::size_t* const slot_begin = counts.data();
  std::size_t* const full_blocks = slot_begin + (buckets + 1);
  std::size_t* const excess_begin = full_blocks + (buckets + 1);
  level_layout<T> layout{n,           block,       buckets,      split.m_begin.data(), slot_begin,
                         full_blocks, excess_begin, block_buckets.data(), cursors.get(),
                         swaps + 2 * stripes * block, memory.data() + stripes * buffer_slots};
  std::size_t begin = 0;
  for (std::size_t b = 0; b < buckets; ++b) {
    split.m_begin[b] = begin;
    slot_begin[b] = (begin + block - 1) / block;
    full_blocks[b] = 0;
    for (const stripe<T>& s : parts) {
      begin += s.blocks(b) * block + s.fill(b);
      full_blocks[b] += s.blocks(b);
    }
    split.m_done[b] = tree->is_equality_bucket(b);
  }
  split.m_begin[buckets] = n;
  slot_begin[buckets] = slots;
  excess_begin[0] = 0;
  for (std::size_t b = 0; b < buckets; ++b) {
    excess_begin[b + 1] = excess_begin[b] + excess_of(layout, b);
  }
  PSTL_WS_ASSERT(excess_begin[buckets] <= buffer_slots);

  const auto occupied = [&](std::size_t slot) {
    return (slot + 1) * block <= parts[slot / stripe_slots].written_end();
  };
  auto compact = [&](std::size_t begin_bucket, std::size_t end_bucket) {
    for (std::size_t b = begin_bucket; b < end_bucket; ++b) {
      compact_bucket_slots(first, layout, b, occupied);
    }
  };
  par_for_if(parallel, buckets, k_sample_sort_bucket_grain, compact);
  auto permute = [&](std::size_t begin_stripe, std::size_t end_stripe) {
    for (std::size_t s = begin_stripe; s < end_stripe; ++s) {
      permute_blocks(first, layout, s * buckets / stripes, swaps + 2 * s * block);
    }
  };
  par_for_if(parallel, stripes, 1, permute);
  auto save = [&](std::size_t begin_bucket, std::size_t end_bucket) {
    for (std::size_t b = begin_bucket; b < end_bucket; ++b) {
      save_excess(first, layout, b);
    }
  };
  par_for_if(parallel, buckets, k_sample_sort_bucket_grain, save);
  auto fill = [&](std::size_t begin_bucket, std::size_t end_bucket) {
    for (std::size_t b = begin_bucket; b < end_bucket; ++b) {
      fill_bucket(first, layout, parts, b);
    }
  };
  par_for_if(parallel, buckets, k_sample_sort_bucket_grain, fill);
  return split;
}

/// Sorts [first, first + n): ranges up to 2 × k_sample_sort_base_case
/// elements (or, past `depth_limit` levels, any range) by the introsort;
/// others by one level of split_into_buckets and then each bucket the same
/// way. In parallel when `parallel` (then on a worker): a level over at least
/// two stripes of k_sample_sort_grains_per_stripe × `grain` elements runs on
/// one stripe per pool thread, and buckets are sorted in parallel. A level of
/// at most k_sample_sort_in_cache elements on one thread splits in cache,
/// in `room` (taken for its size when null, and lent to the levels below).
/// Falls back to the quicksort when a level's memory cannot be had, and to
/// the introsort when a level leaves every element in one bucket (a
/// comparator that is no strict weak order can do that).
/// Exceptions: the comparator's, once every started part finished, the range
/// a permutation of its input.
template <class It, class Comp, class T = std::iter_value_t<It>>
void sample_sort(It first, std::size_t n, Comp& comp, std::size_t grain, bool parallel, int depth_limit,
                 const cache_room<T>* room = nullptr) {
  using diff = std::iter_difference_t<It>;
  const It last = first + static_cast<diff>(n);
  if (n <= 2 * k_sample_sort_base_case) {
    insertion_sort(first, last, comp);
    return;
  }
  if (depth_limit == 0) {
    introsort(first, last, sort_depth_limit(n), comp, false);
    return;
  }
  const std::size_t stripe_min = k_sample_sort_grains_per_stripe * grain;
  const std::size_t stripes = parallel ? std::min(current_num_threads(), n / stripe_min) : 1;
  parallel = stripes > 1;
  const bool in_cache = !parallel && n <= k_sample_sort_in_cache;
  if (in_cache && room == nullptr) {
    const cache_room<T> own(n);
    if (!own.empty()) {
      sample_sort(first, n, comp, grain, false, depth_limit, &own);
    } else {
      introsort(first, last, sort_depth_limit(n), comp, false);
    }
    return;
  }
  std::optional<bucket_split> split = in_cache ? split_in_cache(first, n, comp, *room)
                                               : split_into_buckets(first, n, comp, std::max<std::size_t>(stripes, 1), parallel);
  if (!split) {
    if (parallel) {
      par_quicksort(first, last, sort_depth_limit(n), comp, false, grain);
    } else {
      introsort(first, last, sort_depth_limit(n), comp, false);
    }
    return;
  }
  const std::size_t buckets = split->m_done.size();
  for (std::size_t b = 0; b < buckets; ++b) {
    if (split->m_begin[b + 1] - split->m_begin[b] == n && !split->m_done[b]) {
      introsort(first, last, sort_depth_limit(n), comp, false);  // no progress: not a strict weak order
      return;
    }
  }
  auto sort_buckets = [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t size = split->m_begin[b + 1] - split->m_begin[b];
      if (!split->m_done[b] && size > 1) {
        sample_sort(first + static_cast<diff>(split->m_begin[b]), size, comp, grain, parallel, depth_limit - 1,
                    in_cache ? room : nullptr);
      }
    }
  };
  par_for_if(parallel, buckets, 1, sort_buckets);
}

}  // namespace ws::detail
