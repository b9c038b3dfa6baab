#!/usr/bin/env bash
# Throughput of the /kk styles on one GPU (or Kokkos OpenMP threads) for about 1e5, 1e6 and 4e6
# spheres of run.sh's two inputs (in.bed: size ratio 10; in.chute: monodisperse), against stock
# gran/hooke/history/kk where the models overlap: hooke + mass_velocity damping + linear_history is
# stock's hooke/history force law (the inputs' `law` variable; stock rotates the spring without
# restoring its length, so this compares throughput only). Prints particle-steps/s and ratios.
#   bash bench/gpu.sh [kokkos device options]   (default "g 1"; e.g. "t 2" on a CPU)
#   SIZES="1e5 1e6 4e6" CASES="bed chute" STEPS=1000 LMP=build-gpu/lmp override the defaults (SIZES=""
#   runs the polydisperse cases only)
#   PROFILE=<folder>: each run also writes there its screen output (LAMMPS' timer breakdown) and the
#   time of every kernel and deep copy (tools/kokkos_kernel_times.c). Kokkos then fences after each
#   kernel, which makes the breakdown exact on a GPU and the rates lower (by 11-26% at 1e6 spheres
#   on an H200).
#   RUNNER="<command and options>": runs LAMMPS under it (e.g. Nsight Compute; its report goes to
#   the screen files of PROFILE)
#   POLY="10 20": size ratios of the polydisperse bed (in.poly, bench/lists.sh's deck) at about
#   POLY_SIZE=1e6 spheres, POLY_STEPS=200 steps: stock gran/hooke/history/kk (LAMMPS' Kokkos bin
#   lists, its only ones) against granular/sync/kk on LAMMPS' bin lists and on its own (lists
#   levels), hooke + mass_velocity + linear_history on a reflecting floor; POLY="" leaves it out
set -euo pipefail
# paths given relative to where the script is called from
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ -n "${LMP:-}" ]; then
  lmp=$(absolute "$LMP")
  [ -x "$lmp" ] || { echo "bench/gpu.sh: LMP=$LMP is not an executable" >&2; exit 2; }
fi
profile=${PROFILE:+$(absolute "$PROFILE")}
cd "$(dirname "$0")"
if [ -z "${LMP:-}" ]; then
  lmp=../build-gpu/lmp
  [ -x "$lmp" ] || lmp=../build/lmp
fi
device=${1:-g 1}
steps=${STEPS:-1000}
kokkos="-k on $device -sf kk -pk kokkos newton off neigh half"
runner=${RUNNER:-}

if [ -n "$profile" ]; then
  mkdir -p "$profile"
  cc -O2 -std=c99 -D_POSIX_C_SOURCE=199309L -shared -fPIC ../tools/kokkos_kernel_times.c \
    -o "$profile/kernel_times.so"
fi

rate() { # input L style [lmp options] label
  local screen=/dev/null
  if [ -n "$profile" ]; then
    screen="$profile/$5.screen"
    export KOKKOS_TOOLS_LIBS="$profile/kernel_times.so" KERNEL_TIMES_OUT="$profile/$5.kernels"
  fi
  $runner "$lmp" $kokkos ${4:-} -in "$1" -var style "$3" -var extra "" -var L "$2" -var steps "$steps" \
    -log none -echo none -nocite 2>/dev/null | tee "$screen" |
    awk -v s="$steps" '/^Loop time/ {t = $4; n = $(NF - 1)} END {printf "%.4g", n * s / t}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }

echo "# $(date -u +%F), $("$lmp" -h 2>/dev/null | grep -m1 'Large-scale' || true) kokkos: $device, $steps steps"
printf "%-6s %-10s %14s %14s %14s %10s %10s\n" case spheres "stock h/h/kk" "sync/kk std" "sync/kk sync" \
  "std/stock" "sync cost"
for size in ${SIZES-1e5 1e6 4e6}; do
  for case in ${CASES:-bed chute}; do
    # in.bed: 120 atoms per fcc cell, L^3 cells; in.chute: 33 flowing layers and a floor, L^2 columns
    if [ $case = bed ]; then
      L=$(awk -v n="$size" 'BEGIN {printf "%d", (n / 120) ^ (1 / 3) + 0.5}')
    else
      L=$(awk -v n="$size" 'BEGIN {printf "%d", sqrt(n / 34) + 0.5}')
    fi
    s=$(rate in.$case "$L" gran/hooke/history "-var law legacy" $case-$size-stock)
    a=$(rate in.$case "$L" "granular/sync ordering standard lists lammps" "-var law hooke_history" $case-$size-standard)
    b=$(rate in.$case "$L" "granular/sync lists lammps" "-var law hooke_history" $case-$size-synchronized)
    printf "%-6s %-10s %14s %14s %14s %10s %10s\n" "$case" "$size" "$s" "$a" "$b" "$(ratio "$a" "$s")" "$(ratio "$a" "$b")"
  done
done
poly_rate() { # R L style law [lmp options] label
  local screen=/dev/null
  if [ -n "$profile" ]; then
    screen="$profile/$6.screen"
    export KOKKOS_TOOLS_LIBS="$profile/kernel_times.so" KERNEL_TIMES_OUT="$profile/$6.kernels"
  fi
  $runner "$lmp" $kokkos ${5:-} -in in.poly -var R "$1" -var L "$2" -var style "$3" -var law "$4" \
    -var steps "${POLY_STEPS:-200}" -log none -echo none -nocite 2>/dev/null | tee "$screen" |
    awk '/^Loop time/ {t = $4; s = $(NF - 4); n = $(NF - 1)} END {printf "%.4g", n * s / t}'
}
if [ -n "${POLY-10 20}" ]; then
  printf "%-6s %-10s %14s %14s %14s %10s %10s\n" R spheres "stock h/h/kk" "sync/kk bin" "sync/kk levels" \
    "bin/stock" "levels/stk"
  for R in ${POLY-10 20}; do
    # L^2 (L + 1) large spheres, about 0.35 R^3 fines each (in.poly's 13% of their volume)
    L=$(awk -v n="${POLY_SIZE:-1e6}" -v R="$R" 'BEGIN {per = 0.35 * R ^ 3 + 1; L = 2; while (L * L * (L + 1) * per < n) L++; print L}')
    s=$(poly_rate "$R" "$L" gran/hooke/history legacy "-var integrator nve/sphere" poly-$R-stock)
    a=$(poly_rate "$R" "$L" "granular/sync lists lammps" hooke_history "" poly-$R-bin)
    b=$(poly_rate "$R" "$L" "granular/sync lists levels" hooke_history "" poly-$R-levels)
    printf "%-6s %-10s %14s %14s %14s %10s %10s\n" "$R" "L $L" "$s" "$a" "$b" "$(ratio "$a" "$s")" "$(ratio "$b" "$s")"
  done
fi
if [ -n "$profile" ]; then
  # per run: the last run's timer breakdown (seconds and share) and the five costliest kernels or
  # copies of those run at every step (both runs of the input counted; setup's allocations left out)
  for screen in "$profile"/*.screen; do
    label=$(basename "$screen" .screen)
    echo "## $label"
    awk '/^MPI task timing breakdown/ {n++; delete row} n && /^(Pair|Neigh|Comm|Output|Modify|Other) / {
           row[$1] = ($1 == "Other") ? sprintf("%s %.3g s (%s%%)", $1, $4, $NF) : sprintf("%s %.3g s (%s%%)", $1, $5, $NF)
         }
         END {printf "%s, %s, %s, %s, %s, %s\n", row["Pair"], row["Neigh"], row["Comm"], row["Modify"], row["Output"], row["Other"]}' "$screen"
    awk -v s="$steps" '!/^#/ && $2 >= s && n++ < 5' "$profile/$label.kernels" | cut -c1-160
  done
fi
