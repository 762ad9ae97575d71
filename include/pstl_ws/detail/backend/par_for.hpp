// SPDX-License-Identifier: MIT
// par_for: the range driver of the walk algorithms (for_each, for_each_n and
// later transform, fill, ...), and run_on_pool, which puts any driver on the
// pool a policy names (split_plan::run decides when). docs/algorithms.md.
#pragma once

#include <cstddef>
#include <memory>  // for std::addressof
#include <type_traits>  // for std::invoke_result_t

#include "pstl_ws/detail/backend/scratch_buffer.hpp"
#include "pstl_ws/detail/backend/splitter.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/join.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// Runs body() on a worker: of `named` (a policy's pool(), set with on()) if
/// not null; else of the calling worker's own pool (a nested call stays where
/// it is); else of the global pool. Returns body's result; rethrows its
/// exception.
template <class Body>
std::invoke_result_t<Body&> run_on_pool(thread_pool* named, Body& body) {
  if (named != nullptr) {
    return named->install(body);
  }
  if (worker_thread::current() != nullptr) {
    return body();
  }
  return thread_pool::global().install(body);
}

/// Runs body(slots) on the pool run_on_pool picks, with raw slots for n
/// values of T borrowed there (so from that pool's scratch cache, docs/scratch.md),
/// and gives them back when body returns or throws. body constructs and
/// destroys the objects. Returns false, having run nothing, if the memory
/// cannot be had; the caller then falls back to an algorithm without it.
template <class T, execution_kind Kind, class Body>
bool run_with_scratch(const basic_policy<Kind>& policy, std::size_t n, Body& body) {
  auto with_slots = [&] {
    const scratch_buffer<T> buffer(n);
    if (buffer.data() == nullptr) {
      return false;
    }
    body(buffer.data());
    return true;
  };
  return run_on_pool(policy.pool(), with_slots);
}

/// A leaf of par_for by reference: any callable taking (begin, end). The
/// recursion below, with its joins, is then compiled once for the leaves of
/// every algorithm rather than once per leaf type, which made a program that
/// sorts a few element types take minutes to build under the sanitizers; a
/// leaf costs one indirect call per piece of at least min_len indices.
class leaf_ref {
 public:
  template <class Leaf>
  explicit leaf_ref(Leaf& leaf) noexcept
      : m_leaf(std::addressof(leaf)),
        m_call([](void* erased, std::size_t begin, std::size_t end) { (*static_cast<Leaf*>(erased))(begin, end); }) {}

  void operator()(std::size_t begin, std::size_t end) const { m_call(m_leaf, begin, end); }

 private:
  void* m_leaf;
  void (*m_call)(void*, std::size_t, std::size_t);
};

/// par_for's recursion. Leaf is always leaf_ref: a template only so that a
/// translation unit that runs no par_for does not compile it (a header-only
/// inline function would be, joins and all, in every one).
template <class Leaf>
void par_for_node(splitter split, std::size_t begin, std::size_t end, Leaf leaf, cancellation& cancel,
                  bool migrated) {
  if (const split_action action = split.split(end - begin, migrated); action != split_action::leaf) {
    const std::size_t mid = begin + (end - begin) / 2;
    join_halves(
        action, [&](fn_context ctx) { par_for_node(split, begin, mid, leaf, cancel, ctx.migrated()); },
        [&](fn_context ctx) { par_for_node(split, mid, end, leaf, cancel, ctx.migrated()); });
    return;
  }
  if (cancel.is_cancelled()) {
    return;  // another leaf threw: its exception is on its way to the caller
  }
  try {
    const auto timing = split.time_leaf(end - begin);
    leaf(begin, end);
  } catch (...) {
    cancel.cancel();
    throw;
  }
}

/// Calls leaf(begin, end) on disjoint index ranges that together cover [0, n),
/// in parallel on the calling worker's pool, each range of at least min_len
/// indices (unless n is smaller). Must run on a worker (see run_on_pool).
/// Exceptions: the first exception a leaf throws is rethrown once every leaf
/// that started has finished; leaves not yet started are skipped.
template <class Leaf>
void par_for(std::size_t n, std::size_t min_len, Leaf& leaf) {
  cancellation cancel;
  leaf_timer timer;
  par_for_node(splitter(current_num_threads(), min_len, n, timer), 0, n, leaf_ref(leaf), cancel, false);
}

/// par_for when `parallel`, else leaf(0, n) on the calling thread (which then
/// need not be a worker; nothing is called when n is 0). For drivers that run
/// the same passes in parallel on long inputs and inline on short ones.
template <class Leaf>
void par_for_if(bool parallel, std::size_t n, std::size_t min_len, Leaf& leaf) {
  if (parallel) {
    par_for(n, min_len, leaf);
  } else if (n != 0) {
    leaf(0, n);
  }
}

}  // namespace ws::detail
