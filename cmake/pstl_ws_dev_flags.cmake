# SPDX-License-Identifier: MIT
# pstl_ws_dev_flags: warnings and sanitizers for our own targets (not exported:
# a consumer of the installed library chooses its own flags).
include(GNUInstallDirs)

add_library(pstl_ws_dev_flags INTERFACE)
# clang 19 reports libstdc++ 12's own call of its deprecated get_temporary_buffer
# (in stable_sort and inplace_merge) at every instantiation: not our code.
set(pstl_ws_clang19 "$<AND:$<CXX_COMPILER_ID:Clang>,$<VERSION_GREATER_EQUAL:$<CXX_COMPILER_VERSION>,19>>")
target_compile_options(pstl_ws_dev_flags INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
  $<$<CXX_COMPILER_ID:Clang>:-Wthread-safety>
  $<${pstl_ws_clang19}:-Wno-deprecated-declarations>
  $<$<BOOL:${PSTL_WS_WARNINGS_AS_ERRORS}>:-Werror>)

if(PSTL_WS_SANITIZE)
  set(known_sanitizers address undefined thread)
  foreach(sanitizer IN LISTS PSTL_WS_SANITIZE)
    if(NOT sanitizer IN_LIST known_sanitizers)
      message(FATAL_ERROR "PSTL_WS_SANITIZE: unknown sanitizer '${sanitizer}' (use 'address;undefined' or 'thread')")
    endif()
  endforeach()
  if("thread" IN_LIST PSTL_WS_SANITIZE AND "address" IN_LIST PSTL_WS_SANITIZE)
    message(FATAL_ERROR "PSTL_WS_SANITIZE: 'thread' cannot be combined with 'address'")
  endif()
  list(JOIN PSTL_WS_SANITIZE "," sanitizers)
  # The whole build gets the flags, so that inline code of our headers compiled
  # into tests is instrumented as well as the runtime.
  add_compile_options(-fsanitize=${sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${sanitizers})
endif()
