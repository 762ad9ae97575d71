// SPDX-License-Identifier: MIT
// The sorts users write, which no radix sort takes: 16-byte records by a
// lambda on their 64-bit key, std::strings under std::less, and pairs of
// 64-bit integers under std::less<>. Like every sort, each reports its first
// call and its peak extra memory beside the median of its calls.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "harness/inputs.hpp"
#include "harness/workloads.hpp"

namespace harness {

namespace {

constexpr std::uint64_t k_seed = 20261206;

/// A 16-byte record, as programs sort structs: by a lambda on one member.
struct wide_record {
  std::uint64_t key;
  std::uint64_t payload;
  bool operator==(const wide_record&) const = default;
};

/// n records with distinct keys in random order (splitmix64's finalizer of
/// the index, a bijection), so that every sort gives seq's order.
std::vector<wide_record> random_wide_records(std::size_t n) {
  std::vector<wide_record> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t key = i + 0x9e3779b97f4a7c15ULL;
    key = (key ^ (key >> 30)) * 0xbf58476d1ce4e5b9ULL;
    key = (key ^ (key >> 27)) * 0x94d049bb133111ebULL;
    values[i] = {key ^ (key >> 31), i};
  }
  return values;
}

/// n strings of 8 to 24 random lowercase letters (half of them longer than
/// libstdc++'s 15-character small-string buffer, so on the heap).
std::vector<std::string> random_strings(std::size_t n) {
  std::mt19937_64 engine(k_seed);
  std::vector<std::string> values(n);
  for (std::string& s : values) {
    s.resize(8 + engine() % 17);
    for (char& c : s) {
      c = static_cast<char>('a' + engine() % 26);
    }
  }
  return values;
}

/// n pairs (key, position) with about four elements per key: std::less<>
/// compares the keys, then the positions.
std::vector<std::pair<std::uint64_t, std::uint64_t>> random_pairs(std::size_t n) {
  std::mt19937_64 engine(k_seed);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = {engine() % std::max<std::size_t>(n / 4, 1), i};
  }
  return values;
}

struct sort_by_lambda_op {
  template <class B>
  double operator()(B& b, std::vector<wide_record>& data) const {
    b.sort(data.begin(), data.end(), [](const wide_record& x, const wide_record& y) { return x.key < y.key; });
    return 0.0;
  }
};

}  // namespace

void add_comparison_sort_workloads(suite& s, size_mode mode) {
  s.add("sort 16-byte records by lambda", sizes(mode, {k_e5}, {k_e7}, {k_e8})[0], random_wide_records,
        sort_by_lambda_op{}, k_sort_traits);
  s.add("sort strings", sizes(mode, {k_e4}, {k_e6}, {k_e7})[0], random_strings, sort_op{}, k_sort_traits);
  s.add("sort u64-u64 pairs", sizes(mode, {k_e5}, {k_e6}, {k_e7})[0], random_pairs, sort_op{}, k_sort_traits);
}

}  // namespace harness
