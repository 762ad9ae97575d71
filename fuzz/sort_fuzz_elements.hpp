// SPDX-License-Identifier: MIT
// The element types the sort fuzz target sorts: int (the radix sort's and the
// introsort's fast paths), record (copyable, owns a heap string) and box
// (move-only, a std::unique_ptr), each reduced to a key for the comparators
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

/// What tells equal-keyed elements apart (for int, which has no position, the
/// value itself), after checking that the element is whole.
inline std::uint64_t identity_of(int x) { return static_cast<std::uint32_t>(x); }

inline std::uint64_t identity_of(const record& x) {
  require(x.m_tag == tag_of(x.m_key, x.m_index), "a record is moved-from or torn");
  return x.m_index;
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
