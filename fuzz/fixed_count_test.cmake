# The fuzz steps of `make test` run the same inputs on every machine: a target run twice with
# the same fixed count and seed, the second time slowed down as on a slower machine, must run
# the same number of inputs and the same inputs (the driver's digest of every input it ran).
# Coverage, which differs between machines, must not steer it either: the digest depends on the
# seed, the count, the seeds and the regression inputs only (driver.cpp, "Two modes").
#   cmake -DTARGET=<fuzz target> -DRUNS=<n> -P fixed_count_test.cmake
function(run_target out_var)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=METAJSON_FUZZ_SECONDS --unset=METAJSON_FUZZ_RUNS
                          --unset=METAJSON_FUZZ_SEED ${ARGN} "${TARGET}" --runs ${RUNS} --seed 3
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${TARGET} failed (${status}):\n${out}${err}")
  endif()
  if(NOT out MATCHES "([0-9]+) runs \\(a fixed count\\), seed 3, ([0-9]+ seeds and [0-9]+ replayed), inputs digest ([0-9a-f]+)")
    message(FATAL_ERROR "${TARGET} did not print its count and digest:\n${out}${err}")
  endif()
  if(NOT CMAKE_MATCH_1 EQUAL RUNS)
    message(FATAL_ERROR "${TARGET} ran ${CMAKE_MATCH_1} inputs, not ${RUNS}")
  endif()
  set(${out_var} "${CMAKE_MATCH_1} runs, ${CMAKE_MATCH_2}, digest ${CMAKE_MATCH_3}" PARENT_SCOPE)
endfunction()
run_target(fast)
run_target(slow METAJSON_FUZZ_SLOWDOWN_US=500)
if(NOT fast STREQUAL slow)
  message(FATAL_ERROR "the same fixed count ran different inputs at two speeds:\n  ${fast}\n  ${slow} (slowed down)")
endif()
message(STATUS "the same inputs at both speeds: ${fast}")
