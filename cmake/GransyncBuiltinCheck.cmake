# The test of gransync compiled into LAMMPS (cmake/GransyncBuiltin.cmake, doc/build.md): a second
# LAMMPS of the same recipe as the plugin's (GransyncLAMMPS.cmake), without PLUGIN, configured as a
# user would with -D CMAKE_PROJECT_lammps_INCLUDE, built with this tree's sources at every build.
#
# It lives in the cache folder beside the plugin's LAMMPS, at the same depth (builtin-<key>/build
# beside lammps-<key>/build), and builds its own Kokkos there: with ccache's base folder at the
# cache, the LAMMPS and Kokkos objects then compile from identical commands and come from ccache
# (the recipe is built once per machine), and only gransync's sources and the few LAMMPS files that
# read the style headers compile anew.
# Reads the recipe, _env (ccache's base folder) and _ncpu of GransyncLAMMPS.cmake.
# Outputs: GRANSYNC_BUILTIN_BUILD (its build folder: lmp, liblammps.so), target builtin_lammps.

if(LAMMPS_ROOT OR NOT GRANSYNC_KOKKOS MATCHES "^(OFF|OpenMP)$")
  message(FATAL_ERROR "GRANSYNC_BUILTIN_CHECK builds gransync into the pinned LAMMPS recipe: it needs "
    "GRANSYNC_KOKKOS OFF or OpenMP and no LAMMPS_ROOT")
endif()
string(SHA256 _builtin_key "${GRANSYNC_LAMMPS_KEY}|${PROJECT_SOURCE_DIR}")
string(SUBSTRING "${_builtin_key}" 0 16 _builtin_key)
set(_broot "${GRANSYNC_CACHE_DIR}/builtin-${_builtin_key}")
set(GRANSYNC_BUILTIN_BUILD "${_broot}/build")

if(GRANSYNC_KOKKOS_RECIPE AND NOT EXISTS "${_broot}/kokkos/.gransync-complete")
  file(MAKE_DIRECTORY "${_broot}")
  string(REPLACE "@ROOT@" "${_broot}" _kcfg "${GRANSYNC_KOKKOS_RECIPE}")
  gransync_run("configuring Kokkos for the built-in LAMMPS" "${_broot}/kokkos-configure.log" ${_env} ${CMAKE_COMMAND} ${_kcfg})
  gransync_run("building Kokkos for the built-in LAMMPS" "${_broot}/kokkos-build.log"
    ${_env} ${CMAKE_COMMAND} --build "${_broot}/kokkos-build" --parallel ${_ncpu} --target install)
  file(TOUCH "${_broot}/kokkos/.gransync-complete")
endif()
if(NOT EXISTS "${GRANSYNC_BUILTIN_BUILD}/CMakeCache.txt")
  string(REPLACE "@ROOT@" "${_broot}" _lcfg "${GRANSYNC_LAMMPS_RECIPE}")
  list(TRANSFORM _lcfg REPLACE "^-DPKG_PLUGIN=ON$" "-DPKG_PLUGIN=OFF")
  gransync_run("configuring LAMMPS with gransync compiled in" "${_broot}/lammps-configure.log" ${_env}
    ${CMAKE_COMMAND} ${_lcfg} -DCMAKE_PROJECT_lammps_INCLUDE=${PROJECT_SOURCE_DIR}/cmake/GransyncBuiltin.cmake)
endif()
# ninja there rebuilds what this tree's sources changed (and re-runs that configure when a glob grows)
# (byproducts: the tests link that library, and a fresh tree's ninja must know what makes it)
add_custom_target(builtin_lammps ALL
  COMMAND ${_env} ${CMAKE_COMMAND} --build "${GRANSYNC_BUILTIN_BUILD}" --parallel ${_ncpu} --target lmp
  BYPRODUCTS ${GRANSYNC_BUILTIN_BUILD}/liblammps.so ${GRANSYNC_BUILTIN_BUILD}/lmp
  COMMENT "LAMMPS with gransync compiled in (${GRANSYNC_BUILTIN_BUILD})" USES_TERMINAL)
