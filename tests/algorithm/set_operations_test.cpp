// SPDX-License-Identifier: MIT
// ws::set_union, set_intersection, set_difference and set_symmetric_difference
// against std::, element for element (which copies of equal keys, from which
// range: (key, tag) pairs compared by key): sizes around the grain, unequal
// lengths, duplicates, disjoint ranges, pools and grains, iterator kinds,
// strings with std::greater, exceptions from the comparator, and every
// signature called as std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <iterator>
#include <list>
#include <stdexcept>
#include <string>
#include <vector>

#include "merge_test_support.hpp"

using namespace merge_test;

namespace {

enum class set_op { union_of, intersection, difference, symmetric_difference };
constexpr std::array<set_op, 4> k_set_ops{set_op::union_of, set_op::intersection, set_op::difference,
                                          set_op::symmetric_difference};

std::vector<std::size_t> sizes() { return ws_test::sizes_around(ws::detail::k_set_operation_grain); }

/// The set operation `op` by std:: (policy absent) or ws:: (policy given),
/// with comp.
template <class... Policy, class It1, class It2, class Out, class Comp>
Out run_op(set_op op, Policy... policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out, Comp comp) {
  switch (op) {
    case set_op::union_of:
      return std::set_union(policy..., first1, last1, first2, last2, out, comp);
    case set_op::intersection:
      return std::set_intersection(policy..., first1, last1, first2, last2, out, comp);
    case set_op::difference:
      return std::set_difference(policy..., first1, last1, first2, last2, out, comp);
    case set_op::symmetric_difference:
      return std::set_symmetric_difference(policy..., first1, last1, first2, last2, out, comp);
  }
  return out;
}

/// std::'s result of op on a and b by key.
std::vector<keyed> expected_of(set_op op, const std::vector<keyed>& a, const std::vector<keyed>& b) {
  std::vector<keyed> result;
  run_op(op, a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(result), by_key);
  return result;
}

}  // namespace

TEST_CASE("each set operation equals std:: for every size, run lengths, key pattern, pool and grain" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    CAPTURE(n);
    for_each_run_pair(n, [&](const std::vector<keyed>& a, const std::vector<keyed>& b) {
      for (set_op op : k_set_ops) {
        CAPTURE(static_cast<int>(op));
        const std::vector<keyed> expected = expected_of(op, a, b);
        for_each_policy(n, [&](auto p) {
          std::vector<keyed> out(n, keyed{-1, -1});
          const auto end = run_op<decltype(p)>(op, p, a.begin(), a.end(), b.begin(), b.end(), out.begin(), by_key);
          CHECK(std::equal(out.begin(), end, expected.begin(), expected.end()));
          if (n < ws_test::k_large) {
            std::deque<keyed> d(n, keyed{-1, -1});
            const auto d_end = run_op<decltype(p)>(op, p, a.data(), a.data() + a.size(), b.data(),
                                                    b.data() + b.size(), d.begin(), by_key);
            CHECK(std::equal(d.begin(), d_end, expected.begin(), expected.end()));
          }
        });
      }
    });
  }
}

TEST_CASE("the set operations on strings, with std::greater, with < and on lists equal std::" * doctest::timeout(120)) {
  for (std::size_t n : {std::size_t{0}, std::size_t{5}, 2 * ws::detail::k_set_operation_grain + 1}) {
    CAPTURE(n);
    std::vector<std::string> a;
    std::vector<std::string> b;
    for (std::size_t i = 0; i < n; ++i) {
      (i % 3 == 0 ? a : b).push_back(std::to_string(i % 97));
    }
    std::sort(a.begin(), a.end(), std::greater<>());
    std::sort(b.begin(), b.end(), std::greater<>());
    const std::list<std::string> la(a.rbegin(), a.rend());
    const std::list<std::string> lb(b.rbegin(), b.rend());
    for (set_op op : k_set_ops) {
      CAPTURE(static_cast<int>(op));
      std::vector<std::string> expected(n);
      expected.erase(run_op(op, a.begin(), a.end(), b.begin(), b.end(), expected.begin(), std::greater<>()),
                     expected.end());
      ws_test::for_each_pool([&](auto policy) {
        std::vector<std::string> out(n);
        out.erase(run_op<decltype(policy)>(op, policy.grain(3), a.begin(), a.end(), b.begin(), b.end(), out.begin(),
                                           std::greater<>()),
                  out.end());
        CHECK(out == expected);
      });
      std::vector<std::string> seq_out(n);
      seq_out.erase(run_op<ws::sequenced_policy>(op, ws::seq, a.begin(), a.end(), b.begin(), b.end(), seq_out.begin(),
                                                 std::greater<>()),
                    seq_out.end());
      CHECK(seq_out == expected);

      // With <, on lists (the sequential path), into a back_inserter.
      std::vector<std::string> less_expected;
      run_op(op, la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(less_expected), std::less<>());
      std::list<std::string> list_out;
      run_op<ws::parallel_policy>(op, ws::par, la.begin(), la.end(), lb.begin(), lb.end(),
                                  std::back_inserter(list_out), std::less<>());
      CHECK(std::equal(list_out.begin(), list_out.end(), less_expected.begin(), less_expected.end()));
    }
  }
}

TEST_CASE("an exception from the comparator at the first call, or a later one, reaches the caller of each set operation" * doctest::timeout(120)) {
  const std::size_t n = 2 * ws::detail::k_set_operation_grain + 101;
  const std::vector<keyed> a = sorted_run(n / 2, 1000, 0, 0, 3);
  const std::vector<keyed> b = sorted_run(n - n / 2, 1000, 0, k_second_tags, 4);
  for (set_op op : k_set_ops) {
    CAPTURE(static_cast<int>(op));
    const std::vector<keyed> expected = expected_of(op, a, b);
    ws_test::for_each_pool([&](auto policy) {
      std::vector<keyed> out(n);
      auto run = [&](const relation& comp) {
        return run_op<decltype(policy)>(op, policy, a.begin(), a.end(), b.begin(), b.end(), out.begin(), comp);
      };
      // A window that runs after its neighbour is written in one pass, one
      // that was stolen is counted first: a run makes between c + w and
      // c + 2w calls (c cutting, w one pass over the windows), so at least
      // half of what this run made, and throwing at half of it always throws.
      std::atomic<std::size_t> calls{0};
      run(counting_comparator(calls, 0));
      const std::size_t total = calls.load();
      REQUIRE(total > 2);
      for (std::size_t throw_at : {std::size_t{1}, total / 4, total / 2}) {
        CAPTURE(throw_at);
        calls = 0;
        CHECK_THROWS_AS(run(counting_comparator(calls, throw_at)), std::runtime_error);
      }
      const auto end = run(by_key);  // the pool is still usable
      CHECK(std::equal(out.begin(), end, expected.begin(), expected.end()));
    });
  }
}

TEST_CASE("the set operations stay inside their ranges with comparators that are not strict weak orders" * doctest::timeout(120)) {
  if (ws_test::skips_bad_comparators()) {
    return;
  }
  const std::size_t n = 4 * ws::detail::k_set_operation_grain + 3;
  const std::vector<keyed> a = sorted_run(n / 2, 100, 0, 0, 7);
  const std::vector<keyed> b = sorted_run(n - n / 2, 100, 0, k_second_tags, 8);
  const relation not_more = [](const keyed& x, const keyed& y) { return x.first <= y.first; };
  const relation always = [](const keyed&, const keyed&) { return true; };
  for (const relation& comp : {not_more, always}) {
    for (set_op op : k_set_ops) {
      CAPTURE(static_cast<int>(op));
      ws_test::for_each_pool([&](auto policy) {
        std::vector<keyed> out(n);
        const auto end = run_op<decltype(policy)>(op, policy.grain(7), a.begin(), a.end(), b.begin(), b.end(),
                                                  out.begin(), comp);
        CHECK(end - out.begin() >= 0);
        CHECK(end - out.begin() <= static_cast<long>(n));
      });
    }
  }
}

TEST_CASE("every signature of the set operations is reachable as std::NAME(ws::par, ...) and gives std::'s result" * doctest::timeout(120)) {
  const std::vector<keyed> a = sorted_run(20'000, 5000, 0, 0, 5);
  const std::vector<keyed> b = sorted_run(30'000, 5000, 0, k_second_tags, 6);
  non_const_less by_key_non_const;
  std::vector<keyed> expected(a.size() + b.size());
  std::vector<keyed> out(expected.size());
  const auto a0 = a.begin();
  const auto a1 = a.end();
  const auto b0 = b.begin();
  const auto b1 = b.end();
  const auto e0 = expected.begin();
  const auto o0 = out.begin();
  const auto par = ws::par;
  // Without comp, on the keys alone (so that equal elements occur in both).
  std::vector<long> ka;
  std::vector<long> kb;
  for (const keyed& x : a) {
    ka.push_back(x.first);
  }
  for (const keyed& x : b) {
    kb.push_back(x.first);
  }
  std::vector<long> k_expected(ka.size() + kb.size());
  std::vector<long> k_out(k_expected.size());
  const auto k0 = k_expected.begin();
  const auto ko = k_out.begin();
  auto k1 = std::set_union(ka.begin(), ka.end(), kb.begin(), kb.end(), k0);
  CHECK(std::equal(ko, std::set_union(par, ka.begin(), ka.end(), kb.begin(), kb.end(), ko), k0, k1));
  k1 = std::set_intersection(ka.begin(), ka.end(), kb.begin(), kb.end(), k0);
  CHECK(std::equal(ko, std::set_intersection(par, ka.begin(), ka.end(), kb.begin(), kb.end(), ko), k0, k1));
  k1 = std::set_difference(ka.begin(), ka.end(), kb.begin(), kb.end(), k0);
  CHECK(std::equal(ko, std::set_difference(par, ka.begin(), ka.end(), kb.begin(), kb.end(), ko), k0, k1));
  k1 = std::set_symmetric_difference(ka.begin(), ka.end(), kb.begin(), kb.end(), k0);
  CHECK(std::equal(ko, std::set_symmetric_difference(par, ka.begin(), ka.end(), kb.begin(), kb.end(), ko), k0, k1));
  // With comp, by key.
  auto e1 = std::set_union(a0, a1, b0, b1, e0, by_key_non_const);
  CHECK(std::equal(o0, std::set_union(par, a0, a1, b0, b1, o0, by_key_non_const), e0, e1));
  e1 = std::set_intersection(a0, a1, b0, b1, e0, by_key_non_const);
  CHECK(std::equal(o0, std::set_intersection(par, a0, a1, b0, b1, o0, by_key_non_const), e0, e1));
  e1 = std::set_difference(a0, a1, b0, b1, e0, by_key_non_const);
  CHECK(std::equal(o0, std::set_difference(par, a0, a1, b0, b1, o0, by_key_non_const), e0, e1));
  e1 = std::set_symmetric_difference(a0, a1, b0, b1, e0, by_key_non_const);
  CHECK(std::equal(o0, std::set_symmetric_difference(par, a0, a1, b0, b1, o0, by_key_non_const), e0, e1));
}
