#!/usr/bin/env bash
# What run_style dem/variational costs against velocity Verlet on the paper's box fill
# (examples/box_fill_variational: 218 spheres settling, 0.4 s), side by side in one run, repetitions
# interleaved: wall time per simulated second, the ratio to Verlet at the same step, the Newton
# statistics, and the settled height each gives (the same physics: the heights should agree).
# The VI also runs at 4x Verlet's step (alpha 1/2 stays stable there; accuracy: compare heights).
# Benchmarks never fail on timing.
#   bash bench/variational.sh        (REPEAT=n runs per entry, default 3)
set -euo pipefail
cd "$(dirname "$0")/../examples/box_fill_variational"
lmp=../../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
REPEAT=${REPEAT:-3}
entries=("verlet 0.5 1e-5" "variational 0.5 1e-5" "variational 0 1e-5" "variational 0.5 4e-5")
declare -A best height stats
for ((r = 0; r < REPEAT; r++)); do
  for entry in "${entries[@]}"; do
    read -r integrator alpha dt <<< "$entry"
    out=$("$lmp" -in in.box_fill_variational -var integrator "$integrator" -var alpha "$alpha" -var dt "$dt" \
      -log none -echo none -nocite 2>&1)
    t=$(printf '%s\n' "$out" | awk '/^Loop time/ {print $4}')
    best[$entry]=$(awk -v a="$t" -v b="${best[$entry]:-1e30}" 'BEGIN {print (a < b) ? a : b}')
    height[$entry]=$(printf '%s\n' "$out" | awk '/^RESULT/ {print $5}')
    stats[$entry]=$(printf '%s\n' "$out" | awk '/Newton iterations/ {print $5, $9}')
  done
done
base=${best["verlet 0.5 1e-5"]}
printf "%-34s %10s %10s %12s %18s\n" "entry (integrator alpha dt)" "loop [s]" "/ Verlet" "height [m]" "Newton, products"
for entry in "${entries[@]}"; do
  printf "%-34s %10.3f %10.2f %12s %18s\n" "$entry" "${best[$entry]}" \
    "$(awk -v a="${best[$entry]}" -v b="$base" 'BEGIN {print a / b}')" "${height[$entry]}" "${stats[$entry]:--}"
done
