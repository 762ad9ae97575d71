// SPDX-License-Identifier: MIT
// split: one level of an in-place distribution sort, whatever decides the
// buckets. A classifier gives every element its bucket (the sample sort's
// search tree, classifier.hpp, or the radix sort's digit,
// radix_classifier.hpp); the level then moves the elements into their
// buckets in place: per-thread stripes into block buffers (stripe.hpp), the
// block permutation (block_permutation.hpp) and the cleanup (cleanup.hpp).
// docs/sample-sort.md#one-level.
#pragma once

#include <algorithm>  // for std::min
#include <concepts>  // for std::convertible_to
#include <cstddef>
#include <iterator>  // for std::iter_value_t
#include <memory>  // for std::unique_ptr
#include <new>  // for std::bad_alloc
#include <optional>
#include <vector>

#include "pstl_ws/detail/backend/in_place_sort/block_permutation.hpp"
#include "pstl_ws/detail/backend/in_place_sort/cleanup.hpp"
#include "pstl_ws/detail/backend/in_place_sort/stripe.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/config.hpp"

namespace ws::detail {

/// What a level needs to know about its buckets. classify(first, n, visit,
/// visited) calls visit(bucket, element) for every element of
/// [first, first + n) in order, each bucket in [0, num_buckets()), and keeps
/// `visited` the count of elements visited so far (an exception from it
/// leaves the rest unvisited). is_equality_bucket(b): the bucket's elements
/// are all equivalent, so it needs no further sorting.
template <class C, class It>
concept level_classifier = requires(const C& c, It first, std::size_t n, std::size_t& visited) {
  { c.num_buckets() } -> std::convertible_to<std::size_t>;
  { c.is_equality_bucket(n) } -> std::convertible_to<bool>;
  c.classify(first, n, [](bucket_index, std::iter_value_t<It>&) {}, visited);
};

/// The buckets one level made: bucket b is [m_begin[b], m_begin[b + 1]);
/// m_done[b] when it needs no further sorting (an equality bucket).
struct bucket_split {
  std::vector<std::size_t> m_begin;
  std::vector<bool> m_done;
};

/// Splits [first, first + n) in place into the buckets of `classes`, with
/// `stripes` stripes (in parallel when `parallel`, then on a worker).
/// Returns nullopt, with the range a permutation of its input, when its
/// memory cannot be had.
/// Memory: (stripes + 1) × buckets × block elements, 2 blocks per stripe,
/// one block, and one bucket number per block of the range.
/// Exceptions: the classifier's, with the range a permutation of its input.
template <class It, class Classifier, class T = std::iter_value_t<It>>
  requires level_classifier<Classifier, It>
std::optional<bucket_split> split_into_buckets(It first, std::size_t n, const Classifier& classes,
                                               std::size_t stripes, bool parallel) {
  constexpr std::size_t block = sample_sort_block_v<T>;
  const std::size_t slots = (n + block - 1) / block;
  const std::size_t stripe_slots = (slots + stripes - 1) / stripes;
  stripes = (slots + stripe_slots - 1) / stripe_slots;
  const std::size_t buckets = classes.num_buckets();
  const std::size_t buffer_slots = buckets * block;
  const scratch_buffer<T> memory((stripes + 1) * buffer_slots + (2 * stripes + 1) * block);
  if (memory.data() == nullptr) {
    return std::nullopt;
  }
  T* const swaps = memory.data() + (stripes + 1) * buffer_slots;
  std::vector<std::size_t> counts;
  std::vector<bucket_index> block_buckets;
  std::unique_ptr<bucket_cursors[]> cursors;
  std::vector<stripe<T>> parts;
  bucket_split split;
  try {
    counts.resize(3 * (buckets + 1));  // slot_begin, full_blocks, excess_begin
    block_buckets.resize(slots);
    cursors.reset(new bucket_cursors[buckets]);
    split.m_begin.resize(buckets + 1);
    split.m_done.resize(buckets);
    parts.reserve(stripes);
    for (std::size_t s = 0; s < stripes; ++s) {
      parts.emplace_back(s * stripe_slots * block, std::min(n, (s + 1) * stripe_slots * block),
                         memory.data() + s * buffer_slots, buckets);
    }
  } catch (const std::bad_alloc&) {
    return std::nullopt;
  }

  auto classify = [&](std::size_t begin, std::size_t end) {
    for (std::size_t s = begin; s < end; ++s) {
      parts[s].classify(first, classes, block_buckets.data());
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
    split.m_done[b] = classes.is_equality_bucket(b);
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
  if (parallel && stripes > 1) {
    auto permute = [&](std::size_t begin_stripe, std::size_t end_stripe) {
      for (std::size_t s = begin_stripe; s < end_stripe; ++s) {
        permute_blocks<permutation_threads::shared>(first, layout, s * buckets / stripes, swaps + 2 * s * block);
      }
    };
    par_for(stripes, 1, permute);
  } else {
    permute_blocks<permutation_threads::alone>(first, layout, 0, swaps);
  }
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

}  // namespace ws::detail
