// SPDX-License-Identifier: MIT
// ws::ranges::set_union, set_intersection, set_difference and
// set_symmetric_difference: one merging_algorithm over
// detail::bounded_set_operation, each name a set_rule, writing what fits in a
// bounded output (P3179). docs/ranges.md#set-operations.
#pragma once

#include <algorithm>  // for std::ranges::in_in_out_result
#include <cstddef>
#include <type_traits>  // for std::is_same_v
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_set_operation.hpp"
#include "pstl_ws/detail/backend/set_walk.hpp"
#include "pstl_ws/ranges/merging_algorithm.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// What ws::ranges::set_difference returns: where it stopped in each range
/// and the end of what it wrote (C++26's
/// std::ranges::set_difference_truncated_result).
template <class I1, class I2, class O>
using set_difference_truncated_result = std::ranges::in_in_out_result<I1, I2, O>;

/// What the four set operations run (merging_algorithm's Call), Rule
/// telling them apart.
template <detail::set_rule Rule>
struct set_operation_call {
  /// Writes the first N = min(M, room) elements of the set operation's
  /// output (M elements: std::set_xxx's, element for element) of the sorted
  /// ranges, compared as comp(proj1(e1), proj2(e2)), to [result, result +
  /// N). Returns {first1 + A, first2 + B, result + N}: when the output is too
  /// short, A and B count the elements passed before the first one that did
  /// not fit (P3179's copied or skipped elements); when it fits, where the
  /// walk ended (detail::set_walk: both ends for union and symmetric
  /// difference, just after the last pair for intersection). Runs
  /// detail::bounded_set_operation (windows on the pool) when the two
  /// projections are one function (detail::same_projection), otherwise
  /// detail::set_walk on the calling thread. The output must not overlap the
  /// inputs. Complexity: at most 2 (2 (n1 + n2) - 1) comparisons, N copies.
  /// Exceptions: the first exception of comp, a projection or a copy, once
  /// the windows running beside it finished; the output holds unspecified
  /// values. Bad input (unsorted ranges): an unspecified output, never an
  /// access outside the ranges.
  template <class Ep, class I1, class I2, class O, class Comp, class Proj1, class Proj2>
  static std::ranges::in_in_out_result<I1, I2, O> run(Ep& policy, I1 first1, std::size_t n1, I2 first2,
                                                      std::size_t n2, O result, std::size_t room, Comp& comp,
                                                      Proj1& proj1, Proj2& proj2) {
    const detail::set_walk_end end = [&] {
      if constexpr (std::is_same_v<Proj1, Proj2>) {
        if (detail::same_projection(proj1, proj2)) {
          auto projected_comp = detail::projected(std::move(comp), std::move(proj1));
          return detail::bounded_set_operation<Rule>(detail::as_ws_policy(policy), first1, n1, first2, n2, result,
                                                     room, projected_comp);
        }
      }
      return detail::set_walk<Rule>(first1, n1, first2, n2, result, room, comp, proj1, proj2);
    }();
    return {detail::nth(first1, end.m_read1), detail::nth(first2, end.m_read2), detail::nth(result, end.m_written)};
  }
};

/// set_union(policy, r1, r2, out, comp, proj1, proj2): every element of the
/// first range, then for each value the second's equivalent elements beyond
/// the first's count (std::set_union's output), as much as fits in out.
inline constexpr merging_algorithm<set_operation_call<detail::k_union_rule>> set_union{};

/// set_intersection(policy, r1, r2, out, comp, proj1, proj2): the elements
/// of the first range paired with an equivalent one of the second
/// (std::set_intersection's output), as much as fits in out.
inline constexpr merging_algorithm<set_operation_call<detail::k_intersection_rule>> set_intersection{};

/// set_difference(policy, r1, r2, out, comp, proj1, proj2): the elements of
/// the first range not paired with an equivalent one of the second
/// (std::set_difference's output), as much as fits in out; returns a
/// set_difference_truncated_result.
inline constexpr merging_algorithm<set_operation_call<detail::k_difference_rule>> set_difference{};

/// set_symmetric_difference(policy, r1, r2, out, comp, proj1, proj2): the
/// elements of either range not paired with an equivalent one of the other
/// (std::set_symmetric_difference's output), as much as fits in out.
inline constexpr merging_algorithm<set_operation_call<detail::k_symmetric_difference_rule>>
    set_symmetric_difference{};

}  // namespace ws::ranges
