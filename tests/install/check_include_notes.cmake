# SPDX-License-Identifier: MIT
# ctest script: in include/ and src/, every #include of a standard header
# whose name does not say what it is for (<algorithm>, <functional>,
# <memory>, <utility>, ...) says it in a comment: `#include <memory>  // for
# std::addressof`, so that an include nobody needs any more shows. Variables:
# SOURCE_DIR.
cmake_policy(VERSION 3.22)
set(unclear algorithm bit concepts cstdio cstdlib cstring exception functional iterator limits memory new numeric
    stdexcept system_error type_traits utility)
list(JOIN unclear "|" alternatives)
file(GLOB_RECURSE files ${SOURCE_DIR}/include/*.hpp ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp)
set(missing "")
foreach(file IN LISTS files)
  file(STRINGS ${file} lines REGEX "^#include <(${alternatives})>")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^#include <[a-z_]+> +// ")
      file(RELATIVE_PATH shown ${SOURCE_DIR} ${file})
      string(APPEND missing "\n  ${shown}: ${line}")
    endif()
  endforeach()
endforeach()
if(missing)
  message(FATAL_ERROR "includes that do not say what they are for (add `  // for std::NAME, ...`):${missing}")
endif()
list(LENGTH files count)
message(STATUS "${count} files: every include of <${alternatives}> says what it is for")
