// SPDX-License-Identifier: MIT
// splitter: how many leaves a recursive split makes, undisturbed and when
// pieces are stolen, that a stolen piece re-arms it only in its window, that
// no leaf goes below the minimum length; and the leaf timer it asks.
#include <doctest/doctest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "pstl_ws/detail/backend/splitter.hpp"

namespace {

using ws::detail::leaf_timer;
using ws::detail::splitter;

constexpr std::size_t k_thread_counts[] = {1, 2, 3, 4, 8};

struct piece {
  std::size_t m_begin;
  std::size_t m_end;
};

// The leaves par_for_node would make of [begin, end): the same halving, with
// stolen(begin, end) saying whether the piece's job migrated.
void split_into(splitter split, std::size_t begin, std::size_t end, bool migrated,
                const std::function<bool(std::size_t, std::size_t)>& stolen, std::vector<piece>& leaves) {
  if (split.try_split(end - begin, migrated)) {
    const std::size_t mid = begin + (end - begin) / 2;
    split_into(split, begin, mid, false, stolen, leaves);
    split_into(split, mid, end, stolen(mid, end), stolen, leaves);
    return;
  }
  leaves.push_back({begin, end});
}

std::vector<piece> leaves_of(std::size_t threads, std::size_t min_len, std::size_t n, leaf_timer& timer,
                             const std::function<bool(std::size_t, std::size_t)>& stolen) {
  std::vector<piece> leaves;
  split_into(splitter(threads, min_len, n, timer), 0, n, false, stolen, leaves);
  return leaves;
}

// A duration as the leaf timer takes it: nanoseconds of the steady clock.
std::int64_t ns(std::chrono::nanoseconds duration) { return duration.count(); }

bool nothing_stolen(std::size_t, std::size_t) { return false; }
bool everything_stolen(std::size_t, std::size_t) { return true; }

// A timer whose leaves took `per_element` each.
void calibrate(leaf_timer& timer, std::chrono::nanoseconds per_element) {
  constexpr std::size_t k_len = 1000;
  timer.record(k_len, ns(per_element * k_len));
}

}  // namespace

TEST_CASE("an undisturbed split makes between P and 2P leaves that cover the input in order") {
  constexpr std::size_t n = 1'000'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    leaf_timer timer;
    const std::vector<piece> leaves = leaves_of(threads, 1, n, timer, nothing_stolen);
    CHECK(leaves.size() >= threads);
    CHECK(leaves.size() <= 2 * threads);
    std::size_t next = 0;
    for (const piece& leaf : leaves) {
      CHECK(leaf.m_begin == next);
      next = leaf.m_end;
    }
    CHECK(next == n);
  }
}

TEST_CASE("a stolen piece of fewer than n over P elements re-arms the splitter while it takes long enough") {
  constexpr std::size_t n = 1'000'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    const std::size_t rearm_max = n / threads;
    // Expensive elements: every stolen piece below n/P re-arms, down to
    // single elements, as in rayon.
    leaf_timer slow;
    calibrate(slow, std::chrono::milliseconds(1));
    const std::size_t undisturbed = leaves_of(threads, 1, n, slow, nothing_stolen).size();
    const std::vector<piece> fine = leaves_of(threads, 1, n, slow, everything_stolen);
    if (threads > 1) {
      CHECK(fine.size() > undisturbed);
    }
    // Cheap elements: a piece re-arms only while it takes k_rearm_min_ns,
    // so re-armed pieces stop splitting once that short, far above one element.
    leaf_timer fast;
    const auto per_element = std::chrono::nanoseconds(1);
    calibrate(fast, per_element);
    const std::size_t shortest_rearmed = splitter::k_rearm_min_ns / per_element.count();
    for (const piece& leaf : leaves_of(threads, 1, n, fast, everything_stolen)) {
      CHECK(leaf.m_end - leaf.m_begin >= shortest_rearmed / (4 * threads));
    }
    // A splitter with no splits left splits a stolen piece only below n/P
    // and when it takes long enough.
    splitter spent(threads, 1, n, fast);
    while (spent.try_split(n, false)) {
    }
    CHECK_FALSE(spent.try_split(rearm_max, true));
    CHECK_FALSE(spent.try_split(shortest_rearmed - 1, true));
    CHECK(spent.try_split(shortest_rearmed, true));
    leaf_timer fresh;
    splitter unmeasured(threads, 1, n, fresh);
    while (unmeasured.try_split(n, false)) {
    }
    CHECK(unmeasured.try_split(2, true));  // before any leaf finished: as rayon
  }
}

TEST_CASE("no leaf is shorter than the minimum length however often pieces are stolen") {
  constexpr std::size_t n = 100'000;
  constexpr std::size_t min_len = 5'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    leaf_timer timer;
    for (const piece& leaf : leaves_of(threads, min_len, n, timer, everything_stolen)) {
      CHECK(leaf.m_end - leaf.m_begin >= min_len);
    }
    CHECK(leaves_of(threads, n, n, timer, nothing_stolen).size() == 1);
  }
}

TEST_CASE("a leaf timer measures the leaf run in the scope of its measurement") {
  leaf_timer timer;
  CHECK(timer.may_take(1, ns(std::chrono::hours(1))));  // nothing measured yet
  {
    const auto timing = timer.measure(10);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  // 10 elements in at least 2 ms: at least 200 µs each.
  CHECK(timer.may_take(5, ns(std::chrono::milliseconds(1))));
  CHECK_FALSE(timer.may_take(5, ns(std::chrono::hours(1))));
}

TEST_CASE("a leaf timer keeps its estimate until a leaf differs from it by more than twice") {
  leaf_timer timer;
  timer.record(1000, ns(std::chrono::microseconds(1000)));  // 1 µs an element
  timer.record(1000, ns(std::chrono::microseconds(1500)));  // within 2x: kept
  CHECK(timer.may_take(1000, ns(std::chrono::microseconds(1000))));
  CHECK_FALSE(timer.may_take(1000, ns(std::chrono::microseconds(1001))));
  timer.record(1000, ns(std::chrono::microseconds(3000)));  // 3x: taken
  CHECK(timer.may_take(1000, ns(std::chrono::microseconds(3000))));
  timer.record(1000, ns(std::chrono::microseconds(1000)));  // a third: taken
  CHECK_FALSE(timer.may_take(1000, ns(std::chrono::microseconds(1001))));
}
