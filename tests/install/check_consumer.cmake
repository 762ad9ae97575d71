# SPDX-License-Identifier: MIT
# ctest script: install pstl_ws into a scratch prefix, then build and run the
# consumer programs (tests/install/consumer; one opts into
# pstl_ws::std_execution, by its CMake target or by -include) each way a
# project can use it:
# find_package on that prefix, pkg-config on it, add_subdirectory inside an
# exporting parent (which then installs), and FetchContent as a shared
# library. The two built from source use the default options, as a consumer
# would: their library must have no test hooks (nm finds none), and the shared
# one carries its soname. Variables: BUILD_DIR (our build tree), SOURCE_DIR,
# WORK_DIR, CXX (the compiler for the pkg-config build).
include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

function(require_files root)
  foreach(file IN LISTS ARGN)
    if(NOT EXISTS ${root}/${file})
      message(FATAL_ERROR "${root} lacks ${file}")
    endif()
  endforeach()
endfunction()

# build_consumer(<name> [cmake args...]): configures, builds and runs one consumer.
function(build_consumer name)
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/${name}
      -DCMAKE_BUILD_TYPE=Release ${ARGN})
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/${name} -j 2)
  run(${WORK_DIR}/${name}/consumer)
  run(${WORK_DIR}/${name}/consumer_std_execution)
endfunction()

# A library built for consumers has no test hooks and no random delays.
function(require_no_hooks library)
  run(nm -C ${library})
  if(run_output MATCHES "(test_hook|random_delay)[^\n]*")
    message(FATAL_ERROR "${library} has test hooks (${CMAKE_MATCH_0}): they belong only to PSTL_WS_TEST_HOOKS builds")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
file(GLOB pc_dirs ${prefix}/lib*/pkgconfig ${prefix}/lib/*/pkgconfig)
require_files(${prefix} include/pstl_ws/thread_pool.hpp include/pstl_ws/version.hpp share/doc/pstl_ws/LICENSE)
if(NOT pc_dirs)
  message(FATAL_ERROR "the install tree has no pkgconfig directory")
endif()

build_consumer(installed -DPSTL_WS_CONSUME=find_package -DCMAKE_PREFIX_PATH=${prefix})

# pkg-config, by hand, from the tree moved elsewhere (the .pc file is relocatable).
file(RENAME ${prefix} ${WORK_DIR}/moved)
file(GLOB pc_dirs ${WORK_DIR}/moved/lib*/pkgconfig ${WORK_DIR}/moved/lib/*/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "${pc_dirs}")
run(pkg-config --cflags --libs pstl_ws)
separate_arguments(pc_flags UNIX_COMMAND "${run_output}")
run(${CXX} -std=c++20 -O1 ${SOURCE_DIR}/tests/install/consumer/main.cpp
    ${SOURCE_DIR}/tests/install/consumer/consumer_sum.cpp ${pc_flags} -o ${WORK_DIR}/pkg-config-consumer)
run(${WORK_DIR}/pkg-config-consumer)
# The std_execution opt-in by hand: one -include, the same flags otherwise.
run(${CXX} -std=c++20 -O1 -include pstl_ws/std_execution.hpp ${SOURCE_DIR}/tests/install/consumer/std_execution_main.cpp
    ${pc_flags} -o ${WORK_DIR}/pkg-config-std-execution)
run(${WORK_DIR}/pkg-config-std-execution)

build_consumer(subdirectory -DPSTL_WS_CONSUME=subdirectory -DPSTL_WS_SOURCE_DIR=${SOURCE_DIR})
require_no_hooks(${WORK_DIR}/subdirectory/pstl_ws/libpstl_ws.a)
run(${CMAKE_COMMAND} --install ${WORK_DIR}/subdirectory --prefix ${WORK_DIR}/parent-prefix)
file(GLOB parent_exports ${WORK_DIR}/parent-prefix/lib*/cmake/consumer/consumerTargets.cmake)
file(GLOB our_exports ${WORK_DIR}/parent-prefix/lib*/cmake/pstl_ws/pstl_wsTargets.cmake)
if(NOT parent_exports OR NOT our_exports)
  message(FATAL_ERROR "the exporting parent did not install its export set and ours")
endif()

build_consumer(fetchcontent -DPSTL_WS_CONSUME=fetchcontent -DPSTL_WS_SOURCE_DIR=${SOURCE_DIR}
               -DBUILD_SHARED_LIBS=ON)
file(GLOB shared ${WORK_DIR}/fetchcontent/_deps/pstl_ws-build/libpstl_ws.so.*.*.*)
if(NOT shared)
  message(FATAL_ERROR "the shared library has no versioned file (VERSION/SOVERSION)")
endif()
run(objdump -p ${shared})
if(NOT run_output MATCHES "SONAME +libpstl_ws\\.so\\.[0-9]+\\.[0-9]+\n")
  message(FATAL_ERROR "the shared library's soname is not libpstl_ws.so.MAJOR.MINOR:\n${run_output}")
endif()
require_no_hooks(${shared})
message(STATUS "find_package, pkg-config, add_subdirectory (exporting parent) and FetchContent consumers built and ran")
