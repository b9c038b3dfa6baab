# How the plugin's translation units are compiled, for the plugin itself (GransyncPlugin.cmake) and
# for the CUDA compile check (tools/cuda_check), so that the check sees exactly the build's setup.
#   gransync_plugin_compile(<target> <LAMMPS src dir> <with Kokkos: ON|OFF>): the sources and flags
#   gransync_plugin_flags(<target> <LAMMPS src dir> <with Kokkos: ON|OFF>): the flags only

function(gransync_plugin_compile target lammps_src with_kokkos)
  set(root ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/..)
  file(GLOB styles CONFIGURE_DEPENDS ${root}/src/GRANSYNC/*.cpp)
  target_sources(${target} PRIVATE ${root}/src/plugin/gransyncplugin.cpp ${styles})
  if(with_kokkos)
    file(GLOB kokkos_styles CONFIGURE_DEPENDS ${root}/src/KOKKOS/*.cpp)
    target_sources(${target} PRIVATE ${kokkos_styles})
  endif()
  gransync_plugin_flags(${target} ${lammps_src} ${with_kokkos})
endfunction()

# the include folders, definitions, language standard and Kokkos setup of the plugin's sources
function(gransync_plugin_flags target lammps_src with_kokkos)
  set(root ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/..)
  target_include_directories(${target} PRIVATE ${root}/src/GRANSYNC ${root}/src/core ${lammps_src})
  # LAMMPS' own headers need C++17; Kokkos 5 builds need C++20
  set_target_properties(${target} PROPERTIES CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON)
  if(NOT with_kokkos)
    return()
  endif()
  target_include_directories(${target} PRIVATE ${root}/src/KOKKOS ${lammps_src}/KOKKOS)
  # the headers must see LAMMPS' Kokkos configuration as liblammps was built with it (the /kk
  # styles also check it at run time: gransync_kokkos_check.h)
  target_compile_definitions(${target} PRIVATE GRANSYNC_KOKKOS LMP_KOKKOS LMP_KOKKOS_DOUBLE_DOUBLE
    LMP_KOKKOS_LAYOUT_LEGACY)
  target_link_libraries(${target} PRIVATE Kokkos::kokkos)
  if(Kokkos_ENABLE_CUDA)
    # through nvcc_wrapper (Kokkos' launcher). The launcher passes a command on unchanged unless it
    # starts with the C++ compiler, so a compiler launcher (ccache) before it sent the CUDA sources
    # to the host compiler: none for this target.
    kokkos_compilation(TARGET ${target})
    set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "")
    if(DEFINED GRANSYNC_CUDA_FMAD AND NOT GRANSYNC_CUDA_FMAD)
      target_compile_options(${target} PRIVATE --fmad=false)
    endif()
  endif()
endfunction()

# One translation unit per style header in the given folders of src/ (GRANSYNC, KOKKOS): the header
# alone, then its PairStyle()/FixStyle()/... lines expanded into creators, as LAMMPS compiles them
# when gransync is built into it (GransyncBuiltin.cmake), where the style headers include gransync's
# in any order. With COMBINED one unit for all (the CUDA check: whether the creators instantiate,
# at a fraction of the compile time). Added to <target>, compiled as it compiles its sources.
#   gransync_style_header_checks(<target> <folder>... [COMBINED])
function(gransync_style_header_checks target)
  set(root ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/..)
  set(folders ${ARGN})
  list(REMOVE_ITEM folders COMBINED)
  set(headers "")
  foreach(folder IN LISTS folders)
    file(GLOB found CONFIGURE_DEPENDS ${root}/src/${folder}/*.h)
    list(APPEND headers ${found})
  endforeach()
  set(units "")
  foreach(header IN LISTS headers)
    file(STRINGS ${header} styles REGEX "^(Pair|Fix|Compute|Integrate)Style\\(")
    if(styles)
      get_filename_component(name ${header} NAME_WE)
      get_filename_component(file ${header} NAME)
      list(APPEND units ${name})
      set(include_${name} "#include \"${file}\"\n")
      string(APPEND include_all "#include \"${file}\"\n")
    endif()
  endforeach()
  if("COMBINED" IN_LIST ARGN)
    set(units all)
  endif()
  foreach(GRANSYNC_STYLE_SYMBOL IN LISTS units)
    set(GRANSYNC_STYLE_INCLUDES "${include_${GRANSYNC_STYLE_SYMBOL}}")
    set(tu ${CMAKE_CURRENT_BINARY_DIR}/style_headers/${GRANSYNC_STYLE_SYMBOL}.cpp)
    configure_file(${root}/unittest/builtin/style_header.cpp.in ${tu} @ONLY)
    target_sources(${target} PRIVATE ${tu})
  endforeach()
endfunction()
