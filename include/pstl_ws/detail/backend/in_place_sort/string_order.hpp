// SPDX-License-Identifier: MIT
// string_order: the sample sort's order for strings of char under std::less
// (a sample_order). A level knows its depth, how many leading characters all
// of its elements share; it compares the 8 characters after them, packed
// into one integer per element and per splitter, and looks at whole strings
// only when those 8 agree; its small buckets are insertion-sorted by keys
// read once. The buckets between two splitters start deeper:
// their elements share the splitters' common prefix. docs/sample-sort.md#strings.
#pragma once

#include <algorithm>  // for std::min, std::mismatch
#include <cstddef>
#include <cstdint>
#include <functional>  // for std::less, std::identity
#include <iterator>  // for std::iter_difference_t
#include <string>
#include <string_view>
#include <type_traits>  // for std::is_same_v, std::remove_cvref_t
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/in_place_sort/sample_order.hpp"
#include "pstl_ws/detail/config.hpp"

namespace ws::detail {

/// Strings whose order under std::less is that of their characters as
/// unsigned bytes, then their lengths: std::basic_string<char> (any
/// allocator) and std::string_view.
template <class T>
inline constexpr bool is_byte_string_v = false;
template <class Alloc>
inline constexpr bool is_byte_string_v<std::basic_string<char, std::char_traits<char>, Alloc>> = true;
template <>
inline constexpr bool is_byte_string_v<std::string_view> = true;

/// Comparators that are std::less on T: std::less<>, std::less<T>,
/// std::ranges::less, or ws::ranges' projected comparator with one of them
/// and std::identity.
template <class Comp, class T>
consteval bool is_plain_less() {
  if constexpr (std::is_same_v<Comp, std::less<>> || std::is_same_v<Comp, std::less<T>> ||
                std::is_same_v<Comp, std::ranges::less>) {
    return true;
  } else if constexpr (requires(const Comp& comp) {
                         comp.function();
                         comp.projection();
                       }) {
    using projection = std::remove_cvref_t<decltype(std::declval<const Comp&>().projection())>;
    using function = std::remove_cvref_t<decltype(std::declval<const Comp&>().function())>;
    return std::is_same_v<projection, std::identity> && is_plain_less<function, T>();
  } else {
    return false;
  }
}

/// Whether the sample sort sorts elements of type T under Comp by the
/// string order.
template <class Comp, class T>
inline constexpr bool string_sorts_v = is_byte_string_v<T> && is_plain_less<Comp, T>();

/// The 8 characters of s from position `depth` as one integer, the first in
/// the most significant byte, missing ones (past the end) as zero bytes. So
/// string_key(a, d) < string_key(b, d) implies that a's characters from d
/// order before b's; equal keys decide nothing (a zero byte and the end look
/// alike).
inline std::uint64_t string_key(std::string_view s, std::size_t depth) noexcept {
  const std::size_t available = s.size() > depth ? std::min<std::size_t>(8, s.size() - depth) : 0;
  const char* const p = available == 0 ? s.data() : s.data() + depth;
  std::uint64_t key = 0;
  if (available == 8) {  // compilers turn this loop into one load and a byte swap
    for (std::size_t i = 0; i < 8; ++i) {
      key = key << 8 | static_cast<unsigned char>(p[i]);
    }
    return key;
  }
  for (std::size_t i = 0; i < available; ++i) {
    key |= std::uint64_t{static_cast<unsigned char>(p[i])} << (56 - 8 * i);
  }
  return key;
}

/// Whether a's characters from position `depth` on order before b's.
inline bool suffix_less(std::string_view a, std::string_view b, std::size_t depth) noexcept {
  return a.substr(std::min(depth, a.size())) < b.substr(std::min(depth, b.size()));
}

/// suffix_less(a, b, depth), given their keys at `depth`: the keys decide
/// where they differ.
inline bool keyed_less(std::uint64_t key_a, std::string_view a, std::uint64_t key_b, std::string_view b,
                       std::size_t depth) noexcept {
  return key_a != key_b ? key_a < key_b : suffix_less(a, b, depth);
}

/// suffix_less(a, b, depth), deciding by the keys at `depth` where they differ.
inline bool string_less_from(std::string_view a, std::string_view b, std::size_t depth) noexcept {
  return keyed_less(string_key(a, depth), a, string_key(b, depth), b, depth);
}

/// The string order at one depth: every element of the level it sorts
/// shares its first m_depth characters (a precondition, which the sample
/// sort's buckets keep; were it broken the order would still be a strict
/// weak order, that of the characters from m_depth on).
template <class T>
class string_order {
 public:
  /// A splitter, or an element being classified, with its key at the depth.
  struct node_type {
    std::uint64_t m_key;
    T m_string;
  };
  struct probe_type {
    std::uint64_t m_key;
    const T* m_string;
  };
  /// Comparisons from the depth on (a strict weak order on any strings).
  struct less_from {
    std::size_t m_depth;
    bool operator()(const T& a, const T& b) const noexcept { return string_less_from(a, b, m_depth); }
  };

  static constexpr std::size_t base_case = k_sample_sort_base_case;

  explicit string_order(std::size_t depth = 0) noexcept : m_depth(depth) {}

  [[nodiscard]] node_type node(const T& x) const { return {string_key(x, m_depth), x}; }
  [[nodiscard]] probe_type probe(const T& x) const noexcept { return {string_key(x, m_depth), &x}; }
  [[nodiscard]] bool node_less(const node_type& s, const probe_type& x) const noexcept {
    return keyed_less(s.m_key, s.m_string, x.m_key, *x.m_string, m_depth);
  }
  [[nodiscard]] bool probe_less(const probe_type& x, const node_type& s) const noexcept {
    return keyed_less(x.m_key, *x.m_string, s.m_key, s.m_string, m_depth);
  }
  [[nodiscard]] less_from comparator() const noexcept { return {m_depth}; }

  /// Insertion-sorts [first, last), at most k_sample_sort_small elements,
  /// with each element's key read once into an array that moves along with
  /// the elements: the comparisons compare integers, and strings only where
  /// two keys agree.
  template <class It>
  void sort_small(It first, It last) const noexcept {
    using diff = std::iter_difference_t<It>;
    const auto n = static_cast<std::size_t>(last - first);
    PSTL_WS_ASSERT(n <= k_sample_sort_small);
    std::uint64_t keys[k_sample_sort_small];
    for (std::size_t i = 0; i < n; ++i) {
      keys[i] = string_key(first[static_cast<diff>(i)], m_depth);
    }
    for (std::size_t i = 1; i < n; ++i) {
      const std::uint64_t key = keys[i];
      auto before = [&](const T& x, std::size_t j) {  // x, whose key is `key`, orders before element j
        return keyed_less(key, x, keys[j], first[static_cast<diff>(j)], m_depth);
      };
      if (!before(first[static_cast<diff>(i)], i - 1)) {
        continue;
      }
      T value = std::move(first[static_cast<diff>(i)]);
      std::size_t hole = i;
      do {
        first[static_cast<diff>(hole)] = std::move(first[static_cast<diff>(hole - 1)]);
        keys[hole] = keys[hole - 1];
        --hole;
      } while (hole > 0 && before(value, hole - 1));
      first[static_cast<diff>(hole)] = std::move(value);
      keys[hole] = key;
    }
  }

  /// The order for lower < x <= upper: both bounds' common prefix is x's.
  [[nodiscard]] string_order between(const node_type* lower, const node_type* upper) const noexcept {
    if (lower == nullptr || upper == nullptr) {
      return *this;
    }
    const std::string_view a = lower->m_string;
    const std::string_view b = upper->m_string;
    const std::size_t end = std::min(a.size(), b.size());
    const std::size_t from = std::min(m_depth, end);
    return string_order(static_cast<std::size_t>(std::mismatch(a.begin() + from, a.begin() + end, b.begin() + from).first -
                                                  a.begin()));
  }

 private:
  std::size_t m_depth;
};

}  // namespace ws::detail
