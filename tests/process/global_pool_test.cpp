// SPDX-License-Identifier: MIT
// The global pool: PSTL_WS_NUM_THREADS and PSTL_WS_WAIT_POLICY, configuring
// it in code (build_global), and process exit with the pool alive. Each case
// runs in a child process, since the global pool is created once.
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <sys/wait.h>
#include <unistd.h>

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
          "error: pstl_ws: the environment variable PSTL_WS_WAIT_POLICY=\"" + std::string(bad) +
              "\" is not a wait policy: expected \"steal\" or \"park\"");
  }
}

TEST_CASE("a bad PSTL_WS_NUM_THREADS is an error naming the variable and the value" * doctest::timeout(60)) {
  for (const char* bad : {"abc", "-1", "65536", "", "3x", " 4", "99999999999999999999"}) {
    CAPTURE(bad);
    const std::string output = global_pool_size_with(bad);
    CHECK(output.rfind("error: pstl_ws: the environment variable PSTL_WS_NUM_THREADS=\"" +
                           std::string(bad) + "\" is not a thread count: expected a whole number from 0",
                       0) == 0);
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

TEST_CASE("build_global makes the global pool from the options given, without reading the environment" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    ::setenv("PSTL_WS_NUM_THREADS", "not a number", 1);
    ws::thread_pool& built = ws::thread_pool::build_global({.num_threads = 3, .wait = ws::wait_policy::park});
    report(std::to_string(ws_test::fib_by_join(20)) + ";" + std::to_string(ws::current_num_threads()) +
           ";" + (ws::thread_pool::global().parks() ? "park" : "steal") + ";" +
           (&built == &ws::thread_pool::global() ? "same" : "other"));
  });
  CHECK(child.m_exit_code == 0);
  CHECK(child.m_output == "6765;3;park;same");
}

TEST_CASE("build_global once the global pool exists is an error and leaves the pool as it was" * doctest::timeout(60)) {
  for (const bool made_by_build_global : {false, true}) {
    CAPTURE(made_by_build_global);
    const ws_test::child_result child = ws_test::run_in_child([&](const auto& report) {
      ::setenv("PSTL_WS_NUM_THREADS", "2", 1);
      if (made_by_build_global) {
        ws::thread_pool::build_global({.num_threads = 2});
      } else {
        ws::join([] {}, [] {});
      }
      try {
        ws::thread_pool::build_global({.num_threads = 5});
        report("accepted;");
      } catch (const std::logic_error& error) {
        report(std::string(error.what()).find("before the first parallel call") != std::string::npos
                   ? "refused;"
                   : "refused without saying why;");
      }
      report(std::to_string(ws::current_num_threads()) + ";" + std::to_string(ws_test::fib_by_join(15)));
    });
    CHECK(child.m_exit_code == 0);
    CHECK(child.m_output == "refused;2;610");
  }
}

TEST_CASE("pool_options::from_environment reports a bad variable before any pool exists and the program can then configure the pool" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    ::setenv("PSTL_WS_NUM_THREADS", "four", 1);
    try {
      static_cast<void>(ws::pool_options::from_environment());
      report("accepted;");
    } catch (const std::invalid_argument& error) {
      report(std::string(error.what()).find("PSTL_WS_NUM_THREADS=\"four\"") != std::string::npos
                 ? "named;"
                 : "unnamed;");
    }
    ::setenv("PSTL_WS_NUM_THREADS", "3", 1);
    ws::pool_options options = ws::pool_options::from_environment();
    options.wait = ws::wait_policy::park;
    ws::thread_pool::build_global(options);
    report(std::to_string(ws::current_num_threads()) + (ws::thread_pool::global().parks() ? ";park" : ";steal"));
  });
  CHECK(child.m_exit_code == 0);
  CHECK(child.m_output == "named;3;park");
}

TEST_CASE("a forked child makes its global pool with the options its parent gave build_global" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    ::unsetenv("PSTL_WS_NUM_THREADS");
    ws::thread_pool::build_global({.num_threads = 3, .wait = ws::wait_policy::park});
    static_cast<void>(ws_test::fib_by_join(15));
    const pid_t pid = ::fork();
    if (pid == 0) {
      const bool same = ws::current_num_threads() == 3 && ws::thread_pool::global().parks() &&
                        ws_test::fib_by_join(15) == 610;
      ::_exit(same ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    report(WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "same options" : "other options");
  });
  CHECK(child.m_exit_code == 0);
  CHECK(child.m_output == "same options");
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
