// SPDX-License-Identifier: MIT
// radix_sort: a parallel LSD radix sort for arithmetic keys compared by
// std::less / std::greater (and their std::ranges and transparent forms).
// Its output is a sorted permutation, which is all an unstable sort promises,
// so it cannot be told apart from a comparison sort's. docs/algorithms.md#sort.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "pstl_ws/detail/par_for.hpp"

namespace ws::detail {

/// Bits per radix digit: 256 buckets, so a chunk's histogram fits in L1.
inline constexpr unsigned k_radix_bits = 8;
inline constexpr std::size_t k_radix_buckets = std::size_t{1} << k_radix_bits;
/// Elements per chunk: each chunk keeps its own histogram and scatters its own
/// elements, so every pass runs in parallel over chunks.
inline constexpr std::size_t k_radix_chunk = 65536;

/// Element types the radix sort handles: integers (bool included) and float
/// and double; not long double, whose padding bytes are not part of the value.
template <class T>
concept radix_sortable = std::is_arithmetic_v<T> && (std::integral<T> || sizeof(T) == 4 || sizeof(T) == 8);

/// +1 for comparators that order ascending like std::less, -1 for those that
/// order descending like std::greater, 0 for any other.
template <class Comp, class T>
inline constexpr int radix_direction_v =
    std::is_same_v<Comp, std::less<>> || std::is_same_v<Comp, std::less<T>> ||
            std::is_same_v<Comp, std::ranges::less>
        ? 1
        : (std::is_same_v<Comp, std::greater<>> || std::is_same_v<Comp, std::greater<T>> ||
                   std::is_same_v<Comp, std::ranges::greater>
               ? -1
               : 0);

/// Maps a value to an unsigned key whose order is the value's order: the sign
/// bit flipped for signed integers; for floating point, all bits flipped for
/// negatives and the sign bit flipped for the rest (IEEE 754 total order, with
/// -0.0 before +0.0, which compare equal, so either order is a sorted output).
template <radix_sortable T, int Direction>
auto radix_key(T value) noexcept {
  using key = std::conditional_t<sizeof(T) == 1, std::uint8_t,
              std::conditional_t<sizeof(T) == 2, std::uint16_t,
              std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
  constexpr key k_sign = key(key{1} << (8 * sizeof(T) - 1));
  key bits = std::bit_cast<key>(value);
  if constexpr (std::is_floating_point_v<T>) {
    bits = (bits & k_sign) != 0 ? key(~bits) : key(bits ^ k_sign);
  } else if constexpr (std::is_signed_v<T>) {
    bits = key(bits ^ k_sign);
  }
  return Direction > 0 ? bits : key(~bits);
}

/// Sorts data[0, n) with a buffer of n elements; must run on a worker.
/// One pass per key byte: each chunk counts its digits, a prefix sum over
/// (digit, chunk) gives every chunk its output offsets, each chunk scatters.
/// A byte on which every key agrees is skipped. O(n * sizeof(T)) work.
template <radix_sortable T, int Direction>
void radix_sort(T* data, T* buffer, std::size_t n) {
  using histogram = std::array<std::size_t, k_radix_buckets>;
  const std::size_t chunks = std::max<std::size_t>(1, n / k_radix_chunk);
  const auto chunk_begin = [n, chunks](std::size_t c) { return n / chunks * c + std::min(c, n % chunks); };
  std::vector<histogram> counts(chunks);
  T* source = data;
  T* target = buffer;
  for (unsigned shift = 0; shift < 8 * sizeof(T); shift += k_radix_bits) {
    const auto digit = [shift](T value) {
      return static_cast<std::size_t>((radix_key<T, Direction>(value) >> shift) & (k_radix_buckets - 1));
    };
    auto count = [&](std::size_t begin, std::size_t end) {
      for (std::size_t c = begin; c < end; ++c) {
        counts[c].fill(0);
        for (std::size_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i) {
          ++counts[c][digit(source[i])];
        }
      }
    };
    par_for(chunks, 1, count);
    std::size_t offset = 0;
    bool one_bucket = false;
    for (std::size_t d = 0; d < k_radix_buckets; ++d) {
      const std::size_t bucket_start = offset;
      for (histogram& chunk_counts : counts) {
        const std::size_t in_chunk = chunk_counts[d];
        chunk_counts[d] = offset;  // becomes this chunk's next write position for digit d
        offset += in_chunk;
      }
      one_bucket = one_bucket || offset - bucket_start == n;
    }
    if (one_bucket) {
      continue;  // every key has the same digit here: the pass would move nothing
    }
    auto scatter = [&](std::size_t begin, std::size_t end) {
      for (std::size_t c = begin; c < end; ++c) {
        histogram& next = counts[c];
        for (std::size_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i) {
          target[next[digit(source[i])]++] = source[i];
        }
      }
    };
    par_for(chunks, 1, scatter);
    std::swap(source, target);
  }
  if (source != data) {
    auto copy_back = [&](std::size_t begin, std::size_t end) {
      std::memcpy(data + begin, source + begin, (end - begin) * sizeof(T));
    };
    par_for(n, k_radix_chunk, copy_back);
  }
}

/// A buffer for radix_sort, or nullptr if it cannot be allocated (the caller
/// then sorts by comparison instead).
template <class T>
std::unique_ptr<T[]> try_allocate_radix_buffer(std::size_t n) noexcept {
  return std::unique_ptr<T[]>(new (std::nothrow) T[n]);
}

}  // namespace ws::detail
