// SPDX-License-Identifier: MIT
// merging_algorithm: the shape of the range algorithms that walk two sorted
// ranges, each with its projection, into a bounded output (merge and the
// four set operations, std::mergeable's algorithms). docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::in_in_out_result
#include <cstddef>
#include <functional>  // for std::identity, std::ranges::less
#include <iterator>  // for std::mergeable, std::random_access_iterator, std::sized_sentinel_for
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm of two sorted ranges into a bounded output, comparing
/// comp(proj1(e1), proj2(e2)) (and the other way round): Call::run(policy,
/// first1, n1, first2, n2, result, room, comp, proj1, proj2), given the
/// lengths of the ranges and the room in the output, returns what
/// std::ranges returns: an in_in_out_result, where it stopped in each range
/// and the end of what it wrote.
template <class Call>
struct merging_algorithm {
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2, std::random_access_iterator O,
            std::sized_sentinel_for<O> OutS, class Comp = std::ranges::less, class Proj1 = std::identity,
            class Proj2 = std::identity>
    requires std::mergeable<I1, I2, O, Comp, Proj1, Proj2>
  std::ranges::in_in_out_result<I1, I2, O> operator()(Ep&& policy, I1 first1, S1 last1, I2 first2, S2 last2,
                                                      O result, OutS result_last, Comp comp = {}, Proj1 proj1 = {},
                                                      Proj2 proj2 = {}) const {
    return Call::run(policy, first1, detail::distance_of(first1, detail::end_of(first1, last1)), first2,
                     detail::distance_of(first2, detail::end_of(first2, last2)), result,
                     detail::distance_of(result, detail::end_of(result, result_last)), comp, proj1, proj2);
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2,
            sized_random_access_range OutR, class Comp = std::ranges::less, class Proj1 = std::identity,
            class Proj2 = std::identity>
    requires std::mergeable<std::ranges::iterator_t<R1>, std::ranges::iterator_t<R2>, std::ranges::iterator_t<OutR>,
                            Comp, Proj1, Proj2>
  auto operator()(Ep&& policy, R1&& r1, R2&& r2, OutR&& result_r, Comp comp = {}, Proj1 proj1 = {},
                  Proj2 proj2 = {}) const {
    return detail::borrowed<R1, R2, OutR>((*this)(policy, std::ranges::begin(r1), std::ranges::end(r1),
                                                  std::ranges::begin(r2), std::ranges::end(r2),
                                                  std::ranges::begin(result_r), std::ranges::end(result_r),
                                                  std::move(comp), std::move(proj1), std::move(proj2)));
  }
};

}  // namespace ws::ranges
