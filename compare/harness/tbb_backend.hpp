// SPDX-License-Identifier: MIT
// The tbb backend of pstl_ws_compare (see backends.hpp for the interface):
// oneTBB's own algorithms called directly (parallel_for, parallel_reduce,
// parallel_scan, parallel_sort with the default auto partitioner and grain 1, task_group),
// inside a tbb::task_arena of the thread count; and the arena entry that the
// std_par backend (std::execution::par on libstdc++'s TBB backend) uses.
// Concurrent callers do not enter that arena: each calls TBB from its own
// thread, as a user would (it runs its call in its own implicit arena, with
// the workers it gets), under a global_control of the thread count
// (arena_entry::caller_limit).
// Only built with PSTL_WS_HAVE_TBB: the library itself never needs TBB.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_scan.h>
#include <tbb/parallel_sort.h>
#include <tbb/scalable_allocator.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "harness/backends.hpp"

namespace harness {

/// Runs the timed section inside a task arena.
struct arena_entry {
  tbb::task_arena* m_arena;
  template <class F>
  auto operator()(F& f) const {
    return m_arena->execute(f);
  }
  /// A user's thread calls TBB directly (see as_caller).
  using caller_entry = direct_entry;
  /// What keeps those calls to the arena's thread count: TBB's thread pool
  /// limited, for as long as the result lives (the smallest limit alive wins).
  tbb::global_control caller_limit() const {
    return {tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(m_arena->max_concurrency())};
  }
  /// Gives back the memory tbbmalloc keeps between calls: libstdc++'s TBB
  /// backend takes its buffers from tbb_allocator, which is tbbmalloc's.
  static void release_memory() { scalable_allocation_command(TBBMALLOC_CLEAN_ALL_BUFFERS, nullptr); }
};

/// oneTBB's algorithms, called inside Enter (arena_entry; direct_entry for
/// a caller's own thread).
template <class Enter>
class tbb_backend {
 public:
  using entry_type = Enter;  ///< how a call enters TBB's threads

  explicit tbb_backend(Enter enter) : m_enter(enter) {}

  static const char* name() { return "tbb"; }
  template <class F>
  auto run(F& f) const {
    return m_enter(f);
  }
  /// How run() enters TBB's threads (see caller_limit).
  const Enter& entry() const { return m_enter; }
  /// The same backend entered through `enter` instead (see as_caller).
  template <class OtherEnter>
  tbb_backend<OtherEnter> with_entry(OtherEnter enter) const {
    return tbb_backend<OtherEnter>(enter);
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    tbb::parallel_for(tbb::blocked_range<It>(first, last),
                      [&f](const tbb::blocked_range<It>& range) { std::for_each(range.begin(), range.end(), f); });
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    auto leaf = [](const tbb::blocked_range<It>& range, T sum) { return std::reduce(range.begin(), range.end(), sum); };
    return init + tbb::parallel_reduce(tbb::blocked_range<It>(first, last), T{}, leaf, std::plus<>());
  }
  template <class It1, class It2, class T>
  T transform_reduce(It1 first1, It1 last1, It2 first2, T init) const {
    auto leaf = [first1, first2](const tbb::blocked_range<It1>& range, T sum) {
      return std::transform_reduce(range.begin(), range.end(), first2 + (range.begin() - first1), sum);
    };
    return init + tbb::parallel_reduce(tbb::blocked_range<It1>(first1, last1), T{}, leaf, std::plus<>());
  }
  // No find_if: oneTBB has no parallel search (a parallel_for with a cancelled
  // task_group_context would be one; std_par is libstdc++'s on TBB).
  template <class It, class Pred>
  std::ptrdiff_t count_if(It first, It last, Pred pred) const {
    auto leaf = [&pred](const tbb::blocked_range<It>& range, std::ptrdiff_t count) {
      return count + std::count_if(range.begin(), range.end(), pred);
    };
    return tbb::parallel_reduce(tbb::blocked_range<It>(first, last), std::ptrdiff_t{0}, leaf, std::plus<>());
  }
  /// The first smallest element, as std::min_element.
  template <class It>
  It min_element(It first, It last) const {
    if (first == last) {
      return last;
    }
    auto leaf = [](const tbb::blocked_range<It>& range, It best) {
      const It local = std::min_element(range.begin(), range.end());
      return *local < *best ? local : best;
    };
    // Left operand first: ties keep the earlier element.
    auto join = [](It left, It right) { return *right < *left ? right : left; };
    return tbb::parallel_reduce(tbb::blocked_range<It>(first, last), first, leaf, join);
  }
  /// parallel_scan's two-pass form: a pre-scan pass sums each range, the
  /// final pass writes the prefix sums.
  template <class It, class Out>
  Out inclusive_scan(It first, It last, Out out) const {
    using T = typename std::iterator_traits<It>::value_type;
    auto scan = [first, out](const tbb::blocked_range<It>& range, T sum, bool is_final_scan) {
      if (!is_final_scan) {
        return std::accumulate(range.begin(), range.end(), sum);
      }
      Out o = out + (range.begin() - first);
      for (It it = range.begin(); it != range.end(); ++it, ++o) {
        sum = sum + *it;
        *o = sum;
      }
      return sum;
    };
    tbb::parallel_scan(tbb::blocked_range<It>(first, last), T{}, scan, std::plus<>());
    return out + (last - first);
  }
  // No copy_if, merge or nth_element: oneTBB has none.
  template <class It>
  void sort(It first, It last) const {
    tbb::parallel_sort(first, last);
  }
  template <class It, class Compare>
  void sort(It first, It last, Compare comp) const {
    tbb::parallel_sort(first, last, comp);
  }
  template <class It, class Key>
  void sort_by(It first, It last, Key key) const {
    tbb::parallel_sort(first, last, key_less(key));
  }
  std::uint64_t fib(int n) const {
    auto root = [n] { return fib_task_group(n); };
    return m_enter(root);
  }
  template <class T>
  void nested_sort(std::size_t blocks, std::size_t block_size, std::vector<T>& data) const {
    tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t block) {
      const auto first = data.begin() + static_cast<std::ptrdiff_t>(block * block_size);
      tbb::parallel_sort(first, first + static_cast<std::ptrdiff_t>(block_size));
    });
  }

 private:
  /// One child run as a task, the other by the caller, then wait: the
  /// task_group counterpart of ws::join.
  static std::uint64_t fib_task_group(int n) {
    if (n < 2) {
      return static_cast<std::uint64_t>(n);
    }
    std::uint64_t a = 0;
    tbb::task_group group;
    group.run([&a, n] { a = fib_task_group(n - 1); });
    const std::uint64_t b = fib_task_group(n - 2);
    group.wait();
    return a + b;
  }

  Enter m_enter;
};

}  // namespace harness
