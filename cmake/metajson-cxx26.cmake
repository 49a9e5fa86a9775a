# How a target that uses metajson gets C++26 with static reflection (GCC 16: -std=c++26
# -freflection), or C++23 with another compiler, decided with the CMake that configures the consumer: CMakeLists.txt calls this for
# the target of a source tree (add_subdirectory, FetchContent), metajsonConfig.cmake for the
# installed one (find_package), so a package installed with one CMake works with another.
# - Where that CMake knows GCC's flag for C++26 (CMAKE_CXX26_STANDARD_COMPILE_OPTION is defined:
#   CMake 4.x does, 3.25 does not), the standard is the compile feature cxx_std_26. A consumer's own
#   CMAKE_CXX_STANDARD (17, 23...) then cannot lower it: CMake compiles each target with the
#   highest standard asked for (-std=gnu++26, or -std=c++26 with CMAKE_CXX_EXTENSIONS OFF).
# - Otherwise the flag is given as it is. CMake then writes its own -std= for a consumer's
#   CMAKE_CXX_STANDARD after it, and that one wins: with such a CMake, a target that uses metajson
#   leaves CXX_STANDARD unset, or at GCC 16's default, 20 with extensions (docs/install.md).
#
# Only GCC 16 and newer have reflection (include/metajson/detail/requirements.hpp picks the
# backend): every other compiler (Clang, GCC 13 to 15, MSVC) gets C++23, the compile feature
# cxx_std_23, and metajson's C++23 backend. METAJSON_BACKEND_AGGREGATE (a cache variable, ON) asks
# for the C++23 backend on GCC 16 too (-std=c++23 and the macro of that name): the tests use it
# to hold both backends to the same expectations with one compiler.
function(metajson_set_cxx26 target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 16 AND NOT METAJSON_BACKEND_AGGREGATE)
    if(DEFINED CMAKE_CXX26_STANDARD_COMPILE_OPTION)
      set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_FEATURES cxx_std_26)
      set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_OPTIONS -freflection)
    else()
      set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_FEATURES "")
      set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_OPTIONS -std=c++26 -freflection)
    endif()
  else()
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_FEATURES cxx_std_23)
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_OPTIONS "")
    if(METAJSON_BACKEND_AGGREGATE)
      set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_DEFINITIONS METAJSON_BACKEND_AGGREGATE)
    endif()
  endif()
endfunction()
