// SPDX-License-Identifier: MIT
// The walk algorithms (transform, copy, fill, generate, replace, reverse,
// rotate, shift, adjacent_difference, ...) against their sequential std:: results.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <deque>
#include <forward_list>
#include <functional>
#include <iterator>
#include <list>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"
#include "walk_cases.hpp"

using namespace walk_test;

using ws_test::thrown;
using ws_test::thrown_element;

TEST_CASE("every walk algorithm gives std::'s elements and iterator, for every size, grain and pool" *
          doctest::timeout(600)) {
  check_every_case<std::vector<long>>(matrix_sizes(k_walk_parallel_threshold / 2, true), 0);
  check_every_case<std::vector<long>>(matrix_sizes(7, false), 7);
  check_every_case<std::vector<long>>({5003}, 7);
}

TEST_CASE("on a deque the walks run in parallel too, and on a list they run std::'s algorithm" *
          doctest::timeout(300)) {
  const std::vector<std::size_t> sizes = {0, 1, 5, k_walk_parallel_threshold + 1, 20'011};
  check_every_case<std::deque<long>>(sizes, 0);
  check_every_case<std::list<long>>(sizes, 0);
}

TEST_CASE("walks read from iota views and write through reverse iterators" * doctest::timeout(120)) {
  constexpr long n = 100'003;
  const auto indices = ws_test::iota(0L, n);
  std::vector<long> expected(n);
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    std::vector<long> out(n, -1);
    std::transform(indices.begin(), indices.end(), expected.begin(), k_triple);
    CHECK(ws::transform(policy, indices.begin(), indices.end(), out.begin(), k_triple) == out.end());
    CHECK(out == expected);

    std::transform(indices.begin(), indices.end(), indices.begin(), expected.begin(), k_combine);
    ws::transform(policy, indices.begin(), indices.end(), indices.begin(), out.begin(), k_combine);
    CHECK(out == expected);

    std::reverse_copy(indices.begin(), indices.end(), expected.begin());
    CHECK(ws::copy(policy, indices.begin(), indices.end(), out.rbegin()) == out.rend());
    CHECK(out == expected);
    CHECK(ws::reverse_copy(policy, indices.begin(), indices.end(), out.begin()) == out.end());
    CHECK(out == expected);

    std::rotate_copy(indices.begin(), indices.begin() + 777, indices.end(), expected.begin());
    ws::rotate_copy(policy, indices.begin(), indices.begin() + 777, indices.end(), out.begin());
    CHECK(out == expected);

    std::adjacent_difference(indices.begin(), indices.end(), expected.begin(), k_combine);
    ws::adjacent_difference(policy, indices.begin(), indices.end(), out.begin(), k_combine);
    CHECK(out == expected);

    std::replace_copy_if(indices.begin(), indices.end(), expected.begin(), k_is_odd, -7L);
    ws::replace_copy_if(policy, indices.begin(), indices.end(), out.begin(), k_is_odd, -7L);
    CHECK(out == expected);

    // A shift on reverse iterators is a shift the other way.
    std::iota(out.begin(), out.end(), 0L);
    expected = out;
    std::shift_right(expected.begin(), expected.end(), 5000);
    CHECK(ws::shift_left(policy, out.rbegin(), out.rend(), 5000).base() == out.begin() + 5000);
    CHECK(out == expected);
  });
}

TEST_CASE("walks on std::string elements" * doctest::timeout(120)) {
  constexpr std::size_t n = 5003;
  std::vector<std::string> words(n);
  for (std::size_t i = 0; i < n; ++i) {
    words[i] = "word number " + std::to_string(i % 97);
  }
  const auto shout = [](const std::string& w) { return w + "!"; };
  const auto join = [](const std::string& a, const std::string& b) { return b + "/" + a; };
  ws_test::for_each_pool([&](ws::parallel_policy p) {
    const auto policy = p.grain(10);  // many short leaves
    std::vector<std::string> expected(n);
    std::vector<std::string> out(n);
    std::transform(words.begin(), words.end(), expected.begin(), shout);
    ws::transform(policy, words.begin(), words.end(), out.begin(), shout);
    CHECK(out == expected);

    std::adjacent_difference(words.begin(), words.end(), expected.begin(), join);
    ws::adjacent_difference(policy, words.begin(), words.end(), out.begin(), join);
    CHECK(out == expected);

    std::vector<std::string> source = words;
    CHECK(ws::move(policy, source.begin(), source.end(), out.begin()) == out.end());
    CHECK(out == words);
    ws::copy(policy, words.begin(), words.end(), source.begin());
    CHECK(source == words);

    ws::fill(policy, out.begin(), out.end(), std::string("filler text longer than the small buffer"));
    CHECK(std::all_of(out.begin(), out.end(), [](const std::string& w) { return w.size() == 40; }));
    ws::swap_ranges(policy, out.begin(), out.end(), source.begin());
    CHECK(out == words);

    expected = words;
    std::replace(expected.begin(), expected.end(), std::string("word number 5"), std::string("five"));
    ws::replace(policy, out.begin(), out.end(), std::string("word number 5"), std::string("five"));
    CHECK(out == expected);

    std::reverse(expected.begin(), expected.end());
    ws::reverse(policy, out.begin(), out.end());
    CHECK(out == expected);

    std::rotate(expected.begin(), expected.begin() + 1234, expected.end());
    CHECK(ws::rotate(policy, out.begin(), out.begin() + 1234, out.end()) == out.end() - 1234);
    CHECK(out == expected);

    // Moved-from strings are unspecified: compare only the moved elements.
    for (std::ptrdiff_t shift : {1, 100, 2048, 3000}) {
      CAPTURE(shift);
      expected = words;
      out = words;
      std::shift_left(expected.begin(), expected.end(), shift);
      CHECK(ws::shift_left(policy, out.begin(), out.end(), shift) == out.end() - shift);
      CHECK(std::equal(out.begin(), out.end() - shift, expected.begin()));
      out = words;
      CHECK(ws::shift_right(policy, out.begin(), out.end(), shift) == out.begin() + shift);
      CHECK(std::equal(out.begin() + shift, out.end(), words.begin()));
    }
  });
}

namespace {

/// An element type without a default constructor.
struct no_default {
  explicit no_default(long v) : value(v) {}
  long value;
  bool operator==(const no_default&) const = default;
};

/// Move-assignable but not move-constructible: all shift_left asks for.
struct assign_only {
  long value = 0;
  assign_only() = default;
  assign_only(const assign_only&) = delete;
  assign_only& operator=(assign_only&&) = default;
};

}  // namespace

TEST_CASE("the walks need no default constructor, accept mutable function objects and forward iterators" *
          doctest::timeout(120)) {
  constexpr std::size_t n = 30'001;
  SUBCASE("elements without a default constructor and mutable function objects") {
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<no_default> values;
      for (std::size_t i = 0; i < n; ++i) {
        values.emplace_back(static_cast<long>(i));
      }
      std::vector<no_default> out(n, no_default(-1));
      // A mutable function object: each piece calls its own copy.
      ws::transform(policy, values.begin(), values.end(), out.begin(),
                    [calls = 0L](const no_default& x) mutable { return no_default(x.value + 0 * ++calls); });
      CHECK(out == values);
      ws::replace_if(policy, out.begin(), out.end(), [calls = 0L](const no_default& x) mutable {
        return (x.value + 0 * ++calls) % 3 == 0;
      }, no_default(-3));
      CHECK(std::count(out.begin(), out.end(), no_default(-3)) == static_cast<long>(n + 2) / 3);
      std::vector<no_default> expected = out;
      std::rotate(expected.begin(), expected.begin() + 10, expected.end());
      std::reverse(expected.begin(), expected.end());
      std::shift_left(expected.begin(), expected.end(), 1);
      ws::rotate(policy, out.begin(), out.begin() + 10, out.end());
      ws::reverse(policy, out.begin(), out.end());
      ws::shift_left(policy, out.begin(), out.end(), 1);  // through the buffer: moves, no default construction
      CHECK(out == expected);
      ws::adjacent_difference(policy, values.begin(), values.end(), out.begin(),
                              [](const no_default& a, const no_default& b) { return no_default(a.value - b.value); });
      CHECK(std::all_of(out.begin() + 1, out.end(), [](const no_default& x) { return x.value == 1; }));
    });
  }
  SUBCASE("a generator with state: every piece counts from 0 in its own copy") {
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      // The values are runs 0, 1, 2, ... that together cover the range.
      std::vector<long> counted(n, -1);
      ws::generate(policy.grain(100), counted.begin(), counted.end(), [next = 0L]() mutable { return next++; });
      CHECK(counted[0] == 0);
      for (std::size_t i = 1; i < n; ++i) {
        if (counted[i] != 0 && counted[i] != counted[i - 1] + 1) {
          FAIL_CHECK("element " << i << " is " << counted[i] << " after " << counted[i - 1]);
          break;
        }
      }
    });
  }
  SUBCASE("elements that can be assigned but not move-constructed") {
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::unique_ptr<assign_only[]> assigned(new assign_only[n]);
      for (std::size_t i = 0; i < n; ++i) {
        assigned[i].value = static_cast<long>(i);
      }
      ws::shift_left(policy, assigned.get(), assigned.get() + n, 1);
      CHECK(assigned[0].value == 1);
      CHECK(assigned[n - 2].value == static_cast<long>(n - 1));
    });
  }
  SUBCASE("forward-only iterators: the std:: algorithm on the calling thread") {
    std::forward_list<long> list(1000);
    std::iota(list.begin(), list.end(), 0L);
    std::forward_list<long> expected = list;
    std::rotate(expected.begin(), std::next(expected.begin(), 10), expected.end());
    std::shift_left(expected.begin(), expected.end(), 7);
    std::shift_right(expected.begin(), expected.end(), 3);
    std::replace_if(expected.begin(), expected.end(), k_is_odd, -1L);
    std::transform(expected.begin(), expected.end(), expected.begin(), k_triple);
    ws::rotate(ws::par, list.begin(), std::next(list.begin(), 10), list.end());
    ws::shift_left(ws::par, list.begin(), list.end(), 7);
    ws::shift_right(ws::par, list.begin(), list.end(), 3);
    ws::replace_if(ws::par, list.begin(), list.end(), k_is_odd, -1L);
    ws::transform(ws::par, list.begin(), list.end(), list.begin(), k_triple);
    CHECK(list == expected);
    std::vector<long> copied(1000);
    CHECK(ws::copy_n(ws::par, list.begin(), 1000, copied.begin()) == copied.end());
    CHECK(std::equal(copied.begin(), copied.end(), expected.begin()));
    CHECK(ws::generate_n(ws::par, list.begin(), 5, [] { return 1L; }) == std::next(list.begin(), 5));
    CHECK(ws::fill_n(ws::par, list.begin(), -5, 2L) == list.begin());
  }
}

TEST_CASE("shift_left and shift_right by 0, by a negative distance and past the end change nothing" *
          doctest::timeout(60)) {
  std::vector<long> values = input_values(10'000);
  const std::vector<long> original = values;
  for (long distance : {0L, -1L, -100L}) {
    CAPTURE(distance);
    CHECK(ws::shift_left(ws::par, values.begin(), values.end(), distance) == values.end());
    CHECK(ws::shift_right(ws::par, values.begin(), values.end(), distance) == values.begin());
  }
  CHECK(ws::shift_left(ws::par, values.begin(), values.end(), 10'000) == values.begin());
  CHECK(ws::shift_right(ws::par, values.begin(), values.end(), 10'001) == values.end());
  CHECK(values == original);
}

TEST_CASE("walks run on the pool's workers from the walk threshold and on the caller below it" *
          doctest::timeout(60)) {
  ws::thread_pool pool(ws_test::pool_options(3));
  std::vector<long> in(k_walk_parallel_threshold), out(k_walk_parallel_threshold);
  std::atomic<int> off_pool{0};
  std::atomic<int> on_pool{0};
  const auto count_threads = [&](long x) {
    off_pool += !pool.current_thread_index().has_value();
    on_pool += pool.current_thread_index().has_value();
    return x;
  };
  ws::transform(ws::par.on(pool), in.begin(), in.end(), out.begin(), count_threads);
  CHECK(off_pool.load() == 0);
  CHECK(on_pool.load() == static_cast<int>(k_walk_parallel_threshold));
  ws::transform(ws::par.on(pool), in.begin(), in.end() - 1, out.begin(), count_threads);
  ws::transform(ws::seq.on(pool), in.begin(), in.end(), out.begin(), count_threads);
  CHECK(on_pool.load() == static_cast<int>(k_walk_parallel_threshold));
  CHECK(off_pool.load() == static_cast<int>(2 * k_walk_parallel_threshold - 1));
  // With a grain g, from 2g elements.
  ws::transform(ws::par.on(pool).grain(2), in.begin(), in.begin() + 4, out.begin(), count_threads);
  CHECK(on_pool.load() == static_cast<int>(k_walk_parallel_threshold) + 4);
}

TEST_CASE("move runs on the pool although C++20 makes move_iterator an input iterator only" * doctest::timeout(60)) {
  ws::thread_pool pool(ws_test::pool_options(3));
  static std::atomic<int> moves_on_pool{0};
  static const ws::thread_pool* seen_pool = nullptr;
  struct tracked {
    long m_value = 0;
    tracked() = default;
    tracked(const tracked&) = default;
    tracked& operator=(const tracked&) = default;
    tracked& operator=(tracked&& other) noexcept {
      m_value = other.m_value;
      moves_on_pool += seen_pool->current_thread_index().has_value() ? 1 : 0;
      return *this;
    }
  };
  seen_pool = &pool;
  std::vector<tracked> in(k_walk_parallel_threshold), out(k_walk_parallel_threshold);
  for (std::size_t i = 0; i < in.size(); ++i) {
    in[i].m_value = static_cast<long>(i);
  }
  CHECK(ws::move(ws::par.on(pool), in.begin(), in.end(), out.begin()) == out.end());
  CHECK(moves_on_pool.load() == static_cast<int>(k_walk_parallel_threshold));
  CHECK(std::all_of(out.begin(), out.end(), [&](const tracked& t) { return t.m_value == &t - out.data(); }));
}

TEST_CASE("an exception from a user function at the first, a middle or the last element reaches the caller" *
          doctest::timeout(300)) {
  constexpr long n = 100'000;
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  using call = std::function<void(ws::parallel_policy, std::vector<long>& out, long at)>;
  const std::vector<std::pair<const char*, call>> throwing = {
      {"transform",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::transform(p, values.begin(), values.end(), out.begin(), [at](long x) {
           return x == at ? throw thrown{x} : x;
         });
       }},
      {"binary transform",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::transform(p, values.begin(), values.end(), values.begin(), out.begin(), [at](long x, long) {
           return x == at ? throw thrown{x} : x;
         });
       }},
      {"generate",
       [](ws::parallel_policy p, std::vector<long>& out, long at) {
         std::atomic<long> calls{0};  // shared by every copy of the generator
         ws::generate(p, out.begin(), out.end(), [&calls, at] {
           const long call_index = calls++;
           return call_index == at ? throw thrown{call_index} : call_index;
         });
       }},
      {"replace_if",
       [](ws::parallel_policy p, std::vector<long>& out, long at) {
         std::iota(out.begin(), out.end(), 0L);
         ws::replace_if(p, out.begin(), out.end(), [at](long x) { return x == at ? throw thrown{x} : false; }, 0L);
       }},
      {"replace_copy_if",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::replace_copy_if(p, values.begin(), values.end(), out.begin(),
                             [at](long x) { return x == at ? throw thrown{x} : false; }, 0L);
       }},
      {"adjacent_difference",  // op(x[i], x[i - 1]) is first called for element 1
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::adjacent_difference(p, values.begin(), values.end(), out.begin(), [at](long x, long y) {
           return x == std::max(at, 1L) ? throw thrown{x} : x - y;
         });
       }},
  };
  for (const auto& entry : throwing) {
    const std::string name = entry.first;
    const call& run = entry.second;
    for (long at : {0L, n / 2, n - 1}) {
      CAPTURE(name);
      CAPTURE(at);
      ws_test::for_each_pool([&](ws::parallel_policy policy) {
        std::vector<long> out(n);
        const long expected = name == "adjacent_difference" ? std::max(at, 1L) : at;
        CHECK(thrown_element([&] { run(policy.grain(100), out, at); }) == expected);
        // The pool still works.
        ws::transform(policy, values.begin(), values.end(), out.begin(), k_triple);
        CHECK(out[n - 1] == k_triple(n - 1));
      });
    }
  }
}

TEST_CASE("every walk signature is reachable as std::NAME(ws::par, ...)" * doctest::timeout(60)) {
  constexpr long n = 50'000;
  std::vector<long> in(n);
  std::iota(in.begin(), in.end(), 1L);
  std::vector<long> out(n);
  std::vector<long> expected(n);

  CHECK(std::transform(ws::par, in.begin(), in.end(), out.begin(), k_triple) == out.end());
  CHECK(out[n - 1] == k_triple(n));
  CHECK(std::transform(ws::par, in.begin(), in.end(), out.begin(), out.begin(), k_combine) == out.end());
  CHECK(out[9] == 2 * 10 - k_triple(10));
  CHECK(std::copy(ws::par, in.begin(), in.end(), out.begin()) == out.end());
  CHECK(out == in);
  CHECK(std::copy_n(ws::par, in.rbegin(), n, out.begin()) == out.end());
  CHECK(out.front() == n);
  CHECK(std::move(ws::par, in.begin(), in.end(), out.begin()) == out.end());
  CHECK(out == in);
  std::fill(ws::par, out.begin(), out.end(), 4L);
  CHECK(std::count(out.begin(), out.end(), 4L) == n);
  CHECK(std::fill_n(ws::par, out.begin(), n / 2, 5L) == out.begin() + n / 2);
  CHECK(std::count(out.begin(), out.end(), 5L) == n / 2);
  std::generate(ws::par, out.begin(), out.end(), [] { return 6L; });
  CHECK(std::count(out.begin(), out.end(), 6L) == n);
  CHECK(std::generate_n(ws::par, out.begin(), n / 2, [] { return 7L; }) == out.begin() + n / 2);
  CHECK(std::count(out.begin(), out.end(), 7L) == n / 2);
  std::replace(ws::par, out.begin(), out.end(), 7L, 8L);
  CHECK(std::count(out.begin(), out.end(), 8L) == n / 2);
  std::replace_if(ws::par, out.begin(), out.end(), [](long x) { return x == 8; }, 9L);
  CHECK(std::count(out.begin(), out.end(), 9L) == n / 2);
  CHECK(std::replace_copy(ws::par, in.begin(), in.end(), out.begin(), 1L, 0L) == out.end());
  CHECK(out[0] == 0);
  CHECK(out[1] == 2);
  CHECK(std::replace_copy_if(ws::par, in.begin(), in.end(), out.begin(), k_is_odd, 0L) == out.end());
  CHECK(std::count(out.begin(), out.end(), 0L) == n / 2);
  std::vector<long> other(n, -1);
  CHECK(std::swap_ranges(ws::par, out.begin(), out.end(), other.begin()) == other.end());
  CHECK(std::count(out.begin(), out.end(), -1L) == n);
  out = in;
  std::reverse(ws::par, out.begin(), out.end());
  CHECK(out.front() == n);
  CHECK(std::reverse_copy(ws::par, out.begin(), out.end(), other.begin()) == other.end());
  CHECK(other == in);
  CHECK(std::rotate(ws::par, other.begin(), other.begin() + 3, other.end()) == other.end() - 3);
  CHECK(other.front() == 4);
  CHECK(std::rotate_copy(ws::par, in.begin(), in.begin() + 3, in.end(), out.begin()) == out.end());
  CHECK(out == other);
  CHECK(std::shift_left(ws::par, out.begin(), out.end(), 2) == out.end() - 2);
  CHECK(out.front() == 6);
  CHECK(std::shift_right(ws::par, out.begin(), out.end(), 4) == out.begin() + 4);
  CHECK(out[4] == 6);
  CHECK(std::adjacent_difference(ws::par, in.begin(), in.end(), out.begin()) == out.end());
  CHECK(std::count(out.begin(), out.end(), 1L) == n);
  CHECK(std::adjacent_difference(ws::par, in.begin(), in.end(), out.begin(), std::plus<>()) == out.end());
  std::adjacent_difference(in.begin(), in.end(), expected.begin(), std::plus<>());
  CHECK(out == expected);
}
