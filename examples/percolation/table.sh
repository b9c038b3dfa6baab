#!/usr/bin/env bash
# Reruns the conditions of doc/verification.md's percolation table and prints it: the fraction of
# fines still in the bed at t = tmax for each condition and ordering (five seeds of the fines'
# release positions averaged). Runs go to a scratch folder, JOBS at a time (default: the cores).
#   bash examples/percolation/table.sh [synchronized] [standard]     (default: both orderings)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lmp=$here/../../build/lmp
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
orderings=("$@")
((${#orderings[@]})) || orderings=(standard synchronized)
jobs=${JOBS:-$(nproc)}
seeds=(2025 2026 2027 2028 2029)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/in.percolation" "$here/data.bed" "$work/"
cd "$work"

# the bed grown to phi 0.62 only: small gaps, no contacts
OMP_NUM_THREADS=1 "$lmp" -in "$here/in.bed" -var phi 0.62 -var out data.bed062 -log none -nocite \
  > bed062.out

run() { # tag ordering [lmp -var words]
  local tag=$1 ordering=$2
  shift 2
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n; done
  OMP_NUM_THREADS=1 "$lmp" -in in.percolation -var ordering "$ordering" "$@" -var bed data.bed -var tmax 0.8 \
    -log none -nocite \
    > "$tag.$ordering.out" &
}

for ordering in "${orderings[@]}"; do
  for seed in "${seeds[@]}"; do run "seed$seed" "$ordering" -var seed "$seed"; done
  run mu0.3 "$ordering" -var mu 0.3
  run mu0.8 "$ordering" -var mu 0.8
  run ratio10 "$ordering" -var ratio 10
  run phi0.62 "$ordering" -var bed data.bed062
done
wait

in_bed_fraction() { # output files -> their RESULT lines' fraction still in the bed, one per line
  sed -n 's/^RESULT.* in bed \([0-9.]*\),.*/\1/p' "$@"
}
in_bed() { # output file -> percent still in the bed
  in_bed_fraction "$1" | awk '{printf "%.1f%%", 100 * $1}'
}
seed_mean() { # ordering -> mean percent over the seeds
  for seed in "${seeds[@]}"; do in_bed_fraction "seed$seed.$1.out"; done |
    awk '{s += $1; n++} END {printf "%.2f%%", 100 * s / n}'
}

printf '| condition |'
for ordering in "${orderings[@]}"; do printf ' %s |' "$ordering"; done
printf '\n| --- |'
for ordering in "${orderings[@]}"; do printf ' --- |'; done
printf '\n'
row() { # label tag
  printf '| %s |' "$1"
  for ordering in "${orderings[@]}"; do printf ' %s |' "$(in_bed "$2.$ordering.out")"; done
  printf '\n'
}
row "default (seed ${seeds[0]})" "seed${seeds[0]}"
printf '| default, seeds %s (mean) |' "${seeds[*]}"
for ordering in "${orderings[@]}"; do printf ' %s |' "$(seed_mean "$ordering")"; done
printf '\n'
row "mu 0.3" mu0.3
row "mu 0.8" mu0.8
row "size ratio 10" ratio10
row "bed grown to phi 0.62" phi0.62
