# A fuzz target run with CI set and without METAJSON_DATA_DIR must fail (exit status 1) and say
# why, rather than fuzz its built-in seeds alone; without CI it must run on them.
#   cmake -DTARGET=<fuzz target> -P needs_data_in_ci.cmake
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=METAJSON_DATA_DIR --unset=METAJSON_FUZZ_SECONDS --unset=METAJSON_FUZZ_RUNS CI=1 "${TARGET}" --runs 100
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 1 OR NOT err MATCHES "METAJSON_DATA_DIR is not set \\(CI is set: failing")
  message(FATAL_ERROR "with CI=1 and no METAJSON_DATA_DIR: exit status ${status} (expected 1)\n${out}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=METAJSON_DATA_DIR --unset=METAJSON_FUZZ_SECONDS --unset=METAJSON_FUZZ_RUNS --unset=CI "${TARGET}" --runs 100
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT err MATCHES "METAJSON_DATA_DIR is not set: built-in seeds only")
  message(FATAL_ERROR "without CI and METAJSON_DATA_DIR: exit status ${status} (expected 0)\n${out}${err}")
endif()
message(STATUS "fails in CI without its data, says so and runs outside CI")
