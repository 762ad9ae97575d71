// SPDX-License-Identifier: MIT
// The searches over par_find (find, find_if, find_if_not, all_of, any_of,
// none_of, adjacent_find, find_first_of, search, search_n, find_end) against
// std::, and what par_find promises: the first match whatever the timing,
// little work past an early match, exceptions that reach the caller.
#include <pstl_ws/algorithm.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

// Type-erased element functions: one instantiation of each algorithm per
// iterator type, whatever the test's lambdas.
using predicate = std::function<bool(long)>;
using relation = std::function<bool(long, long)>;

constexpr long k_marker = -1;

/// 0, 1, 2, ... with k_marker at each of `marks`.
std::vector<long> marked(std::size_t n, const std::vector<std::size_t>& marks) {
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  for (std::size_t m : marks) {
    values[m] = k_marker;
  }
  return values;
}

using ws_test::k_large;
using ws_test::mark_sets;

/// Values 0 .. 3 at random: patterns of a few elements occur often, long ones rarely.
std::vector<long> random_digits(std::size_t n) { return ws_test::random_values(n, 4); }

/// The sizes to try for a grain (0: the default threshold).
std::vector<std::size_t> sizes_for(std::size_t grain) {
  return ws_test::sizes_around(grain != 0 ? grain : ws::detail::k_walk_parallel_threshold / 2);
}

std::size_t index_of(const long* first, const long* it) { return static_cast<std::size_t>(it - first); }

}  // namespace

TEST_CASE("find, find_if, find_if_not, any_of, all_of and none_of agree with std:: for every size, match, pool and grain" * doctest::timeout(300)) {
  const predicate is_marker = [](long x) { return x == k_marker; };
  const predicate is_not_marker = [](long x) { return x != k_marker; };
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
    for (std::size_t n : sizes_for(grain)) {
      for (const auto& marks : mark_sets(n)) {
        CAPTURE(grain);
        CAPTURE(n);
        CAPTURE(marks.size() == 0 ? n : marks.front());
        const std::vector<long> values = marked(n, marks);
        const long* first = values.data();
        const long* last = first + n;
        const std::size_t expected = index_of(first, std::find(first, last, k_marker));
        ws_test::for_each_pool([&](auto policy) {
          const auto p = policy.grain(grain);
          CHECK(index_of(first, ws::find_if(p, first, last, is_marker)) == expected);
          if (n < k_large) {
            CHECK(index_of(first, ws::find(p, first, last, k_marker)) == expected);
            CHECK(index_of(first, ws::find_if_not(p, first, last, is_not_marker)) == expected);
            CHECK(ws::any_of(p, first, last, is_marker) == (expected != n));
            CHECK(ws::all_of(p, first, last, is_not_marker) == (expected == n));
            CHECK(ws::none_of(p, first, last, is_marker) == (expected == n));
          }
        });
      }
    }
  }
}

TEST_CASE("adjacent_find and find_first_of agree with std:: for every size, match and pool" * doctest::timeout(300)) {
  const std::vector<long> needles{-7, k_marker, -9};
  const relation equal = [](long a, long b) { return a == b; };
  for (std::size_t n : sizes_for(0)) {
    for (const auto& marks : mark_sets(n)) {
      CAPTURE(n);
      CAPTURE(marks.size() == 0 ? n : marks.front());
      // Each mark becomes a pair of equal neighbours starting there (or, at
      // the last element, ending there).
      std::vector<long> values = marked(n, {});
      for (std::size_t m : marks) {
        if (m + 1 < n) {
          values[m + 1] = values[m];
        } else if (m > 0) {
          values[m] = values[m - 1];
        }
      }
      const long* first = values.data();
      const long* last = first + n;
      const std::size_t pair = index_of(first, std::adjacent_find(first, last));
      const std::vector<long> with_needles = marked(n, marks);
      const long* needle_first = with_needles.data();
      const std::size_t needle =
          index_of(needle_first, std::find_first_of(needle_first, needle_first + n, needles.begin(), needles.end()));
      ws_test::for_each_pool([&](auto policy) {
        CHECK(index_of(first, ws::adjacent_find(policy, first, last, equal)) == pair);
        CHECK(index_of(needle_first, ws::find_first_of(policy, needle_first, needle_first + n, needles.begin(),
                                                       needles.end())) == needle);
        if (n < k_large) {
          CHECK(index_of(first, ws::adjacent_find(policy, first, last)) == pair);
          CHECK(index_of(needle_first, ws::find_first_of(policy, needle_first, needle_first + n, needles.begin(),
                                                         needles.end(), equal)) == needle);
        }
      });
    }
  }
}

TEST_CASE("search, find_end and search_n find the same occurrence as std:: for every size, pattern and pool" * doctest::timeout(300)) {
  const relation equal = [](long a, long b) { return a == b; };
  for (std::size_t n : sizes_for(0)) {
    CAPTURE(n);
    const std::vector<long> values = random_digits(n);
    const long* first = values.data();
    const long* last = first + n;
    // Short patterns occur early and often; 12 digits taken from the start or
    // the end of the input occur about once per 16 million positions, so the
    // first occurrence is usually late and the last one early; a 9 never
    // occurs; the whole input, and one more, test the length edges.
    std::vector<std::vector<long>> patterns{{}, {2}, {1, 3, 0}, {0, 0, 9}, values};
    patterns.push_back(values);
    patterns.back().push_back(0);
    if (n >= 12) {
      patterns.emplace_back(values.end() - 12, values.end());
      patterns.emplace_back(values.begin(), values.begin() + 12);
    }
    for (const auto& pattern : patterns) {
      CAPTURE(pattern.size());
      const long* s_first = pattern.data();
      const long* s_last = s_first + pattern.size();
      const std::size_t first_at = index_of(first, std::search(first, last, s_first, s_last));
      const std::size_t last_at = index_of(first, std::find_end(first, last, s_first, s_last));
      ws_test::for_each_pool([&](auto policy) {
        CHECK(index_of(first, ws::search(policy, first, last, s_first, s_last, equal)) == first_at);
        CHECK(index_of(first, ws::find_end(policy, first, last, s_first, s_last)) == last_at);
        if (n < k_large) {
          CHECK(index_of(first, ws::search(policy, first, last, s_first, s_last)) == first_at);
          CHECK(index_of(first, ws::find_end(policy, first, last, s_first, s_last, equal)) == last_at);
        }
      });
    }
    for (long count : {-1L, 0L, 1L, 4L, 9L, 30L}) {
      CAPTURE(count);
      // A count <= 0 finds first ([alg.search]); libc++ 16's std::search_n
      // crashes on a negative one, so the reference says so itself.
      const std::size_t run_at = count > 0 ? index_of(first, std::search_n(first, last, count, 3L)) : 0;
      ws_test::for_each_pool([&](auto policy) {
        CHECK(index_of(first, ws::search_n(policy, first, last, count, 3L, equal)) == run_at);
        if (n < k_large) {
          CHECK(index_of(first, ws::search_n(policy, first, last, count, 3L)) == run_at);
        }
      });
    }
  }
}

TEST_CASE("with matches all over the second half, find_if always returns the first of them" * doctest::timeout(120)) {
  constexpr std::size_t n = 200'000;
  std::vector<std::size_t> marks;
  for (std::size_t m = n / 2; m < n; m += 97) {
    marks.push_back(m);
  }
  const std::vector<long> values = marked(n, marks);
  // Irregular cost: some elements take far longer, so the threads drift apart.
  const predicate slow_marker = [](long x) {
    volatile long sink = 0;
    for (long i = 0; i < (x % 61 == 0 ? 200 : 0); ++i) {
      sink = sink + i;
    }
    return x == k_marker;
  };
  for (int run = 0; run < 5; ++run) {
    ws_test::for_each_pool([&](auto policy) {
      CHECK(ws::find_if(policy.grain(16), values.begin(), values.end(), slow_marker) - values.begin() == n / 2);
    });
  }
}

TEST_CASE("an early match leaves most of the range unread: find_if from the left, find_end from the right" * doctest::timeout(120)) {
  constexpr std::size_t n = 1'000'000;
  const std::vector<long> values = marked(n, {0, n - 1});
  const std::vector<long> pattern{k_marker};
  ws_test::for_each_pool([&](auto policy) {
    // The fewest calls over a few runs: a thread descheduled right after its
    // first claim lets the others run ahead once, but not every time.
    std::size_t fewest_left = n;
    std::size_t fewest_right = n;
    for (int run = 0; run < 5; ++run) {
      std::atomic<std::size_t> calls{0};
      const relation counted = [&calls](long a, long b) {
        calls.fetch_add(1, std::memory_order_relaxed);
        return a == b;
      };
      const predicate counted_marker = [&](long x) { return counted(x, k_marker); };
      CHECK(ws::find_if(policy, values.begin(), values.end(), counted_marker) == values.begin());
      fewest_left = std::min(fewest_left, calls.exchange(0));
      CHECK(ws::find_end(policy, values.begin(), values.end(), pattern.begin(), pattern.end(), counted) ==
            values.end() - 1);
      fewest_right = std::min(fewest_right, calls.exchange(0));
    }
    CHECK(fewest_left <= n / 10);
    CHECK(fewest_right <= n / 10);
  });
}

TEST_CASE("a search shorter than the threshold runs on the caller, a longer one on the pool's workers" * doctest::timeout(60)) {
  ws::thread_pool pool(ws_test::pool_options(3));
  for (std::size_t n : {ws::detail::k_walk_parallel_threshold - 1, std::size_t{100'000}}) {
    CAPTURE(n);
    const std::vector<long> values(n, 1);
    std::atomic<std::size_t> on_pool{0};
    std::atomic<std::size_t> off_pool{0};
    const predicate where = [&](long) {
      (pool.current_thread_index() ? on_pool : off_pool).fetch_add(1);
      return false;
    };
    CHECK(ws::find_if(ws::par.on(pool), values.begin(), values.end(), where) == values.end());
    CHECK(on_pool.load() + off_pool.load() == n);
    CHECK((n < ws::detail::k_walk_parallel_threshold ? on_pool.load() : off_pool.load()) == 0);
  }
}

TEST_CASE("searches over a deque, a list, an iota view and strings" * doctest::timeout(120)) {
  constexpr std::size_t n = 300'001;
  const std::vector<long> values = marked(n, {n - 5});
  const std::deque<long> deque(values.begin(), values.end());
  const std::list<long> list(values.begin(), values.end());
  const auto indices = ws_test::iota(0L, static_cast<long>(n));
  std::vector<std::string> words(50'000, "word");
  words[40'000] = "bird";
  words[40'001] = "bird";
  const std::vector<std::string> two_birds{"bird", "bird"};
  const predicate is_marker = [](long x) { return x == k_marker; };
  ws_test::for_each_pool([&](auto policy) {
    CHECK(ws::find_if(policy, deque.begin(), deque.end(), is_marker) - deque.begin() == n - 5);
    CHECK(ws::find_if(policy, list.begin(), list.end(), is_marker) == std::prev(list.end(), 5));
    CHECK(*ws::find_if(policy, indices.begin(), indices.end(), [](long x) { return x * x >= 90'000'000'000L; }) ==
          300'000);
    CHECK(ws::find(policy, words.begin(), words.end(), "bird") - words.begin() == 40'000);
    CHECK(ws::adjacent_find(policy, words.begin(), words.end(), std::not_equal_to<>()) - words.begin() == 39'999);
    CHECK(ws::search(policy, words.begin(), words.end(), two_birds.begin(), two_birds.end()) - words.begin() ==
          40'000);
    CHECK(ws::search_n(policy, list.begin(), list.end(), 1, k_marker) == std::prev(list.end(), 5));
  });
}

TEST_CASE("an exception from the predicate at the first, a middle or the last element reaches the caller of each search" * doctest::timeout(300)) {
  constexpr std::size_t n = 100'000;
  const std::vector<long> values = marked(n, {});
  const std::vector<long> pattern{1, 2};
  for (std::size_t thrown_at : {std::size_t{0}, n / 2, n - 1}) {
    CAPTURE(thrown_at);
    const auto throwing = [thrown_at](long x) {
      if (x == static_cast<long>(thrown_at)) {
        throw std::runtime_error("element " + std::to_string(x));
      }
      return false;
    };
    const predicate throwing_predicate = throwing;
    const relation throwing_relation = [&](long a, long) { return throwing(a); };
    const std::string message = "element " + std::to_string(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(64);
      CHECK_THROWS_WITH_AS(ws::find_if(p, values.begin(), values.end(), throwing_predicate), message.c_str(),
                           std::runtime_error);
      // No occurrence of the pattern can start at the last element, so a
      // search need not compare it (libc++'s does not, libstdc++'s does).
      if (thrown_at + pattern.size() <= n) {
        CHECK_THROWS_WITH_AS(ws::search(p, values.begin(), values.end(), pattern.begin(), pattern.end(),
                                        throwing_relation),
                             message.c_str(), std::runtime_error);
        CHECK_THROWS_WITH_AS(ws::find_end(p, values.begin(), values.end(), pattern.begin(), pattern.end(),
                                          throwing_relation),
                             message.c_str(), std::runtime_error);
      }
      CHECK(ws::find(p, values.begin(), values.end(), static_cast<long>(thrown_at)) - values.begin() ==
            static_cast<long>(thrown_at));
    });
  }
}
