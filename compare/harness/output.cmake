# SPDX-License-Identifier: MIT
# pstl_ws_compare_output: the output side of the comparison harness (flags,
# rounds, CSV, tables, report, plots, the child process runner and the quiet
# wait it makes first). It needs neither TBB nor OpenMP, so the tests build
# it even where the harness is not built.
include_guard(GLOBAL)
add_library(pstl_ws_compare_output STATIC
  ${CMAKE_CURRENT_LIST_DIR}/options.cpp ${CMAKE_CURRENT_LIST_DIR}/csv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ratios.cpp ${CMAKE_CURRENT_LIST_DIR}/rounds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/console_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/report.cpp ${CMAKE_CURRENT_LIST_DIR}/report_plots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/child_process.cpp ${CMAKE_CURRENT_LIST_DIR}/at_rest_threads.cpp)
target_link_libraries(pstl_ws_compare_output PUBLIC pstl_ws::pstl_ws pstl_ws_dev_flags)
target_include_directories(pstl_ws_compare_output PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
