// SPDX-License-Identifier: MIT
// ws::join and ws::join_context: results, exceptions, the migrated flag.
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

void quicksort(std::vector<int>::iterator first, std::vector<int>::iterator last) {
  if (last - first < 2) {
    return;
  }
  const int pivot = *(first + (last - first) / 2);
  auto middle1 = std::partition(first, last, [pivot](int x) { return x < pivot; });
  auto middle2 = std::partition(middle1, last, [pivot](int x) { return !(pivot < x); });
  ws::join([&] { quicksort(first, middle1); }, [&] { quicksort(middle2, last); });
}

std::vector<int> random_ints(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<int> v(n);
  for (int& x : v) {
    x = static_cast<int>(rng() % 1000);
  }
  return v;
}

}  // namespace

TEST_CASE("join returns both results, computing fib(20) by recursive joins" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.install([] { return ws_test::fib_by_join(20); }) == 6765);
  }
}

TEST_CASE("join-based quicksort gives the same order as std::sort" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::vector<int> v = random_ints(100000, static_cast<unsigned>(threads));
    std::vector<int> expected = v;
    std::sort(expected.begin(), expected.end());
    pool.install([&] { quicksort(v.begin(), v.end()); });
    CHECK(v == expected);
  }
}

TEST_CASE("join from a thread outside every pool runs on the global pool" * doctest::timeout(60)) {
  auto [a, b] = ws::join([] { return ws::current_thread_index().has_value(); },
                         [] { return std::string("b"); });
  CHECK(a);
  CHECK(b == "b");
}

TEST_CASE("join maps void results to ws::unit and references to reference_wrapper" * doctest::timeout(30)) {
  ws::thread_pool pool(ws_test::pool_options(2));
  int x = 1;
  pool.install([&] {
    auto [u, r] = ws::join([] {}, [&x]() -> int& { return x; });
    static_assert(std::is_same_v<decltype(u), ws::unit>);
    r.get() = 7;
  });
  CHECK(x == 7);
}

TEST_CASE("join rethrows a's exception only after b has finished" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    for (int round = 0; round < 100; ++round) {
      std::atomic<bool> b_done{false};
      bool b_done_when_caught = false;
      try {
        pool.install([&] {
          ws::join([] { throw std::runtime_error("a"); },
                   [&] {
                     std::this_thread::yield();
                     b_done.store(true);
                   });
        });
      } catch (const std::runtime_error& error) {
        b_done_when_caught = b_done.load() && std::string(error.what()) == "a";
      }
      REQUIRE(b_done_when_caught);
    }
  }
}

TEST_CASE("join rethrows b's exception when only b throws, and a's when both throw" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK_THROWS_WITH_AS(pool.install([] { ws::join([] {}, [] { throw std::logic_error("b"); }); }),
                         "b", std::logic_error);
    CHECK_THROWS_WITH_AS(pool.install([] {
                           ws::join([] { throw std::runtime_error("a"); },
                                    [] { throw std::logic_error("b"); });
                         }),
                         "a", std::runtime_error);
    // The pool is still usable afterwards.
    CHECK(pool.install([] { return ws_test::fib_by_join(15); }) == 610);
  }
}

TEST_CASE("join_context: b is migrated exactly when another thread ran it" * doctest::timeout(60)) {
  SUBCASE("on one thread neither side migrates") {
    ws::thread_pool pool(ws_test::pool_options(1));
    auto [a, b] = pool.install([] {
      return ws::join_context([](ws::fn_context c) { return c.migrated(); },
                              [](ws::fn_context c) { return c.migrated(); });
    });
    CHECK_FALSE(a);
    CHECK_FALSE(b);
  }
  SUBCASE("b waited on by a is stolen, and says so") {
    ws::thread_pool pool(ws_test::pool_options(2));
    auto [a, b] = pool.install([] {
      std::atomic<bool> b_ran{false};
      const auto owner = ws::current_thread_index();
      return ws::join_context(
          [&](ws::fn_context c) {
            while (!b_ran.load()) {  // only a thief can run b now
              std::this_thread::yield();
            }
            return c.migrated();
          },
          [&](ws::fn_context c) {
            b_ran.store(true);
            return c.migrated() && ws::current_thread_index() != owner;
          });
    });
    CHECK_FALSE(a);
    CHECK(b);
  }
  SUBCASE("a runs on the caller when the join came from outside the pool and the seat was free") {
    const auto caller = std::this_thread::get_id();
    auto [a, b] = ws::join_context([&](ws::fn_context c) { return !c.migrated() && std::this_thread::get_id() == caller; },
                                   [](ws::fn_context) { return 0; });
    CHECK(a);
    CHECK(b == 0);
  }
  SUBCASE("a is migrated when the join came from outside the pool and found every seat taken") {
    std::optional<ws_test::every_seat_taken> occupants(std::in_place, ws::thread_pool::global());
    const auto caller = std::this_thread::get_id();
    auto [a, b] = ws::join_context([&](ws::fn_context c) { return c.migrated() && std::this_thread::get_id() != caller; },
                                   [](ws::fn_context) { return 0; });
    occupants.reset();
    CHECK(a);
    CHECK(b == 0);
  }
}
