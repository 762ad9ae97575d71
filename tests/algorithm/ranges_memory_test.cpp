// SPDX-License-Identifier: MIT
// ws::ranges' algorithms over raw memory against what the std::ranges ones
// do: uninitialized_copy and uninitialized_move construct what fits in a
// bounded output and nothing past it, uninitialized_fill, _default_construct
// and _value_construct build every object, destroy ends every one, and the
// _n forms do the same over a count.
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "algorithm_test_support.hpp"
#include "ranges_test_support.hpp"

using ws_test::for_each_policy;
using ws_test::k_grain;

namespace {

/// An object that counts the live objects of its type, to tell which slots
/// of raw memory a call built or destroyed.
struct tracked {
  static inline std::atomic<long> s_live{0};

  long m_value = -1;

  tracked() { ++s_live; }
  explicit tracked(long value) : m_value(value) { ++s_live; }
  tracked(const tracked& other) : m_value(other.m_value) { ++s_live; }
  tracked(tracked&& other) noexcept : m_value(other.m_value) {
    other.m_value = -2;
    ++s_live;
  }
  tracked& operator=(const tracked&) = default;
  ~tracked() { --s_live; }
};

/// Raw memory for n objects of T; owns the memory only.
template <class T>
struct raw_memory {
  explicit raw_memory(std::size_t n) : m_n(n), m_data(std::allocator<T>().allocate(n)) {}
  ~raw_memory() { std::allocator<T>().deallocate(m_data, m_n); }
  raw_memory(const raw_memory&) = delete;
  raw_memory& operator=(const raw_memory&) = delete;

  std::span<T> first(std::size_t k) const { return {m_data, k}; }

  std::size_t m_n;
  T* m_data;
};

}  // namespace

TEST_CASE("uninitialized_copy and uninitialized_move build what fits in raw memory and nothing past it" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    std::vector<tracked> values;
    for (std::size_t i = 0; i < n; ++i) {
      values.emplace_back(static_cast<long>(i));
    }
    const long live_before = tracked::s_live;
    for_each_policy([&](auto policy) {
      for (const std::size_t room : {std::size_t{0}, n / 3, n, n + 2}) {
        CAPTURE(room);
        const std::size_t built = std::min(n, room);
        const auto b = static_cast<std::ptrdiff_t>(built);
        const raw_memory<tracked> raw(room);
        const std::span<tracked> out = raw.first(room);
        const auto copied = ws::ranges::uninitialized_copy(policy, values, out);
        CHECK(copied.in == values.begin() + b);
        CHECK(copied.out == out.begin() + b);
        CHECK(tracked::s_live == live_before + static_cast<long>(built));
        CHECK(std::ranges::equal(out.first(built), std::span<const tracked>(values).first(built), {}, &tracked::m_value,
                                 &tracked::m_value));
        CHECK(ws::ranges::destroy(policy, out.first(built)) == out.begin() + b);
        CHECK(tracked::s_live == live_before);

        std::vector<tracked> sources = values;
        const auto moved = ws::ranges::uninitialized_move_n(policy, sources.begin(), static_cast<std::ptrdiff_t>(n),
                                                            out.begin(), out.end());
        CHECK(moved.in == sources.begin() + b);
        CHECK(std::ranges::all_of(sources.begin(), sources.begin() + b, [](const tracked& t) { return t.m_value == -2; }));
        CHECK(std::ranges::equal(out.first(built), std::span<const tracked>(values).first(built), {}, &tracked::m_value,
                                 &tracked::m_value));
        CHECK(ws::ranges::destroy_n(policy, out.begin(), b) == out.begin() + b);
      }
    });
    CHECK(tracked::s_live == live_before);
  }
}

TEST_CASE("uninitialized_fill, _default_construct and _value_construct build every object, destroy ends them" *
          doctest::timeout(300)) {
  for (const std::size_t n : ws_test::sizes_around(k_grain)) {
    CAPTURE(n);
    const auto count = static_cast<std::ptrdiff_t>(n);
    for_each_policy([&](auto policy) {
      const raw_memory<tracked> raw(n);
      const std::span<tracked> objects = raw.first(n);
      CHECK(ws::ranges::uninitialized_fill(policy, objects, tracked(7)) == objects.end());
      CHECK(tracked::s_live == count);
      CHECK(std::ranges::all_of(objects, [](const tracked& t) { return t.m_value == 7; }));
      CHECK(ws::ranges::destroy(policy, objects.begin(), objects.end()) == objects.end());
      CHECK(tracked::s_live == 0);

      CHECK(ws::ranges::uninitialized_default_construct_n(policy, objects.begin(), count) == objects.end());
      CHECK(std::ranges::all_of(objects, [](const tracked& t) { return t.m_value == -1; }));
      CHECK(ws::ranges::destroy(policy, objects) == objects.end());
      CHECK(ws::ranges::uninitialized_fill_n(policy, objects.begin(), count, tracked(8)) == objects.end());
      CHECK(tracked::s_live == count);
      CHECK(ws::ranges::destroy_n(policy, objects.begin(), count) == objects.end());
      CHECK(tracked::s_live == 0);

      // Value-initialised ints are zero whatever the memory held.
      const raw_memory<int> ints(n);
      std::ranges::fill(ints.first(n), 5);
      CHECK(ws::ranges::uninitialized_value_construct(policy, ints.first(n)) == ints.first(n).end());
      CHECK(std::ranges::count(ints.first(n), 0) == count);
      std::ranges::fill(ints.first(n), 5);
      CHECK(ws::ranges::uninitialized_value_construct_n(policy, ints.m_data, count) == ints.m_data + n);
      CHECK(std::ranges::count(ints.first(n), 0) == count);
      CHECK(ws::ranges::uninitialized_default_construct(policy, ints.first(n)) == ints.first(n).end());
      CHECK(ws::ranges::uninitialized_value_construct_n(policy, ints.m_data, -1) == ints.m_data);
    });
  }
}
