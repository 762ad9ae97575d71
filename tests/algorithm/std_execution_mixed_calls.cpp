// SPDX-License-Identifier: MIT
// The calls of the mixed program, into namespace ws_test::PSTL_WS_TEST_CALLS
// (opted or plain: see tests/algorithm/CMakeLists.txt and
// std_execution_mixed_calls.hpp).
#include <algorithm>
#include <execution>
#include <typeinfo>

#include <pstl_ws/thread_pool.hpp>

#include "std_execution_mixed_calls.hpp"

namespace ws_test::PSTL_WS_TEST_CALLS {

std::size_t for_each_threads(ws::thread_pool& pool, const std::vector<std::size_t>& indices,
                             std::chrono::milliseconds wait_for_another) {
  threads_seen seen;
  seen.m_wait_for_another = wait_for_another;
  pool.install([&] { std::for_each(std::execution::par, indices.begin(), indices.end(), note_thread{&seen}); });
  return seen.m_ids.size();
}

void sort(std::vector<int>& values) { std::sort(std::execution::par, values.begin(), values.end()); }

std::string policy_type_name() { return typeid(std::execution::parallel_policy).name(); }

}  // namespace ws_test::PSTL_WS_TEST_CALLS
