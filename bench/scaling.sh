#!/usr/bin/env bash
# Throughput and memory per sphere against problem size (about 1e3 to 1e6 spheres), stock pair
# granular against granular/sync (both orderings, on LAMMPS' lists as stock), one rank, the
# polydisperse bed of in.bed.
# Memory per sphere: LAMMPS' own per-rank allocation report (atoms, neighbor lists, contact
# history included) over the number of spheres. Prints a table; tools/plot_scaling.py draws it.
#   bash bench/scaling.sh > scaling.txt     (EDGES="2 4 6 9 13 20" STEPS=200 override; 120 L^3 spheres)
set -euo pipefail
cd "$(dirname "$0")"
lmp=../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh" >&2; exit 1; }
steps=${STEPS:-200}
measure() { # style L -> "atoms particle-steps/s MiB"
  "$lmp" -in in.bed -var style "$1" -var extra "" -var L "$2" -var steps "$steps" -log none -echo none -nocite \
    2>/dev/null | awk -v s="$steps" '
      /^Per MPI rank memory allocation/ {mem = $(NF - 1)}
      /^Loop time/ {t = $4; n = $(NF - 1)}
      END {printf "%d %.4g %.4g", n, n * s / t, mem}'
}
echo "# spheres, then particle-steps/s and bytes/sphere for: stock granular | granular/sync standard | granular/sync"
for L in ${EDGES:-2 4 6 9 13 20}; do
  row=""
  for style in granular "granular/sync ordering standard lists lammps" "granular/sync lists lammps"; do
    read -r n rate mib <<< "$(measure "$style" "$L")"
    row="$row $rate $(awk -v m="$mib" -v n="$n" 'BEGIN {printf "%.0f", m * 1048576 / n}')"
  done
  echo "$n$row"
done
