// SPDX-License-Identifier: MIT
// parker: the binary permit of threads outside the pool. An unpark before a
// park is kept (once, not twice), park blocks until an unpark, the unparker's
// writes are visible after park, and the owner may free the parker at once.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <thread>

#include "pstl_ws/detail/runtime/parker.hpp"
#include "test_support.hpp"

namespace {

using ws::detail::parker;
using namespace std::chrono_literals;

// Parks on the calling thread while a helper sleeps for `delay`, raises a
// flag, then unparks. Returns whether the flag was up when park returned,
// that is, whether park waited for this unpark rather than an older permit.
bool park_waits_for_delayed_unpark(parker& p, std::chrono::milliseconds delay) {
  std::atomic<bool> unparked{false};
  std::thread helper([&] {
    std::this_thread::sleep_for(delay);
    unparked.store(true);
    p.unpark();
  });
  p.park();
  const bool waited = unparked.load();
  helper.join();
  return waited;
}

}  // namespace

TEST_CASE("parker: an unpark before park leaves a permit and park returns at once" *
          doctest::timeout(10)) {
  parker p;
  CHECK_FALSE(p.has_permit());
  p.unpark();
  CHECK(p.has_permit());
  const auto start = std::chrono::steady_clock::now();
  p.park();
  CHECK(std::chrono::steady_clock::now() - start < 1s);
  CHECK_FALSE(p.has_permit());
}

TEST_CASE("parker: two unparks before park leave exactly one permit" * doctest::timeout(10)) {
  parker p;
  p.unpark();
  p.unpark();
  CHECK(p.has_permit());
  p.park();  // consumes the only permit
  CHECK_FALSE(p.has_permit());
  // A second permit would let this park return before the helper's unpark.
  CHECK(park_waits_for_delayed_unpark(p, 100ms));
}

TEST_CASE("parker: park blocks until another thread unparks" * doctest::timeout(10)) {
  parker p;
  for (int i = 0; i < 3; ++i) {
    CHECK(park_waits_for_delayed_unpark(p, 30ms));
    CHECK_FALSE(p.has_permit());
  }
}

TEST_CASE("parker: everything before unpark happens before the return of park" *
          doctest::timeout(10)) {
  parker p;
  int payload = 0;  // plain memory: TSan reports a race if park does not acquire
  std::thread helper([&] {
    std::this_thread::sleep_for(10ms);
    payload = 42;
    p.unpark();
  });
  p.park();
  CHECK(payload == 42);
  helper.join();
}

TEST_CASE("parker: two threads ping-pong 10^4 times through two parkers" *
          doctest::timeout(60)) {
  constexpr int k_rounds = 10'000;
  parker ping;
  parker pong;
  int ball = 0;  // plain memory handed back and forth; only the parkers order it
  int out_of_turn = 0;
  std::thread partner([&] {
    for (int i = 0; i < k_rounds; ++i) {
      ping.park();
      out_of_turn += ball == 2 * i + 1 ? 0 : 1;
      ++ball;
      pong.unpark();
    }
  });
  for (int i = 0; i < k_rounds; ++i) {
    out_of_turn += ball == 2 * i ? 0 : 1;
    ++ball;
    ping.unpark();
    pong.park();
  }
  partner.join();
  CHECK(out_of_turn == 0);
  CHECK(ball == 2 * k_rounds);
  CHECK_FALSE(ping.has_permit());
  CHECK_FALSE(pong.has_permit());
}

TEST_CASE("parker: the owner may destroy the parker as soon as park returns" *
          doctest::timeout(60)) {
  // ASan reports a use after free if unpark touches the parker after the
  // exchange that hands over the permit.
  constexpr int k_rounds = 2'000;
  std::atomic<parker*> mailbox{nullptr};
  std::atomic<bool> stop{false};
  std::thread unparker([&] {
    while (!stop.load()) {
      if (parker* p = mailbox.exchange(nullptr)) {
        p->unpark();
      } else {
        std::this_thread::yield();
      }
    }
  });
  for (int i = 0; i < k_rounds; ++i) {
    auto p = std::make_unique<parker>();
    mailbox.store(p.get());
    p->park();
  }
  stop.store(true);
  unparker.join();
  CHECK(mailbox.load() == nullptr);
}
