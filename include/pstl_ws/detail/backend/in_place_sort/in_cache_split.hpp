// SPDX-License-Identifier: MIT
// in_cache_split: one level over a range small enough to sit in cache, on
// one thread. The elements are classified first (their buckets
// kept in an array), then moved out to a room of slots in bucket order and
// back: two moves each, no dependent swaps, no block machinery.
// docs/sample-sort.md#small-levels.
#pragma once

#include <cstddef>
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <memory>  // for std::unique_ptr, std::construct_at
#include <new>  // for std::bad_alloc, std::nothrow
#include <optional>
#include <utility>  // for std::move
#include <vector>

#include "pstl_ws/detail/backend/in_place_sort/split.hpp"
#include "pstl_ws/detail/backend/in_place_sort/stripe.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"

namespace ws::detail {

/// The room an in-cache level needs: raw slots for its elements and one
/// bucket number per element. The largest in-cache level of a thread takes
/// it, for its size, and lends it to the levels below (they are smaller).
template <class T>
class cache_room {
 public:
  /// Room for up to n elements; empty() when the memory cannot be had.
  explicit cache_room(std::size_t n) noexcept : m_slots(n), m_buckets(new (std::nothrow) bucket_index[n]) {}

  [[nodiscard]] bool empty() const noexcept { return m_slots.data() == nullptr || m_buckets == nullptr; }
  [[nodiscard]] T* slots() const noexcept { return m_slots.data(); }
  [[nodiscard]] bucket_index* buckets() const noexcept { return m_buckets.get(); }

 private:
  scratch_buffer<T> m_slots;
  std::unique_ptr<bucket_index[]> m_buckets;
};

/// Splits [first, first + n) in place into the buckets of `classes`, as
/// split_into_buckets does, on the calling thread, using `room` (for at
/// least n elements). Returns nullopt, with the range unchanged, when its
/// memory cannot be had.
/// Exceptions: the classifier's, before any element moved: the range then
/// holds its input.
template <class It, class Classifier, class T = std::iter_value_t<It>>
  requires level_classifier<Classifier, It>
std::optional<bucket_split> split_in_cache(It first, std::size_t n, const Classifier& classes,
                                           const cache_room<T>& room) {
  using diff = std::iter_difference_t<It>;
  const std::size_t buckets = classes.num_buckets();
  std::vector<std::size_t> next;  // where each bucket's next element goes
  bucket_split split;
  try {
    next.resize(buckets);
    split.m_begin.resize(buckets + 1);
    split.m_done.resize(buckets);
  } catch (const std::bad_alloc&) {
    return std::nullopt;
  }
  bucket_index* const bucket_of = room.buckets();
  std::size_t i = 0;
  std::size_t visited = 0;
  classes.classify(
      first, n,
      [&](bucket_index bucket, T&) {
        bucket_of[i++] = bucket;
        ++next[bucket];
      },
      visited);
  std::size_t begin = 0;
  for (std::size_t b = 0; b < next.size(); ++b) {
    split.m_begin[b] = begin;
    begin += next[b];
    next[b] = split.m_begin[b];
    split.m_done[b] = classes.is_equality_bucket(b);
  }
  split.m_begin.back() = n;
  T* const slots = room.slots();
  for (i = 0; i < n; ++i) {
    std::construct_at(slots + next[bucket_of[i]]++, std::move(first[static_cast<diff>(i)]));
  }
  move_out_of_slots(slots, n, first);
  return split;
}

}  // namespace ws::detail
