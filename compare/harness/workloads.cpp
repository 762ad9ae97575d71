// SPDX-License-Identifier: MIT
#include "harness/workloads.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "harness/inputs.hpp"

namespace harness {

namespace {
constexpr std::uint64_t k_seed = 20240601;
}  // namespace

// ---- shared with the latency workloads (inputs.hpp) ----------------------

std::vector<std::uint32_t> random_uint32s(std::size_t n) {
  std::mt19937 engine(static_cast<std::uint32_t>(k_seed));
  std::vector<std::uint32_t> values(n);
  std::generate(values.begin(), values.end(), [&engine] { return static_cast<std::uint32_t>(engine()); });
  return values;
}

std::vector<keyed> keyed_pairs(std::size_t n) {
  std::mt19937_64 engine(k_seed);
  std::vector<keyed> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = {engine() % std::max<std::size_t>(n / 4, 1), static_cast<std::uint32_t>(i)};
  }
  return values;
}

std::vector<std::size_t> sizes(size_mode mode, std::vector<std::size_t> small, std::vector<std::size_t> normal,
                               std::vector<std::size_t> full) {
  return std::move(mode == size_mode::small ? small : mode == size_mode::normal ? normal : full);
}

namespace {

constexpr int k_heavy_steps = 48;       // sqrt+sin steps of the heavy body: ~1 us an element
constexpr double k_irregular_max = 100;  // the irregular body's costliest element, in steps (the cheapest: 1)
constexpr std::uint32_t k_few_unique = 64;
constexpr int k_fib_n = 30;
constexpr std::size_t k_nested_block = 4096;  // elements each inner sort sorts
constexpr std::size_t k_back_to_back_calls = 200;  // calls per sample of the back-to-back workloads

// ---- inputs --------------------------------------------------------------

std::vector<double> random_doubles(std::size_t n) {
  std::mt19937_64 engine(k_seed);
  std::vector<double> values(n);
  for (double& value : values) {
    value = static_cast<double>(engine() >> 11) * 0x1p-53;  // uniform in [0, 1)
  }
  return values;
}

std::vector<std::uint32_t> sorted_uint32s(std::size_t n) {
  std::vector<std::uint32_t> values = random_uint32s(n);
  std::sort(values.begin(), values.end());
  return values;
}

std::vector<std::uint32_t> reversed_uint32s(std::size_t n) {
  std::vector<std::uint32_t> values = sorted_uint32s(n);
  std::reverse(values.begin(), values.end());
  return values;
}

std::vector<std::uint32_t> few_unique_uint32s(std::size_t n) {
  std::vector<std::uint32_t> values = random_uint32s(n);
  for (std::uint32_t& value : values) {
    value %= k_few_unique;
  }
  return values;
}

/// The steps each element of the irregular body costs: from 1 at the start of
/// the range to k_irregular_max at its end.
std::vector<double> irregular_costs(std::size_t n) {
  std::vector<double> costs(n);
  for (std::size_t i = 0; i < n; ++i) {
    costs[i] = 1.0 + (k_irregular_max - 1.0) * static_cast<double>(i) / static_cast<double>(std::max<std::size_t>(n, 2) - 1);
  }
  return costs;
}

/// Random doubles in [0, 1) with one 2.0 at `percent` % of the range (none
/// when percent is negative): the element the find workloads look for.
template <int Percent>
std::vector<double> marked_doubles(std::size_t n) {
  std::vector<double> values = random_doubles(n);
  if constexpr (Percent >= 0) {
    values[std::min(n - 1, n * Percent / 100)] = 2.0;
  }
  return values;
}

/// Small random integers (below 1000) to scan: the sums are exact, so every
/// backend must give seq's bits, and wrap (defined) when repeated calls scan
/// the same data again.
std::vector<std::uint64_t> scan_input(std::size_t n) {
  std::mt19937_64 engine(k_seed);
  std::vector<std::uint64_t> values(n);
  std::generate(values.begin(), values.end(), [&engine] { return engine() % 1000; });
  return values;
}

/// Random values whose first half holds two sorted runs of n / 4 elements
/// each: merge_op merges them into the second half.
std::vector<std::uint32_t> merge_input(std::size_t n) {
  std::vector<std::uint32_t> values = random_uint32s(n);
  const auto quarter = values.begin() + static_cast<std::ptrdiff_t>(n / 4);
  std::sort(values.begin(), quarter);
  std::sort(quarter, quarter + static_cast<std::ptrdiff_t>(n / 4));
  return values;
}

/// A 16-byte record sorted by its 32-bit key, as a program sorts structs by
/// one member.
struct record {
  std::uint32_t key;
  std::uint32_t spare;
  std::uint64_t payload;
  bool operator==(const record&) const = default;
};

/// n records with distinct keys in random order (i times an odd constant, a
/// bijection of 32-bit integers), so that every sort, stable or not, gives
/// seq's order.
std::vector<record> random_records(std::size_t n) {
  std::vector<record> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = {static_cast<std::uint32_t>(i * 2654435761U), 0, i};
  }
  return values;
}

/// A (64-bit key, position) pair as a trivially copyable struct (std::pair is
/// not: its assignment is user-provided).
struct key_position {
  std::uint64_t key;
  std::uint32_t position;
  bool operator==(const key_position&) const = default;
};

/// keyed_pairs as key_position structs: about four elements per key.
std::vector<key_position> key_positions(std::size_t n) {
  const std::vector<keyed> pairs = keyed_pairs(n);
  std::vector<key_position> values(n);
  std::transform(pairs.begin(), pairs.end(), values.begin(),
                 [](const keyed& pair) { return key_position{pair.first, pair.second}; });
  return values;
}

std::vector<int> no_input(std::size_t) { return {}; }

// ---- element functions ---------------------------------------------------

/// A dependent chain of sqrt and sin: roughly 20 ns a step, no memory traffic.
double chain(double x, int steps) {
  for (int step = 0; step < steps; ++step) {
    x = std::sqrt(x + 1.0) + std::sin(x);
  }
  return x;
}

struct light_body {
  void operator()(double& x) const noexcept { x = x * 1.0001 + 1.0; }
};
struct heavy_body {
  void operator()(double& x) const noexcept { x = chain(x, k_heavy_steps); }
};
struct irregular_body {
  void operator()(double& x) const noexcept { x = chain(x, static_cast<int>(x)); }
};

// ---- operations (each returns the value seq's is compared with, or 0) -----
// An operation that needs a member some backends lack says so in a requires
// clause: suite skips those backends (see backends.hpp).

template <class Body>
struct for_each_op {
  template <class B, class T>
  double operator()(B& b, std::vector<T>& data) const {
    b.for_each(data.begin(), data.end(), Body{});
    return 0.0;
  }
};

struct reduce_op {
  template <class B>
  double operator()(B& b, std::vector<double>& data) const {
    return b.reduce(data.begin(), data.end(), 0.0);
  }
};

/// The dot product of the first and second halves of the data.
struct dot_op {
  template <class B>
  double operator()(B& b, std::vector<double>& data) const {
    const auto middle = data.begin() + static_cast<std::ptrdiff_t>(data.size() / 2);
    return b.transform_reduce(data.begin(), middle, middle, 0.0);
  }
};

/// The index of the first element above 1.5 (the mark), or n.
struct find_op {
  template <class B>
    requires requires(B& b, std::vector<double>& data) { b.find_if(data.begin(), data.end(), std::less<>()); }
  double operator()(B& b, std::vector<double>& data) const {
    const auto found = b.find_if(data.begin(), data.end(), [](double x) { return x > 1.5; });
    return static_cast<double>(found - data.begin());
  }
};

struct count_if_op {
  template <class B>
    requires requires(B& b, std::vector<double>& data) { b.count_if(data.begin(), data.end(), std::less<>()); }
  double operator()(B& b, std::vector<double>& data) const {
    return static_cast<double>(b.count_if(data.begin(), data.end(), [](double x) { return x < 0.25; }));
  }
};

/// The index of the first smallest element.
struct min_element_op {
  template <class B>
    requires requires(B& b, std::vector<double>& data) { b.min_element(data.begin(), data.end()); }
  double operator()(B& b, std::vector<double>& data) const {
    return static_cast<double>(b.min_element(data.begin(), data.end()) - data.begin());
  }
};

/// The inclusive prefix sums of the data, in place.
struct inclusive_scan_op {
  template <class B>
    requires requires(B& b, std::vector<std::uint64_t>& data) { b.inclusive_scan(data.begin(), data.end(), data.begin()); }
  double operator()(B& b, std::vector<std::uint64_t>& data) const {
    b.inclusive_scan(data.begin(), data.end(), data.begin());
    return 0.0;
  }
};

/// The elements of the first half below 0.5 (about half of them), copied into
/// the second half; returns how many.
struct copy_if_op {
  template <class B>
    requires requires(B& b, std::vector<double>& data) { b.copy_if(data.begin(), data.end(), data.begin(), std::less<>()); }
  double operator()(B& b, std::vector<double>& data) const {
    const auto middle = data.begin() + static_cast<std::ptrdiff_t>(data.size() / 2);
    const auto end = b.copy_if(data.begin(), middle, middle, [](double x) { return x < 0.5; });
    return static_cast<double>(end - middle);
  }
};

/// The two sorted quarters of the first half (merge_input) merged into the
/// second half.
struct merge_op {
  template <class B>
    requires requires(B& b, std::vector<std::uint32_t>& data) {
      b.merge(data.begin(), data.end(), data.begin(), data.end(), data.begin());
    }
  double operator()(B& b, std::vector<std::uint32_t>& data) const {
    const auto quarter = data.begin() + static_cast<std::ptrdiff_t>(data.size() / 4);
    const auto middle = data.begin() + static_cast<std::ptrdiff_t>(data.size() / 2);
    b.merge(data.begin(), quarter, quarter, middle, middle);
    return 0.0;
  }
};

/// The median by nth_element; returns it (the order around it is unspecified,
/// so only the value is checked).
struct nth_element_op {
  template <class B>
    requires requires(B& b, std::vector<std::uint32_t>& data) { b.nth_element(data.begin(), data.begin(), data.end()); }
  double operator()(B& b, std::vector<std::uint32_t>& data) const {
    const auto middle = data.begin() + static_cast<std::ptrdiff_t>(data.size() / 2);
    b.nth_element(data.begin(), middle, data.end());
    return static_cast<double>(*middle);
  }
};

struct stable_sort_op {
  template <class B>
    requires requires(B& b, std::vector<keyed>& data) { b.stable_sort(data.begin(), data.end(), std::less<>()); }
  double operator()(B& b, std::vector<keyed>& data) const {
    b.stable_sort(data.begin(), data.end(), [](const keyed& x, const keyed& y) { return x.first < y.first; });
    return 0.0;
  }
};

/// A sort by one member, `key`: ws through ws::ranges with the member as its
/// projection, the other backends with a comparator of keys.
template <auto Key, bool Stable>
struct sort_by_op {
  template <class B, class T>
    requires(Stable ? requires(B& b, std::vector<T>& data) { b.stable_sort_by(data.begin(), data.end(), Key); }
                    : requires(B& b, std::vector<T>& data) { b.sort_by(data.begin(), data.end(), Key); })
  double operator()(B& b, std::vector<T>& data) const {
    if constexpr (Stable) {
      b.stable_sort_by(data.begin(), data.end(), Key);
    } else {
      b.sort_by(data.begin(), data.end(), Key);
    }
    return 0.0;
  }
};

struct fib_op {
  template <class B>
    requires requires(B& b) { b.fib(k_fib_n); }
  double operator()(B& b, std::vector<int>&) const {
    int n = k_fib_n;
    bench::do_not_optimize(n);  // nothing may be computed at compile time
    return static_cast<double>(b.fib(n));
  }
};

struct nested_op {
  template <class B>
  double operator()(B& b, std::vector<std::uint32_t>& data) const {
    b.nested_sort(data.size() / k_nested_block, k_nested_block, data);
    return 0.0;
  }
};

/// Calls per sample (workload_traits::m_calls) for an input of n elements.
std::size_t calls_for(std::size_t n) { return n <= k_e3 ? 1000 : n <= k_e5 ? 10 : 1; }

}  // namespace

void add_workloads(suite& s, size_mode mode, std::size_t callers) {
  for (const std::size_t n : sizes(mode, {k_e3, k_e5, k_e6}, {k_e3, k_e5, k_e7}, {k_e3, k_e5, k_e7})) {
    s.add("for_each light", n, random_doubles, for_each_op<light_body>{}, {.m_calls = calls_for(n)});
  }
  s.add("for_each heavy", sizes(mode, {k_e3}, {k_e4}, {k_e5})[0], random_doubles, for_each_op<heavy_body>{});
  s.add("for_each irregular", sizes(mode, {k_e3}, {k_e4}, {k_e5})[0], irregular_costs,
        for_each_op<irregular_body>{});
  for (const std::size_t n : sizes(mode, {k_e3, k_e5, k_e6}, {k_e3, k_e5, k_e7}, {k_e3, k_e5, k_e7, k_e8})) {
    s.add("reduce f64", n, random_doubles, reduce_op{}, {.m_calls = calls_for(n), .m_check_value = true});
  }
  // Many short calls in a row, as a program makes them: the workers must
  // stay awake between calls (every size mode, so the tests run them too; the
  // small mode's 10^4 elements keep the Debug build's smoke test short).
  const std::size_t back_to_back_n = sizes(mode, {k_e4}, {k_e5}, {k_e5})[0];
  s.add("for_each light back-to-back", back_to_back_n, random_doubles, for_each_op<light_body>{},
        {.m_calls = k_back_to_back_calls});
  s.add("reduce f64 back-to-back", back_to_back_n, random_doubles, reduce_op{},
        {.m_calls = k_back_to_back_calls, .m_check_value = true});
  s.add("transform_reduce dot f64", sizes(mode, {k_e6}, {k_e7}, {k_e7})[0], random_doubles, dot_op{},
        {.m_check_value = true});
  const std::size_t search_n = sizes(mode, {k_e6}, {k_e7}, {k_e8})[0];
  s.add("find_if f64 match at 1%", search_n, marked_doubles<1>, find_op{}, {.m_check_value = true});
  s.add("find_if f64 match at 99%", search_n, marked_doubles<99>, find_op{}, {.m_check_value = true});
  s.add("find_if f64 no match", search_n, marked_doubles<-1>, find_op{}, {.m_check_value = true});
  s.add("count_if f64", search_n, random_doubles, count_if_op{}, {.m_check_value = true});
  s.add("min_element f64", search_n, random_doubles, min_element_op{}, {.m_check_value = true});
  for (const std::size_t n : sizes(mode, {k_e6}, {k_e5, k_e7}, {k_e5, k_e7, k_e8})) {
    s.add("inclusive_scan u64", n, scan_input, inclusive_scan_op{}, {.m_calls = calls_for(n)});
  }
  s.add("copy_if f64 half kept", search_n, random_doubles, copy_if_op{}, {.m_check_value = true});
  for (const std::size_t n : sizes(mode, {k_e5}, {k_e5, k_e6, k_e7}, {k_e5, k_e7, k_e8})) {
    s.add("sort u32 random", n, random_uint32s, sort_op{}, k_sort_traits);
  }
  const std::size_t sort_n = sizes(mode, {k_e5}, {k_e6}, {k_e7})[0];
  const std::size_t large_sort_n = sizes(mode, {k_e5}, {k_e7}, {k_e7})[0];  // seconds at 2 threads
  s.add("sort f64 random", large_sort_n, random_doubles, sort_op{}, k_sort_traits);
  s.add("sort u32 sorted", sort_n, sorted_uint32s, sort_op{}, k_sort_traits);
  s.add("sort u32 reversed", sort_n, reversed_uint32s, sort_op{}, k_sort_traits);
  s.add("sort u32 few unique", large_sort_n, few_unique_uint32s, sort_op{}, k_sort_traits);
  s.add("stable_sort u64-u32 pairs", sort_n, keyed_pairs, stable_sort_op{}, k_sort_traits);
  s.add("sort structs by u32 key", sort_n, random_records, sort_by_op<&record::key, false>{}, k_sort_traits);
  s.add("stable_sort u64-u32 pairs by key", sort_n, key_positions, sort_by_op<&key_position::key, true>{},
        k_sort_traits);
  s.add("merge u32", 2 * sort_n, merge_input, merge_op{});
  s.add("nth_element u32 median", sort_n, random_uint32s, nth_element_op{},
        {.m_check_value = true, .m_check_data = false});
  s.add("fib(n) join", k_fib_n, no_input, fib_op{}, {.m_check_value = true});
  s.add("nested sort", sizes(mode, {64 * k_nested_block}, {256 * k_nested_block}, {1024 * k_nested_block})[0],
        random_uint32s, nested_op{});
  add_comparison_sort_workloads(s, mode);
  add_latency_workloads(s, mode, callers);
}

}  // namespace harness
