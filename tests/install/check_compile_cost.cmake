# SPDX-License-Identifier: MIT
# ctest script: what a translation unit that includes <pstl_ws/std.hpp> costs
# the compiler (docs/design.md#compile-time).
# 1. No header that std.hpp brings includes one of the standard headers the
#    runtime keeps out of the algorithms' path (threads, locks, clocks, ...).
# 2. Its peak memory under -fsyntax-only stays within BUDGET_PERCENT of a
#    translation unit of the standard headers those headers include, which
#    the library cannot avoid: the rest is our own code.
# 3. Where TBB's headers are installed, parsing <pstl_ws/std.hpp> takes at
#    most STD_TIME_PERCENT, and <pstl_ws/algorithm.hpp> at most
#    ALGORITHM_TIME_PERCENT, of the CPU time of what a user of
#    std::execution::par includes today: <algorithm>, <numeric> and
#    <execution> (which then brings TBB's). Times are least-of-5 CPU times,
#    the units measured in turns, so that load on the machine weighs on all
#    of them alike; the budgets leave a margin over the targets of
#    docs/design.md#compile-time for that load.
# Variables: CXX, CXX_FLAGS (a list), SOURCE_DIR, WORK_DIR, PEAK (peak_usage),
# BUDGET_PERCENT, STD_TIME_PERCENT, ALGORITHM_TIME_PERCENT.
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
file(WRITE ${WORK_DIR}/pstl_ws_algorithm.cpp "#include <pstl_ws/algorithm.hpp>\n")
# What a user of std::execution::par includes today: with TBB's headers
# installed, <execution> brings them (libstdc++'s TBB backend).
file(WRITE ${WORK_DIR}/standard_par.cpp "#include <algorithm>\n#include <numeric>\n#include <execution>\n")
file(WRITE ${WORK_DIR}/has_tbb.cpp "#if !__has_include(<tbb/tbb.h>) || !__has_include(<execution>)\n#error\n#endif\n")
execute_process(COMMAND ${CXX} ${CXX_FLAGS} -std=c++20 -fsyntax-only ${WORK_DIR}/has_tbb.cpp
                RESULT_VARIABLE no_tbb OUTPUT_QUIET ERROR_QUIET)
set(units pstl_ws_std standard_floor algorithm_numeric pstl_ws_algorithm)
if(NOT no_tbb)
  list(APPEND units standard_par)
endif()

# The least CPU time (ms, user and system) and memory (KiB) of ROUNDS
# compilations of each unit, the units taking turns, so that a burst of load
# on the machine costs every unit alike.
set(rounds 5)
foreach(round RANGE 1 ${rounds})
  foreach(tu IN LISTS units)
    execute_process(COMMAND ${PEAK} ${CXX} ${CXX_FLAGS} -std=c++20 -fsyntax-only -I${SOURCE_DIR}/include
                            ${WORK_DIR}/${tu}.cpp
                    RESULT_VARIABLE failed OUTPUT_VARIABLE measured ERROR_VARIABLE errors)
    if(failed)
      message(FATAL_ERROR "${tu}.cpp does not compile:\n${errors}")
    endif()
    string(REGEX MATCH "^([0-9]+) ([0-9]+) ([0-9]+)" line "${measured}")
    if(NOT DEFINED ms_${tu} OR CMAKE_MATCH_2 LESS ms_${tu})
      set(ms_${tu} ${CMAKE_MATCH_2})
    endif()
    if(NOT DEFINED kb_${tu} OR CMAKE_MATCH_3 LESS kb_${tu})
      set(kb_${tu} ${CMAKE_MATCH_3})
    endif()
  endforeach()
endforeach()

math(EXPR percent "100 * ${kb_pstl_ws_std} / ${kb_standard_floor}")
list(REMOVE_DUPLICATES floor_names)
string(REPLACE ";" " " floor_list "${floor_names}")
string(CONCAT report "-fsyntax-only, least CPU time and memory of ${rounds} runs:\n"
           "  <pstl_ws/std.hpp> (${header_count} headers of ours): ${ms_pstl_ws_std} ms, ${kb_pstl_ws_std} KiB\n"
           "  <pstl_ws/algorithm.hpp>: ${ms_pstl_ws_algorithm} ms, ${kb_pstl_ws_algorithm} KiB\n"
           "  the standard headers they include (${floor_list}): ${ms_standard_floor} ms, ${kb_standard_floor} KiB\n"
           "  <algorithm> and <numeric>: ${ms_algorithm_numeric} ms, ${kb_algorithm_numeric} KiB\n")
if(NOT no_tbb)
  math(EXPR std_time "100 * ${ms_pstl_ws_std} / ${ms_standard_par}")
  math(EXPR algorithm_time "100 * ${ms_pstl_ws_algorithm} / ${ms_standard_par}")
  string(APPEND report
         "  <algorithm>, <numeric> and <execution> (with TBB's headers): ${ms_standard_par} ms, ${kb_standard_par} KiB\n"
         "  time: std.hpp ${std_time}% of <execution>'s (budget ${STD_TIME_PERCENT}%), "
         "algorithm.hpp ${algorithm_time}% (budget ${ALGORITHM_TIME_PERCENT}%)\n")
else()
  string(APPEND report "  (no TBB headers: the time budgets against <execution> are not measured)\n")
endif()
string(APPEND report "  memory: std.hpp ${percent}% of the standard headers' (budget ${BUDGET_PERCENT}%)")
message(STATUS "${report}")
if(percent GREATER BUDGET_PERCENT)
  message(FATAL_ERROR "<pstl_ws/std.hpp> takes ${percent}% of the memory of the standard headers it includes, "
                      "over the budget of ${BUDGET_PERCENT}%: see docs/design.md#compile-time")
endif()
if(NOT no_tbb AND (std_time GREATER STD_TIME_PERCENT OR algorithm_time GREATER ALGORITHM_TIME_PERCENT))
  message(FATAL_ERROR "parsing <pstl_ws/std.hpp> takes ${std_time}% and <pstl_ws/algorithm.hpp> ${algorithm_time}% "
                      "of the time of <algorithm>, <numeric> and <execution>, over the budgets of "
                      "${STD_TIME_PERCENT}% and ${ALGORITHM_TIME_PERCENT}%: see docs/design.md#compile-time")
endif()
