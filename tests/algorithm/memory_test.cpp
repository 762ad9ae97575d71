// SPDX-License-Identifier: MIT
// The memory walks (uninitialized_copy, _move, _fill, _default_construct,
// _value_construct and their _n forms, destroy, destroy_n) against std::, and
// what is left constructed when a constructor throws.
#include <pstl_ws/memory.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <iterator>
#include <list>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

using ws::detail::k_walk_parallel_threshold;

/// Raw memory for n objects of T, filled with a byte pattern. Owns the
/// memory only: the test constructs and destroys the objects.
template <class T>
class raw_buffer {
 public:
  explicit raw_buffer(std::size_t n) : m_size(n), m_data(std::allocator<T>().allocate(n)) {
    std::memset(static_cast<void*>(m_data), 0xAB, n * sizeof(T));
  }
  ~raw_buffer() { std::allocator<T>().deallocate(m_data, m_size); }
  raw_buffer(const raw_buffer&) = delete;
  raw_buffer& operator=(const raw_buffer&) = delete;

  [[nodiscard]] T* begin() const { return m_data; }
  [[nodiscard]] T* end() const { return m_data + m_size; }

 private:
  std::size_t m_size;
  T* m_data;
};

/// An element that counts its constructions and live objects, throws on the
/// construction numbered `throw_at` (counted from 0 since reset()), and
/// checks that every slot of one watched buffer is constructed at most once
/// before it is destroyed, and destroyed only when constructed.
class counted {
 public:
  counted() : counted(-1L) {}
  explicit counted(long value) : m_value(value) { enter(); }
  counted(const counted& other) : m_value(other.m_value) { enter(); }
  counted(counted&& other) : m_value(other.m_value) {  // may throw, as the test needs
    enter();
    other.m_value = -2;
  }
  counted& operator=(const counted&) = default;
  ~counted() {
    --s_live;
    mark(1, 0);
  }

  [[nodiscard]] long value() const { return m_value; }
  bool operator==(const counted& other) const { return m_value == other.m_value; }

  /// Starts counting constructions from 0, throwing at the one numbered
  /// throw_at (-1: never), and watches the slots of [first, first + n).
  static void reset(long throw_at, counted* first, std::size_t n) {
    s_constructions = 0;
    s_throw_at = throw_at;
    s_watched = first;
    s_states = std::vector<std::atomic<int>>(n);
  }
  static long live() { return s_live.load(); }
  static long errors() { return s_errors.load(); }
  /// How many watched slots are constructed now.
  static long constructed_slots() {
    return std::count_if(s_states.begin(), s_states.end(), [](const std::atomic<int>& s) { return s.load() == 1; });
  }

 private:
  void enter() {
    if (s_constructions++ == s_throw_at) {
      throw std::runtime_error("construction " + std::to_string(s_throw_at.load()));
    }
    ++s_live;
    mark(0, 1);
  }
  /// Moves this object's slot, if watched, from state `from` to `to`.
  void mark(int from, int to) {
    if (this >= s_watched && this < s_watched + s_states.size()) {
      int expected = from;
      if (!s_states[static_cast<std::size_t>(this - s_watched)].compare_exchange_strong(expected, to)) {
        ++s_errors;
      }
    }
  }

  long m_value;
  static inline std::atomic<long> s_live{0};
  static inline std::atomic<long> s_constructions{0};
  static inline std::atomic<long> s_throw_at{-1};
  static inline std::atomic<long> s_errors{0};
  static inline counted* s_watched = nullptr;
  static inline std::vector<std::atomic<int>> s_states;
};

/// One constructing algorithm, called as std::NAME(policy..., ...) (std's
/// own without a policy, ws's with one: <pstl_ws/std.hpp>). It constructs
/// [out, out + source.size()) (from `source` where it reads one, which it may
/// move from) and returns the offset of the returned output iterator.
template <class T>
struct memory_case {
  std::string name;
  std::function<long(std::vector<T>& source, T* out)> run_std;
  std::function<long(std::vector<T>& source, T* out, ws::parallel_policy)> run_ws;
  bool defines_values;  // false for default construction of a trivial type
};

template <class T>
std::vector<memory_case<T>> memory_cases() {
  std::vector<memory_case<T>> cases;
  const auto add = [&](std::string name, auto call, bool defines_values = true) {
    cases.push_back({std::move(name), [call](std::vector<T>& s, T* out) { return call(s, out); },
                     [call](std::vector<T>& s, T* out, ws::parallel_policy p) { return call(s, out, p); },
                     defines_values});
  };
  const auto end_of = [](std::vector<T>& s, T* out) { return out + s.size(); };
  add("uninitialized_copy", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_copy(p..., s.begin(), s.end(), out) - out;
  });
  add("uninitialized_copy_n", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_copy_n(p..., s.begin(), s.size(), out) - out;
  });
  add("uninitialized_move", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_move(p..., s.begin(), s.end(), out) - out;
  });
  add("uninitialized_move_n", [](std::vector<T>& s, T* out, auto... p) {
    const auto [read_end, write_end] = std::uninitialized_move_n(p..., s.begin(), s.size(), out);
    CHECK(read_end == s.end());
    return write_end - out;
  });
  add("uninitialized_fill", [end_of](std::vector<T>& s, T* out, auto... p) {
    std::uninitialized_fill(p..., out, end_of(s, out), T(s.empty() ? T() : s.front()));
    return static_cast<long>(s.size());
  });
  add("uninitialized_fill_n", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_fill_n(p..., out, s.size(), T(s.empty() ? T() : s.front())) - out;
  });
  constexpr bool default_defines_values = !std::is_trivially_default_constructible_v<T>;
  add("uninitialized_default_construct", [end_of](std::vector<T>& s, T* out, auto... p) {
    std::uninitialized_default_construct(p..., out, end_of(s, out));
    return static_cast<long>(s.size());
  }, default_defines_values);
  add("uninitialized_default_construct_n", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_default_construct_n(p..., out, s.size()) - out;
  }, default_defines_values);
  add("uninitialized_value_construct", [end_of](std::vector<T>& s, T* out, auto... p) {
    std::uninitialized_value_construct(p..., out, end_of(s, out));
    return static_cast<long>(s.size());
  });
  add("uninitialized_value_construct_n", [](std::vector<T>& s, T* out, auto... p) {
    return std::uninitialized_value_construct_n(p..., out, s.size()) - out;
  });
  return cases;
}

/// Runs every memory case on `source` on every pool, compares the objects
/// and the returned iterator with std::'s, then destroys them with
/// ws::destroy (even cases) or ws::destroy_n (odd ones).
template <class T>
void check_every_case(const std::vector<T>& source, std::size_t grain) {
  const std::size_t n = source.size();
  std::size_t index = 0;
  for (const memory_case<T>& c : memory_cases<T>()) {
    CAPTURE(c.name);
    CAPTURE(n);
    CAPTURE(grain);
    const bool use_destroy_n = index++ % 2 == 1;
    std::vector<T> expected_source = source;
    raw_buffer<T> expected(n);
    CHECK(c.run_std(expected_source, expected.begin()) == static_cast<long>(n));
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<T> moved_source = source;
      raw_buffer<T> out(n);
      CHECK(c.run_ws(moved_source, out.begin(), policy.grain(grain)) == static_cast<long>(n));
      if (c.defines_values) {
        CHECK(std::equal(out.begin(), out.end(), expected.begin()));
      }
      CHECK(moved_source == expected_source);
      if (use_destroy_n) {
        CHECK(ws::destroy_n(policy.grain(grain), out.begin(), n) == out.end());
      } else {
        ws::destroy(policy.grain(grain), out.begin(), out.end());
      }
    });
    std::destroy(expected.begin(), expected.end());
  }
}

std::vector<counted> counted_values(std::size_t n) {
  std::vector<counted> values;
  values.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    values.emplace_back(static_cast<long>(i));
  }
  return values;
}

}  // namespace

TEST_CASE("every memory walk constructs what std:: constructs, for every size, grain and pool" *
          doctest::timeout(600)) {
  for (std::size_t n : ws_test::sizes_around(k_walk_parallel_threshold / 2)) {
    std::vector<long> longs(n);
    std::iota(longs.begin(), longs.end(), 1L);
    check_every_case(longs, 0);
  }
  for (std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{20}, std::size_t{5003}}) {
    std::vector<std::string> words(n);
    for (std::size_t i = 0; i < n; ++i) {
      words[i] = "a string too long for the small buffer, number " + std::to_string(i);
    }
    check_every_case(words, 7);
  }
}

TEST_CASE("every object is constructed exactly once and destroyed once" * doctest::timeout(300)) {
  for (std::size_t n : {std::size_t{1}, k_walk_parallel_threshold - 1, std::size_t{30'011}}) {
    CAPTURE(n);
    const long live_before = counted::live();
    {
      const std::vector<counted> source = counted_values(n);
      for (const memory_case<counted>& c : memory_cases<counted>()) {
        CAPTURE(c.name);
        ws_test::for_each_pool([&](ws::parallel_policy policy) {
          std::vector<counted> moved_source = source;
          raw_buffer<counted> out(n);
          counted::reset(-1, out.begin(), n);
          const long live = counted::live();
          CHECK(c.run_ws(moved_source, out.begin(), policy.grain(64)) == static_cast<long>(n));
          CHECK(counted::constructed_slots() == static_cast<long>(n));
          CHECK(counted::live() == live + static_cast<long>(n));
          ws::destroy(policy.grain(64), out.begin(), out.end());
          CHECK(counted::constructed_slots() == 0);
          CHECK(counted::live() == live);
        });
      }
    }
    CHECK(counted::live() == live_before);
    CHECK(counted::errors() == 0);
  }
}

TEST_CASE("a constructor that throws at the first, a middle or the last object leaves nothing constructed" *
          doctest::timeout(300)) {
  constexpr std::size_t n = 20'000;
  const std::vector<counted> source = counted_values(n);
  for (const memory_case<counted>& c : memory_cases<counted>()) {
    for (long at : {0L, static_cast<long>(n / 2), static_cast<long>(n - 1)}) {
      CAPTURE(c.name);
      CAPTURE(at);
      ws_test::for_each_pool([&](ws::parallel_policy policy) {
        std::vector<counted> moved_source = source;
        // The fill cases make one copy of the value before the call.
        const bool copies_value_first = c.name.find("fill") != std::string::npos;
        raw_buffer<counted> out(n);
        counted::reset(at + (copies_value_first ? 1 : 0), out.begin(), n);
        const long live = counted::live();
        CHECK_THROWS_WITH_AS(c.run_ws(moved_source, out.begin(), policy.grain(100)),
                             ("construction " + std::to_string(at + (copies_value_first ? 1 : 0))).c_str(),
                             std::runtime_error);
        CHECK(counted::constructed_slots() == 0);
        CHECK(counted::live() == live);
        CHECK(counted::errors() == 0);
        // The pool still works.
        counted::reset(-1, out.begin(), n);
        ws::uninitialized_fill(policy, out.begin(), out.end(), counted(5));
        CHECK(counted::constructed_slots() == static_cast<long>(n));
        ws::destroy(policy, out.begin(), out.end());
      });
    }
  }
  CHECK(counted::errors() == 0);
}

namespace {

/// A forward-only view of raw memory: the memory walks then run std::'s
/// algorithm on the calling thread.
template <class T>
class forward_only {
 public:
  using iterator_concept = std::forward_iterator_tag;
  using iterator_category = std::forward_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using pointer = T*;

  forward_only() = default;
  explicit forward_only(T* p) : m_p(p) {}
  T& operator*() const { return *m_p; }
  forward_only& operator++() {
    ++m_p;
    return *this;
  }
  forward_only operator++(int) {
    forward_only old = *this;
    ++m_p;
    return old;
  }
  bool operator==(const forward_only&) const = default;
  [[nodiscard]] T* get() const { return m_p; }

 private:
  T* m_p = nullptr;
};

/// An element type without a default constructor.
struct no_default {
  explicit no_default(long v) : value(v) {}
  long value;
  bool operator==(const no_default&) const = default;
};

}  // namespace

TEST_CASE("memory walks over forward iterators, lists and types without a default constructor" *
          doctest::timeout(120)) {
  constexpr std::size_t n = 10'000;
  const std::list<std::string> words(n, "from a list, so on the calling thread");
  raw_buffer<std::string> out(n);
  const forward_only<std::string> first(out.begin());
  const forward_only<std::string> last(out.end());
  CHECK(ws::uninitialized_copy(ws::par, words.begin(), words.end(), first) == last);
  CHECK(std::equal(out.begin(), out.end(), words.begin()));
  CHECK(ws::destroy_n(ws::par, first, n) == last);
  CHECK(ws::uninitialized_fill_n(ws::par, first, n, std::string("x")) == last);
  ws::destroy(ws::par, first, last);
  CHECK(ws::uninitialized_value_construct_n(ws::par, first, n) == last);
  CHECK(std::all_of(out.begin(), out.end(), [](const std::string& w) { return w.empty(); }));
  ws::destroy(ws::seq, out.begin(), out.end());
  std::list<std::string> movable = words;
  const auto [read_end, write_end] = ws::uninitialized_move_n(ws::par, movable.begin(), n, first);
  CHECK(read_end == movable.end());
  CHECK(write_end == last);
  ws::destroy(ws::par, out.begin(), out.end());

  raw_buffer<long> numbers(n);
  ws::uninitialized_value_construct(ws::par, forward_only<long>(numbers.begin()), forward_only<long>(numbers.end()));
  CHECK(std::all_of(numbers.begin(), numbers.end(), [](long x) { return x == 0; }));

  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    raw_buffer<no_default> objects(n);
    ws::uninitialized_fill(policy, objects.begin(), objects.end(), no_default(3));
    CHECK(std::all_of(objects.begin(), objects.end(), [](const no_default& x) { return x.value == 3; }));
    std::vector<no_default> copies(n, no_default(4));
    CHECK(ws::uninitialized_copy(policy, copies.begin(), copies.end(), objects.begin()) == objects.end());
    CHECK(std::equal(objects.begin(), objects.end(), copies.begin()));
    ws::destroy(policy, objects.begin(), objects.end());
  });
}

TEST_CASE("every memory signature is reachable as std::NAME(ws::par, ...)" * doctest::timeout(60)) {
  constexpr std::size_t n = 50'000;
  std::vector<std::string> words(n, "word");
  raw_buffer<std::string> out(n);
  const auto all_equal = [&](const std::string& w) {
    return std::all_of(out.begin(), out.end(), [&](const std::string& x) { return x == w; });
  };
  CHECK(std::uninitialized_copy(ws::par, words.begin(), words.end(), out.begin()) == out.end());
  CHECK(all_equal("word"));
  std::destroy(ws::par, out.begin(), out.end());
  CHECK(std::uninitialized_copy_n(ws::par, words.begin(), n, out.begin()) == out.end());
  CHECK(all_equal("word"));
  CHECK(std::destroy_n(ws::par, out.begin(), n) == out.end());
  CHECK(std::uninitialized_move(ws::par, words.begin(), words.end(), out.begin()) == out.end());
  CHECK(all_equal("word"));
  std::destroy(ws::par, out.begin(), out.end());
  std::fill(words.begin(), words.end(), "moved");
  const auto moved = std::uninitialized_move_n(ws::par, words.begin(), n, out.begin());
  CHECK(moved.first == words.end());
  CHECK(moved.second == out.end());
  CHECK(all_equal("moved"));
  std::destroy(ws::par, out.begin(), out.end());
  std::uninitialized_fill(ws::par, out.begin(), out.end(), std::string("filled"));
  CHECK(all_equal("filled"));
  std::destroy(ws::par, out.begin(), out.end());
  CHECK(std::uninitialized_fill_n(ws::par, out.begin(), n, std::string("filled n")) == out.end());
  CHECK(all_equal("filled n"));
  std::destroy(ws::par, out.begin(), out.end());
  std::uninitialized_default_construct(ws::par, out.begin(), out.end());
  CHECK(all_equal(""));
  std::destroy(ws::par, out.begin(), out.end());
  CHECK(std::uninitialized_default_construct_n(ws::par, out.begin(), n) == out.end());
  CHECK(all_equal(""));
  std::destroy(ws::par, out.begin(), out.end());
  std::uninitialized_value_construct(ws::par, out.begin(), out.end());
  CHECK(all_equal(""));
  std::destroy(ws::par, out.begin(), out.end());
  CHECK(std::uninitialized_value_construct_n(ws::par, out.begin(), n) == out.end());
  CHECK(all_equal(""));
  std::destroy(ws::par, out.begin(), out.end());
}
