// SPDX-License-Identifier: MIT
// The live progress line of pstl_ws_compare: which workload, backend and
// thread count is running, how many measurements are done and roughly how
// long the rest will take. On a terminal it rewrites one line of stderr; in a
// log (stderr not a terminal) it prints one line per workload instead.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace harness {

class progress {
 public:
  /// total: the number of step() calls the run will make; enabled: false
  /// prints nothing at all.
  progress(std::size_t total, bool enabled)
      : m_total(total), m_enabled(enabled), m_terminal(isatty(STDERR_FILENO) == 1) {}

  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  ~progress() { finish(); }

  /// Announces the next measurement: `workload` at `size` elements by
  /// `backend` on `threads` threads.
  void step(const std::string& workload, std::size_t size, const char* backend, std::size_t threads) {
    show(workload + (size > 0 ? " n=" + std::to_string(size) : std::string()),
         std::string(", ") + backend + ", " + std::to_string(threads) + (threads == 1 ? " thread" : " threads"));
  }

  /// Announces the next measurement, described by `what`.
  void step(std::string_view what) { show(std::string(what)); }

  /// Clears the progress line (called by the destructor too).
  void finish() {
    if (m_enabled && m_terminal && m_done > 0) {
      std::fputs("\r\x1b[K", stderr);
    }
    m_enabled = false;
  }

 private:
  /// what: the workload (a log gets a line when it changes); detail: the
  /// backend and threads (shown on a terminal only).
  void show(const std::string& what, const std::string& detail = {}) {
    if (!m_enabled) {
      return;
    }
    if (m_terminal) {
      std::fprintf(stderr, "\r\x1b[K[%zu/%zu] %s%s%s", m_done + 1, m_total, what.c_str(), detail.c_str(),
                   eta().c_str());
    } else if (what != m_last) {
      std::fprintf(stderr, "[%zu/%zu] %s%s\n", m_done + 1, m_total, what.c_str(), eta().c_str());
    }
    m_last = what;
    ++m_done;
  }

  /// ", about 2m10s left", extrapolated from the time per step so far.
  std::string eta() const {
    if (m_done == 0 || m_done >= m_total) {
      return {};
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const auto left = static_cast<long>(elapsed / static_cast<double>(m_done) * static_cast<double>(m_total - m_done));
    char text[48];
    std::snprintf(text, sizeof text, ", about %ldm%02lds left", left / 60, left % 60);
    return text;
  }

  std::size_t m_total;
  std::size_t m_done = 0;
  bool m_enabled;
  bool m_terminal;
  std::string m_last;
  std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
};

}  // namespace harness
