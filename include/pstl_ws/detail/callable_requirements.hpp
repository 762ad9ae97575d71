// SPDX-License-Identifier: MIT
// callable_requirements: what the public algorithms require of the function
// objects they take (predicates, comparators, operations), as concepts their
// requires-clauses name. A call with a wrong signature then fails at the
// user's line with the unsatisfied concept, instead of hundreds of lines from
// detail/. docs/algorithms.md#requirements-on-function-objects.
//
// Each concept asks for the calls the algorithm (or the std:: algorithm it
// falls back to) makes, on the iterator's reference type: the requirements
// the standard places on the policy overloads, no more. In particular the
// elements of two ordered ranges need no common reference (as
// std::indirect_strict_weak_order would ask), so a comparator of records and
// keys works as it does with std::. Sorting, which holds elements in
// temporaries, takes the standard's own std::sortable.
#pragma once

#include <concepts>  // for std::copy_constructible, std::invocable, std::predicate, ...
#include <functional>  // for std::equal_to
#include <iterator>  // for std::iter_reference_t
#include <type_traits>  // for std::invoke_result_t, std::is_invocable_r_v

namespace ws::detail {

/// F is invoked on the elements of Its: f(*it1, *it2, ...), the calls of
/// for_each, transform and a transform_reduce's transform. F copies: the
/// standard asks it of every policy overload, and each thread runs a copy.
template <class F, class... Its>
concept indirectly_invocable = std::copy_constructible<F> && std::invocable<F&, std::iter_reference_t<Its>...>;

/// The type f(*it1, *it2, ...) yields.
template <class F, class... Its>
using indirect_invoke_result_t = std::invoke_result_t<F&, std::iter_reference_t<Its>...>;

/// pred(*it1, *it2, ...) tests as a bool: unary predicates (find_if,
/// count_if, partition, ...) and binary ones over one range (adjacent_find,
/// unique) or two (equal, mismatch, search).
template <class Pred, class... Its>
concept indirect_predicate = std::copy_constructible<Pred> && std::predicate<Pred&, std::iter_reference_t<Its>...>;

/// pred(*it, value) tests as a bool: search_n's predicate.
template <class Pred, class It, class T>
concept indirect_value_predicate = std::copy_constructible<Pred> &&
                                   std::predicate<Pred&, std::iter_reference_t<It>, const T&>;

/// *it == value tests as a bool: find, count, remove, replace and the other
/// algorithms that look for a value.
template <class It, class T>
concept indirectly_equality_comparable_to = indirect_value_predicate<std::equal_to<>, It, T>;

/// comp(*a, *b) tests as a bool for every two elements a and b of the ranges,
/// whichever range each comes from: the comparators of the algorithms that
/// read ordered ranges without moving their elements (min_element,
/// is_sorted, is_heap, merge, includes, the set operations,
/// lexicographical_compare). The standard asks the ranges to be sorted with
/// respect to comp, which compares within each range, and the parallel merges
/// and set operations cut both ranges at an element of one. One range: It2 is
/// It1.
template <class Comp, class It1, class It2 = It1>
concept indirect_ordering = indirect_predicate<Comp, It1, It1> && indirect_predicate<Comp, It1, It2> &&
                            indirect_predicate<Comp, It2, It1> && indirect_predicate<Comp, It2, It2>;

/// f(a, b) is valid and converts to R.
template <class F, class R, class A, class B>
concept invocable_to = std::is_invocable_r_v<R, F, A, B>;

/// op joins sums of type T and elements of type A in every combination,
/// each result converting to T: a reduction's grouping and order are
/// unspecified, so reduce (and std::reduce, its sequential form) may call any
/// of the four (the standard's Mandates for std::reduce and
/// std::transform_reduce).
template <class Op, class T, class A>
concept reduction_operation = std::copy_constructible<Op> && std::move_constructible<T> &&
                              invocable_to<Op&, T, T, T> && invocable_to<Op&, T, T, A> &&
                              invocable_to<Op&, T, A, T> && invocable_to<Op&, T, A, A>;

/// op(sum, a) and op(sum, sum) convert to Sum: a scan adds each element to
/// the sum of those before it and joins the sums of neighbouring tiles, always
/// with the earlier one first.
template <class Op, class Sum, class A>
concept scan_operation = std::copy_constructible<Op> && std::move_constructible<Sum> &&
                         invocable_to<Op&, Sum, const Sum&, A> && invocable_to<Op&, Sum, const Sum&, const Sum&>;

/// gen() is valid: generate's generator.
template <class Gen>
concept generator = std::copy_constructible<Gen> && std::invocable<Gen&>;

}  // namespace ws::detail
