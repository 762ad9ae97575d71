// SPDX-License-Identifier: MIT
// Consumer of pstl_ws::std_execution: unchanged code calling std::for_each,
// std::sort and std::reduce with std::execution::par, opted in by the build
// alone (the CMake target, or -include pstl_ws/std_execution.hpp by hand). It
// checks that the calls ran on a pool of ours and gave the right results.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <execution>
#include <numeric>
#include <thread>
#include <vector>

#include <pstl_ws/thread_pool.hpp>

int main() {
  ws::thread_pool pool(2);
  std::vector<long> values(1000000);
  std::iota(values.rbegin(), values.rend(), 0L);
  std::atomic<bool> another_thread{false};
  const long sum = pool.install([&] {
    const std::thread::id worker = std::this_thread::get_id();
    // The first element waits (10 s at most) until an element ran on another
    // thread: only the pool's second worker, stealing the rest, can do that.
    std::for_each(std::execution::par, values.begin(), values.end(), [&](long& value) {
      if (std::this_thread::get_id() != worker) {
        another_thread.store(true);
      } else if (&value == values.data()) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!another_thread.load() && std::chrono::steady_clock::now() < end) {
          std::this_thread::yield();
        }
      }
    });
    std::sort(std::execution::par, values.begin(), values.end());
    return std::reduce(std::execution::par, values.begin(), values.end(), 0L);
  });
  const bool sorted = std::is_sorted(values.begin(), values.end());
  std::printf("consumer std_execution: sorted %d, sum %ld, ran on two pool threads %d\n", sorted ? 1 : 0, sum,
              another_thread.load() ? 1 : 0);
  return sorted && sum == 499999500000L && another_thread.load() ? 0 : 1;
}
