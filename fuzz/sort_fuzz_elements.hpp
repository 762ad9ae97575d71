// SPDX-License-Identifier: MIT
// The element types the sort fuzz target sorts: int (the radix sort's and the
// introsort's fast paths, and under the other comparators the sample sort's
// branch-free base case, small_sort), record (copyable, owns a heap string), box
// (move-only, a std::unique_ptr) and text (a std::string whose order is its
// key's: the sample sort's string order), each reduced to a key for the comparators
// and an identity for the permutation checks. A lost, duplicated, torn or
// moved-from element shows in its identity, or as an ASan report (use after
// free, double free) when the element owns memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sort_fuzz {

/// A description of the input being run, printed when a check fails.
inline std::string& current_case() {
  static std::string description;
  return description;
}

/// Reports a failed check with the input's description and aborts, which
/// libFuzzer records as a crash (and saves the input).
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "sort_fuzz: %s\n  input: %s\n", what, current_case().c_str());
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) {
    fail(what);
  }
}

/// A copyable element that owns heap memory: its tag (longer than any
/// small-string buffer) names its key and its position in the input.
struct record {
  std::int64_t m_key;
  std::size_t m_index;
  std::string m_tag;
};

/// What a record's tag must say.
inline std::string tag_of(std::int64_t key, std::size_t index) {
  return "record #" + std::to_string(index) + " with key " + std::to_string(key);
}

/// The heap part of a box.
struct boxed {
  std::int64_t m_key;
  std::size_t m_index;
};

/// A move-only element whose key lives on the heap: a double destroy or a
/// read after free is an ASan report, a moved-from box is null.
using box = std::unique_ptr<const boxed>;

/// A string whose order under std::less is its key's order: a common prefix
/// (longer than the string order's 8-character keys, so they tie), then the
/// key's biased bytes, most significant first, without trailing zero bytes
/// (lengths vary, zero bytes sit inside, and shorter strings are prefixes of
/// longer ones).
using text = std::string;
inline constexpr std::string_view k_text_prefix = "text key: ";

inline text text_of(std::int64_t key) {
  const std::uint64_t biased = static_cast<std::uint64_t>(key) ^ (std::uint64_t{1} << 63);
  text result(k_text_prefix);
  for (int shift = 56; shift >= 0 && (biased << (56 - shift)) != 0; shift -= 8) {
    result.push_back(static_cast<char>(biased >> shift));
  }
  return result;
}

/// The element of type T for the key at position index of the input.
template <class T>
T make_element(std::int64_t key, std::size_t index);

template <>
inline int make_element<int>(std::int64_t key, std::size_t) {
  return static_cast<int>(key);
}

template <>
inline record make_element<record>(std::int64_t key, std::size_t index) {
  return {key, index, tag_of(key, index)};
}

template <>
inline box make_element<box>(std::int64_t key, std::size_t index) {
  return std::make_unique<const boxed>(boxed{key, index});
}

template <>
inline text make_element<text>(std::int64_t key, std::size_t) {
  return text_of(key);
}

/// The key the comparators order by. A comparator must never see a
/// moved-from element: for record and box that is a failure.
inline std::int64_t key_of(int x) { return x; }

inline std::int64_t key_of(const record& x) {
  require(!x.m_tag.empty(), "the comparator was called with a moved-from record");
  return x.m_key;
}

inline std::int64_t key_of(const box& x) {
  require(x != nullptr, "the comparator was called with a moved-from box");
  return x->m_key;
}

inline std::int64_t key_of(const text& x) {
  require(x.size() >= k_text_prefix.size() && x.size() <= k_text_prefix.size() + 8 && x.starts_with(k_text_prefix),
          "the comparator was called with a moved-from or torn text");
  std::uint64_t biased = 0;
  for (std::size_t i = 0; i < 8; ++i) {
    const std::size_t at = k_text_prefix.size() + i;
    biased = biased << 8 | (at < x.size() ? static_cast<unsigned char>(x[at]) : 0U);
  }
  return static_cast<std::int64_t>(biased ^ (std::uint64_t{1} << 63));
}

/// What tells equal-keyed elements apart (for int, which has no position, the
/// value itself), after checking that the element is whole.
inline std::uint64_t identity_of(int x) { return static_cast<std::uint32_t>(x); }

inline std::uint64_t identity_of(const record& x) {
  require(x.m_tag == tag_of(x.m_key, x.m_index), "a record is moved-from or torn");
  return x.m_index;
}

inline std::uint64_t identity_of(const text& x) {
  const std::int64_t key = key_of(x);
  require(x == text_of(key), "a text is moved-from or torn");
  return static_cast<std::uint64_t>(key);
}

inline std::uint64_t identity_of(const box& x) {
  require(x != nullptr, "a box is moved-from");
  return x->m_index;
}

/// The elements for `keys`, in order.
template <class T>
std::vector<T> make_elements(const std::vector<std::int64_t>& keys) {
  std::vector<T> result;
  result.reserve(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    result.push_back(make_element<T>(keys[i], i));
  }
  return result;
}

/// f(x) for each element x, in order: the keys or the identities of a range.
template <class T, class F>
auto projected(const std::vector<T>& values, F f) {
  std::vector<decltype(f(values.front()))> result;
  result.reserve(values.size());
  for (const T& x : values) {
    result.push_back(f(x));
  }
  return result;
}

template <class T>
std::vector<std::int64_t> keys_of(const std::vector<T>& values) {
  return projected(values, [](const T& x) { return key_of(x); });
}

template <class T>
std::vector<std::uint64_t> identities_of(const std::vector<T>& values) {
  return projected(values, [](const T& x) { return identity_of(x); });
}

}  // namespace sort_fuzz
