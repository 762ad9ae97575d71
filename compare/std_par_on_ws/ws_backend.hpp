// SPDX-License-Identifier: MIT
// ws_backend.hpp: std_par_on_ws, libstdc++'s own parallel algorithms running on
// the ws pool. Force-include it ahead of everything in a translation unit built
// with -D_GLIBCXX_USE_TBB_PAR_BACKEND=0:
//
//   g++ -std=c++20 -D_GLIBCXX_USE_TBB_PAR_BACKEND=0 -include <this file> ...
//
// libstdc++ then selects its serial backend, whose include guard this file has
// already claimed and whose namespace, __pstl::__serial_backend, it defines:
// the alias __pstl::__par_backend binds to the ten entry points below, so
// std::sort(std::execution::par, ...) and every other parallel overload run
// libstdc++'s own patterns (its merge sort, scans, ...) with ws::join doing the
// forking. The comparison harness uses it to compare schedulers on identical
// algorithms: this backend against libstdc++'s TBB backend. Nothing links TBB.
//
// UNDEFINED BEHAVIOUR by the letter of the standard: it defines a macro and
// declarations with names reserved to the implementation ([lex.name]), and
// relies on libstdc++ internals that may change in any release. version_gate.hpp
// admits only the libstdc++ PSTL version it was written and tested against.
// For measurements only; never in the library. docs/std-par-on-ws.md.
#pragma once

#include "version_gate.hpp"

// Claimed before any standard header can include libstdc++'s serial backend.
#define _PSTL_PARALLEL_BACKEND_SERIAL_H

#include <cstddef>
#include <utility>

#include "loops.hpp"
#include "merges.hpp"
#include "pstl_ws/join.hpp"
#include "scans.hpp"
#include "support.hpp"

// The entry points, with libstdc++ 12's signatures (parallel_backend_serial.h).
// Each ignores the policy (always a parallel one here) and forwards to a ws
// driver; the drivers run on the calling worker's pool, or on the global pool
// when called from outside every pool.
namespace __pstl::__serial_backend {

/// Uninitialised storage for n values of T (the patterns' scratch space).
template <class T>
using __buffer = ws::std_par_on_ws::raw_buffer<T>;

/// Skips the not yet started leaves of the innermost loop the caller runs.
inline void __cancel_execution() noexcept { ws::std_par_on_ws::cancel_current(); }

/// brick(i, j) over adjacent sub-ranges of [first, last), in parallel.
template <class Policy, class Index, class Brick>
void __parallel_for(Policy&&, Index first, Index last, Brick brick) {
  ws::std_par_on_ws::parallel_for(first, last, brick);
}

/// reduction(...) of real_body(i, j, identity) over sub-ranges, in order.
template <class Policy, class T, class Index, class RealBody, class Reduction>
T __parallel_reduce(Policy&&, Index first, Index last, const T& identity, const RealBody& real_body,
                    const Reduction& reduction) {
  return ws::std_par_on_ws::parallel_reduce(first, last, identity, real_body, reduction);
}

/// init combined with u(i) for every i in [first, last), in order.
template <class Policy, class Index, class Unary, class T, class Combine, class BrickReduce>
T __parallel_transform_reduce(Policy&&, Index first, Index last, Unary u, T init, Combine combine,
                              BrickReduce brick_reduce) {
  return ws::std_par_on_ws::parallel_transform_reduce(first, last, u, std::move(init), combine, brick_reduce);
}

/// Reduce every tile, apex(total), then scan every tile from its prefix.
template <class Policy, class Index, class T, class Reduce, class Combine, class Scan, class Apex>
void __parallel_strict_scan(Policy&&, Index n, T initial, Reduce reduce, Combine combine, Scan scan, Apex apex) {
  ws::std_par_on_ws::parallel_strict_scan(n, std::move(initial), reduce, combine, scan, apex);
}

/// Scan of [0, n) from init; returns init combined with everything.
template <class Policy, class Index, class Unary, class T, class Combine, class BrickReduce, class Scan>
T __parallel_transform_scan(Policy&&, Index n, Unary u, T init, Combine combine, BrickReduce brick_reduce,
                            Scan scan) {
  return ws::std_par_on_ws::parallel_transform_scan(n, u, std::move(init), combine, brick_reduce, scan);
}

/// Merge sort with the caller's leaf sort; nsort != 0: partial_sort.
template <class Policy, class It, class Comp, class LeafSort>
void __parallel_stable_sort(Policy&&, It first, It last, Comp comp, LeafSort leaf_sort, std::size_t nsort = 0) {
  ws::std_par_on_ws::parallel_stable_sort(first, last, comp, leaf_sort, nsort);
}

/// Merge of [xs, xe) and [ys, ye) into zs, cut by binary search.
template <class Policy, class It1, class It2, class It3, class Comp, class LeafMerge>
void __parallel_merge(Policy&&, It1 xs, It1 xe, It2 ys, It2 ye, It3 zs, Comp comp, LeafMerge leaf_merge) {
  ws::std_par_on_ws::parallel_merge(xs, xe, ys, ye, zs, comp, leaf_merge);
}

/// f1() and f2(), potentially in parallel.
template <class Policy, class F1, class F2>
void __parallel_invoke(Policy&&, F1&& f1, F2&& f2) {
  ws::join(std::forward<F1>(f1), std::forward<F2>(f2));
}

}  // namespace __pstl::__serial_backend
