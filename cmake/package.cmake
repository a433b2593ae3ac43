# Installation and packaging: `cmake --install` puts the libraries in lib/, their headers in
# include/aqlsim/<directory>/ (so that `#include "hsa_model/gpu.hpp"` works with
# -I<prefix>/include/aqlsim), the aqlsim program in bin/, workloads/ in share/aqlsim/, the CMake
# package (find_package(aqlsim CONFIG)) in lib/cmake/aqlsim/ and aqlsim.pc in lib/pkgconfig/.
# `cpack` makes a .deb of the same files.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(AQLSIM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/aqlsim)
set(AQLSIM_DATA_DIR ${CMAKE_INSTALL_DATADIR}/aqlsim)

# aqlsim_library(TARGET NAME [INTERNAL SUBDIR...]): the include root of TARGET (the source tree
# here, include/aqlsim once installed), its alias aqlsim::NAME (the name it is exported under),
# and the installation of the library and of the headers of the directory that defines it, but
# for those of the INTERNAL subdirectories (included by its sources only, not by an installed
# header). The headers need C++20 (<bit>, defaulted comparisons), so it is a usage requirement:
# CMAKE_CXX_STANDARD is not exported, and a program built against the package gets C++20 from
# the targets it links.
function(aqlsim_library target name)
  cmake_parse_arguments(ARG "" "" "INTERNAL" ${ARGN})
  set(internal "")
  foreach(subdir IN LISTS ARG_INTERNAL)
    list(APPEND internal PATTERN "${subdir}" EXCLUDE)  # a directory of that name, at any depth
  endforeach()
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/aqlsim>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  add_library(aqlsim::${name} ALIAS ${target})
  set_property(GLOBAL APPEND PROPERTY AQLSIM_INSTALLED_TARGETS ${target})
  install(TARGETS ${target} EXPORT aqlsimTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  cmake_path(GET CMAKE_CURRENT_SOURCE_DIR FILENAME directory)
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aqlsim/${directory}
    FILES_MATCHING PATTERN "*.hpp" ${internal})
endfunction()

# Called once every target is defined (after the add_subdirectory calls).
function(aqlsim_install_package)
  # `cmake --build B --target aqlsim_installed`: what `cmake --install` needs built, without the
  # tests (aqlsim_hip, the installed hip backend, is not among the program's dependencies).
  get_property(libraries GLOBAL PROPERTY AQLSIM_INSTALLED_TARGETS)
  add_custom_target(aqlsim_installed)
  add_dependencies(aqlsim_installed aqlsim ${libraries})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/workloads DESTINATION ${AQLSIM_DATA_DIR})
  install(EXPORT aqlsimTargets NAMESPACE aqlsim:: DESTINATION ${AQLSIM_CMAKE_DIR})
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/aqlsimConfig.cmake.in
    ${PROJECT_BINARY_DIR}/aqlsimConfig.cmake
    INSTALL_DESTINATION ${AQLSIM_CMAKE_DIR}
    PATH_VARS AQLSIM_DATA_DIR)
  # 0.x: a minor version may break the API.
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/aqlsimConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/aqlsimConfig.cmake
                ${PROJECT_BINARY_DIR}/aqlsimConfigVersion.cmake
          DESTINATION ${AQLSIM_CMAKE_DIR})

  # aqlsim.pc finds the prefix from its own place, so it holds wherever the files are installed.
  file(RELATIVE_PATH AQLSIM_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
  string(REGEX REPLACE "/$" "" AQLSIM_PC_TO_PREFIX "${AQLSIM_PC_TO_PREFIX}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/aqlsim.pc.in ${PROJECT_BINARY_DIR}/aqlsim.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/aqlsim.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

  set(CPACK_GENERATOR DEB)
  set(CPACK_PACKAGE_NAME aqlsim)
  set(CPACK_PACKAGE_CONTACT "aqlsim developers")
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
      "Discrete-event model of a GPU front end: HSA queues, AQL packets, schedulers")
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  # The headers of these are needed to build against the libraries.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libyaml-cpp-dev, libboost-graph-dev, libhsa-runtime-dev, nlohmann-json3-dev, libfmt-dev")
  set(CPACK_SOURCE_IGNORE_FILES "/\\.git/" "/build[^/]*/" "/out/")
  include(CPack)
endfunction()
