# CMake toolchain file: cross-compile for aarch64 (arm64) Linux with
# Debian's cross compiler (gcc-aarch64-linux-gnu) against the arm64
# libraries installed through multiarch (libfoo-dev:arm64, under
# /usr/lib/aarch64-linux-gnu). scripts/deps.sh's "release" group installs
# both; scripts/release.sh uses this file.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Headers are shared between architectures in /usr/include (multiarch);
# libraries and .pc files must be the arm64 ones only.
set(ENV{PKG_CONFIG_LIBDIR}
    "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# try_run (cmake/CheckZstdFilter.cmake) and any test run the arm64
# binaries under qemu-user (qemu-user-static).
find_program(OOMTRAIL_QEMU_AARCH64 qemu-aarch64-static)
if(OOMTRAIL_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${OOMTRAIL_QEMU_AARCH64})
endif()
