// SPDX-License-Identifier: MIT
// in_place_radix_sort: ws::sort's radix sort in bounded memory, after the
// design of IPS2Ra (Axtmann, Witt, Ferizovic, Sanders, 2022). A level splits
// the range in place by an 8-bit digit of the key with the sample sort's
// block distribution (split.hpp; the classifier is the digit), then sorts
// every bucket the same way by the next 8 bits, in parallel; ranges of up to
// radix_leaf_v elements are sorted by the least-significant-digit sort in a
// room of that many slots per thread. Not stable: stable_sort keeps the
// buffered radix sort (radix_sort.hpp). docs/sample-sort.md#the-radix-sort-in-place.
#pragma once

#include <algorithm>  // for std::min
#include <bit>  // for std::bit_width
#include <climits>  // for CHAR_BIT
#include <cstddef>
#include <cstring>  // for std::memcpy
#include <optional>

#include "pstl_ws/detail/backend/in_place_sort/split.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_reduce.hpp"
#include "pstl_ws/detail/backend/radix_sort.hpp"
#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// The largest range of E that the least-significant-digit sort takes, in a
/// room of as many slots: k_radix_in_place_leaf elements (512 KiB of 8-byte
/// keys), or k_radix_room_bytes of smaller ones (2^17 u32).
template <class E>
inline constexpr std::size_t radix_leaf_v = std::max(k_radix_in_place_leaf, k_radix_room_bytes / sizeof(E));

/// One level's classifier (a level_classifier): an element's bucket is the
/// digit of its key at bit `shift`. At shift 0 the buckets are done: their
/// keys are equal.
template <class Order>
class radix_classifier {
 public:
  radix_classifier(const Order& order, unsigned shift) noexcept : m_order(&order), m_shift(shift) {}

  [[nodiscard]] static constexpr std::size_t num_buckets() noexcept { return k_radix_buckets; }
  [[nodiscard]] bool is_equality_bucket(std::size_t) const noexcept { return m_shift == 0; }

  template <class E, class Visit>
  void classify(E* first, std::size_t n, Visit&& visit, std::size_t& visited) const noexcept {
    for (std::size_t i = 0; i < n; ++i) {
      visit(static_cast<bucket_index>(m_order->digit(first[i], m_shift)), first[i]);
    }
    visited = n;
  }

 private:
  const Order* m_order;
  unsigned m_shift;
};

/// How many low bits of the keys of data[0, n) (n >= 1) tell them apart:
/// all keys agree on the bits above. When 256 keys spread over the range
/// already differ in the top bit, that is the answer; else one read of all
/// the keys tells (in parallel when `parallel`, then on a worker), cheaper
/// than a level whose digit would leave most keys in a few buckets.
template <class Order, class E = typename Order::element>
std::size_t bits_that_differ(const E* data, std::size_t n, bool parallel, const Order& order) {
  using key = decltype(order.key(data[0]));
  const key first_key = order.key(data[0]);
  auto differs = [&](std::size_t i) { return key(order.key(data[i]) ^ first_key); };
  auto either = [](key a, key b) { return key(a | b); };
  key sampled{0};
  for (std::size_t i = 0; i < n; i += std::max<std::size_t>(1, n / k_radix_buckets)) {
    sampled = either(sampled, differs(i));
  }
  if (constexpr int k_key_bits = sizeof(key) * CHAR_BIT; std::bit_width(sampled) == k_key_bits) {
    return k_key_bits;
  }
  return static_cast<std::size_t>(std::bit_width(par_reduce(n, k_radix_chunk, key{0}, differs, either, parallel)));
}

/// Sorts keys[0, n) on the calling thread by comparing their keys: where a
/// level's memory cannot be had.
template <class Order, class E = typename Order::element>
void sort_by_keys(E* keys, std::size_t n, const Order& order) {
  auto by_key = [&order](const E& a, const E& b) { return order.key(a) < order.key(b); };
  introsort(keys, keys + n, sort_depth_limit(static_cast<std::ptrdiff_t>(n)), by_key, false);
}

template <class Order, class E = typename Order::element>
void radix_level(E* keys, std::size_t n, std::size_t bits, std::size_t grain, bool parallel, const Order& order,
                 E* room);

/// The digits by which a leaf of n keys is sorted: enough that there are
/// 2^k_radix_leaf_spare_bits times as many digit values as keys, so that few
/// random keys agree on all of them.
constexpr std::size_t radix_leaf_passes(std::size_t n) noexcept {
  return (static_cast<std::size_t>(std::bit_width(n)) + k_radix_leaf_spare_bits + k_radix_bits - 1) / k_radix_bits;
}

/// Sorts keys[0, n) (n <= radix_leaf_v<E>) by the low `bits` bits of their
/// keys (the others being equal) on the calling thread, with room (n
/// slots). If those bits span more than one digit past radix_leaf_passes(n),
/// by least-significant-digit passes over the top radix_leaf_passes(n)
/// digits only; keys that agree on those digits are then in runs (about one
/// random key in 2^k_radix_leaf_spare_bits is in one), each sorted by the
/// bits below: by the introsort up to k_radix_leaf_run_max keys, else by
/// radix_level. Else by least-significant-digit passes over all of them.
template <class Order, class E = typename Order::element>
void radix_leaf(E* keys, std::size_t n, std::size_t bits, std::size_t grain, const Order& order, E* room) {
  static_assert(radix_leaf_passes(radix_leaf_v<E>) <= 3, "the passes below dispatch to at most 3 digits");
  const std::size_t bytes = (bits + k_radix_bits - 1) / k_radix_bits;
  const std::size_t passes = radix_leaf_passes(n);
  if (bytes <= passes + 1) {
    if (E* const sorted = lsd_radix_sort(keys, room, n, bytes, order); sorted != keys) {
      std::memcpy(keys, sorted, n * sizeof(E));
    }
    return;
  }
  const auto low = static_cast<unsigned>(bits - passes * k_radix_bits);
  E* const sorted = passes == 1   ? lsd_passes<1>(keys, room, n, low, 1, order)
                    : passes == 2 ? lsd_passes<2>(keys, room, n, low, 2, order)
                                  : lsd_passes<3>(keys, room, n, low, 3, order);
  if (sorted != keys) {
    std::memcpy(keys, sorted, n * sizeof(E));
  }
  for (std::size_t begin = 0; begin < n;) {
    const auto top = order.key(keys[begin]) >> low;
    std::size_t end = begin + 1;
    while (end < n && order.key(keys[end]) >> low == top) {
      ++end;
    }
    if (end - begin > k_radix_leaf_run_max) {
      radix_level(keys + begin, end - begin, low, grain, false, order, room);
    } else if (end - begin > 1) {
      sort_by_keys(keys + begin, end - begin, order);
    }
    begin = end;
  }
}

/// Sorts keys[0, n) by the low `bits` bits of their keys (the others being
/// equal), in parallel when `parallel` (then on a worker): a level splits
/// them by bits [bits - 8, bits), its buckets by the 8 bits below, and so
/// on, down to ranges of radix_leaf_v<E> keys (radix_leaf). A level runs on
/// one stripe per thread while it has k_sample_sort_grains_per_stripe ×
/// `grain` elements per thread. `room`: radix_leaf_v<E> slots for the
/// leaves of the calling thread, or null (then taken where needed).
template <class Order, class E>
void radix_level(E* keys, std::size_t n, std::size_t bits, std::size_t grain, bool parallel, const Order& order,
                 E* room) {
  if (n < 2 || bits == 0) {
    return;
  }
  if (room == nullptr && (n <= radix_leaf_v<E> || !parallel)) {
    const scratch_buffer<E> own(std::min(n, radix_leaf_v<E>));
    if (own.data() != nullptr) {
      radix_level(keys, n, bits, grain, parallel, order, own.data());
    } else {
      sort_by_keys(keys, n, order);
    }
    return;
  }
  if (n <= radix_leaf_v<E>) {
    radix_leaf(keys, n, bits, grain, order, room);
    return;
  }
  const std::size_t stripe_min = k_sample_sort_grains_per_stripe * grain;
  const std::size_t stripes = parallel ? std::min(current_num_threads(), n / stripe_min) : 1;
  parallel = stripes > 1;
  const std::size_t shift = bits > k_radix_bits ? bits - k_radix_bits : 0;
  const radix_classifier<Order> digits(order, static_cast<unsigned>(shift));
  const std::optional<bucket_split> split =
      split_into_buckets(keys, n, digits, std::max<std::size_t>(stripes, 1), parallel);
  if (!split) {
    sort_by_keys(keys, n, order);
    return;
  }
  const auto size_of = [&](std::size_t b) { return split->m_done[b] ? 0 : split->m_begin[b + 1] - split->m_begin[b]; };
  auto sort_buckets = [&](std::size_t begin, std::size_t end) {
    // On a parallel level, each leaf takes one room, as large as the largest
    // of its buckets that fit one: most are far smaller than a room.
    std::size_t largest_small = 0;
    for (std::size_t b = begin; parallel && b < end; ++b) {
      if (size_of(b) <= radix_leaf_v<E>) {
        largest_small = std::max(largest_small, size_of(b));
      }
    }
    const scratch_buffer<E> leaf_room(largest_small);
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t size = size_of(b);
      E* const bucket_room = !parallel ? room : size <= radix_leaf_v<E> ? leaf_room.data() : nullptr;
      radix_level(keys + split->m_begin[b], size, shift, grain, parallel, order, bucket_room);
    }
  };
  par_for_if(parallel, k_radix_buckets, 1, sort_buckets);
}

/// Sorts data[0, n) by `order` in bounded memory, in parallel when
/// `parallel` (then on a worker): ranges of up to radix_leaf_v<E>
/// elements by the least-significant-digit sort, larger ones by levels of
/// radix_level from the highest bit on which the keys differ; 1-byte keys
/// that are the elements by one counting pass.
/// O(n × sizeof(key)) work; memory: a level's block buffers (256 blocks of
/// k_sample_sort_block_bytes per stripe) and radix_leaf_v<E> elements
/// per thread, whatever n. Falls back to the introsort when these cannot be
/// had. Exceptions: none (the keys cannot throw).
template <class Order, class E = typename Order::element>
void in_place_radix_sort(E* data, std::size_t n, std::size_t grain, bool parallel, const Order& order) {
  if constexpr (counts_in_place_v<Order>) {
    radix_sort(data, n, parallel, order);
  } else {
    const std::size_t bits = n <= radix_leaf_v<E> ? sizeof(typename Order::key_type) * CHAR_BIT
                                                  : bits_that_differ(data, n, parallel, order);
    radix_level(data, n, bits, grain, parallel, order, static_cast<E*>(nullptr));
  }
}

}  // namespace ws::detail
