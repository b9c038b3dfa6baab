#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One of LAMMPS' examples/granular inputs as ported to examples/lammps_granular:
#  - the port is exactly what port.sh makes of the input in the LAMMPS tree the build used (the
#    style names switched, nothing else);
#  - its first run, cut to STEPS steps, prints the same thermo rows as the first rows of the port's
#    reference log (written by tools/example_logs.sh with this build's physics), to 1e-6 relative;
#    with STEPS = all, the whole input runs and every run's rows are compared in order.
#   test_ported_example.sh LMP PORT_DIR NAME LAMMPS_INPUT STEPS
#   LMP_FLAGS: more command-line flags for LMP (e.g. the /kk styles: -k on t 1 -sf kk)
set -e
lmp=$1 dir=$2 name=$3 original=$4 steps=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! sh "$dir/port.sh" "$original" | cmp -s - "$dir/in.$name"; then
  echo "FAILED: $dir/in.$name is not port.sh of $original"
  exit 1
fi
log=$(ls "$dir"/log.*."$name".g++.1 | head -n 1)
[ -f "$log" ] || { echo "FAILED: no reference log for $name"; exit 1; }
# thermo rows of the first run (all: of every run), numbered: the lines after a "Step" header up to "Loop time"
all=0
[ "$steps" = all ] && all=1
# (a header has a Step column, not always the first; a row is as many numbers)
rows() { awk -v all=$all '/^ *[A-Z]/ && / Step |^ *Step / {on=1; nf=NF; next}
  on && NF == nf && $1 ~ /^[-+0-9.eE]+$/ {print ++n, $0} /^Loop time/{if (on && !all) exit; on=0}' "$1"; }
if [ $all = 1 ]; then
  cp "$dir/in.$name" "$work/in.$name"
else
  sed -e "0,/^run[[:space:]]/s/^run[[:space:]].*/run $steps/" -e '/^run[[:space:]]/{x;s/^/x/;/^xx/{x;d};x}' "$dir/in.$name" > "$work/in.$name"
fi
# (LMP_FLAGS split into words on purpose)
# shellcheck disable=SC2086
(cd "$dir" && "$lmp" ${LMP_FLAGS:-} -in "$work/in.$name" -log none -echo none -nocite > "$work/out" 2>&1) || {
  tail -n 5 "$work/out"
  echo "FAILED: the port did not run"
  exit 1
}
rows "$work/out" > "$work/short"
rows "$log" > "$work/reference"
# rows are matched by step (all: by their number, as steps repeat where runs meet)
awk -v n="$name" -v all=$all 'NR == FNR {ref[all ? $1 : $2] = $0; next}
  { key = all ? $1 : $2
    if (!(key in ref)) { missing++; next }
    split(ref[key], r); for (k = 3; k <= NF; k++) { d = $k - r[k]; if (d < 0) d = -d; s = r[k] < 0 ? -r[k] : r[k]
      if (s > 0) d /= s; if (d > worst) worst = d }
    rows++ }
  END { ok = rows >= 3 && !missing && worst <= 1e-6
    printf "%s: %s: %d thermo rows against the reference log, max rel diff %.2e (tolerance 1e-6), %d rows not in the log\n", ok ? "ok" : "FAILED", n, rows, worst, missing
    exit !ok }' "$work/reference" "$work/short"
