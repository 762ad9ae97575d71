# SPDX-License-Identifier: MIT
# ctest script: what a translation unit that includes <pstl_ws/std.hpp> costs
# the compiler (docs/design.md#compile-time).
# 1. No header that std.hpp brings includes one of the standard headers the
#    runtime keeps out of the algorithms' path (threads, locks, clocks, ...).
# 2. Its peak memory under -fsyntax-only stays within BUDGET_PERCENT of a
#    translation unit of the standard headers those headers include, which
#    the library cannot avoid: the rest is our own code. Memory, unlike time,
#    does not depend on the machine's load; the times are printed, with
#    <algorithm> and <numeric> alone for scale.
# Variables: CXX, CXX_FLAGS (a list), SOURCE_DIR, WORK_DIR, PEAK (peak_usage),
# BUDGET_PERCENT.
cmake_policy(VERSION 3.22)
set(forbidden chrono condition_variable deque filesystem fstream future iostream mutex shared_mutex sstream
    stop_token thread variant)

# 1. The headers of ours that std.hpp brings, read as written: none may
# include a forbidden header, whatever the conditions around the line.
set(visited "")
function(walk header)
  list(FIND visited ${header} seen)
  if(NOT seen EQUAL -1)
    return()
  endif()
  list(APPEND visited ${header})
  set(visited ${visited} PARENT_SCOPE)
  # Not the #include of requires_cxx20.hpp that names no file but a message.
  # An include may carry a comment after it (`#include <thread>  // for ...`).
  file(STRINGS ${SOURCE_DIR}/include/${header} lines REGEX "^#include [\"<][A-Za-z0-9_./]+[\">]( .*)?$")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^#include [\"<]([^\">]+)[\">].*" "\\1" included "${line}")
    if(included MATCHES "^pstl_ws/")
      walk(${included})
    elseif(included IN_LIST forbidden)
      message(FATAL_ERROR "${header} includes <${included}>, which the algorithms' path keeps out "
                          "(docs/design.md#compile-time): move what needs it into src/")
    endif()
  endforeach()
  set(visited ${visited} PARENT_SCOPE)
endfunction()
walk(pstl_ws/std.hpp)
list(LENGTH visited header_count)

# 2. The standard headers the preprocessor opens for a header of ours (-H:
# one line per header opened, its depth in dots) make the floor, in the
# order they were opened.
file(MAKE_DIRECTORY ${WORK_DIR})
file(WRITE ${WORK_DIR}/pstl_ws_std.cpp "#include <pstl_ws/std.hpp>\n")
execute_process(COMMAND ${CXX} ${CXX_FLAGS} -std=c++20 -E -H -I${SOURCE_DIR}/include ${WORK_DIR}/pstl_ws_std.cpp
                        -o ${WORK_DIR}/pstl_ws_std.ii
                RESULT_VARIABLE failed ERROR_VARIABLE opened)
if(failed)
  message(FATAL_ERROR "<pstl_ws/std.hpp> does not preprocess:\n${opened}")
endif()
string(REPLACE "\n" ";" opened "${opened}")
set(parent_0 ${WORK_DIR}/pstl_ws_std.cpp)
set(floor_text "")
set(floor_names "")
foreach(line IN LISTS opened)
  if(NOT line MATCHES "^(\\.+) (.+)$")
    continue()
  endif()
  set(path ${CMAKE_MATCH_2})
  string(LENGTH "${CMAKE_MATCH_1}" depth)
  math(EXPR up "${depth} - 1")
  set(parent_${depth} ${path})
  if(parent_${up} MATCHES "/include/pstl_ws/" AND NOT path MATCHES "/include/pstl_ws/")
    string(APPEND floor_text "#include \"${path}\"\n")
    get_filename_component(name ${path} NAME)
    list(APPEND floor_names ${name})
  endif()
endforeach()
file(WRITE ${WORK_DIR}/standard_floor.cpp "${floor_text}")
file(WRITE ${WORK_DIR}/algorithm_numeric.cpp "#include <algorithm>\n#include <numeric>\n")

# The least time (ms) and memory (KiB) of three compilations of `tu`.
function(cost tu out_ms out_kb)
  set(best_ms "")
  set(best_kb "")
  foreach(run 1 2 3)
    execute_process(COMMAND ${PEAK} ${CXX} ${CXX_FLAGS} -std=c++20 -fsyntax-only -I${SOURCE_DIR}/include
                            ${WORK_DIR}/${tu}.cpp
                    RESULT_VARIABLE failed OUTPUT_VARIABLE measured ERROR_VARIABLE errors)
    if(failed)
      message(FATAL_ERROR "${tu}.cpp does not compile:\n${errors}")
    endif()
    string(REGEX MATCH "^([0-9]+) ([0-9]+)" line "${measured}")
    set(ms ${CMAKE_MATCH_1})
    set(kb ${CMAKE_MATCH_2})
    if(best_ms STREQUAL "" OR ms LESS best_ms)
      set(best_ms ${ms})
    endif()
    if(best_kb STREQUAL "" OR kb LESS best_kb)
      set(best_kb ${kb})
    endif()
  endforeach()
  set(${out_ms} ${best_ms} PARENT_SCOPE)
  set(${out_kb} ${best_kb} PARENT_SCOPE)
endfunction()
cost(pstl_ws_std ours_ms ours_kb)
cost(standard_floor floor_ms floor_kb)
cost(algorithm_numeric base_ms base_kb)

math(EXPR percent "100 * ${ours_kb} / ${floor_kb}")
list(REMOVE_DUPLICATES floor_names)
string(REPLACE ";" " " floor_list "${floor_names}")
message(STATUS "-fsyntax-only, least of 3 runs:\n"
               "  <pstl_ws/std.hpp> (${header_count} headers of ours): ${ours_ms} ms, ${ours_kb} KiB\n"
               "  the standard headers they include (${floor_list}): ${floor_ms} ms, ${floor_kb} KiB\n"
               "  <algorithm> and <numeric>: ${base_ms} ms, ${base_kb} KiB\n"
               "  memory: ${percent}% of the standard headers' (budget ${BUDGET_PERCENT}%)")
if(percent GREATER BUDGET_PERCENT)
  message(FATAL_ERROR "<pstl_ws/std.hpp> takes ${percent}% of the memory of the standard headers it includes, "
                      "over the budget of ${BUDGET_PERCENT}%: see docs/design.md#compile-time")
endif()
