// SPDX-License-Identifier: MIT
// What pool_options does to the whole process, so each case runs in a child:
// an exception escaping a worker's start or exit handler ends the process
// with a message naming it, and report_stack_overflow = false leaves the
// program's SIGSEGV and SIGBUS actions as they were.
#include <csignal>

#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <stdexcept>
#include <string>

#include "child_process.hpp"
#include "test_support.hpp"

TEST_CASE("an exception escaping on_thread_start or on_thread_exit ends the process with a message naming it" * doctest::timeout(60)) {
  for (const bool at_start : {true, false}) {
    CAPTURE(at_start);
    const ws_test::child_result child = ws_test::run_in_child([&](const auto& report) {
      ws::pool_options options = ws_test::pool_options(2);
      auto fail = [](std::size_t) { throw std::runtime_error("no affinity for you"); };
      if (at_start) {
        options.on_thread_start = fail;
      } else {
        options.on_thread_exit = fail;
      }
      {
        ws::thread_pool pool(options);
        static_cast<void>(pool.install([] { return ws_test::fib_by_join(10); }));
      }
      report("survived");
    });
    CHECK(child.m_signal == SIGABRT);
    const std::string which = at_start ? "on_thread_start" : "on_thread_exit";
    CHECK(child.m_stderr.find("an exception escaped ws::pool_options::" + which + ": no affinity for you") !=
          std::string::npos);
  }
}

namespace {

// Whether the calling process's action for `signal` is the default one.
bool default_action(int signal) {
  struct sigaction current {};
  return ::sigaction(signal, nullptr, &current) == 0 && (current.sa_flags & SA_SIGINFO) == 0 &&
         current.sa_handler == SIG_DFL;
}

}  // namespace

TEST_CASE("a park pool with report_stack_overflow off installs no fault handler and one with it on does" * doctest::timeout(60)) {
  const ws_test::child_result child = ws_test::run_in_child([](const auto& report) {
    if (!default_action(SIGSEGV) || !default_action(SIGBUS)) {
      report("not default to begin with (a sanitizer's?);");
      return;
    }
    for (const bool reports : {false, true}) {
      ws::pool_options options{.num_threads = 3, .wait = ws::wait_policy::park};
      options.report_stack_overflow = reports;
      {
        ws::thread_pool pool(options);  // joined below: every worker has started
        static_cast<void>(pool.install([] { return ws_test::fib_by_join(15); }));
      }
      report(default_action(SIGSEGV) && default_action(SIGBUS) ? "untouched;" : "handled;");
    }
  });
  CHECK(child.m_exit_code == 0);
  if (child.m_output.starts_with("not default")) {
    MESSAGE("skipped: " << child.m_output);
    return;
  }
  CHECK(child.m_output == "untouched;handled;");
}
