// SPDX-License-Identifier: MIT
// radix_sort: a radix sort for arithmetic keys compared by std::less /
// std::greater (and their std::ranges and transparent forms), the elements
// being the keys or carrying them (a projection to an arithmetic member of a
// trivially copyable element): in parallel, one most-significant-digit pass
// splits the elements into 256 buckets, which are then sorted independently,
// each by a sequential least-significant-digit sort that runs in cache. Every
// pass keeps the order of equal keys, and values that compare equal share a
// key, so the sort is stable: ws::sort and ws::stable_sort both use it.
// docs/algorithms.md#sort.
#pragma once

#include <algorithm>  // for std::max, std::min, std::fill
#include <array>
#include <bit>  // for std::bit_cast
#include <concepts>  // for std::integral
#include <cstddef>
#include <cstdint>
#include <cstring>  // for std::memcpy
#include <functional>  // for std::identity, std::invoke, std::less, std::ranges::less, std::greater, ...
#include <numeric>  // for std::exclusive_scan, std::accumulate
#include <type_traits>  // for std::is_arithmetic_v, std::is_same_v, std::conditional_t, std::invoke_result_t, std::type_identity, ...
#include <utility>  // for std::declval, std::index_sequence, std::make_index_sequence, std::move, std::swap
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

/// How the radix sort orders elements of type E: by the arithmetic key
/// key_of(e), ascending (Direction 1) or descending (-1). For arithmetic
/// elements sorted by their value, KeyOf is std::identity; otherwise E is
/// trivially copyable (the passes move elements with memcpy) and key_of
/// cannot throw (a pass that threw would leave elements in the buffer).
template <class E, class KeyOf, int Direction>
class radix_order {
 public:
  using element = E;
  using key_type = std::remove_cvref_t<std::invoke_result_t<const KeyOf&, const E&>>;
  static_assert(radix_sortable<key_type> && (Direction == 1 || Direction == -1));
  static_assert(std::is_trivially_copyable_v<E> && std::is_nothrow_invocable_v<const KeyOf&, const E&>);

  /// Whether the elements are their own keys: then 1-byte keys are rewritten
  /// in place from their counts (radix_pass) instead of moved.
  static constexpr bool k_elements_are_keys = std::is_same_v<KeyOf, std::identity>;

  constexpr explicit radix_order(KeyOf key_of) noexcept : m_key_of(std::move(key_of)) {}

  /// e's key as an unsigned integer whose order is the sort's.
  auto key(const E& e) const noexcept { return radix_key<key_type, Direction>(std::invoke(m_key_of, e)); }

  /// The digit of e's key that the pass at bit `shift` sorts by.
  std::size_t digit(const E& e, unsigned shift) const noexcept {
    return static_cast<std::size_t>((key(e) >> shift) & (k_radix_buckets - 1));
  }

  /// The element whose key is `key`, for 1-byte keys that are the elements:
  /// there radix_key is an XOR with a constant (the key of the all-zero
  /// value), so it is its own inverse. Only for keys of actual values (2 is no
  /// bool).
  static E value_of(std::size_t key) noexcept
    requires(k_elements_are_keys && sizeof(E) == 1)
  {
    return std::bit_cast<E>(static_cast<std::uint8_t>(key ^ radix_key<E, Direction>(E{})));
  }

 private:
  [[no_unique_address]] KeyOf m_key_of;
};

/// The order of arithmetic elements sorted by their value.
template <radix_sortable T, int Direction>
using radix_value_order = radix_order<T, std::identity, Direction>;

/// The radix order for sorting elements of type E by the comparator Comp, or
/// void if the radix sort does not apply. It applies when Comp is one of the
/// comparators radix_direction_v knows, on the element itself, or compares
/// projected keys: it offers function(), one of those comparators, and
/// projection(), which maps an element to an arithmetic key without throwing
/// (ws::ranges' projected comparators do); the elements must then be
/// trivially copyable.
template <class Comp, class E>
consteval auto radix_order_type_of() {
  if constexpr (radix_sortable<E> && radix_direction_v<Comp, E> != 0) {
    return std::type_identity<radix_value_order<E, radix_direction_v<Comp, E>>>{};
  } else if constexpr (requires(const Comp& comp) {
                         comp.function();
                         comp.projection();
                       }) {
    using projection = std::remove_cvref_t<decltype(std::declval<const Comp&>().projection())>;
    using function = std::remove_cvref_t<decltype(std::declval<const Comp&>().function())>;
    if constexpr (std::is_trivially_copyable_v<E> && std::is_nothrow_invocable_v<const projection&, const E&>) {
      using key = std::remove_cvref_t<std::invoke_result_t<const projection&, const E&>>;
      if constexpr (radix_sortable<key> && radix_direction_v<function, key> != 0) {
        return std::type_identity<radix_order<E, projection, radix_direction_v<function, key>>>{};
      } else {
        return std::type_identity<void>{};
      }
    } else {
      return std::type_identity<void>{};
    }
  } else {
    return std::type_identity<void>{};
  }
}

template <class Comp, class E>
using radix_order_t = typename decltype(radix_order_type_of<Comp, E>())::type;

/// Whether the radix sort applies to elements of type E sorted by Comp.
template <class Comp, class E>
inline constexpr bool radix_sorts_v = !std::is_void_v<radix_order_t<Comp, E>>;

/// The radix order of a comparator for which radix_sorts_v<Comp, E>.
template <class E, class Comp>
auto radix_order_of(const Comp& comp) {
  using order = radix_order_t<Comp, E>;
  if constexpr (order::k_elements_are_keys) {
    return order(std::identity{});
  } else {
    return order(comp.projection());
  }
}

/// How many keys have each digit value, for Passes consecutive digits.
template <std::size_t Passes>
using digit_counts = std::array<std::array<std::size_t, k_radix_buckets>, Passes>;

/// Adds to counts[p] the digits of the keys in [first, last) at bit
/// shift + p * k_radix_bits, for every p < Passes, in one sweep over the keys:
/// one shift by `shift` per key, the digits then at constant offsets (shifts
/// by a variable cost more: counting the 4 digits of u32 keys that way made
/// 10^7 of them sort about 10% slower).
template <std::size_t Passes, class Order, class E = typename Order::element>
void count_digits(const E* first, const E* last, unsigned shift, digit_counts<Passes>& counts,
                  const Order& order) noexcept {
  for (const E* it = first; it != last; ++it) {
    const auto key = order.key(*it) >> shift;
    [&]<std::size_t... P>(std::index_sequence<P...>) {
      (++counts[P][static_cast<std::size_t>(key >> (P * k_radix_bits)) & (k_radix_buckets - 1)], ...);
    }(std::make_index_sequence<Passes>());
  }
}

/// Moves each element of [first, last) to target[next[d]++], d its key's
/// digit at bit `shift`. Takes next by value, so the loop keeps it local.
template <class Order, class E = typename Order::element>
void scatter_digits(const E* first, const E* last, E* target, unsigned shift,
                    std::array<std::size_t, k_radix_buckets> next, const Order& order) noexcept {
  for (const E* it = first; it != last; ++it) {
    target[next[order.digit(*it, shift)]++] = *it;
  }
}

/// Sorts keys[0, n) by their digits at bits shift, shift + 8, ..., the first
/// `passes` (at most Passes) of them, on the calling thread: one sweep counts
/// Passes digits (all below the key's top bit), then one scatter pass per
/// digit on which the keys differ, back and forth between keys and scratch
/// (n elements). Stable. Returns where the sorted elements are: keys or
/// scratch.
template <std::size_t Passes, class Order, class E = typename Order::element>
E* lsd_passes(E* keys, E* scratch, std::size_t n, unsigned shift, std::size_t passes, const Order& order) {
  digit_counts<Passes> counts{};
  count_digits(keys, keys + n, shift, counts, order);
  E* source = keys;
  E* target = scratch;
  for (std::size_t pass = 0; pass < passes; ++pass) {
    const auto digit_shift = static_cast<unsigned>(shift + pass * k_radix_bits);
    if (counts[pass][order.digit(*source, digit_shift)] == n) {
      continue;  // every key has the same digit here: the pass would move nothing
    }
    std::array<std::size_t, k_radix_buckets> next;
    std::exclusive_scan(counts[pass].begin(), counts[pass].end(), next.begin(), std::size_t{0});
    scatter_digits(source, source + n, target, digit_shift, next, order);
    std::swap(source, target);
  }
  return source;
}

/// Sorts keys[0, n) by the low `bytes` bytes of their keys (the others being
/// equal) on the calling thread: lsd_passes from bit 0. Stable. Returns where
/// the sorted elements are: keys or scratch.
template <class Order, class E = typename Order::element>
E* lsd_radix_sort(E* keys, E* scratch, std::size_t n, std::size_t bytes, const Order& order) {
  if (n < 2 || bytes == 0) {
    return keys;
  }
  return lsd_passes<sizeof(typename Order::key_type)>(keys, scratch, n, 0, bytes, order);
}

/// Where each of the 256 buckets of a pass starts, and (last) where they end.
using bucket_bounds = std::array<std::size_t, k_radix_buckets + 1>;

/// Whether the elements are 1-byte keys, which a pass rewrites in place from
/// their counts (a counting sort) instead of moving them.
template <class Order>
inline constexpr bool counts_in_place_v = Order::k_elements_are_keys && sizeof(typename Order::element) == 1;

/// One pass over keys[0, n) on the digit at bit `shift`, in parallel over
/// chunks of k_radix_chunk elements when `parallel` (then on a worker), else
/// in one chunk: each chunk counts its digits, an exclusive scan over (digit,
/// chunk) gives each chunk its output offsets, and each chunk scatters its
/// elements into target, grouped by digit. For 1-byte keys that are the
/// elements the counts say it all: each chunk writes its runs of equal values
/// into keys itself instead (a counting sort; target is unused). Returns the
/// bucket bounds, or false if every key has the same digit (then nothing
/// moved).
/// Exceptions: std::bad_alloc for the n / 256 counters.
template <class Order, class E = typename Order::element>
bool radix_pass(E* keys, E* target, std::size_t n, unsigned shift, bool parallel, bucket_bounds& bounds,
                const Order& order) {
  const std::size_t chunks = parallel ? std::max<std::size_t>(1, n / k_radix_chunk) : 1;
  const auto chunk_begin = [n, chunks](std::size_t c) { return n / chunks * c + std::min(c, n % chunks); };
  // offsets[d * chunks + c]: first how many keys of chunk c have digit d, then,
  // after the scan, where chunk c writes its first key with digit d.
  std::vector<std::size_t> offsets(k_radix_buckets * chunks);
  auto count = [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      digit_counts<1> local{};
      count_digits(keys + chunk_begin(c), keys + chunk_begin(c + 1), shift, local, order);
      for (std::size_t d = 0; d < k_radix_buckets; ++d) {
        offsets[d * chunks + c] = local[0][d];
      }
    }
  };
  par_for_if(parallel, chunks, 1, count);
  const auto same_digit = offsets.begin() + static_cast<std::ptrdiff_t>(order.digit(*keys, shift) * chunks);
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
      if constexpr (counts_in_place_v<Order>) {
        for (std::size_t d = 0; d < k_radix_buckets; ++d) {
          const std::size_t run = d * chunks + c;
          const std::size_t run_end = run + 1 < offsets.size() ? offsets[run + 1] : n;
          if (offsets[run] != run_end) {  // only digits that occur: not every byte is a valid bool
            std::fill(keys + offsets[run], keys + run_end, Order::value_of(d));
          }
        }
      } else {
        std::array<std::size_t, k_radix_buckets> next;
        for (std::size_t d = 0; d < k_radix_buckets; ++d) {
          next[d] = offsets[d * chunks + c];
        }
        scatter_digits(keys + chunk_begin(c), keys + chunk_begin(c + 1), target, shift, next, order);
      }
    }
  };
  par_for_if(parallel, chunks, 1, move_keys);
  return true;
}

/// Sorts keys[0, n) by the low `bytes` (>= 1) bytes of their keys, the others
/// being equal, with scratch (n elements; unused for 1-byte keys that are the
/// elements), in parallel when `parallel` (then on a worker). Skips the top
/// bytes on which all keys agree, splits the elements by the next one into the
/// buckets of scratch (radix_pass), then sorts the buckets by the remaining
/// bytes, each back into keys: buckets of at least k_radix_large_bucket
/// elements the same way, the others with lsd_radix_sort, whose working set
/// then fits in cache.
template <class Order, class E = typename Order::element>
void msd_radix_sort(E* keys, E* scratch, std::size_t n, std::size_t bytes, bool parallel, const Order& order) {
  bucket_bounds bounds;
  for (; bytes > 0; --bytes) {
    const auto shift = static_cast<unsigned>((bytes - 1) * k_radix_bits);
    if (radix_pass(keys, scratch, n, shift, parallel, bounds, order)) {
      break;
    }
  }
  if (counts_in_place_v<Order> || bytes == 0) {
    return;  // written in place (1-byte keys), or all keys are equal
  }
  auto sort_buckets = [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t size = bounds[b + 1] - bounds[b];
      E* const from = scratch + bounds[b];
      E* const to = keys + bounds[b];
      E* sorted = from;
      if (size >= k_radix_large_bucket && bytes > 1) {
        msd_radix_sort(from, to, size, bytes - 1, parallel, order);
      } else {
        sorted = lsd_radix_sort(from, to, size, bytes - 1, order);
      }
      if (sorted != to) {
        std::memcpy(to, sorted, size * sizeof(E));
      }
    }
  };
  par_for_if(parallel, k_radix_buckets, 1, sort_buckets);
}

/// Sorts data[0, n) by `order`, in parallel when `parallel` (then on a
/// worker): msd_radix_sort, or on the calling thread, below
/// k_radix_large_bucket elements, lsd_radix_sort, which fits in cache there;
/// for 1-byte keys that are the elements one counting pass (no buffer).
/// O(n * sizeof(key)) work, a buffer of n elements otherwise
/// (docs/scratch.md).
/// Returns false, having changed nothing, if the buffer cannot be allocated.
/// Exceptions: std::bad_alloc for the n / 256 counters of a parallel pass.
template <class Order, class E = typename Order::element>
bool radix_sort(E* data, std::size_t n, bool parallel, const Order& order) {
  if (n < 2) {
    return true;
  }
  if constexpr (counts_in_place_v<Order>) {
    bucket_bounds bounds;
    radix_pass(data, data, n, 0, parallel, bounds, order);
    return true;
  } else {
    constexpr std::size_t key_bytes = sizeof(typename Order::key_type);
    const scratch_buffer<E> buffer(n);
    if (buffer.data() == nullptr) {
      return false;
    }
    if (parallel || n >= k_radix_large_bucket) {
      msd_radix_sort(data, buffer.data(), n, key_bytes, parallel, order);
    } else if (E* const sorted = lsd_radix_sort(data, buffer.data(), n, key_bytes, order); sorted != data) {
      std::memcpy(data, sorted, n * sizeof(E));
    }
    return true;
  }
}

}  // namespace ws::detail
