// SPDX-License-Identifier: MIT
// The backends pstl_ws_compare measures, all with one interface so that a
// workload is written once: name(), run(f) (enters the backend's threads and
// returns f(), which times itself), and the operations a workload may use:
//
//   for_each(first, last, f)             reduce(first, last, init)
//   transform_reduce(first1, last1, first2, init)   (a dot product)
//   find_if(first, last, pred)           count_if(first, last, pred)
//   min_element(first, last)             inclusive_scan(first, last, out)
//   copy_if(first, last, out, pred)      merge(first1, last1, first2, last2, out)
//   nth_element(first, nth, last)
//   sort(first, last)                    stable_sort(first, last, comp)
//   sort(first, last, comp)              (a comparison sort everywhere)
//   sort_by(first, last, key)            stable_sort_by(first, last, key)
//                                        (by a key projection: ws through
//                                         ws::ranges, the others with a
//                                         comparator of keys, key_less)
//   fib(n)                               (recursive fork-join, no cutoff)
//   nested_sort(blocks, block_size, data) (a parallel for over blocks whose
//                                          body sorts its block in parallel)
//
// A backend without some operation simply lacks the member; the workloads
// detect that with a requires-expression and skip it (e.g. std_par has no
// fib: std::execution has no fork-join primitive). A backend that keeps
// memory between calls (ws, ws_park and std_par_on_ws their pool's scratch,
// std_par tbbmalloc's) also has release_memory().
//
// The workloads of concurrent callers call a backend from threads of their
// own, as a user would: as_caller(b) is the backend so called (TBB's: not
// through the harness's arena, see tbb_backend.hpp) and caller_limit(b)
// what a user holds meanwhile to keep it to its thread count.
//
// This file holds seq and the policy backends (std::execution::par, ws::par,
// and std_par_on_ws, which is std::execution::par compiled onto our pool);
// tbb_backend.hpp and gnu_parallel_backend.hpp hold the other two.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <execution>
#include <functional>
#include <numeric>
#include <vector>

#include "pstl_ws/join.hpp"
#include "pstl_ws/ranges.hpp"
#include "pstl_ws/std.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace harness {

/// The offsets of `blocks` consecutive blocks: the index set a nested
/// workload's outer parallel loop walks (a vector, so that every backend,
/// libstdc++'s included, sees random-access iterators of a classic category).
inline std::vector<std::size_t> block_offsets(std::size_t blocks, std::size_t block_size) {
  std::vector<std::size_t> offsets(blocks);
  for (std::size_t block = 0; block < blocks; ++block) {
    offsets[block] = block * block_size;
  }
  return offsets;
}

/// The comparator of sort_by for the backends without projections:
/// key(a) < key(b).
template <class Key>
auto key_less(Key key) {
  return [key](const auto& a, const auto& b) { return std::invoke(key, a) < std::invoke(key, b); };
}

inline std::uint64_t fib_sequential(int n) {
  return n < 2 ? static_cast<std::uint64_t>(n) : fib_sequential(n - 1) + fib_sequential(n - 2);
}

/// The std:: algorithms without a policy, on the calling thread.
struct seq_backend {
  static const char* name() { return "seq"; }
  template <class F>
  auto run(F& f) const {
    return f();
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    std::for_each(first, last, f);
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    return std::reduce(first, last, init);
  }
  template <class It1, class It2, class T>
  T transform_reduce(It1 first1, It1 last1, It2 first2, T init) const {
    return std::transform_reduce(first1, last1, first2, init);
  }
  template <class It, class Pred>
  It find_if(It first, It last, Pred pred) const {
    return std::find_if(first, last, pred);
  }
  template <class It, class Pred>
  std::ptrdiff_t count_if(It first, It last, Pred pred) const {
    return std::count_if(first, last, pred);
  }
  template <class It>
  It min_element(It first, It last) const {
    return std::min_element(first, last);
  }
  template <class It, class Out>
  Out inclusive_scan(It first, It last, Out out) const {
    return std::inclusive_scan(first, last, out);
  }
  template <class It, class Out, class Pred>
  Out copy_if(It first, It last, Out out, Pred pred) const {
    return std::copy_if(first, last, out, pred);
  }
  template <class It1, class It2, class Out>
  Out merge(It1 first1, It1 last1, It2 first2, It2 last2, Out out) const {
    return std::merge(first1, last1, first2, last2, out);
  }
  template <class It>
  void nth_element(It first, It nth, It last) const {
    std::nth_element(first, nth, last);
  }
  template <class It>
  void sort(It first, It last) const {
    std::sort(first, last);
  }
  template <class It, class Compare>
  void sort(It first, It last, Compare comp) const {
    std::sort(first, last, comp);
  }
  template <class It, class Compare>
  void stable_sort(It first, It last, Compare comp) const {
    std::stable_sort(first, last, comp);
  }
  template <class It, class Key>
  void sort_by(It first, It last, Key key) const {
    std::sort(first, last, key_less(key));
  }
  template <class It, class Key>
  void stable_sort_by(It first, It last, Key key) const {
    std::stable_sort(first, last, key_less(key));
  }
  std::uint64_t fib(int n) const { return fib_sequential(n); }
  template <class T>
  void nested_sort(std::size_t blocks, std::size_t block_size, std::vector<T>& data) const {
    for (std::size_t block = 0; block < blocks; ++block) {
      std::sort(data.begin() + static_cast<std::ptrdiff_t>(block * block_size),
                data.begin() + static_cast<std::ptrdiff_t>((block + 1) * block_size));
    }
  }
};

/// The std:: algorithms called with an execution policy, inside Enter (which
/// puts the caller where the policy's threads are, e.g. a tbb::task_arena).
template <class Policy, class Enter>
class policy_backend {
 public:
  using entry_type = Enter;  ///< how a call enters the policy's threads

  policy_backend(const char* name, Policy policy, Enter enter) : m_name(name), m_policy(policy), m_enter(enter) {}

  const char* name() const { return m_name; }
  template <class F>
  auto run(F& f) const {
    return m_enter(f);
  }
  /// How run() enters the policy's threads (see caller_limit).
  const Enter& entry() const { return m_enter; }
  /// The same backend entered through `enter` instead (see as_caller).
  template <class OtherEnter>
  policy_backend<Policy, OtherEnter> with_entry(OtherEnter enter) const {
    return {m_name, m_policy, enter};
  }
  /// Gives back the memory the policy's threads keep between calls, where
  /// the entry knows of some (suite calls it before a first call it reports).
  void release_memory() const
    requires requires(const Enter& enter) { enter.release_memory(); }
  {
    m_enter.release_memory();
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    std::for_each(m_policy, first, last, f);
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    return std::reduce(m_policy, first, last, init);
  }
  template <class It1, class It2, class T>
  T transform_reduce(It1 first1, It1 last1, It2 first2, T init) const {
    return std::transform_reduce(m_policy, first1, last1, first2, init);
  }
  template <class It, class Pred>
  It find_if(It first, It last, Pred pred) const {
    return std::find_if(m_policy, first, last, pred);
  }
  template <class It, class Pred>
  std::ptrdiff_t count_if(It first, It last, Pred pred) const {
    return std::count_if(m_policy, first, last, pred);
  }
  template <class It>
  It min_element(It first, It last) const {
    return std::min_element(m_policy, first, last);
  }
  template <class It, class Out>
  Out inclusive_scan(It first, It last, Out out) const {
    return std::inclusive_scan(m_policy, first, last, out);
  }
  template <class It, class Out, class Pred>
  Out copy_if(It first, It last, Out out, Pred pred) const {
    return std::copy_if(m_policy, first, last, out, pred);
  }
  template <class It1, class It2, class Out>
  Out merge(It1 first1, It1 last1, It2 first2, It2 last2, Out out) const {
    return std::merge(m_policy, first1, last1, first2, last2, out);
  }
  template <class It>
  void nth_element(It first, It nth, It last) const {
    std::nth_element(m_policy, first, nth, last);
  }
  template <class It>
  void sort(It first, It last) const {
    std::sort(m_policy, first, last);
  }
  template <class It, class Compare>
  void sort(It first, It last, Compare comp) const {
    std::sort(m_policy, first, last, comp);
  }
  template <class It, class Compare>
  void stable_sort(It first, It last, Compare comp) const {
    std::stable_sort(m_policy, first, last, comp);
  }
  template <class It, class Key>
  void sort_by(It first, It last, Key key) const {
    if constexpr (ws::is_execution_policy_v<Policy>) {
      ws::ranges::sort(m_policy, first, last, {}, key);
    } else {
      std::sort(m_policy, first, last, key_less(key));
    }
  }
  template <class It, class Key>
  void stable_sort_by(It first, It last, Key key) const {
    if constexpr (ws::is_execution_policy_v<Policy>) {
      ws::ranges::stable_sort(m_policy, first, last, {}, key);
    } else {
      std::stable_sort(m_policy, first, last, key_less(key));
    }
  }
  template <class T>
  void nested_sort(std::size_t blocks, std::size_t block_size, std::vector<T>& data) const {
    const std::vector<std::size_t> offsets = block_offsets(blocks, block_size);
    std::for_each(m_policy, offsets.begin(), offsets.end(), [&](std::size_t offset) {
      const auto first = data.begin() + static_cast<std::ptrdiff_t>(offset);
      std::sort(m_policy, first, first + static_cast<std::ptrdiff_t>(block_size));
    });
  }

 private:
  const char* m_name;
  Policy m_policy;
  Enter m_enter;
};

/// Runs the timed section on the calling thread.
struct direct_entry {
  template <class F>
  auto operator()(F& f) const {
    return f();
  }
};

/// Runs the timed section inside a ws::thread_pool, in its seat (for
/// std_par_on_ws, whose algorithms use the pool of the calling worker).
struct install_entry {
  ws::thread_pool* m_pool;
  template <class F>
  auto operator()(F& f) const {
    return m_pool->install(f);
  }
  /// Gives back the pool's scratch, where the opted-in __buffer comes from.
  void release_memory() const { m_pool->release_memory(); }
};

/// The std_par_on_ws backend: std::execution::par inside pool.install, in
/// the executable whose libstdc++ backend is the ws pool (child_process.hpp).
/// The parent uses the type to know which workloads that backend runs.
using std_par_on_ws_backend = policy_backend<std::execution::parallel_policy, install_entry>;

/// ws::par on a given pool through the std:: drop-in, plus ws::join for fib:
/// "ws" on a pool with wait_policy::steal, "ws_park" on one with park.
template <class Policy>
class ws_backend : public policy_backend<Policy, direct_entry> {
 public:
  ws_backend(const char* name, Policy policy, ws::thread_pool& pool)
      : policy_backend<Policy, direct_entry>(name, policy, direct_entry{}), m_pool(&pool) {}

  std::uint64_t fib(int n) const {
    return m_pool->install([n] { return fib_join(n); });
  }

  /// The pool the backend's calls run on (for the join latency workloads).
  ws::thread_pool& pool() const { return *m_pool; }

  /// Gives back the scratch memory the pool keeps between calls (suite
  /// calls it before a workload whose first call and peak memory it reports).
  void release_memory() const { m_pool->release_memory(); }

 private:
  static std::uint64_t fib_join(int n) {
    if (n < 2) {
      return static_cast<std::uint64_t>(n);
    }
    const auto [a, b] = ws::join([n] { return fib_join(n - 1); }, [n] { return fib_join(n - 2); });
    return a + b;
  }

  ws::thread_pool* m_pool;
};

/// What caller_limit gives for a backend whose calls need no limit.
struct no_caller_limit {};

/// b as a user calls it from a thread of its own: b itself, unless its entry
/// names the entry of such a call (Enter::caller_entry: a user's thread does
/// not enter the harness's TBB arena).
template <class B>
auto as_caller(const B& b) {
  if constexpr (requires { typename B::entry_type::caller_entry; }) {
    return b.with_entry(typename B::entry_type::caller_entry{});
  } else {
    return b;
  }
}

/// What a user holds while it calls as_caller(b) from threads of its own, to
/// keep b to its thread count (TBB: a global_control); hold it for the calls.
template <class B>
auto caller_limit(const B& b) {
  if constexpr (requires { b.entry().caller_limit(); }) {
    return b.entry().caller_limit();
  } else {
    return no_caller_limit{};
  }
}

}  // namespace harness
