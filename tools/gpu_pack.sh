#!/usr/bin/env bash
# Packs what the GPU machine needs (it has nvcc, cmake and ninja; no network, no MPI) into gpu-pack/,
# which git ignores and the device tool carries next to the working tree (64 MiB at most):
#   kokkos_5.0.2.orig.tar.gz  the pinned Debian tarball (the build checks its sha256)
#   lammps-src.tar.gz         the parts of the pinned LAMMPS sources a GRANULAR + KOKKOS + PLUGIN +
#                             DIPOLE build reads, with the Kokkos version floor relaxed as for the
#                             cached build here, and LAMMPS' granular verification cases
# Then, on the GPU machine: bash tools/gpu_build_and_test.sh
#
# usage: bash tools/gpu_pack.sh [BUILD_DIR]   (a configured gransync build; default build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
lammps_src=$(cache_value GRANSYNC_LAMMPS_SRC)
cache_dir=$(cache_value GRANSYNC_CACHE_DIR)
kokkos_tarball="$cache_dir/kokkos_5.0.2.orig.tar.gz"
if [[ -z "$lammps_src" || ! -f "$kokkos_tarball" ]]; then
  echo "gpu_pack: $build is not a configured gransync build with Kokkos (run bash tools/build.sh first)" >&2
  exit 2
fi
lammps_top=$(dirname "$lammps_src")
out="$root/gpu-pack"
# only what this script makes: gpu-pack/cache holds a CUDA build of LAMMPS (40 min here), and
# gpu-pack/lammps the sources it was built from
rm -rf "$out/stage" "$out/lammps-src.tar.gz" "$out/kokkos_5.0.2.orig.tar.gz"
mkdir -p "$out/stage"
cp "$kokkos_tarball" "$out/"

stage="$out/stage/lammps"
# bench/ and potentials/ are installed by LAMMPS' build; empty here, nothing the tests need
mkdir -p "$stage/src" "$stage/doc" "$stage/unittest" "$stage/bench" "$stage/potentials"
cp -r "$lammps_top/cmake" "$lammps_top/third_party" "$lammps_top/LICENSE" "$lammps_top/README" "$stage/"
cp "$lammps_top/doc/lammps.1" "$stage/doc/"
cp "$lammps_src"/*.cpp "$lammps_src"/*.h "$stage/src/"
for dir in fmt nlohmann GRANULAR KOKKOS PLUGIN DIPOLE STUBS; do cp -r "$lammps_src/$dir" "$stage/src/"; done
cp -r "$lammps_top/unittest/granular" "$stage/unittest/"
sed -i 's/find_package(Kokkos 5\.1\.0 REQUIRED CONFIG)/find_package(Kokkos 5.0 REQUIRED CONFIG)/' \
  "$stage/cmake/Modules/Packages/KOKKOS.cmake"
tar -C "$out/stage" -czf "$out/lammps-src.tar.gz" lammps
rm -rf "$out/stage"
size=$(du -cb "$out"/*.tar.gz | tail -1 | cut -f1)
echo "gpu_pack: $out holds $((size / 1048576)) MiB; carry it with the device tool (carry: [\"gpu-pack\"])"
if ((size > 60 * 1048576)); then
  echo "gpu_pack: too large for the 64 MiB the device tool carries" >&2
  exit 1
fi
