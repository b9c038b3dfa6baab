#!/usr/bin/env bash
# Builds (if needed) and runs the whole test suite with ctest: the normal build (build/) and the
# split-memory build (build-split/: the /kk styles with a GPU build's separate host and device
# memory, emulated on OpenMP; its LAMMPS is built once per machine, about 20 min on 2 cores), whose
# tests run in the same ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh
GRANSYNC_BUILD_DIR=build-split bash tools/build.sh -D GRANSYNC_KOKKOS=OpenMPSplit
ctest --test-dir build --output-on-failure
