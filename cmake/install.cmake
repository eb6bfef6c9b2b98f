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

# pkg-config files with the install prefix written out (prefix=/usr in the
# packages): made when they are installed, so `cmake --install --prefix DIR`
# writes DIR. The private dependencies appear for static linking only.
set(FUZZYCRON_PC_PREFIX "@FUZZYCRON_PC_PREFIX@")  # kept for the install step
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(FUZZYCRON_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(FUZZYCRON_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(FUZZYCRON_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(FUZZYCRON_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
foreach(pc fuzzycron fuzzycron-tools fuzzycron-c)
  if(pc MATCHES "fuzzycron-(tools|c)" AND NOT FUZZYCRON_TOOLS)
    continue()
  endif()
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in @ONLY)
  install(CODE "
    set(FUZZYCRON_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in\"
                   \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/${pc}.pc\" @ONLY)
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/${pc}.pc\")"
    COMPONENT development)
endforeach()

# A shared library installed from source where the loader does not look yet.
if(BUILD_SHARED_LIBS)
  install(CODE "
    if(NOT DEFINED ENV{DESTDIR} OR \"\$ENV{DESTDIR}\" STREQUAL \"\")
      message(STATUS \"Shared libraries installed in \${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}: run 'ldconfig' (as root) so that programs find them (or add the directory to /etc/ld.so.conf.d/)\")
    endif()" COMPONENT library)
endif()

if(FUZZYCRON_CLI)
  install(TARGETS fuzzycron-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
  if(FUZZYCRON_SHARE_DIR)
    install(FILES ${FUZZYCRON_SHARE_DIR}/fuzzycron.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cli)
    install(FILES ${FUZZYCRON_SHARE_DIR}/fuzzycron-crontab.5.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man5 COMPONENT cli)
    install(FILES ${FUZZYCRON_SHARE_DIR}/completion.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
            RENAME fuzzycron COMPONENT cli)
    install(FILES ${FUZZYCRON_SHARE_DIR}/completion.zsh DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions
            RENAME _fuzzycron COMPONENT cli)
    install(FILES ${FUZZYCRON_SHARE_DIR}/completion.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d
            RENAME fuzzycron.fish COMPONENT cli)
  endif()
  # The service, installed disabled, and its configuration skeleton (conffiles).
  install(FILES packaging/fuzzycron.service DESTINATION /lib/systemd/system COMPONENT cli)
  install(FILES packaging/etc/crontab DESTINATION ${CMAKE_INSTALL_FULL_SYSCONFDIR}/fuzzycron COMPONENT cli)
  install(FILES packaging/etc/default DESTINATION ${CMAKE_INSTALL_FULL_SYSCONFDIR}/default RENAME fuzzycron
          COMPONENT cli)
  file(WRITE ${PROJECT_BINARY_DIR}/debian/cli/conffiles
       "${CMAKE_INSTALL_FULL_SYSCONFDIR}/fuzzycron/crontab\n${CMAKE_INSTALL_FULL_SYSCONFDIR}/default/fuzzycron\n")
endif()

# copyright and changelog in each package (Debian policy 12.5, 12.7).
file(READ ${PROJECT_SOURCE_DIR}/LICENSE license)
string(REGEX REPLACE "^MIT License\n\nCopyright[^\n]*\n\n" "" license "${license}")
string(STRIP "${license}" license)
string(REGEX REPLACE "\n\n" "\n.\n" license "${license}")
string(REGEX REPLACE "\n" "\n " license " ${license}")
configure_file(packaging/copyright.in ${PROJECT_BINARY_DIR}/debian/copyright @ONLY)
file(APPEND ${PROJECT_BINARY_DIR}/debian/copyright "${license}\n")
# A native package (its upstream packages it): the changelog is changelog.gz.
configure_file(packaging/changelog.in ${PROJECT_BINARY_DIR}/debian/changelog @ONLY)
execute_process(COMMAND gzip -9n -c ${PROJECT_BINARY_DIR}/debian/changelog
                OUTPUT_FILE ${PROJECT_BINARY_DIR}/debian/changelog.gz)
set(FUZZYCRON_DEB_PACKAGES library:libfuzzycron${PROJECT_VERSION_MAJOR} development:libfuzzycron-dev)
if(FUZZYCRON_CLI)
  list(APPEND FUZZYCRON_DEB_PACKAGES cli:fuzzycron)
endif()
if(FUZZYCRON_PYTHON)
  list(APPEND FUZZYCRON_DEB_PACKAGES python:python3-fuzzycron)
endif()
# The library package activates ldconfig's trigger (lintian: lacks-ldconfig-trigger);
# CPack's own postinst also runs ldconfig (a lintian warning, not an error).
file(WRITE ${PROJECT_BINARY_DIR}/debian/library/triggers "activate-noawait ldconfig\n")
foreach(entry IN LISTS FUZZYCRON_DEB_PACKAGES)
  string(REPLACE ":" ";" entry "${entry}")
  list(GET entry 0 component)
  list(GET entry 1 package)
  install(FILES ${PROJECT_BINARY_DIR}/debian/copyright ${PROJECT_BINARY_DIR}/debian/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component})
endforeach()

# Debian packages: cpack -G DEB in a build tree (docs/install.md).
set(CPACK_PACKAGE_NAME fuzzycron)
set(CPACK_PACKAGE_VENDOR "fuzzycron")
set(CPACK_PACKAGE_CONTACT "fuzzycron maintainers <maintainers@fuzzycron.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "cron schedules that spread load deterministically")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)  # Debian ships stripped objects
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the linked libraries (dpkg-shlibdeps)
# Our own libraries: dpkg-shlibdeps finds them in the build tree; the command's
# package depends on the library's through the component dependency below.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR})
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)  # a shlibs file, for packages built against ours
# Before 1.0 a minor version may change the ABI while the SONAME stays .so.0:
# packages built against this one depend on exactly this version.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
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
set(CPACK_DEBIAN_LIBRARY_PACKAGE_CONTROL_EXTRA ${PROJECT_BINARY_DIR}/debian/library/triggers)
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
set(CPACK_DEBIAN_CLI_PACKAGE_CONTROL_EXTRA ${PROJECT_BINARY_DIR}/debian/cli/conffiles)
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
