// SPDX-License-Identifier: MIT
// split_plan: the one rule that decides whether a call runs on the pool (from
// twice the policy's grain, else from its family's threshold) and how finely
// it splits, and that no grain, however large, overflows it.
#include <doctest/doctest.h>

#include <cstddef>
#include <limits>
#include <thread>

#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace {

using ws::detail::k_find_rule;
using ws::detail::k_walk_rule;
using ws::detail::split_plan;

constexpr std::size_t k_max = std::numeric_limits<std::size_t>::max();

}  // namespace

TEST_CASE("without a grain a call goes to the pool from its rule's threshold, in leaves of the rule's grain") {
  const std::size_t threshold = k_find_rule.m_threshold;
  CHECK_FALSE(split_plan(ws::par, threshold - 1, k_find_rule).parallel());
  CHECK(split_plan(ws::par, threshold, k_find_rule).parallel());
  CHECK(split_plan(ws::par_unseq, threshold, k_find_rule).parallel());
  CHECK(split_plan(ws::par, k_max - 1, k_find_rule).parallel());
  CHECK_FALSE(split_plan(ws::par, 0, k_find_rule).parallel());
  CHECK(split_plan(ws::par, threshold, k_find_rule).grain() == k_find_rule.m_grain);
}

TEST_CASE("with a grain a call goes to the pool from twice the grain, whatever the rule, in leaves of that grain") {
  for (std::size_t grain : {std::size_t{1}, std::size_t{2}, std::size_t{1000}, std::size_t{1} << 40, k_max / 2}) {
    CAPTURE(grain);
    const auto policy = ws::par.grain(grain);
    CHECK_FALSE(split_plan(policy, 2 * grain - 1, k_walk_rule).parallel());
    CHECK(split_plan(policy, 2 * grain, k_walk_rule).parallel());
    CHECK(split_plan(policy, 2 * grain, k_walk_rule).grain() == grain);
  }
}

TEST_CASE("a grain too large to double keeps every call on the calling thread") {
  for (std::size_t grain : {k_max / 2 + 1, k_max - 1, k_max}) {
    CAPTURE(grain);
    CHECK_FALSE(split_plan(ws::par.grain(grain), k_max, k_walk_rule).parallel());
    CHECK_FALSE(split_plan(ws::par.grain(grain), 100, k_walk_rule).parallel());
  }
}

TEST_CASE("a sequential policy keeps the call and every piece of it on the calling thread") {
  for (std::size_t grain : {std::size_t{0}, std::size_t{1}}) {
    CAPTURE(grain);
    const split_plan plan(ws::seq.grain(grain), k_max - 1, k_walk_rule);
    CHECK_FALSE(plan.parallel());
    CHECK_FALSE(plan.parallel(k_max - 1));
    CHECK_FALSE(split_plan(ws::unseq.grain(grain), k_max - 1, k_walk_rule).parallel());
  }
}

TEST_CASE("the pieces of a parallel call split by the call's own rule") {
  const split_plan by_rule(ws::par, k_max - 1, k_find_rule);
  CHECK_FALSE(by_rule.parallel(k_find_rule.m_threshold - 1));
  CHECK(by_rule.parallel(k_find_rule.m_threshold));
  const split_plan by_grain(ws::par.grain(10), k_max - 1, k_find_rule);
  CHECK_FALSE(by_grain.parallel(19));
  CHECK(by_grain.parallel(20));
  const split_plan short_call(ws::par, k_find_rule.m_threshold - 1, k_find_rule);
  CHECK_FALSE(short_call.parallel(k_max - 1));
}

TEST_CASE("a plan that is not parallel runs its body on the calling thread and returns what it returns") {
  const std::thread::id caller = std::this_thread::get_id();
  const split_plan plan(ws::par, 1, k_walk_rule);
  CHECK(plan.run([&] { return std::this_thread::get_id(); }) == caller);
  CHECK(plan.run([] { return 1; }, [] { return 2; }) == 2);
}
