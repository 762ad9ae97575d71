# SPDX-License-Identifier: MIT
# ctest script: a call whose function object has the wrong signature fails at
# the call, with one error naming it and the unsatisfied constraint, in fewer
# than 100 lines (before the algorithms were constrained: 13 errors and 158
# lines from detail/ for the sort below). One call per kind of requirement.
# Variables: CXX, CXX_FLAGS, SOURCE_DIR, WORK_DIR.
file(MAKE_DIRECTORY ${WORK_DIR})
separate_arguments(flags UNIX_COMMAND "${CXX_FLAGS}")
set(prelude "#include <pstl_ws/algorithm.hpp>\n#include <pstl_ws/numeric.hpp>\n#include <string>\n#include <vector>\n")
function(check_call name expression)
  file(WRITE ${WORK_DIR}/${name}.cpp "${prelude}void ${name}(std::vector<int>& v) {\n  ${expression}\n}\n")
  execute_process(COMMAND ${CXX} ${flags} -std=c++20 -fsyntax-only -I${SOURCE_DIR}/include ${WORK_DIR}/${name}.cpp
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  string(REGEX MATCHALL "error:" errors "${output}")
  list(LENGTH errors error_count)
  string(REGEX MATCHALL "\n" lines "${output}")
  list(LENGTH lines line_count)
  if(result EQUAL 0 OR NOT error_count EQUAL 1 OR line_count GREATER_EQUAL 100
     OR NOT output MATCHES "${name}.cpp:6:" OR NOT output MATCHES "constraints not satisfied")
    message(FATAL_ERROR "${name}: expected one error at the call naming an unsatisfied constraint in under 100 "
                        "lines, got ${error_count} errors in ${line_count} lines:\n${output}")
  endif()
  message(STATUS "${name}: one error, ${line_count} lines")
endfunction()

check_call(sort_ints_as_strings
  [[ws::sort(ws::par, v.begin(), v.end(), [](const std::string& a, const std::string& b) { return a < b; });]])
check_call(find_with_a_binary_predicate
  [[ws::find_if(ws::par, v.begin(), v.end(), [](int a, int b) { return a < b; });]])
check_call(reduce_ints_into_strings
  [[ws::reduce(ws::par, v.begin(), v.end(), std::string(), [](std::string a, std::string b) { return a + b; });]])
check_call(transform_with_no_arguments
  [[ws::transform(ws::par, v.begin(), v.end(), v.begin(), [] { return 1; });]])
