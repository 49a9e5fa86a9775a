# What can be checked of the vcpkg port (ports/metajson) without vcpkg, which cannot be fetched on
# this project's machines: vcpkg.json is valid JSON whose version is the project's, and what the
# portfile expects of the project's install is there (the CMake package in share/metajson/cmake,
# for vcpkg_cmake_config_fixup; metajson.pc in share/pkgconfig, for vcpkg_fixup_pkgconfig; the
# LICENSE; an install without GoogleTest, METAJSON_BUILD_TESTS=OFF). vcpkg itself never runs here.
#
#   cmake -DSOURCE_DIR=<metajson> -DBUILD_DIR=<scratch> -DCXX=<g++-16> -DGENERATOR=<gen> -DVERSION=<x.y.z> -P vcpkg_port.cmake
file(REMOVE_RECURSE ${BUILD_DIR})
set(port ${SOURCE_DIR}/ports/metajson)
file(READ ${port}/vcpkg.json manifest)
string(JSON name ERROR_VARIABLE error GET "${manifest}" name)
if(error)
  message(FATAL_ERROR "ports/metajson/vcpkg.json: ${error}")
endif()
string(JSON version GET "${manifest}" version)
if(NOT name STREQUAL "metajson" OR NOT version STREQUAL VERSION)
  message(FATAL_ERROR "ports/metajson/vcpkg.json names ${name} ${version}, the project is metajson ${VERSION}: update its \"version\"")
endif()
file(READ ${port}/portfile.cmake portfile)
foreach(expected "CONFIG_PATH share/metajson/cmake" "-DMETAJSON_BUILD_TESTS=OFF" "\${SOURCE_PATH}/LICENSE")
  string(FIND "${portfile}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "ports/metajson/portfile.cmake no longer says ${expected}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR}/build -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${CXX} -DMETAJSON_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX=${BUILD_DIR}/prefix
                RESULT_VARIABLE rc)
if(rc EQUAL 0)
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR}/build RESULT_VARIABLE rc)
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the install the port runs (METAJSON_BUILD_TESTS=OFF) failed")
endif()
foreach(f share/metajson/cmake/metajsonConfig.cmake share/metajson/cmake/metajsonTargets.cmake
          share/metajson/cmake/metajson-cxx26.cmake share/pkgconfig/metajson.pc include/metajson/metajson.hpp)
  if(NOT EXISTS ${BUILD_DIR}/prefix/${f})
    message(FATAL_ERROR "the install has no ${f}, which ports/metajson/portfile.cmake expects")
  endif()
endforeach()
if(NOT EXISTS ${SOURCE_DIR}/LICENSE)
  message(FATAL_ERROR "no LICENSE for vcpkg_install_copyright")
endif()
message("ports/metajson: version ${version}; the install it expects is there (vcpkg itself is not run here)")
