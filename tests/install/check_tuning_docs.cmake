# SPDX-License-Identifier: MIT
# ctest script: docs/algorithms.md#the-constants lists every constant of
# detail/backend/tuning.hpp with its value, and nothing else, so that the one
# place in the docs that gives the values cannot drift from the code (every
# other place names the constant). Variables: SOURCE_DIR.
cmake_policy(VERSION 3.22)
set(header ${SOURCE_DIR}/include/pstl_ws/detail/backend/tuning.hpp)
set(doc ${SOURCE_DIR}/docs/algorithms.md)

# The constants, in order, with their values: each initializer is an integer
# expression of literals (std::size_t{1}), earlier constants, * and <<.
file(STRINGS ${header} definitions REGEX "^inline constexpr (std::[a-z_]+|unsigned) k_[a-z0-9_]+ = .*;$")
set(names "")
foreach(line IN LISTS definitions)
  string(REGEX MATCH "^inline constexpr (std::[a-z_]+|unsigned) (k_[a-z0-9_]+) = (.*);$" unused "${line}")
  set(name ${CMAKE_MATCH_2})
  string(REGEX REPLACE "std::[a-z_]+\\{([0-9]+)\\}" "\\1" expression "${CMAKE_MATCH_3}")
  foreach(known IN LISTS names)
    string(REGEX REPLACE "(^|[^a-z0-9_])${known}([^a-z0-9_]|$)" "\\1${value_${known}}\\2" expression "${expression}")
  endforeach()
  if(NOT expression MATCHES "^[0-9 *<()]+$")
    message(FATAL_ERROR "tuning.hpp: cannot evaluate ${name} = ${expression}")
  endif()
  math(EXPR value_${name} "${expression}")
  list(APPEND names ${name})
endforeach()

# The table: rows "| `k_name` | value | ...".
file(STRINGS ${doc} rows REGEX "^\\| `k_[a-z0-9_]+` \\| ")
set(problems "")
set(documented "")
foreach(row IN LISTS rows)
  string(REGEX MATCH "^\\| `(k_[a-z0-9_]+)` \\| ([^|]*) \\|" unused "${row}")
  set(name ${CMAKE_MATCH_1})
  string(STRIP "${CMAKE_MATCH_2}" written)
  list(APPEND documented ${name})
  if(NOT DEFINED value_${name})
    string(APPEND problems "\n  ${name} is in the table but not in tuning.hpp")
  elseif(NOT written STREQUAL value_${name})
    string(APPEND problems "\n  ${name}: the table says ${written}, tuning.hpp ${value_${name}}")
  endif()
endforeach()
foreach(name IN LISTS names)
  if(NOT name IN_LIST documented)
    string(APPEND problems "\n  ${name} = ${value_${name}} is missing from the table")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "docs/algorithms.md#the-constants and tuning.hpp disagree:${problems}")
endif()
list(LENGTH names count)
message(STATUS "${count} constants of tuning.hpp, each in docs/algorithms.md with its value")
