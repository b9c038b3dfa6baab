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
#   GRANSYNC_KOKKOS    OFF | OpenMP | CUDA   (Kokkos backend of the LAMMPS build)
#   GRANSYNC_CUDA_ARCH Kokkos architecture option for CUDA builds (default HOPPER90)
# Outputs:
#   GRANSYNC_LAMMPS_SRC    LAMMPS src/ directory (headers)
#   GRANSYNC_LAMMPS_PREFIX install prefix (bin/lmp, lib/liblammps.so)
#   target LAMMPS::lammps (imported), Kokkos::kokkos when GRANSYNC_KOKKOS is not OFF

set(GRANSYNC_LAMMPS_VERSION 20260704)
set(GRANSYNC_LAMMPS_TARBALL lammps_${GRANSYNC_LAMMPS_VERSION}+dfsg.orig.tar.gz)
set(GRANSYNC_LAMMPS_SHA256 cddbc45a047416bd48a4a0b87f24a5b61b3446982b74d18cafe619c22b17eb62)
set(GRANSYNC_KOKKOS_VERSION 5.0.2)
set(GRANSYNC_KOKKOS_TARBALL kokkos_${GRANSYNC_KOKKOS_VERSION}.orig.tar.gz)
set(GRANSYNC_KOKKOS_SHA256 188817bb452ca805ee8701f1c5adbbb4fb83dc8d1c50624566a18a719ba0fa5e)

if(DEFINED ENV{XDG_CACHE_HOME})
  set(_default_cache "$ENV{XDG_CACHE_HOME}/gransync")
else()
  set(_default_cache "$ENV{HOME}/.cache/gransync")
endif()
set(GRANSYNC_CACHE_DIR "${_default_cache}" CACHE PATH "Where downloaded sources and the LAMMPS build are cached")
set(LAMMPS_SOURCE_DIR "" CACHE PATH "Use this LAMMPS checkout instead of the pinned Debian tarball")
set(LAMMPS_ROOT "" CACHE PATH "Install prefix of an existing shared LAMMPS build with PLUGIN (skips building LAMMPS)")
set(GRANSYNC_KOKKOS "OpenMP" CACHE STRING "Kokkos backend for the LAMMPS build: OFF, OpenMP or CUDA")
set_property(CACHE GRANSYNC_KOKKOS PROPERTY STRINGS OFF OpenMP CUDA)
set(GRANSYNC_CUDA_ARCH "HOPPER90" CACHE STRING "Kokkos_ARCH_<value> for CUDA builds")
if(NOT GRANSYNC_KOKKOS MATCHES "^(OFF|OpenMP|CUDA)$")
  message(FATAL_ERROR "GRANSYNC_KOKKOS must be OFF, OpenMP or CUDA, not '${GRANSYNC_KOKKOS}'")
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

function(gransync_run what logfile)
  message(STATUS "gransync: ${what} (log: ${logfile})")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_FILE "${logfile}" ERROR_FILE "${logfile}.err")
  if(NOT _rc EQUAL 0)
    file(READ "${logfile}.err" _err LIMIT 8000)
    message(FATAL_ERROR "gransync: ${what} failed (${_rc}); see ${logfile} and ${logfile}.err\n${_err}")
  endif()
endfunction()

if(LAMMPS_ROOT)
  if(NOT LAMMPS_SOURCE_DIR)
    message(FATAL_ERROR "LAMMPS_ROOT needs LAMMPS_SOURCE_DIR (the matching LAMMPS sources, for the headers)")
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
  if(NOT GRANSYNC_KOKKOS STREQUAL "OFF")
    set(_kk_backend -DKokkos_ENABLE_OPENMP=ON)
    if(GRANSYNC_KOKKOS STREQUAL "CUDA")
      set(_kk_backend -DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_${GRANSYNC_CUDA_ARCH}=ON)
      set(_cxx "${_kokkos_unpacked}/kokkos-${GRANSYNC_KOKKOS_VERSION}/bin/nvcc_wrapper")
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
    ${_kokkos_args} ${_launcher})
  string(SHA256 _key "${_lammps_id}|${_kokkos_id}|${CMAKE_CXX_COMPILER_VERSION}|${_kokkos_cfg}|${_lammps_cfg}")
  string(SUBSTRING "${_key}" 0 16 _key)
  set(_root "${GRANSYNC_CACHE_DIR}/lammps-${_key}")
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
  # liblammps' KOKKOS package configuration, which the /kk styles' headers must see the same way:
  # the C core computes in double, so the /kk styles need LAMMPS' default KOKKOS_PREC=double
  set(GRANSYNC_LAMMPS_KOKKOS_DEFINES LMP_KOKKOS LMP_KOKKOS_DOUBLE_DOUBLE LMP_KOKKOS_LAYOUT_LEGACY)
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
