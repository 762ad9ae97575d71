// SPDX-License-Identifier: MIT
// The drop-in checks, shared by two test files that include <execution> and
// <pstl_ws/std.hpp> in opposite orders. Each spelling of a call is made with the
// policy as a const lvalue, a non-const lvalue and a prvalue, and must run
// on a ws worker: never on the calling thread or in libstdc++'s TBB backend.
#pragma once

#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <numeric>
#include <vector>

#include "test_support.hpp"

namespace drop_in {

/// A generic function written after the header, as user code would be.
template <class Policy, class Range>
long generic_sum(const Policy& policy, const Range& r) {
  return std::reduce(policy, r.begin(), r.end(), 0L);
}

inline void check_every_spelling() {
  std::vector<long> v(50'000);
  std::iota(v.begin(), v.end(), 1L);
  const long expected = 50'000L * 50'001 / 2;
  const auto& const_policy = ws::par;
  auto mutable_policy = ws::par;

  std::atomic<long> visited{0};
  std::atomic<int> off_ws_workers{0};
  const auto visit = [&](long x) {
    visited += x;
    off_ws_workers += !ws::current_thread_index().has_value();
  };
  std::for_each(const_policy, v.begin(), v.end(), visit);
  std::for_each(mutable_policy, v.begin(), v.end(), visit);
  std::for_each(ws::parallel_policy{}, v.begin(), v.end(), visit);
  ws::for_each(ws::par_unseq, v.begin(), v.end(), visit);
  for_each(ws::par, v.begin(), v.end(), visit);  // ADL finds std:: and ws::: one entity
  std::for_each_n(ws::par, v.data(), v.size(), visit);
  CHECK(visited.load() == 6 * expected);
  CHECK(off_ws_workers.load() == 0);

  CHECK(std::reduce(const_policy, v.begin(), v.end()) == expected);
  CHECK(std::reduce(mutable_policy, v.begin(), v.end(), 0L) == expected);
  CHECK(std::reduce(ws::par_unseq, v.begin(), v.end(), 0L, std::plus<>()) == expected);
  CHECK(reduce(ws::par, v.begin(), v.end()) == expected);
  CHECK(ws::reduce(ws::seq, v.begin(), v.end()) == expected);
  CHECK(std::transform_reduce(ws::par, v.begin(), v.end(), v.begin(), 0L) ==
        std::transform_reduce(v.begin(), v.end(), v.begin(), 0L));
  CHECK(transform_reduce(ws::parallel_policy{}, v.begin(), v.end(), 0L, std::plus<>(), [](long x) { return 2 * x; }) ==
        2 * expected);
  CHECK(std::transform_reduce(ws::par, v.begin(), v.end(), v.begin(), 0L, std::plus<>(), std::multiplies<>()) ==
        std::transform_reduce(v.begin(), v.end(), v.begin(), 0L));
  CHECK(std::transform_reduce(ws::par, v.begin(), v.end(), 0L, std::plus<>(), [](long x) { return 2 * x; }) ==
        2 * expected);
  CHECK(generic_sum(ws::par, v) == expected);

  // The sorts, with and without a comparator.
  std::vector<long> w(v.rbegin(), v.rend());
  std::sort(ws::par, w.begin(), w.end());
  CHECK(w == v);
  std::sort(ws::par, w.begin(), w.end(), std::greater<>());
  CHECK(std::equal(w.begin(), w.end(), v.rbegin(), v.rend()));
  std::stable_sort(ws::par, w.begin(), w.end());
  CHECK(w == v);
  std::stable_sort(ws::par, w.begin(), w.end(), std::greater<>());
  CHECK(std::equal(w.begin(), w.end(), v.rbegin(), v.rend()));
}

inline void check_runs_on_the_pool() {
  ws::thread_pool pool(ws_test::pool_options(2));
  std::vector<int> v(100'000);
  std::atomic<int> off_pool{0};
  std::for_each(ws::par.on(pool), v.begin(), v.end(), [&](int) { off_pool += !pool.current_thread_index(); });
  CHECK(off_pool.load() == 0);
}

}  // namespace drop_in
