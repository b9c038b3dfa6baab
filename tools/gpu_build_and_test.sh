#!/usr/bin/env bash
# On the GPU machine, from the repository root with gpu-pack/ beside the sources (tools/gpu_pack.sh):
# builds Kokkos and LAMMPS for CUDA and the gransync plugin (one configure, LAMMPS built once and
# cached under gpu-pack/cache), then runs the /kk tests on the GPU against the CPU styles.
# The agreement build contracts no multiply-adds into FMA (GRANSYNC_CUDA_FMAD=OFF), as the CPU side
# computes; the order of the GPU's atomic force sums remains, for which test_kokkos compares each scene
# over the horizon where the CPU's own departure from a round-off perturbation stays 100 times below
# the tolerance (calibrate_gpu_horizon(), scene_horizon()). A build with MPI runs its 2-rank cases
# with the Open MPI runtime the bundle carries (tools/gpu_bundle.sh); cases that need MPI or host
# threads the build lacks are reported as skipped by ctest, not passed.
#
# usage: bash tools/gpu_build_and_test.sh [build|test|all|unbundle]   (default all)
#   unbundle: unpack gpu-pack/bundle.tar.xz, built elsewhere (tools/gpu_bundle.sh), instead of building;
#   CTEST_ARGS adds ctest arguments to test (e.g. "-j 8 --timeout 150").
#   GRANSYNC_CUDA_ARCH=<Kokkos arch> overrides HOPPER90; GRANSYNC_KOKKOS=OpenMP rehearses on a CPU;
#   GRANSYNC_CMAKE_ARGS adds configure arguments (e.g. -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON: as without MPI).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack="$root/gpu-pack"
what=${1:-all}
backend=${GRANSYNC_KOKKOS:-CUDA}
build="$root/build-gpu"
if [[ "$what" == unbundle ]]; then
  # the bundle's absolute paths name the checkout it was built in: that path leads here
  built_in=$(cat "$pack/bundle.root")
  if [[ "$built_in" != "$root" ]]; then
    if [[ -e "$built_in" && "$(realpath "$built_in")" != "$root" ]]; then
      echo "gpu_build_and_test: the bundle was built in $built_in, which exists here and is not this checkout" >&2
      exit 2
    fi
    mkdir -p "$(dirname "$built_in")"
    ln -sfn "$root" "$built_in"
  fi
  tar -C "$root" -xJf "$pack/bundle.tar.xz"
  # the tests' working directories, which the bundle (files only) leaves out: ctest does not create them
  find "$build" -name CTestTestfile.cmake -exec grep -ho 'WORKING_DIRECTORY "[^"]*"' {} + | cut -d'"' -f2 |
    sort -u | while IFS= read -r dir; do mkdir -p "$dir"; done || true
  # the tests start their ranks with the MPI the bundle carries (tools/gpu_mpi_env.sh), not the
  # configured path, which names the build machine's
  mpiexec=$(sed -n 's/^MPIEXEC_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
  if [[ -n "$mpiexec" && -f "$pack/mpi/bin/orterun" ]]; then
    find "$build" -name CTestTestfile.cmake -exec sed -i "s|$mpiexec|$pack/mpi/bin/mpiexec|g" {} +
  fi
  exit 0
fi
if [[ "$what" != test ]]; then
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
fi
if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi

if [[ "$what" != test ]]; then
  # Kokkos' core library needs the CUDA driver's libcuda.so.1: where no driver is installed (a build
  # for a GPU machine made elsewhere), executables link against the toolkit's stub, never run here
  if [[ "$backend" == CUDA ]] && ! ldconfig -p | grep -q 'libcuda\.so\.1 '; then
    stub=$(dirname "$(command -v nvcc)")/../lib64/stubs/libcuda.so
    mkdir -p "$build/cuda-stub"
    ln -sfn "$(realpath "$stub")" "$build/cuda-stub/libcuda.so.1"
    export LD_LIBRARY_PATH="$build/cuda-stub${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  cmake -S "$root" -B "$build" -G Ninja -D GRANSYNC_CACHE_DIR="$pack/cache" -D LAMMPS_SOURCE_DIR="$pack/lammps" \
    -D GRANSYNC_KOKKOS="$backend" -D GRANSYNC_CUDA_ARCH="${GRANSYNC_CUDA_ARCH:-HOPPER90}" -D GRANSYNC_CUDA_FMAD=OFF \
    ${GRANSYNC_CMAKE_ARGS:-}
  cmake --build "$build" --parallel "$(nproc)"
fi
if [[ "$what" != build ]]; then
  if [[ "$backend" == CUDA ]]; then export GRANSYNC_KOKKOS_GPUS=1; fi
  # shellcheck source=tools/gpu_mpi_env.sh
  source "$root/tools/gpu_mpi_env.sh"
  ctest --test-dir "$build" -R 'lammps\.kokkos|^kokkos\.grid|three_sphere|wall_groove' --output-on-failure ${CTEST_ARGS:-}
fi
