// SPDX-License-Identifier: MIT
// nth_element, partial_sort and partial_sort_copy against std:: over sizes,
// positions, input patterns, pools and grains; iterator kinds, element types,
// move-only elements, comparators that are not strict weak orders, exceptions
// from the comparator, and every signature called as std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

// Type-erased comparators: one instantiation per iterator type.
using order = std::function<bool(long, long)>;
using string_order = std::function<bool(const std::string&, const std::string&)>;

enum class pattern { random, sorted, reversed, all_equal, few_distinct };
constexpr std::array k_patterns{pattern::random, pattern::sorted, pattern::reversed, pattern::all_equal,
                                pattern::few_distinct};

std::vector<long> input(pattern p, std::size_t n) {
  std::mt19937_64 rng(n + static_cast<std::size_t>(p));
  std::vector<long> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto x = static_cast<long>(i);
    switch (p) {
      case pattern::random: values[i] = static_cast<long>(rng() % 1'000'000'007); break;
      case pattern::sorted: values[i] = x; break;
      case pattern::reversed: values[i] = -x; break;
      case pattern::all_equal: values[i] = 42; break;
      case pattern::few_distinct: values[i] = static_cast<long>(rng() % 4); break;
    }
  }
  return values;
}

/// A position in a large input whose prefix is cheap to sort (time).
constexpr std::size_t k_large_position = 1'000;

/// The positions to try for nth or middle: 0, 1, n / 2, n - 1 and n; in a
/// large input, k_large_position and n / 2 (time).
std::vector<std::size_t> positions(std::size_t n) {
  if (n >= ws_test::k_large) {
    return {k_large_position, n / 2};
  }
  std::vector<std::size_t> result{0, 1, n / 2, n - 1, n};
  std::erase_if(result, [n](std::size_t k) { return k > n; });
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

/// Sizes with no grain: tiny, around the sample and insertion thresholds,
/// around the parallel threshold, and (`with_large`) one large. With grain 7:
/// around 2 x 7.
std::vector<std::size_t> sizes(std::size_t grain, bool with_large) {
  constexpr std::size_t t = ws::detail::k_select_parallel_threshold;
  if (grain == 0) {
    std::vector<std::size_t> result{0, 1, 2, 21, 2048, t - 1, t + 1};
    if (with_large) {
      result.push_back(ws_test::k_large_size);
    }
    return result;
  }
  return {2, 13, 14, 15, 100, 2049, 20'000};
}

/// check(policy) on every pool and under ws::seq for short inputs; on two
/// pools for long ones (time).
template <class Check>
void for_pools(std::size_t n, Check check) {
  if (n < 10'000) {
    ws_test::for_each_pool(check);
    check(ws::seq);
  } else {
    check(ws::par.on(*ws_test::pools()[2]));
    check(ws::par);
  }
}

/// A multiset fingerprint, equal for permutations of each other: a sum of
/// mixed values (splitmix64) and the count.
std::uint64_t fingerprint(const auto& values) {
  std::uint64_t sum = values.size();
  for (long x : values) {
    std::uint64_t z = static_cast<std::uint64_t>(x) + 0x9e3779b97f4a7c15;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    sum += z ^ (z >> 31);
  }
  return sum;
}

/// The nth_element postcondition for position k against the sorted input.
void check_selected(const std::vector<long>& v, const std::vector<long>& sorted, std::size_t k, const order& comp) {
  if (k == v.size()) {
    return;
  }
  REQUIRE(v[k] == sorted[k]);
  CHECK(std::none_of(v.begin(), v.begin() + static_cast<long>(k), [&](long x) { return comp(v[k], x); }));
  CHECK(std::none_of(v.begin() + static_cast<long>(k), v.end(), [&](long x) { return comp(x, v[k]); }));
}

/// What std:: gives: the sorted input; for a large one (only nth_element
/// tries those), std::nth_element at each of positions(n) in turn, which puts
/// the elements there where a sort puts them (time).
std::vector<long> reference(std::vector<long> values) {
  const std::size_t n = values.size();
  if (n < ws_test::k_large) {
    std::sort(values.begin(), values.end());
    return values;
  }
  auto first = values.begin();
  for (std::size_t k : positions(n)) {  // ascending
    std::nth_element(first, values.begin() + static_cast<long>(k), values.end());
    first = values.begin() + static_cast<long>(k) + 1;
  }
  return values;
}

/// Whether an input of n elements is tried with pattern p: long inputs only
/// with the patterns that take different paths (time).
bool tried(std::size_t n, pattern p) {
  return n < 10'000 || p == pattern::random || p == pattern::few_distinct ||
         (n < ws_test::k_large && p == pattern::reversed);
}

/// run(policy, v, k) over every size, position, pattern, pool and grain;
/// check(v, sorted, k) after each; the result must be a permutation. With
/// `sorts_prefix` (the partial sorts, whose prefix sort ws::sort's tests
/// cover), no large input and no position past n / 2 in a long one (time).
template <class Run, class Check>
void check_matrix(bool sorts_prefix, Run run, Check check) {
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
    for (std::size_t n : sizes(grain, !sorts_prefix)) {
      for (pattern p : k_patterns) {
        if (!tried(n, p)) {
          continue;
        }
        CAPTURE(grain);
        CAPTURE(n);
        CAPTURE(static_cast<int>(p));
        const std::vector<long> values = input(p, n);
        const std::vector<long> sorted = reference(values);
        const std::uint64_t print = fingerprint(values);
        for (std::size_t k : positions(n)) {
          if (sorts_prefix && n >= 10'000 && k > n / 2) {
            continue;
          }
          CAPTURE(k);
          for_pools(n, [&](auto policy) {
            std::vector<long> v = values;
            run(policy.grain(grain), v, k);
            CHECK(fingerprint(v) == print);
            check(v, sorted, k);
          });
        }
      }
    }
  }
}

const order k_less = std::less<>();

/// ws::nth_element, on the main overload only for large inputs.
void nth_element_of(auto policy, std::vector<long>& v, std::size_t k) {
  const auto nth = v.begin() + static_cast<long>(k);
  if (v.size() >= ws_test::k_large || k % 2 == 0) {
    ws::nth_element(policy, v.begin(), nth, v.end(), k_less);
  } else {
    ws::nth_element(policy, v.begin(), nth, v.end());
  }
}

}  // namespace

TEST_CASE("nth_element puts std::nth_element's element at nth, nothing greater before it and nothing less after it, for every size, position, pattern, pool and grain" * doctest::timeout(300)) {
  check_matrix(false, [](auto policy, std::vector<long>& v, std::size_t k) { nth_element_of(policy, v, k); },
               [](const std::vector<long>& v, const std::vector<long>& sorted, std::size_t k) {
                 check_selected(v, sorted, k, k_less);
               });
}

TEST_CASE("partial_sort leaves std::partial_sort's sorted prefix for every size, middle, pattern, pool and grain" * doctest::timeout(300)) {
  check_matrix(
      true,
      [](auto policy, std::vector<long>& v, std::size_t k) {
        const auto middle = v.begin() + static_cast<long>(k);
        if (v.size() >= ws_test::k_large || k % 2 == 0) {
          ws::partial_sort(policy, v.begin(), middle, v.end(), k_less);
        } else {
          ws::partial_sort(policy, v.begin(), middle, v.end());
        }
      },
      [](const std::vector<long>& v, const std::vector<long>& sorted, std::size_t k) {
        CHECK(std::equal(v.begin(), v.begin() + static_cast<long>(k), sorted.begin()));
      });
}

TEST_CASE("partial_sort_copy copies std::partial_sort_copy's result for every size, result length, pattern, pool and grain" * doctest::timeout(300)) {
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
    for (std::size_t n : sizes(grain, false)) {
      for (pattern p : {pattern::random, pattern::few_distinct, pattern::reversed}) {
        CAPTURE(grain);
        CAPTURE(n);
        CAPTURE(static_cast<int>(p));
        const std::vector<long> values = input(p, n);
        std::vector<long> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::size_t> lengths = n >= 10'000 ? std::vector<std::size_t>{1, n / 2} : positions(n);
        lengths.push_back(n + 3);
        for (std::size_t r : lengths) {
          CAPTURE(r);
          std::vector<long> expected(r, -1);  // what std::partial_sort_copy writes
          const auto expected_end = std::copy_n(sorted.begin(), std::min(n, r), expected.begin());
          for_pools(n, [&](auto policy) {
            std::vector<long> out(r, -1);
            const auto end = n >= ws_test::k_large || r % 2 == 0
                                 ? ws::partial_sort_copy(policy.grain(grain), values.begin(), values.end(), out.begin(),
                                                         out.end(), k_less)
                                 : ws::partial_sort_copy(policy.grain(grain), values.begin(), values.end(), out.begin(),
                                                         out.end());
            CHECK(end - out.begin() == expected_end - expected.begin());
            CHECK(out == expected);
          });
        }
      }
    }
  }
}

TEST_CASE("the selections work on deques, raw pointers and reverse iterators, with std::greater and strings" * doctest::timeout(120)) {
  for (std::size_t n : {std::size_t{300}, std::size_t{5'000}}) {
    CAPTURE(n);
    const std::vector<long> values = input(pattern::random, n);
    const std::size_t k = n / 3;
    const auto grain = ws::par.grain(7);
    std::vector<long> descending = values;
    std::sort(descending.begin(), descending.end(), std::greater<>());
    std::deque<long> d(values.begin(), values.end());
    ws::nth_element(grain, d.begin(), d.begin() + static_cast<long>(k), d.end(), std::greater<>());
    CHECK(d[k] == descending[k]);
    std::unique_ptr<long[]> a(new long[n]);
    std::copy(values.begin(), values.end(), a.get());
    ws::partial_sort(grain, a.get(), a.get() + k, a.get() + n, std::greater<>());
    CHECK(std::equal(a.get(), a.get() + k, descending.begin()));
    std::vector<long> r = values;  // reverse iterators: the largest k ascending at the end
    ws::partial_sort(grain, r.rbegin(), r.rbegin() + static_cast<long>(k), r.rend(), std::greater<>());
    CHECK(std::equal(r.rbegin(), r.rbegin() + static_cast<long>(k), descending.begin()));
    std::deque<long> out(k);
    ws::partial_sort_copy(grain, a.get(), a.get() + n, out.begin(), out.end(), std::greater<>());
    CHECK(std::equal(out.begin(), out.end(), descending.begin()));
    std::vector<int> narrow(k);  // value types differ: long in, int out
    std::vector<long> small = values;
    std::for_each(small.begin(), small.end(), [](long& x) { x %= 1000; });
    std::vector<int> narrow_expected(k);
    std::partial_sort_copy(small.begin(), small.end(), narrow_expected.begin(), narrow_expected.end());
    ws::partial_sort_copy(grain, small.begin(), small.end(), narrow.begin(), narrow.end());
    CHECK(narrow == narrow_expected);

    std::vector<std::string> words(n);
    std::transform(values.begin(), values.end(), words.begin(), [](long x) { return std::to_string(x); });
    std::vector<std::string> sorted_words = words;
    std::sort(sorted_words.begin(), sorted_words.end());
    const string_order by_text = std::less<>();
    ws_test::for_each_pool([&](auto policy) {
      std::vector<std::string> w = words;
      ws::nth_element(policy.grain(7), w.begin(), w.begin() + static_cast<long>(k), w.end(), by_text);
      CHECK(w[k] == sorted_words[k]);
      w = words;
      ws::partial_sort(policy.grain(7), w.begin(), w.begin() + static_cast<long>(k), w.end(), by_text);
      CHECK(std::equal(w.begin(), w.begin() + static_cast<long>(k), sorted_words.begin()));
      std::vector<std::string> copied(k);
      ws::partial_sort_copy(policy.grain(7), words.begin(), words.end(), copied.begin(), copied.end(), by_text);
      CHECK(std::equal(copied.begin(), copied.end(), sorted_words.begin()));
    });
  }
}

TEST_CASE("nth_element and partial_sort move move-only elements without losing one" * doctest::timeout(120)) {
  using boxed = std::unique_ptr<long>;
  const std::function<bool(const boxed&, const boxed&)> by_value = [](const boxed& a, const boxed& b) { return *a < *b; };
  for (std::size_t n : {std::size_t{50}, std::size_t{3'000}, ws::detail::k_select_parallel_threshold + 5}) {
    CAPTURE(n);
    const std::vector<long> values = input(pattern::few_distinct, n);
    std::vector<long> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t k = n / 2;
    const auto boxes = [&] {
      std::vector<boxed> result;
      for (long x : values) {
        result.push_back(std::make_unique<long>(x));
      }
      return result;
    };
    const auto unboxed = [](const std::vector<boxed>& v) {
      std::vector<long> result;
      for (const boxed& b : v) {
        result.push_back(*b);  // a lost element would be a null pointer here
      }
      return result;
    };
    std::vector<boxed> v = boxes();
    ws::nth_element(ws::par.grain(n < 10'000 ? 7 : 0), v.begin(), v.begin() + static_cast<long>(k), v.end(), by_value);
    std::vector<long> after = unboxed(v);
    CHECK(after[k] == sorted[k]);
    CHECK(fingerprint(after) == fingerprint(values));
    v = boxes();
    ws::partial_sort(ws::par.grain(n < 10'000 ? 7 : 0), v.begin(), v.begin() + static_cast<long>(k), v.end(), by_value);
    after = unboxed(v);
    CHECK(std::equal(after.begin(), after.begin() + static_cast<long>(k), sorted.begin()));
    CHECK(fingerprint(after) == fingerprint(values));
  }
}

TEST_CASE("the selections return a permutation (or, copying, input elements) for comparators that are not strict weak orders" * doctest::timeout(300)) {
  if (ws_test::skips_bad_comparators()) {
    return;
  }
  const order always_true = [](long, long) { return true; };
  const order less_equal = [](long a, long b) { return a <= b; };
  const order arbitrary = [](long a, long b) {  // a fixed coin toss per pair: thread-safe, inconsistent
    return ((static_cast<std::uint64_t>(a) * 0x9e3779b97f4a7c15 ^ static_cast<std::uint64_t>(b)) >> 17) % 2 == 0;
  };
  for (const order& comp : {always_true, less_equal, arbitrary}) {
    for (std::size_t n : {std::size_t{0}, std::size_t{5}, std::size_t{30}, std::size_t{1'000}, std::size_t{70'000}}) {
      CAPTURE(n);
      std::vector<long> values = input(pattern::random, n);
      for (long& x : values) {
        x %= 32;  // many duplicates
      }
      const std::uint64_t print = fingerprint(values);
      const std::size_t k = n / 3;
      const auto check = [&](auto policy) {
        const auto p = policy.grain(n < 10'000 ? 7 : 0);
        std::vector<long> v = values;
        ws::nth_element(p, v.begin(), v.begin() + static_cast<long>(k), v.end(), comp);
        CHECK(fingerprint(v) == print);
        if (n < 10'000) {  // time: the prefix sort is ws::sort's, tested with these comparators there
          v = values;
          ws::partial_sort(p, v.begin(), v.begin() + static_cast<long>(k), v.end(), comp);
          CHECK(fingerprint(v) == print);
        }
        std::vector<long> out(k, -1);
        ws::partial_sort_copy(p, values.begin(), values.end(), out.begin(), out.end(), comp);
        CHECK(std::all_of(out.begin(), out.end(), [](long x) { return 0 <= x && x < 32; }));
      };
      if (n < 10'000) {
        for_pools(n, check);
      } else {
        check(ws::par);  // time
      }
    }
  }
}

TEST_CASE("an exception from the comparator at the first, a middle or a late call reaches the caller and leaves a permutation" * doctest::timeout(300)) {
  for (std::size_t n : {std::size_t{500}, ws::detail::k_select_parallel_threshold + 1}) {
    CAPTURE(n);
    const std::vector<long> values = input(pattern::random, n);
    const std::uint64_t print = fingerprint(values);
    const std::size_t k = n / 2;
    const auto policy = ws::par.on(*ws_test::pools()[3]).grain(n < 10'000 ? 7 : 0);
    using algorithm = std::function<void(std::vector<long>&, const order&)>;
    const algorithm algorithms[] = {
        [&](std::vector<long>& v, const order& comp) {
          ws::nth_element(policy, v.begin(), v.begin() + static_cast<long>(k), v.end(), comp);
        },
        [&](std::vector<long>& v, const order& comp) {
          ws::partial_sort(policy, v.begin(), v.begin() + static_cast<long>(k), v.end(), comp);
        },
        [&](std::vector<long>& v, const order& comp) {
          std::vector<long> out(k);
          ws::partial_sort_copy(policy, v.begin(), v.end(), out.begin(), out.end(), comp);
        },
    };
    for (const algorithm& run : algorithms) {
      std::atomic<std::size_t> calls{0};
      const order counting = [&](long a, long b) {
        calls.fetch_add(1, std::memory_order_relaxed);  // relaxed: a count, read after the call returned
        return a < b;
      };
      std::vector<long> v = values;
      run(v, counting);
      const std::size_t total = calls.load(std::memory_order_relaxed);  // relaxed: the call joined every thread
      for (std::size_t throw_at : {std::size_t{1}, total / 2, total - total / 10}) {
        CAPTURE(throw_at);
        std::atomic<std::size_t> seen{0};
        const order throwing = [&](long a, long b) {
          if (seen.fetch_add(1, std::memory_order_relaxed) + 1 == throw_at) {  // relaxed: only one call matches
            throw std::runtime_error("comparator");
          }
          return a < b;
        };
        v = values;
        CHECK_THROWS_AS(run(v, throwing), std::runtime_error);
        CHECK(fingerprint(v) == print);
      }
      v = values;
      run(v, k_less);  // the pool is still usable
      CHECK(fingerprint(v) == print);
    }
  }
}

TEST_CASE("every signature of the selection group is reachable as std::NAME(ws::par, ...) and gives std::'s result" * doctest::timeout(120)) {
  const std::vector<long> values = input(pattern::random, ws::detail::k_select_parallel_threshold + 3);
  std::vector<long> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  std::vector<long> descending = values;
  std::sort(descending.begin(), descending.end(), std::greater<>());
  const std::size_t k = 1'000;
  const auto par = ws::par;
  const auto gt = std::greater<>();

  std::vector<long> v = values;
  std::nth_element(par, v.begin(), v.begin() + k, v.end());
  CHECK(v[k] == sorted[k]);
  v = values;
  std::nth_element(par, v.begin(), v.begin() + k, v.end(), gt);
  CHECK(v[k] == descending[k]);
  v = values;
  std::partial_sort(par, v.begin(), v.begin() + k, v.end());
  CHECK(std::equal(v.begin(), v.begin() + k, sorted.begin()));
  v = values;
  std::partial_sort(par, v.begin(), v.begin() + k, v.end(), gt);
  CHECK(std::equal(v.begin(), v.begin() + k, descending.begin()));
  std::vector<long> out(k);
  CHECK(std::partial_sort_copy(par, values.begin(), values.end(), out.begin(), out.end()) == out.end());
  CHECK(std::equal(out.begin(), out.end(), sorted.begin()));
  CHECK(std::partial_sort_copy(par, values.begin(), values.end(), out.begin(), out.end(), gt) == out.end());
  CHECK(std::equal(out.begin(), out.end(), descending.begin()));
}
