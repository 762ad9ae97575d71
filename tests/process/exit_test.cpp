// SPDX-License-Identifier: MIT
// exit() with pools alive: from main while other threads have parallel work in
// flight, from inside a job, and with a static user pool whose destructor runs
// at exit, its workers asleep or running a spawned job. The process must end
// at once (or, for the spawned job, once it has run), with status 0. Each case
// is a child process under a 5 s alarm. (Exit with the global pool's workers
// asleep or running a spawned job: global_pool_test.)
#include <unistd.h>

#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;

constexpr unsigned k_child_limit_s = 5;

// Keeps the global pool busy with for_each and join trees from a detached
// thread until the process ends; `rounds` counts the calls done.
void keep_global_pool_busy(std::atomic<int>& rounds) {
  std::thread([&rounds] {
    std::vector<int> values(1 << 16);
    for (;;) {
      ws::for_each(ws::par, values.begin(), values.end(), [](int& value) { ++value; });
      ws_test::fib_by_join(15);
      ++rounds;
    }
  }).detach();
}

}  // namespace

TEST_CASE("exit from main while other threads run parallel calls ends the process at once" *
          doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child(
      [](const ws_test::reporter& report) {
        static std::atomic<int> rounds[2]{};  // static: the threads use them while exit runs
        keep_global_pool_busy(rounds[0]);
        keep_global_pool_busy(rounds[1]);
        const bool busy = ws_test::eventually([] { return rounds[0] > 0 && rounds[1] > 0; }, 4s);
        report(busy ? "busy" : "idle");
      },  // the runner's std::exit(0)
      k_child_limit_s);
  CHECK(ws_test::describe(child) == "exit 0: busy");
}

TEST_CASE("exit from inside a job while other jobs run ends the process at once" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child(
      [](const ws_test::reporter& report) {
        // Never destroyed: other jobs still use it while exit runs.
        static std::vector<int>& values = *new std::vector<int>(1 << 16);
        ws::for_each(ws::par, values.begin(), values.end(), [&report](int& value) {
          if (&value == &values[values.size() / 2]) {
            report("exiting");
            std::exit(0);
          }
          ++value;
        });
        report(" after the call");  // not reached
      },
      k_child_limit_s);
  CHECK(ws_test::describe(child) == "exit 0: exiting");
}

TEST_CASE("exit destroys a static pool whose workers sleep, or waits for the job it was given" *
          doctest::timeout(60)) {
  for (const bool with_job : {false, true}) {
    CAPTURE(with_job);
    const auto start = std::chrono::steady_clock::now();
    const ws_test::child_result child = ws_test::run_in_child(
        [with_job](const ws_test::reporter& report) {
          static ws::thread_pool pool(ws_test::pool_options(3));  // destroyed by exit
          pool.install([] { ws_test::fib_by_join(12); });
          ws_test::eventually([] { return pool.stats().sleeping_threads == pool.num_worker_threads(); }, 4s);
          if (with_job) {
            pool.spawn([] {
              std::this_thread::sleep_for(200ms);
              constexpr char k_done[] = "job done";  // after main's report: written as exit runs
              [[maybe_unused]] const auto written = ::write(STDERR_FILENO, k_done, sizeof k_done - 1);
            });
          }
          report("leaving");
        },
        k_child_limit_s);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    CHECK(ws_test::describe(child) == (with_job ? "exit 0: leaving | stderr: job done" : "exit 0: leaving"));
    if (with_job) {
      CHECK(elapsed >= 200ms);
    }
  }
}
