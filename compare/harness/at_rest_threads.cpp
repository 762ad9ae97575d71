// SPDX-License-Identifier: MIT
// The outside view of a scheduler's threads: see at_rest_threads.hpp.
#include "at_rest_threads.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>

namespace harness {
namespace {

double cpu_clock_ms(clockid_t clock) {
  timespec now{};
  if (clock_gettime(clock, &now) != 0) {
    throw std::system_error(errno, std::generic_category(), "clock_gettime of a CPU-time clock");
  }
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

struct directory_closer {
  void operator()(DIR* directory) const noexcept { closedir(directory); }
};

/// The state letter of thread `tid` of this process ('R' runnable, 'S'
/// sleeping, ...), or nothing if it cannot be read (the thread has exited).
std::optional<char> thread_state(std::string_view tid) {
  const std::string path = "/proc/self/task/" + std::string(tid) + "/stat";
  const int file = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file < 0) {
    return std::nullopt;
  }
  // "tid (comm) S ...": comm is at most 16 bytes but may hold ')' and spaces,
  // so the state is the letter two past the last ')'.
  std::array<char, 128> buffer{};
  const ssize_t length = read(file, buffer.data(), buffer.size());
  close(file);
  if (length <= 0) {
    return std::nullopt;
  }
  const std::string_view text(buffer.data(), static_cast<std::size_t>(length));
  const std::size_t paren = text.rfind(')');
  if (paren == std::string_view::npos || paren + 2 >= text.size()) {
    return std::nullopt;
  }
  return text[paren + 2];
}

}  // namespace

double other_threads_cpu_ms() {
  // The caller's clock first: its own time between the two reads then counts
  // against the others, a fraction of a microsecond.
  const double own = cpu_clock_ms(CLOCK_THREAD_CPUTIME_ID);
  return cpu_clock_ms(CLOCK_PROCESS_CPUTIME_ID) - own;
}

bool any_other_thread_runnable() {
  const std::unique_ptr<DIR, directory_closer> tasks(opendir("/proc/self/task"));
  if (!tasks) {
    throw std::system_error(errno, std::generic_category(), "opendir /proc/self/task");
  }
  const std::string own_tid = std::to_string(gettid());
  while (const dirent* entry = readdir(tasks.get())) {
    const std::string_view tid(entry->d_name);
    if (tid.empty() || tid.front() == '.' || tid == own_tid) {
      continue;
    }
    if (thread_state(tid) == 'R') {
      return true;
    }
  }
  return false;
}

std::optional<std::chrono::steady_clock::time_point> wait_until_others_quiet(
    std::chrono::steady_clock::time_point deadline) {
  using clock = std::chrono::steady_clock;
  std::optional<clock::time_point> quiet_since;
  double cpu_at_quiet_start = 0.0;
  for (;;) {
    const clock::time_point now = clock::now();
    const bool runnable = any_other_thread_runnable();
    const double cpu = other_threads_cpu_ms();
    if (runnable) {
      quiet_since.reset();
    } else if (!quiet_since || cpu - cpu_at_quiet_start >= k_quiet_cpu_ms) {
      // Quiet from here on, or a thread ran since the window began: it
      // starts (again) at this sample.
      quiet_since = now;
      cpu_at_quiet_start = cpu;
    } else if (now - *quiet_since >= k_quiet_window) {
      return quiet_since;
    }
    if (now >= deadline) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(k_quiet_sample_period);
  }
}

}  // namespace harness
