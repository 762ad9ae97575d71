// SPDX-License-Identifier: MIT
// What the workload files share (workloads.cpp defines it): the sizes of a
// size mode, inputs made from a fixed seed, so that every backend, and the
// std_par_on_ws child, sees the same data, and the sort operation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "harness/options.hpp"
#include "harness/suite.hpp"

namespace harness {

inline constexpr std::size_t k_e3 = 1'000;
inline constexpr std::size_t k_e4 = 10'000;
inline constexpr std::size_t k_e5 = 100'000;
inline constexpr std::size_t k_e6 = 1'000'000;
inline constexpr std::size_t k_e7 = 10'000'000;
inline constexpr std::size_t k_e8 = 100'000'000;

/// The sizes of `mode`: its list among the small, normal and full lists.
std::vector<std::size_t> sizes(size_mode mode, std::vector<std::size_t> small, std::vector<std::size_t> normal,
                               std::vector<std::size_t> full);

/// n uniformly random 32-bit integers: a radix-eligible sort key.
std::vector<std::uint32_t> random_uint32s(std::size_t n);

/// A (key, position) pair: sorted by a comparator, never by a radix sort.
using keyed = std::pair<std::uint64_t, std::uint32_t>;

/// Pairs (key, position) with about four elements per key, so that a sort
/// that is not stable gives a different order than std::stable_sort.
std::vector<keyed> keyed_pairs(std::size_t n);

/// sort(first, last): std::less<> on the elements.
struct sort_op {
  template <class B, class T>
  double operator()(B& b, std::vector<T>& data) const {
    b.sort(data.begin(), data.end());
    return 0.0;
  }
};

/// The sorts: their first call and peak memory are reported too.
inline constexpr workload_traits k_sort_traits{.m_scratch_costs = true};

}  // namespace harness
