// SPDX-License-Identifier: MIT
// Runs code in a forked child process and collects what it reported, what it
// wrote to stderr and how it ended: for global state (the global pool, the
// environment, signal handlers, process exit, fork itself) that one process can
// only see once. The one child-process runner of the tests.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>

namespace ws_test {

/// How a child ended and what it sent.
struct child_result {
  int m_exit_code = -1;  // -1 unless the child exited normally
  int m_signal = 0;      // the signal that ended it, if any (SIGALRM: its watchdog)
  std::string m_output;  // what the child passed to report()
  std::string m_stderr;  // everything the child wrote to stderr
};

/// One forked child, seen from both sides: the constructor forks, and returns
/// in both processes. The child starts as a plain program would: its stderr
/// goes to the parent, the crash handlers and the alternate signal stack that
/// doctest and the sanitizers set up in the test process are removed
/// (SIGSEGV, SIGBUS, SIGABRT and SIGALRM take their default action), and a
/// watchdog alarm of `limit_s` seconds ends it with SIGALRM if it hangs.
/// The child must end the process itself (exit, _exit, a signal); the parent
/// calls wait() once. Fork from any thread; a failed fork throws.
class child_process {
 public:
  explicit child_process(unsigned limit_s) {
    if (::pipe(m_output.data()) != 0 || ::pipe(m_stderr.data()) != 0) {
      throw std::runtime_error("child_process: pipe failed");
    }
    std::fflush(nullptr);  // or the child may write this process's buffered output again
    m_pid = ::fork();
    if (m_pid < 0) {
      throw std::runtime_error("child_process: fork failed");
    }
    if (m_pid == 0) {
      ::close(m_output[0]);
      ::close(m_stderr[0]);
      ::dup2(m_stderr[1], STDERR_FILENO);
      ::close(m_stderr[1]);
      for (const int signal : {SIGSEGV, SIGBUS, SIGABRT, SIGALRM}) {
        ::signal(signal, SIG_DFL);
      }
      const stack_t no_signal_stack{nullptr, SS_DISABLE, 0};
      ::sigaltstack(&no_signal_stack, nullptr);
      ::alarm(limit_s);
    } else {
      ::close(m_output[1]);
      ::close(m_stderr[1]);
    }
  }
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  /// Whether this is the child.
  [[nodiscard]] bool in_child() const noexcept { return m_pid == 0; }

  /// In the child: sends text to the parent's child_result::m_output.
  void report(const std::string& text) const {
    for (std::size_t sent = 0; sent < text.size();) {
      const ssize_t written = ::write(m_output[1], text.data() + sent, text.size() - sent);
      if (written <= 0) {
        return;
      }
      sent += static_cast<std::size_t>(written);
    }
  }

  /// In the parent: reads what the child sends until it closes both pipes,
  /// then waits for it to end.
  child_result wait() {
    child_result result;
    std::array<pollfd, 2> fds{{{m_output[0], POLLIN, 0}, {m_stderr[0], POLLIN, 0}}};
    std::array<std::string*, 2> sinks{&result.m_output, &result.m_stderr};
    for (std::size_t open = 2; open > 0;) {
      if (::poll(fds.data(), fds.size(), -1) < 0) {
        continue;  // EINTR
      }
      for (std::size_t i = 0; i < fds.size(); ++i) {
        if (fds[i].fd < 0 || fds[i].revents == 0) {
          continue;
        }
        char buffer[512];
        const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
        if (n > 0) {
          sinks[i]->append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          ::close(fds[i].fd);
          fds[i].fd = -1;
          --open;
        }
      }
    }
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) {
      result.m_exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.m_signal = WTERMSIG(status);
    }
    return result;
  }

 private:
  pid_t m_pid = -1;
  std::array<int, 2> m_output{-1, -1};
  std::array<int, 2> m_stderr{-1, -1};
};

/// What a child's body gets to send text to the parent.
using reporter = std::function<void(const std::string&)>;

/// Runs body(report) in a child_process (see there) and returns how it ended.
/// When body returns the child calls std::exit(0), which runs static
/// destructors and atexit handlers as a real program's exit does; a body that
/// must skip them ends with _exit itself.
inline child_result run_in_child(const std::function<void(const reporter&)>& body, unsigned limit_s = 20) {
  child_process child(limit_s);
  if (child.in_child()) {
    body([&child](const std::string& text) { child.report(text); });
    std::exit(0);
  }
  return child.wait();
}

/// A child's end in one line, for checks and messages: "exit 0: OUTPUT" or
/// "signal 6: OUTPUT", then " | stderr: ..." if it wrote to stderr.
inline std::string describe(const child_result& child) {
  std::string text = child.m_signal != 0 ? "signal " + std::to_string(child.m_signal)
                                         : "exit " + std::to_string(child.m_exit_code);
  text += ": " + child.m_output;
  if (!child.m_stderr.empty()) {
    text += " | stderr: " + child.m_stderr;
  }
  return text;
}

}  // namespace ws_test
