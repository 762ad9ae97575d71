// SPDX-License-Identifier: MIT
// The opt-in drop-in: after this header, std::ALGO(ws::par, ...) calls
// ws::ALGO. Include it before any code that makes such calls, or pass
// `-include pstl_ws/std.hpp`. Mechanism, include order and the standard's
// rules on namespace std: docs/drop-in.md.
#pragma once

#include "pstl_ws/detail/requires_cxx20.hpp"

#include <algorithm>  // std's own overloads, beside which the using-declarations below put ws's
#include <numeric>    // the same

#include "pstl_ws/algorithm.hpp"
#include "pstl_ws/detail/algorithm_names.hpp"
#include "pstl_ws/memory.hpp"
#include "pstl_ws/numeric.hpp"

// One entity per name: ws::NAME is brought into std by a using-declaration
// rather than declared twice, so that std::NAME(ws::par, ...), ws::NAME(ws::par,
// ...) and an unqualified NAME(ws::par, ...) that finds both namespaces by ADL
// all resolve to the same function without ambiguity. Every ws::NAME takes
// ws::basic_policy<Kind> by value as its first parameter: libstdc++'s own
// templates are constrained to standard policies, and no serial overload of
// the same arity can take a policy where it expects an iterator.
namespace std {
#define PSTL_WS_USING_IN_STD(name) using ::ws::name;
PSTL_WS_ALGORITHM_NAMES(PSTL_WS_USING_IN_STD)
#undef PSTL_WS_USING_IN_STD
}  // namespace std
