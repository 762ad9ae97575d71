// SPDX-License-Identifier: MIT
// The global pool: PSTL_WS_NUM_THREADS, and process exit with the pool alive.
// Each case runs in a child process, since the global pool is created once.
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

#include "child_process.hpp"
#include "test_support.hpp"

namespace {

// describe(global pool), or the error text, as a child sees it with the
// environment variable `variable` set to `value` (nullptr: unset).
template <class Describe>
std::string global_pool_with(const char* variable, const char* value, Describe describe) {
  const ws_test::child_result child = ws_test::run_in_child([&](const auto& report) {
    if (value == nullptr) {
      ::unsetenv(variable);
    } else {
      ::setenv(variable, value, 1);
    }
    try {
      report(describe(ws::thread_pool::global()));
    } catch (const std::invalid_argument& error) {
      report(std::string("error: ") + error.what());
    }
  });
  REQUIRE(child.m_exit_code == 0);
  return child.m_output;
}

std::string global_pool_size_with(const char* value) {
  return global_pool_with("PSTL_WS_NUM_THREADS", value,
                          [](ws::thread_pool& pool) { return std::to_string(pool.num_threads()); });
}

// The global pool's wait policy, after a parallel call that waits.
std::string global_pool_policy_with(const char* value) {
  return global_pool_with("PSTL_WS_WAIT_POLICY", value, [](ws::thread_pool& pool) {
    if (ws_test::fib_by_join(20) != 6765) {
      return std::string("wrong result");
    }
    return std::string(pool.parks() ? "park" : "steal");
  });
}

}  // namespace

TEST_CASE("PSTL_WS_NUM_THREADS sets the size of the global pool and unset or 0 means every CPU" * doctest::timeout(60)) {
  const std::string all_cpus = std::to_string(ws::detail::available_parallelism());
  CHECK(global_pool_size_with(nullptr) == all_cpus);
  CHECK(global_pool_size_with("0") == all_cpus);
  CHECK(global_pool_size_with("3") == "3");
  CHECK(global_pool_size_with("1") == "1");
}

TEST_CASE("PSTL_WS_WAIT_POLICY chooses the global pool's wait policy, steal when unset" * doctest::timeout(60)) {
  CHECK(global_pool_policy_with(nullptr) == "steal");
  CHECK(global_pool_policy_with("steal") == "steal");
  CHECK(global_pool_policy_with("park") == "park");
}

TEST_CASE("a bad PSTL_WS_WAIT_POLICY is an error naming the variable and the value" * doctest::timeout(60)) {
  for (const char* bad : {"", "Park", "parking", "steal "}) {
    CAPTURE(bad);
    CHECK(global_pool_policy_with(bad) ==
          "error: PSTL_WS_WAIT_POLICY=\"" + std::string(bad) + "\" is not a wait policy: expected \"steal\" or \"park\"");
  }
}

TEST_CASE("a bad PSTL_WS_NUM_THREADS is an error naming the variable and the value" * doctest::timeout(60)) {
  for (const char* bad : {"abc", "-1", "65536", "", "3x", " 4", "99999999999999999999"}) {
    CAPTURE(bad);
    const std::string output = global_pool_size_with(bad);
    CHECK(output.rfind("error: PSTL_WS_NUM_THREADS=\"" + std::string(bad) + "\"", 0) == 0);
  }
}

TEST_CASE("a failed global pool creation is retried by the next call" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    ::setenv("PSTL_WS_NUM_THREADS", "many", 1);
    try {
      ws::join([] {}, [] {});
    } catch (const std::invalid_argument&) {
      report("refused;");
    }
    ::setenv("PSTL_WS_NUM_THREADS", "2", 1);
    auto [a, b] = ws::join([] { return 1; }, [] { return 2; });
    report(std::to_string(a + b) + ";" + std::to_string(ws::current_num_threads()));
  });
  CHECK(child.m_exit_code == 0);
  CHECK(child.m_output == "refused;3;2");
}

namespace {
// Runs a parallel call from a static destructor, after main has returned.
struct joins_at_exit {
  ~joins_at_exit() {
    auto [a, b] = ws::join([] { return 20; }, [] { return 22; });
    if (a + b != 42) {
      std::abort();
    }
  }
};
}  // namespace

TEST_CASE("a join from a static destructor after exit still works and the process ends" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    static joins_at_exit at_exit;
    ws::join([] {}, [] {});
    report("ran");
  });
  CHECK(child.m_output == "ran");
  CHECK(child.m_exit_code == 0);
}

TEST_CASE("the process exits promptly with global workers asleep or busy" * doctest::timeout(60)) {
  const ws_test::child_result asleep = ws_test::run_in_child([](const auto&) {
    ws::join([] {}, [] {});
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  });
  CHECK(asleep.m_exit_code == 0);
  const ws_test::child_result busy = ws_test::run_in_child([](const auto&) {
    ws::thread_pool::global().spawn([] { std::this_thread::sleep_for(std::chrono::seconds(60)); });
  });
  CHECK(busy.m_exit_code == 0);
}
