# SPDX-License-Identifier: MIT
# ctest script: install pstl_ws into a scratch prefix, build the consumer
# against it with find_package, build it again through add_subdirectory, and
# run both. Variables: BUILD_DIR (our build tree), SOURCE_DIR, WORK_DIR.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${output}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file lib/cmake/pstl_ws/pstl_wsConfig.cmake lib/cmake/pstl_ws/pstl_wsConfigVersion.cmake
             include/pstl_ws/thread_pool.hpp)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install tree lacks ${file}")
  endif()
endforeach()

set(consumer ${SOURCE_DIR}/tests/install/consumer)
run(${CMAKE_COMMAND} -S ${consumer} -B ${WORK_DIR}/installed -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/installed)
run(${WORK_DIR}/installed/consumer)

run(${CMAKE_COMMAND} -S ${consumer} -B ${WORK_DIR}/subdirectory -DPSTL_WS_SOURCE_DIR=${SOURCE_DIR} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/subdirectory)
run(${WORK_DIR}/subdirectory/consumer)
message(STATUS "find_package and add_subdirectory consumers built and ran")
