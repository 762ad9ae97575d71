// SPDX-License-Identifier: MIT
// Why wait_policy::park exists: waits that pile up on one stack. Many tasks,
// each with a large frame, wait for a slow stolen half; under steal a waiting
// worker runs the next task on top of its waiting frame, again and again, and
// a small thread stack overflows; under park each task keeps its own fiber
// stack and the same work completes. Each run is a child process.
#include <pthread.h>
#include <signal.h>

#include <pstl_ws/join.hpp>
#include <pstl_ws/scope.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <thread>

#include "child_process.hpp"
#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;

constexpr std::size_t k_stack_size = 256 * 1024;  // threads' stacks and fibers' alike
constexpr int k_tasks = 200;
constexpr std::size_t k_frame_bytes = 64 * 1024;

// One task: a 64 KiB frame, then a join whose first half waits until the
// second one was stolen, and whose second half outlasts it by 20 ms. Not
// instrumented by ASan, whose use-after-return detection would move the frame
// off the stack this test is about.
[[gnu::no_sanitize_address]] void task(std::atomic<int>& done) {
  volatile char frame[k_frame_bytes];
  // From the top down, less than a page at a time, so that an overflow hits
  // the guard page below the stack rather than jumping it.
  for (std::size_t i = k_frame_bytes; i >= 512; i -= 512) {
    frame[i - 1] = static_cast<char>(i);
  }
  frame[0] = 0;
  std::atomic<bool> b_started{false};
  ws::join([&] { ws_test::eventually([&] { return b_started.load(); }, 2s); },
           [&] {
             b_started.store(true);
             std::this_thread::sleep_for(20ms);
           });
  done.fetch_add(1 + frame[0]);  // frame[0] is 0: this keeps the frame alive across the join
}

// Runs k_tasks tasks from a scope on an 8-thread pool with `policy`, in a
// child whose threads get k_stack_size stacks. Returns the child's result (an
// overflow ends the child quietly: the runner removed the test process's
// crash handlers).
ws_test::child_result run_tasks(ws::wait_policy policy) {
  return ws_test::run_in_child([policy](const auto& report) {
    pthread_attr_t attributes;
    ::pthread_attr_init(&attributes);
    ::pthread_attr_setstacksize(&attributes, k_stack_size);
    ::pthread_setattr_default_np(&attributes);  // every std::thread from now on
    ::pthread_attr_destroy(&attributes);
    ws::thread_pool pool(ws::pool_options{.num_threads = 8, .wait = policy, .fiber_stack_size = k_stack_size});
    std::atomic<int> done{0};
    pool.install([&] {
      ws::scope([&](ws::scope_handle& scope) {
        for (int i = 0; i < k_tasks; ++i) {
          scope.spawn([&] { task(done); });
        }
      });
    });
    report(std::to_string(done.load()) + " tasks, " + std::to_string(pool.stats().parks) + " parks");
  }, 60);
}

}  // namespace

TEST_CASE("waits piled on one 256 KiB thread stack overflow it under steal" * doctest::timeout(120)) {
  const ws_test::child_result child = run_tasks(ws::wait_policy::steal);
  CAPTURE(child.m_output);
  CHECK(child.m_signal == SIGSEGV);  // from the guard page below a thread's stack
}

TEST_CASE("the same tasks complete under park, each on its own fiber stack" * doctest::timeout(120)) {
  const ws_test::child_result child = run_tasks(ws::wait_policy::park);
  CHECK(child.m_exit_code == 0);
  CHECK(child.m_output.rfind(std::to_string(k_tasks) + " tasks, ", 0) == 0);
}
