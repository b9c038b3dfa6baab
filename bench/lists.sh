#!/usr/bin/env bash
# The contact lists at large size ratios (bench/in.poly): stock pair granular and gransync on
# LAMMPS' lists (neighbor bin and multi), gransync on its own (pair_style granular/sync lists
# levels), and the /kk styles (Kokkos OpenMP here) on LAMMPS' bin lists and on their own, side by
# side in one run, repetitions interleaved; gransync's entries with gransync's floor (fix
# wall/gran/sync), stock's with stock's (fix wall/gran). The entries marked `comm multi` run with
# neighbor multi and comm_modify mode multi (LAMMPS' ghosts cut by size; the own lists then use
# neighbor multi's collections only for the ghosts: LAMMPS builds no list for them, which lets the
# /kk styles run them too). Prints per
# size ratio R: atoms, particle-steps/s of the timed run (best of REPEAT), the list builds' time per
# build and per atom (LAMMPS' Neigh time: gransync's own builds are timed there too), a build's cost
# in pair steps (a build's time over the pair style's time per step), the memory per sphere
# (LAMMPS' per-rank estimate, which leaves out most Kokkos allocations; with MEM=1 also the peak
# resident size's growth per sphere from L to L + 1), then the ratios the goals name. Benchmarks
# never fail on timing.
#   bash bench/lists.sh [R ...]    (default: 4 8 12 16)
# Environment: SIZES=gap (in.poly's gap-graded bed) or continuous (diameters from 1/R to 1); L=4
# (lattice cells per edge); REPEAT=2; BIN_UP_TO=12 and KK_BIN_UP_TO=16 (neighbor bin only up to
# those R: its cost grows as R^3); KK=0 leaves the /kk styles out; WIDE=1 adds the own lists and
# multi on 2 MPI ranks and /kk on 2 threads (comm single and multi); MEM=1 adds the memory slope
# (one-rank entries).
set -euo pipefail
cd "$(dirname "$0")"
lmp=../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
sizes=("$@")
((${#sizes[@]})) || sizes=(4 8 12 16)
SIZES=${SIZES:-gap}
L=${L:-4}
REPEAT=${REPEAT:-2}
BIN_UP_TO=${BIN_UP_TO:-12}
KK_BIN_UP_TO=${KK_BIN_UP_TO:-16}
KK=${KK:-1}
WIDE=${WIDE:-0}
MEM=${MEM:-0}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# one run: R L style integrator neigh ranks threads (0: the CPU styles, else /kk on that many)
run_once() {
  local launcher=() extra=()
  [ "$6" = 1 ] || launcher=(mpirun -np "$6")
  # the /kk styles: comm device, the threaded communication (without GPUs LAMMPS defaults to its
  # serial host copy)
  [ "$7" = 0 ] || extra=(-k on t "$7" -sf kk -pk kokkos neigh half comm device)
  # gransync's floor is its own wall, in the pair's ordering (stock's floor, stock wall/gran)
  [[ "$3" == granular/sync* ]] && extra+=(-var wall wall/gran/sync)
  /usr/bin/time -f "peak_rss_kb %M" "${launcher[@]}" "$lmp" -in in.poly -var sizes "$SIZES" -var R "$1" -var L "$2" \
    -var style "$3" -var integrator "$4" -var neigh "$5" -var comm "${8:-single}" "${extra[@]}" -log none -echo none \
    -nocite 2>&1
}

# rate atoms ms_per_build build_in_pair_steps bytes_per_sphere(LAMMPS) peak_rss_kb
one() {
  run_once "$@" | awk -v ranks="$6" '
    /^Per MPI rank memory/ {mem = $(NF - 1)}
    /^Loop time/ {t = $4; steps = $(NF - 4); n = $(NF - 1)}
    /^Pair / {pair = $5}
    /^Neigh / {neigh = $5}
    /^Neighbor list builds/ {builds = $NF}
    /^peak_rss_kb/ {rss = $2}
    END {
      per_build = neigh / (builds > 0 ? builds : 1)
      printf "%.6g %d %.6g %.3g %.6g %d\n", n * steps / t, n, 1e3 * per_build,
        (pair > 0 ? per_build / (pair / steps) : 0), mem * 1048576 * ranks / n, rss}'
}

printf "%-4s %-54s %8s %14s %10s %10s %11s %11s\n" R entry atoms "steps*atoms/s" "ms/build" "build/pair" \
  "B/sph LAMMPS" "B/sph RSS"
for R in "${sizes[@]}"; do
  # name|style|integrator|neigh|ranks|threads[|comm mode]
  entries=()
  if [ "$R" -le "$BIN_UP_TO" ]; then
    entries+=("stock granular, bin|granular|nve/sphere|bin|1|0" "granular/sync, bin|granular/sync lists lammps|nve/sphere/sync|bin|1|0")
  fi
  entries+=("stock granular, multi|granular|nve/sphere|multi|1|0"
            "granular/sync, multi|granular/sync lists lammps|nve/sphere/sync|multi|1|0"
            "granular/sync lists levels|granular/sync lists levels|nve/sphere/sync|bin|1|0"
            "granular/sync, multi, comm multi|granular/sync lists lammps|nve/sphere/sync|multi|1|0|multi"
            "granular/sync lists levels, comm multi|granular/sync lists levels|nve/sphere/sync|multi|1|0|multi")
  [ "$WIDE" = 1 ] && entries+=("granular/sync, multi, 2 ranks|granular/sync lists lammps|nve/sphere/sync|multi|2|0"
                               "granular/sync lists levels, 2 ranks|granular/sync lists levels|nve/sphere/sync|bin|2|0")
  if [ "$KK" = 1 ]; then
    [ "$R" -le "$KK_BIN_UP_TO" ] && entries+=("granular/sync/kk, bin|granular/sync lists lammps|nve/sphere/sync|bin|1|1")
    entries+=("granular/sync/kk lists levels|granular/sync lists levels|nve/sphere/sync|bin|1|1"
              "granular/sync/kk lists levels, comm multi|granular/sync lists levels|nve/sphere/sync|multi|1|1|multi")
    [ "$WIDE" = 1 ] && entries+=("granular/sync/kk lists levels, 2 threads|granular/sync lists levels|nve/sphere/sync|bin|1|2"
                                 "granular/sync/kk lists levels, comm multi, 2 threads|granular/sync lists levels|nve/sphere/sync|multi|1|2|multi")
  fi
  declare -A best=() info=() slope=()
  for ((k = 0; k < REPEAT; k++)); do
    for e in "${entries[@]}"; do
      IFS='|' read -r name style integrator neigh ranks threads comm <<< "$e"
      read -r rate atoms ms build bytes rss < <(one "$R" "$L" "$style" "$integrator" "$neigh" "$ranks" "$threads" "$comm")
      if awk -v a="$rate" -v b="${best[$name]:-0}" 'BEGIN {exit !(a > b)}'; then
        best[$name]=$rate
        info[$name]="$atoms $ms $build $bytes"
      fi
      if [ "$MEM" = 1 ] && [ "$k" = 0 ] && [ "$ranks" = 1 ]; then
        read -r _ atoms2 _ _ _ rss2 < <(one "$R" "$((L + 1))" "$style" "$integrator" "$neigh" "$ranks" "$threads" "$comm")
        slope[$name]=$(awk -v a="$rss" -v b="$rss2" -v n="$atoms" -v m="$atoms2" 'BEGIN {printf "%.0f", 1024 * (b - a) / (m - n)}')
      fi
    done
  done
  for e in "${entries[@]}"; do
    name=${e%%|*}
    read -r atoms ms build bytes <<< "${info[$name]}"
    printf "%-4s %-54s %8d %14.4g %10.4g %10.3g %11.0f %11s\n" "$R" "$name" "$atoms" "${best[$name]}" "$ms" "$build" \
      "$bytes" "${slope[$name]:--}"
  done
  ratio() { # label numerator-entry denominator-entry
    [ -n "${best[$2]:-}" ] && [ -n "${best[$3]:-}" ] &&
      awk -v a="${best[$2]}" -v b="${best[$3]}" -v r="$R" -v l="$1" 'BEGIN {printf "R %s: %s = %.2f\n", r, l, a / b}'
    return 0
  }
  ratio "lists levels / LAMMPS multi (gransync)" "granular/sync lists levels" "granular/sync, multi"
  ratio "lists levels / LAMMPS multi (gransync), both comm multi" "granular/sync lists levels, comm multi" \
    "granular/sync, multi, comm multi"
  ratio "lists levels, comm multi / comm single" "granular/sync lists levels, comm multi" "granular/sync lists levels"
  ratio "lists levels, 2 ranks / 1 rank" "granular/sync lists levels, 2 ranks" "granular/sync lists levels"
  ratio "/kk lists levels / /kk on LAMMPS bin" "granular/sync/kk lists levels" "granular/sync/kk, bin"
  ratio "/kk lists levels, comm multi / /kk on LAMMPS bin" "granular/sync/kk lists levels, comm multi" \
    "granular/sync/kk, bin"
  ratio "/kk lists levels / CPU lists levels" "granular/sync/kk lists levels" "granular/sync lists levels"
  ratio "/kk lists levels / CPU lists levels, both comm multi" "granular/sync/kk lists levels, comm multi" \
    "granular/sync lists levels, comm multi"
  ratio "/kk lists levels, 2 threads / 1 thread" "granular/sync/kk lists levels, 2 threads" "granular/sync/kk lists levels"
  ratio "/kk lists levels, comm multi, 2 threads / 1 thread" "granular/sync/kk lists levels, comm multi, 2 threads" \
    "granular/sync/kk lists levels, comm multi"
  unset best info slope
done
