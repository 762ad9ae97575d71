// SPDX-License-Identifier: MIT
// Consumer smoke test: a join on a pool of our own, one on the global pool, a
// parallel reduce from the consumer's library, and the version macros.
#include <pstl_ws/pstl_ws.hpp>
#include <pstl_ws/version.hpp>

#include <cstdio>
#include <vector>

long consumer_sum(const std::vector<long>& values);

static_assert(PSTL_WS_VERSION == PSTL_WS_VERSION_MAJOR * 10000 + PSTL_WS_VERSION_MINOR * 100 + PSTL_WS_VERSION_PATCH);

int main() {
  ws::thread_pool pool(2);
  const auto [a, b] = pool.install([] { return ws::join([] { return 20; }, [] { return 22; }); });
  const auto [c, d] = ws::join([] { return 1; }, [] { return 2; });
  const long sum = consumer_sum(std::vector<long>(100000, 3));
  std::printf("consumer %d.%d.%d: %d %d %ld\n", PSTL_WS_VERSION_MAJOR, PSTL_WS_VERSION_MINOR,
              PSTL_WS_VERSION_PATCH, a + b, c + d, sum);
  return a + b == 42 && c + d == 3 && sum == 300000 ? 0 : 1;
}
