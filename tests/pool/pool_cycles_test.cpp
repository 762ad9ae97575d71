// SPDX-License-Identifier: MIT
// Pool life in bulk: 10^4 pools of 1 to 4 threads (fewer under wait_policy::park
// and the sanitizers: cycles()) created and destroyed, some right after
// construction, some after a join, a for_each or a spawned job.
// No thread may be left behind (/proc/self/task), no destruction may hang
// (the timeout), and nothing may leak (LeakSanitizer, in the asan preset).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "test_support.hpp"

namespace {

constexpr std::size_t k_for_each_size = 4096;  // above the walk's parallel threshold

// 10^4 cycles of steal pools (Debug: 0.3 ms a cycle). A park pool also maps
// fiber stacks and a signal stack per worker (Debug: 1 ms a cycle), and the
// sanitizers make starting a thread about 10 times dearer (ASan 3.3 ms, TSan
// 3.2 ms a steal cycle; ASan 7 ms, TSan 22 ms a park cycle): fewer cycles
// there, so that each registration of the test stays within about 4 s. Every
// transition still repeats hundreds of times, and a leak or a thread left
// behind per cycle shows as plainly.
int cycles() {
  constexpr int k_sanitizer_divisor = PSTL_WS_ASAN || PSTL_WS_TSAN ? 10 : 1;
  const int park_divisor = ws_test::test_wait_policy() == ws::wait_policy::park ? 5 : 1;
  return 10'000 / (k_sanitizer_divisor * park_divisor);
}

// What one cycle does with its pool before destroying it.
enum class use { nothing, join, for_each, spawn };

}  // namespace

TEST_CASE("thousands of pools created, used or not, and destroyed leave no thread behind" *
          doctest::timeout(300)) {
  // Sanitizer runtimes start a helper thread with the first thread.
  { ws::thread_pool warm_up(ws_test::pool_options(1)); }
  const std::size_t baseline = ws_test::os_thread_count();
  std::uint64_t joined = 0;
  std::uint64_t visited = 0;
  std::atomic<std::uint64_t> spawned_ran{0};
  std::uint64_t spawned = 0;
  std::vector<int> values(k_for_each_size, 1);
  const int cycle_count = cycles();
  const auto start = std::chrono::steady_clock::now();
  for (int cycle = 0; cycle < cycle_count; ++cycle) {
    // Sizes and uses interleave differently (4 sizes, 5 steps), so every size
    // meets every use.
    const std::size_t threads = 1 + static_cast<std::size_t>(cycle % 4);
    const int step = cycle % 5;
    const use what = step < 2 ? use::nothing : step == 2 ? use::join : step == 3 ? use::for_each : use::spawn;
    ws::thread_pool pool(ws_test::pool_options(threads));
    switch (what) {
      case use::nothing:
        break;
      case use::join:
        joined += pool.install([] {
          auto [a, b] = ws::join([] { return 1; }, [] { return 2; });
          return static_cast<std::uint64_t>(a + b);
        });
        break;
      case use::for_each: {
        std::atomic<std::uint64_t> count{0};
        ws::for_each(ws::par.on(pool), values.begin(), values.end(),
                     [&](int v) { count.fetch_add(static_cast<std::uint64_t>(v)); });
        visited += count.load();
        break;
      }
      case use::spawn:
        pool.spawn([&] { spawned_ran.fetch_add(1); });  // the destructor waits for it
        ++spawned;
        break;
    }
  }
  const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE(cycle_count << " cycles in " << elapsed << " s");
  const auto per_use = static_cast<std::uint64_t>(cycle_count / 5);
  CHECK(joined == 3 * per_use);
  CHECK(visited == per_use * k_for_each_size);
  CHECK(spawned == per_use);
  CHECK(spawned_ran.load() == per_use);
  // A joined thread may stay listed for a moment after pthread_join returns.
  CHECK(ws_test::eventually([&] { return ws_test::os_thread_count() == baseline; }, std::chrono::seconds(5)));
  CHECK(ws_test::os_thread_count() == baseline);
}
