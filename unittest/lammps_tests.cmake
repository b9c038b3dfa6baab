# Helpers that register tests driving LAMMPS through its C library (included by CMakeLists.txt).

# OpenMPI refuses root and more ranks than cores unless told; other MPIs ignore these
set(GRANSYNC_MPI_ENV OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none)

function(gransync_lammps_test name)
  add_executable(${name} lammps/${name}.c)
  target_include_directories(${name} PRIVATE core lammps ${GRANSYNC_LAMMPS_SRC})
  target_link_libraries(${name} PRIVATE LAMMPS::lammps gransync_mpi gransync_analytic gransync_verify m)
  target_compile_options(${name} PRIVATE ${GRANSYNC_WARNINGS})
  target_compile_definitions(${name} PRIVATE GRANSYNC_PLUGIN="$<TARGET_FILE:gransyncplugin>"
    GRANSYNC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  if(NOT MPI_FOUND)
    target_compile_definitions(${name} PRIVATE GRANSYNC_NO_MPI)
  endif()
  add_dependencies(${name} gransyncplugin)
  if(MPI_FOUND)
    # the same source as a machine without MPI builds it (the lent GPUs), compiled and never linked:
    # LAMMPS' stub mpi.h first (it refuses C), and an MPI call the shim in gs_lmp.h lacks is an error.
    # The test's own settings and libraries are read from its target, also those set after this call.
    add_library(${name}_no_mpi OBJECT lammps/${name}.c)
    target_include_directories(${name}_no_mpi BEFORE PRIVATE ${GRANSYNC_LAMMPS_SRC}/STUBS)
    target_include_directories(${name}_no_mpi PRIVATE $<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>)
    target_link_libraries(${name}_no_mpi PRIVATE $<TARGET_PROPERTY:${name},LINK_LIBRARIES>)
    target_compile_options(${name}_no_mpi PRIVATE $<TARGET_PROPERTY:${name},COMPILE_OPTIONS>
      -Werror=implicit-function-declaration)
    target_compile_definitions(${name}_no_mpi PRIVATE $<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS> GRANSYNC_NO_MPI)
  endif()
endfunction()

# A test that cannot run in this build: ctest reports it as skipped (not passed), with the reason.
function(gransync_skipped_test test_name reason)
  add_test(NAME ${test_name} COMMAND sh -c "echo 'not run: ${reason}'; exit 77")
  set_tests_properties(${test_name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

# name, ranks, arguments...
function(gransync_add_lammps_test test_name exe ranks)
  if(ranks EQUAL 1)
    add_test(NAME ${test_name} COMMAND ${exe} ${ARGN})
  elseif(NOT MPI_FOUND)
    gransync_skipped_test(${test_name} "no MPI here: LAMMPS runs on its MPI stubs, one rank")
    return()
  else()
    add_test(NAME ${test_name} COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks}
      ${MPIEXEC_PREFLAGS} $<TARGET_FILE:${exe}> ${MPIEXEC_POSTFLAGS} ${ARGN})
  endif()
  set_tests_properties(${test_name} PROPERTIES ENVIRONMENT "${GRANSYNC_MPI_ENV}" PROCESSORS ${ranks})
endfunction()

# The /kk styles against their CPU twins (test_kokkos.c, the executable GRANSYNC_KOKKOS_TEST_EXE where
# set, else test_kokkos), as tests named <prefix>.<case>; each case
# is name|ranks|threads|comm|mode...: comm device = device-side exchange, ghosts and sorting (as on
# GPUs), no = LAMMPS' host paths (its CPU default). `env` is added to each test's environment.
function(gransync_kokkos_tests prefix env)
  foreach(case IN LISTS ARGN)
    string(REPLACE "|" ";" case "${case}")
    list(POP_FRONT case name ranks threads comm)
    if(threads GREATER 1 AND NOT Kokkos_ENABLE_OPENMP AND NOT Kokkos_ENABLE_THREADS)
      gransync_skipped_test(${prefix}.${name} "Kokkos has no host threading backend for ${threads} threads")
      continue()
    endif()
    set(exe test_kokkos)
    if(GRANSYNC_KOKKOS_TEST_EXE)
      set(exe ${GRANSYNC_KOKKOS_TEST_EXE})
    endif()
    gransync_add_lammps_test(${prefix}.${name} ${exe} ${ranks} ${threads} ${case})
    if(TEST ${prefix}.${name} AND (ranks EQUAL 1 OR MPI_FOUND))
      # a folder of its own: cases write and remove mesh and restart files of fixed names, and ctest
      # runs cases side by side
      set(_dir ${CMAKE_CURRENT_BINARY_DIR}/kokkos_runs/${prefix}.${name})
      file(MAKE_DIRECTORY ${_dir})
      # PROCESSORS: under ctest -j, two 2-thread cases side by side on two cores spin-wait on each
      # other for minutes (measured: 32 s alone, over 10 min together)
      math(EXPR _cores "${ranks} * ${threads}")
      set_tests_properties(${prefix}.${name} PROPERTIES WORKING_DIRECTORY ${_dir} PROCESSORS ${_cores} ENVIRONMENT
        "${GRANSYNC_MPI_ENV};OMP_NUM_THREADS=${threads};OMP_PROC_BIND=false;GRANSYNC_KOKKOS_COMM=${comm};${env}")
    endif()
  endforeach()
endfunction()
