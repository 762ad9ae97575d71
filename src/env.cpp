// SPDX-License-Identifier: MIT
// The options of the global pool: PSTL_WS_NUM_THREADS, PSTL_WS_WAIT_POLICY and
// the CPU affinity mask.
#include <sched.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "pstl_ws/detail/registry.hpp"

namespace ws::detail {

std::size_t available_parallelism() noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int count = CPU_COUNT(&set);
    if (count > 0) {
      return static_cast<std::size_t>(count);
    }
  }
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware == 0 ? 1 : hardware;
}

namespace {

std::size_t threads_from_environment() {
  constexpr const char* k_variable = "PSTL_WS_NUM_THREADS";
  const char* value = std::getenv(k_variable);
  if (value == nullptr) {
    return available_parallelism();
  }
  const std::string text(value);
  std::size_t parsed = 0;
  bool valid = !text.empty() && text.size() <= 6;
  for (const char c : text) {
    valid = valid && c >= '0' && c <= '9';
    if (valid) {
      parsed = parsed * 10 + static_cast<std::size_t>(c - '0');
    }
  }
  if (!valid || parsed > sleep_counters::k_threads_max) {
    throw std::invalid_argument(std::string(k_variable) + "=\"" + text +
                                "\" is not a thread count: expected a whole number from 0 "
                                "(one thread per available CPU) to " +
                                std::to_string(sleep_counters::k_threads_max));
  }
  return parsed == 0 ? available_parallelism() : parsed;
}

wait_policy wait_policy_from_environment() {
  constexpr const char* k_variable = "PSTL_WS_WAIT_POLICY";
  const char* value = std::getenv(k_variable);
  if (value == nullptr || std::string_view(value) == "steal") {
    return wait_policy::steal;
  }
  if (std::string_view(value) == "park") {
    return wait_policy::park;
  }
  throw std::invalid_argument(std::string(k_variable) + "=\"" + value +
                              "\" is not a wait policy: expected \"steal\" or \"park\"");
}

}  // namespace

pool_options options_from_environment() {
  pool_options options;
  options.num_threads = threads_from_environment();
  options.wait = wait_policy_from_environment();
  return options;
}

}  // namespace ws::detail
