# SPDX-License-Identifier: MIT
# ctest script: a mixed program that passes a standard policy from a
# translation unit that did not opt into pstl_ws::std_execution to a function
# defined in one that did fails at link time, naming the function, instead of
# running it with either backend (docs/std-execution.md#mixed-programs). The
# same two files, both opted in, link and run: the failure is the mix, not
# the code. Variables: CXX, CXX_FLAGS, SOURCE_DIR, WORK_DIR, LIBRARY (our
# library file).
include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
file(WRITE ${WORK_DIR}/defines.cpp [=[
#include <algorithm>
#include <execution>
#include <vector>
void sort_with(const std::execution::parallel_policy& policy, std::vector<int>& values) {
  std::sort(policy, values.begin(), values.end());
}
]=])
file(WRITE ${WORK_DIR}/calls.cpp [=[
#include <execution>
#include <vector>
void sort_with(const std::execution::parallel_policy& policy, std::vector<int>& values);
int main() {
  std::vector<int> values{3, 1, 2};
  sort_with(std::execution::par, values);
  return values == std::vector<int>{1, 2, 3} ? 0 : 1;
}
]=])
set(opt_in -include ${SOURCE_DIR}/include/pstl_ws/std_execution.hpp)
# The unit that did not opt in: libstdc++'s serial backend, as without TBB.
set(plain -D_GLIBCXX_USE_TBB_PAR_BACKEND=0)
set(compile ${CXX} ${CXX_FLAGS} -std=c++20 -I${SOURCE_DIR}/include -c)
set(libraries ${LIBRARY} -lboost_context -pthread)

run(${compile} ${opt_in} ${WORK_DIR}/defines.cpp -o ${WORK_DIR}/defines.o)
run(${compile} ${opt_in} ${WORK_DIR}/calls.cpp -o ${WORK_DIR}/calls_opted.o)
run(${compile} ${plain} ${WORK_DIR}/calls.cpp -o ${WORK_DIR}/calls_plain.o)

run(${CXX} ${CXX_FLAGS} ${WORK_DIR}/calls_opted.o ${WORK_DIR}/defines.o ${libraries} -o ${WORK_DIR}/both_opted)
run(${WORK_DIR}/both_opted)

execute_process(COMMAND ${CXX} ${CXX_FLAGS} ${WORK_DIR}/calls_plain.o ${WORK_DIR}/defines.o ${libraries} -o ${WORK_DIR}/mixed
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0 OR NOT output MATCHES "undefined reference to [^\n]*sort_with")
  message(FATAL_ERROR "the mixed program should fail to link on sort_with (result ${result}):\n${output}")
endif()
message(STATUS "a policy passed across opted-in and plain translation units fails to link; both opted in, it runs")
