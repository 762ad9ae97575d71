// SPDX-License-Identifier: MIT
// The checks shared by sort_test.cpp and stable_sort_test.cpp: each runs one
// sorting algorithm (sort_algorithm or stable_sort_algorithm) over sizes,
// input patterns, pools, iterator kinds, element types and comparators, and
// compares with the std:: algorithm (stable_sort element for element; sort by
// sortedness and the same multiset of values).
#pragma once

#include <pstl_ws/algorithm.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"

namespace sort_test {

/// A small explicit grain, so that even small inputs take the parallel paths
/// (where the algorithm takes a grain: ws::sort has a fixed threshold).
inline constexpr std::size_t k_small_grain = 16;

/// An element without a default constructor whose order (key only) is coarser
/// than its identity (key, index): equivalent elements stay distinguishable.
struct keyed {
  keyed(std::int64_t key, std::size_t index) : m_key(key), m_index(index) {}
  friend bool operator==(const keyed& a, const keyed& b) { return a.m_key == b.m_key; }
  friend auto operator<=>(const keyed& a, const keyed& b) { return a.m_key <=> b.m_key; }
  std::int64_t m_key;
  std::size_t m_index;
};

/// Calls the overload without a comparator.
struct default_order {};
template <class Comp>
auto order_of(Comp comp) {
  if constexpr (std::is_same_v<Comp, default_order>) {
    return std::less<>();
  } else {
    return comp;
  }
}

struct sort_algorithm {
  static constexpr bool stable = false;
  /// ws::sort takes no grain: "around the default grain" means around its
  /// parallel threshold, and only the size matrix tries a small grain.
  static constexpr std::size_t k_default_grain = 16384;
  static constexpr std::array<std::size_t, 1> k_grains{0};
  /// A size that runs in parallel with every grain in k_grains.
  static constexpr std::size_t k_parallel_size = 20'000;
  template <class Policy, class It, class Comp>
  static void run(Policy policy, It first, It last, Comp comp) {
    if constexpr (std::is_same_v<Comp, default_order>) {
      ws::sort(policy, first, last);
    } else {
      ws::sort(policy, first, last, comp);
    }
  }
  template <class It, class Comp>
  static void reference(It first, It last, Comp comp) {
    std::sort(first, last, order_of(comp));
  }
};

struct stable_sort_algorithm {
  static constexpr bool stable = true;
  /// ws::stable_sort's default grain (from 2 * grain elements it runs in parallel).
  static constexpr std::size_t k_default_grain = 2048;
  static constexpr std::array<std::size_t, 2> k_grains{k_small_grain, 0};
  static constexpr std::size_t k_parallel_size = 6'000;
  template <class Policy, class It, class Comp>
  static void run(Policy policy, It first, It last, Comp comp) {
    if constexpr (std::is_same_v<Comp, default_order>) {
      ws::stable_sort(policy, first, last);
    } else {
      ws::stable_sort(policy, first, last, comp);
    }
  }
  template <class It, class Comp>
  static void reference(It first, It last, Comp comp) {
    std::stable_sort(first, last, order_of(comp));
  }
};

/// What identifies an element, equal only for indistinguishable elements:
/// the bits of a floating-point value (so -0.0 differs from +0.0).
template <class T>
auto identity(const T& x) {
  if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<std::uint32_t>(x);
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<std::uint64_t>(x);
  } else if constexpr (std::is_same_v<T, keyed>) {
    return std::pair(x.m_key, x.m_index);
  } else {
    return x;
  }
}

template <class T>
auto identities(const std::vector<T>& values) {
  std::vector<decltype(identity(values.front()))> result;
  result.reserve(values.size());
  for (const T& x : values) {
    result.push_back(identity(x));
  }
  return result;
}

/// Whether `a` is a permutation of `b`, identity by identity.
template <class T>
bool same_multiset(const std::vector<T>& a, const std::vector<T>& b) {
  auto ia = identities(a);
  auto ib = identities(b);
  std::sort(ia.begin(), ia.end());
  std::sort(ib.begin(), ib.end());
  return ia == ib;
}

/// stable_sort must give exactly the std:: result; sort a sorted permutation of
/// it (the same thing when equivalent elements are indistinguishable).
template <class Algo, class T, class Comp>
void check_result(const std::vector<T>& actual, const std::vector<T>& expected, Comp comp) {
  const bool same_as_std = identities(actual) == identities(expected);
  if constexpr (Algo::stable) {
    CHECK(same_as_std);
  } else if (!same_as_std) {
    CHECK(std::is_sorted(actual.begin(), actual.end(), order_of(comp)));
    CHECK(same_multiset(actual, expected));
  }
}

enum class pattern { random, sorted, reversed, all_equal, few_unique, organ_pipe, one_out_of_place };
inline constexpr std::array k_patterns{pattern::random,     pattern::sorted,     pattern::reversed,
                                       pattern::all_equal,  pattern::few_unique, pattern::organ_pipe,
                                       pattern::one_out_of_place};

inline const char* name_of(pattern p) {
  constexpr std::array names{"random", "sorted", "reversed", "all equal", "few unique", "organ pipe", "one out of place"};
  return names[static_cast<std::size_t>(p)];
}

inline std::vector<std::int64_t> keys(pattern p, std::size_t n) {
  std::mt19937_64 rng(n * 7 + static_cast<std::size_t>(p));
  std::vector<std::int64_t> result(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto index = static_cast<std::int64_t>(i);
    const auto size = static_cast<std::int64_t>(n);
    switch (p) {
      case pattern::random: result[i] = static_cast<std::int64_t>(rng()); break;
      case pattern::sorted: result[i] = index; break;
      case pattern::reversed: result[i] = size - index; break;
      case pattern::all_equal: result[i] = 0; break;
      case pattern::few_unique: result[i] = static_cast<std::int64_t>(rng() % 4); break;
      case pattern::organ_pipe: result[i] = std::min(index, size - 1 - index); break;
      case pattern::one_out_of_place: result[i] = index; break;
    }
  }
  if (p == pattern::one_out_of_place && n >= 2) {
    std::rotate(result.begin() + static_cast<std::ptrdiff_t>(n / 3), result.end() - 1, result.end());
  }
  return result;
}

/// Element i of an input made from key: negative and fractional floats, with
/// key 0 alternating between -0.0 and +0.0.
template <class T>
T make(std::int64_t key, std::size_t index) {
  if constexpr (std::is_same_v<T, keyed>) {
    return keyed(key, index);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return std::to_string(key % 100'000);
  } else if constexpr (std::is_floating_point_v<T>) {
    return key == 0 ? (index % 2 == 0 ? T(-0.0) : T(0.0)) : static_cast<T>(key) / 4;
  } else {
    return static_cast<T>(key);
  }
}

/// Values at the ends of T's range, planted into random inputs.
template <class T>
std::vector<T> extremes() {
  using limits = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>) {
    return {-limits::infinity(), limits::infinity(), limits::lowest(), limits::max(),
            limits::denorm_min(), -limits::denorm_min(), T(-0.0), T(0.0)};
  } else if constexpr (std::is_integral_v<T>) {
    return {limits::min(), limits::max(), T(0), static_cast<T>(-1)};
  } else {
    return {};
  }
}

template <class T>
std::vector<T> input(pattern p, std::size_t n) {
  const std::vector<std::int64_t> k = keys(p, n);
  std::vector<T> result;
  result.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    result.push_back(make<T>(k[i], i));
  }
  if (p == pattern::random && n >= 16) {
    const std::vector<T> planted = extremes<T>();
    for (std::size_t j = 0; j < planted.size(); ++j) {
      result[(j * 7919) % n] = planted[j];
    }
  }
  return result;
}

/// Calls run(first, last) on copies of `values` in a vector, a deque, a plain
/// array (pointers) and reversed in a vector (reverse iterators); then
/// verify(what the range holds, in range order).
template <class T, class Run, class Verify>
void for_each_iterator_kind(const std::vector<T>& values, Run run, Verify verify) {
  const char* kind = "vector";
  CAPTURE(kind);
  {
    std::vector<T> v = values;
    run(v.begin(), v.end());
    verify(v);
  }
  kind = "deque";
  {
    std::deque<T> d(values.begin(), values.end());
    run(d.begin(), d.end());
    verify(std::vector<T>(d.begin(), d.end()));
  }
  kind = "pointer";
  {
    std::vector<T> v = values;
    run(v.data(), v.data() + v.size());
    verify(v);
  }
  kind = "reverse_iterator";
  {
    std::vector<T> v(values.rbegin(), values.rend());
    run(v.rbegin(), v.rend());
    verify(std::vector<T>(v.rbegin(), v.rend()));
  }
}

/// Calls check(policy) with ws::par on a pool of 3 threads and on the default
/// pool: for the checks whose subject is not the pool.
template <class Check>
void for_two_pools(Check check) {
  check(ws::par.on(*ws_test::pools()[2]));
  check(ws::par);
}

enum class coverage { every_pool_and_iterator_kind, every_pool, two_pools };

/// Runs Algo with comp and policy.grain(grain) (0: the default) on copies of
/// `values` and checks each result against the std:: algorithm's.
template <class Algo, coverage Coverage, class T, class Comp>
void check_against_std(const std::vector<T>& values, Comp comp, std::size_t grain) {
  std::vector<T> expected = values;
  Algo::reference(expected.begin(), expected.end(), comp);
  const auto check = [&](auto policy) {
    const auto run = [&](auto first, auto last) { Algo::run(policy.grain(grain), first, last, comp); };
    const auto verify = [&](const std::vector<T>& actual) { check_result<Algo>(actual, expected, comp); };
    if constexpr (Coverage == coverage::every_pool_and_iterator_kind) {
      for_each_iterator_kind(values, run, verify);
    } else {
      std::vector<T> v = values;
      run(v.begin(), v.end());
      verify(v);
    }
  };
  if constexpr (Coverage == coverage::two_pools) {
    for_two_pools(check);
  } else {
    ws_test::for_each_pool(check);
  }
}

/// The size matrix: sizes around a small grain and around the default, every
/// input pattern, pool and iterator kind. The large size, to stay fast in
/// Debug builds: default grain, random input, vectors only.
template <class Algo, class T, class Comp>
void check_every_size_pattern_pool_and_iterator(Comp comp) {
  for (std::size_t grain : {k_small_grain, std::size_t{0}}) {
    for (std::size_t n : ws_test::sizes_around(grain == 0 ? Algo::k_default_grain : grain)) {
      const bool large = n > 100'000;
      for (pattern p : k_patterns) {
        if (large && (grain != 0 || p != pattern::random)) {
          continue;
        }
        const char* input_pattern = name_of(p);
        CAPTURE(grain);
        CAPTURE(n);
        CAPTURE(input_pattern);
        if (large) {
          check_against_std<Algo, coverage::every_pool>(input<T>(p, n), comp, grain);
        } else {
          check_against_std<Algo, coverage::every_pool_and_iterator_kind>(input<T>(p, n), comp, grain);
        }
      }
    }
  }
}

/// A custom comparator with many equivalent but distinguishable elements: by
/// absolute value for floating point, by the low 4 bits of the key for keyed.
template <class T>
auto custom_order() {
  return [](const T& a, const T& b) {
    if constexpr (std::is_floating_point_v<T>) {
      return (a < 0 ? -a : a) < (b < 0 ? -b : b);
    } else {
      return (a.m_key & 15) < (b.m_key & 15);
    }
  };
}

inline const char* name_of(default_order) { return "default"; }
inline const char* name_of(std::less<>) { return "std::less<>"; }
inline const char* name_of(std::greater<>) { return "std::greater<>"; }
inline const char* name_of(std::ranges::less) { return "std::ranges::less"; }
inline const char* name_of(std::ranges::greater) { return "std::ranges::greater"; }
template <class Comp>
const char* name_of(Comp) {
  return "custom";
}

/// T sorted with each of comps, on a few patterns and sizes (up to past the
/// parallel thresholds), on two pools, with each of Algo::k_grains.
template <class Algo, class T, class... Comps>
void check_type(Comps... comps) {
  const auto check = [](auto comp) {
    const char* comparator = name_of(comp);
    CAPTURE(comparator);
    for (pattern p : {pattern::random, pattern::few_unique}) {
      for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{100}, Algo::k_parallel_size}) {
        const char* input_pattern = name_of(p);
        CAPTURE(input_pattern);
        CAPTURE(n);
        for (std::size_t grain : Algo::k_grains) {
          check_against_std<Algo, coverage::two_pools>(input<T>(p, n), comp, grain);
        }
      }
    }
  };
  (check(comps), ...);
}

/// Every element type with the default comparator, every kind of comparator on
/// keys whose equivalent elements are distinguishable, and for ws::sort, whose
/// radix sort depends on the key type and the comparator, each direction on
/// each kind of key. Not every pair: each one costs seconds to compile.
template <class Algo>
void check_every_type_and_comparator() {
  check_type<Algo, int>(default_order());
  check_type<Algo, unsigned>(default_order());
  check_type<Algo, std::int64_t>(default_order());
  check_type<Algo, float>(default_order());
  check_type<Algo, double>(default_order());
  check_type<Algo, std::string>(default_order());
  check_type<Algo, keyed>(default_order(), std::less<>(), std::greater<>(), std::ranges::less(),
                          std::ranges::greater(), custom_order<keyed>());
  if constexpr (!Algo::stable) {
    check_type<Algo, int>(std::greater<>());
    check_type<Algo, std::uint32_t>(std::ranges::greater());
    check_type<Algo, std::int64_t>(std::ranges::greater());
    check_type<Algo, float>(std::ranges::less());
    check_type<Algo, double>(std::greater<>(), custom_order<double>());
  }
}

/// std::unique_ptr<int> ordered by the pointee: the pointers must come out as
/// a permutation (stable_sort: in std::stable_sort's order) with none lost.
template <class Algo>
void check_move_only(std::size_t n, std::size_t grain) {
  const std::vector<std::int64_t> k = keys(pattern::few_unique, n);
  CAPTURE(n);
  CAPTURE(grain);
  ws_test::for_each_pool([&](auto policy) {
    std::vector<std::unique_ptr<int>> boxes;
    std::vector<const int*> expected;
    for (std::int64_t key : k) {
      boxes.push_back(std::make_unique<int>(static_cast<int>(key)));
      expected.push_back(boxes.back().get());
    }
    Algo::reference(expected.begin(), expected.end(), [](const int* a, const int* b) { return *a < *b; });
    Algo::run(policy.grain(grain), boxes.begin(), boxes.end(),
              [](const std::unique_ptr<int>& a, const std::unique_ptr<int>& b) { return *a < *b; });
    std::vector<const int*> actual;
    for (const auto& box : boxes) {
      actual.push_back(box.get());
    }
    const bool same_as_std = actual == expected;
    if constexpr (Algo::stable) {
      CHECK(same_as_std);
    } else if (!same_as_std) {
      CHECK(std::is_sorted(actual.begin(), actual.end(), [](const int* a, const int* b) { return *a < *b; }));
      std::sort(actual.begin(), actual.end(), std::less<>());
      std::sort(expected.begin(), expected.end(), std::less<>());
      CHECK(actual == expected);
    }
  });
}

template <class Algo>
void check_move_only() {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{100}, Algo::k_parallel_size}) {
    for (std::size_t grain : Algo::k_grains) {
      check_move_only<Algo>(n, grain);
    }
  }
}

/// A string comparator that counts its calls and throws at call number
/// `throw_at` (counted over all threads).
struct throwing_less {
  std::atomic<std::size_t>* m_calls;
  std::size_t m_throw_at;
  bool operator()(const std::string& a, const std::string& b) const {
    if (m_calls->fetch_add(1) + 1 == m_throw_at) {
      throw std::runtime_error("comparison " + std::to_string(m_throw_at));
    }
    return a < b;
  }
};

/// A comparator that throws at the first, a middle or a late call, on one
/// thread and in parallel: the exception reaches the caller, the range holds a
/// permutation of the input (strings, so a moved-from element would show), and
/// the pool sorts again.
template <class Algo>
void check_comparator_exceptions() {
  for (std::size_t n : {std::size_t{1000}, Algo::k_parallel_size}) {
    CAPTURE(n);
    const std::vector<std::string> values = input<std::string>(pattern::random, n);
    std::vector<std::string> expected = values;
    Algo::reference(expected.begin(), expected.end(), std::less<>());
    for (std::size_t grain : Algo::k_grains) {
      CAPTURE(grain);
      ws_test::for_each_pool([&](auto policy) {
        const auto p = policy.grain(grain);
        std::atomic<std::size_t> calls{0};
        std::vector<std::string> v = values;
        Algo::run(p, v.begin(), v.end(), throwing_less{&calls, 0});
        const std::size_t total = calls.load();
        for (std::size_t throw_at : {std::size_t{1}, total / 2, total - total / 10}) {
          CAPTURE(throw_at);
          calls = 0;
          v = values;
          CHECK_THROWS_WITH_AS(Algo::run(p, v.begin(), v.end(), throwing_less{&calls, throw_at}),
                               ("comparison " + std::to_string(throw_at)).c_str(), std::runtime_error);
          CHECK(same_multiset(v, values));
          Algo::run(p, v.begin(), v.end(), std::less<>());
          CHECK(v == expected);
        }
      });
    }
  }
}

/// Comparators that are not strict weak orders (one type, so that the sort is
/// compiled once for all of them). kind random: a hash of both values, so the
/// answers are random but repeatable and the comparator is thread-safe.
struct bad_order {
  enum kind { less_equal, always_true, always_false, random };
  kind m_kind;
  bool operator()(int a, int b) const {
    switch (m_kind) {
      case less_equal: return a <= b;
      case always_true: return true;
      case always_false: return false;
      case random: break;
    }
    std::uint64_t x = 0x5eed ^ (std::uint64_t{static_cast<std::uint32_t>(a)} << 32) ^ static_cast<std::uint32_t>(b);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return ((x ^ (x >> 31)) & 1) != 0;
  }
};

/// Each bad comparator, for sizes 0..100 and 10^4 on every pool, 10^5 and
/// 2 * 10^5 on two pools with the default grain: the call must return (no
/// crash, no out-of-bounds access, no hang) leaving a permutation.
template <class Algo>
void check_bad_comparators() {
  if (ws_test::skips_bad_comparators()) {
    return;
  }
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 100; ++n) {
    sizes.push_back(n);
  }
  sizes.push_back(10'000);
  sizes.push_back(100'000);
  sizes.push_back(200'000);  // past the parallel partition (2^17) of ws::sort
  constexpr std::array comparators{bad_order::less_equal, bad_order::always_true, bad_order::always_false,
                                   bad_order::random};
  constexpr std::array names{"<=", "always true", "always false", "random"};
  for (std::size_t c = 0; c < comparators.size(); ++c) {
    const char* comparator = names[c];
    CAPTURE(comparator);
    for (std::size_t n : sizes) {
      CAPTURE(n);
      std::vector<int> values = input<int>(pattern::random, n);
      for (int& x : values) {
        x %= 32;  // many duplicates, of both signs
      }
      for (std::size_t grain : Algo::k_grains) {
        if (grain != 0 && n > 10'000) {
          continue;  // time: the large sizes with the default grain only
        }
        CAPTURE(grain);
        const auto check = [&](auto policy) {
          std::vector<int> v = values;
          Algo::run(policy.grain(grain), v.begin(), v.end(), bad_order{comparators[c]});
          CHECK(same_multiset(v, values));
        };
        if (n <= 10'000) {
          ws_test::for_each_pool(check);
        } else {
          for_two_pools(check);  // time
        }
      }
    }
  }
}

/// 10^6 + 3 random uint32 and doubles with ws::par on the default pool, and
/// 300'007 (key, index) pairs by a custom comparator with 16 classes of
/// equivalent keys (ws::sort's quicksort with its parallel partition).
template <class Algo>
void check_large() {
  std::mt19937_64 rng(2024);
  std::vector<std::uint32_t> integers(ws_test::k_large_size);
  for (auto& x : integers) {
    x = static_cast<std::uint32_t>(rng());
  }
  std::vector<double> doubles(ws_test::k_large_size);
  std::uniform_real_distribution<double> unit(-1e6, 1e6);
  for (std::size_t i = 0; i < doubles.size(); ++i) {
    doubles[i] = i % 1000 == 0 ? (i % 2000 == 0 ? -0.0 : 0.0) : unit(rng);
  }
  const auto check = [](auto values, auto comp) {
    auto expected = values;
    Algo::reference(expected.begin(), expected.end(), comp);
    Algo::run(ws::par, values.begin(), values.end(), comp);
    check_result<Algo>(values, expected, comp);
  };
  check(integers, default_order());
  check(doubles, default_order());
  check(input<keyed>(pattern::random, 300'007), custom_order<keyed>());
}

}  // namespace sort_test
