# SPDX-License-Identifier: MIT
# The Debian package: in a build of the library alone configured with
# -DCMAKE_INSTALL_PREFIX=/usr, `cpack -G DEB` makes
# libpstl-ws-dev_VERSION_ARCH.deb with what `cmake --install` installs: the
# headers, the static library, the CMake package (pstl_ws::pstl_ws,
# pstl_ws::std_execution), pstl_ws.pc and the license. Built with g++ 12 on
# libstdc++, it serves programs on libstdc++ (std::string and std::function
# cross its interface). tests/install/check_package.cmake builds and tries it.
set(CPACK_PACKAGE_NAME libpstl-ws-dev)
set(CPACK_PACKAGE_VENDOR pstl_ws)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION} (development files)")
set(CPACK_PACKAGE_CONTACT "pstl_ws developers")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
# Boost.Context: the library's fibers, linked by every program that links the
# static library (pstl_wsConfig.cmake finds it). libstdc++ 12: the headers'
# C++20 library and the ABI the library was built against.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libboost-context-dev (>= 1.74), libstdc++-12-dev")
include(CPack)
