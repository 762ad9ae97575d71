// SPDX-License-Identifier: MIT
// standard_policies: the standard execution policies as arguments of the ws::
// algorithms. ws::ALGO(std::execution::par, ...) is ws::ALGO(ws::par, ...),
// and likewise seq, unseq and par_unseq, as HPX's algorithms take them: a code
// base switches by changing the algorithms' namespace alone. One generic
// overload per name of algorithm_names.hpp does it. docs/drop-in.md.
#pragma once

#include <type_traits>  // for std::remove_cvref_t
#include <utility>  // for std::forward

#include "pstl_ws/detail/algorithm_names.hpp"
#include "pstl_ws/execution.hpp"

// The standard's policy classes, found without <execution> where possible:
// libstdc++ declares them in a light header that <algorithm> includes anyway,
// while its <execution> brings the whole parallel backend (TBB's headers where
// they are installed), seconds of compile time that no caller of ws:: should
// pay. A standard library without them (libc++ 16) gets no overloads.
#if defined(__GLIBCXX__) && __has_include(<pstl/execution_defs.h>)
#include <pstl/execution_defs.h>
#define PSTL_WS_STANDARD_POLICIES 1
namespace ws::detail::standard {
using namespace ::__pstl::execution;
}  // namespace ws::detail::standard
#elif __has_include(<execution>)
#include <execution>
#if defined(__cpp_lib_execution)
#define PSTL_WS_STANDARD_POLICIES 1
namespace ws::detail::standard {
using namespace ::std::execution;
}  // namespace ws::detail::standard
#endif
#endif

#if PSTL_WS_STANDARD_POLICIES
namespace ws::detail {

/// The ws policy of the same kind as a standard one.
constexpr sequenced_policy ws_policy_for(const standard::sequenced_policy&) noexcept { return seq; }
constexpr unsequenced_policy ws_policy_for(const standard::unsequenced_policy&) noexcept { return unseq; }
constexpr parallel_policy ws_policy_for(const standard::parallel_policy&) noexcept { return par; }
constexpr parallel_unsequenced_policy ws_policy_for(const standard::parallel_unsequenced_policy&) noexcept {
  return par_unseq;
}

/// A standard execution policy (after removing references and cv-qualifiers).
template <class P>
concept standard_policy = requires(const std::remove_cvref_t<P>& policy) { ws_policy_for(policy); };

}  // namespace ws::detail

namespace ws {

// ws::NAME(standard policy, args...) calls ws::NAME(ws policy, args...). The
// call is unqualified so that argument-dependent lookup, through the ws
// policy, finds every ws::NAME declared by the point of instantiation, not
// only those declared above; the forwarder itself never matches a ws policy.
// Under <pstl_ws/std.hpp>, std::NAME(std::execution::par, ...) still calls
// the standard library's own algorithm: its overload, without a parameter
// pack, is the more specialized one.
#define PSTL_WS_STANDARD_POLICY_OVERLOAD(name)                                                    \
  template <::ws::detail::standard_policy Policy, class... Args>                                  \
  auto name(Policy&& policy, Args&&... args)                                                      \
      ->decltype(name(::ws::detail::ws_policy_for(policy), std::forward<Args>(args)...)) {        \
    return name(::ws::detail::ws_policy_for(policy), std::forward<Args>(args)...);                \
  }
PSTL_WS_ALGORITHM_NAMES(PSTL_WS_STANDARD_POLICY_OVERLOAD)
#undef PSTL_WS_STANDARD_POLICY_OVERLOAD

}  // namespace ws
#endif
