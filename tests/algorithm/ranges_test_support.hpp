// SPDX-License-Identifier: MIT
// What the tests of ws::ranges share: records sorted and searched by a key
// through a projection, and the policies every case runs under.
#pragma once

#include <pstl_ws/execution.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "algorithm_test_support.hpp"

// Clang before 16 cannot compile libstdc++'s views, std::ranges::subrange
// among them (their constraints fail, as iota_range.hpp says); the cases
// that use them, iota aside, are then left out.
#if defined(__clang__) && __clang_major__ < 16 && defined(__GLIBCXX__)
#define PSTL_WS_TEST_STD_VIEWS 0
#else
#define PSTL_WS_TEST_STD_VIEWS 1
#endif

namespace ws_test {

/// An element sorted and searched by its key, the payload telling apart
/// elements with equal keys (stability) and showing what was moved where.
struct record {
  long key;
  long payload;
  bool operator==(const record&) const = default;
};

/// n records with keys in [0, modulus) at random and distinct payloads.
inline std::vector<record> records(std::size_t n, long modulus) {
  const std::vector<long> keys = ws_test::random_values(n, modulus);
  std::vector<record> result(n);
  for (std::size_t i = 0; i < n; ++i) {
    result[i] = {keys[i], static_cast<long>(i)};
  }
  return result;
}

inline constexpr auto k_key_is_odd = [](long key) { return key % 2 != 0; };
inline constexpr auto k_key_below_1000 = [](long key) { return key < 1000; };

/// Whether two subranges begin and end at the same places.
template <class Subrange>
bool same_subrange(const Subrange& a, const Subrange& b) {
  return a.begin() == b.begin() && a.end() == b.end();
}

/// Whether v holds the records of `values` (records(...): payload i at index
/// i), in any order: each payload once, with its key. O(n), so that it stays
/// cheap at a million records in the Debug and sanitizer builds.
inline bool holds_the_records_of(const std::vector<record>& v, const std::vector<record>& values) {
  if (v.size() != values.size()) {
    return false;
  }
  std::vector<bool> seen(values.size());
  for (const record& r : v) {
    const auto i = static_cast<std::size_t>(r.payload);
    if (r.payload < 0 || i >= values.size() || seen[i] || !(values[i] == r)) {
      return false;
    }
    seen[i] = true;
  }
  return true;
}

/// Sizes around the grain ws::par.grain(k_grain) sets, so that both the
/// caller's and the pool's paths run.
inline constexpr std::size_t k_grain = 64;

/// Calls check(policy) with ws::par and with ws::par.grain(k_grain) on every
/// test pool and the global pool.
template <class Check>
void for_each_policy(Check check) {
  ws_test::for_each_pool([&](ws::parallel_policy policy) {
    check(policy);
    check(policy.grain(k_grain));
  });
}

/// The positions the cases cut a range of n elements at (a middle, an output's
/// length): both ends and one in between; at k_large_size only the one in
/// between, as the ends are covered by the smaller sizes and every cut at that
/// size costs seconds in the Debug and sanitizer builds.
inline std::vector<std::size_t> cuts(std::size_t n) {
  if (n == k_large_size) {
    return {n / 3};
  }
  return {0, n / 3, n};
}

}  // namespace ws_test
