#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One of LAMMPS' own examples/granular inputs, switched to gransync by style names only, against
# itself with the stock styles, in the same build: the thermo output (atoms, kinetic energy, the
# net force and mean velocity along z, the contact count) must agree to TOL relative at every
# thermo step over the first STEPS steps of its first run, or with STEPS = all:N over every run of
# the input, thermo every N steps.
#   test_lammps_example.sh LMP INPUT STEPS TOL [sed expressions applied to both ...]
# Environment: STOCK_PLUGIN, a plugin the stock run loads first (unittest/stock_mdr); LAUNCH, a
# launcher both runs start under (e.g. mpiexec -np 2).
# The switch: pair_style granular -> granular/sync ordering standard, fix wall/gran ->
# wall/gran/sync, fix wall/gran/region -> wall/gran/sync/region, both walls with ordering standard. Extra sed expressions adapt both
# runs alike (e.g. drop rolling and twisting, for which gransync deliberately differs on re-listed
# pairs: doc/ordering.md).
set -e
lmp=$1 input=$2 steps=$3 tol=$4
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$input" "$work/in.stock"
cd "$(dirname "$input")"
case $steps in
  all:*) every=${steps#all:} all_runs=1 ;;
  *)  # the first run only, shortened
    every=$((steps / 10)) all_runs=0
    sed -i -e "0,/^run /s/^run .*/run $steps/" -e '/^run /{x;s/^/x/;/^xx/{x;d};x}' "$work/in.stock" ;;
esac
# thermo every `every` steps with the compared quantities
sed -i -e 's/^thermo_style.*/compute gs_c all contact\/atom\ncompute gs_n all reduce sum c_gs_c\nvariable gs_fz equal fcm(all,z)\nvariable gs_vz equal vcm(all,z)\nthermo_style custom step atoms ke v_gs_fz v_gs_vz c_gs_n\nthermo_modify format float %.15g/' \
  -e "s/^thermo .*/thermo $every/" "$work/in.stock"
for expr in "$@"; do sed -i -e "$expr" "$work/in.stock"; done
sed -e 's/^pair_style\( *\)granular\b/pair_style\1granular\/sync ordering standard/' \
  -e 's/wall\/gran\/region /wall\/gran\/sync\/region /' -e 's/wall\/gran granular/wall\/gran\/sync granular/' \
  -e '/^fix .*wall\/gran\/sync/s/ *$/ ordering standard/' "$work/in.stock" > "$work/in.sync"
if [ -n "${STOCK_PLUGIN:-}" ]; then sed -i "1i plugin load $STOCK_PLUGIN" "$work/in.stock"; fi
for style in stock sync; do
  # shellcheck disable=SC2086 # LAUNCH is a command line
  ${LAUNCH:-} "$lmp" -in "$work/in.$style" -log none -echo none -nocite 2>&1 | tee "$work/out.$style" |
    awk -v all="$all_runs" '/^ *Step /{on=1; next} on && /^ *[0-9]+ /{print} /^Loop time/{on=0; if (!all) exit}' > "$work/thermo.$style"
done
if [ ! -s "$work/thermo.stock" ] || [ ! -s "$work/thermo.sync" ]; then
  tail -n 5 "$work/out.stock" "$work/out.sync"
  echo "FAILED: no thermo output"
  exit 1
fi
paste "$work/thermo.stock" "$work/thermo.sync" | awk -v tol="$tol" '
  { n = NF / 2; worst = 0
    for (k = 2; k <= n; k++) { a = $k; b = $(k + n); d = a - b; if (d < 0) d = -d; s = a < 0 ? -a : a
      if (s > 0) d /= s; if (d > worst) worst = d }
    if (worst > overall) overall = worst; contacts = $n; rows++ }
  END { ok = rows > 5 && overall <= tol && contacts > 0
    printf "%s: %d thermo rows, max rel diff %.2e (tolerance %s), %d contacts at the end\n", ok ? "ok" : "FAILED", rows, overall, tol, contacts
    exit !ok }'
