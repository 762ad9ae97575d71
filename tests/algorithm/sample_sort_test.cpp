// SPDX-License-Identifier: MIT
// ws::sort's comparison path, the in-place sample sort: it runs on every
// thread of the pool (counted, not timed), and it orders like std::sort on
// every thread count for records by a lambda, strings (by the string order:
// zero and high bytes, shared prefixes, every spelling of less), pairs and
// inputs whose sizes sit on the block and bucket boundaries, with few distinct keys (the
// equality buckets) and with none repeated; pairs under spellings of
// less and greater (pair_less, checked against std::pair's operators too).
// Its base case for small elements, small_sort, on its own: every size, bad
// comparators, a throw at every call.
#include <doctest/doctest.h>

#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/ranges.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <random>
#include <stdexcept>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

/// A 16-byte record sorted by a lambda on its key; the payload tells equal
/// keys apart, so a lost or duplicated element shows.
struct record {
  std::uint64_t m_key;
  std::uint64_t m_payload;
  bool operator==(const record&) const = default;
};

constexpr auto k_by_key = [](const record& a, const record& b) { return a.m_key < b.m_key; };

/// n records with keys below `distinct` (payload: the index).
std::vector<record> records(std::size_t n, std::uint64_t distinct) {
  std::mt19937_64 rng(n ^ distinct);
  std::vector<record> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = {rng() % distinct, i};
  }
  return values;
}

/// n strings of 8 to 24 letters from an alphabet of `letters`.
std::vector<std::string> strings(std::size_t n, unsigned letters) {
  std::mt19937_64 rng(n + letters);
  std::vector<std::string> values(n);
  for (std::string& s : values) {
    s.resize(8 + rng() % 17);
    for (char& c : s) {
      c = static_cast<char>('a' + rng() % letters);
    }
  }
  return values;
}

/// The default grain and a small one, which splits short ranges into stripes
/// too.
constexpr std::array<std::size_t, 2> k_both_grains{0, 16};

/// ws::sort with comp on a pool of each test thread count, with each of
/// `grains`, orders `values` like std::sort: sorted, and the same elements
/// (checked by sorting both by every field).
template <class T, class Comp, class Whole>
void check_orders_like_std(const std::vector<T>& values, Comp comp, Whole whole,
                           std::span<const std::size_t> grains = k_both_grains) {
  std::vector<T> expected = values;
  std::sort(expected.begin(), expected.end(), whole);
  for (std::size_t threads : ws_test::k_thread_counts) {
    ws::thread_pool pool(ws_test::pool_options(threads));
    for (std::size_t grain : grains) {
      CAPTURE(threads);
      CAPTURE(grain);
      std::vector<T> actual = values;
      ws::sort(ws::par.on(pool).grain(grain), actual.begin(), actual.end(), comp);
      CHECK(std::is_sorted(actual.begin(), actual.end(), comp));
      std::sort(actual.begin(), actual.end(), whole);
      CHECK(actual == expected);
    }
  }
}

constexpr auto k_by_key_and_payload = [](const record& a, const record& b) {
  return std::tie(a.m_key, a.m_payload) < std::tie(b.m_key, b.m_payload);
};

/// A comparator that counts its calls per pool thread.
class counting_order {
 public:
  explicit counting_order(ws::thread_pool& pool)
      : m_pool(&pool), m_calls(std::make_shared<std::vector<std::atomic<std::uint64_t>>>(pool.num_thread_indices())) {}

  template <class T>
  bool operator()(const T& a, const T& b) const {
    (*m_calls)[m_pool->current_thread_index().value()].fetch_add(1, std::memory_order_relaxed);  // relaxed: read after the sort returns
    return a < b;
  }

  /// The share of all calls that the thread with the second most made.
  [[nodiscard]] double second_share() const {
    std::vector<double> calls;
    double total = 0;
    for (const std::atomic<std::uint64_t>& count : *m_calls) {
      calls.push_back(static_cast<double>(count.load()));
      total += calls.back();
    }
    std::sort(calls.begin(), calls.end(), std::greater<>());
    return calls.size() < 2 ? 0.0 : calls[1] / total;
  }

 private:
  ws::thread_pool* m_pool;
  std::shared_ptr<std::vector<std::atomic<std::uint64_t>>> m_calls;
};

bool operator<(const record& a, const record& b) { return a.m_key < b.m_key; }

/// Sorts `values` with a counting_order on a pool of 2 threads and checks
/// that the second thread made at least an eighth of the comparisons: a
/// level's classification alone gives each of its 2 stripes a fair half. A
/// sort that offers the second thread no work fails every try; a busy
/// machine that keeps the worker from its CPU fails one try, not three.
template <class T>
void check_both_threads_share(const std::vector<T>& values) {
  ws::thread_pool pool(ws_test::pool_options(2));
  double best = 0;
  for (int attempt = 0; attempt < 3 && best < 0.125; ++attempt) {
    std::vector<T> v = values;
    const counting_order order(pool);
    ws::sort(ws::par.on(pool), v.begin(), v.end(), order);
    CHECK(std::is_sorted(v.begin(), v.end()));
    best = std::max(best, order.second_share());
  }
  CHECK(best >= 0.125);
}

}  // namespace

TEST_CASE("a parallel sort by a comparator on a pool of two has each thread make a fair share of the comparisons" *
          doctest::timeout(120)) {
  const std::size_t n = ws_test::k_large_size;
  SUBCASE("records by a lambda") { check_both_threads_share(records(n, n)); }
  SUBCASE("pairs") {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs(n);
    std::mt19937_64 rng(1);
    for (auto& p : pairs) {
      p = {rng() % 1000, rng()};
    }
    check_both_threads_share(pairs);
  }
  SUBCASE("uint64 by a lambda") {
    std::vector<std::uint64_t> keys(n);
    std::mt19937_64 rng(2);
    for (auto& k : keys) {
      k = rng();
    }
    check_both_threads_share(keys);
  }
}

TEST_CASE("sort orders records by a lambda like std::sort on every pool, distinct keys or few" *
          doctest::timeout(600)) {
  // The default grain only: at this size it already splits the sort into
  // stripes; the small grain's stripes are the next test's.
  constexpr std::array<std::size_t, 1> default_grain{0};
  for (std::uint64_t distinct : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{100}, std::uint64_t{1} << 62}) {
    CAPTURE(distinct);
    check_orders_like_std(records(ws_test::k_large_size, distinct), k_by_key, k_by_key_and_payload, default_grain);
  }
}

TEST_CASE("sort orders pairs by a lambda x < y like std::sort on every pool" * doctest::timeout(600)) {
  // std::pair's < returns from two paths (after the first members unless
  // they are equal), as std::tie's does; the descent and the base case take
  // its answers as flags (branch_free.hpp).
  constexpr std::array<std::size_t, 1> default_grain{0};
  using pair = std::pair<std::uint32_t, std::uint64_t>;
  std::vector<pair> pairs(ws_test::k_large_size / 4);
  std::mt19937_64 rng(11);
  for (pair& p : pairs) {
    p = {static_cast<std::uint32_t>(rng() % 500), rng() % 64};
  }
  const auto by_operator_less = [](const pair& x, const pair& y) { return x < y; };
  check_orders_like_std(pairs, by_operator_less, by_operator_less, default_grain);
}

TEST_CASE("sort orders records like std::sort at sizes on the block and bucket boundaries" * doctest::timeout(600)) {
  constexpr std::size_t block = ws::detail::sample_sort_block_v<record>;
  for (std::size_t n : {2 * ws::detail::k_small_sort_base_case + 1, block - 1, block, block + 1, 7 * block,
                        7 * block + 5, ws::detail::k_sample_sort_in_cache + 1, 256 * block + 3}) {
    CAPTURE(n);
    check_orders_like_std(records(n, n / 3 + 1), k_by_key, k_by_key_and_payload);
  }
}

TEST_CASE("sort orders strings like std::sort, long shared prefixes included" * doctest::timeout(600)) {
  const std::size_t n = ws_test::k_large_size / 8;
  check_orders_like_std(strings(n, 26), std::less<>(), std::less<>());
  check_orders_like_std(strings(n, 2), std::less<>(), std::less<>());
}

/// n strings that the string order's keys cannot tell apart by their first
/// 8 characters alone: a shared prefix of 0 to 39 characters, then one or two
/// bytes from {0, 1, 0x80, 0xff} (a zero byte and the string's end pack
/// alike; 0x80 and 0xff order after 1 as unsigned bytes), or nothing.
std::vector<std::string> strings_of_hard_bytes(std::size_t n) {
  std::mt19937_64 rng(n);
  constexpr std::array<char, 4> k_bytes{'\0', '\1', static_cast<char>(0x80), static_cast<char>(0xff)};
  std::vector<std::string> values(n);
  for (std::string& s : values) {
    s.assign(rng() % 40, 'x');
    for (std::uint64_t tail = rng() % 3; tail > 0; --tail) {
      s.push_back(k_bytes[rng() % k_bytes.size()]);
    }
  }
  return values;
}

TEST_CASE("sort orders strings of zero bytes, high bytes and shared prefixes like std::sort, by any spelling of less" *
          doctest::timeout(600)) {
  const std::vector<std::string> values = strings_of_hard_bytes(ws_test::k_large_size / 8);
  check_orders_like_std(values, std::less<>(), std::less<>());
  check_orders_like_std(values, std::less<std::string>(), std::less<>());
  const std::vector<std::string_view> views(values.begin(), values.end());
  check_orders_like_std(views, std::ranges::less(), std::less<>());
  std::vector<std::string> expected = values;
  std::sort(expected.begin(), expected.end());
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    std::vector<std::string> actual = values;
    ws::ranges::sort(ws::par.on(pool), actual);
    CHECK(actual == expected);
  }
}

namespace {

/// Sorts `v` by small_sort, the comparison order's base case, through
/// pointers or, with `deque`, through std::deque's iterators.
template <class Comp>
void small_sort(std::vector<record>& v, Comp comp, bool deque) {
  if (deque) {
    std::deque<record> d(v.begin(), v.end());
    ws::detail::small_sort(d.begin(), d.end(), comp);
    v.assign(d.begin(), d.end());
  } else {
    ws::detail::small_sort(v.data(), v.data() + v.size(), comp);
  }
}

/// v and `values` hold the same records.
bool same_records(std::vector<record> v, std::vector<record> values) {
  std::sort(v.begin(), v.end(), k_by_key_and_payload);
  std::sort(values.begin(), values.end(), k_by_key_and_payload);
  return v == values;
}

}  // namespace

TEST_CASE("the base case orders every size up to its most like std::sort, through pointers and deque iterators" *
          doctest::timeout(60)) {
  for (std::size_t n = 0; n <= ws::detail::k_small_sort_max; ++n) {
    const std::vector<record> values = records(n, n / 3 + 1);
    for (bool deque : {false, true}) {
      CAPTURE(n);
      CAPTURE(deque);
      std::vector<record> v = values;
      small_sort(v, k_by_key, deque);
      CHECK(std::is_sorted(v.begin(), v.end(), k_by_key));
      CHECK(same_records(v, values));
    }
  }
}

TEST_CASE("the base case leaves a permutation for comparators that are not strict weak orders" * doctest::timeout(60)) {
  const auto random = [](const record& a, const record& b) {
    return ((a.m_payload * 0x9E3779B97F4A7C15ULL) ^ (b.m_payload * 0xC2B2AE3D27D4EB4FULL)) >> 63 != 0;
  };
  const auto always_true = [](const record&, const record&) { return true; };
  const auto always_false = [](const record&, const record&) { return false; };
  const auto less_equal = [](const record& a, const record& b) { return a.m_key <= b.m_key; };
  for (std::size_t n = 0; n <= ws::detail::k_small_sort_max; ++n) {
    CAPTURE(n);
    const std::vector<record> values = records(n, n / 3 + 1);
    std::vector<record> v = values;
    small_sort(v, random, false);
    CHECK(same_records(v, values));
    v = values;
    small_sort(v, always_true, false);
    CHECK(same_records(v, values));
    v = values;
    small_sort(v, always_false, false);
    CHECK(same_records(v, values));
    v = values;
    small_sort(v, less_equal, false);
    CHECK(same_records(v, values));
  }
}

TEST_CASE("an exception from the base case's comparator at any call reaches the caller and leaves a permutation" *
          doctest::timeout(60)) {
  for (std::size_t n : {std::size_t{8}, std::size_t{37}, ws::detail::k_small_sort_max}) {
    CAPTURE(n);
    const std::vector<record> values = records(n, n);
    std::size_t calls = 0;
    std::size_t throw_at = 0;  // none
    const auto throwing = [&](const record& a, const record& b) {
      if (++calls == throw_at) {
        throw std::runtime_error("comparison");
      }
      return a.m_key < b.m_key;
    };
    std::vector<record> v = values;
    small_sort(v, throwing, false);
    const std::size_t total = calls;
    CHECK(total > n);
    for (throw_at = 1; throw_at <= total; ++throw_at) {
      CAPTURE(throw_at);
      calls = 0;
      v = values;
      CHECK_THROWS_AS(small_sort(v, throwing, false), std::runtime_error);
      CHECK(same_records(v, values));
    }
  }
}

TEST_CASE("pair_less answers as std::pair's < and > for all members, NaN and signed zeros included" *
          doctest::timeout(60)) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const std::array<double, 7> members{-inf, -1.0, -0.0, 0.0, 1.0, inf, std::numeric_limits<double>::quiet_NaN()};
  std::vector<std::pair<double, double>> pairs;
  for (double first : members) {
    for (double second : members) {
      pairs.emplace_back(first, second);
    }
  }
  for (const auto& x : pairs) {
    for (const auto& y : pairs) {
      CAPTURE(x.first);
      CAPTURE(x.second);
      CAPTURE(y.first);
      CAPTURE(y.second);
      CHECK(ws::detail::pair_less<1>()(x, y) == (x < y));
      CHECK(ws::detail::pair_less<-1>()(x, y) == (x > y));
    }
  }
}

TEST_CASE("sort orders pairs under three spellings of less and greater like std::sort on every pool" *
          doctest::timeout(600)) {
  // Three of the six spellings pair_less_applies_v knows (radix_direction_v's,
  // which the radix tests cover): each is a whole ws::sort to compile.
  using pair = std::pair<std::int64_t, double>;
  std::vector<pair> values(ws_test::k_large_size / 16);
  std::mt19937_64 rng(7);
  for (pair& p : values) {
    p = {static_cast<std::int64_t>(rng() % 1000) - 500, static_cast<double>(rng() % 4096) - 2048.5};
  }
  check_orders_like_std(values, std::less<>(), std::less<>());
  check_orders_like_std(values, std::greater<pair>(), std::greater<>());
  check_orders_like_std(values, std::ranges::greater(), std::greater<>());
}
