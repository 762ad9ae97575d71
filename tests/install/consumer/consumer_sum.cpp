// SPDX-License-Identifier: MIT
// The consumer's own library: a parallel reduce through std.hpp, so that the
// drop-in header is compiled outside our tree too.
#include <pstl_ws/std.hpp>

#include <numeric>
#include <vector>

long consumer_sum(const std::vector<long>& values) {
  return std::reduce(ws::par, values.begin(), values.end(), 0L);
}
