# vcpkg port of metajson (header-only), for an overlay (`vcpkg install metajson
# --overlay-ports=<metajson>/ports`) or a registry. NOT TESTED in this project: vcpkg cannot be
# fetched on its machines (docs/install.md). Before its first use, set REPO to the repository's
# public address and SHA512 to the hash of the release archive (vcpkg prints the right one when it
# does not match).
set(VCPKG_BUILD_TYPE release) # header-only

vcpkg_from_github(
    OUT_SOURCE_PATH SOURCE_PATH
    REPO metajson/metajson # not published yet: the repository's owner/name
    REF "v${VERSION}"
    SHA512 0
    HEAD_REF main
)

# The project's own install: headers, the CMake package (metajson::metajson, which carries
# -std=c++26 -freflection) and metajson.pc. Its tests need GoogleTest: off.
vcpkg_cmake_configure(
    SOURCE_PATH "${SOURCE_PATH}"
    OPTIONS
        -DMETAJSON_BUILD_TESTS=OFF
)
vcpkg_cmake_install()
vcpkg_cmake_config_fixup(CONFIG_PATH share/metajson/cmake)
vcpkg_fixup_pkgconfig()

file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
