#!/usr/bin/env bash
# Compiles every translation unit of gransync's plugin for CUDA (default: Hopper, sm_90) with this
# machine's nvcc, as the project's CMake compiles the plugin (host compiler + Kokkos' nvcc_wrapper
# launcher, ccache where installed): Kokkos 5.0.2 from the pinned Debian tarball is built for CUDA
# once (cached, ~2 min on 2 cores), then the sources are compiled, not linked. No GPU is needed.
# Prints ptxas' register and spill report of the pair style's kernels.
#
# usage: bash tools/cuda_compile_check.sh [BUILD_DIR]   (BUILD_DIR: a configured gransync build, default build)
#   GRANSYNC_CUDA_ARCH=<Kokkos arch> overrides HOPPER90; NVCC=<path> picks the compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
arch=${GRANSYNC_CUDA_ARCH:-HOPPER90}

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
lammps_src=$(cache_value GRANSYNC_LAMMPS_SRC)
kokkos_src=$(cache_value GRANSYNC_KOKKOS_SOURCE_DIR)
cache_dir=$(cache_value GRANSYNC_CACHE_DIR)
if [[ -z "$lammps_src" || -z "$kokkos_src" ]]; then
  echo "cuda_compile_check: $build is not a gransync build with Kokkos (configure it first: bash tools/build.sh)" >&2
  exit 2
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [[ ! -x "$nvcc" ]]; then
  echo "cuda_compile_check: no nvcc (set NVCC=/path/to/nvcc)" >&2
  exit 2
fi
export PATH="$(dirname "$nvcc"):$PATH"
wrapper="$kokkos_src/bin/nvcc_wrapper"
generator=$(command -v ninja >/dev/null && echo Ninja || echo "Unix Makefiles")
jobs=$(nproc 2>/dev/null || echo 2)

# Kokkos for CUDA, static (nothing to link against a driver), once per machine and arch
key=$("$nvcc" --version | tail -1 | sha256sum | cut -c1-12)
kokkos_prefix="$cache_dir/kokkos-cuda-$arch-$key"
if [[ ! -f "$kokkos_prefix/.complete" ]]; then
  echo "cuda_compile_check: building Kokkos for CUDA ($arch) into $kokkos_prefix"
  rm -rf "$kokkos_prefix"
  cmake -S "$kokkos_src" -B "$kokkos_prefix/build" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$wrapper" -DCMAKE_CXX_STANDARD=20 -DBUILD_SHARED_LIBS=OFF \
    -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_CUDA=ON "-DKokkos_ARCH_$arch=ON" \
    -DCMAKE_INSTALL_PREFIX="$kokkos_prefix/install" -DCMAKE_INSTALL_LIBDIR=lib > "$kokkos_prefix.log" 2>&1 ||
    { tail -30 "$kokkos_prefix.log"; exit 1; }
  cmake --build "$kokkos_prefix/build" --parallel "$jobs" --target install >> "$kokkos_prefix.log" 2>&1 ||
    { tail -30 "$kokkos_prefix.log"; exit 1; }
  touch "$kokkos_prefix/.complete"
fi

check="$build/cuda_check"
cmake -S "$root/tools/cuda_check" -B "$check" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
  -DKokkos_DIR="$kokkos_prefix/install/lib/cmake/Kokkos" \
  -DGRANSYNC_ROOT="$root" -DLAMMPS_SRC="$lammps_src" > "$check.log" 2>&1 || { tail -30 "$check.log"; exit 1; }
# from clean: the launcher check and the ptxas report below read this build's log
cmake --build "$check" --clean-first --parallel "$jobs" --verbose > "$check.build.log" 2>&1 || { tail -60 "$check.build.log"; exit 1; }
if ! grep -q "kokkos_launch_compiler" "$check.build.log"; then
  echo "cuda_compile_check: the sources did not go through Kokkos' nvcc_wrapper launcher" >&2
  exit 1
fi
echo "ptxas report of the pair style's kernels (list variant, models, dispatch: registers; stack frame, spills):"
awk 'function label(line,   k) {
       k = line ~ /AnyKinds/ ? "generic" : (line ~ /FixedKindsILi1ELi5ELi2ELi0ELi0/ ? "benchmark model" : "full model")
       if (line ~ /FixedKinds[A-Za-z0-9]*ELi1EEE/) k = k " sync"; else if (line ~ /FixedKinds/) k = k " standard"
       return (line ~ /ELi4ENS/ ? "half" : (line ~ /ELi2ENS/ ? "halfthread" : "?")) ", " k ", " (line ~ /REDUCE/ ? "reduce" : "for")
     }
     /Compiling entry function/ {on = /GranularSyncPairKernel/; if (on) kind = label($0)}
     on && /bytes stack frame/ {sub(/^ *ptxas info *: */, ""); frame = $0}
     on && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); print "  " kind ": " substr($0, RSTART, RLENGTH) "; " frame; on = 0}' \
  "$check.build.log"
echo "cuda_compile_check: the plugin's translation units compile for CUDA ($arch)"
