# SPDX-License-Identifier: MIT
# std_execution (docs/std-execution.md): the target pstl_ws::std_execution. A
# target that links it has every std::ALGO(std::execution::par, ...) of its
# sources run libstdc++'s parallel algorithms on the ws pool: it forces
# pstl_ws/std_execution.hpp ahead of each source and links pstl_ws (never
# TBB). With a standard library it does not support, compiling such a source
# stops at the header's one #error, which names what it found.
#
# PSTL_WS_STD_EXECUTION_SUPPORTED: whether this toolchain is one the header
# accepts, for our own tests and harness. The check compiles the header's
# version gate alone, so the gate alone decides (a compiler-version test would
# miss clang++ on libstdc++ 12, or a GCC 12 configured with another libstdc++).
include_guard(GLOBAL)
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)

add_library(pstl_ws_std_execution INTERFACE)
add_library(pstl_ws::std_execution ALIAS pstl_ws_std_execution)
set_target_properties(pstl_ws_std_execution PROPERTIES EXPORT_NAME std_execution)
# The header by its full path, in the build tree or the install tree (which
# may move: $<INSTALL_PREFIX> is where it was found). SHELL: keeps -include
# and its file together (CMake de-duplicates single options).
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(pstl_ws_installed_includedir "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(pstl_ws_installed_includedir "$<INSTALL_PREFIX>/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
target_compile_options(pstl_ws_std_execution INTERFACE
  "SHELL:-include $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include/pstl_ws/std_execution.hpp>$<INSTALL_INTERFACE:${pstl_ws_installed_includedir}/pstl_ws/std_execution.hpp>")
target_link_libraries(pstl_ws_std_execution INTERFACE pstl_ws)

cmake_push_check_state(RESET)
set(CMAKE_REQUIRED_QUIET ON)
set(CMAKE_REQUIRED_FLAGS "${CMAKE_CXX20_STANDARD_COMPILE_OPTION}")
set(CMAKE_REQUIRED_INCLUDES ${PROJECT_SOURCE_DIR}/include)
check_cxx_source_compiles("#include <pstl_ws/std_execution/version_gate.hpp>\nint main() { return 0; }"
  PSTL_WS_STD_EXECUTION_SUPPORTED)
cmake_pop_check_state()
