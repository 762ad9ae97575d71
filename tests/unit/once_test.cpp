// SPDX-License-Identifier: MIT
// once: one successful initializer however many threads call, its effects
// visible to every caller, and std::call_once's rule for a throwing
// initializer (the caller gets the exception, a later call retries).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <thread>
#include <vector>

#include "pstl_ws/detail/runtime/once.hpp"
#include "test_support.hpp"

namespace {

using ws::detail::once;
using namespace std::chrono_literals;

constexpr std::size_t k_callers = 8;

struct init_failed : std::runtime_error {
  init_failed() : std::runtime_error("initializer failed") {}
};

// What one caller of once::call saw when its call ended.
struct outcome {
  bool m_threw = false;
  int m_value = 0;  // the shared value read right after call returned
  std::size_t m_successes = 0;
};

// k_callers threads call o.call(init) at once; each records its outcome.
// `value` is plain memory written by the initializer and read by the callers.
template <class Init>
std::vector<outcome> contend(once& o, const int& value, const std::atomic<std::size_t>& successes,
                             Init init) {
  std::vector<outcome> outcomes(k_callers);
  ws_test::run_on_threads(k_callers, [&](std::size_t i) {
    try {
      o.call(init);
      outcomes[i].m_value = value;
      outcomes[i].m_successes = successes.load();
    } catch (const init_failed&) {
      outcomes[i].m_threw = true;
    }
  });
  return outcomes;
}

}  // namespace

TEST_CASE("once: the initializer runs exactly once under 8 contending threads and every caller sees its effects" *
          doctest::timeout(30)) {
  for (int round = 0; round < 20; ++round) {
    once o;
    int value = 0;
    std::atomic<std::size_t> runs{0};
    const auto outcomes = contend(o, value, runs, [&] {
      runs.fetch_add(1);
      std::this_thread::sleep_for(1ms);  // let the other callers queue up
      value = 42;
    });
    CHECK(runs.load() == 1);
    CHECK(o.is_completed());
    for (const auto& out : outcomes) {
      CHECK_FALSE(out.m_threw);
      CHECK(out.m_value == 42);
      CHECK(out.m_successes == 1);
    }
  }
}

TEST_CASE("once: a throwing initializer reaches its caller and a later call runs again" *
          doctest::timeout(10)) {
  once o;
  int runs = 0;
  CHECK_THROWS_AS(o.call([&] {
    ++runs;
    throw init_failed();
  }),
                  init_failed);
  CHECK(runs == 1);
  CHECK_FALSE(o.is_completed());
  CHECK_THROWS_AS(o.call([&] {
    ++runs;
    throw init_failed();
  }),
                  init_failed);
  CHECK(runs == 2);
  CHECK_FALSE(o.is_completed());
  o.call([&] { ++runs; });
  CHECK(runs == 3);
  CHECK(o.is_completed());
  o.call([&] { ++runs; });  // complete: the initializer is not called
  CHECK(runs == 3);
}

TEST_CASE("once: when the first initializer throws, the waiters return only after one initializer succeeded" *
          doctest::timeout(30)) {
  for (int round = 0; round < 10; ++round) {
    CAPTURE(round);
    once o;
    int value = 0;
    std::atomic<std::size_t> attempts{0};
    std::atomic<std::size_t> successes{0};
    const auto outcomes = contend(o, value, successes, [&] {
      if (attempts.fetch_add(1) == 0) {
        std::this_thread::sleep_for(20ms);  // the others are now queued behind us
        throw init_failed();
      }
      value = 7;
      successes.fetch_add(1);
    });
    CHECK(o.is_completed());
    CHECK(attempts.load() == 2);
    CHECK(successes.load() == 1);
    std::size_t threw = 0;
    for (const auto& out : outcomes) {
      if (out.m_threw) {
        ++threw;
      } else {
        CHECK(out.m_value == 7);
        CHECK(out.m_successes == 1);
      }
    }
    CHECK(threw == 1);
  }
}
