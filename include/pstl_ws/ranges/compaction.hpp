// SPDX-License-Identifier: MIT
// ws::ranges::remove, remove_if and unique: the ws:: compactions with a
// projection; copy_if, remove_copy, remove_copy_if, unique_copy and
// partition_copy: the copying compactions into bounded outputs, which stop at
// the first element that does not fit (P3179). docs/ranges.md.
#pragma once

#include <algorithm>  // for std::ranges::in_out_result, std::ranges::partition_copy_result
#include <cstddef>
#include <functional>  // for std::identity, std::ranges::equal_to
#include <iterator>  // for std::indirectly_copyable, std::indirect_unary_predicate, std::projected, ...
#include <utility>  // for std::move

#include "pstl_ws/algorithm/compaction.hpp"
#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_compact.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/ranges/adjacent_algorithm.hpp"
#include "pstl_ws/ranges/predicate_algorithm.hpp"
#include "pstl_ws/ranges/projection.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::detail {

/// The elements of [first, last) that test keeps, copied to [result,
/// result_last) in order until it is full; returns {the first kept element
/// that did not fit, or last; the end of what was written}, what std::ranges
/// returns for copy_if, remove_copy and unique_copy into a bounded output.
template <class Ep, class I, class S, class O, class OutS, class Test>
std::ranges::in_out_result<I, O> bounded_compaction(const Ep& policy, I first, S last, O result, OutS result_last,
                                                    Test test) {
  const compaction_room room{distance_of(result, end_of(result, result_last))};
  const auto ends =
      bounded_compact_copy(as_ws_policy(policy), first, end_of(first, last), result, nullptr, std::move(test), room);
  return {nth(first, ends.m_read), ends.m_kept_end};
}

}  // namespace ws::detail

namespace ws::ranges {

/// The type of ws::ranges::copy_if (Keep) and remove_copy_if (!Keep).
template <bool Keep>
struct filter_copy_fn {
  /// Copies the elements x of [first, last) with pred(proj(x)) == Keep to
  /// [result, result_last) in order, N = min(M, result_last - result) of the
  /// M such elements. Returns {last, result + M} when all of them fit, else
  /// {the (N + 1)-th of them, result_last}. The ranges must not overlap.
  /// Complexity and exceptions: ws::copy_if.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
    requires std::indirectly_copyable<I, O>
  std::ranges::in_out_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last, Pred pred,
                                              Proj proj = {}) const {
    auto keeps = detail::projected(std::move(pred), std::move(proj));
    return detail::bounded_compaction(policy, first, last, result, result_last,
                                      detail::element_test<decltype(keeps), Keep>{std::move(keeps)});
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>> Pred>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, Pred pred, Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r),
                                             std::move(pred), std::move(proj)));
  }
};

/// The type of ws::ranges::remove_copy.
struct remove_copy_fn {
  /// remove_copy_if with the predicate proj(x) == value.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, class Proj = std::identity,
            class T = detail::projected_value_t<I, Proj>>
    requires std::indirectly_copyable<I, O> && projected_equality_comparable_to<I, Proj, T>
  std::ranges::in_out_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last,
                                              const T& value, Proj proj = {}) const {
    return filter_copy_fn<false>{}(policy, first, last, result, result_last, detail::equal_to_value(value),
                                   std::move(proj));
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            class Proj = std::identity, class T = detail::projected_value_t<std::ranges::iterator_t<R>, Proj>>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>> &&
             projected_equality_comparable_to<std::ranges::iterator_t<R>, Proj, T>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, const T& value, Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r), value,
                                             std::move(proj)));
  }
};

/// The type of ws::ranges::unique_copy.
struct unique_copy_fn {
  /// Copies to [result, result_last) the first element of each group of
  /// consecutive elements x, y with comp(proj(x), proj(y)), as many as fit;
  /// returns as copy_if does. Complexity and exceptions: ws::unique_copy.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O, std::sized_sentinel_for<O> OutS, class Proj = std::identity,
            std::indirect_equivalence_relation<std::projected<I, Proj>> C = std::ranges::equal_to>
    requires std::indirectly_copyable<I, O>
  std::ranges::in_out_result<I, O> operator()(Ep&& policy, I first, S last, O result, OutS result_last, C comp = {},
                                              Proj proj = {}) const {
    auto equivalent = detail::projected(std::move(comp), std::move(proj));
    return detail::bounded_compaction(policy, first, last, result, result_last,
                                      detail::adjacent_test<decltype(equivalent)>{std::move(equivalent)});
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR,
            class Proj = std::identity,
            std::indirect_equivalence_relation<std::projected<std::ranges::iterator_t<R>, Proj>> C =
                std::ranges::equal_to>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR>>
  auto operator()(Ep&& policy, R&& r, OutR&& result_r, C comp = {}, Proj proj = {}) const {
    return detail::borrowed<R, OutR>((*this)(policy, std::ranges::begin(r), std::ranges::end(r),
                                             std::ranges::begin(result_r), std::ranges::end(result_r),
                                             std::move(comp), std::move(proj)));
  }
};

/// The type of ws::ranges::partition_copy.
struct partition_copy_fn {
  /// Copies the elements x of [first, last) with pred(proj(x)) to [out_true,
  /// last_true) and the others to [out_false, last_false), each in order,
  /// stopping at the first element whose output is full: the first N
  /// elements are copied. Returns {first + N, the ends of what was written}.
  /// The ranges must not overlap. Complexity and exceptions:
  /// ws::partition_copy.
  template <execution_policy Ep, std::random_access_iterator I, std::sized_sentinel_for<I> S,
            std::random_access_iterator O1, std::sized_sentinel_for<O1> OutS1, std::random_access_iterator O2,
            std::sized_sentinel_for<O2> OutS2, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<I, Proj>> Pred>
    requires std::indirectly_copyable<I, O1> && std::indirectly_copyable<I, O2>
  std::ranges::partition_copy_result<I, O1, O2> operator()(Ep&& policy, I first, S last, O1 out_true,
                                                           OutS1 last_true, O2 out_false, OutS2 last_false,
                                                           Pred pred, Proj proj = {}) const {
    auto keeps = detail::projected(std::move(pred), std::move(proj));
    const detail::compaction_room room{detail::distance_of(out_true, detail::end_of(out_true, last_true)),
                                       detail::distance_of(out_false, detail::end_of(out_false, last_false))};
    const auto ends = detail::bounded_compact_copy(detail::as_ws_policy(policy), first, detail::end_of(first, last),
                                                   out_true, out_false,
                                                   detail::element_test<decltype(keeps)>{std::move(keeps)}, room);
    return {detail::nth(first, ends.m_read), ends.m_kept_end, ends.m_dropped_end};
  }

  template <execution_policy Ep, sized_random_access_range R, sized_random_access_range OutR1,
            sized_random_access_range OutR2, class Proj = std::identity,
            std::indirect_unary_predicate<std::projected<std::ranges::iterator_t<R>, Proj>> Pred>
    requires std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR1>> &&
             std::indirectly_copyable<std::ranges::iterator_t<R>, std::ranges::iterator_t<OutR2>>
  auto operator()(Ep&& policy, R&& r, OutR1&& out_true_r, OutR2&& out_false_r, Pred pred, Proj proj = {}) const {
    return detail::borrowed<R, OutR1, OutR2>((*this)(
        policy, std::ranges::begin(r), std::ranges::end(r), std::ranges::begin(out_true_r),
        std::ranges::end(out_true_r), std::ranges::begin(out_false_r), std::ranges::end(out_false_r),
        std::move(pred), std::move(proj)));
  }
};

// The ws:: iterator algorithms the objects below run.
PSTL_WS_RANGES_CALL(remove_if)
PSTL_WS_RANGES_CALL(unique)

/// remove(policy, r, value, proj), remove_if(policy, r, pred, proj) and
/// unique(policy, r, comp, proj): the elements kept (those with proj(x) !=
/// value, !pred(proj(x)), or not equal by comp to the one before them)
/// moved to the front in their order; returns the rest, which holds valid
/// but unspecified values, as a subrange, as std::ranges does. Complexity
/// and exceptions: ws::remove_if and ws::unique.
inline constexpr value_algorithm<tail_call<remove_if_call>> remove{};
inline constexpr predicate_algorithm<tail_call<remove_if_call>> remove_if{};
inline constexpr adjacent_algorithm<tail_call<unique_call>> unique{};

/// copy_if(policy, r, out, pred, proj), remove_copy_if, remove_copy(policy,
/// r, out, value, proj), unique_copy(policy, r, out, comp, proj) and
/// partition_copy(policy, r, out_true, out_false, pred, proj): what the
/// std::ranges forms with a policy copy and return, into outputs that bound
/// them (docs/ranges.md#bounded-outputs).
inline constexpr filter_copy_fn<true> copy_if{};
inline constexpr filter_copy_fn<false> remove_copy_if{};
inline constexpr remove_copy_fn remove_copy{};
inline constexpr unique_copy_fn unique_copy{};
inline constexpr partition_copy_fn partition_copy{};

}  // namespace ws::ranges
