// SPDX-License-Identifier: MIT
// version_gate: stops a translation unit that opted into std_execution
// (docs/std-execution.md) with a message naming what it found, instead of
// letting it misbehave, when the standard library is not the one whose PSTL
// backend interface pstl_ws/std_execution.hpp implements. It includes nothing
// but <version>, so CMake compiles it alone to decide whether a toolchain is
// supported (cmake/pstl_ws_std_execution.cmake).
#pragma once

// libstdc++ decides its PSTL backend once, in bits/c++config.h, and declares
// the policies in pstl/execution_defs.h: both must still be ahead. Exactly one
// #error fires when something is wrong; PSTL_WS_STD_EXECUTION_GATE_PASSED says
// that none did, and std_execution.hpp declares nothing without it.
#if defined(_GLIBCXX_RELEASE) || defined(_PSTL_EXECUTION_POLICY_DEFS_H)
#error "pstl_ws/std_execution.hpp must come before every standard header: force it with -include pstl_ws/std_execution.hpp (or link the CMake target pstl_ws::std_execution)"
#else
// The serial backend, which std_execution.hpp replaces; an explicit
// -D_GLIBCXX_USE_TBB_PAR_BACKEND=0 is the same definition.
#ifndef _GLIBCXX_USE_TBB_PAR_BACKEND
#define _GLIBCXX_USE_TBB_PAR_BACKEND 0
#endif

#include <version>  // the standard library's configuration (bits/c++config.h on libstdc++)

#define PSTL_WS_STD_EXECUTION_STRINGIFY(x) #x
#define PSTL_WS_STD_EXECUTION_TEXT(x) PSTL_WS_STD_EXECUTION_STRINGIFY(x)

#if !defined(__GLIBCXX__)
#error "pstl_ws/std_execution.hpp runs libstdc++'s parallel algorithms on the ws pool: it needs libstdc++ (with libc++ or MSVC's library, call ws::ALGO(ws::par, ...) instead)"
#elif !defined(_PSTL_PAR_BACKEND_SERIAL)
#error "pstl_ws/std_execution.hpp replaces libstdc++'s serial PSTL backend, but this translation unit selects the TBB one: remove -D_GLIBCXX_USE_TBB_PAR_BACKEND=1"
#elif _GLIBCXX_RELEASE != 12 || _PSTL_VERSION != 12000
// libstdc++ 12 (GCC 12) ships Intel's PSTL as _PSTL_VERSION 12000: ten backend
// entry points, policy first, no tag. GCC 13 reports the same version but is
// untested here; GCC 14's PSTL (17000) adds a leading backend-tag parameter
// to every entry point. Only the library we build and test is accepted.
#pragma message("found libstdc++ " PSTL_WS_STD_EXECUTION_TEXT(_GLIBCXX_RELEASE) " with _PSTL_VERSION " PSTL_WS_STD_EXECUTION_TEXT(_PSTL_VERSION))
#error "pstl_ws/std_execution.hpp implements the PSTL backend interface of libstdc++ 12 (_PSTL_VERSION 12000) only; this is another version (see the message above and docs/std-execution.md#other-versions)"
#else
#define PSTL_WS_STD_EXECUTION_GATE_PASSED 1
#endif
#endif
