// SPDX-License-Identifier: MIT
// scan_into: the one generic scan behind ws::inclusive_scan, exclusive_scan
// and their transform_ forms: the sequential scan, and the tile kernels (fold,
// scan from a carry) over the tiled par_scan driver. docs/algorithms.md#par_scan.
#pragma once

#include <array>
#include <cstddef>
#include <functional>  // for std::invoke
#include <iterator>  // for std::iter_reference_t
#include <numeric>  // for std::transform_inclusive_scan, std::transform_exclusive_scan
#include <optional>
#include <type_traits>  // for std::remove_cvref_t, std::invoke_result_t, std::is_integral_v
#include <utility>  // for std::move, std::index_sequence, std::make_index_sequence

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_scan.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// The sum type of a scan without init: the type transform(*first) decays to
/// (the value type when transform is std::identity), as std:: uses it.
template <class In, class Transform>
using scan_sum_t = std::remove_cvref_t<std::invoke_result_t<Transform&, std::iter_reference_t<In>>>;

/// The sequential scan of [first, last) into result, of transform(*it) by op
/// from init (inclusive without init: from the first element), with the
/// std:: algorithm. std::inclusive_scan and std::exclusive_scan are their
/// transform_ forms with std::identity, which forwards *it unchanged, so
/// this calls what std:: would. An inclusive scan without init starts from
/// the first element itself, as libstdc++ does: libc++ 16 would sum in the
/// input's value type instead of the transform's result type
/// ([transform.inclusive.scan]), which need not even convert. Returns
/// result + (last - first).
template <bool Inclusive, class Sum, class In, class Out, class Op, class Transform>
Out scan_sequential(In first, In last, Out result, std::optional<Sum> init, Op op, Transform transform) {
  if constexpr (Inclusive) {
    if (!init) {
      if (first == last) {
        return result;
      }
      init.emplace(std::invoke(transform, *first));
      *result = *init;
      ++result;
      ++first;
    }
    return std::transform_inclusive_scan(first, last, result, op, transform, std::move(*init));
  } else {
    return std::transform_exclusive_scan(first, last, result, std::move(*init), op, transform);
  }
}

/// The fold op(...op(op(t0, t1), t2)..., tk) of t = transform(*it) over the
/// non-empty [first, last) as a Sum (a tile's contribution to every later
/// tile), regrouped but never reordered, as a scan's op need not commute:
/// k_scan_fold_chains contiguous pieces are folded left to right in
/// interleaved steps (the last piece also takes the remainder), then combined
/// in order. Takes op and transform by value, as the std:: algorithms do, so
/// that each tile calls its own copies. op's result is converted to Sum as
/// std:: converts it (the cast only keeps -Wconversion quiet, as it is in the
/// system header).
template <class Sum, class In, class Op, class Transform>
Sum fold_tile(In first, In last, Op op, Transform transform) {
  auto step = [&](const Sum& sum, In it) { return static_cast<Sum>(op(sum, std::invoke(transform, *it))); };
  const std::size_t n = distance_of(first, last);
  if (n < 2 * k_scan_fold_chains) {
    Sum sum(std::invoke(transform, *first));
    for (++first; first != last; ++first) {
      sum = step(sum, first);
    }
    return sum;
  }
  const std::size_t piece = n / k_scan_fold_chains;
  return [&]<std::size_t... J>(std::index_sequence<J...>) {
    std::array<Sum, k_scan_fold_chains> sums{Sum(std::invoke(transform, *nth(first, J * piece)))...};
    for (std::size_t i = 1; i < piece; ++i) {
      ((sums[J] = step(sums[J], nth(first, J * piece + i))), ...);
    }
    Sum& last_piece = sums[k_scan_fold_chains - 1];
    for (std::size_t i = k_scan_fold_chains * piece; i < n; ++i) {
      last_piece = step(last_piece, nth(first, i));
    }
    Sum total = std::move(sums[0]);
    ((J != 0 ? void(total = static_cast<Sum>(op(total, sums[J]))) : void()), ...);
    return total;
  }(std::make_index_sequence<k_scan_fold_chains>());
}

/// The iterator phase 1 reads through: `first`, or the base of a
/// move_iterator, so that phase 1 reads elements without moving from them and
/// leaves each to the one read of phase 3 that may move it.
template <class In>
auto unmoved(In first) {
  if constexpr (is_random_access_move_iterator_v<In>) {
    return first.base();
  } else {
    return first;
  }
}

/// Scans [first, last) (non-empty) into result from carry, as the std::
/// algorithm does (an inclusive scan without a carry starts from its first
/// element; an exclusive scan always has one), and returns the sum after its
/// last element: what the std:: algorithm would carry on with. Reads each
/// element once, before writing its output (result may equal first). Takes
/// op and transform by value, as fold_tile does.
template <bool Inclusive, class Sum, class In, class Out, class Op, class Transform>
Sum scan_from(In first, In last, Out result, const std::optional<Sum>& carry, Op op, Transform transform) {
  if constexpr (Inclusive) {
    Sum sum = carry ? static_cast<Sum>(op(*carry, std::invoke(transform, *first)))
                    : static_cast<Sum>(std::invoke(transform, *first));
    *result = sum;
    for (++first, ++result; first != last; ++first, ++result) {
      sum = static_cast<Sum>(op(sum, std::invoke(transform, *first)));
      *result = sum;
    }
    return sum;
  } else {
    Sum sum = *carry;
    for (; first != last; ++first, ++result) {
      Sum next = static_cast<Sum>(op(sum, std::invoke(transform, *first)));
      *result = std::move(sum);
      sum = std::move(next);
    }
    return sum;
  }
}

/// The scan every public scan is: the scan (inclusive or exclusive) of
/// transform(*it) over [first, last) by op into result, from init when it holds
/// a value (exclusive scans always have one), with sums of type Sum. In
/// parallel when the call runs on the pool (runs_in_parallel_v) and its
/// k_scan_rule plan is parallel: par_scan, reducing a tile by fold_tile and
/// scanning it from its carry by scan_from. Else scan_sequential of the whole
/// range on the calling thread. Returns result + (last - first).
template <class Sum, bool Inclusive, execution_kind Kind, class In, class Out, class Op, class Transform>
Out scan_into(const basic_policy<Kind>& policy, In first, In last, Out result, std::optional<Sum> init, Op& op,
              Transform& transform) {
  if constexpr (runs_in_parallel_v<Kind, In, Out>) {
    const std::size_t n = distance_of(first, last);
    const split_plan plan(policy, n, k_scan_rule);
    if (plan.parallel()) {
      const scan_tiles tiles(n, plan.grain());
      const auto peek = unmoved(first);
      auto reduce_tile = [&](std::size_t t) {
        return fold_tile<Sum>(nth(peek, tiles.begin(t)), nth(peek, tiles.end(t)), op, transform);
      };
      // earlier holds the elements before later's: op keeps that order. Each
      // call uses a copy of op, as each tile does: op may be a mutable function
      // object, and other threads copy it for their tiles meanwhile.
      auto combine = [&op](const Sum& earlier, const Sum& later) -> Sum {
        auto own_op = op;
        return static_cast<Sum>(own_op(earlier, later));
      };
      // An integral Sum is exact, so the sum a tile's scan ends with is, by
      // the associativity op must have, the carry par_scan would compute: it
      // is returned, and a tile scanned right after its neighbour needs no
      // fold. Any other Sum (floating point) takes the carry par_scan adds
      // up, the same on every schedule.
      auto scan_tile = [&](std::size_t t, const std::optional<Sum>& carry) {
        const Sum end = scan_from<Inclusive>(nth(first, tiles.begin(t)), nth(first, tiles.end(t)),
                                             nth(result, tiles.begin(t)), carry, op, transform);
        if constexpr (std::is_integral_v<Sum>) {
          return end;
        }
      };
      plan.run([&] { par_scan<Sum>(tiles.count(), std::move(init), reduce_tile, combine, scan_tile); });
      return nth(result, n);
    }
  }
  return scan_sequential<Inclusive>(first, last, result, std::move(init), op, transform);
}

}  // namespace ws::detail
