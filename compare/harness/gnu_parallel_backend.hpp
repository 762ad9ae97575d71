// SPDX-License-Identifier: MIT
// The gnu_parallel backend of pstl_ws_compare (see backends.hpp for the
// interface): libstdc++'s parallel mode, the OpenMP-based __gnu_parallel::
// algorithms, called explicitly (no _GLIBCXX_PARALLEL, so nothing else in the
// program changes), and OpenMP tasks for fib. Each call first sets the
// calling thread's OpenMP team size to the thread count. Only built with
// PSTL_WS_HAVE_GNU_PARALLEL (the harness is then compiled with -fopenmp).
#pragma once

#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <parallel/algorithm>
#include <parallel/numeric>
#include <vector>

#include "harness/backends.hpp"

namespace harness {

class gnu_parallel_backend {
 public:
  explicit gnu_parallel_backend(std::size_t threads) : m_threads(static_cast<int>(threads)) {}

  static const char* name() { return "gnu_parallel"; }
  template <class F>
  auto run(F& f) const {
    omp_set_num_threads(m_threads);
    return f();
  }
  template <class It, class F>
  void for_each(It first, It last, F f) const {
    omp_set_num_threads(m_threads);
    __gnu_parallel::for_each(first, last, f);
  }
  template <class It, class T>
  T reduce(It first, It last, T init) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::accumulate(first, last, init);
  }
  template <class It1, class It2, class T>
  T transform_reduce(It1 first1, It1 last1, It2 first2, T init) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::inner_product(first1, last1, first2, init);
  }
  template <class It, class Pred>
  It find_if(It first, It last, Pred pred) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::find_if(first, last, pred);
  }
  template <class It, class Pred>
  std::ptrdiff_t count_if(It first, It last, Pred pred) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::count_if(first, last, pred);
  }
  template <class It>
  It min_element(It first, It last) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::min_element(first, last);
  }
  template <class It, class Out>
  Out inclusive_scan(It first, It last, Out out) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::partial_sum(first, last, out);
  }
  // No copy_if: the parallel mode has none.
  template <class It1, class It2, class Out>
  Out merge(It1 first1, It1 last1, It2 first2, It2 last2, Out out) const {
    omp_set_num_threads(m_threads);
    return __gnu_parallel::merge(first1, last1, first2, last2, out);
  }
  template <class It>
  void nth_element(It first, It nth, It last) const {
    omp_set_num_threads(m_threads);
    __gnu_parallel::nth_element(first, nth, last);
  }
  template <class It>
  void sort(It first, It last) const {
    omp_set_num_threads(m_threads);
    __gnu_parallel::sort(first, last);
  }
  template <class It, class Compare>
  void sort(It first, It last, Compare comp) const {
    omp_set_num_threads(m_threads);
    __gnu_parallel::sort(first, last, comp);
  }
  template <class It, class Compare>
  void stable_sort(It first, It last, Compare comp) const {
    omp_set_num_threads(m_threads);
    __gnu_parallel::stable_sort(first, last, comp);
  }
  template <class It, class Key>
  void sort_by(It first, It last, Key key) const {
    sort(first, last, key_less(key));
  }
  template <class It, class Key>
  void stable_sort_by(It first, It last, Key key) const {
    stable_sort(first, last, key_less(key));
  }
  std::uint64_t fib(int n) const {
    std::uint64_t result = 0;
#pragma omp parallel num_threads(m_threads)
#pragma omp single
    result = fib_task(n);
    return result;
  }
  template <class T>
  void nested_sort(std::size_t blocks, std::size_t block_size, std::vector<T>& data) const {
    const std::vector<std::size_t> offsets = block_offsets(blocks, block_size);
    omp_set_num_threads(m_threads);
    __gnu_parallel::for_each(offsets.begin(), offsets.end(), [&](std::size_t offset) {
      const auto first = data.begin() + static_cast<std::ptrdiff_t>(offset);
      __gnu_parallel::sort(first, first + static_cast<std::ptrdiff_t>(block_size));
    });
  }

 private:
  /// One child as an OpenMP task, the other by the caller, then taskwait.
  static std::uint64_t fib_task(int n) {
    if (n < 2) {
      return static_cast<std::uint64_t>(n);
    }
    std::uint64_t a = 0;
#pragma omp task shared(a) firstprivate(n)
    a = fib_task(n - 1);
    const std::uint64_t b = fib_task(n - 2);
#pragma omp taskwait
    return a + b;
  }

  int m_threads;
};

}  // namespace harness
