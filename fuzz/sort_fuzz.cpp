// SPDX-License-Identifier: MIT
// The libFuzzer target for ws::sort, ws::stable_sort and ws::nth_element: it
// runs one decoded case (sort_fuzz_case.hpp) on a pool of 1 to 4 threads and
// checks that the call returns, that the comparator's exception reaches the
// caller exactly when it threw one, that the range holds a permutation of its
// input with no element moved-from, and, when the comparator acted as a
// strict weak order, that the result is std::sort's (sorted), std::stable_sort's
// (element for element) or meets nth_element's contract. ASan and UBSan watch
// every access. fuzz/README.md says how to run it.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

#include "sort_fuzz_case.hpp"
#include "sort_fuzz_elements.hpp"
#include "sort_fuzz_order.hpp"

namespace sort_fuzz {
namespace {

/// The pool of `threads` threads with the given wait policy, made on first
/// use and kept for every later input (a pool's start costs far more than a
/// small case).
ws::thread_pool& pool_for(std::size_t threads, bool park) {
  static std::array<std::unique_ptr<ws::thread_pool>, 8> pools;
  std::unique_ptr<ws::thread_pool>& pool = pools[(threads - 1) * 2 + static_cast<std::size_t>(park)];
  if (!pool) {
    pool = std::make_unique<ws::thread_pool>(
        ws::pool_options{.num_threads = threads, .wait = park ? ws::wait_policy::park : ws::wait_policy::steal});
  }
  return *pool;
}

template <class T, class Comp>
void run_algorithm(const fuzz_case& c, std::vector<T>& values, Comp comp) {
  const auto policy = ws::par.on(pool_for(c.m_threads, c.m_park)).grain(c.m_grain);
  switch (c.m_algorithm) {
    case algorithm::sort: ws::sort(policy, values.begin(), values.end(), comp); break;
    case algorithm::stable_sort: ws::stable_sort(policy, values.begin(), values.end(), comp); break;
    case algorithm::nth_element:
      ws::nth_element(policy, values.begin(), values.begin() + static_cast<std::ptrdiff_t>(c.m_nth), values.end(),
                      comp);
      break;
  }
}

/// Runs the case's algorithm with its comparator: for int, < and > that do
/// not throw are std::less<> and std::greater<>, which take the radix sort;
/// for text, < that does not throw is std::less<>, the string order.
template <class T>
void run_case(const fuzz_case& c, std::vector<T>& values, order_state& state) {
  if constexpr (std::is_same_v<T, text>) {
    if (c.m_order == order_kind::less && c.m_throw_at == k_never) {
      run_algorithm(c, values, std::less<>());
      return;
    }
  }
  if constexpr (std::is_same_v<T, int>) {
    if (c.m_order == order_kind::less && c.m_throw_at == k_never) {
      run_algorithm(c, values, std::less<>());
      return;
    }
    if (c.m_order == order_kind::greater && c.m_throw_at == k_never) {
      run_algorithm(c, values, std::greater<>());
      return;
    }
  }
  run_algorithm(c, values, fuzz_order{&state});
}

bool same_multiset(std::vector<std::uint64_t> a, std::vector<std::uint64_t> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

/// The checks for a comparator that acted as the strict weak order `order`:
/// `keys` and `ids` describe the input, `after_keys` and `after_ids` the range
/// after the call.
void check_result(const fuzz_case& c, const std::vector<std::int64_t>& keys, const std::vector<std::uint64_t>& ids,
                  const std::vector<std::int64_t>& after_keys, const std::vector<std::uint64_t>& after_ids,
                  key_order order) {
  const std::size_t n = keys.size();
  std::vector<std::size_t> sorted(n);  // the input's positions in std::stable_sort's order
  std::iota(sorted.begin(), sorted.end(), std::size_t{0});
  std::stable_sort(sorted.begin(), sorted.end(), [&](std::size_t a, std::size_t b) { return order(keys[a], keys[b]); });
  switch (c.m_algorithm) {
    case algorithm::sort:
      require(std::is_sorted(after_keys.begin(), after_keys.end(), order), "sort left the range unsorted");
      break;
    case algorithm::stable_sort:
      for (std::size_t i = 0; i < n; ++i) {
        require(after_ids[i] == ids[sorted[i]], "stable_sort's result differs from std::stable_sort's");
      }
      break;
    case algorithm::nth_element: {
      if (c.m_nth == n) {
        break;  // checked for every comparator
      }
      const std::int64_t at_nth = after_keys[c.m_nth];
      const std::int64_t expected = keys[sorted[c.m_nth]];
      require(!order(at_nth, expected) && !order(expected, at_nth), "nth_element put the wrong element at nth");
      for (std::size_t i = 0; i < n; ++i) {
        require(i >= c.m_nth || !order(at_nth, after_keys[i]), "nth_element left a greater element before nth");
        require(i <= c.m_nth || !order(after_keys[i], at_nth), "nth_element left a smaller element after nth");
      }
      break;
    }
  }
}

template <class T>
void check_case(const fuzz_case& c) {
  std::vector<T> values = make_elements<T>(c.m_keys);
  const std::vector<std::int64_t> keys = keys_of(values);
  const std::vector<std::uint64_t> ids = identities_of(values);
  order_state state(c.m_order, c.m_seed, c.m_k, c.m_throw_at);
  bool threw = false;
  try {
    run_case(c, values, state);
  } catch (const thrown_by_comparator&) {
    threw = true;
  }
  require(threw == state.threw(), threw ? "an exception the comparator did not throw reached the caller"
                                        : "the comparator's exception did not reach the caller");
  const std::vector<std::uint64_t> after_ids = identities_of(values);
  require(same_multiset(after_ids, ids), "the range is not a permutation of the input");
  if (c.m_algorithm == algorithm::nth_element && c.m_nth == c.m_keys.size()) {
    require(after_ids == ids, "nth_element with nth == last changed the range");
  }
  if (!threw && state.acted_as_strict_weak_order()) {
    check_result(c, keys, ids, keys_of(values), after_ids, key_order{c.m_order});
  }
}

}  // namespace
}  // namespace sort_fuzz

/// Runs one input. With PSTL_WS_FUZZ_VERBOSE set, prints each case first
/// (to see what a crash file or a corpus holds).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sort_fuzz;
  static const bool verbose = std::getenv("PSTL_WS_FUZZ_VERBOSE") != nullptr;
  const fuzz_case c = decode(data, size);
  current_case() = c.describe();
  if (verbose) {
    std::fprintf(stderr, "sort_fuzz: %s\n", current_case().c_str());
  }
  switch (c.m_element) {
    case element_kind::integer: check_case<int>(c); break;
    case element_kind::record: check_case<record>(c); break;
    case element_kind::box: check_case<box>(c); break;
    case element_kind::text: check_case<text>(c); break;
  }
  return 0;
}
