#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The Python tools and tools/example_logs.sh on a user's mistakes: a message and a failing status,
# never a traceback; tools/mesh_shapes.py still writes the examples' meshes as shipped.
#   test_tools.sh SOURCE_DIR
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
check() { # description, then the test's own status
  if [ "$2" -eq 0 ]; then echo "ok     $1"; else echo "FAILED $1"; failed=1; fi
}
# fails with a message matching $1, no traceback: the command after it
fails_with() {
  pattern=$1
  shift
  out=$("$@" 2>&1)
  status=$?
  [ $status -ne 0 ] && echo "$out" | grep -q -- "$pattern" && ! echo "$out" | grep -q Traceback
}

ms="$src/tools/mesh_shapes.py"
fails_with "not a finite number" python3 "$ms" -o "$work/m.stl" cylinder nan 0 1
check "mesh_shapes.py: a NaN radius is refused" $?
fails_with "not a finite number" python3 "$ms" -o "$work/m.stl" cone a b c d
check "mesh_shapes.py: a word for a number is refused" $?
fails_with "not a count" python3 "$ms" -o "$work/m.stl" grid x 0 0 1 0 1 2.5 2
check "mesh_shapes.py: a fractional count is refused" $?
fails_with "radii must be positive" python3 "$ms" -o "$work/m.stl" disk 0 0
check "mesh_shapes.py: a disk of radius 0 is refused" $?
fails_with "more than" timeout 60 python3 "$ms" -o "$work/m.stl" cylinder 1 0 1e9
check "mesh_shapes.py: a mesh of billions of triangles is refused before it is built" $?
for f in "$src"/examples/mesh_drum/drum.stl "$src"/examples/mesh_hopper/hopper.stl "$src"/examples/mesh_groove/plane.stl; do
  rm -f "$work/again.stl"
  # the command the file's first line records, written here instead
  command=$(head -n 1 "$f" | sed 's/.*written by: python3 tools\/mesh_shapes.py //; s#-o [^ ]*#-o '"$work"'/again.stl#')
  # shellcheck disable=SC2086
  (cd "$src" && python3 tools/mesh_shapes.py $command > /dev/null)
  tail -n +2 "$f" > "$work/shipped"
  tail -n +2 "$work/again.stl" 2>/dev/null | cmp -s - "$work/shipped"
  check "mesh_shapes.py writes $(basename "$f") as shipped" $?
done

for tool in "$src"/tools/plot_*.py; do
  name=$(basename "$tool")
  out=$(python3 "$tool" --help 2>&1)
  [ $? -eq 0 ] && ! echo "$out" | grep -q Traceback
  check "$name --help (with or without matplotlib)" $?
done
for tool in plot_bench plot_energy_balance plot_percolation plot_scaling plot_trapping_map; do
  # without matplotlib: the package to install; with it: the file it cannot read
  fails_with "matplotlib\|nonexistent" python3 "$src/tools/$tool.py" "$work/nonexistent.txt"
  check "$tool.py: a missing file is named, no traceback" $?
done

fails_with "no example 'nosuch'" bash "$src/tools/example_logs.sh" nosuch
check "example_logs.sh: an unknown example is named" $?
exit $failed
