# Installs metajson into a scratch prefix (configured for another prefix, installed with
# --prefix: the .pc file must not depend on where it was configured for), then compiles and runs
# the consumer in consumer/ with `CXX $(pkg-config --cflags metajson)` and nothing else: no
# CMake package, no -std or -freflection of its own. pkg-config searches only that prefix.
file(REMOVE_RECURSE ${BUILD_DIR})
set(prefix ${BUILD_DIR}/prefix)
find_program(PKG_CONFIG NAMES pkg-config pkgconf)
if(NOT PKG_CONFIG)
  message("SKIPPED: pkg-config is not installed")
  return()
endif()
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR}/lib -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
    -DMETAJSON_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX=${BUILD_DIR}/not-here)
run(${CMAKE_COMMAND} --install ${BUILD_DIR}/lib --prefix ${prefix})
set(pc_env ${CMAKE_COMMAND} -E env PKG_CONFIG_LIBDIR=${prefix}/share/pkgconfig PKG_CONFIG_PATH=)
execute_process(COMMAND ${pc_env} ${PKG_CONFIG} --cflags metajson
                RESULT_VARIABLE rc OUTPUT_VARIABLE cflags OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags metajson failed (${rc}): no metajson.pc in ${prefix}/share/pkgconfig?")
endif()
message("pkg-config --cflags metajson: ${cflags}")
separate_arguments(cflags UNIX_COMMAND "${cflags}")
run(${CXX} ${cflags} ${SOURCE_DIR}/tests/install/consumer/main.cpp -o ${BUILD_DIR}/pc_consumer)
run(${BUILD_DIR}/pc_consumer)
