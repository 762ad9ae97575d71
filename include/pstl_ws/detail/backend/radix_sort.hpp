// SPDX-License-Identifier: MIT
// radix_sort: a radix sort for arithmetic keys compared by std::less /
// std::greater (and their std::ranges and transparent forms): in parallel, one
// most-significant-digit pass splits the keys into 256 buckets, which are then
// sorted independently, each by a sequential least-significant-digit sort that
// runs in cache. Every pass keeps the order of equal keys, and values that
// compare equal share a key, so the sort is stable: ws::sort and
// ws::stable_sort both use it.
// docs/algorithms.md#sort.
#pragma once

#include <algorithm>  // for std::max, std::min, std::fill
#include <array>
#include <bit>  // for std::bit_cast
#include <concepts>  // for std::integral
#include <cstddef>
#include <cstdint>
#include <cstring>  // for std::memcpy
#include <functional>  // for std::less, std::ranges::less, std::greater, ...
#include <numeric>  // for std::exclusive_scan, std::accumulate
#include <type_traits>  // for std::is_arithmetic_v, std::is_same_v, std::conditional_t, ...
#include <utility>  // for std::index_sequence, std::make_index_sequence, std::swap
#include <vector>

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// Bits per radix digit: 256 buckets, so a chunk's histogram fits in L1.
inline constexpr unsigned k_radix_bits = 8;
inline constexpr std::size_t k_radix_buckets = std::size_t{1} << k_radix_bits;

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
/// negatives and the sign bit flipped for the rest (IEEE 754 total order),
/// -0.0 taking +0.0's key. Values that compare equal (NaNs aside) thus share a
/// key, so the sort, whose passes all keep the order of equal keys, is stable.
template <radix_sortable T, int Direction>
auto radix_key(T value) noexcept {
  using key = std::conditional_t<sizeof(T) == 1, std::uint8_t,
              std::conditional_t<sizeof(T) == 2, std::uint16_t,
              std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
  constexpr key k_sign = key(key{1} << (8 * sizeof(T) - 1));
  key bits = std::bit_cast<key>(value);
  if constexpr (std::is_floating_point_v<T>) {
    bits = bits == k_sign ? key{0} : bits;  // -0.0 == +0.0
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
/// a constant (the key of the all-zero value), so it is its own inverse. Only
/// for keys of actual values (2 is no bool).
template <radix_sortable T, int Direction>
T radix_value(std::size_t key) noexcept {
  static_assert(sizeof(T) == 1);
  return std::bit_cast<T>(static_cast<std::uint8_t>(key ^ radix_key<T, Direction>(T{})));
}

/// Sorts keys[0, n) by their low `bytes` bytes (the others being equal) on the
/// calling thread: one sweep counts every digit, then one scatter pass per
/// byte on which the keys differ, back and forth between keys and scratch (n
/// elements). Returns where the sorted keys are: keys or scratch.
template <radix_sortable T, int Direction>
T* lsd_radix_sort(T* keys, T* scratch, std::size_t n, std::size_t bytes) {
  if (n < 2 || bytes == 0) {
    return keys;
  }
  digit_counts<sizeof(T)> counts{};
  count_digits<T, Direction, sizeof(T)>(keys, keys + n, 0, counts);
  T* source = keys;
  T* target = scratch;
  for (std::size_t pass = 0; pass < bytes; ++pass) {
    const auto shift = static_cast<unsigned>(pass * k_radix_bits);
    if (counts[pass][radix_digit<T, Direction>(*source, shift)] == n) {
      continue;  // every key has the same digit here: the pass would move nothing
    }
    std::array<std::size_t, k_radix_buckets> next;
    std::exclusive_scan(counts[pass].begin(), counts[pass].end(), next.begin(), std::size_t{0});
    scatter_digits<T, Direction>(source, source + n, target, shift, next);
    std::swap(source, target);
  }
  return source;
}

/// Where each of the 256 buckets of a pass starts, and (last) where they end.
using bucket_bounds = std::array<std::size_t, k_radix_buckets + 1>;

/// One pass over keys[0, n) on the digit at bit `shift`, in parallel over
/// chunks of k_radix_chunk keys when `parallel` (then on a worker), else in
/// one chunk: each chunk counts its digits, an exclusive scan over (digit,
/// chunk) gives each chunk its output offsets, and each chunk scatters its
/// keys into target, grouped by digit. For 1-byte keys the counts say it all:
/// each chunk writes its runs of equal values into keys itself instead (a
/// counting sort; target is unused). Returns the bucket bounds, or false if
/// every key has the same digit (then nothing moved).
/// Exceptions: std::bad_alloc for the n / 256 counters.
template <radix_sortable T, int Direction>
bool radix_pass(T* keys, T* target, std::size_t n, unsigned shift, bool parallel, bucket_bounds& bounds) {
  const std::size_t chunks = parallel ? std::max<std::size_t>(1, n / k_radix_chunk) : 1;
  const auto chunk_begin = [n, chunks](std::size_t c) { return n / chunks * c + std::min(c, n % chunks); };
  // offsets[d * chunks + c]: first how many keys of chunk c have digit d, then,
  // after the scan, where chunk c writes its first key with digit d.
  std::vector<std::size_t> offsets(k_radix_buckets * chunks);
  auto count = [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      digit_counts<1> local{};
      count_digits<T, Direction, 1>(keys + chunk_begin(c), keys + chunk_begin(c + 1), shift, local);
      for (std::size_t d = 0; d < k_radix_buckets; ++d) {
        offsets[d * chunks + c] = local[0][d];
      }
    }
  };
  par_for_if(parallel, chunks, 1, count);
  const auto same_digit = offsets.begin() + static_cast<std::ptrdiff_t>(radix_digit<T, Direction>(*keys, shift) * chunks);
  if (std::accumulate(same_digit, same_digit + static_cast<std::ptrdiff_t>(chunks), std::size_t{0}) == n) {
    return false;
  }
  std::exclusive_scan(offsets.begin(), offsets.end(), offsets.begin(), std::size_t{0});
  for (std::size_t d = 0; d < k_radix_buckets; ++d) {
    bounds[d] = offsets[d * chunks];
  }
  bounds[k_radix_buckets] = n;
  auto move_keys = [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      if constexpr (sizeof(T) == 1) {
        for (std::size_t d = 0; d < k_radix_buckets; ++d) {
          const std::size_t run = d * chunks + c;
          const std::size_t run_end = run + 1 < offsets.size() ? offsets[run + 1] : n;
          if (offsets[run] != run_end) {  // only digits that occur: not every byte is a valid bool
            std::fill(keys + offsets[run], keys + run_end, radix_value<T, Direction>(d));
          }
        }
      } else {
        std::array<std::size_t, k_radix_buckets> next;
        for (std::size_t d = 0; d < k_radix_buckets; ++d) {
          next[d] = offsets[d * chunks + c];
        }
        scatter_digits<T, Direction>(keys + chunk_begin(c), keys + chunk_begin(c + 1), target, shift, next);
      }
    }
  };
  par_for_if(parallel, chunks, 1, move_keys);
  return true;
}

/// Sorts keys[0, n) by their low `bytes` (>= 1) bytes, the others being
/// equal, with scratch (n elements; unused for 1-byte keys), in parallel when
/// `parallel` (then on a worker). Skips the top bytes on which all keys agree,
/// splits the keys by the next one into the buckets of scratch (radix_pass),
/// then sorts the buckets by the remaining bytes, each back into keys: buckets
/// of at least k_radix_large_bucket keys the same way, the others with
/// lsd_radix_sort, whose working set then fits in cache.
template <radix_sortable T, int Direction>
void msd_radix_sort(T* keys, T* scratch, std::size_t n, std::size_t bytes, bool parallel) {
  bucket_bounds bounds;
  for (; bytes > 0; --bytes) {
    const auto shift = static_cast<unsigned>((bytes - 1) * k_radix_bits);
    if (radix_pass<T, Direction>(keys, scratch, n, shift, parallel, bounds)) {
      break;
    }
  }
  if (sizeof(T) == 1 || bytes == 0) {
    return;  // written in place (1-byte keys), or all keys are equal
  }
  auto sort_buckets = [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t size = bounds[b + 1] - bounds[b];
      T* const from = scratch + bounds[b];
      T* const to = keys + bounds[b];
      T* sorted = from;
      if (size >= k_radix_large_bucket && bytes > 1) {
        msd_radix_sort<T, Direction>(from, to, size, bytes - 1, parallel);
      } else {
        sorted = lsd_radix_sort<T, Direction>(from, to, size, bytes - 1);
      }
      if (sorted != to) {
        std::memcpy(to, sorted, size * sizeof(T));
      }
    }
  };
  par_for_if(parallel, k_radix_buckets, 1, sort_buckets);
}

/// Sorts data[0, n), in parallel when `parallel` (then on a worker):
/// msd_radix_sort, or on the calling thread, below k_radix_large_bucket
/// elements, lsd_radix_sort, which fits in cache there; for 1-byte keys one
/// counting pass (no buffer). O(n * sizeof(T)) work, a buffer of n elements
/// for wider keys (docs/scratch.md).
/// Returns false, having changed nothing, if the buffer cannot be allocated.
/// Exceptions: std::bad_alloc for the n / 256 counters of a parallel pass.
template <radix_sortable T, int Direction>
bool radix_sort(T* data, std::size_t n, bool parallel) {
  if (n < 2) {
    return true;
  }
  if constexpr (sizeof(T) == 1) {
    bucket_bounds bounds;
    radix_pass<T, Direction>(data, data, n, 0, parallel, bounds);
    return true;
  } else {
    const scratch_buffer<T> buffer(n);
    if (buffer.data() == nullptr) {
      return false;
    }
    if (parallel || n >= k_radix_large_bucket) {
      msd_radix_sort<T, Direction>(data, buffer.data(), n, sizeof(T), parallel);
    } else if (T* const sorted = lsd_radix_sort<T, Direction>(data, buffer.data(), n, sizeof(T)); sorted != data) {
      std::memcpy(data, sorted, n * sizeof(T));
    }
    return true;
  }
}

}  // namespace ws::detail
