// SPDX-License-Identifier: MIT
// ws::ranges::merge: ws::merge of two sorted ranges, each with its
// projection, into a bounded output (P3179: the first N merged elements).
// docs/ranges.md.
#pragma once

#include <algorithm>  // for std::min, std::ranges::merge, std::ranges::merge_result
#include <cstddef>
#include <functional>  // for std::invoke
#include <type_traits>  // for std::is_same_v
#include <utility>  // for std::move

#include "pstl_ws/algorithm/merge.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/ranges/merging_algorithm.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::detail {

/// How many of the first n merged elements of the sorted ranges [first1,
/// first1 + n1) and [first2, first2 + n2) (n <= n1 + n2) come from the first:
/// P3179's K, the smallest k below min(n1, n) such that at least n - k
/// elements e2 of the second range come before e1 = first1[k]
/// (comp(proj2(e2), proj1(e1))), else min(n1, n). Since the second range is
/// sorted, that is its element n - k - 1 coming before e1, which holds from
/// some k on: a binary search, O(log min(n1, n)) comparisons.
template <class I1, class I2, class Comp, class Proj1, class Proj2>
std::size_t merge_cut(I1 first1, std::size_t n1, I2 first2, std::size_t n2, std::size_t n, Comp& comp, Proj1& proj1,
                      Proj2& proj2) {
  auto enough_before = [&](std::size_t k) {
    return n - k <= n2 &&
           static_cast<bool>(std::invoke(comp, std::invoke(proj2, *nth(first2, n - k - 1)),
                                         std::invoke(proj1, *nth(first1, k))));
  };
  std::size_t low = 0;
  std::size_t high = std::min(n1, n);
  while (low < high) {
    const std::size_t middle = low + (high - low) / 2;
    if (enough_before(middle)) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

}  // namespace ws::detail

namespace ws::ranges {

/// What ws::ranges::merge runs (merging_algorithm's Call).
struct merge_call {
  /// Writes the first N = min(n1 + n2, room) elements of the stable merge of
  /// the sorted ranges (an element of the second goes before one of the
  /// first iff comp(proj2(e2), proj1(e1))) to [result, result + N); returns
  /// {first1 + K, first2 + N - K, result + N}, K of them from the first
  /// range. Runs ws::merge when the two projections are one function
  /// (detail::same_projection: the same stateless type, or equal member
  /// pointers); otherwise std::ranges::merge on the calling thread. The
  /// output must not overlap the inputs. Complexity and exceptions: ws::merge
  /// (std::ranges::merge), plus O(log N) comparisons to find K.
  template <class Ep, class I1, class I2, class O, class Comp, class Proj1, class Proj2>
  static std::ranges::merge_result<I1, I2, O> run(Ep& policy, I1 first1, std::size_t n1, I2 first2, std::size_t n2,
                                                  O result, std::size_t room, Comp& comp, Proj1& proj1,
                                                  Proj2& proj2) {
    const std::size_t n = std::min(n1 + n2, room);
    const std::size_t k = detail::merge_cut(first1, n1, first2, n2, n, comp, proj1, proj2);
    const I1 stop1 = detail::nth(first1, k);
    const I2 stop2 = detail::nth(first2, n - k);
    if constexpr (std::is_same_v<Proj1, Proj2>) {
      if (detail::same_projection(proj1, proj2)) {
        return {stop1, stop2,
                ws::merge(detail::as_ws_policy(policy), first1, stop1, first2, stop2, result,
                          detail::projected(std::move(comp), std::move(proj1)))};
      }
    }
    return {stop1, stop2,
            std::ranges::merge(first1, stop1, first2, stop2, result, std::move(comp), std::move(proj1),
                               std::move(proj2))
                .out};
  }
};

/// merge(policy, r1, r2, out, comp, proj1, proj2): the std::ranges form with
/// a policy, writing what fits in out (docs/ranges.md#bounded-outputs;
/// merge_call says how).
inline constexpr merging_algorithm<merge_call> merge{};

}  // namespace ws::ranges
