// SPDX-License-Identifier: MIT
// ws::ranges::sort, stable_sort, partial_sort, partial_sort_copy,
// nth_element and inplace_merge: the ws:: iterator algorithms of the same
// names with a projection. docs/ranges.md.
#pragma once

#include <algorithm>  // for std::sortable, std::ranges::partial_sort_copy, std::ranges::partial_sort_copy_result
#include <functional>  // for std::identity, std::ranges::less
#include <iterator>  // for std::indirect_strict_weak_order, std::indirectly_copyable, std::projected, ...
#include <type_traits>  // for std::is_same_v
#include <utility>  // for std::move

#include "pstl_ws/algorithm/merge.hpp"
#include "pstl_ws/algorithm/nth_element.hpp"
#include "pstl_ws/algorithm/partial_sort.hpp"
#include "pstl_ws/algorithm/sort.hpp"
#include "pstl_ws/algorithm/stable_sort.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// A range algorithm that sorts [first, last) by comp on the projected
/// elements: Call runs the ws:: iterator sort. With std::identity (the
/// default) the comparator reaches the iterator sort unchanged, so arithmetic
/// elements with std::ranges::less or std::ranges::greater take its radix
/// sort; so do trivially copyable elements under such a comparator and a
/// projection to an arithmetic key that cannot throw (a data member pointer,
/// a noexcept lambda), sorted by that key.
template <class Call>
struct sort_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Comp = std::ranges::less, class Proj = std::identity>
    requires std::sortable<I, Comp, Proj>
  I operator()(Ep&& policy, I first, S last, Comp comp = {}, Proj proj = {}) const {
    const I end = detail::end_of(first, last);
    Call{}(detail::as_ws_policy(policy), first, end, detail::projected(std::move(comp), std::move(proj)));
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class Comp = std::ranges::less,
            class Proj = std::identity>
    requires std::sortable<std::ranges::iterator_t<R>, Comp, Proj>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, Comp comp = {}, Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r), std::move(comp), std::move(proj));
  }
};

/// A range algorithm that orders [first, last) around an iterator middle in
/// it by comp on the projected elements (partial_sort, nth_element,
/// inplace_merge): Call runs the ws:: iterator algorithm; returns last.
template <class Call>
struct middle_sort_algorithm {
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            class Comp = std::ranges::less, class Proj = std::identity>
    requires std::sortable<I, Comp, Proj>
  I operator()(Ep&& policy, I first, I middle, S last, Comp comp = {}, Proj proj = {}) const {
    const I end = detail::end_of(first, last);
    Call{}(detail::as_ws_policy(policy), first, middle, end, detail::projected(std::move(comp), std::move(proj)));
    return end;
  }

  template <execution_policy Ep, sized_random_access_range R, class Comp = std::ranges::less,
            class Proj = std::identity>
    requires std::sortable<std::ranges::iterator_t<R>, Comp, Proj>
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r, std::ranges::iterator_t<R> middle,
                                                 Comp comp = {}, Proj proj = {}) const {
    return (*this)(policy, std::ranges::begin(r), middle, std::ranges::end(r), std::move(comp), std::move(proj));
  }
};

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(sort)
PSTL_WS_RANGES_CALL(stable_sort)
PSTL_WS_RANGES_CALL(partial_sort)
PSTL_WS_RANGES_CALL(nth_element)
PSTL_WS_RANGES_CALL(inplace_merge)

/// sort(policy, r, comp, proj) or (policy, first, last, comp, proj): sorts by
/// comp(proj(a), proj(b)) and returns last, as std::ranges::sort does.
/// Complexity and exceptions: ws::sort (the radix sort's O(n * sizeof(key))
/// where it applies).
inline constexpr sort_algorithm<sort_call> sort{};

/// stable_sort(policy, r, comp, proj): as sort, keeping the order of
/// equivalent elements. Complexity and exceptions: ws::stable_sort.
inline constexpr sort_algorithm<stable_sort_call> stable_sort{};

/// The type of ws::ranges::partial_sort_copy.
struct partial_sort_copy_fn {
  /// Copies the smallest N = min(last - first, result_last - result_first)
  /// elements of [first, last), ordered by comp on proj1 of them (which the
  /// standard asks to be comp on proj2 of their copies), sorted to
  /// [result_first, result_first + N); returns {last, result_first + N}. Runs
  /// ws::partial_sort_copy when the two projections are one function
  /// (detail::same_projection), otherwise std::ranges::partial_sort_copy on
  /// the calling thread. Complexity and exceptions: those algorithms'.
  template <execution_policy Ep, std::random_access_iterator I1, std::sized_sentinel_for<I1> S1,
            std::random_access_iterator I2, std::sized_sentinel_for<I2> S2, class Comp = std::ranges::less,
            class Proj1 = std::identity, class Proj2 = std::identity>
    requires std::indirectly_copyable<I1, I2> && std::sortable<I2, Comp, Proj2> &&
             std::indirect_strict_weak_order<Comp, std::projected<I1, Proj1>, std::projected<I2, Proj2>>
  std::ranges::partial_sort_copy_result<I1, I2> operator()(Ep&& policy, I1 first, S1 last, I2 result_first,
                                                           S2 result_last, Comp comp = {}, Proj1 proj1 = {},
                                                           Proj2 proj2 = {}) const {
    const I1 end = detail::end_of(first, last);
    const I2 result_end = detail::nth(result_first, detail::bounded_length(first, last, result_first, result_last));
    if constexpr (std::is_same_v<Proj1, Proj2>) {
      if (detail::same_projection(proj1, proj2)) {
        return {end, ws::partial_sort_copy(detail::as_ws_policy(policy), first, end, result_first, result_end,
                                           detail::projected(std::move(comp), std::move(proj1)))};
      }
    }
    return std::ranges::partial_sort_copy(first, end, result_first, result_end, std::move(comp), std::move(proj1),
                                          std::move(proj2));
  }

  template <execution_policy Ep, sized_random_access_range R1, sized_random_access_range R2,
            class Comp = std::ranges::less, class Proj1 = std::identity, class Proj2 = std::identity>
    requires std::indirectly_copyable<std::ranges::iterator_t<R1>, std::ranges::iterator_t<R2>> &&
             std::sortable<std::ranges::iterator_t<R2>, Comp, Proj2> &&
             std::indirect_strict_weak_order<Comp, std::projected<std::ranges::iterator_t<R1>, Proj1>,
                                             std::projected<std::ranges::iterator_t<R2>, Proj2>>
  auto operator()(Ep&& policy, R1&& r, R2&& result_r, Comp comp = {}, Proj1 proj1 = {}, Proj2 proj2 = {}) const {
    return detail::borrowed<R1, R2>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                            std::ranges::begin(result_r), std::ranges::end(result_r),
                                            std::move(comp), std::move(proj1), std::move(proj2)));
  }
};

/// partial_sort(policy, r, middle, comp, proj): the smallest middle - first
/// elements, sorted, in [first, middle); nth_element(policy, r, nth, comp,
/// proj): the element a sort would put at nth there, no greater one before it
/// and no smaller one after; inplace_merge(policy, r, middle, comp, proj):
/// the sorted runs [first, middle) and [middle, last) merged (stable). Each
/// returns last, as std::ranges does. Complexity and exceptions: the ws::
/// algorithms of the same names.
inline constexpr middle_sort_algorithm<partial_sort_call> partial_sort{};
inline constexpr middle_sort_algorithm<nth_element_call> nth_element{};
inline constexpr middle_sort_algorithm<inplace_merge_call> inplace_merge{};

/// partial_sort_copy(policy, r, out, comp, proj1, proj2): the std::ranges
/// form with a policy, its output bounding it.
inline constexpr partial_sort_copy_fn partial_sort_copy{};

}  // namespace ws::ranges
