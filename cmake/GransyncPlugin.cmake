# The gransync LAMMPS plugin (gransyncplugin.so) and the `lmp` wrapper that loads it.

include(${CMAKE_CURRENT_LIST_DIR}/GransyncPluginTarget.cmake)
add_library(gransyncplugin MODULE)
set(_with_kokkos OFF)
if(TARGET Kokkos::kokkos)
  set(_with_kokkos ON)    # the /kk styles, when LAMMPS has the KOKKOS package
endif()
gransync_plugin_compile(gransyncplugin ${GRANSYNC_LAMMPS_SRC} ${_with_kokkos})
target_link_libraries(gransyncplugin PRIVATE gransync_core LAMMPS::lammps gransync_mpi)
set_target_properties(gransyncplugin PROPERTIES PREFIX "" SUFFIX ".so" LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/plugins)
target_compile_options(gransyncplugin PRIVATE ${GRANSYNC_WARNINGS})

# `build/lmp`: the LAMMPS binary with the plugin directory on LAMMPS_PLUGIN_PATH, so the styles are
# there with no further setup (LAMMPS auto-loads *plugin.so from that path at start-up).
set(GRANSYNC_PLUGIN_DIR ${CMAKE_BINARY_DIR}/plugins)
configure_file(${PROJECT_SOURCE_DIR}/cmake/lmp.in ${CMAKE_BINARY_DIR}/lmp @ONLY
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
