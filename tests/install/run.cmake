# Installs metajson into a scratch prefix, then configures, builds and runs the consumer
# project in consumer/ against it with find_package(metajson).
file(REMOVE_RECURSE ${BUILD_DIR})
set(prefix ${BUILD_DIR}/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR}/lib -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
    -DMETAJSON_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX=${prefix})
run(${CMAKE_COMMAND} --install ${BUILD_DIR}/lib)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${BUILD_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${BUILD_DIR}/consumer)
run(${BUILD_DIR}/consumer/consumer)
