#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Percolation against bed depth, width and top, several beds each, both orderings: grows the beds
# (in.bed), runs in.percolation on each with its own fines' seed and keeps every log and depth dump
# under OUT/<top>-w<width>-d<depth>-s<k>/. tools/plot_percolation.py --table OUT prints the table
# (mean and spread over the beds), tools/plot_percolation.py OUT draws it. doc/verification.md
# ("Percolation") has the scan of 28-29 Nov 2026: the defaults (about 25 minutes on 2 cores), then
# WIDTHS="8 10" DEPTHS=12 TOPS=rough into the same OUT (about 8 minutes). A second call with the
# same OUT keeps the beds and finished runs and reruns the others: give a new OUT for other
# settings or inputs (the folders name the bed, not OVERLAP, NFINES, ...). No spaces in OUT.
#   bash examples/percolation/scan.sh OUT
# settings (environment):
#   DEPTHS  bed heights in large diameters            (default "6 12 20")
#   WIDTHS  box sides in large diameters              (default 6)
#   TOPS    rough and/or flat (in.bed)                (default "rough flat")
#   BEDS    bed numbers k: bed seed 4927+k, fines' seed 2024+k   (default "1 2 3")
#   ORDERINGS                                         (default "standard synchronized")
#   OVERLAP, NFINES, MU, RATIO: in.percolation's      (defaults 0.01, 500, 0.5, 20)
#   TMAX    simulated time; default 0.4 s + 0.1 s per large diameter of depth, by when the free
#           fines have left
#   JOBS    runs at once                              (default: the cores)
#   LMP     LAMMPS with gransync                      (default build/lmp)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?"usage: scan.sh OUT"}
case $out in *[[:space:]]*) echo "scan.sh: OUT must not contain spaces (LAMMPS reads the paths as words)"; exit 1 ;; esac
lmp=${LMP:-$here/../../build/lmp}
[ -x "$lmp" ] || { echo "scan.sh: no $lmp; build first (bash tools/build.sh) or set LMP"; exit 1; }
depths=${DEPTHS:-6 12 20}
widths=${WIDTHS:-6}
tops=${TOPS:-rough flat}
beds=${BEDS:-1 2 3}
orderings=${ORDERINGS:-standard synchronized}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out/beds"
out=$(cd "$out" && pwd)
# the runs read copies: LAMMPS reads its input as it goes, an edit during a scan must not reach it
cp "$here/in.bed" "$here/in.percolation" "$out/"

wait_for_slot() { while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done; }

bed_file() { echo "$out/beds/data.bed.$1-w$2-d$3-s$4"; } # top width depth k

for top in $tops; do for w in $widths; do for d in $depths; do for k in $beds; do
  f=$(bed_file "$top" "$w" "$d" "$k")
  [ -s "$f" ] && continue
  wait_for_slot
  OMP_NUM_THREADS=1 "$lmp" -in "$out/in.bed" -var top "$top" -var nxy "$w" -var nz "$d" \
    -var seed $((4927 + k)) -var out "$f" -log none -echo none -nocite > "$f.out" &
done; done; done; done
wait

for top in $tops; do for w in $widths; do for d in $depths; do for k in $beds; do
  run=$out/$top-w$w-d$d-s$k
  mkdir -p "$run"
  tmax=${TMAX:-$(awk -v d="$d" 'BEGIN { print 0.4 + 0.1 * d }')}
  for o in $orderings; do
    [ -s "$run/log.$o" ] && grep -q '^RESULT' "$run/log.$o" && continue
    wait_for_slot
    (cd "$run" && OMP_NUM_THREADS=1 "$lmp" -in "$out/in.percolation" -var ordering "$o" \
      -var bed "$(bed_file "$top" "$w" "$d" "$k")" -var seed $((2024 + k)) -var tmax "$tmax" \
      -var overlap "${OVERLAP:-0.01}" -var nfines "${NFINES:-500}" -var mu "${MU:-0.5}" \
      -var ratio "${RATIO:-20}" -var depths yes -log "log.$o" -echo none -nocite > /dev/null) &
  done
done; done; done; done
wait || true
grep -h '^RESULT' "$out"/*/log.* || true
# a run without its RESULT line stopped early: the next scan.sh into OUT reruns it
failed=$(grep -L '^RESULT' "$out"/*/log.* || true)
[ -z "$failed" ] || { printf 'scan.sh: no RESULT in %s\n' "$failed"; exit 1; }
