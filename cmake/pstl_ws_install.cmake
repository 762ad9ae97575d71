# SPDX-License-Identifier: MIT
# Install rules: headers, the library, pstl_wsTargets.cmake, pstl_wsConfig.cmake
# and its version file, so that find_package(pstl_ws) works.
include(CMakePackageConfigHelpers)

set(PSTL_WS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pstl_ws)

install(DIRECTORY include/pstl_ws DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS pstl_ws EXPORT pstl_wsTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT pstl_wsTargets NAMESPACE pstl_ws:: DESTINATION ${PSTL_WS_CMAKE_DIR})

configure_package_config_file(cmake/pstl_wsConfig.cmake.in
  ${PROJECT_BINARY_DIR}/pstl_wsConfig.cmake INSTALL_DESTINATION ${PSTL_WS_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pstl_wsConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/pstl_wsConfig.cmake ${PROJECT_BINARY_DIR}/pstl_wsConfigVersion.cmake
  DESTINATION ${PSTL_WS_CMAKE_DIR})
