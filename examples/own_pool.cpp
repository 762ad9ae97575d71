// SPDX-License-Identifier: MIT
// Pools: the global pool configured in code before its first use, a pool of
// one's own for the algorithms (ws::par.on) and for fork-join (install, join,
// scope).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/pstl_ws.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

std::uint64_t fib(unsigned n) {
  if (n < 2) {
    return n;
  }
  auto [a, b] = ws::join([&] { return fib(n - 1); },   // runs here
                         [&] { return fib(n - 2); });  // may be stolen by another thread
  return a + b;
}

}  // namespace

int main() {
  // The global pool, as ws::par without .on() and ws::join outside a pool use it.
  ws::pool_options options = ws::pool_options::from_environment();
  options.thread_name = "example";  // its workers show as example-0, example-1, ... in top -H
  ws::thread_pool::build_global(options);

  ws::thread_pool pool(3);  // the caller and two workers
  std::vector<std::string> names;
  for (int i = 0; i < 100000; ++i) {
    names.push_back("name-" + std::to_string((i * 7919) % 100000));
  }
  ws::sort(ws::par.on(pool), names.begin(), names.end());
  const bool sorted = ws::is_sorted(ws::par.on(pool), names.begin(), names.end());

  const std::uint64_t f = pool.install([] { return fib(25); });  // every join inside stays on pool

  std::atomic<int> ran{0};
  ws::scope([&](ws::scope_handle& s) {  // any number of jobs, all finished when scope returns
    for (int i = 0; i < 10; ++i) {
      s.spawn([&] { ran.fetch_add(1); });
    }
  });

  const bool ok = sorted && f == 75025 && ran.load() == 10;
  std::printf("own_pool: %zu threads, fib(25) = %llu, %d scope jobs: %s\n", pool.num_threads(),
              static_cast<unsigned long long>(f), ran.load(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
