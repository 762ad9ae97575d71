// SPDX-License-Identifier: MIT
// The inputs of the merge and set operation tests: pairs of sorted runs of
// (key, tag) elements compared by key, of every length split and key
// pattern, and a comparator that counts its calls and throws at one of them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"

namespace merge_test {

/// (key, tag): compared by key only; the tag says which input and position an
/// element came from, so any reordering of equal keys, or an element taken
/// from the wrong range, shows.
using keyed = std::pair<long, long>;
/// Type-erased comparator: one instantiation per iterator type.
using relation = std::function<bool(const keyed&, const keyed&)>;

inline const relation by_key = [](const keyed& x, const keyed& y) { return x.first < y.first; };

/// By key, through a non-const operator() (which the standard allows).
struct non_const_less {
  bool operator()(const keyed& x, const keyed& y) { return x.first < y.first; }
};

/// Tags of the second run start here.
inline constexpr long k_second_tags = 1'000'000'000;

/// n sorted keys drawn from [key_offset, key_offset + key_range), tagged
/// tag_base + i.
inline std::vector<keyed> sorted_run(std::size_t n, long key_range, long key_offset, long tag_base, unsigned seed) {
  std::mt19937_64 rng(seed + n);
  std::vector<long> keys(n);
  for (long& k : keys) {
    k = key_offset + static_cast<long>(rng() % static_cast<unsigned long>(key_range));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<keyed> run;
  run.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    run.emplace_back(keys[i], tag_base + static_cast<long>(i));
  }
  return run;
}

/// Calls check(a, b) for pairs of sorted runs of n elements in all: the first
/// of half, none, all or a tenth of them; keys 0..9 (many duplicates), mostly
/// distinct keys shared by both runs, and the same with the second run's keys
/// all above the first's. A large n gets one pair: halves, mostly distinct.
template <class Check>
void for_each_run_pair(std::size_t n, Check check) {
  const long spread = 2 * static_cast<long>(n) + 1;
  struct pattern {
    long m_range;
    long m_second_offset;
  };
  const std::vector<pattern> patterns = n >= ws_test::k_large
                                            ? std::vector<pattern>{{spread, 0}}
                                            : std::vector<pattern>{{10, 0}, {spread, 0}, {spread, spread}};
  const std::vector<std::size_t> first_lengths =
      n >= ws_test::k_large ? std::vector<std::size_t>{n / 2} : std::vector<std::size_t>{n / 2, 0, n, n / 10};
  for (const pattern& p : patterns) {
    for (std::size_t n1 : first_lengths) {
      CAPTURE(p.m_range);
      CAPTURE(p.m_second_offset);
      CAPTURE(n1);
      check(sorted_run(n1, p.m_range, 0, 0, 1), sorted_run(n - n1, p.m_range, p.m_second_offset, k_second_tags, 2));
    }
  }
}

/// Calls check(policy) with ws::par at the default grain and at grain 7, on
/// every pool (ws_test::for_each_pool); a large input only at the default
/// grain, on the 2-thread pool and the default one (the rest of the matrix
/// runs on the smaller sizes).
template <class Check>
void for_each_policy(std::size_t n, Check check) {
  if (n >= ws_test::k_large) {
    check(ws::par.on(*ws_test::pools()[1]));
    check(ws::par);
    return;
  }
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
    CAPTURE(grain);
    ws_test::for_each_pool([&](auto policy) { check(policy.grain(grain)); });
  }
}

/// A comparator by key that counts its calls over all threads and throws
/// std::runtime_error at call number throw_at (never if 0).
inline relation counting_comparator(std::atomic<std::size_t>& calls, std::size_t throw_at) {
  return [&calls, throw_at](const keyed& x, const keyed& y) {
    if (calls.fetch_add(1) + 1 == throw_at) {
      throw std::runtime_error("comparator");
    }
    return x.first < y.first;
  };
}

}  // namespace merge_test
