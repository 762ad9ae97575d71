// SPDX-License-Identifier: MIT
// inclusive_scan, exclusive_scan, transform_inclusive_scan and
// transform_exclusive_scan against std::, with a non-commutative operation,
// in place, over every iterator kind, and every signature called as
// std::NAME(ws::par, ...).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <pstl_ws/std.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <iterator>
#include <list>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithm_test_support.hpp"

using ws::detail::k_scan_parallel_threshold;
using ws::detail::k_scan_tile;

namespace {

using ws_test::thrown;

// Type-erased element functions: one instantiation per iterator type.
using binary = std::function<long(long, long)>;
using unary = std::function<long(long)>;

/// x -> a x + b (mod 2^32) packed as a << 32 | b: op(f, g) is "f, then g".
/// Associative (exactly: integers mod 2^32) and far from commutative, so a
/// swapped operand or a lost element changes the result.
const binary k_then = [](long f, long g) {
  const auto uf = static_cast<std::uint64_t>(f);
  const auto ug = static_cast<std::uint64_t>(g);
  const auto a1 = static_cast<std::uint32_t>(uf >> 32);
  const auto b1 = static_cast<std::uint32_t>(uf);
  const auto a2 = static_cast<std::uint32_t>(ug >> 32);
  const auto b2 = static_cast<std::uint32_t>(ug);
  const std::uint32_t a = a2 * a1;
  const std::uint32_t b = a2 * b1 + b2;
  return static_cast<long>((std::uint64_t{a} << 32) | b);
};

/// The transform of the transform_ scans (keeps a odd).
const unary k_flip = [](long x) { return x ^ 0x5a5aL; };

const long k_init = (3L << 32) | 7;

/// Affine maps with odd a < 256 (so products never vanish), below 2^40 (so
/// that 10^6 of them sum without overflow under std::plus).
std::vector<long> random_maps(std::size_t n) {
  std::mt19937_64 rng(n);
  std::vector<long> values(n);
  for (long& x : values) {
    x = static_cast<long>(((rng() % 256) | 1) << 32 | (rng() & 0xffff'ffffU));
  }
  return values;
}

constexpr std::size_t k_signatures = 8;
constexpr std::array<const char*, k_signatures> k_signature_names = {
    "inclusive_scan",         "inclusive_scan op",        "inclusive_scan op init",        "exclusive_scan init",
    "exclusive_scan init op", "transform_inclusive_scan", "transform_inclusive_scan init", "transform_exclusive_scan"};

/// Whether the tests check a signature on n elements: all on short inputs;
/// from ws_test::k_large on, an inclusive and an exclusive scan only (the
/// other signatures differ only in their thin wrappers).
bool checked(std::size_t signature, std::size_t n) { return n < ws_test::k_large || signature == 1 || signature == 7; }

/// One of the 8 scan signatures on [first, last) into out: std::'s sequential
/// algorithm without a policy, ws::NAME with one (through <pstl_ws/std.hpp>).
template <class In, class Out, class... Policy>
Out scan_by(std::size_t signature, In first, In last, Out out, Policy... policy) {
  switch (signature) {
    case 0:
      return std::inclusive_scan(policy..., first, last, out);
    case 1:
      return std::inclusive_scan(policy..., first, last, out, k_then);
    case 2:
      return std::inclusive_scan(policy..., first, last, out, k_then, k_init);
    case 3:
      return std::exclusive_scan(policy..., first, last, out, k_init);
    case 4:
      return std::exclusive_scan(policy..., first, last, out, k_init, k_then);
    case 5:
      return std::transform_inclusive_scan(policy..., first, last, out, k_then, k_flip);
    case 6:
      return std::transform_inclusive_scan(policy..., first, last, out, k_then, k_flip, k_init);
    default:
      return std::transform_exclusive_scan(policy..., first, last, out, k_init, k_then, k_flip);
  }
}

/// std::'s result of every checked signature on `values` (empty for the others).
std::vector<std::vector<long>> expected_scans(const std::vector<long>& values) {
  std::vector<std::vector<long>> expected(k_signatures);
  for (std::size_t s = 0; s < k_signatures; ++s) {
    if (checked(s, values.size())) {
      expected[s].resize(values.size());
      scan_by(s, values.begin(), values.end(), expected[s].begin());
    }
  }
  return expected;
}

/// A value with no default constructor.
struct no_default {
  explicit no_default(long value) : m_value(value) {}
  bool operator==(const no_default&) const = default;
  long m_value;
};

/// The last k_kept characters of a + b: associative, not commutative, and
/// short however many strings it sums.
constexpr std::size_t k_kept = 12;
std::string suffix_of_concat(const std::string& a, const std::string& b) {
  std::string both = a + b;
  return both.size() <= k_kept ? both : both.substr(both.size() - k_kept);
}

}  // namespace

TEST_CASE("every scan signature gives std::'s elements and iterator, for every size, grain and pool" *
          doctest::timeout(300)) {
  std::vector<std::size_t> sizes_small_grain = ws_test::sizes_around(7);
  sizes_small_grain.back() = 5003;
  for (std::size_t grain : {std::size_t{0}, std::size_t{7}}) {
    for (std::size_t n : grain == 0 ? ws_test::sizes_around(k_scan_tile) : sizes_small_grain) {
      CAPTURE(grain);
      CAPTURE(n);
      const std::vector<long> values = random_maps(n);
      const std::vector<std::vector<long>> expected = expected_scans(values);
      ws_test::for_each_pool([&](auto policy) {
        const auto p = policy.grain(grain);
        for (std::size_t s = 0; s < k_signatures; ++s) {
          if (!checked(s, n)) {
            continue;
          }
          CAPTURE(k_signature_names[s]);
          std::vector<long> out(n, -1);
          CHECK(scan_by(s, values.begin(), values.end(), out.begin(), p) == out.end());
          CHECK(out == expected[s]);
        }
      });
    }
  }
}

TEST_CASE("scans over deques, raw pointers, reverse iterators and lists, and in place" * doctest::timeout(300)) {
  constexpr std::size_t n = 2 * k_scan_tile + 5;  // 3 tiles, the last of 5 elements
  const std::vector<long> values = random_maps(n);
  const std::vector<std::vector<long>> expected = expected_scans(values);
  std::vector<std::vector<long>> expected_reversed(k_signatures, std::vector<long>(n));
  for (std::size_t s = 0; s < k_signatures; ++s) {
    scan_by(s, values.rbegin(), values.rend(), expected_reversed[s].rbegin());
  }
  const std::deque<long> deque(values.begin(), values.end());
  const std::list<long> list(values.begin(), values.end());
  ws_test::for_each_pool([&](auto p) {
    for (std::size_t s = 0; s < k_signatures; ++s) {
      CAPTURE(k_signature_names[s]);
      std::vector<long> out(n, -1);
      std::deque<long> deque_out(n, -1);
      CHECK(scan_by(s, deque.begin(), deque.end(), out.begin(), p) == out.end());
      CHECK(out == expected[s]);
      CHECK(scan_by(s, values.data(), values.data() + n, deque_out.begin(), p) == deque_out.end());
      CHECK(std::equal(deque_out.begin(), deque_out.end(), expected[s].begin(), expected[s].end()));
      CHECK(scan_by(s, values.rbegin(), values.rend(), out.rbegin(), p) == out.rend());
      CHECK(out == expected_reversed[s]);

      // Lists: std::'s algorithm on the calling thread.
      std::list<long> list_out(n, -1);
      CHECK(scan_by(s, list.begin(), list.end(), list_out.begin(), p) == list_out.end());
      CHECK(std::equal(list_out.begin(), list_out.end(), expected[s].begin(), expected[s].end()));

      // In place: result == first.
      std::vector<long> in_place = values;
      CHECK(scan_by(s, in_place.begin(), in_place.end(), in_place.begin(), p) == in_place.end());
      CHECK(in_place == expected[s]);
      std::deque<long> deque_in_place = deque;
      CHECK(scan_by(s, deque_in_place.begin(), deque_in_place.end(), deque_in_place.begin(), p) ==
            deque_in_place.end());
      CHECK(std::equal(deque_in_place.begin(), deque_in_place.end(), expected[s].begin(), expected[s].end()));
    }
  });
}

TEST_CASE("string scans keep operand order, in place and from move iterators" * doctest::timeout(300)) {
  for (const std::size_t n : {std::size_t{2 * k_scan_tile + 5}, std::size_t{301}}) {
    CAPTURE(n);
    // With the default grain the long input runs on 3 tiles; the short one
    // runs on tiles of 7 (where the plain concatenation, quadratic, is cheap).
    const std::size_t grain = n < k_scan_tile ? 7 : 0;
    std::vector<std::string> words(n);
    for (std::size_t i = 0; i < n; ++i) {
      words[i] = std::string(1 + i % 3, static_cast<char>('a' + (i * 7) % 26));
    }
    const auto concat = [](const std::string& a, const std::string& b) { return suffix_of_concat(a, b); };
    const auto dotted = [](const std::string& x) { return x + "."; };
    std::vector<std::string> inclusive(n), exclusive(n), transformed(n), plain(n);
    std::inclusive_scan(words.begin(), words.end(), inclusive.begin(), concat);
    std::exclusive_scan(words.begin(), words.end(), exclusive.begin(), std::string("^"), concat);
    std::transform_inclusive_scan(words.begin(), words.end(), transformed.begin(), concat, dotted, std::string("<"));
    if (grain != 0) {
      std::inclusive_scan(words.begin(), words.end(), plain.begin());
    }
    ws_test::for_each_pool([&](auto policy) {
      const auto p = policy.grain(grain);
      std::vector<std::string> out(n);
      CHECK(ws::inclusive_scan(p, words.begin(), words.end(), out.begin(), concat) == out.end());
      CHECK(out == inclusive);
      CHECK(ws::exclusive_scan(p, words.begin(), words.end(), out.begin(), std::string("^"), concat) == out.end());
      CHECK(out == exclusive);
      CHECK(ws::transform_inclusive_scan(p, words.begin(), words.end(), out.begin(), concat, dotted,
                                         std::string("<")) == out.end());
      CHECK(out == transformed);
      if (grain != 0) {
        CHECK(ws::inclusive_scan(p, words.begin(), words.end(), out.begin()) == out.end());
        CHECK(out == plain);
      }

      std::vector<std::string> in_place = words;
      ws::exclusive_scan(p, in_place.begin(), in_place.end(), in_place.begin(), std::string("^"), concat);
      CHECK(in_place == exclusive);
      in_place = words;
      ws::inclusive_scan(p, in_place.begin(), in_place.end(), in_place.begin(), concat);
      CHECK(in_place == inclusive);

      // Each element is read twice in parallel: the first read must not move.
      std::vector<std::string> moved_from = words;
      CHECK(ws::inclusive_scan(p, std::make_move_iterator(moved_from.begin()),
                               std::make_move_iterator(moved_from.end()), out.begin(), concat) == out.end());
      CHECK(out == inclusive);
    });
  }
}

TEST_CASE("the sum type is the input's value type, init's type or the transform's, as in std::" *
          doctest::timeout(120)) {
  constexpr std::size_t n = 2 * k_scan_tile + 3;
  const std::vector<std::uint8_t> bytes(n, 200);
  std::vector<int> expected_wrapped(n), expected_int(n);
  std::vector<double> expected_double(n);
  std::vector<long> expected_long(n);
  const auto half = [](std::uint8_t x) { return x * 0.5; };
  std::inclusive_scan(bytes.begin(), bytes.end(), expected_wrapped.begin());  // uint8_t sums: wrap at 256
  std::inclusive_scan(bytes.begin(), bytes.end(), expected_int.begin(), std::plus<>(), 0);
  std::exclusive_scan(bytes.begin(), bytes.end(), expected_long.begin(), 1L << 40);
  // transform_inclusive_scan sums in the transform's type, double here
  // ([transform.inclusive.scan]); libc++ 16's sums in uint8_t, so the
  // reference transforms first.
  std::transform(bytes.begin(), bytes.end(), expected_double.begin(), half);
  std::inclusive_scan(expected_double.begin(), expected_double.end(), expected_double.begin());
  REQUIRE(expected_wrapped != expected_int);
  ws_test::for_each_pool([&](auto p) {
    std::vector<int> out(n);
    std::vector<long> out_long(n);
    std::vector<double> out_double(n);
    ws::inclusive_scan(p, bytes.begin(), bytes.end(), out.begin());
    CHECK(out == expected_wrapped);
    ws::inclusive_scan(p, bytes.begin(), bytes.end(), out.begin(), std::plus<>(), 0);
    CHECK(out == expected_int);
    ws::exclusive_scan(p, bytes.begin(), bytes.end(), out_long.begin(), 1L << 40);
    CHECK(out_long == expected_long);
    ws::transform_inclusive_scan(p, bytes.begin(), bytes.end(), out_double.begin(), std::plus<>(), half);
    CHECK(out_double == expected_double);
  });
}

TEST_CASE("a floating-point scan gives the same bits on every pool" * doctest::timeout(120)) {
  const std::array<std::pair<std::size_t, std::size_t>, 2> sizes_and_grains{{{3 * k_scan_tile + 5, 0}, {5003, 7}}};
  for (const auto& size_and_grain : sizes_and_grains) {
    const std::size_t n = size_and_grain.first;  // variables, not bindings: the lambdas below take them
    const std::size_t grain = size_and_grain.second;
    CAPTURE(n);
    std::mt19937_64 rng(n);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<double> values(n);
    for (double& x : values) {
      x = uniform(rng);
    }
    std::vector<double> first_pool;
    ws_test::for_each_pool([&](auto policy) {
      std::vector<double> out(n);
      ws::inclusive_scan(policy.grain(grain), values.begin(), values.end(), out.begin());
      if (first_pool.empty()) {
        first_pool = out;
      }
      CHECK(std::memcmp(out.data(), first_pool.data(), n * sizeof(double)) == 0);
      // The same bits, and they are the sum (grouped by tiles, not left to right).
      CHECK(out.back() == doctest::Approx(std::accumulate(values.begin(), values.end(), 0.0)));
    });
  }
}

TEST_CASE("scans need no default constructor and accept mutable function objects" * doctest::timeout(120)) {
  constexpr std::size_t n = 3 * k_scan_tile + 5;
  const std::vector<long> values = random_maps(n);
  const std::vector<std::vector<long>> expected = expected_scans(values);
  std::vector<no_default> boxed;
  for (long x : values) {
    boxed.emplace_back(x);
  }
  // Each tile calls its own copy: the count never shows in the result.
  const auto then = [calls = 0L](const no_default& f, const no_default& g) mutable {
    return no_default(k_then(f.m_value, g.m_value) + 0 * ++calls);
  };
  const auto box_flipped = [calls = 0L](long x) mutable { return no_default(k_flip(x) + 0 * ++calls); };
  const auto unboxed = [](const std::vector<no_default>& v) {
    std::vector<long> result;
    for (const no_default& x : v) {
      result.push_back(x.m_value);
    }
    return result;
  };
  ws_test::for_each_pool([&](auto p) {
    std::vector<no_default> out(n, no_default(-1));
    ws::inclusive_scan(p, boxed.begin(), boxed.end(), out.begin(), then);
    CHECK(unboxed(out) == expected[1]);
    ws::exclusive_scan(p, boxed.begin(), boxed.end(), out.begin(), no_default(k_init), then);
    CHECK(unboxed(out) == expected[4]);
    ws::transform_inclusive_scan(p, values.begin(), values.end(), out.begin(), then, box_flipped);
    CHECK(unboxed(out) == expected[5]);
    ws::transform_exclusive_scan(p, values.begin(), values.end(), out.begin(), no_default(k_init), then,
                                 box_flipped);
    CHECK(unboxed(out) == expected[7]);
  });
}

TEST_CASE("scans run on the pool's workers from two tiles and on the caller below" * doctest::timeout(60)) {
  ws::thread_pool pool(ws_test::pool_options(3));
  std::vector<long> in(k_scan_parallel_threshold), out(k_scan_parallel_threshold);
  std::atomic<long> off_pool{0};
  std::atomic<long> on_pool{0};
  const auto count_threads = [&](long x) {
    off_pool += !pool.current_thread_index().has_value();
    on_pool += pool.current_thread_index().has_value();
    return x;
  };
  const auto n = static_cast<long>(k_scan_parallel_threshold);
  // Each element is transformed once by its tile's scan, and once more by
  // its tile's fold unless the tile ran right after its neighbour.
  ws::transform_inclusive_scan(ws::par.on(pool), in.begin(), in.end(), out.begin(), std::plus<>(), count_threads);
  CHECK(off_pool.load() == 0);
  const long parallel_calls = on_pool.load();
  CHECK(parallel_calls >= n);
  CHECK(parallel_calls <= 2 * n);
  ws::transform_exclusive_scan(ws::par.on(pool), in.begin(), in.end() - 1, out.begin(), 0L, std::plus<>(),
                               count_threads);
  ws::transform_exclusive_scan(ws::seq.on(pool), in.begin(), in.end(), out.begin(), 0L, std::plus<>(),
                               count_threads);
  CHECK(on_pool.load() == parallel_calls);
  CHECK(off_pool.load() == 2 * n - 1);
  // With a grain g, from 2g elements.
  ws::transform_inclusive_scan(ws::par.on(pool).grain(2), in.begin(), in.begin() + 4, out.begin(), std::plus<>(),
                               count_threads);
  CHECK(on_pool.load() >= parallel_calls + 4);
  CHECK(on_pool.load() <= parallel_calls + 8);
}

TEST_CASE("an exception from op or transform at the first, a middle or the last element reaches the caller" *
          doctest::timeout(300)) {
  constexpr long n = 100'000;
  std::vector<long> values(n);
  std::iota(values.begin(), values.end(), 0L);
  // Elements 0 .. n - 1 in tiles of 100: tile t sums to 10000 t + 4950, never
  // to 0, n / 2 or n - 1, so op's right operand equals `at` only when it is
  // element `at` (in a fold or a scan), never when it is a tile's sum (when
  // the carries are added up).
  using call = std::function<void(ws::parallel_policy, std::vector<long>& out, long at)>;
  const std::vector<std::pair<const char*, call>> throwing = {
      {"inclusive_scan",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::inclusive_scan(p, values.begin(), values.end(), out.begin(),
                            [at](long a, long x) { return x == at ? throw thrown{x} : a + x; }, 0L);
       }},
      {"exclusive_scan",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::exclusive_scan(p, values.begin(), values.end(), out.begin(), 0L,
                            [at](long a, long x) { return x == at ? throw thrown{x} : a + x; });
       }},
      {"transform_inclusive_scan",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::transform_inclusive_scan(p, values.begin(), values.end(), out.begin(), std::plus<>(),
                                      [at](long x) { return x == at ? throw thrown{x} : x; });
       }},
      {"transform_exclusive_scan",
       [&](ws::parallel_policy p, std::vector<long>& out, long at) {
         ws::transform_exclusive_scan(p, values.begin(), values.end(), out.begin(), 0L, std::plus<>(),
                                      [at](long x) { return x == at ? throw thrown{x} : x; });
       }},
  };
  for (const auto& entry : throwing) {
    const std::string name = entry.first;
    const call& run = entry.second;
    for (long at : {0L, n / 2, n - 1}) {
      CAPTURE(name);
      CAPTURE(at);
      ws_test::for_each_pool([&](ws::parallel_policy policy) {
        std::vector<long> out(n);
        long caught = -1;
        try {
          run(policy.grain(100), out, at);
        } catch (const thrown& e) {
          caught = e.element;
        }
        CHECK(caught == at);
        // The pool still works.
        CHECK(ws::inclusive_scan(policy, values.begin(), values.end(), out.begin()) == out.end());
        CHECK(out[n - 1] == n * (n - 1) / 2);
      });
    }
  }
}

TEST_CASE("every signature of the scan group is reachable as std::NAME(ws::par, ...) and gives std::'s result" *
          doctest::timeout(60)) {
  const std::vector<long> in = random_maps(50'000);
  const std::vector<std::vector<long>> expected = expected_scans(in);
  const auto b = in.begin();
  const auto e = in.end();
  std::vector<long> out(in.size());
  const auto o = out.begin();
  const auto par = ws::par;

  CHECK(std::inclusive_scan(par, b, e, o) == out.end());
  CHECK(out == expected[0]);
  CHECK(std::inclusive_scan(par, b, e, o, k_then) == out.end());
  CHECK(out == expected[1]);
  CHECK(std::inclusive_scan(par, b, e, o, k_then, k_init) == out.end());
  CHECK(out == expected[2]);
  CHECK(std::exclusive_scan(par, b, e, o, k_init) == out.end());
  CHECK(out == expected[3]);
  CHECK(std::exclusive_scan(par, b, e, o, k_init, k_then) == out.end());
  CHECK(out == expected[4]);
  CHECK(std::transform_inclusive_scan(par, b, e, o, k_then, k_flip) == out.end());
  CHECK(out == expected[5]);
  CHECK(std::transform_inclusive_scan(par, b, e, o, k_then, k_flip, k_init) == out.end());
  CHECK(out == expected[6]);
  CHECK(std::transform_exclusive_scan(par, b, e, o, k_init, k_then, k_flip) == out.end());
  CHECK(out == expected[7]);
}
