# A compile-fail test that expects several messages: compiles SOURCE (syntax only) and requires the
# compiler to fail with every regular expression of MESSAGES (a ';'-list) in its output.
#
#   cmake -DCOMPILER=g++-16 -DINCLUDE=<include> -DSOURCE=<file.cpp> "-DMESSAGES=re1;re2" -P expect_messages.cmake
execute_process(COMMAND ${COMPILER} -std=c++26 -freflection -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled; it must not")
endif()
set(missing "")
foreach(re IN LISTS MESSAGES)
  if(NOT "${out}${err}" MATCHES "${re}")
    string(APPEND missing "\n  ${re}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "${SOURCE}: these messages are missing:${missing}\ncompiler output:\n${err}")
endif()
list(LENGTH MESSAGES n)
message(STATUS "${SOURCE}: all ${n} messages")
