// SPDX-License-Identifier: MIT
// What the environment says of a pool: PSTL_WS_NUM_THREADS,
// PSTL_WS_WAIT_POLICY (pool_options::from_environment) and the CPUs this
// process may run on.
#include <sched.h>

#include <algorithm>  // for std::min
#include <cerrno>
#include <cstddef>
#include <cstdlib>  // for std::getenv
#include <optional>
#include <stdexcept>  // for std::invalid_argument
#include <string>
#include <string_view>
#include <thread>

#include "pstl_ws/detail/runtime/cpu_quota.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/sleep.hpp"
#include "pstl_ws/pool_options.hpp"

namespace ws::detail {

namespace {

// The mask sizes sched_getaffinity is tried with: glibc's fixed cpu_set_t
// first, then twice as many CPUs while the kernel's mask is larger (EINVAL),
// up to a mask of 128 KiB.
constexpr std::size_t k_affinity_cpus_first = CPU_SETSIZE;
constexpr std::size_t k_affinity_cpus_max = std::size_t{1} << 20;

// The CPUs in this thread's affinity mask, of any size; std::nullopt if it
// cannot be read.
std::optional<std::size_t> affinity_count() noexcept {
  for (std::size_t cpus = k_affinity_cpus_first; cpus <= k_affinity_cpus_max; cpus *= 2) {
    cpu_set_t* const set = CPU_ALLOC(cpus);
    if (set == nullptr) {
      return std::nullopt;
    }
    const std::size_t size = CPU_ALLOC_SIZE(cpus);
    CPU_ZERO_S(size, set);
    const int result = ::sched_getaffinity(0, size, set);
    const int error = errno;
    const int count = result == 0 ? CPU_COUNT_S(size, set) : 0;
    CPU_FREE(set);
    if (result == 0) {
      return count > 0 ? std::optional<std::size_t>(static_cast<std::size_t>(count))
                       : std::nullopt;
    }
    if (error != EINVAL) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

std::size_t available_parallelism() noexcept {
  const unsigned hardware = std::thread::hardware_concurrency();
  const std::size_t cpus = affinity_count().value_or(hardware == 0 ? 1 : hardware);
  const std::optional<std::size_t> quota = cpu_quota_limit(cpu_quota_sources{});
  return quota ? std::min(cpus, *quota) : cpus;
}

namespace {

// The message of a variable whose value is not allowed: where it came from,
// the value, and what would be.
[[noreturn]] void throw_bad_variable(const char* variable, std::string_view value,
                                     const std::string& expected) {
  throw std::invalid_argument("pstl_ws: the environment variable " + std::string(variable) +
                              "=\"" + std::string(value) + "\" is not " + expected);
}

std::size_t threads_from_environment() {
  constexpr const char* k_variable = "PSTL_WS_NUM_THREADS";
  const char* value = std::getenv(k_variable);
  if (value == nullptr) {
    return 0;
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
    throw_bad_variable(k_variable, text,
                       "a thread count: expected a whole number from 0 (one thread per "
                       "available CPU) to " +
                           std::to_string(sleep_counters::k_threads_max));
  }
  return parsed;
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
  throw_bad_variable(k_variable, value, "a wait policy: expected \"steal\" or \"park\"");
}

}  // namespace
}  // namespace ws::detail

namespace ws {

pool_options pool_options::from_environment() {
  pool_options options;
  options.num_threads = detail::threads_from_environment();
  options.wait = detail::wait_policy_from_environment();
  return options;
}

}  // namespace ws
