// SPDX-License-Identifier: MIT
// stripe: the first phase of a sample sort level. Each stripe (a block-aligned
// piece of the range, one per thread) classifies its elements into one buffer
// block per bucket; a full buffer is written back over the stripe's front,
// which its reading has already emptied, and the block's bucket recorded. The
// stripe ends as full blocks at its front, a hole behind them, and partial
// buffers. docs/sample-sort.md#stripes.
#pragma once

#include <algorithm>  // for std::max
#include <cstddef>
#include <cstdint>
#include <cstring>  // for std::memcpy
#include <iterator>  // for std::iter_difference_t, std::iter_value_t, std::contiguous_iterator
#include <memory>  // for std::destroy_at, std::construct_at, std::to_address
#include <type_traits>  // for std::is_trivially_copyable_v, std::is_same_v
#include <utility>  // for std::move
#include <vector>

#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// A bucket's number within one level: at most 2 × 2^k_sample_sort_log_buckets.
using bucket_index = std::uint16_t;

/// Elements per block: k_sample_sort_block_bytes of them, at least one.
template <class T>
inline constexpr std::size_t sample_sort_block_v = std::max<std::size_t>(1, k_sample_sort_block_bytes / sizeof(T));

/// Whether moving elements between the range at It and raw slots of T may
/// copy their bytes: a trivially copyable T in contiguous memory, where the
/// copy creates the objects (an implicit-lifetime type) and a destruction
/// does nothing.
template <class It, class T>
inline constexpr bool bytes_move_v = std::contiguous_iterator<It> && std::is_trivially_copyable_v<T> &&
                                     std::is_same_v<std::iter_value_t<It>, T>;

/// Copies count elements' bytes from `from` to `to` (not overlapping); for
/// count 0 copies nothing, where either pointer may be null (which memcpy
/// does not allow).
template <class T>
void copy_bytes(T* to, const T* from, std::size_t count) noexcept {
  if (count != 0) {
    std::memcpy(static_cast<void*>(to), from, count * sizeof(T));
  }
}

/// Moves count elements of the range at `from` into raw slots at `to`,
/// constructing them. The range keeps moved-from elements.
template <class It, class T>
void move_into_slots(It from, std::size_t count, T* to) noexcept {
  if constexpr (bytes_move_v<It, T>) {
    copy_bytes(to, std::to_address(from), count);
  } else {
    using diff = std::iter_difference_t<It>;
    for (std::size_t i = 0; i < count; ++i) {
      std::construct_at(to + i, std::move(from[static_cast<diff>(i)]));
    }
  }
}

/// Moves count elements out of the constructed slots at `from` into the
/// range at `to` (assigning over moved-from elements), destroying the slots.
template <class T, class It>
void move_out_of_slots(T* from, std::size_t count, It to) noexcept {
  if constexpr (bytes_move_v<It, T>) {
    copy_bytes(std::to_address(to), from, count);
  } else {
    using diff = std::iter_difference_t<It>;
    for (std::size_t i = 0; i < count; ++i) {
      to[static_cast<diff>(i)] = std::move(from[i]);
      std::destroy_at(from + i);
    }
  }
}

/// Moves count elements from the constructed slots at `from` into the raw
/// slots at `to`, destroying the former.
template <class T>
void relocate_slots(T* from, std::size_t count, T* to) noexcept {
  if constexpr (bytes_move_v<T*, T>) {
    copy_bytes(to, from, count);
  } else {
    for (std::size_t i = 0; i < count; ++i) {
      std::construct_at(to + i, std::move(from[i]));
      std::destroy_at(from + i);
    }
  }
}

/// One stripe's state: where it lies, how far it has read and written, and
/// its buffers (raw slots, a block per bucket) with their fill.
template <class T>
class stripe {
 public:
  /// The stripe [begin, end) of the level, its buffers at `slots`
  /// (buckets × sample_sort_block_v<T> raw slots, owned by the caller).
  stripe(std::size_t begin, std::size_t end, T* slots, std::size_t buckets)
      : m_begin(begin), m_end(end), m_read(begin), m_write(begin), m_slots(slots), m_fill(buckets, 0),
        m_blocks(buckets, 0) {}

  stripe(const stripe&) = delete;
  stripe& operator=(const stripe&) = delete;
  stripe(stripe&&) noexcept = default;
  stripe& operator=(stripe&&) noexcept = default;

  /// Classifies the stripe of the level at `first`: every element goes to
  /// its bucket's buffer; a full buffer goes back to the stripe's write
  /// position as one block, its bucket recorded in block_buckets (one entry
  /// per block of the level). Exceptions: the classifier's; the stripe can
  /// then be restore()d.
  template <class It, class Classifier>
  void classify(It first, const Classifier& classes, bucket_index* block_buckets) {
    using diff = std::iter_difference_t<It>;
    std::size_t visited = 0;
    // Locals, not members: the element moves below (memcpy for some types)
    // cannot be taken to change them.
    std::size_t write = m_write;
    T* const slots = m_slots;
    std::size_t* const fills = m_fill.data();
    std::size_t* const blocks = m_blocks.data();
    auto to_buffer = [&](bucket_index bucket, T& element) {
      T* const buffer = slots + std::size_t{bucket} * k_block;
      std::size_t fill = fills[bucket];
      if (fill == k_block) {  // write + k_block <= the read position: every slot there was read
        move_out_of_slots(buffer, k_block, first + static_cast<diff>(write));
        block_buckets[write / k_block] = bucket;
        write += k_block;
        ++blocks[bucket];
        fill = 0;
      }
      std::construct_at(buffer + fill, std::move(element));
      fills[bucket] = fill + 1;
    };
    try {
      classes.classify(first + static_cast<diff>(m_begin), m_end - m_begin, to_buffer, visited);
    } catch (...) {
      m_write = write;
      m_read = m_begin + visited;
      throw;
    }
    m_write = write;
    m_read = m_end;
  }

  /// Undoes a classify() that threw (or ran): moves the buffered elements
  /// back into the hole between the written blocks and the read position, so
  /// the stripe holds a permutation of what it held.
  template <class It>
  void restore(It first) noexcept {
    using diff = std::iter_difference_t<It>;
    std::size_t hole = m_write;
    for (std::size_t bucket = 0; bucket < m_fill.size(); ++bucket) {
      move_out_of_slots(buffer(bucket), m_fill[bucket], first + static_cast<diff>(hole));
      hole += m_fill[bucket];
      m_fill[bucket] = 0;
    }
    m_write = m_read = hole;
  }

  /// Full blocks of `bucket` the stripe wrote.
  [[nodiscard]] std::size_t blocks(std::size_t bucket) const noexcept { return m_blocks[bucket]; }
  /// Elements of `bucket` still in the buffer.
  [[nodiscard]] std::size_t fill(std::size_t bucket) const noexcept { return m_fill[bucket]; }
  /// The buffer of `bucket`: fill(bucket) constructed elements.
  [[nodiscard]] T* buffer(std::size_t bucket) const noexcept { return m_slots + bucket * k_block; }
  /// Where the stripe begins, and where its written blocks end.
  [[nodiscard]] std::size_t begin() const noexcept { return m_begin; }
  [[nodiscard]] std::size_t written_end() const noexcept { return m_write; }

  /// Takes the buffer's elements as moved out (cleanup moved them).
  void clear(std::size_t bucket) noexcept { m_fill[bucket] = 0; }

 private:
  static constexpr std::size_t k_block = sample_sort_block_v<T>;

  std::size_t m_begin;
  std::size_t m_end;
  std::size_t m_read;   // elements before it have been taken into the buffers
  std::size_t m_write;  // full blocks lie in [m_begin, m_write)
  T* m_slots;
  std::vector<std::size_t> m_fill;
  std::vector<std::size_t> m_blocks;
};

}  // namespace ws::detail
