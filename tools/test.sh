#!/usr/bin/env bash
# Builds (if needed) and runs the whole test suite with ctest: the normal build (build/), with a
# LAMMPS that has gransync compiled in instead of the plugin (cmake/GransyncBuiltinCheck.cmake), and
# the split-memory build (build-split/: the /kk styles with a GPU build's separate host and device
# memory, emulated on OpenMP; its LAMMPS is built once per machine, about 20 min on 2 cores), whose
# tests run in the same ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
# the normal build also builds and tests a LAMMPS with gransync compiled in (GransyncBuiltinCheck.cmake)
bash tools/build.sh -D GRANSYNC_BUILTIN_CHECK=ON
GRANSYNC_BUILD_DIR=build-split bash tools/build.sh -D GRANSYNC_KOKKOS=OpenMPSplit
ctest --test-dir build --output-on-failure
