# SPDX-License-Identifier: MIT
# Install rules: headers, the library and pstl_ws::std_execution, pstl_wsTargets.cmake, pstl_wsConfig.cmake
# and its version file (find_package(pstl_ws)), pstl_ws.pc (pkg-config) and
# the license.
include(CMakePackageConfigHelpers)

set(PSTL_WS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pstl_ws)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/pstl_ws DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS pstl_ws pstl_ws_std_execution EXPORT pstl_wsTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT pstl_wsTargets NAMESPACE pstl_ws:: DESTINATION ${PSTL_WS_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/pstl_wsConfig.cmake.in
  ${PROJECT_BINARY_DIR}/pstl_wsConfig.cmake INSTALL_DESTINATION ${PSTL_WS_CMAKE_DIR})
# Before 1.0 a minor release may break compatibility (as the soname says).
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(pstl_ws_compatibility SameMinorVersion)
else()
  set(pstl_ws_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pstl_wsConfigVersion.cmake
  COMPATIBILITY ${pstl_ws_compatibility})
install(FILES ${PROJECT_BINARY_DIR}/pstl_wsConfig.cmake ${PROJECT_BINARY_DIR}/pstl_wsConfigVersion.cmake
  DESTINATION ${PSTL_WS_CMAKE_DIR})

# pkg-config: the prefix relative to lib/pkgconfig, so that the tree may move
# (directories given as absolute paths stay as they are). Boost.Context is
# linked by a program itself when our library is static, and through ours
# when it is shared.
file(RELATIVE_PATH PSTL_WS_PC_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" PSTL_WS_PC_PREFIX "${PSTL_WS_PC_PREFIX}")
foreach(dir IN ITEMS INCLUDEDIR LIBDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(PSTL_WS_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(PSTL_WS_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
get_target_property(pstl_ws_type pstl_ws TYPE)
if(pstl_ws_type STREQUAL "SHARED_LIBRARY")
  set(PSTL_WS_PC_LIBS "")
  set(PSTL_WS_PC_LIBS_PRIVATE "-lboost_context")
else()
  set(PSTL_WS_PC_LIBS "-lboost_context")
  set(PSTL_WS_PC_LIBS_PRIVATE "")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/pstl_ws.pc.in ${PROJECT_BINARY_DIR}/pstl_ws.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/pstl_ws.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/pstl_ws)
