// SPDX-License-Identifier: MIT
// The drop-in: std:: algorithm names called with ws::par, through
// <pstl_ws/std.hpp>. One alias switches a whole file between std::execution
// and pstl_ws. Each result is checked against the sequential algorithm.
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace exec = ws;  // switch back with: namespace exec = std::execution;

int main() {
  std::vector<double> values(1 << 20);
  std::mt19937_64 random(42);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::generate(values.begin(), values.end(), [&] { return uniform(random); });
  std::vector<double> expected = values;

  std::for_each(exec::par, values.begin(), values.end(), [](double& x) { x *= 2; });
  std::sort(exec::par, values.begin(), values.end());
  // ws::par's reduce gives the same bits on every run, whatever the thread count.
  const double total = std::reduce(exec::par, values.begin(), values.end());

  std::for_each(expected.begin(), expected.end(), [](double& x) { x *= 2; });
  std::sort(expected.begin(), expected.end());
  const double expected_total = std::reduce(expected.begin(), expected.end());

  const bool ok = values == expected && total > 0.99 * expected_total && total < 1.01 * expected_total;
  std::printf("drop_in: sorted %zu doubles, total %.1f: %s\n", values.size(), total, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
