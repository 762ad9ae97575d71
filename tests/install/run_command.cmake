# SPDX-License-Identifier: MIT
# run(<command> [args...]) for the ctest scripts of this folder: runs the
# command, stops the script with its output if it fails, and leaves what it
# printed (stdout and stderr together) in run_output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${output}")
  endif()
  set(run_output "${output}" PARENT_SCOPE)
endfunction()
