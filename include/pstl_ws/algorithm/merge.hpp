// SPDX-License-Identifier: MIT
// ws::merge (a copying parallel merge) and ws::inplace_merge (through a
// buffer, with stable_sort's moving parallel merge).
// docs/algorithms.md#merge-inplace_merge-and-the-set-operations.
#pragma once

#include <algorithm>  // for std::max, std::merge, std::inplace_merge
#include <cstddef>
#include <functional>  // for std::ref, std::less
#include <iterator>  // for std::random_access_iterator, std::iter_value_t, std::prev, ...
#include <memory>  // for std::destroy_n, std::destroy
#include <type_traits>  // for std::is_trivially_destructible_v

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_merge_copy.hpp"
#include "pstl_ws/detail/backend/par_merge_sort.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// merge under a parallel policy on indexable iterators.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
Out merge_random_access(const basic_policy<Kind>& policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                        Comp& comp) {
  const std::size_t n1 = distance_of(first1, last1);
  const std::size_t n2 = distance_of(first2, last2);
  const split_plan plan(policy, n1 + n2, k_merge_rule);
  return plan.run(
      [&] {
        par_merge_copy(first1, n1, first2, n2, out, comp, std::max(plan.grain(), k_min_merge_grain));
        return nth(out, n1 + n2);
      },
      [&] { return std::merge(first1, last1, first2, last2, out, std::ref(comp)); });
}

/// inplace_merge under a parallel policy on random-access iterators: moves
/// the whole range into a buffer of raw slots, merges the two runs from there
/// back into the range (par_merge, moving), destroys the slots. Every step is
/// parallel; on the calling thread (std::inplace_merge) below 2 * grain
/// elements or without a buffer.
template <execution_kind Kind, std::random_access_iterator It, class Comp>
void inplace_merge_random_access(const basic_policy<Kind>& policy, It first, It middle, It last, Comp& comp) {
  using value = std::iter_value_t<It>;
  const std::size_t n1 = distance_of(first, middle);
  const std::size_t n = distance_of(first, last);
  if (n1 == 0 || n1 == n || !comp(*middle, *std::prev(middle))) {
    return;  // already in order
  }
  const split_plan plan(policy, n, k_merge_rule);
  if (plan.parallel()) {
    const std::size_t grain = std::max(plan.grain(), k_min_merge_grain);
    auto body = [&](value* slots) {
      par_move_into_buffer(first, slots, n, grain);
      try {
        par_merge(slots, n1, slots + n1, n - n1, first, comp, grain);
      } catch (...) {
        move_back(slots, first, n);  // the merge put every value back into the buffer
        std::destroy_n(slots, n);
        throw;
      }
      if constexpr (!std::is_trivially_destructible_v<value>) {
        auto destroy = [slots](std::size_t begin, std::size_t end) { std::destroy(slots + begin, slots + end); };
        par_for(n, grain, destroy);
      }
    };
    if (run_with_scratch<value>(policy, n, body)) {
      return;
    }
  }
  std::inplace_merge(first, middle, last, comp);  // a copy: clang rejects std::ref of a std::function here
}

}  // namespace detail

/// Merges the sorted ranges [first1, last1) and [first2, last2) into the
/// range starting at out, by copy; of equivalent elements, those of the first
/// range come first. Returns the end of the output. Under a parallel policy
/// with every iterator random access and at least 2 * grain (default
/// k_merge_grain, tuning.hpp)
/// elements in all, on the pool: the longer run is cut at its middle, the
/// shorter one where that element goes (binary search), and the two halves
/// merged in parallel, down to pieces of fewer than 2 * grain elements merged
/// by std::merge; comp is then called concurrently.
/// Complexity: O(n1 + n2) comparisons and copies, span O(grain + log^2 (n1 +
/// n2)); no extra memory. Exceptions: the first exception of comp or of a
/// copy is rethrown once every started piece finished; the output holds
/// unspecified values. Bad input: unsorted ranges or a comp that is not a
/// strict weak order give an unspecified order of the same elements, never an
/// access out of range. The output must not overlap the inputs. Sequential
/// policies and other iterators run std::merge on the calling thread.
template <execution_kind Kind, class It1, class It2, class Out, class Comp>
  requires detail::indirect_ordering<Comp, It1, It2>
Out merge(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It1, It2, Out>) {
    return detail::merge_random_access(policy, first1, last1, first2, last2, out, comp);
  } else {
    return std::merge(first1, last1, first2, last2, out, comp);
  }
}

/// merge with <.
template <execution_kind Kind, class It1, class It2, class Out>
  requires detail::indirect_ordering<std::less<>, It1, It2>
Out merge(basic_policy<Kind> policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out) {
  return ws::merge(policy, first1, last1, first2, last2, out, std::less<>());
}

/// Merges the consecutive sorted runs [first, middle) and [middle, last) into
/// one sorted range, stably (of equivalent elements, the first run's come
/// first). Nothing moves when the runs are already in order (one comparison).
/// Under a parallel policy on random-access iterators with at least 2 * grain
/// (default k_merge_grain, tuning.hpp) elements: the range is moved into a
/// buffer of last - first raw slots (never default-constructed; move-only
/// types work), the two runs
/// are merged back into the range by stable_sort's parallel merge, and the
/// slots destroyed, each step in parallel. Otherwise, or if the buffer cannot
/// be allocated, std::inplace_merge on the calling thread.
/// Complexity: O(n) comparisons and 2n moves, span O(grain + log^2 n), n =
/// last - first. Exceptions: the first exception of comp or of a move is
/// rethrown once every started piece finished (finished pieces are undone);
/// the range then holds a permutation of its elements (only an element whose
/// move threw may be left moved-from) and the buffer is destroyed and freed.
/// Bad input: unsorted runs or a comp that is not a strict weak order give an
/// unspecified permutation, never an access out of range.
template <execution_kind Kind, class It, class Comp>
  requires std::sortable<It, Comp>
void inplace_merge(basic_policy<Kind> policy, It first, It middle, It last, Comp comp) {
  if constexpr (detail::runs_in_parallel_v<Kind, It> && std::random_access_iterator<It>) {
    detail::inplace_merge_random_access(policy, first, middle, last, comp);
  } else {
    std::inplace_merge(first, middle, last, comp);
  }
}

/// inplace_merge with <.
template <execution_kind Kind, class It>
  requires std::sortable<It, std::less<>>
void inplace_merge(basic_policy<Kind> policy, It first, It middle, It last) {
  ws::inplace_merge(policy, first, middle, last, std::less<>());
}

}  // namespace ws
