# SPDX-License-Identifier: MIT
# std_par_on_ws for CMake (docs/std-par-on-ws.md):
#   PSTL_WS_STD_PAR_ON_WS_SUPPORTED  whether this toolchain's standard library
#     is one whose PSTL backend interface ws_backend.hpp implements. The check
#     compiles version_gate.hpp, so the header's own #error conditions decide
#     (a compiler-version test would miss clang++ on libstdc++ 12, or a GCC 12
#     configured with another libstdc++).
#   pstl_ws_use_std_par_on_ws(<target>)  compiles the target's sources with
#     libstdc++'s parallel algorithms running on the ws pool, and links
#     pstl_ws (never TBB).
include_guard(GLOBAL)
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)

cmake_push_check_state(RESET)
set(CMAKE_REQUIRED_QUIET ON)
set(CMAKE_REQUIRED_FLAGS "${CMAKE_CXX20_STANDARD_COMPILE_OPTION}")
set(CMAKE_REQUIRED_DEFINITIONS -D_GLIBCXX_USE_TBB_PAR_BACKEND=0)
set(CMAKE_REQUIRED_INCLUDES ${CMAKE_CURRENT_LIST_DIR})
check_cxx_source_compiles("#include \"version_gate.hpp\"\nint main() { return 0; }" PSTL_WS_STD_PAR_ON_WS_SUPPORTED)
cmake_pop_check_state()

function(pstl_ws_use_std_par_on_ws target)
  if(NOT PSTL_WS_STD_PAR_ON_WS_SUPPORTED)
    message(FATAL_ERROR "pstl_ws_use_std_par_on_ws(${target}): this standard library is not one std_par_on_ws "
      "supports (libstdc++ with PSTL 12000); test PSTL_WS_STD_PAR_ON_WS_SUPPORTED first")
  endif()
  target_compile_definitions(${target} PRIVATE _GLIBCXX_USE_TBB_PAR_BACKEND=0)
  # SHELL: keeps the pair together (CMake de-duplicates single options).
  target_compile_options(${target} PRIVATE "SHELL:-include ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ws_backend.hpp")
  target_link_libraries(${target} PRIVATE pstl_ws::pstl_ws)
endfunction()
