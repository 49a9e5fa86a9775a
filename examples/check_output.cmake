# Runs an example and compares what it prints with the output its source shows: the comment
# lines after the line "// Output (checked by ctest):", which ends the file, each without its
# leading "// " (or "//" on an empty line). Any difference, or a non-zero exit status, fails.
#   cmake -DEXE=<program> -DSOURCE=<its .cpp> -P check_output.cmake
set(marker "// Output (checked by ctest):\n")
file(READ "${SOURCE}" source)
string(FIND "${source}" "${marker}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${SOURCE} has no \"// Output (checked by ctest):\" block")
endif()
string(LENGTH "${marker}" marker_length)
math(EXPR from "${at} + ${marker_length}")
string(SUBSTRING "${source}" ${from} -1 block)
if(NOT block MATCHES "^(//[^\n]*\n)*$")
  message(FATAL_ERROR "${SOURCE}: the output block must be the end of the file, comment lines only")
endif()
string(REGEX REPLACE "(^|\n)// ?" "\\1" expected "${block}")

execute_process(COMMAND "${EXE}" OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${status}\n${actual}${errors}")
endif()
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${EXE} printed:\n${actual}\nbut ${SOURCE} shows:\n${expected}")
endif()
message(STATUS "output as shown in ${SOURCE}")
