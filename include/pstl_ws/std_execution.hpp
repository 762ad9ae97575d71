// SPDX-License-Identifier: MIT
// std_execution.hpp: every std::ALGO(std::execution::par, ...) and
// std::ALGO(std::execution::par_unseq, ...) of a translation unit runs
// libstdc++'s own parallel algorithms (its merge sort, its scans, ...) on the
// ws pool, with no edit to the calls and no TBB. Opt a translation unit in by
// forcing this header ahead of everything else in it:
//
//   g++ -std=c++20 -include pstl_ws/std_execution.hpp ...   (and link pstl_ws)
//
// or, in CMake, link the target pstl_ws::std_execution, which adds both.
// Without it nothing changes. What it does: it selects libstdc++'s serial PSTL
// backend (_GLIBCXX_USE_TBB_PAR_BACKEND 0), claims that backend's include
// guard and defines its namespace, __pstl::__serial_backend, with the ten entry
// points below, so the alias __pstl::__par_backend binds to them; and it gives
// the policies types of their own (policies.hpp), so that translation units
// that did not opt in never share an instantiation with this one.
//
// A call from a worker of a ws::thread_pool (inside pool.install) runs on that
// pool; any other call runs on the global pool. Exceptions: libstdc++'s
// patterns call std::terminate for every exception an element function throws
// (as with its TBB backend); only std::bad_alloc from outside their noexcept
// bricks (a scratch buffer, a sort's comparator) reaches the caller.
//
// This defines a macro and declarations with names reserved to the
// implementation ([lex.name]) and relies on libstdc++ internals that may change
// in any release: version_gate.hpp admits only the libstdc++ it was written and
// tested against, and stops any other with an #error naming what it found.
// docs/std-execution.md.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"
#include "pstl_ws/std_execution/version_gate.hpp"  // first: it checks that no standard header came before

#if PSTL_WS_STD_EXECUTION_GATE_PASSED
#include "pstl_ws/std_execution/policies.hpp"

// Claimed before any standard header can include libstdc++'s serial backend.
#define _PSTL_PARALLEL_BACKEND_SERIAL_H

#include <cstddef>
#include <utility>  // for std::forward, std::move

#include "pstl_ws/join.hpp"
#include "pstl_ws/std_execution/loops.hpp"
#include "pstl_ws/std_execution/merges.hpp"
#include "pstl_ws/std_execution/scans.hpp"
#include "pstl_ws/std_execution/support.hpp"

// The entry points, with libstdc++ 12's signatures (parallel_backend_serial.h).
// Each ignores the policy (always a parallel one here) and forwards to a ws
// driver; the drivers run on the calling worker's pool, or on the global pool
// when called from outside every pool. The inline namespace gives the one
// entry point that is not a template of the policy, __cancel_execution, a
// mangled name other than libstdc++'s serial one.
namespace __pstl::__serial_backend {
inline namespace __ws_v1 {

/// Uninitialised storage for n values of T (the patterns' scratch space).
template <class T>
using __buffer = ws::detail::std_execution::raw_buffer<T>;

/// Skips the not yet started leaves of the innermost loop the caller runs.
inline void __cancel_execution() noexcept { ws::detail::std_execution::cancel_current(); }

/// brick(i, j) over adjacent sub-ranges of [first, last), in parallel.
template <class Policy, class Index, class Brick>
void __parallel_for(Policy&&, Index first, Index last, Brick brick) {
  ws::detail::std_execution::parallel_for(first, last, brick);
}

/// reduction(...) of real_body(i, j, identity) over sub-ranges, in order.
template <class Policy, class T, class Index, class RealBody, class Reduction>
T __parallel_reduce(Policy&&, Index first, Index last, const T& identity, const RealBody& real_body,
                    const Reduction& reduction) {
  return ws::detail::std_execution::parallel_reduce(first, last, identity, real_body, reduction);
}

/// init combined with u(i) for every i in [first, last), in order.
template <class Policy, class Index, class Unary, class T, class Combine, class BrickReduce>
T __parallel_transform_reduce(Policy&&, Index first, Index last, Unary u, T init, Combine combine,
                              BrickReduce brick_reduce) {
  return ws::detail::std_execution::parallel_transform_reduce(first, last, u, std::move(init), combine, brick_reduce);
}

/// Reduce every tile, apex(total), then scan every tile from its prefix.
template <class Policy, class Index, class T, class Reduce, class Combine, class Scan, class Apex>
void __parallel_strict_scan(Policy&&, Index n, T initial, Reduce reduce, Combine combine, Scan scan, Apex apex) {
  ws::detail::std_execution::parallel_strict_scan(n, std::move(initial), reduce, combine, scan, apex);
}

/// Scan of [0, n) from init; returns init combined with everything.
template <class Policy, class Index, class Unary, class T, class Combine, class BrickReduce, class Scan>
T __parallel_transform_scan(Policy&&, Index n, Unary u, T init, Combine combine, BrickReduce brick_reduce,
                            Scan scan) {
  return ws::detail::std_execution::parallel_transform_scan(n, u, std::move(init), combine, brick_reduce, scan);
}

/// Merge sort with the caller's leaf sort; nsort != 0: partial_sort.
template <class Policy, class It, class Comp, class LeafSort>
void __parallel_stable_sort(Policy&&, It first, It last, Comp comp, LeafSort leaf_sort, std::size_t nsort = 0) {
  ws::detail::std_execution::parallel_stable_sort(first, last, comp, leaf_sort, nsort);
}

/// Merge of [xs, xe) and [ys, ye) into zs, cut by binary search.
template <class Policy, class It1, class It2, class It3, class Comp, class LeafMerge>
void __parallel_merge(Policy&&, It1 xs, It1 xe, It2 ys, It2 ye, It3 zs, Comp comp, LeafMerge leaf_merge) {
  ws::detail::std_execution::parallel_merge(xs, xe, ys, ye, zs, comp, leaf_merge);
}

/// f1() and f2(), potentially in parallel.
template <class Policy, class F1, class F2>
void __parallel_invoke(Policy&&, F1&& f1, F2&& f2) {
  ws::join(std::forward<F1>(f1), std::forward<F2>(f2));
}

}  // namespace __ws_v1
}  // namespace __pstl::__serial_backend
#endif  // PSTL_WS_STD_EXECUTION_GATE_PASSED
