// SPDX-License-Identifier: MIT
// ws::thread_pool: the public handle over a registry.
#include "pstl_ws/thread_pool.hpp"

#include <algorithm>  // for std::min
#include <cstdio>  // for std::fprintf, stderr, std::fflush
#include <cstdlib>  // for std::abort
#include <exception>  // for std::exception
#include <string>
#include <utility>  // for std::move

#include "pstl_ws/detail/runtime/sleep.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"

namespace ws {
namespace detail {

void fatal(const char* what) noexcept {
  std::fprintf(stderr, "pstl_ws: fatal: %s\n", what);
  std::fflush(stderr);
  std::abort();
}

}  // namespace detail

thread_pool::thread_pool(std::size_t num_threads) : thread_pool(pool_options{.num_threads = num_threads}) {}

namespace {

// Options with their "one per CPU" defaults made counts: the threads, and the
// seats, no more of them than the slots the threads leave (registry::create
// checks the counts given).
pool_options with_counts(pool_options options) noexcept {
  const std::size_t cpus = detail::available_parallelism();
  if (options.num_threads == 0) {
    options.num_threads = cpus;
  }
  if (options.seats == 0) {
    const std::size_t workers = detail::registry::workers_for(options.num_threads);
    constexpr std::size_t k_max_slots = detail::sleep_counters::k_threads_max;
    options.seats = workers < k_max_slots ? std::min(cpus, k_max_slots - workers) : 1;
  }
  return options;
}

}  // namespace

thread_pool::thread_pool(pool_options options)
    : m_registry(detail::registry::create(with_counts(options))) {}

thread_pool::~thread_pool() {
  if (m_registry->is_abandoned()) {
    // A parent's pool in a forked child: nothing to join, nothing to wait for.
    detail::keep_abandoned(std::move(m_registry));
    return;
  }
  if (current_thread_index().has_value()) {
    detail::fatal("a ws::thread_pool was destroyed by one of its own workers; it would wait for itself forever");
  }
  // Calls from other threads still running here need the workers and the
  // registry until they return (docs/design.md#pool-destruction).
  m_registry->wait_for_calls_in_flight();
  m_registry->terminate();
  m_registry->join_workers();
}

std::optional<std::size_t> thread_pool::current_thread_index() const noexcept {
  const detail::worker_thread* const worker = detail::worker_thread::current();
  if (worker == nullptr || &worker->owner() != m_registry.get()) {
    return std::nullopt;
  }
  return worker->index();
}

void thread_pool::unhandled_spawn_exception() noexcept {
  std::string message = "an exception escaped a job given to ws::thread_pool::spawn";
  try {
    throw;
  } catch (const std::exception& error) {
    message += ": ";
    message += error.what();
  } catch (...) {
  }
  detail::fatal(message.c_str());
}

std::optional<std::size_t> current_thread_index() noexcept {
  const detail::worker_thread* const worker = detail::worker_thread::current();
  if (worker == nullptr) {
    return std::nullopt;
  }
  return worker->index();
}

std::size_t current_num_threads() {
  if (const detail::worker_thread* const worker = detail::worker_thread::current()) {
    return worker->owner().num_threads();
  }
  return detail::global_registry().num_threads();
}

}  // namespace ws
