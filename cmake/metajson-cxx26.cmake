# How a target that uses metajson gets C++26 with static reflection (GCC 16: -std=c++26
# -freflection), decided with the CMake that configures the consumer: CMakeLists.txt calls this for
# the target of a source tree (add_subdirectory, FetchContent), metajsonConfig.cmake for the
# installed one (find_package), so a package installed with one CMake works with another.
# - Where that CMake knows GCC's flag for C++26 (CMAKE_CXX26_STANDARD_COMPILE_OPTION is defined:
#   CMake 4.x does, 3.25 does not), the standard is the compile feature cxx_std_26. A consumer's own
#   CMAKE_CXX_STANDARD (17, 23...) then cannot lower it: CMake compiles each target with the
#   highest standard asked for (-std=gnu++26, or -std=c++26 with CMAKE_CXX_EXTENSIONS OFF).
# - Otherwise the flag is given as it is. CMake then writes its own -std= for a consumer's
#   CMAKE_CXX_STANDARD after it, and that one wins: with such a CMake, a target that uses metajson
#   leaves CXX_STANDARD unset, or at GCC 16's default, 20 with extensions (docs/install.md).
function(metajson_set_cxx26 target)
  if(DEFINED CMAKE_CXX26_STANDARD_COMPILE_OPTION)
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_FEATURES cxx_std_26)
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_OPTIONS -freflection)
  else()
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_FEATURES "")
    set_property(TARGET ${target} PROPERTY INTERFACE_COMPILE_OPTIONS -std=c++26 -freflection)
  endif()
endfunction()
