#!/bin/sh
# Configures gransync against a stand-in LAMMPS_ROOT whose lmp reports the given KOKKOS precision
# and view layout; passes when the configure stops with gransync's message naming what differs.
# usage: lammps_root_guard.sh CMAKE SOURCE_DIR LAMMPS_TOP WORK_DIR PRECISION LAYOUT
cmake=$1 src=$2 lammps_top=$3 work=$4 precision=$5 layout=$6
rm -rf "$work" && mkdir -p "$work/bin"
printf '#!/bin/sh\necho "KOKKOS package precision: %s"\necho "KOKKOS package view layout: %s"\n' \
  "$precision" "$layout" > "$work/bin/lmp"
chmod +x "$work/bin/lmp"
out=$("$cmake" -S "$src" -B "$work/build" -D GRANSYNC_TESTS=OFF -D LAMMPS_ROOT="$work" \
  -D LAMMPS_SOURCE_DIR="$lammps_top" 2>&1)
status=$?
echo "$out" | grep -A2 "CMake Error"
if [ "$precision" != double ]; then expect="precision '$precision'"; else expect="view layout '$layout'"; fi
if [ $status -ne 0 ] && echo "$out" | tr -s ' \n' '  ' | grep -q "has KOKKOS package $expect; gransync's /kk styles need"; then
  echo "1 passed, 0 failed"
  exit 0
fi
echo "0 passed, 1 failed (configure status $status, expected the message on KOKKOS package $expect)"
exit 1
