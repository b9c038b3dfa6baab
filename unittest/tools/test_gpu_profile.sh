#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/gpu.sh's profile on Kokkos OpenMP (one thread, small inputs): every run writes LAMMPS' timer
# breakdown and a kernel table (tools/kokkos_kernel_times.c) in which the run's pair kernel and the
# integrator appear with one call per step at least, and the summary gives each run's breakdown.
# gransync's pair kernel must be the one compiled for the benchmark's force law (stock
# gran/hooke/history's: hooke, mass_velocity, linear_history), not the generic one (AnyKinds), which
# the GPU profile of 27 Nov 2026 found running there in 1.9x the compiled kernel's time.
#   test_gpu_profile.sh SOURCE_DIR LMP
src=$1
lmp=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
steps=50
summary=$(cd "$src/bench" && OMP_NUM_THREADS=1 OMP_PROC_BIND=false PROFILE="$work" SIZES=1e3 POLY=8 POLY_SIZE=2e3 POLY_STEPS=$steps STEPS=$steps \
  LMP="$lmp" bash gpu.sh "t 1" 2>&1) || { echo "$summary"; echo "FAILED bench/gpu.sh"; exit 1; }
echo "$summary"
failed=0
fail() { echo "FAILED $label: $1"; failed=1; this_failed=1; }
for case in bed chute; do
  for style in stock standard synchronized; do
    label=$case-1e3-$style
    this_failed=0
    kernels="$work/$label.kernels"
    # the compiled kernel's sub-model kinds: hooke 1, mass_velocity 2, linear_history 2, no rolling,
    # no twisting (gs_contact.h; restart files store these values, so they do not change)
    if [ $style = stock ]; then pair=PairGranHookeHistoryKokkos; else pair='GranularSyncPairKernel<[^<>]*FixedKinds<1, 2, 2, 0, 0, '; fi
    # both runs of the input: 200 steps, then $steps
    [ -s "$kernels" ] || fail "no kernel table $kernels"
    awk -v p="$pair" -v n=$((200 + steps)) '!/^#/ && $0 ~ p {calls += $2; if ($1 <= 0) bad = 1}
      END {exit !(calls >= n && !bad)}' "$kernels" 2>/dev/null || fail "$pair not run at every step"
    awk -v n=$((200 + steps)) '!/^#/ && /FixNVESphereKokkos/ {calls += $2} END {exit !(calls >= n)}' \
      "$kernels" 2>/dev/null || fail "the integrator not run at every step"
    grep -q "^Pair  *|" "$work/$label.screen" 2>/dev/null || fail "no timer breakdown in $label.screen"
    echo "$summary" | grep -A1 "^## $label\$" | grep -q '^Pair [0-9.e+-]* s ([0-9.]*%), Neigh ' ||
      fail "no breakdown in the summary"
    [ $this_failed = 1 ] || echo "ok     $label"
  done
done
exit $failed
