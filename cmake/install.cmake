# Install rules: headers, the libraries, the CMake package
# (find_package(fuzzycron CONFIG) -> fuzzycron::fuzzycron, fuzzycron::tools),
# pkg-config files, the command and its man page; and CPack's Debian packages.
include(CMakePackageConfigHelpers)

set(FUZZYCRON_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fuzzycron)
set(installed fuzzycron)
if(FUZZYCRON_TOOLS)
  list(APPEND installed fuzzycron_tools fuzzycron_c)
endif()

install(TARGETS ${installed} EXPORT fuzzycronTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT library NAMELINK_COMPONENT development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT library)
install(DIRECTORY include/fuzzycron DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development
  FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/include/fuzzycron/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fuzzycron COMPONENT development)

# The package config finds a static build's dependencies (FUZZYCRON_SHARED OFF).
if(BUILD_SHARED_LIBS)
  set(FUZZYCRON_SHARED ON)
else()
  set(FUZZYCRON_SHARED OFF)
endif()
install(EXPORT fuzzycronTargets NAMESPACE fuzzycron:: DESTINATION ${FUZZYCRON_CMAKE_DIR} COMPONENT development)
configure_package_config_file(cmake/fuzzycronConfig.cmake.in ${PROJECT_BINARY_DIR}/fuzzycronConfig.cmake
  INSTALL_DESTINATION ${FUZZYCRON_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fuzzycronConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fuzzycronConfig.cmake ${PROJECT_BINARY_DIR}/fuzzycronConfigVersion.cmake
  DESTINATION ${FUZZYCRON_CMAKE_DIR} COMPONENT development)

# pkg-config: the private dependencies appear for static linking only. The
# prefix is found from the .pc file's own place, so --prefix at install works.
file(RELATIVE_PATH FUZZYCRON_PC_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" FUZZYCRON_PC_PREFIX "${FUZZYCRON_PC_PREFIX}")
foreach(pc fuzzycron fuzzycron-tools fuzzycron-c)
  if(pc MATCHES "fuzzycron-(tools|c)" AND NOT FUZZYCRON_TOOLS)
    continue()
  endif()
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)
endforeach()

if(FUZZYCRON_CLI)
  install(TARGETS fuzzycron-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
  if(FUZZYCRON_MAN_PAGE)
    install(FILES ${FUZZYCRON_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cli)
  endif()
endif()

# Debian packages: cpack -G DEB in a build tree (docs/install.md).
set(CPACK_PACKAGE_NAME fuzzycron)
set(CPACK_PACKAGE_VENDOR "fuzzycron")
set(CPACK_PACKAGE_CONTACT "fuzzycron maintainers <maintainers@fuzzycron.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the linked libraries (dpkg-shlibdeps)
# Our own libraries: dpkg-shlibdeps finds them in the build tree; the command's
# package depends on the library's through the component dependency below.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR})
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)  # a shlibs file, for packages built against ours
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
set(CPACK_COMPONENTS_ALL library development)
if(FUZZYCRON_CLI)
  list(APPEND CPACK_COMPONENTS_ALL cli)
endif()
if(FUZZYCRON_PYTHON)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()

set(CPACK_DEBIAN_LIBRARY_PACKAGE_NAME libfuzzycron${PROJECT_VERSION_MAJOR})
set(CPACK_COMPONENT_LIBRARY_DESCRIPTION
  "cron schedules that spread load deterministically (shared libraries)
 fuzzycron parses the cron dialects people use (Vixie, Quartz, Jenkins, furiko)
 with hash forms (H) that give each job a stable time of its own, and computes
 next and previous fire times in any IANA time zone with a stated DST policy.
 This package holds libfuzzycron, libfuzzycron-tools (explain, lint, spread)
 and libfuzzycron-c (the C API).")
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libfuzzycron-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEVELOPMENT_DEPENDS library)
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION
  "cron schedules that spread load deterministically (development files)
 Headers, the CMake package (find_package(fuzzycron CONFIG) gives
 fuzzycron::fuzzycron and fuzzycron::tools) and pkg-config files for
 libfuzzycron, a C++20 library.")
# A static build's imported targets name these; a shared one needs none of them.
if(NOT BUILD_SHARED_LIBS)
  set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS
    "libhowardhinnant-date-dev, libfmt-dev, libssl-dev, libxxhash-dev, zlib1g-dev, libfyaml-dev, pkg-config")
endif()
set(CPACK_DEBIAN_CLI_PACKAGE_NAME fuzzycron)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_CLI_DEPENDS library)
set(CPACK_COMPONENT_CLI_DESCRIPTION
  "cron schedules that spread load deterministically (command line)
 The fuzzycron command: next and prev fire times, explain, lint, spread
 analysis over a fleet, resolve of hash forms (H) per host and job, offsets,
 and a JSON Lines batch mode.")
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-fuzzycron)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= 3.11), python3 (<< 3.12)")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
  "cron schedules that spread load deterministically (Python 3)
 The fuzzycron module: parse, next, prev and fire times as timezone-aware
 datetimes, resolve, offset, explain, lint, and fuzzycron.croniter, a drop-in
 for croniter's class with croniter 6's answers and its H.")
include(CPack)
