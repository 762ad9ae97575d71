# SPDX-License-Identifier: MIT
# Helpers for the ctest scripts of this folder.
#
# run(<command> [args...]): runs the command, stops the script with its output
# if it fails, and leaves what it printed (stdout and stderr together) in
# run_output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${output}")
  endif()
  set(run_output "${output}" PARENT_SCOPE)
endfunction()

# run_examples(<prefix> <build dir> [cmake args...]): configures examples/
# against the pstl_ws installed under <prefix>, builds it and runs its tests
# (printing their output). Needs SOURCE_DIR, CXX and CTEST.
function(run_examples prefix build_dir)
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples -B ${build_dir} -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} ${ARGN})
  run(${CMAKE_COMMAND} --build ${build_dir} -j 2)
  run(${CTEST} --test-dir ${build_dir} --output-on-failure)
  message(STATUS "${run_output}")
endfunction()
