// SPDX-License-Identifier: MIT
// pstl_ws::std_execution: libstdc++'s parallel algorithms, in a translation
// unit linked to that CMake target (pstl_ws/std_execution.hpp forced ahead of
// it), give the sequential std:: results on a worker of every test pool, from
// outside every pool (the global pool) and from many callers at once, really
// run on the pool, stop early when a pattern cancels, and include and load no
// TBB. docs/std-execution.md.
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <execution>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

#include <pstl_ws/numeric.hpp>
#include <pstl_ws/thread_pool.hpp>

#include "test_support.hpp"

// With the opt-in, libstdc++ selects no TBB backend and so includes none of
// TBB's headers, whether they are installed or not.
#if defined(TBB_VERSION_MAJOR) || defined(__TBB_tbb_H) || defined(_PSTL_PAR_BACKEND_TBB)
#error "a TBB header was included into a translation unit opted into pstl_ws::std_execution"
#endif

namespace {

using std::execution::par;

static_assert(std::is_same_v<__pstl::__par_backend::__buffer<int>, ws::detail::std_execution::raw_buffer<int>>,
              "libstdc++'s parallel algorithms must be bound to the ws backend of pstl_ws/std_execution.hpp");

/// Sizes every algorithm is tried with: empty, tiny (4 and 5 split into pieces
/// of two and three, the smallest transform_reduce pieces), one leaf of the
/// merges, many leaves (odd).
constexpr std::array<std::size_t, 8> k_sizes{0, 1, 2, 3, 4, 5, 1000, 100003};
/// For the scans and copy_if (a strict scan), the large size is replaced by
/// both sides of the size below which a scan stays on its caller (odd above
/// it, so the tiles are uneven).
constexpr std::size_t k_on_caller_below = ws::detail::std_execution::k_scan_on_caller_below;
constexpr std::array<std::size_t, 9> k_scan_sizes{0, 1, 2, 3, 4, 5, 1000, k_on_caller_below - 1, k_on_caller_below + 1};
/// For the sorts, also just above the leaf-sort cut-off (500) and above two merge cut-offs (2000).
constexpr std::array<std::size_t, 7> k_sort_sizes{0, 1, 2, 501, 1000, 4097, 100003};

/// One pool per test thread count, created once.
std::vector<std::unique_ptr<ws::thread_pool>>& pools() {
  static std::vector<std::unique_ptr<ws::thread_pool>> all = [] {
    std::vector<std::unique_ptr<ws::thread_pool>> result;
    for (const std::size_t threads : ws_test::k_thread_counts) {
      result.push_back(std::make_unique<ws::thread_pool>(ws_test::pool_options(threads)));
    }
    return result;
  }();
  return all;
}

/// Checks that run() returns `expected` when called on a worker of every test
/// pool and when called from the main thread (the backend then uses the
/// global pool). The CHECKs stay on the main thread.
template <class T, class Run>
void check_on_every_pool(const T& expected, Run run) {
  for (auto& pool : pools()) {
    CAPTURE(pool->num_threads());
    CHECK(pool->install(run) == expected);
  }
  CHECK(run() == expected);
}

/// n pseudo-random values in [0, bound), the same for the same seed.
std::vector<std::int64_t> random_values(std::size_t n, std::uint64_t bound, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::int64_t> values(n);
  for (auto& value : values) {
    value = static_cast<std::int64_t>(rng() % bound);
  }
  return values;
}

/// A key and the position it started at, compared by key only: a change in
/// the order of equal keys shows (stability).
struct keyed {
  std::int64_t key;
  std::size_t index;
  friend bool operator==(const keyed&, const keyed&) = default;
};
constexpr auto by_key = [](const keyed& a, const keyed& b) { return a.key < b.key; };

/// n keyed values with keys in [0, bound) (few distinct keys: many ties).
std::vector<keyed> random_keyed(std::size_t n, std::uint64_t bound, std::uint64_t seed) {
  const std::vector<std::int64_t> keys = random_values(n, bound, seed);
  std::vector<keyed> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = keyed{keys[i], i};
  }
  return values;
}

/// x -> a * x + b (mod 2^64). Composition is associative but not commutative:
/// a scan that combines two pieces in the wrong order gives another result.
struct affine {
  std::uint64_t a = 1;
  std::uint64_t b = 0;
  friend bool operator==(const affine&, const affine&) = default;
};
/// f, then g.
constexpr auto then = [](const affine& f, const affine& g) { return affine{g.a * f.a, g.a * f.b + g.b}; };

}  // namespace

TEST_CASE("libstdc++'s parallel algorithms are bound to the ws backend and no TBB library is loaded") {
  // The static_assert above checks the binding; this checks the process.
  CHECK(dlopen("libtbb.so.12", RTLD_LAZY | RTLD_NOLOAD) == nullptr);
  CHECK(dlopen("libtbb.so.2", RTLD_LAZY | RTLD_NOLOAD) == nullptr);
}

TEST_CASE("std::for_each(par) applies the function to every element, as std::for_each does") {
  auto step = [](std::int64_t& x) { x = 3 * x + 1; };
  for (const std::size_t n : k_sizes) {
    CAPTURE(n);
    const std::vector<std::int64_t> input = random_values(n, 1000, n);
    std::vector<std::int64_t> expected = input;
    std::for_each(expected.begin(), expected.end(), step);
    check_on_every_pool(expected, [&] {
      std::vector<std::int64_t> v = input;
      std::for_each(par, v.begin(), v.end(), step);
      return v;
    });
  }
}

TEST_CASE("std::reduce(par) and both std::transform_reduce(par) forms equal the sequential folds") {
  for (const std::size_t n : k_sizes) {
    CAPTURE(n);
    const std::vector<std::int64_t> x = random_values(n, 1000, n);
    const std::vector<std::int64_t> y = random_values(n, 1000, n + 1);
    // Small whole numbers: every double sum is exact, whatever the order.
    const std::vector<double> d(x.begin(), x.end());
    auto square = [](std::int64_t v) { return v * v; };
    const auto expected = std::make_tuple(
        std::accumulate(x.begin(), x.end(), std::int64_t{7}),
        std::inner_product(x.begin(), x.end(), y.begin(), std::int64_t{0}),
        std::transform_reduce(x.begin(), x.end(), std::int64_t{0}, std::plus<>(), square),
        std::accumulate(d.begin(), d.end(), 0.5));
    check_on_every_pool(expected, [&] {
      return std::make_tuple(std::reduce(par, x.begin(), x.end(), std::int64_t{7}),
                             std::transform_reduce(par, x.begin(), x.end(), y.begin(), std::int64_t{0}),
                             std::transform_reduce(par, x.begin(), x.end(), std::int64_t{0}, std::plus<>(), square),
                             std::reduce(par, d.begin(), d.end(), 0.5));
    });
  }
}

TEST_CASE("std::sort(par) equals std::sort on random, few-distinct, sorted and reversed inputs") {
  for (const std::size_t n : k_sort_sizes) {
    CAPTURE(n);
    std::vector<std::int64_t> sorted = random_values(n, n + 1, n);
    std::sort(sorted.begin(), sorted.end());
    const std::vector<std::int64_t> reversed(sorted.rbegin(), sorted.rend());
    const std::vector<std::int64_t> few_distinct = random_values(n, 4, n);
    for (const std::vector<std::int64_t>& input : {random_values(n, n + 1, n), few_distinct, sorted, reversed}) {
      std::vector<std::int64_t> expected = input;
      std::sort(expected.begin(), expected.end());
      check_on_every_pool(expected, [&] {
        std::vector<std::int64_t> v = input;
        std::sort(par, v.begin(), v.end());
        return v;
      });
    }
  }
}

TEST_CASE("std::sort(par) borrows its buffer from its pool's scratch cache, which keeps it for the next call") {
  constexpr std::size_t k_n = 100003;  // an 800 KB buffer: above the cache's 256 KiB floor
  const std::vector<std::int64_t> input = random_values(k_n, k_n, 7);
  std::vector<std::int64_t> expected = input;
  std::sort(expected.begin(), expected.end());
  auto sort_a_copy = [&] {
    std::vector<std::int64_t> v = input;
    std::sort(par, v.begin(), v.end());
    return v;
  };
  const auto check_kept = [&](ws::thread_pool& pool, auto call) {
    pool.release_memory();
    REQUIRE(pool.stats().idle_scratch_bytes == 0);
    CHECK(call() == expected);
    CHECK(pool.stats().idle_scratch_bytes >= k_n * sizeof(std::int64_t));
  };
  for (auto& pool : pools()) {
    CAPTURE(pool->num_threads());
    check_kept(*pool, [&] { return pool->install(sort_a_copy); });
  }
  check_kept(ws::thread_pool::global(), sort_a_copy);  // from outside every pool: the global pool's
}

TEST_CASE("std::sort(par) of strings, values that own memory, equals std::sort") {
  // The merges move values into the raw buffer and back: a lost or doubly
  // destroyed string shows here under the sanitizers.
  for (const std::size_t n : k_sort_sizes) {
    CAPTURE(n);
    std::vector<std::string> input;
    for (const std::int64_t v : random_values(n, n + 1, n)) {
      input.push_back(std::string(40, 'x') + std::to_string(v));  // longer than the small-string buffer
    }
    std::vector<std::string> expected = input;
    std::sort(expected.begin(), expected.end());
    check_on_every_pool(expected, [&] {
      std::vector<std::string> v = input;
      std::sort(par, v.begin(), v.end());
      return v;
    });
  }
}

TEST_CASE("std::stable_sort(par) keeps equal keys in their input order, as std::stable_sort does") {
  for (const std::size_t n : k_sort_sizes) {
    CAPTURE(n);
    for (const std::uint64_t key_bound : {std::uint64_t{16}, std::uint64_t{n + 1}}) {
      CAPTURE(key_bound);
      const std::vector<keyed> input = random_keyed(n, key_bound, n);
      std::vector<keyed> expected = input;
      std::stable_sort(expected.begin(), expected.end(), by_key);
      check_on_every_pool(expected, [&] {
        std::vector<keyed> v = input;
        std::stable_sort(par, v.begin(), v.end(), by_key);
        return v;
      });
    }
  }
}

TEST_CASE("std::partial_sort(par) puts the same first elements in order as std::partial_sort") {
  // Eight middles on every pool: in libstdc++'s debug mode, where each
  // iterator step takes a lock, 100003 elements cost over a minute.
  const std::size_t large = ws_test::k_glibcxx_debug ? 20011 : 100003;
  for (const std::size_t n : {std::size_t{1000}, std::size_t{4097}, large}) {
    const std::vector<std::int64_t> input = random_values(n, n / 2, n);
    for (const std::size_t middle : {std::size_t{0}, std::size_t{1}, std::size_t{500}, std::size_t{501},
                                     std::size_t{1999}, n / 2, n - 1, n}) {
      if (middle > n) {
        continue;
      }
      CAPTURE(n);
      CAPTURE(middle);
      std::vector<std::int64_t> expected = input;
      std::partial_sort(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(middle), expected.end());
      std::sort(expected.begin() + static_cast<std::ptrdiff_t>(middle), expected.end());
      check_on_every_pool(expected, [&] {
        std::vector<std::int64_t> v = input;
        std::partial_sort(par, v.begin(), v.begin() + static_cast<std::ptrdiff_t>(middle), v.end());
        std::sort(v.begin() + static_cast<std::ptrdiff_t>(middle), v.end());  // the rest is in no particular order
        return v;
      });
    }
  }
}

TEST_CASE("std::inclusive_scan(par) and std::exclusive_scan(par) equal the sequential scans for integers, doubles and an order-sensitive operation") {
  for (const std::size_t n : k_scan_sizes) {
    CAPTURE(n);
    const std::vector<std::int64_t> x = random_values(n, 1000, n);
    const std::vector<double> d(x.begin(), x.end());  // whole numbers: exact sums in any order
    const std::vector<std::int64_t> y = random_values(n, 1000, n + 1);
    std::vector<affine> f(n);
    std::transform(x.begin(), x.end(), y.begin(), f.begin(), [](std::int64_t a, std::int64_t b) {
      return affine{static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b)};
    });
    // Integers and affine maps take libstdc++'s transform-scan path, doubles
    // its strict-scan path; with seq, neither reaches the backend.
    auto scans = [&](const auto& policy) {
      std::vector<std::int64_t> inclusive(n);
      std::vector<std::int64_t> exclusive(n);
      std::vector<double> inclusive_d(n);
      std::vector<double> exclusive_d(n);
      std::vector<affine> composed(n);
      std::inclusive_scan(policy, x.begin(), x.end(), inclusive.begin());
      std::exclusive_scan(policy, x.begin(), x.end(), exclusive.begin(), std::int64_t{5});
      std::inclusive_scan(policy, d.begin(), d.end(), inclusive_d.begin());
      std::exclusive_scan(policy, d.begin(), d.end(), exclusive_d.begin(), 0.5);
      std::inclusive_scan(policy, f.begin(), f.end(), composed.begin(), then);
      return std::make_tuple(inclusive, exclusive, inclusive_d, exclusive_d, composed);
    };
    check_on_every_pool(scans(std::execution::seq), [&] { return scans(par); });
  }
}

TEST_CASE("std::copy_if(par), count_if, find_if and any_of equal the sequential results") {
  for (const std::size_t n : k_scan_sizes) {
    CAPTURE(n);
    const std::vector<std::int64_t> x = random_values(n, 1000, n);
    auto even = [](std::int64_t v) { return v % 2 == 0; };
    const std::int64_t middle = n == 0 ? 0 : x[n / 2];
    auto is_middle = [middle](std::int64_t v) { return v == middle; };
    auto negative = [](std::int64_t v) { return v < 0; };
    auto results = [&](const auto& policy) {
      std::vector<std::int64_t> copied(n);
      copied.erase(std::copy_if(policy, x.begin(), x.end(), copied.begin(), even), copied.end());
      return std::make_tuple(copied, std::count_if(policy, x.begin(), x.end(), even),
                             std::find_if(policy, x.begin(), x.end(), is_middle) - x.begin(),
                             std::find_if(policy, x.begin(), x.end(), negative) - x.begin(),
                             std::any_of(policy, x.begin(), x.end(), is_middle),
                             std::any_of(policy, x.begin(), x.end(), negative));
    };
    check_on_every_pool(results(std::execution::seq), [&] { return results(par); });
  }
}

TEST_CASE("a scan shorter than the scans' cut-off (k_scan_on_caller_below) runs on its calling thread, on a worker of a pool or outside every pool") {
  const std::vector<std::int64_t> x = random_values(k_on_caller_below - 1, 1000, 3);
  // The transform-scan path (integers), then the strict-scan path (doubles).
  auto scans_on_caller = [&] {
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<std::size_t> elsewhere{0};
    auto plus = [&](auto a, auto b) {
      if (std::this_thread::get_id() != caller) {
        elsewhere.fetch_add(1);
      }
      return a + b;
    };
    std::vector<std::int64_t> out(x.size());
    std::inclusive_scan(par, x.begin(), x.end(), out.begin(), plus);
    const std::vector<double> d(x.begin(), x.end());
    std::vector<double> out_d(d.size());
    std::inclusive_scan(par, d.begin(), d.end(), out_d.begin(), plus);
    return elsewhere.load() == 0 && std::equal(out.begin(), out.end(), out_d.begin());
  };
  check_on_every_pool(true, scans_on_caller);
}

TEST_CASE("std::merge(par) takes the first range's element on ties, as std::merge does, whichever range is longer") {
  // A long merge is cut in its longer range: both ways round are tried.
  for (const std::size_t n : k_sizes) {
    for (const bool first_longer : {true, false}) {
      CAPTURE(n);
      CAPTURE(first_longer);
      std::vector<keyed> a = random_keyed(first_longer ? n : n / 3 + 1, 64, n);
      std::vector<keyed> b = random_keyed(first_longer ? n / 3 + 1 : n, 64, n + 1);
      std::stable_sort(a.begin(), a.end(), by_key);
      std::stable_sort(b.begin(), b.end(), by_key);
      for (keyed& value : b) {
        value.index += a.size();  // tells b's elements from a's
      }
      std::vector<keyed> expected(a.size() + b.size());
      std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), by_key);
      check_on_every_pool(expected, [&] {
        std::vector<keyed> out(a.size() + b.size());
        std::merge(par, a.begin(), a.end(), b.begin(), b.end(), out.begin(), by_key);
        return out;
      });
    }
  }
}

TEST_CASE("a parallel algorithm called from an element function runs nested and gives the sequential result") {
  std::vector<std::vector<std::int64_t>> rows;
  for (std::size_t row = 0; row < 8; ++row) {
    rows.push_back(random_values(5000 + row, 100, row));
  }
  std::vector<std::vector<std::int64_t>> expected = rows;
  for (auto& row : expected) {
    std::sort(row.begin(), row.end());
  }
  check_on_every_pool(expected, [&] {
    std::vector<std::vector<std::int64_t>> v = rows;
    std::for_each(par, v.begin(), v.end(),
                  [](std::vector<std::int64_t>& row) { std::sort(par, row.begin(), row.end()); });
    return v;
  });
}

TEST_CASE("elements run on workers of the pool, on several of them when the pool has two or more threads") {
  constexpr std::size_t k_n = 100003;
  std::vector<std::size_t> indices(k_n);
  std::iota(indices.begin(), indices.end(), std::size_t{0});
  for (auto& pool : pools()) {
    const std::size_t threads = pool->num_threads();
    if (threads < 2) {
      continue;
    }
    CAPTURE(threads);
    std::vector<std::atomic<bool>> seen(pool->num_thread_indices());
    const std::uint64_t steals_before = pool->stats().steals;
    // Element 0 blocks its worker until another worker ran an element: only a
    // steal of the rest of the range can get it there.
    auto workers_seen = [&] {
      return std::count_if(seen.begin(), seen.end(), [](const std::atomic<bool>& s) { return s.load(); });
    };
    const bool saw_another = pool->install([&] {
      std::atomic<bool> another{false};
      std::for_each(par, indices.begin(), indices.end(), [&](std::size_t i) {
        seen[*ws::current_thread_index()].store(true);
        if (i == 0) {
          another.store(ws_test::eventually([&] { return workers_seen() >= 2; }, std::chrono::seconds(10)));
        }
      });
      return another.load();
    });
    CHECK(saw_another);
    CHECK(pool->stats().steals > steals_before);
  }
  // From outside every pool, the elements run on the global pool's workers.
  std::atomic<std::size_t> off_pool{0};
  std::for_each(par, indices.begin(), indices.end(), [&](std::size_t) {
    if (!ws::current_thread_index()) {
      off_pool.fetch_add(1);
    }
  });
  CHECK(off_pool.load() == 0);
}

TEST_CASE("__cancel_execution() skips the leaves of the innermost loop that have not started, and only those") {
  // The patterns call it (parallel_or, adjacent_find) but also stop on their
  // own flags, so the entry point is driven directly. With one thread the
  // loop has at least two leaves and runs them in order.
  constexpr std::size_t k_n = 100003;
  ws::thread_pool& pool = *pools().front();
  REQUIRE(pool.num_threads() == 1);
  const auto leaves = pool.install([&] {
    std::size_t outer = 0;
    std::size_t inner = 0;
    __pstl::__par_backend::__parallel_for(par, std::size_t{0}, k_n, [&](std::size_t, std::size_t) {
      ++outer;
      if (outer == 1) {  // a nested loop that cancels itself, not the outer one
        __pstl::__par_backend::__parallel_for(par, std::size_t{0}, k_n, [&](std::size_t, std::size_t) {
          ++inner;
          __pstl::__par_backend::__cancel_execution();
        });
      }
    });
    std::size_t cancelled = 0;
    __pstl::__par_backend::__parallel_for(par, std::size_t{0}, k_n, [&](std::size_t, std::size_t) {
      ++cancelled;
      __pstl::__par_backend::__cancel_execution();
    });
    return std::make_tuple(outer, inner, cancelled);
  });
  CHECK(std::get<0>(leaves) >= 2);
  CHECK(std::get<1>(leaves) == 1);
  CHECK(std::get<2>(leaves) == 1);
  __pstl::__par_backend::__cancel_execution();  // outside every loop: nothing to cancel, no effect
}

TEST_CASE("8 callers at once, from outside every pool, each get std::sort(par) and std::reduce(par) right" *
          doctest::timeout(120)) {
  constexpr std::size_t k_callers = 8;
  constexpr std::size_t k_n = 20011;
  std::atomic<std::size_t> wrong{0};
  const std::uint64_t jobs_before = ws::thread_pool::global().stats().jobs_executed;
  ws_test::run_on_threads(k_callers, [&](std::size_t caller) {
    std::vector<std::int64_t> values = random_values(k_n, 1000, caller);
    const std::int64_t sum = std::accumulate(values.begin(), values.end(), std::int64_t{0});
    std::vector<std::int64_t> expected = values;
    std::sort(expected.begin(), expected.end());
    for (int round = 0; round < 2; ++round) {
      std::vector<std::int64_t> sorted = values;
      std::sort(par, sorted.begin(), sorted.end());
      if (sorted != expected || std::reduce(par, values.begin(), values.end(), std::int64_t{0}) != sum) {
        wrong.fetch_add(1);
      }
    }
  });
  CHECK(wrong.load() == 0);
  // Callers that found the seat taken handed their calls to the global pool's workers.
  if (ws::thread_pool::global().num_threads() >= 2) {
    CHECK(ws::thread_pool::global().stats().jobs_executed > jobs_before);
  }
}

TEST_CASE("ws::reduce(std::execution::par) takes the opted-in policy as ws::par, as without the opt-in") {
  const std::vector<std::int64_t> values = random_values(100003, 1000, 3);
  const std::int64_t expected = std::accumulate(values.begin(), values.end(), std::int64_t{0});
  check_on_every_pool(expected, [&] { return ws::reduce(par, values.begin(), values.end(), std::int64_t{0}); });
}

TEST_CASE("std::bad_alloc from the comparator of std::sort(par) reaches the caller, and the pool stays usable" *
          doctest::timeout(120)) {
  // libstdc++'s patterns let bad_alloc through, and only from outside their
  // noexcept bricks (an element function of for_each is inside one: even
  // bad_alloc terminates there). A sort's comparator is outside them, so its
  // bad_alloc crosses ws::join from whichever worker threw it.
  const std::vector<std::int64_t> values = random_values(100003, 1000, 5);
  const std::int64_t expected = std::accumulate(values.begin(), values.end(), std::int64_t{0});
  for (auto& pool : pools()) {
    CAPTURE(pool->num_threads());
    for (const std::size_t throw_at : {std::size_t{1000}, std::size_t{1500000}}) {  // in a leaf sort; in a merge
      CAPTURE(throw_at);
      std::vector<std::int64_t> sorted = values;
      std::atomic<std::size_t> comparisons{0};
      CHECK_THROWS_AS(pool->install([&] {
        std::sort(par, sorted.begin(), sorted.end(), [&](std::int64_t a, std::int64_t b) {
          if (comparisons.fetch_add(1, std::memory_order_relaxed) == throw_at) {  // relaxed: a count, read here only
            throw std::bad_alloc();
          }
          return a < b;
        });
      }),
                      std::bad_alloc);
    }
    CHECK(pool->install([&] { return std::reduce(par, values.begin(), values.end(), std::int64_t{0}); }) == expected);
  }
}
