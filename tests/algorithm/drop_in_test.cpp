// SPDX-License-Identifier: MIT
// std::ALGO(ws::par, ...) with libstdc++'s <execution> included before ours.
#include <execution>

#include "drop_in_calls.hpp"

TEST_CASE("std::, ws:: and unqualified calls with ws policies all run ours, <execution> included first" * doctest::timeout(60)) {
  drop_in::check_every_spelling();
}

TEST_CASE("std::for_each(ws::par.on(pool), ...) runs on that pool" * doctest::timeout(60)) {
  drop_in::check_runs_on_the_pool();
}
