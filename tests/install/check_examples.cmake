# SPDX-License-Identifier: MIT
# ctest script: install pstl_ws into a scratch prefix, then build examples/ as
# a consumer would (find_package on that prefix), together with every
# complete program of README.md (a ```cpp block with a main), and run them
# all. Variables: BUILD_DIR (our build tree), SOURCE_DIR, WORK_DIR, CXX, CTEST.
cmake_minimum_required(VERSION 3.22)  # while(TRUE), if() on constants
include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)

# README.md's ```cpp blocks; those with a main are whole programs.
file(READ ${SOURCE_DIR}/README.md readme)
set(programs "")
set(open_fence "```cpp\n")
string(LENGTH "${open_fence}" open_length)
while(TRUE)
  string(FIND "${readme}" "${open_fence}" start)
  if(start EQUAL -1)
    break()
  endif()
  math(EXPR start "${start} + ${open_length}")
  string(SUBSTRING "${readme}" ${start} -1 readme)
  string(FIND "${readme}" "\n```" end)
  string(SUBSTRING "${readme}" 0 ${end} block)
  string(SUBSTRING "${readme}" ${end} -1 readme)
  if(block MATCHES "\nint main\\(")
    list(LENGTH programs number)
    set(file ${WORK_DIR}/readme/readme_${number}.cpp)
    file(WRITE ${file} "${block}\n")
    list(APPEND programs ${file})
  endif()
endwhile()
list(LENGTH programs count)
if(count LESS 2)
  message(FATAL_ERROR "README.md has ${count} complete programs (```cpp blocks with a main); its two examples should be")
endif()

run_examples(${WORK_DIR}/prefix ${WORK_DIR}/build -DREADME_EXAMPLES_DIR=${WORK_DIR}/readme)
