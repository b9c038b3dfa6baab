#!/usr/bin/env bash
# A GPU machine lent for minutes cannot build LAMMPS for CUDA (40-45 minutes on 2 cores here; nvcc
# compiles every LAMMPS source as CUDA). Build here instead, where nvcc needs no GPU, then pack what
# the tests and benchmarks run into gpu-pack/bundle.tar.xz (git ignores gpu-pack/; the device tool
# carries it, 64 MiB at most):
#   bash tools/gpu_build_and_test.sh build
#   bash tools/gpu_bundle.sh
# A build with MPI takes this machine's Open MPI runtime along (tools/gpu_mpi_pack.sh), so that the
# 2-rank tests run there too; GRANSYNC_CMAKE_ARGS=-DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON builds without.
# On the GPU machine: bash tools/gpu_build_and_test.sh unbundle, then test (or bash tools/gpu_device_check.sh).
# The bundle holds absolute paths of this checkout (RPATHs, CTest files, the lmp wrapper): unbundle links
# this checkout's path there to the checkout it runs in.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-gpu"
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
[[ -f "$build/CMakeCache.txt" ]] || { echo "gpu_bundle: no $build (build it first, see above)" >&2; exit 2; }
# LAMMPS_DIR: <cache>/lammps-<key>/install/lib/cmake/LAMMPS
lammps_root=$(cd "$(cache_value LAMMPS_DIR)/../../../.." && pwd)
cd "$root"
# the CUDA runtime the build linked, should the GPU machine's toolkit sit elsewhere (its driver's
# libcuda.so.1 is the machine's own)
mkdir -p gpu-pack/cuda-lib
cudart=$(ldd "$lammps_root/kokkos/lib/libkokkoscore.so" | awk '/libcudart/ {print $3}')
cp -L "$cudart" gpu-pack/cuda-lib/
rel() { realpath --relative-to="$root" "$1"; }

# With MPI, its runtime goes along (the GPU machine has none), run there by tools/gpu_mpi_env.sh
rm -rf gpu-pack/mpi
mpiexec=$(cache_value MPIEXEC_EXECUTABLE)
if [[ -n "$mpiexec" && -x "$mpiexec" ]]; then
  bash tools/gpu_mpi_pack.sh gpu-pack/mpi "$mpiexec" "$lammps_root/install/lib/liblammps.so" build-gpu/plugins/*.so
fi
# runtime only: shared libraries, executables, CTest files and what the tests read from the build tree
mapfile -t files < <(
  find "$(rel "$lammps_root/install/lib")" "$(rel "$lammps_root/kokkos/lib")" -name '*.so*'
  echo "$(rel "$lammps_root/install/bin/lmp")"
  find gpu-pack/cuda-lib -type f
  [[ -d gpu-pack/mpi ]] && find gpu-pack/mpi -type f -o -type l
  find build-gpu -path build-gpu/CMakeFiles -prune -o -path '*/CMakeFiles/*' -prune -o -type f \
    ! -name '*.o' ! -name '*.a' ! -name '*.ninja' ! -name '.ninja_*' -print
  find build-gpu -type l
)
tar -C "$root" -cJf gpu-pack/bundle.tar.xz "${files[@]}"
echo "$root" > gpu-pack/bundle.root
size=$(stat -c %s gpu-pack/bundle.tar.xz)
echo "gpu_bundle: gpu-pack/bundle.tar.xz holds ${#files[@]} files, $((size / 1048576)) MiB"
