# Provides a shared LAMMPS (PLUGIN, GRANULAR, MPI, optionally KOKKOS) for the gransync plugin.
#
# LAMMPS is built once per machine and configuration, at configure time, into
#   ${GRANSYNC_CACHE_DIR}/lammps-<key>/   (key = hash of sources, options, compiler, this file)
# so a fresh build tree of gransync reuses it and a change to the package rebuilds in seconds.
#
# Inputs (cache variables):
#   LAMMPS_SOURCE_DIR  a user's LAMMPS checkout (top dir with cmake/ and src/); default: pinned Debian tarball
#   LAMMPS_ROOT        install prefix of a user's own shared LAMMPS build (with PLUGIN); skips the build;
#                      needs LAMMPS_SOURCE_DIR pointing at the matching sources (for the headers)
#   GRANSYNC_KOKKOS    OFF | OpenMP | OpenMPSplit | CUDA   (Kokkos backend of the LAMMPS build;
#                      OpenMPSplit: OpenMP with separate, poisoned host and device copies of every
#                      DualView, a GPU build's memory discipline without a GPU: cmake/split_memory/)
#   GRANSYNC_CUDA_ARCH Kokkos architecture option for CUDA builds (default HOPPER90)
#   GRANSYNC_CUDA_FMAD CUDA builds contract a*b+c into FMA (default ON); OFF for the agreement tests
#                      against the CPU (tools/gpu_build_and_test.sh), which has none
# Outputs:
#   GRANSYNC_LAMMPS_SRC    LAMMPS src/ directory (headers)
#   GRANSYNC_LAMMPS_PREFIX install prefix (bin/lmp, lib/liblammps.so)
#   target LAMMPS::lammps (imported), Kokkos::kokkos when GRANSYNC_KOKKOS is not OFF

include(${CMAKE_CURRENT_LIST_DIR}/GransyncPins.cmake)

if(DEFINED ENV{XDG_CACHE_HOME})
  set(_default_cache "$ENV{XDG_CACHE_HOME}/gransync")
else()
  set(_default_cache "$ENV{HOME}/.cache/gransync")
endif()
set(GRANSYNC_CACHE_DIR "${_default_cache}" CACHE PATH "Where downloaded sources and the LAMMPS build are cached")
set(LAMMPS_SOURCE_DIR "" CACHE PATH "Use this LAMMPS checkout instead of the pinned Debian tarball")
set(LAMMPS_ROOT "" CACHE PATH "Install prefix of an existing shared LAMMPS build with PLUGIN (skips building LAMMPS)")
set(GRANSYNC_KOKKOS "OpenMP" CACHE STRING "Kokkos backend for the LAMMPS build: OFF, OpenMP, OpenMPSplit or CUDA")
set_property(CACHE GRANSYNC_KOKKOS PROPERTY STRINGS OFF OpenMP OpenMPSplit CUDA)
set(GRANSYNC_CUDA_ARCH "HOPPER90" CACHE STRING "Kokkos_ARCH_<value> for CUDA builds")
option(GRANSYNC_CUDA_FMAD "CUDA builds contract multiply-adds into FMA (OFF: as the CPU computes)" ON)
if(NOT GRANSYNC_KOKKOS MATCHES "^(OFF|OpenMP|OpenMPSplit|CUDA)$")
  message(FATAL_ERROR "GRANSYNC_KOKKOS must be OFF, OpenMP, OpenMPSplit or CUDA, not '${GRANSYNC_KOKKOS}'")
endif()
# the split-memory mode's patches: Kokkos' installed DualView header, then LAMMPS' sources
set(GRANSYNC_SPLIT_PATCHES ${CMAKE_CURRENT_LIST_DIR}/split_memory/kokkos_dualview.patch
  ${CMAKE_CURRENT_LIST_DIR}/split_memory/lammps_kokkos_type.patch
  ${CMAKE_CURRENT_LIST_DIR}/split_memory/lammps_comm_kokkos.patch)
if(GRANSYNC_KOKKOS STREQUAL "OpenMPSplit" AND (LAMMPS_ROOT OR LAMMPS_SOURCE_DIR))
  message(FATAL_ERROR "GRANSYNC_KOKKOS=OpenMPSplit patches the pinned LAMMPS and Kokkos sources in the cache; "
    "it cannot use LAMMPS_ROOT or LAMMPS_SOURCE_DIR")
endif()

include(ProcessorCount)
ProcessorCount(_ncpu)
if(_ncpu EQUAL 0)
  set(_ncpu 2)
endif()
find_program(GRANSYNC_CCACHE ccache)
# The inner builds use Ninja when present, whatever generates gransync itself, so the cache key
# (and thus the cached LAMMPS) does not depend on the outer generator.
find_program(GRANSYNC_NINJA ninja)
if(GRANSYNC_NINJA)
  set(_gen Ninja)
else()
  set(_gen "Unix Makefiles")
endif()
set(_launcher "")
if(GRANSYNC_CCACHE)
  set(_launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${GRANSYNC_CCACHE} -DCMAKE_C_COMPILER_LAUNCHER=${GRANSYNC_CCACHE})
endif()

# Debian archive base address, read from this machine's apt configuration.
function(gransync_debian_base out)
  set(_base "")
  file(GLOB _deb822 /etc/apt/sources.list.d/*.sources)
  foreach(_f IN LISTS _deb822)
    file(STRINGS "${_f}" _uris REGEX "^URIs:")
    file(STRINGS "${_f}" _suites REGEX "^Suites:")
    foreach(_u IN LISTS _uris)
      string(REGEX REPLACE "^URIs:[ \t]*([^ \t]+).*" "\\1" _u "${_u}")
      if(_u MATCHES "/debian/?$" AND NOT _base)
        set(_base "${_u}")
      endif()
    endforeach()
  endforeach()
  if(NOT _base AND EXISTS /etc/apt/sources.list)
    file(STRINGS /etc/apt/sources.list _lines REGEX "^deb[ \t]")
    foreach(_l IN LISTS _lines)
      string(REGEX REPLACE "^deb[ \t]+(\\[[^]]*\\][ \t]+)?([^ \t]+).*" "\\2" _u "${_l}")
      if(_u MATCHES "/debian/?$" AND NOT _base)
        set(_base "${_u}")
      endif()
    endforeach()
  endif()
  if(NOT _base)
    message(FATAL_ERROR "No Debian archive found in /etc/apt/sources.list{,.d}; download "
      "${GRANSYNC_LAMMPS_TARBALL} and ${GRANSYNC_KOKKOS_TARBALL} into ${GRANSYNC_CACHE_DIR} by hand, "
      "or pass -D LAMMPS_SOURCE_DIR=<your LAMMPS checkout>")
  endif()
  string(REGEX REPLACE "/$" "" _base "${_base}")
  set(${out} "${_base}" PARENT_SCOPE)
endfunction()

# Fetch a Debian orig tarball into the cache (checked by sha256) and unpack it once.
function(gransync_fetch name pool tarball sha256 out_dir)
  set(_file "${GRANSYNC_CACHE_DIR}/${tarball}")
  if(EXISTS "${_file}")
    file(SHA256 "${_file}" _have)
    if(NOT _have STREQUAL sha256)
      file(REMOVE "${_file}")
    endif()
  endif()
  if(NOT EXISTS "${_file}")
    gransync_debian_base(_base)
    message(STATUS "gransync: downloading ${tarball}")
    file(DOWNLOAD "${_base}/pool/main/${pool}/${tarball}" "${_file}.part"
      EXPECTED_HASH SHA256=${sha256} STATUS _st TLS_VERIFY ON)
    list(GET _st 0 _code)
    if(NOT _code EQUAL 0)
      message(FATAL_ERROR "gransync: download of ${tarball} failed: ${_st}")
    endif()
    file(RENAME "${_file}.part" "${_file}")
  endif()
  set(_dir "${GRANSYNC_CACHE_DIR}/src/${name}-${sha256}")
  if(NOT EXISTS "${_dir}/.unpacked")
    file(REMOVE_RECURSE "${_dir}")
    file(MAKE_DIRECTORY "${_dir}")
    message(STATUS "gransync: unpacking ${tarball}")
    file(ARCHIVE_EXTRACT INPUT "${_file}" DESTINATION "${_dir}")
    file(TOUCH "${_dir}/.unpacked")
  endif()
  set(${out_dir} "${_dir}" PARENT_SCOPE)
endfunction()

# The split-memory mode: Kokkos' DualView (installed header) keeps two allocations and poisons the
# stale one, a define in the installed Kokkos configuration switches it on, and LAMMPS'
# kokkos_type.h gets a distinct host execution space (Serial) under that define (comm_kokkos.cpp:
# GPU team sizes capped to OpenMP's). The LAMMPS patches are guarded by the define, so the shared
# source tree still builds the plain modes.
function(gransync_split_memory_patch kokkos_prefix lammps_top)
  find_program(GRANSYNC_PATCH patch REQUIRED)
  set(_lammps_patches ${GRANSYNC_SPLIT_PATCHES})
  list(POP_FRONT _lammps_patches _dualview)
  # (a reinstall of Kokkos restores its headers: patch whatever is not patched)
  file(READ "${kokkos_prefix}/include/Kokkos_DualView.hpp" _txt)
  if(NOT _txt MATCHES "split_poison")
    gransync_run("patching Kokkos' DualView for split memory" "${kokkos_prefix}/split-patch.log"
      ${GRANSYNC_PATCH} -p1 -d "${kokkos_prefix}" -i "${_dualview}")
  endif()
  file(READ "${kokkos_prefix}/include/KokkosCore_config.h" _txt)
  if(NOT _txt MATCHES "KOKKOS_GRANSYNC_SPLIT_MEMORY")
    file(APPEND "${kokkos_prefix}/include/KokkosCore_config.h"
      "\n/* gransync: split host/device memory emulation (cmake/split_memory) */\n#define KOKKOS_GRANSYNC_SPLIT_MEMORY\n")
  endif()
  foreach(_patch IN LISTS _lammps_patches)
    # each patches one file, named on its first line
    file(STRINGS "${_patch}" _first LIMIT_COUNT 1)
    string(REGEX REPLACE "^--- a/" "" _file "${_first}")
    file(READ "${lammps_top}/${_file}" _txt)
    if(NOT _txt MATCHES "KOKKOS_GRANSYNC_SPLIT_MEMORY")
      get_filename_component(_name "${_file}" NAME)
      gransync_run("patching LAMMPS' ${_name} for split memory" "${kokkos_prefix}/split-patch-${_name}.log"
        ${GRANSYNC_PATCH} -p1 -d "${lammps_top}" -i "${_patch}")
    endif()
  endforeach()
endfunction()

function(gransync_run what logfile)
  message(STATUS "gransync: ${what} (log: ${logfile})")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_FILE "${logfile}" ERROR_FILE "${logfile}.err")
  if(NOT _rc EQUAL 0)
    file(READ "${logfile}.err" _err LIMIT 8000)
    message(FATAL_ERROR "gransync: ${what} failed (${_rc}); see ${logfile} and ${logfile}.err\n${_err}")
  endif()
endfunction()

# The /kk styles are compiled for LAMMPS' default KOKKOS precision (double) and view layout
# (legacy): a user's LAMMPS built otherwise would have its views read wrongly. Its `lmp -h` says.
function(gransync_require_kokkos_defaults lmp_exe)
  execute_process(COMMAND "${lmp_exe}" -h OUTPUT_VARIABLE _help ERROR_QUIET)
  foreach(_what "precision|double|KOKKOS_PREC" "view layout|legacy|KOKKOS_LAYOUT")
    string(REPLACE "|" ";" _what "${_what}")
    list(GET _what 0 _label)
    list(GET _what 1 _want)
    list(GET _what 2 _option)
    if(_help MATCHES "KOKKOS package ${_label}: *([a-z]+)" AND NOT CMAKE_MATCH_1 STREQUAL _want)
      message(FATAL_ERROR "The LAMMPS at LAMMPS_ROOT has KOKKOS package ${_label} '${CMAKE_MATCH_1}'; "
        "gransync's /kk styles need '${_want}' (LAMMPS' default ${_option}): rebuild that LAMMPS with it, "
        "or configure gransync with -D GRANSYNC_KOKKOS=OFF")
    endif()
  endforeach()
endfunction()

if(LAMMPS_ROOT)
  if(NOT LAMMPS_SOURCE_DIR)
    message(FATAL_ERROR "LAMMPS_ROOT needs LAMMPS_SOURCE_DIR (the matching LAMMPS sources, for the headers)")
  endif()
  if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
    gransync_require_kokkos_defaults("${LAMMPS_ROOT}/bin/lmp")
  endif()
  set(GRANSYNC_LAMMPS_PREFIX "${LAMMPS_ROOT}")
  set(_lammps_top "${LAMMPS_SOURCE_DIR}")
else()
  # --- sources ---
  if(LAMMPS_SOURCE_DIR)
    set(_lammps_top "${LAMMPS_SOURCE_DIR}")
    file(SHA256 "${_lammps_top}/src/version.h" _lammps_id)
    set(_lammps_id "${_lammps_top}:${_lammps_id}")
  else()
    gransync_fetch(lammps l/lammps ${GRANSYNC_LAMMPS_TARBALL} ${GRANSYNC_LAMMPS_SHA256} _unpacked)
    set(_lammps_top "${_unpacked}")
    set(_lammps_id "${GRANSYNC_LAMMPS_SHA256}")
  endif()
  if(NOT EXISTS "${_lammps_top}/cmake/CMakeLists.txt")
    message(FATAL_ERROR "No LAMMPS CMake project at ${_lammps_top}/cmake (LAMMPS_SOURCE_DIR must be the top of a LAMMPS tree)")
  endif()
  set(_kokkos_id OFF)
  if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
    gransync_fetch(kokkos k/kokkos ${GRANSYNC_KOKKOS_TARBALL} ${GRANSYNC_KOKKOS_SHA256} _kokkos_unpacked)
    set(_kokkos_id "${GRANSYNC_KOKKOS}:${GRANSYNC_KOKKOS_SHA256}:${GRANSYNC_CUDA_ARCH}")
    if(GRANSYNC_KOKKOS STREQUAL "OpenMPSplit")
      foreach(_patch IN LISTS GRANSYNC_SPLIT_PATCHES)
        file(SHA256 "${_patch}" _patch_id)
        string(APPEND _kokkos_id ":${_patch_id}")
      endforeach()
    endif()
  endif()

  # Without MPI (e.g. a GPU machine) LAMMPS builds with its MPI stubs.
  find_package(MPI QUIET COMPONENTS C CXX)
  if(MPI_FOUND)
    set(_build_mpi -DBUILD_MPI=ON)
  else()
    set(_build_mpi -DBUILD_MPI=OFF)
  endif()

  # The recipe: every argument below is hashed (with @ROOT@ unexpanded) into the cache key, so a change
  # to it gives a new cache directory, and the same recipe on the same machine is built once.
  set(_cxx "${CMAKE_CXX_COMPILER}")
  set(_kokkos_cfg "")
  set(_kokkos_args -DPKG_KOKKOS=OFF)
  set(_cuda_flags "")
  if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
    set(_kk_backend -DKokkos_ENABLE_OPENMP=ON)    # also OpenMPSplit
    if(GRANSYNC_KOKKOS STREQUAL "CUDA")
      set(_kk_backend -DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_${GRANSYNC_CUDA_ARCH}=ON)
      set(_cxx "${_kokkos_unpacked}/kokkos-${GRANSYNC_KOKKOS_VERSION}/bin/nvcc_wrapper")
      if(NOT GRANSYNC_CUDA_FMAD)
        set(_cuda_flags -DCMAKE_CXX_FLAGS=--fmad=false)
      endif()
    endif()
    # Kokkos >= 5 needs C++20.
    set(_kokkos_cfg -S "${_kokkos_unpacked}/kokkos-${GRANSYNC_KOKKOS_VERSION}" -B "@ROOT@/kokkos-build"
      -G "${_gen}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${_cxx}
      -DCMAKE_CXX_STANDARD=20 -DBUILD_SHARED_LIBS=ON -DKokkos_ENABLE_SERIAL=ON ${_kk_backend}
      -DCMAKE_INSTALL_PREFIX=@ROOT@/kokkos -DCMAKE_INSTALL_LIBDIR=lib ${_launcher})
    set(_kokkos_args -DPKG_KOKKOS=ON -DEXTERNAL_KOKKOS=ON -DKokkos_DIR=@ROOT@/kokkos/lib/cmake/Kokkos
      -DCMAKE_CXX_STANDARD=20)
  endif()
  set(_lammps_cfg -S "${_lammps_top}/cmake" -B "@ROOT@/build" -G "${_gen}"
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${_cxx} -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    -DCMAKE_INSTALL_PREFIX=@ROOT@/install -DCMAKE_INSTALL_LIBDIR=lib
    -DCMAKE_INSTALL_RPATH=@ROOT@/install/lib -DCMAKE_INSTALL_RPATH_USE_LINK_PATH=ON
    -DBUILD_SHARED_LIBS=ON ${_build_mpi} -DBUILD_OMP=ON -DBUILD_TOOLS=OFF -DBUILD_DOC=OFF
    -DPKG_PLUGIN=ON -DPKG_GRANULAR=ON -DPKG_DIPOLE=ON -DENABLE_TESTING=OFF -DDOWNLOAD_POTENTIALS=OFF
    ${_kokkos_args} ${_cuda_flags} ${_launcher})
  string(SHA256 _key "${_lammps_id}|${_kokkos_id}|${CMAKE_CXX_COMPILER_VERSION}|${_kokkos_cfg}|${_lammps_cfg}")
  string(SUBSTRING "${_key}" 0 16 _key)
  set(_root "${GRANSYNC_CACHE_DIR}/lammps-${_key}")
  # the recipe with @ROOT@ unexpanded, for another build of the same (GransyncBuiltinCheck.cmake)
  set(GRANSYNC_KOKKOS_RECIPE "${_kokkos_cfg}")
  set(GRANSYNC_LAMMPS_RECIPE "${_lammps_cfg}")
  set(GRANSYNC_LAMMPS_KEY "${_key}")
  string(REPLACE "@ROOT@" "${_root}" _kokkos_cfg "${_kokkos_cfg}")
  string(REPLACE "@ROOT@" "${_root}" _lammps_cfg "${_lammps_cfg}")
  set(GRANSYNC_LAMMPS_PREFIX "${_root}/install")
  # Relative paths under the cache let ccache reuse objects across cache keys.
  set(_env ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${GRANSYNC_CACHE_DIR})

  if(NOT EXISTS "${GRANSYNC_LAMMPS_PREFIX}/.gransync-complete")
    message(STATUS "gransync: building LAMMPS into ${_root} (once per machine; ~20 min on 2 cores)")
    file(MAKE_DIRECTORY "${_root}")
    if(_kokkos_cfg)
      gransync_run("configuring Kokkos ${GRANSYNC_KOKKOS_VERSION} (${GRANSYNC_KOKKOS})" "${_root}/kokkos-configure.log"
        ${_env} ${CMAKE_COMMAND} ${_kokkos_cfg})
      gransync_run("building Kokkos" "${_root}/kokkos-build.log"
        ${_env} ${CMAKE_COMMAND} --build "${_root}/kokkos-build" --parallel ${_ncpu} --target install)
      if(GRANSYNC_KOKKOS STREQUAL "OpenMPSplit")
        gransync_split_memory_patch("${_root}/kokkos" "${_lammps_top}")
      endif()
      # LAMMPS' KOKKOS.cmake asks for Kokkos >= 5.1.0; Debian ships 5.0.2. Relaxed in the cached copy only.
      set(_kk_cmake "${_lammps_top}/cmake/Modules/Packages/KOKKOS.cmake")
      file(READ "${_kk_cmake}" _txt)
      if(_txt MATCHES "find_package\\(Kokkos 5\\.1\\.0 REQUIRED CONFIG\\)")
        if(LAMMPS_SOURCE_DIR)
          message(FATAL_ERROR "${_kk_cmake} asks for Kokkos >= 5.1.0; gransync pins ${GRANSYNC_KOKKOS_VERSION}. "
            "Use -D GRANSYNC_KOKKOS=OFF, or a LAMMPS_ROOT built with your own Kokkos.")
        endif()
        string(REPLACE "find_package(Kokkos 5.1.0 REQUIRED CONFIG)" "find_package(Kokkos 5.0 REQUIRED CONFIG)" _txt "${_txt}")
        file(WRITE "${_kk_cmake}" "${_txt}")
      endif()
    endif()
    gransync_run("configuring LAMMPS" "${_root}/lammps-configure.log" ${_env} ${CMAKE_COMMAND} ${_lammps_cfg})
    gransync_run("building LAMMPS" "${_root}/lammps-build.log"
      ${_env} ${CMAKE_COMMAND} --build "${_root}/build" --parallel ${_ncpu} --target install)
    file(TOUCH "${GRANSYNC_LAMMPS_PREFIX}/.gransync-complete")
  endif()
  if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
    set(Kokkos_DIR "${_root}/kokkos/lib/cmake/Kokkos" CACHE PATH "" FORCE)
  endif()
endif()

set(GRANSYNC_LAMMPS_SRC "${_lammps_top}/src")
# for tools/cuda_compile_check.sh, which reads them from the build's cache
set(GRANSYNC_LAMMPS_SRC "${GRANSYNC_LAMMPS_SRC}" CACHE INTERNAL "")
if(_kokkos_unpacked)
  set(GRANSYNC_KOKKOS_SOURCE_DIR "${_kokkos_unpacked}/kokkos-${GRANSYNC_KOKKOS_VERSION}" CACHE INTERNAL "")
endif()
# a changed recipe or LAMMPS_ROOT means a new prefix: forget what an earlier configure found
if(DEFINED CACHE{LAMMPS_DIR} AND NOT LAMMPS_DIR MATCHES "^${GRANSYNC_LAMMPS_PREFIX}/")
  unset(LAMMPS_DIR CACHE)
endif()
find_package(LAMMPS CONFIG REQUIRED PATHS "${GRANSYNC_LAMMPS_PREFIX}" NO_DEFAULT_PATH)
if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
  find_package(Kokkos 5.0 CONFIG REQUIRED)
endif()
# MPI for the plugin and the tests: the real one, or LAMMPS' stubs (in liblammps) when there is none
find_package(MPI QUIET COMPONENTS C CXX)
add_library(gransync_mpi INTERFACE)
if(MPI_FOUND)
  target_link_libraries(gransync_mpi INTERFACE MPI::MPI_C MPI::MPI_CXX)
else()
  message(STATUS "gransync: no MPI found; using LAMMPS' MPI stubs (single rank only)")
  target_include_directories(gransync_mpi INTERFACE ${GRANSYNC_LAMMPS_SRC}/STUBS)
endif()
set(GRANSYNC_LMP_EXE "${GRANSYNC_LAMMPS_PREFIX}/bin/lmp")
if(NOT EXISTS "${GRANSYNC_LMP_EXE}")
  message(FATAL_ERROR "No LAMMPS executable at ${GRANSYNC_LMP_EXE}")
endif()
message(STATUS "gransync: LAMMPS at ${GRANSYNC_LAMMPS_PREFIX} (sources ${GRANSYNC_LAMMPS_SRC})")
