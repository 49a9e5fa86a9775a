# The README's example is examples/00_readme.cpp, byte for byte: the first ```cpp block of
# README.md must be that file (built and run with its output checked by example_00_readme and
# single_header_example_00_readme), so the README shows code that compiles and the output it prints.
#
#   cmake -DSOURCE_DIR=<metajson> -P readme_example.cmake
file(READ ${SOURCE_DIR}/README.md readme)
file(READ ${SOURCE_DIR}/examples/00_readme.cpp example)
string(FIND "${readme}" "```cpp\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md has no ```cpp block: its first one must be examples/00_readme.cpp")
endif()
math(EXPR at "${at} + 7")
string(SUBSTRING "${readme}" ${at} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} block)
if(NOT block STREQUAL example)
  message(FATAL_ERROR "README.md's first ```cpp block is not examples/00_readme.cpp: make them the same "
                      "(the example is built and its output checked; the README shows it)\n"
                      "README.md:\n${block}\nexamples/00_readme.cpp:\n${example}")
endif()
message(STATUS "README.md's example is examples/00_readme.cpp")
