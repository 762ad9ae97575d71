// SPDX-License-Identifier: MIT
// version_gate: stops the build of std_par_on_ws (docs/std-par-on-ws.md) with a
// message, instead of letting it misbehave, when the standard library is not
// the one whose backend interface ws_backend.hpp implements. Needs nothing but
// the standard library, so CMake compiles it alone to decide whether the
// targets that use the backend can be built (std_par_on_ws.cmake).
#pragma once

#include <version>  // the standard library's configuration (bits/c++config.h on libstdc++)

#define PSTL_WS_GATE_STRINGIFY(x) #x
#define PSTL_WS_GATE_TEXT(x) PSTL_WS_GATE_STRINGIFY(x)

#if !defined(__GLIBCXX__)
#error "std_par_on_ws runs libstdc++'s parallel algorithms on ws: it needs libstdc++"
#elif !defined(_PSTL_PAR_BACKEND_SERIAL)
#error "std_par_on_ws replaces libstdc++'s serial PSTL backend: compile with -D_GLIBCXX_USE_TBB_PAR_BACKEND=0"
#else
#include <pstl/pstl_config.h>
// libstdc++ 12 (GCC 12) ships Intel's PSTL as _PSTL_VERSION 12000: ten backend
// entry points, policy first, no tag. The PSTL of GCC 14 (17000) adds a
// leading backend-tag parameter to every entry point; other versions are
// untested. Only the one we test is accepted.
#if _PSTL_VERSION != 12000
#pragma message("libstdc++ PSTL version found: _PSTL_VERSION " PSTL_WS_GATE_TEXT(_PSTL_VERSION))
#error "std_par_on_ws implements the backend interface of libstdc++'s PSTL 12000 (GCC 12) only; this libstdc++ has another PSTL version (see the message above)"
#endif
#endif
