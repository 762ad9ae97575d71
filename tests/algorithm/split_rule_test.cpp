// SPDX-License-Identifier: MIT
// One rule for every family: under ws::par.grain(g), each algorithm family
// runs on the pool from 2g elements and on the calling thread below, as
// split_plan (detail/backend/split_plan.hpp) decides for all of them. Each
// call records, for every call of its user function, whether it came from a
// thread of the pool, and its result is compared with the std:: algorithm's.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

constexpr std::size_t k_grain = 64;

/// Counts the calls of a user function made on a thread of `pool` (a worker,
/// or the caller in its seat) and elsewhere.
class thread_probe {
 public:
  explicit thread_probe(const ws::thread_pool& pool) : m_pool(&pool) {}

  void note() const {
    (m_pool->current_thread_index() ? m_on_pool : m_elsewhere).fetch_add(1, std::memory_order_relaxed);
  }
  [[nodiscard]] bool only_on_pool() const { return m_on_pool.load() > 0 && m_elsewhere.load() == 0; }
  [[nodiscard]] bool only_elsewhere() const { return m_elsewhere.load() > 0 && m_on_pool.load() == 0; }

 private:
  const ws::thread_pool* m_pool;
  mutable std::atomic<long> m_on_pool{0};    // relaxed: read after the call returned
  mutable std::atomic<long> m_elsewhere{0};  // relaxed: the same
};

/// n values in a scrambled order: i * 37 mod 1009, so few repeat.
std::vector<int> scrambled(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = static_cast<int>(i * 37 % 1009);
  }
  return v;
}

/// Calls run(policy, n, probe), with policy ws::par.grain(k_grain) on each
/// test pool, for n = 2 × grain - 1 (every call of the user function must
/// come from the calling thread) and n = 2 × grain (every call from the pool).
template <class Run>
void check_the_rule(Run run) {
  for (auto& pool : ws_test::pools()) {
    CAPTURE(pool->num_threads());
    const auto policy = ws::par.grain(k_grain).on(*pool);
    {
      const thread_probe below(*pool);
      run(policy, 2 * k_grain - 1, below);
      CHECK(below.only_elsewhere());
    }
    {
      const thread_probe from(*pool);
      run(policy, 2 * k_grain, from);
      CHECK(from.only_on_pool());
    }
  }
}

}  // namespace

TEST_CASE("every family runs on the pool from twice the policy's grain and on the calling thread below it") {
  SUBCASE("for_each") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      std::vector<int> v = scrambled(n);
      ws::for_each(policy, v.begin(), v.end(), [&](int& x) {
        probe.note();
        ++x;
      });
      std::vector<int> expected = scrambled(n);
      std::for_each(expected.begin(), expected.end(), [](int& x) { ++x; });
      CHECK(v == expected);
    });
  }
  SUBCASE("transform, a walk") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      const std::vector<int> v = scrambled(n);
      std::vector<int> out(n);
      ws::transform(policy, v.begin(), v.end(), out.begin(), [&](int x) {
        probe.note();
        return 2 * x;
      });
      std::vector<int> expected(n);
      std::transform(v.begin(), v.end(), expected.begin(), [](int x) { return 2 * x; });
      CHECK(out == expected);
    });
  }
  SUBCASE("find_if, a search") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      const std::vector<int> v = scrambled(n);
      const auto found = ws::find_if(policy, v.begin(), v.end(), [&](int x) {
        probe.note();
        return x < 0;
      });
      CHECK(found == v.end());
    });
  }
  SUBCASE("reduce") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      const std::vector<int> v = scrambled(n);
      const long sum = ws::reduce(policy, v.begin(), v.end(), 0L, [&](long a, long b) {
        probe.note();
        return a + b;
      });
      CHECK(sum == std::accumulate(v.begin(), v.end(), 0L));
    });
  }
  SUBCASE("inclusive_scan") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      const std::vector<int> v = scrambled(n);
      std::vector<int> out(n);
      ws::inclusive_scan(policy, v.begin(), v.end(), out.begin(), [&](int a, int b) {
        probe.note();
        return a + b;
      });
      std::vector<int> expected(n);
      std::inclusive_scan(v.begin(), v.end(), expected.begin());
      CHECK(out == expected);
    });
  }
  SUBCASE("copy_if, a compaction") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      const std::vector<int> v = scrambled(n);
      std::vector<int> out(n);
      const auto out_end = ws::copy_if(policy, v.begin(), v.end(), out.begin(), [&](int x) {
        probe.note();
        return x % 3 == 0;
      });
      std::vector<int> expected;
      std::copy_if(v.begin(), v.end(), std::back_inserter(expected), [](int x) { return x % 3 == 0; });
      CHECK(std::vector<int>(out.begin(), out_end) == expected);
    });
  }
  SUBCASE("partition") {
    check_the_rule([](auto policy, std::size_t n, const thread_probe& probe) {
      std::vector<int> v = scrambled(n);
      auto odd = [](int x) { return x % 2 != 0; };
      const auto middle = ws::partition(policy, v.begin(), v.end(), [&](int x) {
        probe.note();
        return odd(x);
      });
      CHECK(std::is_partitioned(v.begin(), v.end(), odd));
      CHECK(middle == std::partition_point(v.begin(), v.end(), odd));
    });
  }
  SUBCASE("sort, stable_sort and nth_element") {
    for (int algorithm = 0; algorithm < 3; ++algorithm) {
      CAPTURE(algorithm);
      check_the_rule([algorithm](auto policy, std::size_t n, const thread_probe& probe) {
        std::vector<int> v = scrambled(n);
        auto less = [&](int a, int b) {
          probe.note();
          return a < b;
        };
        std::vector<int> expected = scrambled(n);
        std::sort(expected.begin(), expected.end());
        const auto nth = v.begin() + static_cast<long>(n / 3);
        if (algorithm == 0) {
          ws::sort(policy, v.begin(), v.end(), less);
          CHECK(v == expected);
        } else if (algorithm == 1) {
          ws::stable_sort(policy, v.begin(), v.end(), less);
          CHECK(v == expected);
        } else {
          ws::nth_element(policy, v.begin(), nth, v.end(), less);
          CHECK(*nth == expected[n / 3]);
        }
      });
    }
  }
  SUBCASE("merge and set_union") {
    for (bool set_operation : {false, true}) {
      CAPTURE(set_operation);
      check_the_rule([set_operation](auto policy, std::size_t n, const thread_probe& probe) {
        std::vector<int> v = scrambled(n);
        const auto middle = v.begin() + static_cast<long>(n / 2);
        std::sort(v.begin(), middle);
        std::sort(middle, v.end());
        auto less = [&](int a, int b) {
          probe.note();
          return a < b;
        };
        std::vector<int> out(n);
        std::vector<int> expected(n);
        if (set_operation) {
          out.resize(static_cast<std::size_t>(
              ws::set_union(policy, v.begin(), middle, middle, v.end(), out.begin(), less) - out.begin()));
          expected.resize(static_cast<std::size_t>(
              std::set_union(v.begin(), middle, middle, v.end(), expected.begin()) - expected.begin()));
        } else {
          ws::merge(policy, v.begin(), middle, middle, v.end(), out.begin(), less);
          std::merge(v.begin(), middle, middle, v.end(), expected.begin());
        }
        CHECK(out == expected);
      });
    }
  }
}
