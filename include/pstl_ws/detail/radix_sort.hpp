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
#include <numeric>
#include <type_traits>
#include <utility>
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

/// The digit of `value` that the pass at bit `shift` sorts by.
template <radix_sortable T, int Direction>
std::size_t radix_digit(T value, unsigned shift) noexcept {
  return static_cast<std::size_t>((radix_key<T, Direction>(value) >> shift) & (k_radix_buckets - 1));
}

/// How many keys have each digit value, for Passes consecutive digits.
template <std::size_t Passes>
using digit_counts = std::array<std::array<std::size_t, k_radix_buckets>, Passes>;

/// Adds to counts[p] the digits of the keys in [first, last) at bit
/// shift + p * k_radix_bits, for every p < Passes, in one sweep over the keys.
template <radix_sortable T, int Direction, std::size_t Passes>
void count_digits(const T* first, const T* last, unsigned shift, digit_counts<Passes>& counts) noexcept {
  for (const T* it = first; it != last; ++it) {
    const T value = *it;
    [&]<std::size_t... P>(std::index_sequence<P...>) {
      (++counts[P][radix_digit<T, Direction>(value, shift + unsigned{P} * k_radix_bits)], ...);
    }(std::make_index_sequence<Passes>());
  }
}

/// Moves each key of [first, last) to target[next[d]++], d its digit at bit
/// `shift`. Takes next by value, so the loop keeps it local.
template <radix_sortable T, int Direction>
void scatter_digits(const T* first, const T* last, T* target, unsigned shift,
                    std::array<std::size_t, k_radix_buckets> next) noexcept {
  for (const T* it = first; it != last; ++it) {
    target[next[radix_digit<T, Direction>(*it, shift)]++] = *it;
  }
}

/// The value whose key is `key`, for 1-byte T: there radix_key is an XOR with
/// a constant (the key of the all-zero value), so it is its own inverse.
template <radix_sortable T, int Direction>
T radix_value(std::size_t key) noexcept {
  static_assert(sizeof(T) == 1);
  return std::bit_cast<T>(static_cast<std::uint8_t>(key ^ radix_key<T, Direction>(T{})));
}

/// Sorts data[0, n), in parallel over chunks of k_radix_chunk elements when
/// `parallel` (then on a worker), else on the calling thread in one chunk.
/// One pass per key byte: each chunk counts its digits, an exclusive scan over
/// (digit, chunk) gives every chunk its output offsets, each chunk scatters
/// into a buffer of n elements. On one chunk the counts of every pass come
/// from a single sweep (a chunk's counts depend on which keys it holds, which
/// only stays fixed for one chunk). A byte on which every key agrees is
/// skipped. 1-byte keys need no buffer: the counts say what goes where, and
/// each chunk writes its runs of equal values in place (a counting sort).
/// O(n * sizeof(T)) work. Returns false, having changed nothing, if the buffer
/// cannot be allocated. Exceptions: std::bad_alloc for the n / 256 counters.
template <radix_sortable T, int Direction>
bool radix_sort(T* data, std::size_t n, bool parallel) {
  constexpr std::size_t k_passes = sizeof(T);
  std::unique_ptr<T[]> buffer;
  if constexpr (k_passes > 1) {
    buffer.reset(new (std::nothrow) T[n]);  // default-initialized: no pass over it
    if (!buffer) {
      return false;
    }
  }
  if (n < 2) {
    return true;
  }
  const std::size_t chunks = parallel ? std::max<std::size_t>(1, n / k_radix_chunk) : 1;
  const auto chunk_begin = [n, chunks](std::size_t c) { return n / chunks * c + std::min(c, n % chunks); };
  digit_counts<k_passes> whole{};
  if (!parallel) {
    count_digits<T, Direction, k_passes>(data, data + n, 0, whole);
  }
  // offsets[d * chunks + c]: first how many keys of chunk c have digit d, then,
  // after the scan, where chunk c writes its first key with digit d.
  std::vector<std::size_t> offsets(k_radix_buckets * chunks);
  T* source = data;
  T* target = buffer.get();
  for (std::size_t pass = 0; pass < k_passes; ++pass) {
    const auto shift = static_cast<unsigned>(pass * k_radix_bits);
    auto count = [&](std::size_t begin, std::size_t end) {
      for (std::size_t c = begin; c < end; ++c) {
        digit_counts<1> local{};
        count_digits<T, Direction, 1>(source + chunk_begin(c), source + chunk_begin(c + 1), shift, local);
        for (std::size_t d = 0; d < k_radix_buckets; ++d) {
          offsets[d * chunks + c] = local[0][d];
        }
      }
    };
    if (parallel) {
      par_for(chunks, 1, count);
    } else {
      std::copy(whole[pass].begin(), whole[pass].end(), offsets.begin());
    }
    const auto same_digit = offsets.begin() + static_cast<std::ptrdiff_t>(radix_digit<T, Direction>(*source, shift) * chunks);
    if (std::accumulate(same_digit, same_digit + static_cast<std::ptrdiff_t>(chunks), std::size_t{0}) == n) {
      continue;  // every key has the same digit here: the pass would move nothing
    }
    std::exclusive_scan(offsets.begin(), offsets.end(), offsets.begin(), std::size_t{0});
    if constexpr (k_passes == 1) {
      auto fill = [&](std::size_t begin, std::size_t end) {
        for (std::size_t c = begin; c < end; ++c) {
          for (std::size_t d = 0; d < k_radix_buckets; ++d) {
            const std::size_t run = d * chunks + c;
            const std::size_t run_end = run + 1 < offsets.size() ? offsets[run + 1] : n;
            std::fill(data + offsets[run], data + run_end, radix_value<T, Direction>(d));
          }
        }
      };
      par_for_if(parallel, chunks, 1, fill);
      return true;
    } else {
      auto scatter = [&](std::size_t begin, std::size_t end) {
        for (std::size_t c = begin; c < end; ++c) {
          std::array<std::size_t, k_radix_buckets> next;
          for (std::size_t d = 0; d < k_radix_buckets; ++d) {
            next[d] = offsets[d * chunks + c];
          }
          scatter_digits<T, Direction>(source + chunk_begin(c), source + chunk_begin(c + 1), target, shift, next);
        }
      };
      par_for_if(parallel, chunks, 1, scatter);
      std::swap(source, target);
    }
  }
  if (source != data) {
    auto copy_back = [&](std::size_t begin, std::size_t end) {
      std::memcpy(data + begin, source + begin, (end - begin) * sizeof(T));
    };
    par_for_if(parallel, n, k_radix_chunk, copy_back);
  }
  return true;
}

}  // namespace ws::detail
