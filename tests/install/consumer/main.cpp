// SPDX-License-Identifier: MIT
// Consumer smoke test: a join on a pool of our own and one on the global pool.
#include <pstl_ws/pstl_ws.hpp>

#include <cstdio>

int main() {
  ws::thread_pool pool(2);
  const auto [a, b] = pool.install([] { return ws::join([] { return 20; }, [] { return 22; }); });
  const auto [c, d] = ws::join([] { return 1; }, [] { return 2; });
  std::printf("consumer: %d %d\n", a + b, c + d);
  return a + b == 42 && c + d == 3 ? 0 : 1;
}
