// SPDX-License-Identifier: MIT
// How the sort fuzz target reads its input: an algorithm, a comparator (and
// whether it throws), an element type, a pool, a grain, parameters, and the
// keys, either the input's own bytes or generated from a seed (so that a short
// input reaches the parallel paths, with up to 200'000 elements). fuzz/README.md
// describes the layout.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "sort_fuzz_order.hpp"

namespace sort_fuzz {

enum class algorithm : std::uint8_t { sort, stable_sort, nth_element };
enum class element_kind : std::uint8_t { integer, record, box, text };

/// Size ranges of generated inputs, [m_min, m_max], selected by the byte
/// values [m_from, m_to): ranges around each parallel threshold (stable_sort's
/// 2 * 2048, sort's 16384, nth_element's 65536 and the in-place radix sort's
/// leaf 2^16, the radix sort's and the parallel partition's 2^17; from the
/// leaf on, ints under < and > take the in-place radix sort's levels). Any other byte selects [0, 100] (below 0x80)
/// or [0, 2000]. The large ranges sit in the middle of the byte's values, away
/// from those libFuzzer's mutations favour (0, 1, 0x7f, 0x80, 0xff), so that
/// most runs take a millisecond or less and a few take tens.
struct size_range {
  unsigned m_from;
  unsigned m_to;
  std::size_t m_min;
  std::size_t m_max;
};
inline constexpr size_range k_size_ranges[] = {
    {0x20, 0x30, 2000, 10000},    {0x30, 0x38, 16000, 17000},   {0x38, 0x3c, 17000, 70000},
    {0x3c, 0x3e, 130000, 132000}, {0x3e, 0x40, 132000, 200000},
};
/// The most records or boxes an input has: past 20000, the only new path is
/// sort's parallel partition (from 2^17), which ints take, and nth_element
/// takes at any size with a grain; a record costs a hundred times an int.
inline constexpr std::size_t k_max_owning_elements = 20000;

/// The size range a byte selects (see k_size_ranges).
inline size_range size_range_of(unsigned byte) {
  for (const size_range& r : k_size_ranges) {
    if (r.m_from <= byte && byte < r.m_to) {
      return r;
    }
  }
  return byte < 0x80 ? size_range{0, 0, 0, 100} : size_range{0, 0, 0, 2000};
}

/// Key ranges of generated inputs: from two distinct keys to all of int's.
inline constexpr std::uint64_t k_key_ranges[] = {2, 16, 1024, std::uint64_t{1} << 32};

enum class pattern : std::uint8_t { random, sorted, reversed, organ_pipe, few_swaps, all_equal };
inline constexpr std::uint8_t k_patterns = 6;

/// One decoded input.
struct fuzz_case {
  algorithm m_algorithm = algorithm::sort;
  order_kind m_order = order_kind::less;
  element_kind m_element = element_kind::integer;
  std::size_t m_threads = 1;  ///< the pool's, 1 to 4
  bool m_park = false;        ///< the pool's wait policy: park, else steal
  std::size_t m_grain = 0;    ///< the policy's grain (0: the algorithm's default)
  std::uint64_t m_seed = 0;   ///< of the generated keys and of the coin flips
  std::uint64_t m_k = 0;      ///< of flips_after_k
  std::uint64_t m_throw_at = k_never;  ///< the comparator's call that throws
  std::size_t m_nth = 0;      ///< nth_element's position, 0 to n (n: nth == last)
  std::vector<std::int64_t> m_keys;

  [[nodiscard]] std::string describe() const {
    constexpr const char* k_algorithms[] = {"sort", "stable_sort", "nth_element"};
    constexpr const char* k_elements[] = {"int", "record", "box", "text"};
    const std::string throws = m_throw_at == k_never ? "none" : std::to_string(m_throw_at);
    return std::string(k_algorithms[static_cast<std::size_t>(m_algorithm)]) + ", comparator " + name_of(m_order) +
           " (k " + std::to_string(m_k) + ", throw at " + throws + ", seed " + std::to_string(m_seed) +
           "), element " + k_elements[static_cast<std::size_t>(m_element)] + ", " + std::to_string(m_threads) +
           " threads (" + (m_park ? "park" : "steal") + "), grain " + std::to_string(m_grain) + ", n " +
           std::to_string(m_keys.size()) + ", nth " + std::to_string(m_nth);
  }
};

/// n keys in [-range / 2, range / 2) laid out as `shape` says, from `seed`.
inline std::vector<std::int64_t> generate_keys(std::size_t n, pattern shape, std::uint64_t range, std::uint64_t seed) {
  std::vector<std::int64_t> keys(n);
  const auto half = static_cast<std::int64_t>(range / 2);
  for (std::size_t i = 0; i < n; ++i) {
    keys[i] = static_cast<std::int64_t>(mix(seed + i) % range) - half;
  }
  switch (shape) {
    case pattern::random: break;
    case pattern::sorted: std::sort(keys.begin(), keys.end()); break;
    case pattern::reversed: std::sort(keys.begin(), keys.end(), std::greater<>()); break;
    case pattern::organ_pipe:
      std::sort(keys.begin(), keys.end());
      std::reverse(keys.begin() + static_cast<std::ptrdiff_t>(n / 2), keys.end());
      break;
    case pattern::few_swaps:
      std::sort(keys.begin(), keys.end());
      for (std::size_t i = 0; n != 0 && i < 1 + n / 1000; ++i) {
        std::swap(keys[mix(seed ^ (2 * i)) % n], keys[mix(seed ^ (2 * i + 1)) % n]);
      }
      break;
    case pattern::all_equal: std::fill(keys.begin(), keys.end(), keys.empty() ? 0 : keys.front()); break;
  }
  return keys;
}

/// Reads one case from libFuzzer's input (FuzzedDataProvider: the integers
/// from the end, the keys from the front). Every input decodes to some case:
/// a value whose bytes are missing reads as its least.
inline fuzz_case decode(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  fuzz_case c;
  c.m_algorithm = static_cast<algorithm>(input.ConsumeIntegralInRange<std::uint8_t>(0, 2));
  c.m_order = static_cast<order_kind>(input.ConsumeIntegralInRange<std::uint8_t>(0, k_order_kinds - 1));
  c.m_element = static_cast<element_kind>(input.ConsumeIntegralInRange<std::uint8_t>(0, 3));
  c.m_threads = input.ConsumeIntegralInRange<std::size_t>(1, 4);
  c.m_park = input.ConsumeBool();
  const std::size_t grain = input.ConsumeIntegral<std::uint8_t>();
  c.m_seed = input.ConsumeIntegral<std::uint64_t>();
  const auto k = input.ConsumeIntegral<std::uint32_t>();
  const bool throws = input.ConsumeBool();
  const auto throw_at = input.ConsumeIntegral<std::uint32_t>();
  const auto nth = input.ConsumeIntegral<std::uint32_t>();
  if (input.ConsumeBool()) {  // generated keys
    const size_range sizes = size_range_of(input.ConsumeIntegral<std::uint8_t>());
    std::size_t n = input.ConsumeIntegralInRange(sizes.m_min, sizes.m_max);
    if (c.m_element != element_kind::integer) {
      n = std::min(n, k_max_owning_elements);
    }
    const auto shape = static_cast<pattern>(input.ConsumeIntegralInRange<std::uint8_t>(0, k_patterns - 1));
    const std::uint64_t range = k_key_ranges[input.ConsumeIntegralInRange<std::size_t>(0, std::size(k_key_ranges) - 1)];
    c.m_keys = generate_keys(n, shape, range, c.m_seed);
  } else {  // the rest of the input, a key per byte
    for (const std::int8_t byte : input.ConsumeRemainingBytes<std::int8_t>()) {
      c.m_keys.push_back(byte);
    }
  }
  const std::size_t n = c.m_keys.size();
  // k and throw_at up to about twice the comparisons a sort makes, so that
  // some calls reach them and some do not.
  const std::uint64_t calls = 2 * n * static_cast<std::size_t>(std::bit_width(n) + 1) + 16;
  c.m_k = k % calls;
  c.m_throw_at = throws ? throw_at % calls : k_never;
  c.m_nth = nth % (n + 1);
  // A grain in units of n / 4096 (at least 1): a large input with a grain of
  // a few elements would spend its time in joins.
  c.m_grain = grain * std::max<std::size_t>(1, n / 4096);
  return c;
}

}  // namespace sort_fuzz
