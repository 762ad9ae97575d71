// SPDX-License-Identifier: MIT
// two_range_algorithm and two_range_order_algorithm: the shapes of the range
// algorithms that compare the elements of two ranges, each with its
// projection (mismatch, equal, search, find_end, find_first_of; includes,
// lexicographical_compare), and as_answer, the Finish of those that return
// the ws:: algorithm's answer as it is. docs/ranges.md.
#pragma once

#include <functional>  // for std::identity, std::ranges::equal_to, std::ranges::less
#include <iterator>  // for std::indirectly_comparable, std::indirect_strict_weak_order, std::projected, ...
#include <utility>  // for std::move

#include "pstl_ws/ranges/projecting_iterator.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm over two ranges that compares their elements by
/// pred(proj1(*it1), proj2(*it2)), always the first range's element first:
/// Call runs the ws:: iterator algorithm on the ws policy, both ranges and
/// the composed predicate; Finish makes its answer what std::ranges returns,
/// given the end of the first range and the length of the second.
template <class Call, class Finish>
struct two_range_algorithm {
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2, class Pred = std::ranges::equal_to,
            class Proj1 = std::identity, class Proj2 = std::identity>
    requires std::indirectly_comparable<I1, I2, Pred, Proj1, Proj2>
  auto operator()(Ep&& policy, I1 first1, S1 last1, I2 first2, S2 last2, Pred pred = {}, Proj1 proj1 = {},
                  Proj2 proj2 = {}) const {
    const I1 end1 = detail::end_of(first1, last1);
    return Finish{}(Call{}(detail::as_ws_policy(policy), first1, end1, first2, detail::end_of(first2, last2),
                           detail::projected(std::move(pred), std::move(proj1), std::move(proj2))),
                    end1, last2 - first2);
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2,
            class Pred = std::ranges::equal_to, class Proj1 = std::identity, class Proj2 = std::identity>
    requires std::indirectly_comparable<std::ranges::iterator_t<R1>, std::ranges::iterator_t<R2>, Pred, Proj1, Proj2>
  auto operator()(Ep&& policy, R1&& r1, R2&& r2, Pred pred = {}, Proj1 proj1 = {}, Proj2 proj2 = {}) const {
    return detail::borrowed<R1, R2>((*this)(policy, std::ranges::begin(r1), std::ranges::end(r1),
                                            std::ranges::begin(r2), std::ranges::end(r2), std::move(pred),
                                            std::move(proj1), std::move(proj2)));
  }
};

/// A range algorithm over two ranges that orders their elements by
/// comp(proj1(a), proj2(b)) and comp(proj2(b), proj1(a)), both directions
/// (includes, lexicographical_compare): Call runs the ws:: iterator
/// algorithm on the two ranges read through their projections
/// (detail::projecting_iterator, which a comparator cannot replace: its
/// arguments do not say which range they come from) and comp.
template <class Call>
struct two_range_order_algorithm {
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2, class Proj1 = std::identity,
            class Proj2 = std::identity,
            std::indirect_strict_weak_order<std::projected<I1, Proj1>, std::projected<I2, Proj2>> Comp =
                std::ranges::less>
  auto operator()(Ep&& policy, I1 first1, S1 last1, I2 first2, S2 last2, Comp comp = {}, Proj1 proj1 = {},
                  Proj2 proj2 = {}) const {
    return Call{}(detail::as_ws_policy(policy), detail::projecting(first1, proj1),
                  detail::projecting(detail::end_of(first1, last1), proj1), detail::projecting(first2, proj2),
                  detail::projecting(detail::end_of(first2, last2), proj2), std::move(comp));
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2,
            class Proj1 = std::identity, class Proj2 = std::identity,
            std::indirect_strict_weak_order<std::projected<std::ranges::iterator_t<R1>, Proj1>,
                                            std::projected<std::ranges::iterator_t<R2>, Proj2>> Comp =
                std::ranges::less>
  auto operator()(Ep&& policy, R1&& r1, R2&& r2, Comp comp = {}, Proj1 proj1 = {}, Proj2 proj2 = {}) const {
    return (*this)(policy, std::ranges::begin(r1), std::ranges::end(r1), std::ranges::begin(r2),
                   std::ranges::end(r2), std::move(comp), std::move(proj1), std::move(proj2));
  }
};

/// The Finish of an algorithm that returns the ws:: algorithm's answer.
struct as_answer {
  template <class Answer, class I, class Length>
  Answer operator()(Answer answer, I, Length) const {
    return answer;
  }
};

}  // namespace ws::ranges
