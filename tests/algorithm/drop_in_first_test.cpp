// SPDX-License-Identifier: MIT
// std::ALGO(ws::par, ...) with <pstl_ws/std.hpp> included before libstdc++'s <execution>.
#include "drop_in_calls.hpp"

#include <execution>

TEST_CASE("std::, ws:: and unqualified calls with ws policies all run ours, <execution> included last" * doctest::timeout(60)) {
  drop_in::check_every_spelling();
}
