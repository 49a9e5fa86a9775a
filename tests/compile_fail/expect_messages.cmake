# A compile-fail test that expects several messages: compiles SOURCE (syntax only) and requires the
# compiler to fail with every regular expression of MESSAGES (a ';'-list) in its output.
#
#   cmake -DCOMPILER=g++-16 ["-DFLAGS=-std=c++26;-freflection"] -DINCLUDE=<include> -DSOURCE=<file.cpp> "-DMESSAGES=re1;re2"
#         -P expect_messages.cmake
# FLAGS: the standard and backend flags (default: C++26 with reflection). Every error is shown
# (Clang stops after 20 by default).
if(NOT FLAGS)
  set(FLAGS -std=c++26 -freflection)
endif()
set(limit "")
if(COMPILER MATCHES "clang")
  set(limit -ferror-limit=0)
endif()
execute_process(COMMAND ${COMPILER} ${FLAGS} ${limit} -fsyntax-only -I${INCLUDE} ${SOURCE}
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
