#!/usr/bin/env bash
# On the GPU machine, from the repository root with gpu-pack/ beside the sources (tools/gpu_pack.sh):
# builds Kokkos and LAMMPS for CUDA and the gransync plugin (one configure, LAMMPS built once and
# cached under gpu-pack/cache), then runs the /kk tests on the GPU against the CPU styles.
# The agreement build contracts no multiply-adds into FMA (GRANSYNC_CUDA_FMAD=OFF), as the CPU side
# computes; the order of the GPU's atomic force sums remains, for which test_kokkos measures the
# CPU's own sensitivity and allows 100 times that (calibrate_gpu_tolerance). Cases that need MPI
# or host threads this machine lacks are reported as skipped by ctest, not passed.
#
# usage: bash tools/gpu_build_and_test.sh [build|test|all]   (default all)
#   GRANSYNC_CUDA_ARCH=<Kokkos arch> overrides HOPPER90; GRANSYNC_KOKKOS=OpenMP rehearses on a CPU;
#   GRANSYNC_CMAKE_ARGS adds configure arguments (e.g. -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON: as without MPI).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack="$root/gpu-pack"
what=${1:-all}
backend=${GRANSYNC_KOKKOS:-CUDA}
build="$root/build-gpu"
if [[ ! -f "$pack/lammps-src.tar.gz" ]]; then
  echo "gpu_build_and_test: no $pack/lammps-src.tar.gz; run bash tools/gpu_pack.sh where the sources are" >&2
  exit 2
fi
mkdir -p "$pack/cache"
cp -n "$pack/kokkos_5.0.2.orig.tar.gz" "$pack/cache/"
if [[ ! -f "$pack/lammps/.unpacked" ]]; then
  tar -C "$pack" -xzf "$pack/lammps-src.tar.gz"
  touch "$pack/lammps/.unpacked"
fi
if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi

if [[ "$what" != test ]]; then
  cmake -S "$root" -B "$build" -G Ninja -D GRANSYNC_CACHE_DIR="$pack/cache" -D LAMMPS_SOURCE_DIR="$pack/lammps" \
    -D GRANSYNC_KOKKOS="$backend" -D GRANSYNC_CUDA_ARCH="${GRANSYNC_CUDA_ARCH:-HOPPER90}" -D GRANSYNC_CUDA_FMAD=OFF \
    ${GRANSYNC_CMAKE_ARGS:-}
  cmake --build "$build" --parallel "$(nproc)"
fi
if [[ "$what" != build ]]; then
  if [[ "$backend" == CUDA ]]; then export GRANSYNC_KOKKOS_GPUS=1; fi
  ctest --test-dir "$build" -R 'lammps\.kokkos|three_sphere|wall_groove' --output-on-failure
fi
