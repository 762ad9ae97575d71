// SPDX-License-Identifier: MIT
// work_deque: LIFO pop and FIFO steal order, growth, and linearizability under
// contention: every pushed item is taken exactly once, by the owner or by one
// of 1..7 thieves (research/rayon.md section 9.2, invariant 13).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/detail/runtime/work_deque_growth.hpp"  // the members of work_deque<item>
#include "test_support.hpp"

namespace {

using ws::detail::work_deque;

// Two words, like a job_ref: a torn read of a slot shows up as a bad twin.
struct item {
  std::uint64_t m_index = 0;
  std::uint64_t m_twin = 0;
};

item make_item(std::uint64_t i) { return {i, ~i * 0x9e3779b97f4a7c15ULL}; }
bool is_whole(const item& x) { return x.m_twin == make_item(x.m_index).m_twin; }

constexpr std::size_t k_items = PSTL_WS_TSAN ? 20'000 : 200'000;
constexpr std::size_t k_tail = k_items / 10;  // items the owner leaves to the thieves

// Counts, for every item, how many times it was taken; and what went wrong.
class ledger {
 public:
  explicit ledger(std::size_t n) : m_taken(n) {}

  void take(const item& x) {
    if (!is_whole(x) || x.m_index >= m_taken.size()) {
      m_torn.fetch_add(1);
      return;
    }
    m_taken[x.m_index].fetch_add(1);
  }
  // Called on the main thread after every taker has been joined.
  void check_each_taken_once(std::size_t pushed) const {
    CHECK(m_torn.load() == 0);
    std::size_t missing = 0;
    std::size_t duplicated = 0;
    for (std::size_t i = 0; i < pushed; ++i) {
      const int n = m_taken[i].load();
      missing += n == 0 ? 1 : 0;
      duplicated += n > 1 ? 1 : 0;
    }
    CHECK(missing == 0);
    CHECK(duplicated == 0);
  }

 private:
  std::vector<std::atomic<int>> m_taken;
  std::atomic<std::size_t> m_torn{0};
};

struct thief_tally {
  std::size_t m_stolen = 0;
  std::size_t m_retries = 0;
};

// Steals until `done` is set and the deque is then seen empty, sleeping for
// `pause` after each success (a slow thief lets the owner outrun it).
thief_tally steal_until_done(work_deque<item>& deque, ledger& taken, const std::atomic<bool>& done,
                             std::chrono::microseconds pause) {
  thief_tally tally;
  for (;;) {
    const bool finishing = done.load();
    const auto r = deque.steal();
    if (r.is_success()) {
      taken.take(r.m_value);
      ++tally.m_stolen;
      if (pause.count() > 0) {
        std::this_thread::sleep_for(pause);
      }
    } else if (r.is_retry()) {
      ++tally.m_retries;
    } else if (finishing) {
      return tally;
    } else {
      std::this_thread::yield();
    }
  }
}

// Thread 0 is the owner and runs `owner(deque, taken)`, which returns how many
// items it pushed; threads 1..thieves steal, pausing `pause` after each item.
// Returns the thieves' tallies.
template <class Owner>
std::vector<thief_tally> run_contended(std::size_t thieves, std::chrono::microseconds pause,
                                       ledger& taken, Owner owner, std::size_t& pushed) {
  work_deque<item> deque;
  std::atomic<bool> done{false};
  std::vector<thief_tally> tallies(thieves + 1);
  ws_test::run_on_threads(thieves + 1, [&](std::size_t i) {
    if (i == 0) {
      pushed = owner(deque, taken);
      // Leave the rest to the thieves, so that they surely took part.
      ws_test::eventually([&] { return deque.is_empty(); }, std::chrono::seconds(30));
      done.store(true);
    } else {
      tallies[i] = steal_until_done(deque, taken, done, pause);
    }
  });
  CHECK(deque.is_empty());
  tallies.erase(tallies.begin());
  return tallies;
}

std::size_t total_stolen(const std::vector<thief_tally>& tallies) {
  std::size_t n = 0;
  for (const auto& t : tallies) {
    n += t.m_stolen;
  }
  return n;
}

}  // namespace

TEST_CASE("work_deque: the owner pops newest first and thieves steal oldest first" *
          doctest::timeout(10)) {
  work_deque<std::uintptr_t> deque;
  for (std::uintptr_t i = 1; i <= 6; ++i) {
    deque.push(i);
  }
  CHECK(deque.steal().m_value == 1);
  CHECK(deque.pop() == std::optional<std::uintptr_t>(6));
  CHECK(deque.steal().m_value == 2);
  CHECK(deque.pop() == std::optional<std::uintptr_t>(5));
  CHECK(deque.pop() == std::optional<std::uintptr_t>(4));
  const auto last = deque.steal();
  CHECK(last.is_success());
  CHECK(last.m_value == 3);
  CHECK(deque.is_empty());
  CHECK(deque.pop() == std::nullopt);
}

TEST_CASE("work_deque: stealing from an empty deque reports empty, not retry" *
          doctest::timeout(10)) {
  work_deque<std::uintptr_t> deque;
  const auto r = deque.steal();
  CHECK_FALSE(r.is_success());
  CHECK_FALSE(r.is_retry());
  deque.push(7);
  CHECK(deque.pop() == std::optional<std::uintptr_t>(7));
  CHECK_FALSE(deque.steal().is_success());
  CHECK_FALSE(deque.steal().is_retry());
  CHECK(deque.pop() == std::nullopt);
}

TEST_CASE("work_deque: growing past k_min_capacity keeps every item in order" *
          doctest::timeout(10)) {
  work_deque<item> deque;
  constexpr auto n = static_cast<std::uint64_t>(work_deque<item>::k_min_capacity * 5 + 3);
  // Shift the window first so that the copy into the bigger buffer wraps.
  for (std::uint64_t i = 0; i < 40; ++i) {
    deque.push(make_item(1000 + i));
    CHECK(deque.steal().m_value.m_index == 1000 + i);
  }
  for (std::uint64_t i = 0; i < n; ++i) {
    deque.push(make_item(i));
  }
  CHECK(deque.capacity() > work_deque<item>::k_min_capacity);
  for (std::uint64_t i = 0; i < n / 2; ++i) {
    const auto r = deque.steal();
    REQUIRE(r.is_success());
    CHECK(r.m_value.m_index == i);
    CHECK(is_whole(r.m_value));
  }
  for (std::uint64_t i = n; i-- > n / 2;) {
    const auto x = deque.pop();
    REQUIRE(x.has_value());
    CHECK(x->m_index == i);
    CHECK(is_whole(*x));
  }
  CHECK(deque.pop() == std::nullopt);
}

TEST_CASE("work_deque: each item is taken exactly once by the owner or 1 to 7 thieves while the owner pushes and pops" *
          doctest::timeout(60)) {
  for (const std::size_t thieves : {1U, 2U, 3U, 7U}) {
    CAPTURE(thieves);
    ledger taken(k_items);
    std::size_t pushed = 0;
    const auto tallies = run_contended(
        thieves, std::chrono::microseconds(0), taken,
        [](work_deque<item>& deque, ledger& owner_taken) {
          // Two pops after every two pushes keep the deque nearly empty, so
          // the owner and the thieves often race for the last item; the tail
          // is pushed without pops and left to the thieves.
          for (std::uint64_t i = 0; i < k_items; ++i) {
            deque.push(make_item(i));
            if (i % 2 == 1 && i < k_items - k_tail) {
              for (int k = 0; k < 2; ++k) {
                if (auto x = deque.pop()) {
                  owner_taken.take(*x);
                }
              }
            }
          }
          return k_items;
        },
        pushed);
    taken.check_each_taken_once(pushed);
    std::size_t retries = 0;
    for (const auto& t : tallies) {
      retries += t.m_retries;
    }
    CHECK(total_stolen(tallies) >= k_tail);
    MESSAGE(thieves << " thieves stole " << total_stolen(tallies) << " items, retried "
                    << retries << " times");
  }
}

TEST_CASE("work_deque: the deque grows under contention and still hands out each item once" *
          doctest::timeout(60)) {
  constexpr std::int64_t k_target_capacity = 16 * work_deque<item>::k_min_capacity;
  for (const std::size_t thieves : {1U, 3U}) {
    CAPTURE(thieves);
    ledger taken(k_items);
    std::size_t pushed = 0;
    std::int64_t capacity = 0;
    // Thieves at full speed can keep the deque short (they do under ASan):
    // slowed down, they still steal while the owner grows the buffer.
    const auto tallies = run_contended(
        thieves, std::chrono::microseconds(20), taken,
        [&](work_deque<item>& deque, ledger&) {
          // Push without popping until the buffer has doubled several times.
          std::uint64_t i = 0;
          for (; i < k_items && deque.capacity() < k_target_capacity; ++i) {
            deque.push(make_item(i));
          }
          capacity = deque.capacity();
          return static_cast<std::size_t>(i);
        },
        pushed);
    CHECK(capacity >= k_target_capacity);
    taken.check_each_taken_once(pushed);
    CHECK(total_stolen(tallies) == pushed);
  }
}
