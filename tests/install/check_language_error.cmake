# SPDX-License-Identifier: MIT
# ctest script: each public header, compiled as C++17, must stop with our one
# #error naming the requirement (and the fatal include that ends compilation
# there), never the hundreds of errors a C++20 header gives an older
# compiler mode. Variables: CXX, SOURCE_DIR, WORK_DIR.
file(MAKE_DIRECTORY ${WORK_DIR})
file(GLOB headers RELATIVE ${SOURCE_DIR}/include ${SOURCE_DIR}/include/pstl_ws/*.hpp)
list(REMOVE_ITEM headers pstl_ws/version.hpp)  # plain macros: fine in any mode
foreach(header IN LISTS headers)
  string(MAKE_C_IDENTIFIER ${header} name)
  file(WRITE ${WORK_DIR}/${name}.cpp "#include <${header}>\nint main() { return 0; }\n")
  execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -I${SOURCE_DIR}/include ${WORK_DIR}/${name}.cpp
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  string(REGEX MATCHALL "error:" errors "${output}")
  list(LENGTH errors count)
  if(result EQUAL 0 OR NOT output MATCHES "pstl_ws needs C\\+\\+20 or later" OR count GREATER 2)
    message(FATAL_ERROR "<${header}> as C++17: expected our #error and nothing more, got ${count} errors:\n${output}")
  endif()
endforeach()
list(LENGTH headers checked)
message(STATUS "${checked} public headers each stop C++17 with the one #error")
