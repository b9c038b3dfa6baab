#!/usr/bin/env bash
# Side-by-side CPU throughput of gransync and stock LAMMPS granular styles, same physics, one run,
# and of the Kokkos (/kk) styles on OpenMP threads.
# Prints particle-steps per second of the timed run and the ratios that matter: gransync against
# stock pair granular with the same ordering, and what the synchronized ordering costs over the
# standard one, and what fix nve/sphere/sync's scheme consistent costs over its scheme verlet,
# on in.bed, in.chute and in.flow (with neighbor bin and multi). gransync runs on LAMMPS' lists
# (lists lammps), as stock does; bench/lists.sh compares the lists.
# Benchmarks never fail on timing.
#   bash bench/run.sh [ranks ...]        (default: 1 2; REPEAT=n runs per entry, default 3;
#                                          CASES="bed chute flow flow_multi" picks the inputs)
set -euo pipefail
cd "$(dirname "$0")"
lmp=../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
ranks=("$@")
((${#ranks[@]})) || ranks=(1 2)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# particle-steps/s of the last `run` in the input and the pair style's share of it (LAMMPS' `Pair`
# time, average over ranks), one run
rate() { # input ranks style extra [lmp options]
  local launcher=(mpirun -np "$2")
  # one rank runs without mpirun, whose default core binding would hold OpenMP threads on one core
  [ "$2" = 1 ] && launcher=()
  "${launcher[@]}" "$lmp" ${5:-} $case_options -in "$1" -var style "$3" -var extra "$4" -var L "$L" -var steps "$STEPS" \
    -log none -echo none -nocite 2>/dev/null |
    awk -v s="$STEPS" '/^Loop time/ {t = $4; n = $(NF - 1)} /^Pair / {p = $5} END {printf "%.6g %.6g\n", n * s / t, p}'
}

# Best of $REPEAT runs per entry (timings on a shared machine only ever come out slower than the
# code is), the repetitions taken in turn across all entries of a case, so that a slow spell of
# the machine slows every entry alike instead of all runs of one.
REPEAT=${REPEAT:-3}
declare -A best pair
measure() { # key input ranks style extra [lmp options]; environment from OMP_NUM_THREADS
  local r p
  read -r r p < <(rate "${@:2}")
  best[$1]=$(awk -v a="$r" -v b="${best[$1]:-0}" 'BEGIN {print (a > b) ? a : b}')
  pair[$1]=$(awk -v a="$p" -v b="${pair[$1]:-1e30}" 'BEGIN {print (a < b) ? a : b}')
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }
fmt() { printf "%.4g" "$1"; }

# flow and flow_multi: in.flow with neighbor bin and with neighbor multi (LAMMPS' Kokkos package
# builds bin lists only: no /kk entries there)
for case in ${CASES:-bed chute flow flow_multi}; do
  input=in.${case%_multi}
  case_options=""
  [ $case = flow_multi ] && case_options="-var neigh multi"
  if [ $case = chute ]; then L=32 STEPS=1000; else L=6 STEPS=1000; fi
  for np in "${ranks[@]}"; do
    best=() pair=()
    # the /kk styles on as many OpenMP threads of one rank as the CPU styles had ranks
    kokkos="-k on t $np -sf kk -pk kokkos newton on neigh half comm device"
    for ((k = 0; k < REPEAT; k++)); do
      measure stock $input "$np" granular ""
      measure stock_sync $input "$np" granular synchronized_verlet
      measure ours $input "$np" "granular/sync ordering standard lists lammps" ""
      measure ours_sync $input "$np" "granular/sync lists lammps" ""
      # fix nve/sphere/sync: its records, and the scheme that puts the dashpots at t+dt
      measure ours_verlet $input "$np" "granular/sync lists lammps" "" "-var scheme verlet"
      measure ours_consistent $input "$np" "granular/sync lists lammps" "" "-var scheme consistent"
      # stock gran/hooke/history against the same force law in granular/sync (both in the input)
      measure legacy $input "$np" gran/hooke/history "" "-var law legacy"
      measure ours_hh $input "$np" "granular/sync ordering standard lists lammps" "" "-var law hooke_history"
      measure ours_sync_hh $input "$np" "granular/sync lists lammps" "" "-var law hooke_history"
      # and with stock's order of operations (linear_history_classic): the same force law exactly
      measure ours_cl $input "$np" "granular/sync ordering standard lists lammps" "" "-var law hooke_classic"
      measure ours_sync_cl $input "$np" "granular/sync lists lammps" "" "-var law hooke_classic"
      # the same with gransync's integrator, as a user switching to the package runs it (the
      # synchronized ordering reading its half-step records)
      measure ours_cl_own $input "$np" "granular/sync ordering standard lists lammps" "" "-var law hooke_classic -var scheme standard"
      measure ours_sync_cl_own $input "$np" "granular/sync lists lammps" "" "-var law hooke_classic -var scheme verlet"
      if [ $case != flow_multi ]; then
        OMP_NUM_THREADS=$np OMP_PROC_BIND=false measure kk $input 1 "granular/sync ordering standard lists lammps" "" "$kokkos"
        OMP_NUM_THREADS=$np OMP_PROC_BIND=false measure kk_sync $input 1 "granular/sync" "" "$kokkos"
      fi
    done
    echo "== $case, $np rank(s): particle-steps/s =="
    printf "  %-44s %12s\n" "stock pair granular" "$(fmt "${best[stock]}")" \
      "stock pair granular synchronized_verlet" "$(fmt "${best[stock_sync]}")" \
      "granular/sync ordering standard lists lammps" "$(fmt "${best[ours]}")" \
      "granular/sync (synchronized)" "$(fmt "${best[ours_sync]}")"
    printf "  %-44s %12s\n" "ratio standard: gransync / stock" "$(ratio "${best[ours]}" "${best[stock]}")" \
      "ratio synchronized: gransync / stock" "$(ratio "${best[ours_sync]}" "${best[stock_sync]}")" \
      "cost of synchronized over standard (gransync)" "$(ratio "${best[ours]}" "${best[ours_sync]}")"
    # the pair style alone (shortest Pair time of the runs): the rest of the step is LAMMPS' own
    printf "  %-44s %12s\n" "pair time, stock / gransync standard" "$(ratio "${pair[stock]}" "${pair[ours]}")" \
      "pair time, stock sync / gransync sync" "$(ratio "${pair[stock_sync]}" "${pair[ours_sync]}")" \
      "pair time, gransync sync / standard" "$(ratio "${pair[ours_sync]}" "${pair[ours]}")"
    printf "  %-44s %12s\n" "granular/sync, nve/sphere/sync scheme verlet" "$(fmt "${best[ours_verlet]}")" \
      "granular/sync, nve/sphere/sync scheme consistent" "$(fmt "${best[ours_consistent]}")" \
      "cost of scheme consistent over verlet" "$(ratio "${best[ours_verlet]}" "${best[ours_consistent]}")" \
      "pair time, consistent / verlet" "$(ratio "${pair[ours_consistent]}" "${pair[ours_verlet]}")"
    printf "  %-44s %12s\n" "stock gran/hooke/history" "$(fmt "${best[legacy]}")" \
      "granular/sync standard, linear_history" "$(fmt "${best[ours_hh]}")" \
      "ratio: gransync / stock gran/hooke/history" "$(ratio "${best[ours_hh]}" "${best[legacy]}")" \
      "granular/sync synchronized, linear_history" "$(fmt "${best[ours_sync_hh]}")" \
      "ratio: synchronized / stock gran/hooke/history" "$(ratio "${best[ours_sync_hh]}" "${best[legacy]}")" \
      "granular/sync standard, linear_history_classic" "$(fmt "${best[ours_cl]}")" \
      "ratio: classic / stock gran/hooke/history" "$(ratio "${best[ours_cl]}" "${best[legacy]}")" \
      "granular/sync synchronized, ..._classic" "$(fmt "${best[ours_sync_cl]}")" \
      "ratio: synchronized classic / stock" "$(ratio "${best[ours_sync_cl]}" "${best[legacy]}")" \
      "classic, fix nve/sphere/sync ordering standard" "$(fmt "${best[ours_cl_own]}")" \
      "ratio: classic, own integrator / stock" "$(ratio "${best[ours_cl_own]}" "${best[legacy]}")" \
      "synchronized classic, nve/sphere/sync" "$(fmt "${best[ours_sync_cl_own]}")" \
      "ratio: sync classic, own integrator / stock" "$(ratio "${best[ours_sync_cl_own]}" "${best[legacy]}")"
    [ $case = flow_multi ] && continue
    printf "  %-44s %12s\n" "granular/sync/kk ordering standard, $np thread(s)" "$(fmt "${best[kk]}")" \
      "granular/sync/kk (synchronized), $np thread(s)" "$(fmt "${best[kk_sync]}")" \
      "ratio Kokkos OpenMP / CPU, standard" "$(ratio "${best[kk]}" "${best[ours]}")" \
      "ratio Kokkos OpenMP / CPU, synchronized" "$(ratio "${best[kk_sync]}" "${best[ours_sync]}")"
  done
done
