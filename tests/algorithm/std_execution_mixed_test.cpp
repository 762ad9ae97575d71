// SPDX-License-Identifier: MIT
// A mixed program: the same standard algorithms, called with the same argument
// types from a translation unit that opted into pstl_ws::std_execution and
// from one that did not (libstdc++'s serial backend, as where TBB is not
// installed). Each keeps its own backend: the opted one runs on the ws pool,
// the other on the calling thread, whichever the linker sees first.
// docs/std-execution.md#mixed-programs.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <pstl_ws/thread_pool.hpp>

#include "std_execution_mixed_calls.hpp"
#include "test_support.hpp"

namespace {

constexpr std::size_t k_n = 100003;

std::vector<std::size_t> indices() {
  std::vector<std::size_t> result(k_n);
  std::iota(result.begin(), result.end(), std::size_t{0});
  return result;
}

}  // namespace

TEST_CASE("the opted-in translation unit runs std::for_each(par) on several workers, the other on one thread" *
          doctest::timeout(120)) {
  const std::vector<std::size_t> all = indices();
  for (const std::size_t threads : ws_test::k_thread_counts) {
    if (threads < 2) {
      continue;
    }
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(ws_test::opted::for_each_threads(pool, all, std::chrono::seconds(10)) >= 2);
    CHECK(ws_test::plain::for_each_threads(pool, all, std::chrono::milliseconds(200)) == 1);
  }
}

TEST_CASE("std::sort(par) from either translation unit equals std::sort" * doctest::timeout(120)) {
  std::mt19937 rng(7);
  std::vector<int> input(k_n);
  for (int& value : input) {
    value = static_cast<int>(rng() % 1000);
  }
  std::vector<int> expected = input;
  std::sort(expected.begin(), expected.end());
  std::vector<int> opted = input;
  ws_test::opted::sort(opted);
  CHECK(opted == expected);
  std::vector<int> plain = input;
  ws_test::plain::sort(plain);
  CHECK(plain == expected);
}

TEST_CASE("std::execution::parallel_policy is a type of its own in the opted-in translation unit") {
  const std::string opted = ws_test::opted::policy_type_name();
  const std::string plain = ws_test::plain::policy_type_name();
  CAPTURE(opted);
  CAPTURE(plain);
  CHECK(opted != plain);
  CHECK(opted.find("__ws_v1") != std::string::npos);
}
