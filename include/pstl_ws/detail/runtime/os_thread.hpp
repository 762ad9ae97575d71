// SPDX-License-Identifier: MIT
// os_thread: a joinable thread of the operating system with the stack size a
// pool asks for (pool_options::thread_stack_size), which std::thread cannot
// set, and the name it shows in top -H, gdb and perf.
#pragma once

#include <cstddef>
#include <string>

#include <pthread.h>

namespace ws::detail {

/// One started thread; join() it before destroying the handle.
class os_thread {
 public:
  /// Starts entry(argument) on a new thread with a stack of `stack_size`
  /// bytes (0: the system's default). Throws std::system_error naming the
  /// failure; no thread is then left running.
  os_thread(std::size_t stack_size, void* (*entry)(void*), void* argument);
  os_thread(os_thread&& other) noexcept : m_handle(other.m_handle), m_joinable(other.m_joinable) {
    other.m_joinable = false;
  }
  os_thread& operator=(os_thread&&) = delete;
  os_thread(const os_thread&) = delete;
  os_thread& operator=(const os_thread&) = delete;
  /// A thread still joinable here is a bug of the caller: reported, the
  /// process ends (as std::thread's destructor would).
  ~os_thread();

  /// Waits until the thread has ended.
  void join() noexcept;

 private:
  pthread_t m_handle{};
  bool m_joinable = true;
};

/// Names the calling thread `prefix`-`index`, cut to the 15 bytes Linux
/// keeps; an empty prefix leaves the name as it is. Failures are ignored: a
/// name is a diagnostic aid.
void name_this_thread(const std::string& prefix, std::size_t index) noexcept;

}  // namespace ws::detail
