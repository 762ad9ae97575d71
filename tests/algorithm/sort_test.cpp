// SPDX-License-Identifier: MIT
// ws::sort against std::sort: sizes around the grain, every pool, input pattern,
// iterator kind, element type and comparator; exceptions from the comparator;
// comparators that are not strict weak orders; a large input.
#include "sort_test_support.hpp"

using namespace sort_test;

TEST_CASE("sort orders like std::sort for every size around the grain, input pattern, pool and iterator kind" * doctest::timeout(300)) {
  check_every_size_pattern_pool_and_iterator<sort_algorithm, int>(default_order());
}

TEST_CASE("sort orders every element type and comparator like std::sort" * doctest::timeout(300)) {
  check_every_type_and_comparator<sort_algorithm>();
}

TEST_CASE("sort moves move-only elements without losing one" * doctest::timeout(120)) {
  check_move_only<sort_algorithm>();
}

TEST_CASE("an exception from the comparator at the first, a middle or a late call reaches the caller of sort and leaves a permutation" * doctest::timeout(300)) {
  check_comparator_exceptions<sort_algorithm>();
}

TEST_CASE("sort returns a permutation for comparators that are not strict weak orders" * doctest::timeout(300)) {
  check_bad_comparators<sort_algorithm>();
}

TEST_CASE("sort of a million random uint32, doubles and (key, index) pairs on the default pool" * doctest::timeout(120)) {
  check_large<sort_algorithm>();
}
