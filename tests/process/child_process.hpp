// SPDX-License-Identifier: MIT
// Runs a function in a forked child process and collects what it wrote and how
// it ended: for global state (the global pool, the environment, process exit)
// that one process can only see once.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <string>

namespace ws_test {

struct child_result {
  int m_exit_code = -1;  // -1 unless the child exited normally
  int m_signal = 0;      // the signal that ended it, if any
  std::string m_output;  // what the child passed to `report`
};

/// Forks; the child runs body(report) under a watchdog alarm of `limit_s`
/// seconds and exits with 0 when body returns. report(text) sends text to the
/// parent. Call only from a test process whose global pool does not exist yet
/// (a forked child has only the forking thread).
inline child_result run_in_child(const std::function<void(const std::function<void(const std::string&)>&)>& body,
                                 unsigned limit_s = 20) {
  int fds[2];
  if (::pipe(fds) != 0) {
    return {};
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    ::alarm(limit_s);
    const auto report = [fd = fds[1]](const std::string& text) {
      [[maybe_unused]] const auto written = ::write(fd, text.data(), text.size());
    };
    body(report);
    std::exit(0);  // runs static destructors, as a real program's exit does
  }
  ::close(fds[1]);
  child_result result;
  char buffer[256];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {
    result.m_output.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status)) {
    result.m_exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.m_signal = WTERMSIG(status);
  }
  return result;
}

}  // namespace ws_test
