# Install the headers and a CMake package, so that `find_package(metajson)` works from a prefix.
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
install(FILES ${PROJECT_BINARY_DIR}/metajsonConfig.cmake ${PROJECT_BINARY_DIR}/metajsonConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metajson/cmake)
