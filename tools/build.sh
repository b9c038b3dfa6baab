#!/usr/bin/env bash
# Configures and builds gransync in ./build (or $GRANSYNC_BUILD_DIR). The first run on a machine also
# builds LAMMPS with PLUGIN, GRANULAR, DIPOLE, MPI and KOKKOS (OpenMP) into ~/.cache/gransync (about
# 15-20 min on 2 cores); later runs reuse it. Extra arguments go to CMake, e.g.
# -D LAMMPS_SOURCE_DIR=/path/to/lammps.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${GRANSYNC_BUILD_DIR:-build}
generator=()
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B "$build" "${generator[@]}" "$@"
cmake --build "$build"
