// SPDX-License-Identifier: MIT
// ws::copy_if, remove_copy, remove_copy_if, remove, remove_if, unique,
// unique_copy and partition_copy: thin wrappers over par_compact.
// docs/algorithms.md#compaction-and-partition.
#pragma once

#include <algorithm>  // for std::copy_if, std::remove_if, std::unique_copy, ...
#include <cstddef>
#include <functional>  // for std::not_fn, std::equal_to
#include <type_traits>  // for std::is_null_pointer_v
#include <utility>  // for std::move, std::pair

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_compact.hpp"
#include "pstl_ws/detail/callable_requirements.hpp"
#include "pstl_ws/detail/value_predicate.hpp"
#include "pstl_ws/execution.hpp"

namespace ws {
namespace detail {

/// The test of copy_if, remove_if and the partitions: element i is kept
/// when pred(first[i]) is Keep. The operator is not const, so that a pred
/// whose operator() is not const works (each tile calls its own copy).
template <class Pred, bool Keep = true>
struct element_test {
  Pred m_pred;

  template <class It>
  bool operator()(It first, std::size_t i) {
    return static_cast<bool>(m_pred(*nth(first, i))) == Keep;
  }
};

/// The test of unique and unique_copy: element 0 is kept, element i > 0 is
/// dropped when pred(first[i - 1], first[i]), comparing it with the element
/// before it in the input (which the standard's equivalence relation makes
/// the same as comparing it with the last element kept, as std::unique does).
template <class Pred>
struct adjacent_test {
  Pred m_pred;

  template <class It>
  bool operator()(It first, std::size_t i) {
    return i == 0 || !static_cast<bool>(m_pred(*nth(first, i - 1), *nth(first, i)));
  }
};

/// The copying compactions into bounded outputs (ws::ranges' copy_if,
/// remove_copy, remove_copy_if, unique_copy and partition_copy, P3179):
/// assigns the elements of [first, last) that test keeps to kept and, unless
/// Dropped is std::nullptr_t, the others to dropped, each in order, and stops
/// at the first element whose output has no room left (room). Returns how far
/// it read and the ends of what it wrote. compact_copy on the pool, else the
/// same loop on the calling thread. Complexity, exceptions and bad input as
/// copy_if and partition_copy, with at most last - first applications of test.
template <execution_kind Kind, class In, class Kept, class Dropped, class Test>
compaction_ends<Kept, Dropped> bounded_compact_copy(const basic_policy<Kind>& policy, In first, In last, Kept kept,
                                                    Dropped dropped, Test test, compaction_room room) {
  if (const auto ends = compact_copy(policy, first, last, kept, dropped, test, room)) {
    return *ends;
  }
  const std::size_t n = distance_of(first, last);
  std::size_t read = 0;
  std::size_t kept_count = 0;
  for (; read < n; ++read) {
    if (test(first, read)) {
      if (kept_count == room.m_kept) {
        break;
      }
      *nth(kept, kept_count++) = *nth(first, read);
    } else if constexpr (!std::is_null_pointer_v<Dropped>) {
      if (read - kept_count == room.m_dropped) {
        break;
      }
      *nth(dropped, read - kept_count) = *nth(first, read);
    }
  }
  if constexpr (std::is_null_pointer_v<Dropped>) {
    return {read, nth(kept, kept_count), dropped};
  } else {
    return {read, nth(kept, kept_count), nth(dropped, read - kept_count)};
  }
}

}  // namespace detail

/// Copies the elements e of [first, last) with pred(e) true to result, in
/// order; returns the end of what it wrote. The ranges must not overlap.
/// Under a parallel policy on random-access iterators and at least
/// k_scan_parallel_threshold elements (tuning.hpp; 2 x grain when the policy
/// sets one), a tiled scan on the pool:
/// pred is called once per element, from several threads (each tile with its
/// own copy), the answers kept in a mask, then every tile copies its elements
/// to where the counts of the tiles before it say. Complexity: last - first
/// applications of pred, as many assignments as elements copied; span
/// O(tile + n / threads), tile = k_scan_tile or the grain; extra memory n
/// bytes.
/// Exceptions: the first exception of pred (nothing is written then) or of an
/// assignment is rethrown once every started tile finished. Bad input: a pred
/// that answers inconsistently still writes only [result, returned iterator).
/// Sequential policies, other iterators and short inputs run std::copy_if
/// on the caller (so does a call whose mask cannot be allocated).
template <execution_kind Kind, class In, class Out, class Pred>
  requires detail::indirect_predicate<Pred, In>
Out copy_if(basic_policy<Kind> policy, In first, In last, Out result, Pred pred) {
  if (const auto ends = detail::compact_copy(policy, first, last, result, nullptr, detail::element_test<Pred>{pred})) {
    return ends->m_kept_end;
  }
  return std::copy_if(first, last, result, pred);
}

/// Copies the elements e of [first, last) with pred(e) false to result, in
/// order; returns the end of what it wrote: copy_if with std::not_fn(pred)
/// (same concurrency, complexity and exceptions).
template <execution_kind Kind, class In, class Out, class Pred>
  requires detail::indirect_predicate<Pred, In>
Out remove_copy_if(basic_policy<Kind> policy, In first, In last, Out result, Pred pred) {
  return ws::copy_if(policy, first, last, result, std::not_fn(std::move(pred)));
}

/// Copies the elements of [first, last) not equal (==) to value to result, in
/// order: remove_copy_if with `== value`.
template <execution_kind Kind, class In, class Out, class T>
  requires detail::indirectly_equality_comparable_to<In, T>
Out remove_copy(basic_policy<Kind> policy, In first, In last, Out result, const T& value) {
  return ws::remove_copy_if(policy, first, last, result, detail::equal_to_value(value));
}

/// Moves the elements e of [first, last) with pred(e) false to the front, in
/// order; returns the end of them. The elements past it are valid but
/// unspecified (moved-from or unchanged). Under a parallel policy on
/// random-access iterators and at least k_scan_parallel_threshold elements
/// (2 x grain), through a
/// buffer of last - first raw slots: the scan of copy_if move-constructs the
/// kept elements into it, a parallel walk moves them back, another destroys
/// them. Complexity: last - first applications of pred; twice as many moves as
/// elements kept; span O(tile + n / threads); extra memory n elements and n
/// bytes. Exceptions: from pred, the range is unchanged; from a move, its
/// values are valid but unspecified; either way the first exception is
/// rethrown once every started piece finished, every object built in the
/// buffer destroyed and the buffer freed. Sequential policies, other
/// iterators, short inputs, elements that cannot be move-constructed and a
/// buffer that cannot be allocated run std::remove_if on the caller.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It>
It remove_if(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if (const auto end = detail::compact_in_place<false>(policy, first, last, detail::element_test<Pred, false>{pred})) {
    return *end;
  }
  return std::remove_if(first, last, pred);
}

/// remove_if with `== value`. value may be an element of the range (it is
/// read only before any element moves).
template <execution_kind Kind, class It, class T>
  requires detail::indirectly_equality_comparable_to<It, T>
It remove(basic_policy<Kind> policy, It first, It last, const T& value) {
  return ws::remove_if(policy, first, last, detail::equal_to_value(value));
}

/// Copies [first, last) to result, but of each group of consecutive elements
/// equivalent under pred (pred(*(i - 1), *i)) only the first; returns the end
/// of what it wrote. The ranges must not overlap. pred must be an equivalence
/// relation, as the standard asks: element i is dropped when it is
/// equivalent to the element before it in the input (std::unique_copy
/// compares it with the last element copied, which is the same under an
/// equivalence relation). As copy_if otherwise (concurrency, complexity with
/// last - first - 1 applications of pred, exceptions); sequential calls run
/// std::unique_copy.
template <execution_kind Kind, class In, class Out, class Pred>
  requires detail::indirect_predicate<Pred, In, In>
Out unique_copy(basic_policy<Kind> policy, In first, In last, Out result, Pred pred) {
  if (const auto ends = detail::compact_copy(policy, first, last, result, nullptr, detail::adjacent_test<Pred>{pred})) {
    return ends->m_kept_end;
  }
  return std::unique_copy(first, last, result, pred);
}

/// unique_copy with `==`.
template <execution_kind Kind, class In, class Out>
  requires detail::indirect_predicate<std::equal_to<>, In, In>
Out unique_copy(basic_policy<Kind> policy, In first, In last, Out result) {
  return ws::unique_copy(policy, first, last, result, std::equal_to<>());
}

/// Keeps, of each group of consecutive elements equivalent under pred, only
/// the first, moved to the front in order; returns the end of them (the
/// elements past it are valid but unspecified). pred must be an equivalence
/// relation (see unique_copy). Through a buffer, as remove_if (concurrency,
/// complexity with last - first - 1 applications of pred, exceptions,
/// fallbacks); sequential calls run std::unique.
template <execution_kind Kind, class It, class Pred>
  requires detail::indirect_predicate<Pred, It, It>
It unique(basic_policy<Kind> policy, It first, It last, Pred pred) {
  if (const auto end = detail::compact_in_place<false>(policy, first, last, detail::adjacent_test<Pred>{pred})) {
    return *end;
  }
  return std::unique(first, last, pred);
}

/// unique with `==`.
template <execution_kind Kind, class It>
  requires detail::indirect_predicate<std::equal_to<>, It, It>
It unique(basic_policy<Kind> policy, It first, It last) {
  return ws::unique(policy, first, last, std::equal_to<>());
}

/// Copies the elements e of [first, last) with pred(e) true to out_true and
/// the others to out_false, each in order; returns the ends of both. The
/// ranges must not overlap. The scan of copy_if with both outputs (a tile's
/// place in out_false is its start minus its place in out_true): parallel
/// when all three iterators are random-access; same complexity, span,
/// exceptions and bad input. Sequential calls run std::partition_copy.
template <execution_kind Kind, class In, class OutTrue, class OutFalse, class Pred>
  requires detail::indirect_predicate<Pred, In>
std::pair<OutTrue, OutFalse> partition_copy(basic_policy<Kind> policy, In first, In last, OutTrue out_true,
                                            OutFalse out_false, Pred pred) {
  if (const auto ends = detail::compact_copy(policy, first, last, out_true, out_false, detail::element_test<Pred>{pred})) {
    return {ends->m_kept_end, ends->m_dropped_end};
  }
  return std::partition_copy(first, last, out_true, out_false, pred);
}

}  // namespace ws
