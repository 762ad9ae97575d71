// SPDX-License-Identifier: MIT
// The compactions (copy_if, remove_copy, remove_copy_if, remove, remove_if,
// unique, unique_copy, partition_copy) and the partitions (partition,
// stable_partition) against std::, with what an exception leaves behind, and
// every signature of the group called as std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <iterator>
#include <list>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

using ws::detail::k_scan_parallel_threshold;

// Type-erased element functions: one instantiation per iterator type.
using predicate = std::function<bool(long)>;
using relation = std::function<bool(long, long)>;

/// Values 0 .. 9 at random: about a tenth of the neighbours are equal.
std::vector<long> random_digits(std::size_t n) { return ws_test::random_values(n, 10); }

/// Whether [first, mid) and [mid, last) of `got` hold the same multisets as
/// those of `expected` (an unstable partition's result).
bool same_halves(std::vector<long> got, std::vector<long> expected, std::size_t mid) {
  const auto cut = static_cast<std::ptrdiff_t>(mid);
  std::sort(got.begin(), got.begin() + cut);
  std::sort(got.begin() + cut, got.end());
  std::sort(expected.begin(), expected.begin() + cut);
  std::sort(expected.begin() + cut, expected.end());
  return got == expected;
}

/// Runs every name of the group on `values` on every pool with the given
/// grain and compares with std::'s result (computed once). All overloads
/// below ws_test::k_large elements, from there on the main one of each driver
/// path (copy_if, remove_if, unique, stable_partition, partition).
void check_against_std(const std::vector<long>& values, std::size_t grain) {
  const std::size_t n = values.size();
  const predicate odd = [](long x) { return x % 2 != 0; };
  const relation same_parity = [](long a, long b) { return a % 2 == b % 2; };  // an equivalence relation
  const bool all = n < ws_test::k_large;
  const auto b = values.begin();
  const auto e = values.end();
  using out_it = std::vector<long>::iterator;
  const auto copies = [&](std::function<out_it(ws::parallel_policy, out_it)> ws_call,
                          std::function<out_it(out_it)> std_call) {
    std::vector<long> expected(n);
    const long want = std_call(expected.begin()) - expected.begin();
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<long> got(n, -1);
      const long have = ws_call(policy.grain(grain), got.begin()) - got.begin();
      CHECK(have == want);
      CHECK(std::equal(got.begin(), got.begin() + have, expected.begin()));
    });
  };
  // whole: compare the whole range, else only up to the returned iterator.
  const auto in_place = [&](std::function<out_it(ws::parallel_policy, out_it, out_it)> ws_call,
                            std::function<out_it(out_it, out_it)> std_call, bool whole) {
    std::vector<long> expected = values;
    const long want = std_call(expected.begin(), expected.end()) - expected.begin();
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<long> got = values;
      const long have = ws_call(policy.grain(grain), got.begin(), got.end()) - got.begin();
      CHECK(have == want);
      CHECK(std::equal(got.begin(), got.begin() + (whole ? static_cast<long>(n) : have), expected.begin()));
    });
  };
  copies([&](auto p, out_it out) { return ws::copy_if(p, b, e, out, odd); },
         [&](out_it out) { return std::copy_if(b, e, out, odd); });
  in_place([&](auto p, out_it f, out_it l) { return ws::remove_if(p, f, l, odd); },
           [&](out_it f, out_it l) { return std::remove_if(f, l, odd); }, false);
  in_place([&](auto p, out_it f, out_it l) { return ws::unique(p, f, l, same_parity); },
           [&](out_it f, out_it l) { return std::unique(f, l, same_parity); }, false);
  in_place([&](auto p, out_it f, out_it l) { return ws::stable_partition(p, f, l, odd); },
           [&](out_it f, out_it l) { return std::stable_partition(f, l, odd); }, true);
  {
    std::vector<long> expected = values;
    const auto boundary = std::stable_partition(expected.begin(), expected.end(), odd) - expected.begin();
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<long> got = values;
      CHECK(ws::partition(policy.grain(grain), got.begin(), got.end(), odd) - got.begin() == boundary);
      CHECK(same_halves(got, expected, static_cast<std::size_t>(boundary)));
    });
  }
  if (!all) {
    return;
  }
  copies([&](auto p, out_it out) { return ws::unique_copy(p, b, e, out, same_parity); },
         [&](out_it out) { return std::unique_copy(b, e, out, same_parity); });
  {
    std::vector<long> expected(n);
    std::vector<long> expected_false(n);
    const auto want = std::partition_copy(b, e, expected.begin(), expected_false.begin(), odd);
    ws_test::for_each_pool([&](ws::parallel_policy policy) {
      std::vector<long> got(n);
      std::vector<long> got_false(n);
      const auto have = ws::partition_copy(policy.grain(grain), b, e, got.begin(), got_false.begin(), odd);
      CHECK(have.first - got.begin() == want.first - expected.begin());
      CHECK(have.second - got_false.begin() == want.second - expected_false.begin());
      CHECK(std::equal(got.begin(), have.first, expected.begin()));
      CHECK(std::equal(got_false.begin(), have.second, expected_false.begin()));
    });
  }
  copies([&](auto p, out_it out) { return ws::remove_copy_if(p, b, e, out, odd); },
         [&](out_it out) { return std::remove_copy_if(b, e, out, odd); });
  copies([&](auto p, out_it out) { return ws::remove_copy(p, b, e, out, 3L); },
         [&](out_it out) { return std::remove_copy(b, e, out, 3L); });
  copies([&](auto p, out_it out) { return ws::unique_copy(p, b, e, out); },
         [&](out_it out) { return std::unique_copy(b, e, out); });
  in_place([&](auto p, out_it f, out_it l) { return ws::remove(p, f, l, 3L); },
           [&](out_it f, out_it l) { return std::remove(f, l, 3L); }, false);
  in_place([&](auto p, out_it f, out_it l) { return ws::unique(p, f, l); },
           [&](out_it f, out_it l) { return std::unique(f, l); }, false);
}

}  // namespace

TEST_CASE("every compaction and partition agrees with std:: for every size, pool and grain" * doctest::timeout(600)) {
  // Without a grain: tiles of 16384, parallel from 32768 (the sizes below
  // that run std::'s algorithm); with grain 7: tiles of 7, parallel from 14.
  const std::vector<std::size_t> default_sizes{0, 1, 2, k_scan_parallel_threshold - 1, k_scan_parallel_threshold,
                                               k_scan_parallel_threshold + 1, 3 * k_scan_parallel_threshold / 2 + 1,
                                               ws_test::k_large_size};
  std::vector<std::size_t> grain_sizes = ws_test::sizes_around(7);
  grain_sizes.back() = 5003;  // one size of 10^6 is enough
  for (const auto& grain_and_sizes : {std::pair(std::size_t{0}, default_sizes), std::pair(std::size_t{7}, grain_sizes)}) {
    const std::size_t grain = grain_and_sizes.first;  // a variable, not a binding: CAPTURE's lambda takes it
    for (std::size_t n : grain_and_sizes.second) {
      CAPTURE(grain);
      CAPTURE(n);
      check_against_std(random_digits(n), grain);
    }
  }
}

TEST_CASE("long runs of kept or dropped elements, all kept and none kept, agree with std::" * doctest::timeout(120)) {
  constexpr std::size_t n = 20'005;  // 20 tiles of the grain below
  std::vector<std::vector<long>> inputs{std::vector<long>(n, 1), std::vector<long>(n, 2), std::vector<long>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    inputs.back()[i] = (i / 2'500) % 2 == 0 ? 2 * static_cast<long>(i) : 7;  // runs across tile ends
  }
  for (const std::vector<long>& values : inputs) {
    check_against_std(values, 1000);
  }
}

TEST_CASE("deques, raw pointers and reverse iterators run on the pool, lists and inserters on the caller" *
          doctest::timeout(120)) {
  constexpr std::size_t n = 6'011;
  const std::vector<long> values = random_digits(n);
  const predicate small = [](long x) { return x < 4; };
  std::vector<long> kept;
  std::copy_if(values.begin(), values.end(), std::back_inserter(kept), small);
  std::vector<long> stable = values;
  const auto stable_end = std::stable_partition(stable.begin(), stable.end(), small) - stable.begin();
  std::vector<long> uniq = values;
  uniq.erase(std::unique(uniq.begin(), uniq.end()), uniq.end());
  ws_test::for_each_pool([&](auto policy) {
    const auto p = policy.grain(500);
    std::deque<long> deque(values.begin(), values.end());
    std::list<long> list(values.begin(), values.end());
    std::vector<long> out(n);
    CHECK(ws::copy_if(p, deque.begin(), deque.end(), out.begin(), small) - out.begin() ==
          static_cast<long>(kept.size()));
    CHECK(std::equal(kept.begin(), kept.end(), out.begin()));
    std::deque<long> deque_out(n);
    CHECK(ws::copy_if(p, values.data(), values.data() + n, deque_out.begin(), small) - deque_out.begin() ==
          static_cast<long>(kept.size()));
    CHECK(std::equal(kept.begin(), kept.end(), deque_out.begin()));
    std::vector<long> inserted;
    ws::copy_if(p, list.begin(), list.end(), std::back_inserter(inserted), small);
    CHECK(inserted == kept);
    CHECK(ws::stable_partition(p, deque.begin(), deque.end(), small) - deque.begin() == stable_end);
    CHECK(std::equal(deque.begin(), deque.end(), stable.begin()));
    CHECK(ws::stable_partition(p, list.begin(), list.end(), small) == std::next(list.begin(), stable_end));
    CHECK(std::equal(list.begin(), list.end(), stable.begin()));
    std::list<long> list_uniq(values.begin(), values.end());
    list_uniq.erase(ws::unique(p, list_uniq.begin(), list_uniq.end()), list_uniq.end());
    CHECK(std::equal(list_uniq.begin(), list_uniq.end(), uniq.begin(), uniq.end()));
    // Reverse iterators: copy_if from the back equals std's from the back.
    std::vector<long> backwards(n);
    const auto end = ws::copy_if(p, values.rbegin(), values.rend(), backwards.rbegin(), small);
    CHECK(end - backwards.rbegin() == static_cast<long>(kept.size()));
    CHECK(std::equal(kept.begin(), kept.end(), end.base()));
    std::vector<long> reversed = values;
    const auto rb = ws::remove_if(p, reversed.rbegin(), reversed.rend(), small);
    std::vector<long> expected = values;
    const auto erb = std::remove_if(expected.rbegin(), expected.rend(), small);
    CHECK(rb - reversed.rbegin() == erb - expected.rbegin());
    CHECK(std::equal(reversed.rbegin(), rb, expected.rbegin()));
  });
}

namespace {

/// An element type without a default constructor.
struct no_default {
  explicit no_default(long v) : value(v) {}
  long value;
  bool operator==(const no_default&) const = default;
};

}  // namespace

TEST_CASE("strings, types without a default constructor, move-only types and mutable predicates" *
          doctest::timeout(300)) {
  constexpr std::size_t n = 4'003;
  const std::vector<long> digits = random_digits(n);
  std::vector<std::string> words(n);
  std::vector<no_default> objects;
  objects.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    words[i] = "a string longer than the small buffer: " + std::to_string(digits[i]);
    objects.emplace_back(digits[i]);
  }
  const auto short_word = [](const std::string& w) { return w.back() < '5'; };
  SUBCASE("strings") {
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(300);
      std::vector<std::string> got(n, "x");
      std::vector<std::string> want(n, "x");
      CHECK(ws::copy_if(p, words.begin(), words.end(), got.begin(), short_word) - got.begin() ==
            std::copy_if(words.begin(), words.end(), want.begin(), short_word) - want.begin());
      CHECK(got == want);
      std::vector<std::string> moved_from = words;
      std::vector<std::string> moved(n);
      const auto moved_end = ws::unique_copy(p, std::make_move_iterator(moved_from.begin()),
                                             std::make_move_iterator(moved_from.end()), moved.begin());
      moved.erase(moved_end, moved.end());
      std::vector<std::string> uniq = words;
      uniq.erase(std::unique(uniq.begin(), uniq.end()), uniq.end());
      CHECK(moved == uniq);
      std::vector<std::string> in_place = words;
      in_place.erase(ws::remove(p, in_place.begin(), in_place.end(), words[0]), in_place.end());
      std::vector<std::string> expected = words;
      expected.erase(std::remove(expected.begin(), expected.end(), words[0]), expected.end());
      CHECK(in_place == expected);
      in_place = words;
      expected = words;
      CHECK(ws::stable_partition(p, in_place.begin(), in_place.end(), short_word) - in_place.begin() ==
            std::stable_partition(expected.begin(), expected.end(), short_word) - expected.begin());
      CHECK(in_place == expected);
    });
  }
  SUBCASE("a type without a default constructor, and a predicate whose call operator is not const") {
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(300);
      const auto odd = [calls = 0L](const no_default& x) mutable { return ++calls > 0 && x.value % 2 != 0; };
      std::vector<no_default> got(n, no_default(-1));
      std::vector<no_default> got_false(n, no_default(-1));
      std::vector<no_default> want(n, no_default(-1));
      std::vector<no_default> want_false(n, no_default(-1));
      const auto [t, f] = ws::partition_copy(p, objects.begin(), objects.end(), got.begin(), got_false.begin(), odd);
      const auto [wt, wf] = std::partition_copy(objects.begin(), objects.end(), want.begin(), want_false.begin(), odd);
      CHECK(t - got.begin() == wt - want.begin());
      CHECK(f - got_false.begin() == wf - want_false.begin());
      CHECK(got == want);
      CHECK(got_false == want_false);
      std::vector<no_default> in_place = objects;
      std::vector<no_default> expected = objects;
      CHECK(ws::unique(p, in_place.begin(), in_place.end()) - in_place.begin() ==
            std::unique(expected.begin(), expected.end()) - expected.begin());
      in_place = objects;
      expected = objects;
      CHECK(ws::stable_partition(p, in_place.begin(), in_place.end(), odd) - in_place.begin() ==
            std::stable_partition(expected.begin(), expected.end(), odd) - expected.begin());
      CHECK(in_place == expected);
      in_place = objects;
      const auto boundary = ws::partition(p, in_place.begin(), in_place.end(), odd);
      CHECK(boundary - in_place.begin() == std::count_if(objects.begin(), objects.end(), odd));
      CHECK(std::is_partitioned(in_place.begin(), in_place.end(), odd));
    });
  }
  SUBCASE("move-only elements") {
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(300);
      const auto make = [&] {
        std::vector<std::unique_ptr<long>> ptrs;
        ptrs.reserve(n);
        for (long d : digits) {
          ptrs.push_back(std::make_unique<long>(d));
        }
        return ptrs;
      };
      const auto values_of = [](const std::vector<std::unique_ptr<long>>& ptrs, std::size_t count) {
        std::vector<long> values;
        for (std::size_t i = 0; i < count; ++i) {
          values.push_back(*ptrs[i]);
        }
        return values;
      };
      const auto big = [](const std::unique_ptr<long>& x) { return *x > 6; };
      const auto equal = [](const std::unique_ptr<long>& a, const std::unique_ptr<long>& b) { return *a == *b; };
      auto got = make();
      auto want = make();
      auto end = ws::remove_if(p, got.begin(), got.end(), big);
      auto want_end = std::remove_if(want.begin(), want.end(), big);
      REQUIRE(end - got.begin() == want_end - want.begin());
      CHECK(values_of(got, static_cast<std::size_t>(end - got.begin())) ==
            values_of(want, static_cast<std::size_t>(end - got.begin())));
      got = make();
      want = make();
      end = ws::unique(p, got.begin(), got.end(), equal);
      want_end = std::unique(want.begin(), want.end(), equal);
      REQUIRE(end - got.begin() == want_end - want.begin());
      CHECK(values_of(got, static_cast<std::size_t>(end - got.begin())) ==
            values_of(want, static_cast<std::size_t>(end - got.begin())));
      got = make();
      want = make();
      CHECK(ws::stable_partition(p, got.begin(), got.end(), big) - got.begin() ==
            std::stable_partition(want.begin(), want.end(), big) - want.begin());
      CHECK(values_of(got, n) == values_of(want, n));
      got = make();
      end = ws::partition(p, got.begin(), got.end(), big);
      CHECK(end - got.begin() == std::count_if(digits.begin(), digits.end(), [](long d) { return d > 6; }));
      CHECK(std::is_partitioned(got.begin(), got.end(), big));
    });
  }
}

namespace {

/// An element that counts live objects and throws on its move construction
/// numbered `throw_at` (counted from 0 since reset(); -1: never). It holds
/// a heap string, so a double destruction or a leak is an ASan error too.
class counted {
 public:
  explicit counted(long value) : m_value(value), m_text(40, 'c') { ++s_live; }
  counted(const counted& other) : m_value(other.m_value), m_text(other.m_text) { ++s_live; }
  counted(counted&& other) : m_value(other.m_value), m_text(std::move(other.m_text)) {  // may throw
    if (s_moves++ == s_throw_at) {
      throw std::runtime_error("move " + std::to_string(s_throw_at.load()));
    }
    ++s_live;
  }
  counted& operator=(const counted&) = default;
  counted& operator=(counted&&) = default;
  ~counted() { --s_live; }

  [[nodiscard]] long value() const { return m_value; }
  bool operator==(const counted& other) const { return m_value == other.m_value; }

  static void reset(long throw_at) {
    s_moves = 0;
    s_throw_at = throw_at;
  }
  static long live() { return s_live.load(); }

 private:
  long m_value;
  std::string m_text;
  static inline std::atomic<long> s_live{0};
  static inline std::atomic<long> s_moves{0};
  static inline std::atomic<long> s_throw_at{-1};
};

}  // namespace

TEST_CASE("an exception from the predicate at the first, a middle or the last element reaches the caller" *
          doctest::timeout(300)) {
  constexpr std::size_t n = 5'000;
  std::vector<counted> source;
  source.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    source.emplace_back(static_cast<long>(i));
  }
  const long live_before = counted::live();
  for (std::size_t thrown_at : {std::size_t{0}, n / 2, n - 1}) {
    CAPTURE(thrown_at);
    const auto check = [thrown_at](const counted& x) {
      if (x.value() == static_cast<long>(thrown_at)) {
        throw std::runtime_error("element " + std::to_string(x.value()));
      }
    };
    const std::function<bool(const counted&)> throwing = [&](const counted& x) {
      check(x);
      return x.value() % 3 == 0;
    };
    const std::function<bool(const counted&, const counted&)> throwing_equal = [&](const counted& a,
                                                                                     const counted& b) {
      check(a);
      check(b);
      return a == b;
    };
    const std::string message = "element " + std::to_string(thrown_at);
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(64);
      {
        std::vector<counted> out(n, counted(-1));
        std::vector<counted> out_false(n, counted(-1));
        CHECK_THROWS_WITH_AS(ws::copy_if(p, source.begin(), source.end(), out.begin(), throwing), message.c_str(),
                             std::runtime_error);
        CHECK_THROWS_WITH_AS(ws::remove_copy_if(p, source.begin(), source.end(), out.begin(), throwing),
                             message.c_str(), std::runtime_error);
        CHECK_THROWS_WITH_AS(ws::unique_copy(p, source.begin(), source.end(), out.begin(), throwing_equal),
                             message.c_str(), std::runtime_error);
        CHECK_THROWS_WITH_AS(
            ws::partition_copy(p, source.begin(), source.end(), out.begin(), out_false.begin(), throwing),
            message.c_str(), std::runtime_error);
      }
      std::vector<counted> range = source;
      CHECK_THROWS_WITH_AS(ws::remove_if(p, range.begin(), range.end(), throwing), message.c_str(),
                           std::runtime_error);
      CHECK(range == source);  // the predicate runs before anything moves
      CHECK_THROWS_WITH_AS(ws::unique(p, range.begin(), range.end(), throwing_equal), message.c_str(),
                           std::runtime_error);
      CHECK(range == source);
      CHECK_THROWS_WITH_AS(ws::stable_partition(p, range.begin(), range.end(), throwing), message.c_str(),
                           std::runtime_error);
      CHECK(range == source);
      CHECK_THROWS_WITH_AS(ws::partition(p, range.begin(), range.end(), throwing), message.c_str(),
                           std::runtime_error);
      std::vector<long> values(n);
      std::transform(range.begin(), range.end(), values.begin(), [](const counted& x) { return x.value(); });
      std::sort(values.begin(), values.end());
      CHECK(std::equal(values.begin(), values.end(), source.begin(),
                       [](long x, const counted& y) { return x == y.value(); }));  // a permutation
      // The pool still works.
      const auto kept = ws::remove_if(p, range.begin(), range.end(), [](const counted& x) { return x.value() < 5; });
      CHECK(kept - range.begin() == static_cast<long>(n - 5));
    });
    CHECK(counted::live() == live_before);
  }
}

TEST_CASE("a move constructor that throws at the first, a middle or the last element leaks and doubles nothing" *
          doctest::timeout(300)) {
  constexpr std::size_t n = 5'000;
  std::vector<counted> source;
  source.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    source.emplace_back(static_cast<long>(i));
  }
  const auto third = [](const counted& x) { return x.value() % 3 == 0; };
  const long live_before = counted::live();
  // Moves into the buffer: stable_partition moves every element, remove_if
  // the kept two thirds.
  for (long at : {0L, static_cast<long>(n / 3), static_cast<long>(2 * n / 3 - 1)}) {
    CAPTURE(at);
    const std::string message = "move " + std::to_string(at);
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(64);
      std::vector<counted> range = source;
      counted::reset(at);
      CHECK_THROWS_WITH_AS(ws::stable_partition(p, range.begin(), range.end(), third), message.c_str(),
                           std::runtime_error);
      CHECK(counted::live() == live_before + static_cast<long>(n));
      range = source;
      counted::reset(at);
      CHECK_THROWS_WITH_AS(ws::remove_if(p, range.begin(), range.end(), third), message.c_str(),
                           std::runtime_error);
      CHECK(counted::live() == live_before + static_cast<long>(n));
      counted::reset(-1);
      range = source;
      CHECK(ws::stable_partition(p, range.begin(), range.end(), third) - range.begin() ==
            static_cast<long>((n + 2) / 3));
      CHECK(std::is_partitioned(range.begin(), range.end(), third));
    });
  }
  CHECK(counted::live() == live_before);
}

TEST_CASE("every signature of the compaction group is reachable as std::NAME(ws::par, ...) and gives std::'s result" *
          doctest::timeout(120)) {
  constexpr std::size_t n = 50'000;
  const std::vector<long> v = random_digits(n);
  const auto b = v.begin();
  const auto e = v.end();
  const auto odd = [](long x) { return x % 2 != 0; };
  const auto eq = std::equal_to<>();
  const auto par = ws::par;
  std::vector<long> got(n);
  std::vector<long> want(n);
  std::vector<long> got2(n);
  std::vector<long> want2(n);
  const auto same_copy = [&](auto got_end, auto want_end) {
    return got_end - got.begin() == want_end - want.begin() && std::equal(got.begin(), got_end, want.begin());
  };
  CHECK(same_copy(std::copy_if(par, b, e, got.begin(), odd), std::copy_if(b, e, want.begin(), odd)));
  CHECK(same_copy(std::remove_copy(par, b, e, got.begin(), 4L), std::remove_copy(b, e, want.begin(), 4L)));
  CHECK(same_copy(std::remove_copy_if(par, b, e, got.begin(), odd), std::remove_copy_if(b, e, want.begin(), odd)));
  CHECK(same_copy(std::unique_copy(par, b, e, got.begin()), std::unique_copy(b, e, want.begin())));
  CHECK(same_copy(std::unique_copy(par, b, e, got.begin(), eq), std::unique_copy(b, e, want.begin(), eq)));
  const auto [t, f] = std::partition_copy(par, b, e, got.begin(), got2.begin(), odd);
  const auto [wt, wf] = std::partition_copy(b, e, want.begin(), want2.begin(), odd);
  CHECK(same_copy(t, wt));
  CHECK(f - got2.begin() == wf - want2.begin());
  CHECK(std::equal(got2.begin(), f, want2.begin()));
  const auto same_in_place = [&](auto ws_call, auto std_call) {
    got = v;
    want = v;
    return same_copy(ws_call(got.begin(), got.end()), std_call(want.begin(), want.end()));
  };
  CHECK(same_in_place([&](auto f1, auto l1) { return std::remove(par, f1, l1, 4L); },
                      [&](auto f1, auto l1) { return std::remove(f1, l1, 4L); }));
  CHECK(same_in_place([&](auto f1, auto l1) { return std::remove_if(par, f1, l1, odd); },
                      [&](auto f1, auto l1) { return std::remove_if(f1, l1, odd); }));
  CHECK(same_in_place([&](auto f1, auto l1) { return std::unique(par, f1, l1); },
                      [&](auto f1, auto l1) { return std::unique(f1, l1); }));
  CHECK(same_in_place([&](auto f1, auto l1) { return std::unique(par, f1, l1, eq); },
                      [&](auto f1, auto l1) { return std::unique(f1, l1, eq); }));
  got = v;
  want = v;
  CHECK(std::stable_partition(par, got.begin(), got.end(), odd) - got.begin() ==
        std::stable_partition(want.begin(), want.end(), odd) - want.begin());
  CHECK(got == want);
  got = v;
  const auto boundary = std::partition(par, got.begin(), got.end(), odd);
  CHECK(boundary - got.begin() == std::count_if(b, e, odd));
  CHECK(std::is_partitioned(got.begin(), got.end(), odd));
  CHECK(same_halves(got, v, 0));  // a permutation
}
