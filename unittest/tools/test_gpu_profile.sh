#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/gpu.sh's profile on Kokkos OpenMP (one thread, small inputs): every run writes LAMMPS' timer
# breakdown and a kernel table (tools/kokkos_kernel_times.c) in which the run's pair kernel and the
# integrator appear with one call per step at least, and the summary names each run. gransync's
# pair kernel must be the one compiled for the benchmark's force law (stock gran/hooke/history's:
# hooke, mass_velocity, linear_history), not the generic one (AnyKinds), which the GPU profile of
# 27 Nov 2026 found running there with 162 registers per thread.
#   test_gpu_profile.sh SOURCE_DIR LMP
src=$1
lmp=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
steps=50
summary=$(cd "$src/bench" && OMP_NUM_THREADS=1 OMP_PROC_BIND=false PROFILE="$work" SIZES=1e3 STEPS=$steps \
  LMP="$lmp" bash gpu.sh "t 1" 2>&1) || { echo "$summary"; echo "FAILED bench/gpu.sh"; exit 1; }
echo "$summary"
failed=0
for case in bed chute; do
  for style in stock standard synchronized; do
    label=$case-1e3-$style
    kernels="$work/$label.kernels"
    if [ $style = stock ]; then pair=PairGranHookeHistoryKokkos; else pair='GranularSyncPairKernel<[^<>]*FixedKinds<'; fi
    # both runs of the input: 200 steps, then $steps
    if awk -v p="$pair" -v n=$((200 + steps)) '
         !/^#/ && $0 ~ p {calls += $2; if ($1 <= 0) bad = 1}
         !/^#/ && /FixNVESphereKokkos/ {nve += $2}
         END {exit !(calls >= n && nve >= n && !bad)}' "$kernels" 2>/dev/null &&
       grep -q "^Pair  *|" "$work/$label.screen" &&
       echo "$summary" | grep -q "^## $label\$"; then
      echo "ok     $label"
    else
      echo "FAILED $label: no profile, or $pair or the integrator missing from $kernels"
      failed=1
    fi
  done
done
exit $failed
