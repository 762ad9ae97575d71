// SPDX-License-Identifier: MIT
// ws::partition (in place over par_partition) and ws::stable_partition
// (par_compact through a buffer). docs/algorithms.md#compaction-and-partition.
#pragma once

#include <algorithm>  // for std::partition, std::stable_partition
#include <cstddef>

#include "pstl_ws/algorithm/compaction.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_compact.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/par_partition.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

}  // namespace detail

/// Reorders [first, last) so that the elements e with pred(e) true come
/// first; returns the end of them. The relative order is not kept (see
/// stable_partition). Under a parallel policy on random-access iterators with
/// at least k_partition_parallel_threshold elements (tuning.hpp; 2 x grain
/// when the policy sets one), par_partition on the pool: chunks of
/// k_partition_chunk elements partition themselves in parallel,
/// then the misplaced elements are swapped pairwise in parallel, pred being
/// called from several threads (each chunk with its own copy).
/// Complexity: last - first applications of pred, O(n) swaps; span
/// O(n / threads + log n); extra memory O(n / k_partition_chunk) counters.
/// Exceptions: the first exception of pred is rethrown once every started
/// chunk finished; the range then holds a permutation of its elements. Bad
/// input: a pred that answers inconsistently still yields a permutation.
/// Sequential policies, other iterators and short inputs run std::partition
/// on the caller.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
It partition(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if constexpr (detail::runs_in_parallel_v<Kind, It>) {
    const std::size_t n = detail::distance_of(first, last);
    return detail::split_plan(policy, n, detail::k_partition_rule)
        .run([&] { return detail::par_partition(first, n, pred); }, [&] { return std::partition(first, last, pred); });
  } else {
    return std::partition(first, last, pred);
  }
}

/// Reorders [first, last) so that the elements e with pred(e) true come first,
/// each group in its original order; returns the end of the first group. Under
/// a parallel policy on random-access iterators with at least
/// k_scan_parallel_threshold elements (2 x grain; it is a compaction), through
/// a buffer of last - first raw slots: the scan of copy_if move-constructs the
/// elements with pred true into its front and the others into its back, two
/// parallel walks move them back, another destroys them. Complexity: last -
/// first applications of pred, 2 (last - first) moves; span O(tile + n /
/// threads); extra memory n elements and n bytes. Exceptions: from pred, the
/// range is unchanged; from a move, its values are valid but unspecified;
/// either way the first exception is rethrown once every started piece
/// finished, every object built in the buffer destroyed and the buffer freed.
/// Sequential policies, other iterators, short inputs and a buffer that cannot
/// be allocated run std::stable_partition on the caller (which then works in
/// place, in O(n log n) swaps, if it cannot allocate either).
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
It stable_partition(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if (const auto end = detail::compact_in_place<true>(policy, first, last, detail::element_test<Pred>{pred})) {
    return *end;
  }
  return std::stable_partition(first, last, pred);
}

}  // namespace ws
