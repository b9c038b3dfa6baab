#!/usr/bin/env bash
# Side-by-side CPU throughput of gransync and stock LAMMPS granular styles, same physics, one run,
# and of the Kokkos (/kk) styles on OpenMP threads.
# Prints particle-steps per second of the timed run and the ratios that matter: gransync against
# stock pair granular with the same ordering, and what the synchronized ordering costs over the
# standard one. Benchmarks never fail on timing.
#   bash bench/run.sh [ranks ...]        (default: 1 2; REPEAT=n runs per entry, default 3)
set -euo pipefail
cd "$(dirname "$0")"
lmp=../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
ranks=("$@")
((${#ranks[@]})) || ranks=(1 2)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# particle-steps/s of the last `run` in the input, best of $REPEAT runs (timings on a shared
# machine only ever come out slower than the code is)
REPEAT=${REPEAT:-3}
throughput() { # input ranks style extra [lmp options]
  local best=0 rate k launcher
  for ((k = 0; k < REPEAT; k++)); do
    # one rank runs without mpirun, whose default core binding would hold OpenMP threads on one core
    launcher=(mpirun -np "$2")
    [ "$2" = 1 ] && launcher=()
    rate=$("${launcher[@]}" "$lmp" ${5:-} -in "$1" -var style "$3" -var extra "$4" -var L "$L" -var steps "$STEPS" \
             -log none -echo none -nocite 2>/dev/null |
           awk -v s="$STEPS" '/^Loop time/ {t = $4; n = $(NF - 1)} END {printf "%.6g", n * s / t}')
    best=$(awk -v a="$rate" -v b="$best" 'BEGIN {print (a > b) ? a : b}')
  done
  printf "%.4g" "$best"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }

for case in bed chute; do
  # gran/hooke/history Kn Kt gamma_n gamma_t mu dampflag, matching the inputs' hooke_history law
  if [ $case = bed ]; then L=20 STEPS=1000 hh_args="1000 800 50 25 0.5 1"; else L=32 STEPS=1000 hh_args="2000 570 50 25 0.5 1"; fi
  for np in "${ranks[@]}"; do
    stock=$(throughput in.$case "$np" granular "")
    stock_sync=$(throughput in.$case "$np" granular synchronized_verlet)
    ours=$(throughput in.$case "$np" "granular/sync ordering standard" "")
    ours_sync=$(throughput in.$case "$np" "granular/sync" "")
    echo "== $case, $np rank(s): particle-steps/s =="
    printf "  %-44s %12s\n" "stock pair granular" "$stock" \
      "stock pair granular synchronized_verlet" "$stock_sync" \
      "granular/sync ordering standard" "$ours" \
      "granular/sync (synchronized)" "$ours_sync"
    printf "  %-44s %12s\n" "ratio standard: gransync / stock" "$(ratio "$ours" "$stock")" \
      "ratio synchronized: gransync / stock" "$(ratio "$ours_sync" "$stock_sync")" \
      "cost of synchronized over standard (gransync)" "$(ratio "$ours" "$ours_sync")"
    # stock gran/hooke/history against the same force law in granular/sync (model words in the input)
    legacy=$(throughput in.$case "$np" "gran/hooke/history $hh_args" "" "-var law legacy")
    ours_hh=$(throughput in.$case "$np" "granular/sync ordering standard" "" "-var law hooke_history")
    printf "  %-44s %12s\n" "stock gran/hooke/history" "$legacy" \
      "granular/sync standard, same force law" "$ours_hh" \
      "ratio: gransync / stock gran/hooke/history" "$(ratio "$ours_hh" "$legacy")"
    # the /kk styles on as many OpenMP threads of one rank as the CPU styles had ranks
    kokkos="-k on t $np -sf kk -pk kokkos newton off neigh half"
    kk=$(OMP_NUM_THREADS=$np OMP_PROC_BIND=false throughput in.$case 1 "granular/sync ordering standard" "" "$kokkos")
    kk_sync=$(OMP_NUM_THREADS=$np OMP_PROC_BIND=false throughput in.$case 1 "granular/sync" "" "$kokkos")
    printf "  %-44s %12s\n" "granular/sync/kk ordering standard, $np thread(s)" "$kk" \
      "granular/sync/kk (synchronized), $np thread(s)" "$kk_sync" \
      "ratio Kokkos OpenMP / CPU, standard" "$(ratio "$kk" "$ours")" \
      "ratio Kokkos OpenMP / CPU, synchronized" "$(ratio "$kk_sync" "$ours_sync")"
  done
done
