# Install the headers, a CMake package (`find_package(metajson)`) and a pkg-config file
# (`pkg-config --cflags metajson`), so that both work from a prefix.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY include/metajson DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS metajson EXPORT metajsonTargets)
install(EXPORT metajsonTargets NAMESPACE metajson:: DESTINATION ${CMAKE_INSTALL_DATADIR}/metajson/cmake)
# Build-tree export, for consumers that point CMAKE_PREFIX_PATH at the build folder.
export(EXPORT metajsonTargets NAMESPACE metajson:: FILE ${PROJECT_BINARY_DIR}/metajsonTargets.cmake)

configure_package_config_file(cmake/metajsonConfig.cmake.in ${PROJECT_BINARY_DIR}/metajsonConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_DATADIR}/metajson/cmake)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/metajsonConfigVersion.cmake
  COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
# metajson-cxx26.cmake beside the config file, in the build tree too (the build-tree export).
configure_file(cmake/metajson-cxx26.cmake ${PROJECT_BINARY_DIR}/metajson-cxx26.cmake COPYONLY)
install(FILES ${PROJECT_BINARY_DIR}/metajsonConfig.cmake ${PROJECT_BINARY_DIR}/metajsonConfigVersion.cmake
  ${PROJECT_BINARY_DIR}/metajson-cxx26.cmake
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metajson/cmake)

# metajson.pc, beside the CMake package under the data folder (share/pkgconfig: the library is
# header-only, so architecture-independent; pkg-config searches <prefix>/share/pkgconfig). Its
# paths are relative to the file (${pcfiledir}), so `cmake --install --prefix` elsewhere works.
set(METAJSON_PC_DIR ${CMAKE_INSTALL_DATADIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_DATADIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(METAJSON_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(METAJSON_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH up "/p/${METAJSON_PC_DIR}" "/p")  # ../..
  string(REGEX REPLACE "/$" "" up "${up}")
  set(METAJSON_PC_PREFIX "\${pcfiledir}/${up}")
  set(METAJSON_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(METAJSON_PC_DEFINES "")
if(METAJSON_NO_SIMD)
  string(APPEND METAJSON_PC_DEFINES " -DMETAJSON_NO_SIMD")
endif()
configure_file(cmake/metajson.pc.in ${PROJECT_BINARY_DIR}/metajson.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/metajson.pc DESTINATION ${METAJSON_PC_DIR})
