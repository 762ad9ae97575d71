// SPDX-License-Identifier: MIT
// The comparisons over par_find (mismatch, equal, lexicographical_compare,
// is_sorted, is_sorted_until, is_heap, is_heap_until, includes) against std::.
#include <pstl_ws/algorithm.hpp>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

// Type-erased element functions: one instantiation per iterator type.
using relation = std::function<bool(long, long)>;

const relation k_equal = [](long a, long b) { return a == b; };
const relation k_less = [](long a, long b) { return a < b; };

using ws_test::k_large;
using ws_test::mark_sets;

std::vector<long> iota_values(std::size_t n) {
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  return values;
}

std::vector<std::size_t> sizes() { return ws_test::sizes_around(ws::detail::k_walk_parallel_threshold / 2); }

/// Index pairs, to compare the results of mismatch on two pointers.
std::pair<std::size_t, std::size_t> indices(const long* a, const long* b, std::pair<const long*, const long*> at) {
  return {static_cast<std::size_t>(at.first - a), static_cast<std::size_t>(at.second - b)};
}

}  // namespace

TEST_CASE("mismatch and equal stop at the first difference as std:: does, for every size, difference, length and pool" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    for (const auto& marks : mark_sets(n)) {
      CAPTURE(n);
      CAPTURE(marks.size() == 0 ? n : marks.front());
      const std::vector<long> a = iota_values(n);
      std::vector<long> b = iota_values(n + 1);  // one longer, so that lengths can differ both ways
      for (std::size_t m : marks) {
        b[m] = -1;
      }
      const long* a0 = a.data();
      const long* b0 = b.data();
      const auto same = indices(a0, b0, std::mismatch(a0, a0 + n, b0));
      const auto half = indices(a0, b0, std::mismatch(a0, a0 + n, b0, b0 + n / 2));
      const bool equal_n = std::equal(a0, a0 + n, b0);
      ws_test::for_each_pool([&](auto p) {
        CHECK(indices(a0, b0, ws::mismatch(p, a0, a0 + n, b0, k_equal)) == same);
        CHECK(indices(a0, b0, ws::mismatch(p, a0, a0 + n, b0, b0 + n / 2, k_equal)) == half);
        CHECK(ws::equal(p, a0, a0 + n, b0, b0 + n) == equal_n);
        CHECK(ws::equal(p, a0, a0 + n, b0, b0 + n + 1, k_equal) == false);
        if (n < k_large) {
          CHECK(indices(a0, b0, ws::mismatch(p, a0, a0 + n, b0)) == same);
          CHECK(indices(a0, b0, ws::mismatch(p, a0, a0 + n, b0, b0 + n + 1)) == same);
          CHECK(ws::equal(p, a0, a0 + n, b0) == equal_n);
          CHECK(ws::equal(p, a0, a0 + n, b0, k_equal) == equal_n);
        }
      });
    }
  }
}

TEST_CASE("lexicographical_compare is decided by the first difference, or else by the lengths, as in std::" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    for (const auto& marks : mark_sets(n)) {
      for (long delta : {-1L, 1L}) {
        if (n >= k_large && delta > 0) {
          continue;
        }
        CAPTURE(n);
        CAPTURE(marks.size() == 0 ? n : marks.front());
        CAPTURE(delta);
        const std::vector<long> a = iota_values(n + 1);
        std::vector<long> b = a;
        for (std::size_t m : marks) {
          b[m] += delta;
          delta = -delta;  // a second difference the other way must not matter
        }
        const long* a0 = a.data();
        const long* b0 = b.data();
        for (const auto& lengths : {std::pair(n, n), std::pair(n, n + 1), std::pair(n + 1, n)}) {
          const std::size_t n1 = lengths.first;
          const std::size_t n2 = lengths.second;
          const bool expected = std::lexicographical_compare(a0, a0 + n1, b0, b0 + n2);
          ws_test::for_each_pool([&](auto p) {
            CHECK(ws::lexicographical_compare(p, a0, a0 + n1, b0, b0 + n2, k_less) == expected);
            if (n < k_large) {
              CHECK(ws::lexicographical_compare(p, a0, a0 + n1, b0, b0 + n2) == expected);
            }
          });
        }
      }
    }
  }
}

TEST_CASE("is_sorted_until and is_heap_until find the first element out of order, as in std::" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    for (const auto& marks : mark_sets(n)) {
      CAPTURE(n);
      CAPTURE(marks.size() == 0 ? n : marks.front());
      std::vector<long> sorted = iota_values(n);
      std::vector<long> heap(sorted.rbegin(), sorted.rend());  // descending: a max-heap
      for (std::size_t m : marks) {
        sorted[m] -= 2;                           // below its predecessor
        heap[m] = static_cast<long>(n) + 5;  // above its parent
      }
      const long* s0 = sorted.data();
      const long* h0 = heap.data();
      const long* sorted_until = std::is_sorted_until(s0, s0 + n);
      const long* heap_until = std::is_heap_until(h0, h0 + n);
      ws_test::for_each_pool([&](auto p) {
        CHECK(ws::is_sorted_until(p, s0, s0 + n, k_less) == sorted_until);
        CHECK(ws::is_heap_until(p, h0, h0 + n) == heap_until);
        if (n < k_large) {
          CHECK(ws::is_sorted_until(p, s0, s0 + n) == sorted_until);
          CHECK(ws::is_sorted(p, s0, s0 + n) == (sorted_until == s0 + n));
          CHECK(ws::is_sorted(p, s0, s0 + n, k_less) == (sorted_until == s0 + n));
          CHECK(ws::is_heap_until(p, h0, h0 + n, k_less) == heap_until);
          CHECK(ws::is_heap(p, h0, h0 + n) == (heap_until == h0 + n));
          CHECK(ws::is_heap(p, h0, h0 + n, k_less) == (heap_until == h0 + n));
        }
      });
    }
  }
}

TEST_CASE("includes counts equivalent elements like std::includes, with runs longer than a block" * doctest::timeout(300)) {
  for (std::size_t n : sizes()) {
    for (std::size_t run : {std::size_t{3}, std::size_t{1000}}) {
      CAPTURE(n);
      CAPTURE(run);
      std::vector<long> a(n);  // even values, each `run` times
      for (std::size_t i = 0; i < n; ++i) {
        a[i] = 2 * static_cast<long>(i / run);
      }
      std::vector<long> every_other;
      for (std::size_t i = 0; i < n; i += 2) {
        every_other.push_back(a[i]);
      }
      std::vector<std::vector<long>> subsets{{}, a, every_other};
      if (n > 0) {
        const long middle = a[n / 2];
        subsets.push_back(every_other);  // plus an odd value, missing from a
        subsets.back().insert(std::upper_bound(subsets.back().begin(), subsets.back().end(), middle), middle + 1);
        subsets.push_back(a);  // plus one copy too many of the middle value
        subsets.back().insert(subsets.back().begin() + static_cast<long>(n / 2), middle);
      }
      for (const auto& b : subsets) {
        CAPTURE(b.size());
        const bool expected = std::includes(a.begin(), a.end(), b.begin(), b.end());
        ws_test::for_each_pool([&](auto p) {
          CHECK(ws::includes(p, a.begin(), a.end(), b.begin(), b.end(), k_less) == expected);
          if (n < k_large) {
            CHECK(ws::includes(p, a.begin(), a.end(), b.begin(), b.end()) == expected);
          }
        });
      }
    }
  }
}

TEST_CASE("comparisons over a deque, a list, an iota view and strings" * doctest::timeout(120)) {
  constexpr std::size_t n = 300'001;
  std::vector<long> values = iota_values(n);
  values[n - 3] = 0;
  const std::deque<long> deque(values.begin(), values.end());
  const std::list<long> list(values.begin(), values.end());
  const auto indices_view = ws_test::iota(0L, static_cast<long>(n));
  std::vector<std::string> words(50'000, "word");
  std::vector<std::string> other_words = words;
  other_words[30'000] = "wordy";
  ws_test::for_each_pool([&](auto p) {
    CHECK(ws::mismatch(p, deque.begin(), deque.end(), indices_view.begin()).first - deque.begin() == n - 3);
    CHECK(ws::mismatch(p, list.begin(), list.end(), values.begin(), values.end()).first == list.end());
    CHECK_FALSE(ws::equal(p, indices_view.begin(), indices_view.end(), deque.begin(), deque.end()));
    CHECK(ws::is_sorted_until(p, indices_view.begin(), indices_view.end()) == indices_view.end());
    CHECK(ws::is_sorted_until(p, list.begin(), list.end()) == std::prev(list.end(), 3));
    CHECK(ws::lexicographical_compare(p, words.begin(), words.end(), other_words.begin(), other_words.end()));
    CHECK_FALSE(ws::equal(p, words.begin(), words.end(), other_words.begin()));
    CHECK(ws::includes(p, indices_view.begin(), indices_view.end(), deque.begin(), deque.begin() + 1000));
  });
}

TEST_CASE("an exception from the predicate at the first, a middle or the last element reaches the caller of each comparison" * doctest::timeout(300)) {
  constexpr std::size_t n = 100'000;
  const std::vector<long> values = iota_values(n);
  for (std::size_t thrown_at : {std::size_t{0}, n / 2, n - 1}) {
    CAPTURE(thrown_at);
    const relation throwing = [thrown_at](long a, long b) {
      if (a == static_cast<long>(thrown_at) || b == static_cast<long>(thrown_at)) {
        throw std::runtime_error("element " + std::to_string(thrown_at));
      }
      return a < b;
    };
    const relation throwing_equal = [&](long a, long b) { return !throwing(a, b) && !throwing(b, a); };
    const std::string message = "element " + std::to_string(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(64);
      const auto first = values.begin();
      const auto last = values.end();
      CHECK_THROWS_WITH_AS(ws::mismatch(p, first, last, first, throwing_equal), message.c_str(), std::runtime_error);
      CHECK_THROWS_WITH_AS(ws::lexicographical_compare(p, first, last, first, last, throwing), message.c_str(),
                           std::runtime_error);
      CHECK_THROWS_WITH_AS(ws::is_sorted(p, first, last, throwing), message.c_str(), std::runtime_error);
      CHECK_THROWS_WITH_AS(ws::includes(p, first, last, first, last, throwing), message.c_str(), std::runtime_error);
      CHECK(ws::equal(p, first, last, first, last));
    });
  }
}
