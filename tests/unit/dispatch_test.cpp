// SPDX-License-Identifier: MIT
// dispatch: the one rule that decides whether a call is long enough for the
// pool (from twice the policy's grain, else from the algorithm's threshold),
// and that no grain, however large, overflows it.
#include <doctest/doctest.h>

#include <cstddef>
#include <limits>

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/execution.hpp"

namespace {

using ws::detail::long_enough_for_pool;

constexpr std::size_t k_max = std::numeric_limits<std::size_t>::max();

}  // namespace

TEST_CASE("without a grain a call goes to the pool from the algorithm's threshold") {
  CHECK_FALSE(long_enough_for_pool(ws::par, 2047, 2048));
  CHECK(long_enough_for_pool(ws::par, 2048, 2048));
  CHECK(long_enough_for_pool(ws::par, k_max, 2048));
  CHECK_FALSE(long_enough_for_pool(ws::par, 0, 1));
}

TEST_CASE("with a grain a call goes to the pool from twice the grain, whatever the threshold") {
  for (std::size_t grain : {std::size_t{1}, std::size_t{2}, std::size_t{1000}, std::size_t{1} << 40}) {
    CAPTURE(grain);
    CHECK_FALSE(long_enough_for_pool(ws::par.grain(grain), 2 * grain - 1, 0));
    CHECK(long_enough_for_pool(ws::par.grain(grain), 2 * grain, k_max));
  }
}

TEST_CASE("a grain too large to double keeps every call on the calling thread") {
  for (std::size_t grain : {k_max / 2 + 1, k_max - 1, k_max}) {
    CAPTURE(grain);
    CHECK_FALSE(long_enough_for_pool(ws::par.grain(grain), k_max, 0));
    CHECK_FALSE(long_enough_for_pool(ws::par.grain(grain), 100, 0));
  }
}
