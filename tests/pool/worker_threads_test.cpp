// SPDX-License-Identifier: MIT
// What pool_options says of the worker threads themselves: their names, their
// stack size, and the handlers run as each starts and ends.
#include <pthread.h>

#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

std::string this_thread_name() {
  char name[16] = {};
  REQUIRE(::pthread_getname_np(::pthread_self(), name, sizeof(name)) == 0);
  return name;
}

// What on_thread_start saw on each worker, in the order the workers started.
struct start_record {
  std::mutex m_mutex;
  std::vector<std::string> m_names;
  std::vector<std::size_t> m_stack_sizes;

  void add(std::size_t stack_size) {
    const std::string name = this_thread_name();
    const std::lock_guard lock(m_mutex);
    m_names.push_back(name);
    m_stack_sizes.push_back(stack_size);
  }
};

std::size_t this_thread_stack_size() {
  pthread_attr_t attributes;
  REQUIRE(::pthread_getattr_np(::pthread_self(), &attributes) == 0);
  std::size_t size = 0;
  ::pthread_attr_getstacksize(&attributes, &size);
  ::pthread_attr_destroy(&attributes);
  return size;
}

// The names the workers of a pool built with `name` and `threads` start with.
std::vector<std::string> worker_names(std::size_t threads, const std::string& name) {
  start_record record;
  ws::pool_options options = ws_test::pool_options(threads);
  options.thread_name = name;
  options.on_thread_start = [&](std::size_t) { record.add(0); };
  {
    ws::thread_pool pool(options);
    CHECK(pool.install([] { return ws_test::fib_by_join(12); }) == 144);
  }
  std::sort(record.m_names.begin(), record.m_names.end());
  return record.m_names;
}

}  // namespace

TEST_CASE("workers are named thread_name-N by default pstl_ws-N and cut to the 15 bytes Linux keeps" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    const std::size_t workers = threads > 1 ? threads - 1 : 1;
    std::vector<std::string> expected;
    for (std::size_t i = 0; i < workers; ++i) {
      expected.push_back("crunch-" + std::to_string(i));
    }
    std::sort(expected.begin(), expected.end());
    CHECK(worker_names(threads, "crunch") == expected);
    CHECK(worker_names(threads, ws::pool_options{}.thread_name).front() == "pstl_ws-0");
    CHECK(worker_names(threads, "a_very_long_prefix").front() == "a_very_long_pre");
  }
}

TEST_CASE("an empty thread_name leaves the workers the name of the thread that built the pool" * doctest::timeout(60)) {
  const std::string inherited = this_thread_name();
  for (const std::string& name : worker_names(3, "")) {
    CHECK(name == inherited);
  }
}

TEST_CASE("on_thread_start and on_thread_exit run once on each worker, before its first job and after its last" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    const std::size_t workers = threads > 1 ? threads - 1 : 1;
    std::vector<std::atomic<int>> started(workers);
    std::vector<std::atomic<int>> ended(workers);
    std::atomic<int> jobs_before_start{0};
    ws::pool_options options = ws_test::pool_options(threads);
    options.on_thread_start = [&](std::size_t index) { started.at(index).fetch_add(1); };
    options.on_thread_exit = [&](std::size_t index) { ended.at(index).fetch_add(1); };
    {
      ws::thread_pool pool(options);
      for (int i = 0; i < 20; ++i) {
        pool.spawn([&] {
          const std::size_t index = *ws::current_thread_index();
          if (index < workers && started[index].load() != 1) {
            jobs_before_start.fetch_add(1);
          }
        });
      }
      CHECK(pool.install([] { return ws_test::fib_by_join(15); }) == 610);
      for (const std::atomic<int>& count : ended) {
        CHECK(count.load() == 0);  // still serving
      }
    }
    CHECK(jobs_before_start.load() == 0);
    for (std::size_t i = 0; i < workers; ++i) {
      CHECK(started[i].load() == 1);
      CHECK(ended[i].load() == 1);
    }
  }
}

TEST_CASE("thread_stack_size gives every worker a stack of that size and 0 the system default" * doctest::timeout(60)) {
  constexpr std::size_t k_asked = std::size_t{512} << 10;
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    start_record record;
    ws::pool_options options = ws_test::pool_options(threads);
    options.thread_stack_size = k_asked;
    options.on_thread_start = [&](std::size_t) { record.add(this_thread_stack_size()); };
    {
      ws::thread_pool pool(options);
      CHECK(pool.install([] { return ws_test::fib_by_join(15); }) == 610);
    }
    for (const std::size_t size : record.m_stack_sizes) {
      CHECK(size == k_asked);
    }
  }
  start_record defaults;
  ws::pool_options options = ws_test::pool_options(2);
  options.on_thread_start = [&](std::size_t) { defaults.add(this_thread_stack_size()); };
  { ws::thread_pool pool(options); }
  REQUIRE(defaults.m_stack_sizes.size() == 1);
  CHECK(defaults.m_stack_sizes.front() != k_asked);
}

TEST_CASE("a thread_stack_size below 64 KiB is refused with an exception naming it" * doctest::timeout(30)) {
  ws::pool_options options = ws_test::pool_options(2);
  options.thread_stack_size = 4096;
  CHECK_THROWS_WITH_AS(ws::thread_pool{options}, doctest::Contains("thread_stack_size of 4096 bytes"),
                       std::invalid_argument);
  options.thread_stack_size = std::size_t{64} << 10;
  ws::thread_pool smallest(options);
  CHECK(smallest.install([] { return 42; }) == 42);
}
