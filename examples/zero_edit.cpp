// SPDX-License-Identifier: MIT
// The zero-edit route: standard code, unchanged. Linked with the CMake target
// pstl_ws::std_execution (or compiled with -include pstl_ws/std_execution.hpp),
// every std::ALGO(std::execution::par, ...) runs libstdc++'s own parallel
// algorithms on pstl_ws's global pool, with no TBB (docs/std-execution.md).
#include <algorithm>
#include <cstdio>
#include <execution>
#include <numeric>
#include <vector>

int main() {
  std::vector<long> values(1000000);
  std::iota(values.rbegin(), values.rend(), 0L);  // descending

  std::sort(std::execution::par, values.begin(), values.end());
  const long sum = std::reduce(std::execution::par, values.begin(), values.end(), 0L);
  const auto odd = std::count_if(std::execution::par_unseq, values.begin(), values.end(),
                                 [](long value) { return value % 2 != 0; });

  const bool ok = std::is_sorted(values.begin(), values.end()) && sum == 499999500000L && odd == 500000;
  std::printf("zero_edit: sorted, sum %ld, %td odd: %s\n", sum, odd, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
