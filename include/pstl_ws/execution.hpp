// SPDX-License-Identifier: MIT
// Execution policies: ws::seq, ws::unseq, ws::par, ws::par_unseq, one class
// template, our own trait, and the options a policy can carry (the pool to run
// on, a grain). docs/drop-in.md explains how they reach the std:: names.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <cstddef>
#include <type_traits>  // for std::bool_constant, std::remove_cvref_t

namespace ws {

class thread_pool;

/// The four kinds of execution the standard names. seq and unseq run on the
/// calling thread; par and par_unseq run on a pool.
enum class execution_kind { seq, unseq, par, par_unseq };

/// An execution policy: a kind plus options. Trivially copyable and two words,
/// so algorithms take it by value. We deliberately do not specialize
/// std::is_execution_policy for it (that is undefined behaviour, and would make
/// libstdc++ try to run it itself); use ws::is_execution_policy_v.
template <execution_kind Kind>
class basic_policy {
 public:
  /// Which of the four kinds this policy is.
  static constexpr execution_kind kind = Kind;
  /// Whether algorithms run this policy on a pool.
  static constexpr bool is_parallel = Kind == execution_kind::par || Kind == execution_kind::par_unseq;

  constexpr basic_policy() noexcept = default;

  /// The same policy, running on `pool` instead of the current or global pool.
  /// The pool must outlive every call made with the returned policy.
  [[nodiscard]] constexpr basic_policy on(thread_pool& pool) const noexcept {
    basic_policy result = *this;
    result.m_pool = &pool;
    return result;
  }

  /// The same policy with a grain: no parallel leaf gets fewer than
  /// `min_elements` elements (0 restores each algorithm's default), and an input
  /// of fewer than twice that many runs on the calling thread.
  [[nodiscard]] constexpr basic_policy grain(std::size_t min_elements) const noexcept {
    basic_policy result = *this;
    result.m_grain = min_elements;
    return result;
  }

  /// The pool set with on(), or nullptr for the default: the pool the calling
  /// worker belongs to, or the global pool from a thread outside every pool.
  [[nodiscard]] constexpr thread_pool* pool() const noexcept { return m_pool; }
  /// The grain set with grain(), or 0 for the algorithm's default.
  [[nodiscard]] constexpr std::size_t grain() const noexcept { return m_grain; }

 private:
  thread_pool* m_pool = nullptr;
  std::size_t m_grain = 0;
};

/// The policies' types, under the names of std::execution's.
using sequenced_policy = basic_policy<execution_kind::seq>;
using unsequenced_policy = basic_policy<execution_kind::unseq>;
using parallel_policy = basic_policy<execution_kind::par>;
using parallel_unsequenced_policy = basic_policy<execution_kind::par_unseq>;

/// The four policies. seq and unseq run the sequential algorithm on the
/// calling thread; par and par_unseq run on a pool (random-access iterators
/// and inputs above the algorithm's threshold: docs/algorithms.md), par_unseq
/// exactly as par.
inline constexpr sequenced_policy seq{};
inline constexpr unsequenced_policy unseq{};
inline constexpr parallel_policy par{};
inline constexpr parallel_unsequenced_policy par_unseq{};

/// True for ws's policies (any cv-ref qualification is not stripped: use
/// std::remove_cvref_t, as for std::is_execution_policy_v).
template <class T>
inline constexpr bool is_execution_policy_v = false;
template <execution_kind Kind>
inline constexpr bool is_execution_policy_v<basic_policy<Kind>> = true;

/// is_execution_policy_v as a type, std::is_execution_policy's counterpart.
template <class T>
struct is_execution_policy : std::bool_constant<is_execution_policy_v<T>> {};

/// A ws execution policy, after removing references and cv-qualifiers.
template <class T>
concept execution_policy = is_execution_policy_v<std::remove_cvref_t<T>>;

}  // namespace ws
