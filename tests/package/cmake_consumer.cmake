# Configures, builds and runs one of the consumer projects in consumers/, each getting metajson
# another way, offline (every source is a path on this machine):
#
#   cmake -DMODE=<mode> -DSOURCE_DIR=<metajson> -DBUILD_DIR=<scratch> -DCXX=<g++-16> -DGENERATOR=<gen>
#         -DVERSION=<x.y.z> [-DVENV=<conan-venv>] -P cmake_consumer.cmake
#
#   add_subdirectory   consumers/add_subdirectory: add_subdirectory(<the source tree>)
#   fetchcontent_git   consumers/fetchcontent_git: FetchContent from a git repository made here from
#                      the working tree (tracked and untracked files, not the ignored ones: what a
#                      commit of it would hold), at the tag v<version>, by file:// URL
#   fetchcontent_url   consumers/fetchcontent_url: FetchContent from metajson-<version>.tar.gz made
#                      here from the same files, checked by its SHA-256
#   cxx_standard       consumers/cxx_standard, a project with CMAKE_CXX_STANDARD 23, configured with
#                      CMake 4 (from VENV, made by scripts/bootstrap-conan): by add_subdirectory, then
#                      by find_package from a prefix where CMake 3.25 installed metajson
#
# Each checks that metajson's own tests were not configured into the consumer, and runs it.
file(REMOVE_RECURSE ${BUILD_DIR})
file(MAKE_DIRECTORY ${BUILD_DIR})
set(consumers ${CMAKE_CURRENT_LIST_DIR}/consumers)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${command}")
  endif()
endfunction()

# consume(<consumer folder> <build folder> <cmake> <folder where metajson's build lands> args...)
function(consume source build cmake metajson_build)
  run(${cmake} -S ${source} -B ${build} -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX} ${ARGN})
  if(EXISTS ${build}/${metajson_build}/tests)
    message(FATAL_ERROR "metajson's tests were configured into the consumer (${build}/${metajson_build}/tests): "
                        "METAJSON_BUILD_TESTS must be off when metajson is not the top-level project")
  endif()
  run(${cmake} --build ${build})
  run(${build}/consumer)
endfunction()

# The files a commit of the working tree would hold, copied into <dest>.
function(snapshot dest)
  execute_process(COMMAND git -C ${SOURCE_DIR} ls-files -co --exclude-standard
                  RESULT_VARIABLE rc OUTPUT_VARIABLE listed ERROR_QUIET)
  if(rc EQUAL 0)
    string(REPLACE "\n" ";" files "${listed}")
  else()  # not a git checkout: what the build and the install need
    message("${SOURCE_DIR} is not a git checkout: copying CMakeLists.txt, cmake/, include/ and LICENSE")
    file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/cmake/* ${SOURCE_DIR}/include/*)
    list(APPEND files CMakeLists.txt LICENSE)
  endif()
  foreach(f IN LISTS files)
    if(f AND EXISTS ${SOURCE_DIR}/${f} AND NOT IS_DIRECTORY ${SOURCE_DIR}/${f})
      get_filename_component(dir ${dest}/${f} DIRECTORY)
      file(COPY ${SOURCE_DIR}/${f} DESTINATION ${dir})
    endif()
  endforeach()
endfunction()

if(MODE STREQUAL "add_subdirectory")
  consume(${consumers}/add_subdirectory ${BUILD_DIR}/consumer ${CMAKE_COMMAND} metajson
          -DMETAJSON_SOURCE_DIR=${SOURCE_DIR})

elseif(MODE STREQUAL "fetchcontent_git")
  find_program(GIT git)
  if(NOT GIT)
    message(FATAL_ERROR "git is not installed: FetchContent's GIT_REPOSITORY needs it")
  endif()
  set(repo ${BUILD_DIR}/metajson.git)
  snapshot(${repo})
  set(git ${GIT} -C ${repo} -c user.name=metajson-test -c user.email=metajson-test@localhost -c commit.gpgsign=false)
  run(${git} init -q)
  run(${git} add -A)
  run(${git} commit -q -m "metajson ${VERSION}")
  run(${git} tag v${VERSION})
  consume(${consumers}/fetchcontent_git ${BUILD_DIR}/consumer ${CMAKE_COMMAND} _deps/metajson-build
          -DMETAJSON_GIT_REPOSITORY=file://${repo} -DMETAJSON_GIT_TAG=v${VERSION})

elseif(MODE STREQUAL "fetchcontent_url")
  set(top metajson-${VERSION})
  snapshot(${BUILD_DIR}/${top})
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar czf ${top}.tar.gz ${top}
                  WORKING_DIRECTORY ${BUILD_DIR} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "could not make ${BUILD_DIR}/${top}.tar.gz")
  endif()
  file(REMOVE_RECURSE ${BUILD_DIR}/${top})
  file(SHA256 ${BUILD_DIR}/${top}.tar.gz sha256)
  consume(${consumers}/fetchcontent_url ${BUILD_DIR}/consumer ${CMAKE_COMMAND} _deps/metajson-build
          -DMETAJSON_URL=file://${BUILD_DIR}/${top}.tar.gz -DMETAJSON_URL_SHA256=${sha256})

elseif(MODE STREQUAL "cxx_standard")
  execute_process(COMMAND ${SOURCE_DIR}/scripts/bootstrap-conan ${VENV} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scripts/bootstrap-conan could not install CMake 4 into ${VENV} (see the error above); "
                        "this test needs it and does not skip")
  endif()
  set(cmake4 ${VENV}/bin/cmake)
  consume(${consumers}/cxx_standard ${BUILD_DIR}/subdirectory ${cmake4} metajson -DMETAJSON_SOURCE_DIR=${SOURCE_DIR})
  # Installed by this CMake (3.25: -std=c++26 in the exported target), consumed with CMake 4.
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR}/lib -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
      -DMETAJSON_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX=${BUILD_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${BUILD_DIR}/lib)
  consume(${consumers}/cxx_standard ${BUILD_DIR}/installed ${cmake4} no-such-folder -DCMAKE_PREFIX_PATH=${BUILD_DIR}/prefix)

else()
  message(FATAL_ERROR "MODE must be add_subdirectory, fetchcontent_git, fetchcontent_url or cxx_standard, not '${MODE}'")
endif()
message("consumer (${MODE}) built and run")
