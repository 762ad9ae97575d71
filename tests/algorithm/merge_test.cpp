// SPDX-License-Identifier: MIT
// ws::merge and ws::inplace_merge against std::, element for element: sizes
// around the grain, unequal run lengths, duplicates, pools and grains,
// iterator kinds, element types (stability shows through (key, tag) pairs
// compared by key), move-only and counted elements, exceptions from the
// comparator, and every signature called as std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <iterator>
#include <list>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "merge_test_support.hpp"

using namespace merge_test;

namespace {

std::vector<std::size_t> sizes() { return ws_test::sizes_around(ws::detail::k_merge_grain); }

/// A move-only element that counts the live objects of its type.
struct tracked {
  static inline std::atomic<long> s_live{0};
  std::unique_ptr<long> m_key;

  explicit tracked(long key) : m_key(std::make_unique<long>(key)) { ++s_live; }
  tracked(tracked&& other) noexcept : m_key(std::move(other.m_key)) { ++s_live; }
  tracked& operator=(tracked&& other) noexcept = default;
  ~tracked() { --s_live; }
};

}  // namespace

TEST_CASE("merge equals std::merge for every size, run lengths, duplicates, pool and grain" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    CAPTURE(n);
    for_each_run_pair(n, [&](const std::vector<keyed>& a, const std::vector<keyed>& b) {
      std::vector<keyed> expected(n);
      std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), by_key);
      for_each_policy(n, [&](auto p) {
        std::vector<keyed> out(n, keyed{-1, -1});
        CHECK(ws::merge(p, a.begin(), a.end(), b.begin(), b.end(), out.begin(), by_key) == out.end());
        CHECK(out == expected);
        if (n < ws_test::k_large) {
          std::deque<keyed> d(n, keyed{-1, -1});
          CHECK(ws::merge(p, a.data(), a.data() + a.size(), b.data(), b.data() + b.size(), d.begin(), by_key) ==
                d.end());
          CHECK(std::equal(d.begin(), d.end(), expected.begin(), expected.end()));
        }
      });
    });
  }
}

TEST_CASE("merge with < on strings, with std::greater on reverse iterators, on lists and with sequential policies equals std::merge" * doctest::timeout(120)) {
  for (std::size_t n : {std::size_t{0}, std::size_t{5}, 2 * ws::detail::k_merge_grain + 1}) {
    CAPTURE(n);
    std::vector<std::string> a;
    std::vector<std::string> b;
    for (std::size_t i = 0; i < n; ++i) {
      (i % 3 == 0 ? a : b).push_back(std::to_string(i % 97));
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::vector<std::string> expected(n);
    std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
    ws_test::for_each_pool([&](auto policy) {
      std::vector<std::string> out(n);
      CHECK(ws::merge(policy.grain(3), a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.end());
      CHECK(out == expected);
    });
    std::vector<std::string> out(n);
    CHECK(ws::merge(ws::seq, a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.end());
    CHECK(out == expected);

    // Reverse iterators: descending runs, by std::greater.
    std::vector<std::string> greater_expected(n);
    std::merge(a.rbegin(), a.rend(), b.rbegin(), b.rend(), greater_expected.begin(), std::greater<>());
    std::vector<std::string> greater_out(n);
    CHECK(ws::merge(ws::par.grain(3), a.rbegin(), a.rend(), b.rbegin(), b.rend(), greater_out.rbegin(),
                    std::greater<>()) == greater_out.rend());
    CHECK(std::equal(greater_out.rbegin(), greater_out.rend(), greater_expected.begin(), greater_expected.end()));

    const std::list<std::string> la(a.begin(), a.end());
    const std::list<std::string> lb(b.begin(), b.end());
    std::list<std::string> lout;
    ws::merge(ws::par, la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(lout));
    CHECK(std::equal(lout.begin(), lout.end(), expected.begin(), expected.end()));
  }
}

TEST_CASE("inplace_merge equals std::inplace_merge for every size, run lengths, duplicates, pool and grain" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    CAPTURE(n);
    for_each_run_pair(n, [&](const std::vector<keyed>& a, const std::vector<keyed>& b) {
      std::vector<keyed> values = a;
      values.insert(values.end(), b.begin(), b.end());
      std::vector<keyed> expected = values;
      std::inplace_merge(expected.begin(), expected.begin() + static_cast<long>(a.size()), expected.end(), by_key);
      for_each_policy(n, [&](auto p) {
        std::vector<keyed> v = values;
        ws::inplace_merge(p, v.begin(), v.begin() + static_cast<long>(a.size()), v.end(), by_key);
        CHECK(v == expected);
        if (n < ws_test::k_large) {
          std::deque<keyed> d(values.begin(), values.end());
          ws::inplace_merge(p, d.begin(), d.begin() + static_cast<long>(a.size()), d.end(), by_key);
          CHECK(std::equal(d.begin(), d.end(), expected.begin(), expected.end()));
        }
      });
      if (n < ws_test::k_large) {
        std::list<keyed> l(values.begin(), values.end());
        ws::inplace_merge(ws::par, l.begin(), std::next(l.begin(), static_cast<long>(a.size())), l.end(), by_key);
        CHECK(std::equal(l.begin(), l.end(), expected.begin(), expected.end()));
      }
    });
  }
}

TEST_CASE("inplace_merge moves move-only elements into order and leaves no object behind" * doctest::timeout(120)) {
  const std::size_t n = 4 * ws::detail::k_merge_grain + 3;
  const long live_before = tracked::s_live.load();
  const auto less = [](const tracked& x, const tracked& y) { return *x.m_key < *y.m_key; };
  ws_test::for_each_pool([&](auto policy) {
    for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
      std::vector<tracked> v;
      for (std::size_t i = 0; i < n; ++i) {  // two sorted runs: evens, then odds
        v.emplace_back(static_cast<long>(i < n / 2 ? 2 * i : 2 * (i - n / 2) + 1));
      }
      ws::inplace_merge(policy.grain(grain), v.begin(), v.begin() + static_cast<long>(n / 2), v.end(), less);
      CHECK(std::is_sorted(v.begin(), v.end(), less));
      CHECK(tracked::s_live.load() == live_before + static_cast<long>(n));
    }
  });
  CHECK(tracked::s_live.load() == live_before);
}

TEST_CASE("an exception from the comparator at the first, a middle or the last call reaches the caller of merge and inplace_merge" * doctest::timeout(120)) {
  const std::size_t n = 2 * ws::detail::k_merge_grain + 101;
  const std::vector<keyed> a = sorted_run(n / 2, 1000, 0, 0, 3);
  const std::vector<keyed> b = sorted_run(n - n / 2, 1000, 0, k_second_tags, 4);
  std::vector<keyed> values = a;
  values.insert(values.end(), b.begin(), b.end());
  std::vector<keyed> expected(n);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), by_key);
  ws_test::for_each_pool([&](auto policy) {
    for (bool in_place : {false, true}) {
      CAPTURE(in_place);
      std::vector<keyed> v = values;
      auto run = [&](const relation& comp) {
        if (in_place) {
          v = values;
          ws::inplace_merge(policy, v.begin(), v.begin() + static_cast<long>(a.size()), v.end(), comp);
        } else {
          ws::merge(policy, a.begin(), a.end(), b.begin(), b.end(), v.begin(), comp);
        }
      };
      std::atomic<std::size_t> calls{0};
      run(counting_comparator(calls, 0));  // the splits are fixed: every run makes as many calls
      const std::size_t total = calls.load();
      REQUIRE(total > 2);
      for (std::size_t throw_at : {std::size_t{1}, total / 2, total}) {
        CAPTURE(throw_at);
        calls = 0;
        CHECK_THROWS_AS(run(counting_comparator(calls, throw_at)), std::runtime_error);
        if (in_place) {  // every element still there
          std::vector<keyed> sorted = v;
          std::sort(sorted.begin(), sorted.end());
          std::vector<keyed> sorted_values = values;
          std::sort(sorted_values.begin(), sorted_values.end());
          CHECK(sorted == sorted_values);
        }
      }
      run(by_key);  // the pool is still usable
      CHECK(v == expected);
    }
  });
}

TEST_CASE("merge and inplace_merge give a permutation of their input with comparators that are not strict weak orders" * doctest::timeout(120)) {
  if (ws_test::skips_bad_comparators()) {
    return;
  }
  const std::size_t n = 4 * ws::detail::k_merge_grain + 3;
  const std::vector<keyed> a = sorted_run(n / 2, 100, 0, 0, 7);
  const std::vector<keyed> b = sorted_run(n - n / 2, 100, 0, k_second_tags, 8);
  std::vector<keyed> values = a;
  values.insert(values.end(), b.begin(), b.end());
  std::vector<keyed> sorted_values = values;
  std::sort(sorted_values.begin(), sorted_values.end());
  const relation not_more = [](const keyed& x, const keyed& y) { return x.first <= y.first; };
  const relation always = [](const keyed&, const keyed&) { return true; };
  for (const relation& comp : {not_more, always}) {
    ws_test::for_each_pool([&](auto policy) {
      std::vector<keyed> out(n);
      CHECK(ws::merge(policy.grain(7), a.begin(), a.end(), b.begin(), b.end(), out.begin(), comp) == out.end());
      std::sort(out.begin(), out.end());
      CHECK(out == sorted_values);
      std::vector<keyed> v = values;
      ws::inplace_merge(policy.grain(7), v.begin(), v.begin() + static_cast<long>(a.size()), v.end(), comp);
      std::sort(v.begin(), v.end());
      CHECK(v == sorted_values);
    });
  }
}

TEST_CASE("every signature of merge and inplace_merge is reachable as std::NAME(ws::par, ...) and gives std::'s result" * doctest::timeout(120)) {
  const std::vector<keyed> a = sorted_run(20'000, 5000, 0, 0, 5);
  const std::vector<keyed> b = sorted_run(30'000, 5000, 0, k_second_tags, 6);
  non_const_less by_key_non_const;
  std::vector<keyed> expected(a.size() + b.size());
  std::vector<keyed> out(expected.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  CHECK(std::merge(ws::par, a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.end());
  CHECK(out == expected);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), by_key_non_const);
  CHECK(std::merge(ws::par, a.begin(), a.end(), b.begin(), b.end(), out.begin(), by_key_non_const) == out.end());
  CHECK(out == expected);

  std::vector<keyed> values = a;
  values.insert(values.end(), b.begin(), b.end());
  const auto middle = static_cast<long>(a.size());
  std::vector<keyed> v = values;
  std::vector<keyed> plain_expected = values;
  std::inplace_merge(plain_expected.begin(), plain_expected.begin() + middle, plain_expected.end());
  std::inplace_merge(ws::par, v.begin(), v.begin() + middle, v.end());
  CHECK(v == plain_expected);
  v = values;
  std::inplace_merge(ws::par, v.begin(), v.begin() + middle, v.end(), by_key_non_const);
  CHECK(v == expected);
}
