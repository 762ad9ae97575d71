// SPDX-License-Identifier: MIT
// ws::stable_sort against std::stable_sort, element for element: sizes around
// the grain, every pool, input pattern, iterator kind, element type and
// comparator (equivalent elements stay distinguishable, so stability shows);
// exceptions from the comparator; comparators that are not strict weak orders;
// a large input.
#include "sort_test_support.hpp"

using namespace sort_test;

TEST_CASE("stable_sort equals std::stable_sort for every size around the grain, input pattern, pool and iterator kind" * doctest::timeout(300)) {
  // (key, index) elements compared by key only: any reordering of equal keys shows.
  check_every_size_pattern_pool_and_iterator<stable_sort_algorithm, keyed>(default_order());
}

TEST_CASE("stable_sort equals std::stable_sort for every element type and comparator" * doctest::timeout(300)) {
  check_every_type_and_comparator<stable_sort_algorithm>();
}

TEST_CASE("stable_sort moves move-only elements into std::stable_sort's order" * doctest::timeout(120)) {
  check_move_only<stable_sort_algorithm>();
}

TEST_CASE("an exception from the comparator at the first, a middle or a late call reaches the caller of stable_sort and leaves a permutation" * doctest::timeout(300)) {
  check_comparator_exceptions<stable_sort_algorithm>();
}

TEST_CASE("stable_sort returns a permutation for comparators that are not strict weak orders" * doctest::timeout(300)) {
  check_bad_comparators<stable_sort_algorithm>();
}

TEST_CASE("stable_sort of a million random uint32, doubles (with -0.0 and +0.0) and (key, index) pairs on the default pool" * doctest::timeout(120)) {
  check_large<stable_sort_algorithm>();
}

namespace {

/// A move-only value whose moves (construction and assignment, over all
/// threads) are counted and throw at move number s_throw_at (0: never) before
/// changing anything; s_live counts the objects alive, so a buffer slot left
/// constructed shows.
struct throwing_move {
  static inline std::atomic<std::size_t> s_moves{0};
  static inline std::atomic<std::size_t> s_throw_at{0};
  static inline std::atomic<std::ptrdiff_t> s_live{0};

  explicit throwing_move(std::string text) : m_text(std::move(text)) { ++s_live; }
  throwing_move(throwing_move&& other) : m_text((count_move(), std::move(other.m_text))) { ++s_live; }
  throwing_move& operator=(throwing_move&& other) {
    count_move();
    m_text = std::move(other.m_text);
    return *this;
  }
  ~throwing_move() { --s_live; }

  static void count_move() {
    if (s_moves.fetch_add(1) + 1 == s_throw_at) {
      throw std::runtime_error("move");
    }
  }

  std::string m_text;
};

/// Sorts copies of `values` by `less` with `policy`, throwing at every call of
/// the comparator in turn (`by_comparator`) or at every move: each run must
/// throw, leave a permutation of the values in the range and no other object
/// alive.
template <class Policy>
void check_every_throw_point(Policy policy, const std::vector<std::string>& values, bool by_comparator) {
  std::atomic<std::size_t> calls{0};
  std::size_t throw_at = 0;
  const auto less = [&](const throwing_move& a, const throwing_move& b) {
    if (by_comparator && calls.fetch_add(1) + 1 == throw_at) {
      throw std::runtime_error("comparison");
    }
    return a.m_text < b.m_text;
  };
  std::vector<throwing_move> v;
  const auto reset = [&] {
    v.clear();
    for (const std::string& text : values) {
      v.emplace_back(text);
    }
    calls = 0;
    throwing_move::s_moves = 0;
  };
  reset();
  ws::stable_sort(policy, v.begin(), v.end(), less);
  const std::size_t total = by_comparator ? calls.load() : throwing_move::s_moves.load();
  std::vector<std::string> expected = values;
  std::sort(expected.begin(), expected.end());
  for (throw_at = 1; throw_at <= total; ++throw_at) {
    CAPTURE(throw_at);
    reset();
    const std::ptrdiff_t live = throwing_move::s_live;
    throwing_move::s_throw_at = by_comparator ? 0 : throw_at;
    CHECK_THROWS_AS(ws::stable_sort(policy, v.begin(), v.end(), less), std::runtime_error);
    throwing_move::s_throw_at = 0;
    CHECK(throwing_move::s_live == live);
    std::vector<std::string> actual;
    for (const throwing_move& x : v) {
      actual.push_back(x.m_text);
    }
    std::sort(actual.begin(), actual.end());
    CHECK(actual == expected);
  }
}

}  // namespace

TEST_CASE("an exception from the comparator or a move at any point of stable_sort leaves a permutation and an empty buffer" * doctest::timeout(300)) {
  // 130 values: the last merge has more than 64 values, so it runs as two
  // interleaved merges; grain 64 also sorts the halves in parallel and splits
  // the last merge in two.
  const std::vector<std::string> values = input<std::string>(pattern::random, 130);
  for (bool by_comparator : {true, false}) {
    CAPTURE(by_comparator);
    check_every_throw_point(ws::seq, values, by_comparator);
    check_every_throw_point(ws::par.on(*ws_test::pools().back()).grain(64), values, by_comparator);
  }
}
