// SPDX-License-Identifier: MIT
// ws::inclusive_scan, ws::exclusive_scan and their transform_ forms: one
// generic scan (detail/backend/scan_into.hpp) over the tiled par_scan driver.
// docs/algorithms.md#par_scan.
#pragma once

#include <functional>  // for std::identity, std::plus
#include <optional>
#include <utility>  // for std::move

#include "pstl_ws/detail/backend/scan_into.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {

/// Writes to *(result + i) the sum op(...op(init, transform(*first))...,
/// transform(*(first + i))) for every i in [0, last - first) (without init:
/// starting from transform(*first)); returns result + (last - first). op must
/// be associative; it need not be commutative: every call keeps the order of
/// the elements (op(earlier, later)), only the grouping changes. Sums are of
/// type T (without init: the type transform(*first) decays to). result may
/// equal first; the ranges must not overlap otherwise.
/// Under a parallel policy on random-access iterators, from 2 tiles
/// (k_scan_parallel_threshold elements, tuning.hpp, or 2 x grain) on:
/// par_scan over tiles of k_scan_tile elements (or the grain); op and
/// transform are called concurrently, each tile with its own copies. The
/// tiles depend only on last - first and the grain, so a floating-point scan
/// gives the same bits on every pool (not necessarily those of std::, which
/// sums left to right).
/// Complexity: under 2n applications of op and 2n of transform (n = last -
/// first; each element is read twice); span O(n / threads + tile + tiles).
/// Extra memory: one optional<T> per tile.
/// Exceptions: the first exception of op, transform or a copy is rethrown once
/// every started tile finished; the output then holds unspecified values.
/// Bad input: an overlap other than result == first gives unspecified values.
/// Sequential policies, other iterators and shorter inputs run
/// std::transform_inclusive_scan on the caller.
template <execution_kind Kind, class In, class Out, class BinaryOp, class UnaryOp, class T>
  requires detail::indirectly_invocable<UnaryOp, In> &&
           detail::scan_operation<BinaryOp, T, detail::indirect_invoke_result_t<UnaryOp, In>>
Out transform_inclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, BinaryOp op,
                             UnaryOp transform, T init) {
  return detail::scan_into<T, true>(policy, first, last, result, std::optional<T>(std::move(init)), op, transform);
}

/// transform_inclusive_scan without init: *result = transform(*first), then as
/// with init transform(*first) over [first + 1, last). Sums are of the type
/// transform(*first) decays to. Otherwise as the form with init.
template <execution_kind Kind, class In, class Out, class BinaryOp, class UnaryOp>
  requires detail::indirectly_invocable<UnaryOp, In> &&
           detail::scan_operation<BinaryOp, detail::scan_sum_t<In, UnaryOp>, detail::indirect_invoke_result_t<UnaryOp, In>>
Out transform_inclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, BinaryOp op,
                             UnaryOp transform) {
  return detail::scan_into<detail::scan_sum_t<In, UnaryOp>, true>(policy, first, last, result, std::nullopt, op,
                                                                  transform);
}

/// Writes to *(result + i) the sum op(...op(init, transform(*first))...,
/// transform(*(first + i - 1))) of the elements before i (init for i == 0),
/// for every i in [0, last - first); returns result + (last - first). Sums
/// are of type T. Concurrency, complexity, exceptions, aliasing and bad input
/// as transform_inclusive_scan with init; sequential calls run
/// std::transform_exclusive_scan.
template <execution_kind Kind, class In, class Out, class T, class BinaryOp, class UnaryOp>
  requires detail::indirectly_invocable<UnaryOp, In> &&
           detail::scan_operation<BinaryOp, T, detail::indirect_invoke_result_t<UnaryOp, In>>
Out transform_exclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, T init, BinaryOp op,
                             UnaryOp transform) {
  return detail::scan_into<T, false>(policy, first, last, result, std::optional<T>(std::move(init)), op, transform);
}

/// transform_inclusive_scan with init and the identity transform: *(result +
/// i) = op(...op(init, *first)..., *(first + i)). Sequential calls run
/// std::inclusive_scan.
template <execution_kind Kind, class In, class Out, class BinaryOp, class T>
  requires detail::scan_operation<BinaryOp, T, std::iter_reference_t<In>>
Out inclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, BinaryOp op, T init) {
  return ws::transform_inclusive_scan(policy, first, last, result, op, std::identity(), std::move(init));
}

/// inclusive_scan without init: sums of the input's value type, starting from
/// *first. Sequential calls run std::inclusive_scan.
template <execution_kind Kind, class In, class Out, class BinaryOp>
  requires detail::scan_operation<BinaryOp, detail::scan_sum_t<In, std::identity>, std::iter_reference_t<In>>
Out inclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, BinaryOp op) {
  return ws::transform_inclusive_scan(policy, first, last, result, op, std::identity());
}

/// inclusive_scan with std::plus<>: the prefix sums *first + ... + *(first + i).
template <execution_kind Kind, class In, class Out>
  requires detail::scan_operation<std::plus<>, detail::scan_sum_t<In, std::identity>, std::iter_reference_t<In>>
Out inclusive_scan(basic_policy<Kind> policy, In first, In last, Out result) {
  return ws::inclusive_scan(policy, first, last, result, std::plus<>());
}

/// transform_exclusive_scan with the identity transform: *(result + i) =
/// op(...op(init, *first)..., *(first + i - 1)), init for i == 0. Sequential
/// calls run std::exclusive_scan.
template <execution_kind Kind, class In, class Out, class T, class BinaryOp>
  requires detail::scan_operation<BinaryOp, T, std::iter_reference_t<In>>
Out exclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, T init, BinaryOp op) {
  return ws::transform_exclusive_scan(policy, first, last, result, std::move(init), op, std::identity());
}

/// exclusive_scan with std::plus<>: *(result + i) = init + *first + ... +
/// *(first + i - 1).
template <execution_kind Kind, class In, class Out, class T>
  requires detail::scan_operation<std::plus<>, T, std::iter_reference_t<In>>
Out exclusive_scan(basic_policy<Kind> policy, In first, In last, Out result, T init) {
  return ws::exclusive_scan(policy, first, last, result, std::move(init), std::plus<>());
}

}  // namespace ws
