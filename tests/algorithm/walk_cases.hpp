// SPDX-License-Identifier: MIT
// The case table of walk_test.cpp: every walk algorithm as one call written
// once for std:: and ws::, run over containers of every size on every pool
// and compared with std::.
#pragma once

#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/detail/config.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithm_test_support.hpp"

namespace walk_test {

using ws::detail::k_walk_parallel_threshold;

/// The range a test container offers: raw pointers for a vector (the common
/// fast path), its own iterators for the other containers.
template <class C>
auto first_of(C& c) {
  if constexpr (std::is_same_v<C, std::vector<typename C::value_type>>) {
    return c.data();
  } else {
    return c.begin();
  }
}

template <class C>
auto last_of(C& c) {
  return std::next(first_of(c), static_cast<long>(c.size()));
}

template <class C>
auto at_of(C& c, std::size_t i) {
  return std::next(first_of(c), static_cast<long>(i));
}

/// Where a returned iterator points: its offset in c.
template <class C, class It>
long offset(C& c, It it) {
  return static_cast<long>(std::distance(first_of(c), it));
}

/// One call of an algorithm on an input container and an output container
/// of the same length, made once through std:: without a policy (the
/// reference) and once with a ws policy. Returns the offset of the returned
/// iterator in the container it points into, or -1 for void algorithms.
/// The call is written once, as a generic lambda taking the policy as an
/// optional trailing argument: std::NAME(policy..., args) is std's own
/// algorithm without a policy and ws::NAME with one (<pstl_ws/std.hpp>).
template <class C>
struct walk_case {
  std::string name;
  std::function<long(C&, C&)> run_std;
  std::function<long(C&, C&, ws::parallel_policy)> run_ws;
};

template <class C, class Call>
walk_case<C> make_case(std::string name, Call call) {
  return {std::move(name), [call](C& in, C& out) { return call(in, out); },
          [call](C& in, C& out, ws::parallel_policy policy) { return call(in, out, policy); }};
}

inline constexpr auto k_triple = [](long x) { return 3 * x + 1; };
inline constexpr auto k_combine = [](long x, long y) { return 2 * x - y; };
inline constexpr auto k_is_odd = [](long x) { return x % 2 != 0; };

/// Every walk algorithm as walk cases, with shifts by distances that take
/// each path of shift_left (columns, buffer, sequential, special cases).
template <class C>
std::vector<walk_case<C>> walk_cases() {
  std::vector<walk_case<C>> cases;
  const auto add = [&](std::string name, auto call) { cases.push_back(make_case<C>(std::move(name), call)); };
  // Counts for the _n forms and the rotations: a fraction of the size.
  const auto part = [](C& c) { return c.size() - c.size() / 3; };
  add("transform", [](C& in, C& out, auto... p) {
    return offset(out, std::transform(p..., first_of(in), last_of(in), first_of(out), k_triple));
  });
  add("transform in place", [](C& in, C&, auto... p) {
    return offset(in, std::transform(p..., first_of(in), last_of(in), first_of(in), k_triple));
  });
  add("binary transform", [](C& in, C& out, auto... p) {
    return offset(out, std::transform(p..., first_of(in), last_of(in), first_of(out), first_of(out), k_combine));
  });
  add("copy", [](C& in, C& out, auto... p) {
    return offset(out, std::copy(p..., first_of(in), last_of(in), first_of(out)));
  });
  add("copy_n", [part](C& in, C& out, auto... p) {
    return offset(out, std::copy_n(p..., first_of(in), part(in), first_of(out)));
  });
  add("copy_n with n < 0", [](C& in, C& out, auto... p) {
    // The reference (no policy) copies 0, the same by [alg.copy]: libc++ 16's
    // std::copy_n steps a random-access iterator back by a negative count.
    return offset(out, std::copy_n(p..., first_of(in), sizeof...(p) == 0 ? 0 : -2, first_of(out)));
  });
  add("move", [](C& in, C& out, auto... p) {
    return offset(out, std::move(p..., first_of(in), last_of(in), first_of(out)));
  });
  add("swap_ranges", [](C& in, C& out, auto... p) {
    return offset(out, std::swap_ranges(p..., first_of(in), last_of(in), first_of(out)));
  });
  add("fill", [](C&, C& out, auto... p) {
    std::fill(p..., first_of(out), last_of(out), 7L);
    return -1L;
  });
  add("fill_n", [part](C&, C& out, auto... p) { return offset(out, std::fill_n(p..., first_of(out), part(out), 7L)); });
  add("generate", [](C&, C& out, auto... p) {
    std::generate(p..., first_of(out), last_of(out), [calls = 0L]() mutable { return ++calls > 0 ? 42L : 0L; });
    return -1L;
  });
  add("generate_n", [part](C&, C& out, auto... p) {
    return offset(out, std::generate_n(p..., first_of(out), part(out), [] { return 42L; }));
  });
  add("replace", [](C& in, C&, auto... p) {
    const long old_value = in.empty() ? 0 : *first_of(in);
    std::replace(p..., first_of(in), last_of(in), old_value, 99L);
    return -1L;
  });
  add("replace_if", [](C& in, C&, auto... p) {
    std::replace_if(p..., first_of(in), last_of(in), k_is_odd, 0L);
    return -1L;
  });
  add("replace_copy", [](C& in, C& out, auto... p) {
    const long old_value = in.empty() ? 0 : *first_of(in);
    return offset(out, std::replace_copy(p..., first_of(in), last_of(in), first_of(out), old_value, 99L));
  });
  add("replace_copy_if", [](C& in, C& out, auto... p) {
    return offset(out, std::replace_copy_if(p..., first_of(in), last_of(in), first_of(out), k_is_odd, 0L));
  });
  add("reverse", [](C& in, C&, auto... p) {
    std::reverse(p..., first_of(in), last_of(in));
    return -1L;
  });
  add("reverse_copy", [](C& in, C& out, auto... p) {
    return offset(out, std::reverse_copy(p..., first_of(in), last_of(in), first_of(out)));
  });
  for (int third : {0, 1, 3}) {
    // middle at first, at a third, at last
    add("rotate at " + std::to_string(third) + "/3", [third](C& in, C&, auto... p) {
      const auto middle = at_of(in, in.size() * static_cast<std::size_t>(third) / 3);
      return offset(in, std::rotate(p..., first_of(in), middle, last_of(in)));
    });
  }
  add("rotate_copy", [part](C& in, C& out, auto... p) {
    return offset(out, std::rotate_copy(p..., first_of(in), at_of(in, part(in)), last_of(in), first_of(out)));
  });
  // Shift distances: 0 and past the end (no effect); 1 and 100 (few columns:
  // the buffer on long ranges); 4096 (many rows of columns); a third (three
  // rows); just over a half (no overlap); size - 1 (one element moves).
  const std::vector<std::function<long(std::size_t)>> distances = {
      [](std::size_t) { return 0L; },
      [](std::size_t) { return 1L; },
      [](std::size_t) { return 100L; },
      [](std::size_t) { return 4096L; },
      [](std::size_t size) { return static_cast<long>(size / 3); },
      [](std::size_t size) { return static_cast<long>(size / 2 + 1); },
      [](std::size_t size) { return std::max(static_cast<long>(size) - 1, 0L); },
      [](std::size_t size) { return static_cast<long>(size); },
      [](std::size_t size) { return static_cast<long>(size) + 3; }};
  for (std::size_t d = 0; d < distances.size(); ++d) {
    const auto distance = distances[d];
    add("shift_left, distance " + std::to_string(d), [distance](C& in, C&, auto... p) {
      return offset(in, std::shift_left(p..., first_of(in), last_of(in), distance(in.size())));
    });
    add("shift_right, distance " + std::to_string(d), [distance](C& in, C&, auto... p) {
      return offset(in, std::shift_right(p..., first_of(in), last_of(in), distance(in.size())));
    });
  }
  add("adjacent_difference", [](C& in, C& out, auto... p) {
    return offset(out, std::adjacent_difference(p..., first_of(in), last_of(in), first_of(out)));
  });
  add("adjacent_difference with an operation", [](C& in, C& out, auto... p) {
    return offset(out, std::adjacent_difference(p..., first_of(in), last_of(in), first_of(out), k_combine));
  });
  add("adjacent_difference in place", [](C& in, C&, auto... p) {
    return offset(in, std::adjacent_difference(p..., first_of(in), last_of(in), first_of(in)));
  });
  return cases;
}

/// Inputs with repeated values, odd and even ones, and an output that
/// differs from every input.
inline std::vector<long> input_values(std::size_t n) {
  std::vector<long> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = static_cast<long>((i * 7919) % 1000) - 500;
  }
  return values;
}

inline std::vector<long> output_values(std::size_t n) {
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), -static_cast<long>(n));
  return values;
}

/// Runs every case on containers of type C over the given sizes and grains,
/// on every test pool, and compares both containers and the returned
/// iterator with what std:: gives.
template <class C>
void check_every_case(const std::vector<std::size_t>& sizes, std::size_t grain) {
  for (const walk_case<C>& c : walk_cases<C>()) {
    for (std::size_t n : sizes) {
      CAPTURE(c.name);
      CAPTURE(n);
      CAPTURE(grain);
      const std::vector<long> in_values = input_values(n);
      const std::vector<long> out_values = output_values(n);
      C expected_in(in_values.begin(), in_values.end());
      C expected_out(out_values.begin(), out_values.end());
      const long expected_offset = c.run_std(expected_in, expected_out);
      ws_test::for_each_pool([&](ws::parallel_policy policy) {
        C in(in_values.begin(), in_values.end());
        C out(out_values.begin(), out_values.end());
        CHECK(c.run_ws(in, out, policy.grain(grain)) == expected_offset);
        CHECK(in == expected_in);
        CHECK(out == expected_out);
      });
    }
  }
}

/// ws_test::sizes_around(grain) for the matrix of every case: the large size
/// only when `large`, and then 10^5 rather than 10^6 under ThreadSanitizer,
/// whose slowdown would make some 50 cases x 6 pools take minutes (a walk
/// takes the same paths at both sizes: about 2P leaves).
inline std::vector<std::size_t> matrix_sizes(std::size_t grain, bool large) {
  std::vector<std::size_t> sizes = ws_test::sizes_around(grain);
  if (!large) {
    sizes.pop_back();
  } else if (PSTL_WS_TSAN) {
    sizes.back() = 100'003;
  }
  return sizes;
}

}  // namespace walk_test
