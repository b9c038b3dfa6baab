# The gransync LAMMPS plugin (gransyncplugin.so) and the `lmp` wrapper that loads it.

file(GLOB GRANSYNC_STYLE_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/GRANSYNC/*.cpp)
add_library(gransyncplugin MODULE src/plugin/gransyncplugin.cpp ${GRANSYNC_STYLE_SOURCES})
target_include_directories(gransyncplugin PRIVATE ${PROJECT_SOURCE_DIR}/src/GRANSYNC ${GRANSYNC_LAMMPS_SRC})
target_link_libraries(gransyncplugin PRIVATE gransync_core LAMMPS::lammps gransync_mpi)
# LAMMPS' own headers need C++17; Kokkos 5 builds need C++20
set_target_properties(gransyncplugin PROPERTIES PREFIX "" SUFFIX ".so" CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/plugins)
target_compile_options(gransyncplugin PRIVATE ${GRANSYNC_WARNINGS})

# The /kk styles, when LAMMPS has the KOKKOS package. Their headers must see LAMMPS' Kokkos
# configuration exactly as liblammps was built with it (precision and layout defaults).
if(TARGET Kokkos::kokkos)
  file(GLOB GRANSYNC_KOKKOS_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/KOKKOS/*.cpp)
  target_sources(gransyncplugin PRIVATE ${GRANSYNC_KOKKOS_SOURCES})
  target_include_directories(gransyncplugin PRIVATE ${PROJECT_SOURCE_DIR}/src/KOKKOS ${GRANSYNC_LAMMPS_SRC}/KOKKOS)
  target_compile_definitions(gransyncplugin PRIVATE GRANSYNC_KOKKOS ${GRANSYNC_LAMMPS_KOKKOS_DEFINES})
  target_link_libraries(gransyncplugin PRIVATE Kokkos::kokkos)
  if(Kokkos_ENABLE_CUDA)
    kokkos_compilation(TARGET gransyncplugin)    # the plugin's sources through nvcc_wrapper
  endif()
endif()

# `build/lmp`: the LAMMPS binary with the plugin directory on LAMMPS_PLUGIN_PATH, so the styles are
# there with no further setup (LAMMPS auto-loads *plugin.so from that path at start-up).
set(GRANSYNC_PLUGIN_DIR ${CMAKE_BINARY_DIR}/plugins)
configure_file(${PROJECT_SOURCE_DIR}/cmake/lmp.in ${CMAKE_BINARY_DIR}/lmp @ONLY
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
