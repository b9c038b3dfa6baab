#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# An input on the plugin build and on LAMMPS with gransync compiled in (cmake/GransyncBuiltin.cmake)
# must give the same numbers, bit for bit: the thermo output of every run at %.17g, and every
# atom's position, velocity and angular velocity at the end (write_dump, sorted by id, %.17g).
#   test_builtin_same.sh PLUGIN_LMP BUILTIN_LMP INPUT [LAMMPS arguments ...]
set -e
plugin=$1 builtin=$2 input=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk '/^run / {print "thermo_modify format float %.17g"}
     {print}
     END {print "write_dump all custom ${gs_dump} id x y z vx vy vz omegax omegay omegaz modify format float %.17g sort id"}' \
  "$input" > "$work/in.same"
grep -q '^run ' "$work/in.same" || { echo "FAILED: no run command in $input"; exit 1; }
cd "$(dirname "$input")"
for build in plugin builtin; do
  eval "lmp=\$$build"
  "$lmp" -in "$work/in.same" -var gs_dump "$work/dump.$build" -log none -echo none -nocite "$@" \
    > "$work/out.$build" 2>&1 || { tail -20 "$work/out.$build"; echo "FAILED: the $build run stopped"; exit 1; }
  awk '/^ *Step /{on=1; next} on && /^ *[0-9]+ /{print} /^Loop time/{on=0}' "$work/out.$build" > "$work/thermo.$build"
done
passed=0 failed=0
for what in thermo dump; do
  lines=$(wc -l < "$work/$what.plugin")
  if [ "$lines" -gt 0 ] && cmp -s "$work/$what.plugin" "$work/$what.builtin"; then
    echo "ok: $what identical ($lines lines)"
    passed=$((passed + 1))
  else
    echo "FAILED: $what differs ($lines lines from the plugin)"
    diff "$work/$what.plugin" "$work/$what.builtin" | head -6
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
