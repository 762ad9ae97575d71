// SPDX-License-Identifier: MIT
// ws::for_each and ws::for_each_n against std::for_each.
#include <pstl_ws/algorithm.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

std::vector<long> iota_values(std::size_t n) {
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  return values;
}

constexpr auto k_transform = [](long& x) { x = 3 * x + 1; };

}  // namespace

TEST_CASE("for_each changes every element as std::for_each does, for every size, pool, grain and container" * doctest::timeout(300)) {
  // Grain 0 is the default: sequential below k_walk_parallel_threshold, leaves of any size.
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}, std::size_t{1024}}) {
    for (std::size_t n : ws_test::sizes_around(grain != 0 ? grain : ws::detail::k_walk_parallel_threshold / 2)) {
      CAPTURE(grain);
      CAPTURE(n);
      const std::vector<long> values = iota_values(n);
      std::vector<long> expected = values;
      std::for_each(expected.begin(), expected.end(), k_transform);
      ws_test::for_each_pool([&](auto policy) {
        ws_test::for_each_container(values, expected, [&](auto first, auto last) {
          ws::for_each(policy.grain(grain), first, last, k_transform);
        });
      });
    }
  }
}

TEST_CASE("for_each_n changes the first n elements and returns first + n" * doctest::timeout(60)) {
  for (long n : {-3L, 0L, 1L, 1500L, 100'001L}) {
    CAPTURE(n);
    std::vector<long> values = iota_values(200'000);
    std::vector<long> expected = values;
    const auto expected_end = std::for_each_n(expected.begin(), std::max(n, 0L), k_transform);
    ws_test::for_each_pool([&](auto policy) {
      std::vector<long> v = values;
      const auto end = ws::for_each_n(policy, v.begin(), n, k_transform);
      CHECK(end - v.begin() == expected_end - expected.begin());
      CHECK(v == expected);
    });
  }
}

TEST_CASE("for_each runs on the pool's workers under par and on the caller under seq and unseq" * doctest::timeout(60)) {
  std::vector<int> v(100'000);
  ws::thread_pool pool(ws_test::pool_options(3));
  std::atomic<int> off_pool{0};
  ws::for_each(ws::par.on(pool), v.begin(), v.end(), [&](int&) { off_pool += !pool.current_thread_index(); });
  CHECK(off_pool.load() == 0);
  const auto calls_on_a_worker = [&](auto policy) {
    std::atomic<int> on_pool{0};
    ws::for_each(policy, v.begin(), v.end(), [&](int&) { on_pool += ws::current_thread_index().has_value(); });
    return on_pool.load();
  };
  CHECK(calls_on_a_worker(ws::seq) == 0);
  CHECK(calls_on_a_worker(ws::unseq) == 0);
}

TEST_CASE("threads that run out of work take over part of the piece another thread still runs" * doctest::timeout(60)) {
  // [0, n/4P) lies inside the first piece the thread that starts the call
  // runs (its leftmost leaf: the splitter's ~2P pieces are all longer). Its
  // elements take 50 ms together and the others 1 µs each, so the other
  // threads soon lack work: unless they are handed part of what is left of
  // that piece, one thread runs all of it while they wait. (Were the others
  // free, their leaves, whenever they finish before that piece splits, would
  // tell the splitter its halves are too short to hand out.)
  constexpr std::size_t n = 4096;
  const auto indices = ws_test::iota(std::size_t{0}, n);
  for (auto& pool : ws_test::pools()) {
    const std::size_t threads = pool->num_threads();
    if (threads == 1) {
      continue;
    }
    CAPTURE(threads);
    const std::size_t slow = n / (4 * threads);
    const std::chrono::microseconds per_slow_element = std::chrono::microseconds(50'000) / slow;
    std::vector<std::atomic<std::size_t>> ran_on(slow);  // the index + 1 of the thread that ran each
    ws::for_each(ws::par.on(*pool), indices.begin(), indices.end(), [&](std::size_t i) {
      if (i < slow) {
        ran_on[i].store(pool->current_thread_index().value() + 1);
      }
      ws_test::spin_for(i < slow ? per_slow_element : std::chrono::microseconds(1));
    });
    std::set<std::size_t> threads_that_ran;
    for (const std::atomic<std::size_t>& thread : ran_on) {
      threads_that_ran.insert(thread.load());
    }
    CHECK(threads_that_ran.count(0) == 0);  // every element ran, as std::for_each runs them
    CHECK(threads_that_ran.size() >= 2);
  }
}

TEST_CASE("for_each over an iota view visits every index once" * doctest::timeout(60)) {
  const auto indices = ws_test::iota(std::size_t{0}, ws_test::k_large_size);
  ws_test::for_each_pool([&](auto policy) {
    std::vector<std::atomic<int>> seen(ws_test::k_large_size);
    ws::for_each(policy, indices.begin(), indices.end(), [&](std::size_t i) { seen[i].fetch_add(1); });
    CHECK(std::all_of(seen.begin(), seen.end(), [](const std::atomic<int>& s) { return s.load() == 1; }));
  });
}

TEST_CASE("for_each works on strings and on move-only elements" * doctest::timeout(60)) {
  ws_test::for_each_pool([&](auto policy) {
    std::vector<std::string> words(5000, "ab");
    ws::for_each(policy.grain(10), words.begin(), words.end(), [](std::string& w) { w += "c"; });
    CHECK(std::all_of(words.begin(), words.end(), [](const std::string& w) { return w == "abc"; }));

    std::vector<std::unique_ptr<int>> boxes;
    for (int i = 0; i < 5000; ++i) {
      boxes.push_back(std::make_unique<int>(i));
    }
    ws::for_each(policy.grain(10), boxes.begin(), boxes.end(), [](std::unique_ptr<int>& b) { *b *= 2; });
    CHECK(*boxes[4999] == 9998);
  });
}

TEST_CASE("an exception at the first, a middle or the last element reaches the caller and the pool stays usable" * doctest::timeout(120)) {
  constexpr std::size_t n = 100'000;
  for (std::size_t thrown_at : {std::size_t{0}, n / 2, n - 1}) {
    CAPTURE(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      std::vector<std::size_t> v(n);
      std::iota(v.begin(), v.end(), std::size_t{0});
      CHECK_THROWS_WITH_AS(ws::for_each(policy.grain(100), v.begin(), v.end(),
                                        [&](std::size_t x) {
                                          if (x == thrown_at) {
                                            throw std::runtime_error("element " + std::to_string(x));
                                          }
                                        }),
                           ("element " + std::to_string(thrown_at)).c_str(), std::runtime_error);
      std::atomic<std::size_t> visited{0};
      ws::for_each(policy, v.begin(), v.end(), [&](std::size_t) { visited.fetch_add(1); });
      CHECK(visited.load() == n);
    });
  }
}
