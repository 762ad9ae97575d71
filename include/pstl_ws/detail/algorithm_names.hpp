// SPDX-License-Identifier: MIT
// The one list of algorithm names pstl_ws implements with execution policies.
// <pstl_ws/std.hpp> makes each reachable as std::NAME; adding an algorithm
// means writing ws::NAME and adding its name to its pattern's list here.
#pragma once

/// X(name) for every algorithm of <pstl_ws/algorithm.hpp>,
/// <pstl_ws/numeric.hpp> and <pstl_ws/memory.hpp>, by pattern
/// (docs/algorithms.md).
#define PSTL_WS_ALGORITHM_NAMES(X) \
  PSTL_WS_WALK_NAMES(X)            \
  PSTL_WS_FIND_AND_REDUCE_NAMES(X) \
  PSTL_WS_SCAN_NAMES(X)            \
  PSTL_WS_COMPACTION_NAMES(X)      \
  PSTL_WS_SORT_NAMES(X)            \
  PSTL_WS_SELECTION_NAMES(X)       \
  PSTL_WS_MERGE_NAMES(X)

/// Element-wise algorithms over par_for and par_walk, and the memory walks
/// over uninitialized_walk.
#define PSTL_WS_WALK_NAMES(X)          \
  X(for_each)                          \
  X(for_each_n)                        \
  X(transform)                         \
  X(copy)                              \
  X(copy_n)                            \
  X(move)                              \
  X(swap_ranges)                       \
  X(fill)                              \
  X(fill_n)                            \
  X(generate)                          \
  X(generate_n)                        \
  X(replace)                           \
  X(replace_if)                        \
  X(replace_copy)                      \
  X(replace_copy_if)                   \
  X(reverse)                           \
  X(reverse_copy)                      \
  X(rotate)                            \
  X(rotate_copy)                       \
  X(shift_left)                        \
  X(shift_right)                       \
  X(adjacent_difference)               \
  X(uninitialized_copy)                \
  X(uninitialized_copy_n)              \
  X(uninitialized_move)                \
  X(uninitialized_move_n)              \
  X(uninitialized_fill)                \
  X(uninitialized_fill_n)              \
  X(uninitialized_default_construct)   \
  X(uninitialized_default_construct_n) \
  X(uninitialized_value_construct)     \
  X(uninitialized_value_construct_n)   \
  X(destroy)                           \
  X(destroy_n)

/// Reductions over par_reduce and searches over par_find.
#define PSTL_WS_FIND_AND_REDUCE_NAMES(X) \
  X(reduce)                              \
  X(transform_reduce)                    \
  X(count)                               \
  X(count_if)                            \
  X(min_element)                         \
  X(max_element)                         \
  X(minmax_element)                      \
  X(is_partitioned)                      \
  X(find)                                \
  X(find_if)                             \
  X(find_if_not)                         \
  X(adjacent_find)                       \
  X(find_first_of)                       \
  X(search)                              \
  X(search_n)                            \
  X(find_end)                            \
  X(all_of)                              \
  X(any_of)                              \
  X(none_of)                             \
  X(mismatch)                            \
  X(equal)                               \
  X(lexicographical_compare)             \
  X(is_sorted)                           \
  X(is_sorted_until)                     \
  X(is_heap)                             \
  X(is_heap_until)                       \
  X(includes)

/// The scans over par_scan.
#define PSTL_WS_SCAN_NAMES(X) \
  X(inclusive_scan)           \
  X(exclusive_scan)           \
  X(transform_inclusive_scan) \
  X(transform_exclusive_scan)

/// Compaction over par_scan, and the partitions.
#define PSTL_WS_COMPACTION_NAMES(X) \
  X(copy_if)                        \
  X(remove_copy)                    \
  X(remove_copy_if)                 \
  X(remove)                         \
  X(remove_if)                      \
  X(unique)                         \
  X(unique_copy)                    \
  X(partition_copy)                 \
  X(partition)                      \
  X(stable_partition)

/// The sorts.
#define PSTL_WS_SORT_NAMES(X) \
  X(sort)                     \
  X(stable_sort)

/// Selection: nth_element and the partial sorts.
#define PSTL_WS_SELECTION_NAMES(X) \
  X(nth_element)                   \
  X(partial_sort)                  \
  X(partial_sort_copy)

/// Merges and the set operations.
#define PSTL_WS_MERGE_NAMES(X) \
  X(merge)                     \
  X(inplace_merge)             \
  X(set_union)                 \
  X(set_intersection)          \
  X(set_difference)            \
  X(set_symmetric_difference)
