// SPDX-License-Identifier: MIT
// policies: std::execution's policy classes and objects for a translation unit
// that opted into std_execution, in place of libstdc++'s pstl/execution_defs.h
// (whose include guard this header claims). They are the same four classes
// with the members libstdc++'s patterns ask them, declared in an inline
// namespace of their own, so every template instantiated with them
// (std::sort<const parallel_policy&, ...>, the patterns, the backend's entry
// points) has a mangled name of its own: a program whose other translation
// units did not opt in keeps their instantiations apart from ours, and a
// function taking a policy across that boundary fails to link instead of
// running with the wrong backend. docs/std-execution.md#mixed-programs.
#pragma once

#include <type_traits>  // for std::bool_constant, std::enable_if_t, std::remove_cvref_t

// Claimed before any standard header can include libstdc++'s definitions.
#define _PSTL_EXECUTION_POLICY_DEFS_H

namespace __pstl::execution {
inline namespace __ws_v1 {

/// What libstdc++'s patterns ask a policy: may they run its elements unsequenced
/// on one thread (vectorised), and in parallel on several.
template <bool Unsequenced, bool Parallel>
class __policy_kind {
 public:
  static constexpr std::bool_constant<Unsequenced> __allow_unsequenced() noexcept { return {}; }
  static constexpr std::bool_constant<Unsequenced> __allow_vector() noexcept { return {}; }
  static constexpr std::bool_constant<Parallel> __allow_parallel() noexcept { return {}; }
};

class sequenced_policy : public __policy_kind<false, false> {};
class parallel_policy : public __policy_kind<false, true> {};
class parallel_unsequenced_policy : public __policy_kind<true, true> {};
class unsequenced_policy : public __policy_kind<true, false> {};

inline constexpr sequenced_policy seq{};
inline constexpr parallel_policy par{};
inline constexpr parallel_unsequenced_policy par_unseq{};
inline constexpr unsequenced_policy unseq{};

template <class T>
struct is_execution_policy : std::false_type {};
template <>
struct is_execution_policy<sequenced_policy> : std::true_type {};
template <>
struct is_execution_policy<parallel_policy> : std::true_type {};
template <>
struct is_execution_policy<parallel_unsequenced_policy> : std::true_type {};
template <>
struct is_execution_policy<unsequenced_policy> : std::true_type {};

template <class T>
inline constexpr bool is_execution_policy_v = is_execution_policy<T>::value;

}  // namespace __ws_v1
}  // namespace __pstl::execution

namespace __pstl::__internal {

/// T when Policy is an execution policy: how libstdc++'s parallel overloads
/// step aside for the serial ones.
template <class Policy, class T>
using __enable_if_execution_policy =
    std::enable_if_t<__pstl::execution::is_execution_policy<std::remove_cvref_t<Policy>>::value, T>;

}  // namespace __pstl::__internal
