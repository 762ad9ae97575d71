# SPDX-License-Identifier: MIT
# ctest script: the Debian package. Builds the library alone from the sources
# as a packager would (Release, prefix /usr), makes the .deb with `cpack -G
# DEB`, checks its name, dependencies and files, unpacks it into a scratch root
# (dpkg-deb -x: the machine's /usr stays untouched, and no root is needed),
# and builds and runs examples/ against what it unpacked. Variables:
# SOURCE_DIR, WORK_DIR, CXX, CPACK, CTEST.
cmake_minimum_required(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_CXX_COMPILER=${CXX})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build -j 2)
run(${CMAKE_COMMAND} -E chdir ${WORK_DIR}/build ${CPACK} -G DEB)
file(GLOB packages ${WORK_DIR}/build/libpstl-ws-dev_*.deb)
list(LENGTH packages count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack made ${count} packages named libpstl-ws-dev_*.deb, not 1")
endif()

run(dpkg-deb --field ${packages} Package Depends Section)
foreach(field IN ITEMS "Package: libpstl-ws-dev" "Section: libdevel" "libboost-context-dev (>= 1.74)" "libstdc++-12-dev")
  string(FIND "${run_output}" "${field}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package's control fields lack '${field}':\n${run_output}")
  endif()
endforeach()

run(dpkg-deb --contents ${packages})
foreach(file IN ITEMS "/usr/include/pstl_ws/thread_pool.hpp" "/usr/include/pstl_ws/std_execution.hpp"
                      "/libpstl_ws.a" "/cmake/pstl_ws/pstl_wsConfig.cmake" "/pkgconfig/pstl_ws.pc"
                      "/usr/share/doc/pstl_ws/LICENSE")
  string(FIND "${run_output}" "${file}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package lacks ${file}:\n${run_output}")
  endif()
endforeach()

run(dpkg-deb -x ${packages} ${WORK_DIR}/root)
run_examples(${WORK_DIR}/root/usr ${WORK_DIR}/examples)
message(STATUS "the package's files, dependencies and examples built against it all hold")
