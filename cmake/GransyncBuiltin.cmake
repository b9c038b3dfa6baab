# gransync compiled into LAMMPS itself, for LAMMPS builds without the PLUGIN package (doc/build.md).
# LAMMPS' own CMake configure reads this file:
#   cmake -S <lammps>/cmake -B build -D PKG_GRANULAR=on \
#     -D CMAKE_PROJECT_lammps_INCLUDE=<gransync>/cmake/GransyncBuiltin.cmake [-D PKG_KOKKOS=on ...]
# CMake runs it right after LAMMPS' project() command, before the `lammps` target exists. The work
# waits until LAMMPS' CMakeLists.txt names the folder of its style headers (LAMMPS_STYLE_HEADERS_DIR,
# set just before it writes them), when the target and the enabled packages, KOKKOS included, exist.
# Then it adds the C core and src/GRANSYNC (with KOKKOS also src/KOKKOS) to the lammps target and
# registers the styles their headers declare (PairStyle(), FixStyle(), ...: the names the plugin
# registers), so that LAMMPS writes its style headers with them, once.
# The same sources build the plugin (cmake/GransyncPlugin.cmake); the plugin stays the default route.

if(NOT PROJECT_NAME STREQUAL "lammps") # given as CMAKE_PROJECT_INCLUDE, other projects read it too
  return()
endif()
if(CMAKE_VERSION VERSION_LESS 3.19)
  message(FATAL_ERROR "gransync inside LAMMPS needs CMake 3.19 or newer (cmake_language(DEFER)); "
    "this is CMake ${CMAKE_VERSION}")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/GransyncPins.cmake)
get_filename_component(GRANSYNC_BUILTIN_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

# The LAMMPS version, as YYYYMMDD from src/version.h ("4 Jul 2026"). gransync's sources use LAMMPS'
# internals (granular sub-models, Kokkos neighbor history, comm buffers) as of the pinned release:
# older releases lack them; newer ones are not tested and are said to be so.
function(gransync_lammps_version_of header out)
  file(STRINGS "${header}" _line REGEX "define LAMMPS_VERSION ")
  if(NOT _line MATCHES "\"([0-9]+) ([A-Za-z]+) ([0-9]+)\"")
    message(FATAL_ERROR "gransync: no LAMMPS version in ${header}")
  endif()
  set(_day ${CMAKE_MATCH_1})
  set(_year ${CMAKE_MATCH_3})
  set(_months Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
  list(FIND _months "${CMAKE_MATCH_2}" _month)
  math(EXPR _number "${_year} * 10000 + (${_month} + 1) * 100 + ${_day}")
  set(${out} ${_number} PARENT_SCOPE)
endfunction()

gransync_lammps_version_of("${CMAKE_CURRENT_SOURCE_DIR}/../src/version.h" GRANSYNC_HOST_LAMMPS_VERSION)
if(GRANSYNC_HOST_LAMMPS_VERSION LESS GRANSYNC_LAMMPS_VERSION)
  message(FATAL_ERROR "gransync needs LAMMPS ${GRANSYNC_LAMMPS_VERSION} or newer; this LAMMPS is "
    "${GRANSYNC_HOST_LAMMPS_VERSION} (src/version.h)")
elseif(GRANSYNC_HOST_LAMMPS_VERSION GREATER GRANSYNC_LAMMPS_VERSION)
  message(WARNING "gransync is tested with LAMMPS ${GRANSYNC_LAMMPS_VERSION}; this LAMMPS is "
    "${GRANSYNC_HOST_LAMMPS_VERSION}. If it fails to compile or a test fails, use LAMMPS ${GRANSYNC_LAMMPS_VERSION}.")
endif()

# (a variable_watch callback: variable, access, value, ...; PARENT_SCOPE is LAMMPS' directory scope)
function(gransync_builtin variable access value)
  get_property(_done GLOBAL PROPERTY GRANSYNC_BUILTIN_DONE)
  if(_done OR NOT access MATCHES "MODIFIED_ACCESS$")
    return()
  endif()
  set_property(GLOBAL PROPERTY GRANSYNC_BUILTIN_DONE ON)
  set(root "${GRANSYNC_BUILTIN_ROOT}")
  if(NOT PKG_GRANULAR)
    message(FATAL_ERROR "gransync inside LAMMPS needs the GRANULAR package: add -D PKG_GRANULAR=on")
  endif()
  if(PKG_KOKKOS)
    # the /kk styles read LAMMPS' Kokkos views as double precision in the legacy layout
    foreach(_what "KOKKOS_PREC|double" "KOKKOS_LAYOUT|legacy")
      string(REPLACE "|" ";" _what "${_what}")
      list(GET _what 0 _option)
      list(GET _what 1 _want)
      string(TOLOWER "${${_option}}" _have) # (LAMMPS upper-cases them)
      if(DEFINED ${_option} AND NOT _have STREQUAL _want)
        message(FATAL_ERROR "gransync's /kk styles need -D ${_option}=${_want} (LAMMPS' default); "
          "this configuration has ${_option}=${${_option}}")
      endif()
    endforeach()
  endif()

  file(GLOB _core CONFIGURE_DEPENDS ${root}/src/core/*.c)
  file(GLOB _styles CONFIGURE_DEPENDS ${root}/src/GRANSYNC/*.cpp)
  set(_sources ${_core} ${_styles})
  target_include_directories(lammps PRIVATE ${root}/src/GRANSYNC ${root}/src/core)
  RegisterStyles(${root}/src/GRANSYNC)
  # compute dissipation/sync's per-atom accumulators: a fix declared in the compute's header
  RegisterFixStyle(${root}/src/GRANSYNC/compute_dissipation_sync.h)
  if(PKG_KOKKOS)
    file(GLOB _kokkos CONFIGURE_DEPENDS ${root}/src/KOKKOS/*.cpp)
    list(APPEND _sources ${_kokkos})
    target_include_directories(lammps PRIVATE ${root}/src/KOKKOS)
    # the /kk twins of the styles above (<name>_kokkos.h), as LAMMPS' KOKKOS package finds its own
    RegisterStylesExt(${root}/src/KOKKOS kokkos GRANSYNC_KOKKOS_STYLE_SOURCES)
  endif()
  target_sources(lammps PRIVATE ${_sources})
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    # as the plugin compiles them (CMakeLists.txt): sqrt() without an errno branch; results unchanged
    set_property(SOURCE ${_sources} APPEND PROPERTY COMPILE_OPTIONS -fno-math-errno)
  endif()
  # listed with LAMMPS' packages (`lmp -h`, `info config`, the configure summary)
  set(STANDARD_PACKAGES ${STANDARD_PACKAGES} GRANSYNC PARENT_SCOPE)
  set(PKG_GRANSYNC ON PARENT_SCOPE)
  if(PKG_KOKKOS)
    message(STATUS "gransync: styles and /kk styles compiled into LAMMPS from ${root}")
  else()
    message(STATUS "gransync: styles compiled into LAMMPS from ${root}")
  endif()
endfunction()
variable_watch(LAMMPS_STYLE_HEADERS_DIR gransync_builtin)

function(gransync_builtin_check)
  get_property(_done GLOBAL PROPERTY GRANSYNC_BUILTIN_DONE)
  if(NOT _done)
    message(FATAL_ERROR "gransync: this LAMMPS' CMakeLists.txt never set LAMMPS_STYLE_HEADERS_DIR, where "
      "gransync adds its styles; it supports LAMMPS ${GRANSYNC_LAMMPS_VERSION}")
  endif()
endfunction()
cmake_language(DEFER CALL gransync_builtin_check)
