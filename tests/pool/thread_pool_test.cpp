// SPDX-License-Identifier: MIT
// ws::thread_pool: sizing, install, indices, stats, spawn and destruction.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/join.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "test_support.hpp"

TEST_CASE("a pool has the threads it was asked for, and 0 means one per available CPU" * doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    ws::thread_pool pool(ws_test::pool_options(threads));
    CHECK(pool.num_threads() == threads);
  }
  ws::thread_pool all(ws_test::pool_options(0));
  CHECK(all.num_threads() == ws::detail::available_parallelism());
}

TEST_CASE("a pool of more than 65535 threads is refused with an exception naming the limit" * doctest::timeout(30)) {
  CHECK_THROWS_WITH_AS(ws::thread_pool(65536), doctest::Contains("65535"), std::invalid_argument);
}

TEST_CASE("install runs on a worker of that pool, whose index is in range" * doctest::timeout(30)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    ws::thread_pool other(ws_test::pool_options(1));
    CHECK_FALSE(pool.current_thread_index().has_value());
    const auto [index, index_in_other] =
        pool.install([&] { return std::pair(pool.current_thread_index(), other.current_thread_index()); });
    REQUIRE(index.has_value());
    CHECK(*index < pool.num_thread_indices());
    CHECK_FALSE(index_in_other.has_value());
    CHECK(pool.install([&] { return ws::current_num_threads(); }) == threads);
  }
}

TEST_CASE("install rethrows the exception of its function and the pool stays usable" * doctest::timeout(30)) {
  ws::thread_pool pool(ws_test::pool_options(2));
  CHECK_THROWS_WITH_AS(pool.install([]() -> int { throw std::out_of_range("install"); }), "install",
                       std::out_of_range);
  CHECK(pool.install([] { return 3; }) == 3);
  int value = 0;
  int& same = pool.install([&]() -> int& { return value; });
  CHECK(&same == &value);
}

TEST_CASE("stats count executed jobs, steals and sleeps" * doctest::timeout(30)) {
  ws::thread_pool pool(ws_test::pool_options(4));
  const ws::pool_stats before = pool.stats();
  std::atomic<int> leaves{0};
  pool.install([&] {
    auto tree = [&](auto& self, int depth) -> void {
      if (depth == 0) {
        leaves.fetch_add(1);
        return;
      }
      ws::join([&] { self(self, depth - 1); }, [&] { self(self, depth - 1); });
    };
    tree(tree, 12);
  });
  CHECK(leaves.load() == 4096);
  // The tree may run entirely in the seat (joins run inline are not counted),
  // but a spawned job always runs on a worker.
  std::atomic<bool> spawned_ran{false};
  pool.spawn([&] { spawned_ran = true; });
  REQUIRE(ws_test::eventually([&] { return spawned_ran.load(); }, std::chrono::seconds(5)));
  const ws::pool_stats after = pool.stats();
  CHECK(after.jobs_executed > before.jobs_executed);
  CHECK(ws_test::eventually([&] { return pool.stats().sleeping_threads == pool.num_worker_threads(); }, std::chrono::seconds(5)));
  // A thread counts as sleeping once registered, and its sleep once it blocks
  // a moment later (docs/sleep.md, steps 4 and 6).
  CHECK(ws_test::eventually([&] { return pool.stats().sleeps >= pool.num_worker_threads(); },
                            std::chrono::seconds(5)));
}

TEST_CASE("destroying a pool first runs every job already spawned" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    std::atomic<int> ran{0};
    {
      ws::thread_pool pool(ws_test::pool_options(threads));
      for (int i = 0; i < 1000; ++i) {
        pool.spawn([&ran, i] {
          if (i % 100 == 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          }
          ran.fetch_add(1);
        });
      }
    }
    CHECK(ran.load() == 1000);
  }
}

TEST_CASE("jobs spawned by spawned jobs also run before the pool is destroyed" * doctest::timeout(60)) {
  std::atomic<int> ran{0};
  {
    ws::thread_pool pool(ws_test::pool_options(3));
    for (int i = 0; i < 10; ++i) {
      pool.spawn([&] {
        for (int k = 0; k < 10; ++k) {
          pool.spawn([&] { ran.fetch_add(1); });
        }
      });
    }
  }
  CHECK(ran.load() == 100);
}

TEST_CASE("destroying a pool whose workers all sleep returns promptly" * doctest::timeout(60)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    pool.install([] {});
    CHECK(ws_test::eventually([&] { return pool.stats().sleeping_threads == pool.num_worker_threads(); },
                              std::chrono::seconds(5)));
  }  // destructors run here; a hang is caught by the timeout
}

TEST_CASE("destroying a pool waits for an algorithm another thread is running on it" * doctest::timeout(120)) {
  // The call is counted before its body first runs, so once the body ran it
  // is in flight. Before, it went on in a freed pool (SIGSEGV, or an
  // AddressSanitizer report).
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    auto pool = std::make_unique<ws::thread_pool>(ws_test::pool_options(threads));
    std::vector<int> data(2000, 1);
    std::atomic<bool> running{false};
    std::thread caller([&data, &running, &on = *pool] {
      ws::for_each(ws::par.on(on), data.begin(), data.end(), [&](int& x) {
        running.store(true);
        std::this_thread::sleep_for(std::chrono::microseconds(20));
        x += 1;
      });
    });
    REQUIRE(ws_test::eventually([&] { return running.load(); }, std::chrono::seconds(10)));
    pool.reset();
    caller.join();
    CHECK(std::count(data.begin(), data.end(), 2) == 2000);
  }
}

TEST_CASE("destroying a pool waits for a call another thread has in its seat" * doctest::timeout(120)) {
  // The holder's call waits for a release; the destructor, started
  // meanwhile, must not return before the holder's call did. Before, it
  // returned at once (the workers were idle) and the holder went on in a
  // freed pool.
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    auto pool = std::make_unique<ws::thread_pool>(ws_test::pool_options(threads));
    ws::thread_pool& on = *pool;
    std::atomic<bool> seated{false};
    std::atomic<bool> release{false};
    std::atomic<bool> holder_returned{false};
    std::thread holder([&] {
      const std::uint64_t result = on.install([&] {
        seated.store(true);
        ws_test::eventually([&] { return release.load(); }, std::chrono::seconds(30));
        return ws_test::fib_by_join(15);
      });
      CHECK(result == 610);
      holder_returned.store(true);
    });
    REQUIRE(ws_test::eventually([&] { return seated.load(); }, std::chrono::seconds(10)));
    std::atomic<bool> destroyed{false};
    bool holder_returned_first = false;
    std::thread destroyer([&] {
      pool.reset();
      holder_returned_first = holder_returned.load();
      destroyed.store(true);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const bool destroyed_before_release = destroyed.load();
    release.store(true);
    destroyer.join();
    holder.join();
    CHECK_FALSE(destroyed_before_release);
    CHECK(holder_returned_first);
  }
}

TEST_CASE("a pool whose threads the system refuses throws system_error naming how many were asked for and started" *
          doctest::timeout(60)) {
  // A stack of 1 TiB per thread: refused at once where the kernel checks
  // commitments, or once the address space is full where it does not. The
  // threads that did start are stopped before the exception leaves.
  auto threads_of_process = [] {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
      if (line.rfind("Threads:", 0) == 0) {
        return std::stoul(line.substr(8));
      }
    }
    return 0UL;
  };
  // A pool made and destroyed first, so that any thread a sanitizer's
  // runtime starts with the process's first pthread_create (ThreadSanitizer's
  // background thread) is there before the count.
  ws::thread_pool(ws_test::pool_options(2)).install([] {});
  const unsigned long threads_before = threads_of_process();
  ws::pool_options options = ws_test::pool_options(1000);
  options.thread_stack_size = std::size_t{1} << 40;
  try {
    ws::thread_pool pool(options);
    FAIL("1000 threads of 1 TiB stacks started");
  } catch (const std::system_error& error) {
    const std::string what = error.what();
    CAPTURE(what);
    CHECK(what.find("a pool of 1000 threads needs 999 worker threads") != std::string::npos);
    CHECK(what.find("the system started only ") != std::string::npos);
  }
  CHECK(threads_of_process() == threads_before);
  ws::thread_pool after(ws_test::pool_options(2));
  CHECK(after.install([] { return ws_test::fib_by_join(10); }) == 55);
}

TEST_CASE("a pool of more slots than one steal round looks at runs joins right, and its workers steal" *
          doctest::timeout(120)) {
  // 100 threads and one seat: 100 slots, past the 64 victims a steal round
  // samples (worker_thread::k_steal_scan), so every search here samples.
  ws::pool_options options = ws_test::pool_options(100);
  options.seats = 1;
  ws::thread_pool pool(options);
  for (int call = 0; call < 5; ++call) {
    CHECK(pool.install([] { return ws_test::fib_by_join(20); }) == 6765);
  }
  CHECK(pool.stats().steals > 0);
}
