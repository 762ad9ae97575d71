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
