// SPDX-License-Identifier: MIT
// par_walk: the driver of the element-wise algorithms (transform, copy, fill,
// replace, reverse, rotate, shift, adjacent_difference, destroy): leaves over
// index ranges, each running the sequential std:: algorithm on its piece.
// docs/algorithms.md#walks.
#pragma once

#include <algorithm>  // for std::copy
#include <cstddef>
#include <memory>  // for std::destroy
#include <type_traits>  // for std::is_void_v, std::invoke_result_t

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// A count given as the standard's `Size n` of the _n algorithms: 0 when n <= 0.
template <class Size>
constexpr std::size_t count_of(Size n) {
  return n > Size(0) ? static_cast<std::size_t>(n) : 0;
}

/// Runs body(plan) once, with the walk plan for `work` elements: on the
/// policy's pool when the plan is parallel (so several passes share one entry
/// into the pool), else on the calling thread with no pool traffic.
template <execution_kind Kind, class Body>
void run_walk(const basic_policy<Kind>& policy, std::size_t work, Body body) {
  const split_plan plan(policy, work, k_walk_rule);
  plan.run([&] { body(plan); });
}

/// The one-pass walk: leaf(begin, end) over disjoint ranges covering [0, n).
template <execution_kind Kind, class Leaf>
void par_walk(const basic_policy<Kind>& policy, std::size_t n, Leaf leaf) {
  run_walk(policy, n, [&](const split_plan& plan) { run_pass(plan, n, leaf); });
}

/// How walk_range runs the leaves of [first, first + n): the plain pass of the
/// algorithms that assign (uninitialized_walk.hpp has the one of those that
/// construct).
struct plain_pass {
  template <class It, class Leaf>
  static void run(const split_plan& plan, It /*first*/, std::size_t n, Leaf& leaf) {
    run_pass(plan, n, leaf);
  }
};

/// The shape of most walks: when the call walks in parallel, step(first + b,
/// first + e) on pieces [b, e) of [first, last) (Pass::run decides how),
/// else step(first, last) on the calling thread, where step is the
/// sequential std:: algorithm (for fill: std::fill(b, e, value)).
template <class Pass = plain_pass, execution_kind Kind, class It, class Step>
void walk_range(const basic_policy<Kind>& policy, It first, It last, Step step) {
  if constexpr (runs_in_parallel_v<Kind, It>) {
    const std::size_t n = distance_of(first, last);
    auto leaf = [first, &step](std::size_t b, std::size_t e) { step(nth(first, b), nth(first, e)); };
    run_walk(policy, n, [&](const split_plan& plan) { Pass::run(plan, first, n, leaf); });
  } else {
    step(first, last);
  }
}

/// The same for algorithms that write output i from input i (copy,
/// transform, replace_copy_if, swap_ranges, uninitialized_copy): in parallel,
/// step(first + b, first + e, out + b) on pieces of the output, returning
/// out + (last - first); else returns step(first, last, out), which returns
/// the end of what it wrote.
template <class Pass = plain_pass, execution_kind Kind, class In, class Out, class Step>
Out walk_into(const basic_policy<Kind>& policy, In first, In last, Out out, Step step) {
  if constexpr (runs_in_parallel_v<Kind, In, Out>) {
    const Out out_last = nth(out, distance_of(first, last));
    walk_range<Pass>(policy, out, out_last, [first, out, &step](Out b, Out e) {
      step(nth(first, distance_of(out, b)), nth(first, distance_of(out, e)), b);
    });
    return out_last;
  } else {
    return step(first, last, out);
  }
}

/// std::copy as a walk: ws::copy and ws::move (through move iterators), and
/// the backends that move elements back from a buffer.
template <execution_kind Kind, class In, class Out>
Out walk_copy(const basic_policy<Kind>& policy, In first, In last, Out out) {
  return walk_into(policy, first, last, out, [](In b, In e, Out o) { return std::copy(b, e, o); });
}

/// std::destroy as a walk: ws::destroy, and the backends that empty a buffer.
template <execution_kind Kind, class It>
void walk_destroy(const basic_policy<Kind>& policy, It first, It last) {
  walk_range(policy, first, last, [](It b, It e) { std::destroy(b, e); });
}

/// The _n form of an algorithm (copy_n, fill_n, ...). When It is random
/// access, range(first + max(n, 0)) runs the range form, which decides how to
/// run, and walk_n returns what it returns, or first + max(n, 0) if that is
/// void (fill, generate, ...). Else sequential(), the std:: _n algorithm on
/// the calling thread.
template <class It, class Size, class Range, class Sequential>
auto walk_n(It first, Size n, Range range, Sequential sequential) {
  if constexpr (random_access_traversal<It>) {
    const It last = nth(first, count_of(n));
    if constexpr (std::is_void_v<std::invoke_result_t<Range&, It>>) {
      range(last);
      return last;
    } else {
      return range(last);
    }
  } else {
    return sequential();
  }
}

}  // namespace ws::detail
