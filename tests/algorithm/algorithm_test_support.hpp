// SPDX-License-Identifier: MIT
// The input matrix of the algorithm tests: sizes around the grain, pools of
// every test thread count, and a way to run one check over every iterator
// kind the standard allows (pointer, vector, deque, iota view, list).
#pragma once

#include <pstl_ws/execution.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace ws_test {

/// Sizes to try with a given grain: empty, tiny, around the grain and around
/// the parallel threshold, and a large odd size.
inline std::vector<std::size_t> sizes_around(std::size_t grain) {
  return {0, 1, 2, grain - 1, grain, grain + 1, 2 * grain - 1, 2 * grain + 1, k_large_size};
}

/// One pool per test thread count, created once per test executable.
inline std::vector<std::unique_ptr<ws::thread_pool>>& pools() {
  static std::vector<std::unique_ptr<ws::thread_pool>> all = [] {
    std::vector<std::unique_ptr<ws::thread_pool>> result;
    for (std::size_t threads : k_thread_counts) {
      result.push_back(std::make_unique<ws::thread_pool>(ws_test::pool_options(threads)));
    }
    return result;
  }();
  return all;
}

/// Calls check(policy) with ws::par on every test pool, and once with the
/// default policy (the global pool).
template <class Check>
void for_each_pool(Check check) {
  for (auto& pool : pools()) {
    CAPTURE(pool->num_threads());
    check(ws::par.on(*pool));
  }
  check(ws::par);
}

/// Calls check(first, last) with copies of `values` held in a vector, a
/// deque, a list and a plain array, then compares each container afterwards
/// with `expected` (what the sequential algorithm left in it).
template <class T, class Check>
void for_each_container(const std::vector<T>& values, const std::vector<T>& expected, Check check) {
  {
    std::vector<T> v = values;
    check(v.begin(), v.end());
    CHECK(v == expected);
  }
  {
    std::deque<T> d(values.begin(), values.end());
    check(d.begin(), d.end());
    CHECK(std::equal(d.begin(), d.end(), expected.begin(), expected.end()));
  }
  {
    std::list<T> l(values.begin(), values.end());
    check(l.begin(), l.end());
    CHECK(std::equal(l.begin(), l.end(), expected.begin(), expected.end()));
  }
  {
    std::unique_ptr<T[]> a(new T[values.size()]);
    std::copy(values.begin(), values.end(), a.get());
    check(a.get(), a.get() + values.size());
    CHECK(std::equal(a.get(), a.get() + values.size(), expected.begin(), expected.end()));
  }
}

/// From this size on, the search and comparison tests check only the main
/// overload of each family (the others are thin wrappers, checked on the
/// shorter inputs), so that the suite stays fast under the sanitizers.
inline constexpr std::size_t k_large = 100'000;

/// Where to plant a match (or a difference) in n elements: nowhere, at the
/// first, a middle or the last element (not in a large input: that costs what
/// no match costs), and at two places (the first of them must win).
inline std::vector<std::vector<std::size_t>> mark_sets(std::size_t n) {
  if (n < 3) {
    return n == 0 ? std::vector<std::vector<std::size_t>>{{}} : std::vector<std::vector<std::size_t>>{{}, {0}, {n - 1}};
  }
  if (n >= k_large) {
    return {{}, {0}, {n / 2}, {n / 3, 2 * n / 3}};
  }
  return {{}, {0}, {n / 2}, {n - 1}, {n / 3, 2 * n / 3}};
}

/// n values in [0, modulus) at random, the same for the same n: few distinct
/// values, so that ties, equal neighbours and short patterns are common.
inline std::vector<long> random_values(std::size_t n, long modulus) {
  std::mt19937_64 rng(n);
  std::vector<long> values(n);
  for (long& x : values) {
    x = static_cast<long>(rng() % static_cast<std::uint64_t>(modulus));
  }
  return values;
}

/// The exception the throwing user functions of the tests throw, with the
/// element they were called for.
struct thrown {
  long element;
};

/// The element of the `thrown` that call() threw, or -1 if it threw none.
template <class Call>
long thrown_element(Call call) {
  try {
    call();
  } catch (const thrown& e) {
    return e.element;
  }
  return -1;
}

}  // namespace ws_test
