# Read by cpack once per generator (CPACK_PROJECT_CONFIG_FILE): the .deb
# and the .rpm hold different components (cmake/Packaging.cmake).
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_COMPONENTS_ALL analyzer collector slurm spank)
elseif(CPACK_GENERATOR STREQUAL "RPM")
  # One package for RHEL-family nodes: no analyzer (it links Debian's
  # shared libraries), the plugin as source to build against the site's
  # Slurm.
  set(CPACK_COMPONENTS_ALL collector slurm spanksrc)
  set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
  set(CPACK_RPM_PACKAGE_NAME oomtrail-node)
  set(CPACK_RPM_PACKAGE_SUMMARY
      "oomtrail-collect (static) and the Slurm scripts for compute nodes")
  set(CPACK_RPM_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}
This package is for compute nodes: the statically linked collector, its
man page, the Slurm scripts (/usr/share/oomtrail/slurm) and the SPANK
plugin's source with build.sh (/usr/share/oomtrail/spank), to build
against the site's Slurm (slurm-devel). Analyse bundles with oomtrail
analyze where it is installed.")
endif()
