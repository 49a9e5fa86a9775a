# Toolchain file for the emulated test builds of other architectures (make test-aarch64,
# make test-s390x): -DCMAKE_TOOLCHAIN_FILE=cmake/cross.cmake -DMETAJSON_CROSS_ARCH=<arch>.
# The compiler is Debian's GCC 16 cross compiler (<arch>-linux-gnu-g++-16, installed by
# scripts/bootstrap-cross); ctest runs every test program through qemu-<arch> (user-mode
# emulation) with the target's libraries from /usr/<arch>-linux-gnu.
if(NOT METAJSON_CROSS_ARCH)
  message(FATAL_ERROR "cmake/cross.cmake: set METAJSON_CROSS_ARCH (aarch64 or s390x)")
endif()
set(METAJSON_CROSS_ARCH "${METAJSON_CROSS_ARCH}" CACHE STRING "Target architecture of the emulated test build")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES METAJSON_CROSS_ARCH)  # CMake's own compiler checks
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${METAJSON_CROSS_ARCH})
set(triple ${METAJSON_CROSS_ARCH}-linux-gnu)
set(CMAKE_CXX_COMPILER ${triple}-g++-16)
set(CMAKE_C_COMPILER ${triple}-gcc-16)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-${METAJSON_CROSS_ARCH} -L /usr/${triple})
set(CMAKE_FIND_ROOT_PATH /usr/${triple})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
