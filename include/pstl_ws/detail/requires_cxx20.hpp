// SPDX-License-Identifier: MIT
// The language check every public header makes first: compiled as C++17 or
// older, pstl_ws stops with one line that names what it needs, instead of
// hundreds of errors from the concepts and ranges it is written in.
#pragma once

#if defined(_MSVC_LANG)
#define PSTL_WS_CPLUSPLUS _MSVC_LANG
#else
#define PSTL_WS_CPLUSPLUS __cplusplus
#endif

#if PSTL_WS_CPLUSPLUS < 202002L
#error "pstl_ws needs C++20 or later: compile with -std=c++20 (CMake: target_compile_features(... cxx_std_20), which linking pstl_ws::pstl_ws does for you)"
// #error lets the compiler go on into the headers below; a missing include is
// fatal, so compilation ends here, after the line above.
#include "pstl_ws: compilation stopped: C++20 required"
#endif
