#!/usr/bin/env bash
# Builds, once per machine, the stock LAMMPS that bench/mesh.sh times fix wall/gran/sync/mesh
# against: the pinned LAMMPS sources of the main build with GRANULAR and GRANSURF (fix
# surface/global, pair surf/granular), no plugins, no Kokkos. Prints the lmp binary's path.
# (About 10 min on 2 cores; the gransync build itself never needs it.)
#   bash bench/stock_gransurf.sh
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(sed -n 's/^GRANSYNC_LAMMPS_SRC:INTERNAL=//p' build/CMakeCache.txt 2>/dev/null || true)
[ -d "$src" ] || { echo "build gransync first (bash tools/build.sh): it unpacks the pinned LAMMPS" >&2; exit 1; }
top=$(dirname "$src")
mpi=OFF
command -v mpicxx >/dev/null && mpi=ON
recipe="$top|GRANULAR GRANSURF|mpi=$mpi|$(c++ -dumpfullversion)"
key=$(printf '%s' "$recipe" | sha256sum | cut -c1-16)
root=${GRANSYNC_CACHE_DIR:-$HOME/.cache/gransync}/lammps-gransurf-$key
if [ ! -x "$root/build/lmp" ]; then
  echo "building stock LAMMPS with GRANSURF into $root" >&2
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$top/cmake" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_MPI=$mpi -DBUILD_OMP=ON \
    -DPKG_GRANULAR=ON -DPKG_GRANSURF=ON -DBUILD_SHARED_LIBS=OFF -DBUILD_TOOLS=OFF -DBUILD_DOC=OFF \
    -DENABLE_TESTING=OFF -DDOWNLOAD_POTENTIALS=OFF "${launcher[@]}" >"$root.configure.log" 2>&1
  cmake --build "$root/build" --parallel "${GRANSYNC_JOBS:-$(nproc)}" >"$root.build.log" 2>&1
fi
echo "$root/build/lmp"
