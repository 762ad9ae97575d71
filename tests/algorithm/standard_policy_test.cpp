// SPDX-License-Identifier: MIT
// The ws:: algorithms (and ws::ranges ones) called with the standard's
// policies: std::execution::par and par_unseq run on the ws pool the call is
// made in, seq and unseq on the calling thread, and every result equals the
// sequential std:: one.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/memory.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <execution>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

std::vector<long> shuffled(std::size_t n) {
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), -static_cast<long>(n / 2));
  std::shuffle(values.begin(), values.end(), std::mt19937_64(n));
  return values;
}

// Runs a few algorithms of each pattern with `policy` and checks them against
// the sequential std:: algorithms.
template <class Policy>
void check_results(const Policy& policy, std::size_t n) {
  const std::vector<long> values = shuffled(n);
  std::vector<long> sorted = values;
  std::sort(sorted.begin(), sorted.end());

  std::vector<long> v = values;
  ws::sort(policy, v.begin(), v.end());
  CHECK(v == sorted);
  v = values;
  ws::stable_sort(policy, v.begin(), v.end(), std::greater<>());
  CHECK(std::equal(v.begin(), v.end(), sorted.rbegin()));
  CHECK(ws::reduce(policy, values.begin(), values.end(), 5L) == std::reduce(values.begin(), values.end(), 5L));
  CHECK(ws::count_if(policy, values.begin(), values.end(), [](long x) { return x % 3 == 0; }) ==
        std::count_if(values.begin(), values.end(), [](long x) { return x % 3 == 0; }));
  CHECK(ws::find(policy, values.begin(), values.end(), 7L) == std::find(values.begin(), values.end(), 7L));

  std::vector<long> out(n);
  std::vector<long> expected(n);
  ws::inclusive_scan(policy, values.begin(), values.end(), out.begin());
  std::inclusive_scan(values.begin(), values.end(), expected.begin());
  CHECK(out == expected);
  const auto kept = ws::copy_if(policy, values.begin(), values.end(), out.begin(), [](long x) { return x > 0; });
  const auto kept_expected = std::copy_if(values.begin(), values.end(), expected.begin(), [](long x) { return x > 0; });
  CHECK(kept - out.begin() == kept_expected - expected.begin());
  CHECK(std::equal(out.begin(), kept, expected.begin()));
  ws::transform(policy, values.begin(), values.end(), out.begin(), [](long x) { return 2 * x; });
  std::transform(values.begin(), values.end(), expected.begin(), [](long x) { return 2 * x; });
  CHECK(out == expected);
  ws::uninitialized_fill(policy, out.begin(), out.end(), 4L);
  CHECK(std::all_of(out.begin(), out.end(), [](long x) { return x == 4; }));

  // The range algorithms take the standard policies too.
  v = values;
  CHECK(ws::ranges::sort(policy, v, std::ranges::greater{}) == v.end());
  CHECK(std::equal(v.begin(), v.end(), sorted.rbegin()));
  CHECK(ws::ranges::count_if(policy, values, [](long x) { return x % 3 == 0; }) ==
        std::ranges::count_if(values, [](long x) { return x % 3 == 0; }));
  CHECK(ws::ranges::transform(policy, values, out, [](long x) { return -x; }).out == out.end());
  CHECK(std::ranges::equal(out, values, {}, {}, [](long x) { return -x; }));
  const auto copied = ws::ranges::copy_if(policy, values, out, [](long x) { return x > 0; });
  CHECK(copied.in == values.end());
  std::vector<long> positives;
  std::ranges::copy_if(values, std::back_inserter(positives), [](long x) { return x > 0; });
  CHECK(std::equal(out.begin(), copied.out, positives.begin(), positives.end()));
  if (n > 0) {
    CHECK(ws::ranges::min(policy, values) == sorted.front());
  }
  CHECK(ws::ranges::merge(policy, sorted, sorted, std::span<long>(out).first(values.size() / 2)).in2 ==
        sorted.begin() + static_cast<std::ptrdiff_t>(values.size() / 4));
}

// How many of a for_each's elements ran on a thread of `pool` (nullptr: of
// any pool): a parallel policy runs them all there, a sequential one none.
template <class Policy>
std::size_t elements_on_pool(const Policy& policy, const ws::thread_pool* pool) {
  std::vector<int> cells(100000);
  std::atomic<std::size_t> on_pool{0};
  ws::for_each(policy, cells.begin(), cells.end(), [&](int&) {
    const bool in_pool = pool != nullptr ? pool->current_thread_index().has_value()
                                         : ws::current_thread_index().has_value();
    if (in_pool) {
      on_pool.fetch_add(1, std::memory_order_relaxed);  // relaxed: a count read after the call
    }
  });
  return on_pool.load();
}

}  // namespace

TEST_CASE("ws algorithms called with std::execution::par or par_unseq run on the pool they are called in" * doctest::timeout(120)) {
  CHECK(elements_on_pool(std::execution::par, nullptr) == 100000);
  CHECK(elements_on_pool(std::execution::par_unseq, nullptr) == 100000);
  for (auto& pool : ws_test::pools()) {
    CAPTURE(pool->num_threads());
    CHECK(pool->install([&] { return elements_on_pool(std::execution::par, pool.get()); }) == 100000);
    CHECK(pool->install([&] { return elements_on_pool(std::execution::par_unseq, pool.get()); }) == 100000);
  }
}

TEST_CASE("ws algorithms called with std::execution::seq or unseq run on the calling thread" * doctest::timeout(60)) {
  CHECK(elements_on_pool(std::execution::seq, nullptr) == 0);
  CHECK(elements_on_pool(std::execution::unseq, nullptr) == 0);
}

TEST_CASE("ws algorithms called with each standard policy give the sequential std results" * doctest::timeout(300)) {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, ws_test::k_large_size}) {
    CAPTURE(n);
    check_results(std::execution::seq, n);
    check_results(std::execution::unseq, n);
    check_results(std::execution::par, n);
    check_results(std::execution::par_unseq, n);
    for (auto& pool : ws_test::pools()) {
      CAPTURE(pool->num_threads());
      pool->install([&] { check_results(std::execution::par, n); });
    }
  }
}

namespace {

template <class Policy, class... Args>
concept sortable_with = requires(Policy policy, Args... args) { ws::sort(policy, args...); };
template <class Policy, class... Args>
concept destroyable_with = requires(Policy policy, Args... args) { ws::destroy(policy, args...); };
template <class Policy, class... Args>
concept transform_reducible_with =
    requires(Policy policy, Args... args) { ws::transform_reduce(policy, args...); };

using iterator = std::vector<int>::iterator;

}  // namespace

TEST_CASE("a standard policy is accepted wherever a ws policy is and nothing else is taken for one" * doctest::timeout(30)) {
  static_assert(sortable_with<std::execution::parallel_policy, iterator, iterator>);
  static_assert(sortable_with<const std::execution::sequenced_policy&, iterator, iterator, std::greater<>>);
  static_assert(destroyable_with<std::execution::unsequenced_policy, iterator, iterator>);
  static_assert(transform_reducible_with<std::execution::parallel_unsequenced_policy, iterator, iterator, int,
                                         std::plus<>, std::negate<>>);
  static_assert(!sortable_with<int, iterator, iterator>);
  static_assert(!sortable_with<std::execution::parallel_policy, iterator>);
  static_assert(!sortable_with<std::execution::parallel_policy, iterator, int*>);
  CHECK(ws::detail::standard_policy<const std::execution::parallel_policy&>);
  CHECK_FALSE(ws::detail::standard_policy<ws::parallel_policy>);
}
