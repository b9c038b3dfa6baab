#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# LAMMPS with gransync compiled in registers the plugin's style names: `info styles` lists the same
# gransync styles in both builds (names with "sync" or "dem/variational"), `lmp -h` of the built-in
# LAMMPS lists each of them and the core ones by name, names GRANSYNC among its installed packages
# and has no PLUGIN package (the route is for LAMMPS builds without it).
#   test_builtin_help.sh PLUGIN_LMP BUILTIN_LMP KOKKOS(ON|OFF)
plugin=$1 builtin=$2 kokkos=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "info styles" > "$work/in.info"
passed=0 failed=0
check() { # description, then a command that must succeed
  what=$1
  shift
  if "$@"; then echo "ok: $what"; passed=$((passed + 1)); else echo "FAILED: $what"; failed=$((failed + 1)); fi
}
for build in plugin builtin; do
  eval "lmp=\$$build"
  "$lmp" -in "$work/in.info" -log none -echo none -nocite > "$work/info.$build" 2>&1 ||
    { tail -5 "$work/info.$build"; echo "FAILED: info styles ($build)"; exit 1; }
  tr -s ' ' '\n' < "$work/info.$build" | grep -E 'sync|^dem/variational$' | sort -u > "$work/names.$build"
done
"$builtin" -h > "$work/help" 2>&1 || { tail -5 "$work/help"; echo "FAILED: lmp -h"; exit 1; }
check "info styles: the same $(wc -l < "$work/names.plugin") gransync styles in both builds" \
  cmp -s "$work/names.plugin" "$work/names.builtin"
listed() { grep -Eq "(^| )$1( |\$)" "$work/help"; }
expected="granular/sync nve/sphere/sync wall/gran/sync wall/gran/sync/region wall/gran/sync/mesh dissipation/sync dem/variational"
[ "$kokkos" = ON ] && expected="$expected granular/sync/kk nve/sphere/sync/kk wall/gran/sync/kk wall/gran/sync/region/kk
  wall/gran/sync/mesh/kk"
for style in $(cat "$work/names.plugin") $expected; do check "lmp -h lists $style" listed "$style"; done
awk '/^Installed packages:/ {on = 1; next} on && NF {print; listed = 1; next} on && listed {exit}' "$work/help" > "$work/packages"
check "GRANSYNC among the installed packages" grep -qw GRANSYNC "$work/packages"
check "no PLUGIN package" sh -c "! grep -qw PLUGIN '$work/packages'"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
