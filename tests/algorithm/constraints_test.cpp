// SPDX-License-Identifier: MIT
// The public algorithms state what they require of their function objects: a
// call whose predicate, comparator or operation has the wrong signature is
// rejected at the call (the overload is not viable), while every signature
// the standard allows is accepted. Checked with requires-expressions at
// compile time, then a few of the accepted unusual signatures run.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>

#include <algorithm>
#include <functional>
#include <iterator>
#include <list>
#include <numeric>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"

namespace {

// Whether ws::NAME(ws::par, args...) is a valid call: a requires-expression
// over the arguments' types, one concept per algorithm checked.
#define PSTL_WS_TEST_ACCEPTS(name)                                                              \
  template <class... Args>                                                                      \
  concept name##_accepts = requires(ws::parallel_policy policy, Args... args) { ws::name(policy, args...); };
PSTL_WS_TEST_ACCEPTS(for_each)
PSTL_WS_TEST_ACCEPTS(for_each_n)
PSTL_WS_TEST_ACCEPTS(transform)
PSTL_WS_TEST_ACCEPTS(generate)
PSTL_WS_TEST_ACCEPTS(find_if)
PSTL_WS_TEST_ACCEPTS(find)
PSTL_WS_TEST_ACCEPTS(count_if)
PSTL_WS_TEST_ACCEPTS(all_of)
PSTL_WS_TEST_ACCEPTS(copy_if)
PSTL_WS_TEST_ACCEPTS(partition)
PSTL_WS_TEST_ACCEPTS(replace_if)
PSTL_WS_TEST_ACCEPTS(adjacent_find)
PSTL_WS_TEST_ACCEPTS(unique)
PSTL_WS_TEST_ACCEPTS(equal)
PSTL_WS_TEST_ACCEPTS(mismatch)
PSTL_WS_TEST_ACCEPTS(search)
PSTL_WS_TEST_ACCEPTS(search_n)
PSTL_WS_TEST_ACCEPTS(sort)
PSTL_WS_TEST_ACCEPTS(stable_sort)
PSTL_WS_TEST_ACCEPTS(partial_sort_copy)
PSTL_WS_TEST_ACCEPTS(nth_element)
PSTL_WS_TEST_ACCEPTS(min_element)
PSTL_WS_TEST_ACCEPTS(is_sorted)
PSTL_WS_TEST_ACCEPTS(merge)
PSTL_WS_TEST_ACCEPTS(set_intersection)
PSTL_WS_TEST_ACCEPTS(lexicographical_compare)
PSTL_WS_TEST_ACCEPTS(reduce)
PSTL_WS_TEST_ACCEPTS(transform_reduce)
PSTL_WS_TEST_ACCEPTS(inclusive_scan)
PSTL_WS_TEST_ACCEPTS(transform_exclusive_scan)
PSTL_WS_TEST_ACCEPTS(adjacent_difference)
#undef PSTL_WS_TEST_ACCEPTS

using ints = int*;
using strings = std::string*;
using int_list = std::list<int>::iterator;

// Function objects of the right and of wrong signatures, declared only: the
// checks below never call them.
struct int_test {
  bool operator()(int) const;
};
struct int_pair_test {
  bool operator()(int, int) const;
};
struct string_test {
  bool operator()(const std::string&) const;
};
struct string_pair_test {
  bool operator()(const std::string&, const std::string&) const;
};
struct void_test {
  void operator()(int) const;
};
struct mutable_int_test {  // non-const operator(), non-const references: allowed
  bool operator()(int&);
};
struct move_only_test {  // the standard asks every function object to copy
  move_only_test(move_only_test&&) = default;
  bool operator()(int) const;
};
struct int_op {
  int operator()(int, int) const;
};
struct string_op {
  std::string operator()(const std::string&, const std::string&) const;
};
struct no_arguments {
  int operator()() const;
};
struct no_less {};

// Unary predicates: pred(*it) must test as a bool.
static_assert(find_if_accepts<ints, ints, int_test> && find_if_accepts<ints, ints, mutable_int_test>);
static_assert(!find_if_accepts<ints, ints, string_test> && !find_if_accepts<ints, ints, void_test>);
static_assert(!find_if_accepts<ints, ints, move_only_test> && !find_if_accepts<ints, ints, int_pair_test>);
static_assert(count_if_accepts<int_list, int_list, int_test> && !count_if_accepts<int_list, int_list, string_test>);
static_assert(all_of_accepts<ints, ints, int_test> && !all_of_accepts<ints, ints, string_test>);
static_assert(copy_if_accepts<ints, ints, ints, int_test> && !copy_if_accepts<ints, ints, ints, string_test>);
static_assert(partition_accepts<ints, ints, int_test> && !partition_accepts<ints, ints, string_test>);
static_assert(replace_if_accepts<ints, ints, int_test, int> && !replace_if_accepts<ints, ints, string_test, int>);

// Values: *it == value must test as a bool.
static_assert(find_accepts<ints, ints, long> && find_accepts<strings, strings, const char*>);
static_assert(!find_accepts<ints, ints, std::string> && !find_accepts<ints, ints, no_less>);
static_assert(search_n_accepts<ints, ints, int, int> && !search_n_accepts<ints, ints, int, std::string>);
static_assert(search_n_accepts<ints, ints, int, int, int_pair_test>);
static_assert(!search_n_accepts<ints, ints, int, int, string_pair_test>);

// Binary predicates, over one range or two.
static_assert(adjacent_find_accepts<ints, ints, int_pair_test> && !adjacent_find_accepts<ints, ints, int_test>);
static_assert(unique_accepts<ints, ints> && unique_accepts<ints, ints, int_pair_test>);
static_assert(!unique_accepts<ints, ints, string_pair_test> && !unique_accepts<no_less*, no_less*>);
static_assert(equal_accepts<ints, ints, ints, int_pair_test> && !equal_accepts<ints, ints, strings, int_pair_test>);
static_assert(equal_accepts<ints, ints, ints, ints> && !equal_accepts<ints, ints, strings, strings>);
static_assert(mismatch_accepts<ints, ints, ints, ints, int_pair_test>);
static_assert(!mismatch_accepts<ints, ints, ints, ints, string_pair_test>);
static_assert(search_accepts<ints, ints, ints, ints> && !search_accepts<ints, ints, strings, strings>);
static_assert(search_accepts<ints, ints, ints, ints, int_pair_test>);
static_assert(!search_accepts<ints, ints, ints, ints, string_pair_test>);

// Sorting: the standard's std::sortable, with < when no comparator is given.
static_assert(sort_accepts<ints, ints> && sort_accepts<ints, ints, int_pair_test>);
static_assert(sort_accepts<strings, strings, std::greater<>> && sort_accepts<ints, ints, std::ranges::less>);
static_assert(!sort_accepts<ints, ints, string_pair_test> && !sort_accepts<ints, ints, int_test>);
static_assert(!sort_accepts<no_less*, no_less*> && !sort_accepts<ints, ints, move_only_test>);
static_assert(stable_sort_accepts<ints, ints, int_pair_test> && !stable_sort_accepts<ints, ints, string_pair_test>);
static_assert(nth_element_accepts<ints, ints, ints> && !nth_element_accepts<no_less*, no_less*, no_less*>);
static_assert(partial_sort_copy_accepts<int_list, int_list, ints, ints, int_pair_test>);
static_assert(!partial_sort_copy_accepts<strings, strings, ints, ints, int_pair_test>);

// Orderings read without moving elements, over one range or two.
static_assert(min_element_accepts<ints, ints> && min_element_accepts<ints, ints, int_pair_test>);
static_assert(!min_element_accepts<ints, ints, string_pair_test> && !min_element_accepts<no_less*, no_less*>);
static_assert(is_sorted_accepts<int_list, int_list> && !is_sorted_accepts<int_list, int_list, int_test>);
static_assert(merge_accepts<ints, ints, ints, ints, ints> && !merge_accepts<ints, ints, strings, strings, ints>);
static_assert(!merge_accepts<ints, ints, ints, ints, ints, string_pair_test>);
static_assert(set_intersection_accepts<ints, ints, ints, ints, ints, int_pair_test>);
static_assert(!set_intersection_accepts<ints, ints, ints, ints, ints, int_test>);
static_assert(lexicographical_compare_accepts<ints, ints, ints, ints>);
static_assert(!lexicographical_compare_accepts<ints, ints, ints, ints, string_pair_test>);

// Functions and generators.
static_assert(for_each_accepts<ints, ints, int_test> && for_each_accepts<ints, ints, void_test>);
static_assert(!for_each_accepts<ints, ints, string_test> && !for_each_accepts<ints, ints, move_only_test>);
static_assert(for_each_n_accepts<ints, int, void_test> && !for_each_n_accepts<ints, int, string_test>);
static_assert(transform_accepts<ints, ints, ints, int_test> && !transform_accepts<ints, ints, ints, string_test>);
static_assert(transform_accepts<ints, ints, ints, ints, int_op> && !transform_accepts<ints, ints, ints, ints, int_test>);
static_assert(generate_accepts<ints, ints, no_arguments> && !generate_accepts<ints, ints, int_test>);
static_assert(adjacent_difference_accepts<ints, ints, ints> && adjacent_difference_accepts<ints, ints, ints, int_op>);
static_assert(!adjacent_difference_accepts<ints, ints, ints, string_op>);
static_assert(!adjacent_difference_accepts<strings, strings, strings>);

// Reductions and scans: the operation joins sums and elements.
static_assert(reduce_accepts<ints, ints> && reduce_accepts<ints, ints, long> && reduce_accepts<ints, ints, int, int_op>);
static_assert(!reduce_accepts<ints, ints, int, string_op> && !reduce_accepts<ints, ints, std::string>);
static_assert(!reduce_accepts<no_less*, no_less*> && !reduce_accepts<ints, ints, int, int_test>);
static_assert(transform_reduce_accepts<ints, ints, ints, long> && !transform_reduce_accepts<ints, ints, strings, long>);
static_assert(transform_reduce_accepts<ints, ints, int, int_op, std::negate<>>);
static_assert(!transform_reduce_accepts<ints, ints, int, int_op, string_test>);
static_assert(!transform_reduce_accepts<ints, ints, int, string_op, std::negate<>>);
static_assert(inclusive_scan_accepts<ints, ints, ints> && inclusive_scan_accepts<ints, ints, ints, int_op, long>);
static_assert(!inclusive_scan_accepts<ints, ints, ints, string_op> && !inclusive_scan_accepts<no_less*, no_less*, ints>);
static_assert(transform_exclusive_scan_accepts<ints, ints, ints, long, int_op, std::negate<>>);
static_assert(!transform_exclusive_scan_accepts<ints, ints, ints, long, int_op, string_test>);

// A record and its key, with a comparator of every pair of them: they have
// no common reference (std::indirect_strict_weak_order would reject them),
// and std::set_intersection accepts them.
struct record {
  int key;
  std::string name;
  bool operator==(const record&) const = default;
};
struct record_key_less {
  bool operator()(const record& r, int key) const { return r.key < key; }
  bool operator()(int key, const record& r) const { return key < r.key; }
  bool operator()(const record& a, const record& b) const { return a.key < b.key; }
  bool operator()(int a, int b) const { return a < b; }
};
// Only across the ranges: not enough to say that either range is sorted.
struct cross_only_less {
  bool operator()(const record&, int) const;
  bool operator()(int, const record&) const;
};
static_assert(set_intersection_accepts<record*, record*, ints, ints, record*, record_key_less>);
static_assert(!set_intersection_accepts<record*, record*, ints, ints, record*, cross_only_less>);

}  // namespace

TEST_CASE("a comparator of records against keys intersects as std::set_intersection does") {
  std::vector<record> records;
  for (int key = 0; key < 40000; ++key) {
    records.push_back({key, std::to_string(key)});
  }
  std::vector<int> keys;
  for (int key = -5; key < 50000; key += 3) {
    keys.push_back(key);
  }
  std::vector<record> expected;
  std::set_intersection(records.begin(), records.end(), keys.begin(), keys.end(), std::back_inserter(expected),
                        record_key_less());
  ws_test::for_each_pool([&](auto policy) {
    std::vector<record> found(records.size());
    const auto end = ws::set_intersection(policy, records.begin(), records.end(), keys.begin(), keys.end(),
                                          found.begin(), record_key_less());
    found.erase(end, found.end());
    CHECK(found == expected);
  });
}

TEST_CASE("a predicate taking non-const references finds what std::find_if finds") {
  std::vector<int> values(100000);
  std::iota(values.begin(), values.end(), 0);
  ws_test::for_each_pool([&](auto policy) {
    auto is_target = [](int& x) { return x == 77777; };
    CHECK(ws::find_if(policy, values.begin(), values.end(), is_target) ==
          std::find_if(values.begin(), values.end(), is_target));
  });
}
