# Compiles an example against the single header alone, as a user who dropped it into a project
# would (`CXX -std=c++26 -freflection -I single_include example.cpp`: no -I include, no CMake
# target), checks that every metajson header the compiler read came from single_include/, then
# runs it and compares its output with the one its source shows (examples/check_output.cmake).
#
#   cmake -DCXX=<g++-16> -DSOURCE=<examples/NN_name.cpp> -DSINGLE_INCLUDE=<single_include>
#         -DWORK=<scratch folder> -P single_header_example.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/tmp)
set(EXE ${WORK}/example)
execute_process(COMMAND ${CXX} -std=c++26 -freflection -I ${SINGLE_INCLUDE} ${SOURCE} -o ${EXE}
                        -MD -MF ${WORK}/example.d
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} does not compile against the single header (${CXX} -std=c++26 -freflection "
                      "-I ${SINGLE_INCLUDE}); if include/ changed, regenerate it: make single-header")
endif()
file(READ ${WORK}/example.d deps)
string(REGEX MATCHALL "[^ \t\n\\\\]*metajson/[^ \t\n\\\\]*\\.(hpp|inc)" headers "${deps}")
foreach(h IN LISTS headers)
  file(REAL_PATH ${h} real)
  file(REAL_PATH ${SINGLE_INCLUDE} root)
  string(FIND "${real}" "${root}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "${SOURCE} read ${h}, which is not in ${SINGLE_INCLUDE}: the single header is not self-contained")
  endif()
endforeach()
list(LENGTH headers n)
message(STATUS "compiled with ${n} metajson headers, all from ${SINGLE_INCLUDE}")
# Example 08 writes its files under the temporary folder: one of its own, so that it cannot meet
# the example_08 test's run.
set(ENV{TMPDIR} ${WORK}/tmp)
include(${CMAKE_CURRENT_LIST_DIR}/../../examples/check_output.cmake)
