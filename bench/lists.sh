#!/usr/bin/env bash
# The contact lists at large size ratios (bench/in.poly): stock pair granular and gransync on
# LAMMPS' lists (neighbor bin and multi), gransync on its own (pair_style granular/sync lists
# levels), and the /kk styles (Kokkos OpenMP here) on LAMMPS' bin lists and on their own, side by
# side in one run, repetitions interleaved. Prints per size ratio R: atoms, particle-steps/s of the
# timed run (best of REPEAT), the list builds' time per build and per atom (LAMMPS' Neigh time:
# gransync's own builds are timed there too) and the memory per sphere (LAMMPS' per-rank memory
# line), then the ratios the goals name. Benchmarks never fail on timing.
#   bash bench/lists.sh [R ...]    (default: 4 8 12 16; CPU ranks: RANKS=1; /kk threads: THREADS=1;
#                                   REPEAT=2; BIN_UP_TO=12 and KK_BIN_UP_TO=16: neighbor bin only up
#                                   to those R, its cost grows as R^3; KK=0 leaves the /kk styles out)
set -euo pipefail
cd "$(dirname "$0")"
lmp=../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
sizes=("$@")
((${#sizes[@]})) || sizes=(4 8 12 16)
RANKS=${RANKS:-1}
REPEAT=${REPEAT:-2}
BIN_UP_TO=${BIN_UP_TO:-12}
KK_BIN_UP_TO=${KK_BIN_UP_TO:-16}
THREADS=${THREADS:-1}
KK=${KK:-1}
# the /kk styles: the floor as gransync's wall (LAMMPS' wall/gran/kk computes no granular force)
kk_args="-k on t $THREADS -sf kk -pk kokkos neigh half -var wall wall/gran/sync"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
launcher=()
[ "$RANKS" = 1 ] || launcher=(mpirun -np "$RANKS")

# rate atoms build_ms_per_build bytes_per_sphere of one run
one() { # R style integrator neigh [extra LAMMPS arguments]
  # shellcheck disable=SC2086
  "${launcher[@]}" "$lmp" -in in.poly -var R "$1" -var style "$2" -var integrator "$3" -var neigh "$4" $5 \
    -log none -echo none -nocite 2>/dev/null | awk '
      /^Per MPI rank memory/ {mem = $(NF - 1)}
      /^Loop time/ {t = $4; steps = $(NF - 4); n = $(NF - 1)}
      /^Neigh / {neigh = $5}
      /^Neighbor list builds/ {builds = $NF}
      END {printf "%.6g %d %.6g %.6g\n", n * steps / t, n, 1e3 * neigh / (builds > 0 ? builds : 1), mem * 1048576 * '"$RANKS"' / n}'
}

printf "%-4s %-34s %8s %14s %12s %12s %10s\n" R entry atoms "steps*atoms/s" "ms/build" "ns/atom/build" "B/sphere"
for R in "${sizes[@]}"; do
  entries=("stock granular, multi|granular|nve/sphere|multi|" "granular/sync, multi|granular/sync|nve/sphere/sync|multi|"
           "granular/sync lists levels|granular/sync lists levels|nve/sphere/sync|bin|")
  if [ "$R" -le "$BIN_UP_TO" ]; then
    entries=("stock granular, bin|granular|nve/sphere|bin|" "granular/sync, bin|granular/sync|nve/sphere/sync|bin|" "${entries[@]}")
  fi
  if [ "$KK" = 1 ]; then
    [ "$R" -le "$KK_BIN_UP_TO" ] && entries+=("granular/sync/kk, bin|granular/sync|nve/sphere/sync|bin|$kk_args")
    entries+=("granular/sync/kk lists levels|granular/sync lists levels|nve/sphere/sync|bin|$kk_args")
  fi
  declare -A best=() info=()
  for ((k = 0; k < REPEAT; k++)); do
    for e in "${entries[@]}"; do
      IFS='|' read -r name style integrator neigh extra <<< "$e"
      read -r rate atoms ms bytes < <(one "$R" "$style" "$integrator" "$neigh" "$extra")
      if awk -v a="$rate" -v b="${best[$name]:-0}" 'BEGIN {exit !(a > b)}'; then
        best[$name]=$rate
        info[$name]="$atoms $ms $bytes"
      fi
    done
  done
  for e in "${entries[@]}"; do
    name=${e%%|*}
    read -r atoms ms bytes <<< "${info[$name]}"
    printf "%-4s %-34s %8d %14.4g %12.4g %12.4g %10.0f\n" "$R" "$name" "$atoms" "${best[$name]}" "$ms" \
      "$(awk -v m="$ms" -v n="$atoms" 'BEGIN {print 1e6 * m / n}')" "$bytes"
  done
  awk -v a="${best[granular/sync lists levels]}" -v b="${best[granular/sync, multi]}" \
    'BEGIN {printf "R %s: lists levels / LAMMPS multi (gransync) = %.2f\n", "'"$R"'", a / b}'
  if [ "$KK" = 1 ]; then
    awk -v a="${best[granular/sync/kk lists levels]}" -v b="${best[granular/sync/kk, bin]:-0}" \
      -v c="${best[granular/sync lists levels]}" 'BEGIN {
        if (b > 0) printf "R %s: /kk lists levels / /kk on LAMMPS bin = %.2f\n", "'"$R"'", a / b
        printf "R %s: /kk lists levels / CPU lists levels = %.2f\n", "'"$R"'", a / c}'
  fi
  unset best info
done
