// SPDX-License-Identifier: MIT
// projection: a range algorithm's function object and projections folded into
// the one function object its iterator algorithm takes, so that ws::ranges
// runs the same parallel patterns as ws:: (no second body of any algorithm).
// docs/ranges.md#projections.
#pragma once

#include <concepts>  // for std::equality_comparable
#include <functional>  // for std::identity, std::invoke
#include <iterator>  // for std::indirectly_readable, std::indirectly_regular_unary_invocable, std::iter_value_t
#include <type_traits>  // for std::invoke_result_t, std::is_empty_v, std::is_same_v, std::remove_cvref_t
#include <utility>  // for std::forward, std::move

namespace ws::detail {

/// f with the projection proj applied to every argument: f(proj(a), proj(b),
/// ...). Copies as cheaply as f and proj do (each thread of a parallel call
/// runs a copy, as the standard allows).
template <class F, class Proj>
class projected_fn {
 public:
  constexpr projected_fn(F f, Proj proj) : m_f(std::move(f)), m_proj(std::move(proj)) {}

  template <class... Args>
  constexpr auto operator()(Args&&... args)
      -> decltype(std::invoke(std::declval<F&>(), std::invoke(std::declval<Proj&>(), std::forward<Args>(args))...)) {
    return std::invoke(m_f, std::invoke(m_proj, std::forward<Args>(args))...);
  }

  template <class... Args>
  constexpr auto operator()(Args&&... args) const -> decltype(std::invoke(
      std::declval<const F&>(), std::invoke(std::declval<const Proj&>(), std::forward<Args>(args))...)) {
    return std::invoke(m_f, std::invoke(m_proj, std::forward<Args>(args))...);
  }

  /// The function and the projection, for the algorithms that take the two
  /// apart (the radix sort reads keys through the projection).
  constexpr const F& function() const noexcept { return m_f; }
  constexpr const Proj& projection() const noexcept { return m_proj; }

 private:
  F m_f;
  Proj m_proj;
};

/// f(proj1(a), proj2(b)): a binary function object over two ranges, each with
/// its own projection (transform, mismatch, equal, find_first_of, search).
/// The iterator algorithms these serve always pass the first range's element
/// first.
template <class F, class Proj1, class Proj2>
class projected_pair_fn {
 public:
  constexpr projected_pair_fn(F f, Proj1 proj1, Proj2 proj2)
      : m_f(std::move(f)), m_proj1(std::move(proj1)), m_proj2(std::move(proj2)) {}

  template <class A, class B>
  constexpr auto operator()(A&& a, B&& b) -> decltype(std::invoke(
      std::declval<F&>(), std::invoke(std::declval<Proj1&>(), std::forward<A>(a)),
      std::invoke(std::declval<Proj2&>(), std::forward<B>(b)))) {
    return std::invoke(m_f, std::invoke(m_proj1, std::forward<A>(a)), std::invoke(m_proj2, std::forward<B>(b)));
  }

  template <class A, class B>
  constexpr auto operator()(A&& a, B&& b) const -> decltype(std::invoke(
      std::declval<const F&>(), std::invoke(std::declval<const Proj1&>(), std::forward<A>(a)),
      std::invoke(std::declval<const Proj2&>(), std::forward<B>(b)))) {
    return std::invoke(m_f, std::invoke(m_proj1, std::forward<A>(a)), std::invoke(m_proj2, std::forward<B>(b)));
  }

 private:
  F m_f;
  Proj1 m_proj1;
  Proj2 m_proj2;
};

/// Whether proj1 and proj2 are one function, so that one comparator can
/// project every argument, whichever range it comes from: the same type, and
/// either stateless (an empty class: std::identity, a lambda without
/// captures) or equal (data member and function pointers). Two copies of a
/// lambda with captures cannot be told apart from two different ones: false.
template <class Proj1, class Proj2>
constexpr bool same_projection([[maybe_unused]] const Proj1& proj1, [[maybe_unused]] const Proj2& proj2) {
  if constexpr (!std::is_same_v<Proj1, Proj2>) {
    return false;
  } else if constexpr (std::is_empty_v<Proj1>) {
    return true;
  } else if constexpr (std::equality_comparable<Proj1>) {
    return proj1 == proj2;
  } else {
    return false;
  }
}

/// The value type of what proj gives for an element of I (C++26's
/// std::projected_value_t): the default type of the value the algorithms
/// that look for one take, so that a braced value ({1, 2}) can be given.
template <std::indirectly_readable I, std::indirectly_regular_unary_invocable<I> Proj>
using projected_value_t = std::remove_cvref_t<std::invoke_result_t<Proj&, std::iter_value_t<I>&>>;

/// f composed with proj; f itself when proj is std::identity, so that the
/// iterator algorithm still recognises it (std::ranges::less takes the
/// radix sort, std::ranges::equal_to a memcmp-able walk).
template <class F, class Proj>
constexpr auto projected(F f, Proj proj) {
  if constexpr (std::is_same_v<Proj, std::identity>) {
    return f;
  } else {
    return projected_fn<F, Proj>(std::move(f), std::move(proj));
  }
}

/// f composed with one projection per argument; f itself when both are
/// std::identity.
template <class F, class Proj1, class Proj2>
constexpr auto projected(F f, Proj1 proj1, Proj2 proj2) {
  if constexpr (std::is_same_v<Proj1, std::identity> && std::is_same_v<Proj2, std::identity>) {
    return f;
  } else {
    return projected_pair_fn<F, Proj1, Proj2>(std::move(f), std::move(proj1), std::move(proj2));
  }
}

}  // namespace ws::detail
