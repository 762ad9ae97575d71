// SPDX-License-Identifier: MIT
// ws::ranges::uninitialized_copy, uninitialized_copy_n, uninitialized_move,
// uninitialized_move_n, uninitialized_fill, uninitialized_fill_n,
// uninitialized_default_construct(_n), uninitialized_value_construct(_n),
// destroy and destroy_n: the ws:: walks over raw memory, the copies into a
// bounded output (P3179). docs/ranges.md.
#pragma once

#include <concepts>  // for std::constructible_from, std::default_initializable, std::destructible, std::same_as
#include <iterator>  // for std::iter_reference_t, std::iter_value_t, std::random_access_iterator, ...
#include <ranges>
#include <type_traits>  // for std::is_lvalue_reference_v, std::remove_cvref_t

#include "pstl_ws/memory/destroy.hpp"
#include "pstl_ws/memory/uninitialized.hpp"
#include "pstl_ws/ranges/copy.hpp"
#include "pstl_ws/ranges/range_forms.hpp"

namespace ws::ranges {

/// An iterator over raw memory the algorithms below construct objects in or
/// destroy them from (the standard's nothrow-random-access-iterator): random
/// access, its reference an lvalue of its value type, so that it addresses
/// objects, and (a semantic requirement) none of its operations throws.
template <class I>
concept nothrow_random_access_iterator =
    std::random_access_iterator<I> && std::is_lvalue_reference_v<std::iter_reference_t<I>> &&
    std::same_as<std::remove_cvref_t<std::iter_reference_t<I>>, std::iter_value_t<I>>;

/// A sized random-access range of such iterators.
template <class R>
concept nothrow_sized_random_access_range =
    sized_random_access_range<R> && nothrow_random_access_iterator<std::ranges::iterator_t<R>>;

// The ws:: walks the objects below run, and the iterators each takes.
struct uninitialized_copy_call {
  template <class I, class O>
  static constexpr bool writes =
      nothrow_random_access_iterator<O> && std::constructible_from<std::iter_value_t<O>, std::iter_reference_t<I>>;

  template <class Policy, class I, class O>
  O operator()(Policy policy, I first, I last, O result) const {
    return ws::uninitialized_copy(policy, first, last, result);
  }
};
struct uninitialized_move_call {
  template <class I, class O>
  static constexpr bool writes = nothrow_random_access_iterator<O> &&
                                 std::constructible_from<std::iter_value_t<O>, std::iter_rvalue_reference_t<I>>;

  template <class Policy, class I, class O>
  O operator()(Policy policy, I first, I last, O result) const {
    return ws::uninitialized_move(policy, first, last, result);
  }
};
struct uninitialized_fill_call {
  template <class I, class T>
  static constexpr bool writes =
      nothrow_random_access_iterator<I> && std::constructible_from<std::iter_value_t<I>, const T&>;

  template <class Policy, class I, class T>
  void operator()(Policy policy, I first, I last, const T& value) const {
    ws::uninitialized_fill(policy, first, last, value);
  }
};
struct uninitialized_default_construct_call {
  template <class T>
  static constexpr bool takes = std::default_initializable<T>;

  template <class Policy, class I>
  void operator()(Policy policy, I first, I last) const { ws::uninitialized_default_construct(policy, first, last); }
};
struct uninitialized_value_construct_call {
  template <class T>
  static constexpr bool takes = std::default_initializable<T>;

  template <class Policy, class I>
  void operator()(Policy policy, I first, I last) const { ws::uninitialized_value_construct(policy, first, last); }
};
struct destroy_call {
  template <class T>
  static constexpr bool takes = std::destructible<T>;

  template <class Policy, class I>
  void operator()(Policy policy, I first, I last) const { ws::destroy(policy, first, last); }
};

/// A range algorithm that builds or destroys, in place, every object of the
/// raw memory [first, last) (uninitialized_default_construct,
/// uninitialized_value_construct, destroy): Call runs the ws:: walk; returns
/// last. Its _n form takes [first, first + n) (nothing for n <= 0) and
/// returns first + max(n, 0).
template <class Call>
struct raw_memory_algorithm {
  template <execution_policy Ep, nothrow_random_access_iterator I, std::sized_sentinel_for<I> S>
    requires(Call::template takes<std::iter_value_t<I>>)
  I operator()(Ep&& policy, I first, S last) const {
    const I end = detail::end_of(first, last);
    Call{}(detail::as_ws_policy(policy), first, end);
    return end;
  }

  template <execution_policy Ep, nothrow_sized_random_access_range R>
    requires(Call::template takes<std::ranges::range_value_t<R>>)
  std::ranges::borrowed_iterator_t<R> operator()(Ep&& policy, R&& r) const {
    return (*this)(policy, std::ranges::begin(r), std::ranges::end(r));
  }
};
template <class Call>
struct raw_memory_n_algorithm {
  template <execution_policy Ep, nothrow_random_access_iterator I>
    requires(Call::template takes<std::iter_value_t<I>>)
  I operator()(Ep&& policy, I first, std::iter_difference_t<I> n) const {
    return raw_memory_algorithm<Call>{}(policy, first, first + (n > 0 ? n : 0));
  }
};

/// The standard's std::ranges algorithms of these names with a policy first
/// (C++26, P3179): uninitialized_copy(policy, in, out) and
/// uninitialized_move construct min(in length, out length) objects and
/// return {in + N, out + N}; the _n forms take the first n of the input;
/// uninitialized_fill(policy, r, x), uninitialized_default_construct(policy,
/// r), uninitialized_value_construct and destroy(policy, r) return the end
/// of r, their _n forms first + n. Complexity and exceptions (an exception
/// from a construction destroys what the call built): the ws:: algorithms of
/// the same names.
inline constexpr copy_algorithm<uninitialized_copy_call> uninitialized_copy{};
inline constexpr copy_n_algorithm<uninitialized_copy_call> uninitialized_copy_n{};
inline constexpr copy_algorithm<uninitialized_move_call> uninitialized_move{};
inline constexpr copy_n_algorithm<uninitialized_move_call> uninitialized_move_n{};
inline constexpr fill_algorithm<uninitialized_fill_call> uninitialized_fill{};
inline constexpr fill_n_algorithm<uninitialized_fill_call> uninitialized_fill_n{};
inline constexpr raw_memory_algorithm<uninitialized_default_construct_call> uninitialized_default_construct{};
inline constexpr raw_memory_n_algorithm<uninitialized_default_construct_call> uninitialized_default_construct_n{};
inline constexpr raw_memory_algorithm<uninitialized_value_construct_call> uninitialized_value_construct{};
inline constexpr raw_memory_n_algorithm<uninitialized_value_construct_call> uninitialized_value_construct_n{};
inline constexpr raw_memory_algorithm<destroy_call> destroy{};
inline constexpr raw_memory_n_algorithm<destroy_call> destroy_n{};

}  // namespace ws::ranges
