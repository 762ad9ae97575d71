// SPDX-License-Identifier: MIT
// The calls of the mixed program (std_execution_mixed_test.cpp), compiled
// twice from std_execution_mixed_calls.cpp: into namespace ws_test::opted by a
// translation unit that opted into pstl_ws::std_execution, into
// ws_test::plain by one on libstdc++'s serial backend. Both instantiate the
// same standard algorithms with the same argument types (the element function
// is a named type, not a lambda), so that without distinct policy types they
// would share every instantiation and the linker would keep one backend's.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace ws {
class thread_pool;
}  // namespace ws

namespace ws_test {

/// The threads that ran elements of one call.
struct threads_seen {
  std::mutex m_mutex;
  std::set<std::thread::id> m_ids;
  /// How long element 0 waits for a second thread to run an element.
  std::chrono::milliseconds m_wait_for_another{0};
};

/// The element function: notes its thread; element 0 waits until another
/// thread ran an element (or m_wait_for_another passed), which on a pool of
/// two or more threads only a steal of the rest of the range can bring.
struct note_thread {
  threads_seen* m_seen;
  void operator()(std::size_t index) const {
    std::unique_lock lock(m_seen->m_mutex);
    m_seen->m_ids.insert(std::this_thread::get_id());
    if (index != 0) {
      return;
    }
    const auto end = std::chrono::steady_clock::now() + m_seen->m_wait_for_another;
    while (m_seen->m_ids.size() < 2 && std::chrono::steady_clock::now() < end) {
      lock.unlock();
      std::this_thread::yield();
      lock.lock();
    }
  }
};

#define PSTL_WS_MIXED_CALLS(name)                                                                         \
  namespace name {                                                                                        \
  /** std::for_each(par) of note_thread over `indices` on a worker of `pool`: the threads that ran it. */ \
  std::size_t for_each_threads(ws::thread_pool& pool, const std::vector<std::size_t>& indices,           \
                               std::chrono::milliseconds wait_for_another);                              \
  /** std::sort(par) of `values`. */                                                                      \
  void sort(std::vector<int>& values);                                                                    \
  /** typeid(std::execution::parallel_policy).name() in this translation unit. */                         \
  std::string policy_type_name();                                                                         \
  }
PSTL_WS_MIXED_CALLS(opted)
PSTL_WS_MIXED_CALLS(plain)
#undef PSTL_WS_MIXED_CALLS

}  // namespace ws_test
