# Packaging: install components and CPack settings for `cpack` in a
# build directory (README.md, "Packages").
#
#   .deb (Debian 12, this machine's libraries):
#     oomtrail        both programs, their man pages, the Slurm scripts
#                     under share/oomtrail/slurm; dependencies from
#                     dpkg-shlibdeps.
#     oomtrail-spank  the SPANK plugin, built against Debian's Slurm
#                     (libslurm-dev): it depends on the slurmd of that
#                     major.minor release, the only one that loads it.
#   .rpm for the nodes of RHEL-family clusters (oomtrail-node): the static
#     collector, its man page, the Slurm scripts, and the SPANK plugin as
#     source with share/oomtrail/spank/build.sh, since the plugin must be
#     built against the site's own Slurm (slurm-devel). The analyzer is
#     not in it: it links this machine's shared libraries; analyse
#     bundles wherever the .deb (or a build) is.
#
# Components: analyzer, collector, slurm, spank (the built plugin) and
# spanksrc. Which ones each package holds is chosen per generator in
# cmake/PackagingPerGenerator.cmake (CPACK_PROJECT_CONFIG_FILE).
include(GNUInstallDirs)

set(OOMTRAIL_DATADIR ${CMAKE_INSTALL_DATADIR}/oomtrail)
install(FILES man/oomtrail.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
    COMPONENT analyzer)
install(FILES man/oomtrail-collect.1
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT collector)
# Every script of contrib/slurm (new ones included without a list here),
# executable bits kept; the plugin has its own components.
install(DIRECTORY contrib/slurm/ DESTINATION ${OOMTRAIL_DATADIR}/slurm
    COMPONENT slurm USE_SOURCE_PERMISSIONS
    FILES_MATCHING PATTERN "*.sh" PATTERN "*.sbatch" PATTERN "*.conf"
    PATTERN "*.md" PATTERN "spank" EXCLUDE)
install(DIRECTORY contrib/slurm/spank/ DESTINATION ${OOMTRAIL_DATADIR}/spank
    COMPONENT spanksrc USE_SOURCE_PERMISSIONS
    FILES_MATCHING PATTERN "*.c" PATTERN "*.h" PATTERN "README.md"
    PATTERN "build.sh" PATTERN "test_*" EXCLUDE)

set(CPACK_PACKAGE_NAME oomtrail)
set(CPACK_PACKAGE_VENDOR "The oomtrail authors")
set(CPACK_PACKAGE_CONTACT "The oomtrail authors <oomtrail@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "which memory ran out: forensic bundles for Slurm GPU OOMs")
set(CPACK_PACKAGE_DESCRIPTION
    "oomtrail-collect snapshots a compute node's evidence of a failed Slurm\
 job (accounting, kernel log, memory cgroups, nvidia-smi, the job's logs)\
 into one bundle; oomtrail analyze says which memory ran out.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES TRUE)
set(CPACK_GENERATOR DEB RPM)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_PROJECT_CONFIG_FILE
    ${PROJECT_SOURCE_DIR}/cmake/PackagingPerGenerator.cmake)

# .deb
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_MAIN_PACKAGE_NAME oomtrail)
set(CPACK_DEBIAN_SPANK_PACKAGE_NAME oomtrail-spank)
set(CPACK_DEBIAN_SPANK_PACKAGE_DEPENDS "oomtrail (= ${PROJECT_VERSION})")
# slurmstepd refuses a plugin of another major.minor release
# (plugin_version): tie the plugin to the Slurm it was built against.
if(SLURM_SPANK_INCLUDE_DIR AND
    EXISTS ${SLURM_SPANK_INCLUDE_DIR}/slurm/slurm_version.h)
  file(STRINGS ${SLURM_SPANK_INCLUDE_DIR}/slurm/slurm_version.h _sv
      REGEX "^#define SLURM_VERSION_NUMBER ")
  string(REGEX REPLACE ".* 0x([0-9a-fA-F]+).*" "\\1" _sv "${_sv}")
  math(EXPR _maj "0x${_sv} >> 16" OUTPUT_FORMAT DECIMAL)
  math(EXPR _min "(0x${_sv} >> 8) & 255" OUTPUT_FORMAT DECIMAL)
  math(EXPR _next "${_min} + 1")
  string(LENGTH "${_min}" _l)
  if(_l LESS 2)
    set(_min "0${_min}")
  endif()
  string(LENGTH "${_next}" _l)
  if(_l LESS 2)
    set(_next "0${_next}")
  endif()
  string(APPEND CPACK_DEBIAN_SPANK_PACKAGE_DEPENDS
      ", slurmd (>= ${_maj}.${_min}), slurmd (<< ${_maj}.${_next})")
endif()

# .rpm
set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE MIT)
set(CPACK_RPM_PACKAGE_GROUP "Applications/System")
set(CPACK_RPM_PACKAGE_ARCHITECTURE x86_64)
# The collector is static and stripped already: no debuginfo package,
# no post-install processing by the build host's rpm macros.
set(CPACK_RPM_SPEC_MORE_DEFINE "%define debug_package %{nil}
%define __os_install_post %{nil}
%define _build_id_links none")
# Directories the distribution's own packages own.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION /usr/share/man
    /usr/share/man/man1)

include(CPack)
cpack_add_component_group(main)
cpack_add_component(analyzer GROUP main)
cpack_add_component(collector GROUP main)
cpack_add_component(slurm GROUP main)
cpack_add_component(spank GROUP spank)
cpack_add_component(spanksrc)
