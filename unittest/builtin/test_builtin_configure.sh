#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# cmake/GransyncBuiltin.cmake stops LAMMPS' configure with a message where gransync cannot be built
# in: a LAMMPS older than the supported one, GRANULAR off, KOKKOS with another precision or view
# layout, a LAMMPS CMakeLists.txt that never names its style-header folder; and warns for a newer,
# untested LAMMPS. Each case is a stand-in LAMMPS tree (cmake/CMakeLists.txt and src/version.h)
# doing what LAMMPS' does around the hook, configured with the file as CMAKE_PROJECT_lammps_INCLUDE.
#   test_builtin_configure.sh CMAKE GRANSYNC_SOURCE_DIR
cmake=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
# name, version string, CMake lines after project(), expected regular expression in the output
case_() {
  mkdir -p "$work/$1/cmake" "$work/$1/src"
  printf '#define LAMMPS_VERSION "%s"\n' "$2" > "$work/$1/src/version.h"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(lammps LANGUAGES NONE)\n%s\n' "$3" > "$work/$1/cmake/CMakeLists.txt"
  out=$("$cmake" -S "$work/$1/cmake" -B "$work/$1/build" \
    -D CMAKE_PROJECT_lammps_INCLUDE="$root/cmake/GransyncBuiltin.cmake" 2>&1)
  if printf '%s\n' "$out" | tr '\n' ' ' | grep -Eq "$4"; then
    echo "ok: $1"
    passed=$((passed + 1))
  else
    printf '%s\n' "$out" | tail -8
    echo "FAILED: $1 (expected /$4/)"
    failed=$((failed + 1))
  fi
}
headers='set(LAMMPS_STYLE_HEADERS_DIR ${CMAKE_CURRENT_BINARY_DIR}/styles)'
case_ older "4 Feb 2025" "" "needs LAMMPS 20260704 or newer; this LAMMPS is +20250204"
case_ granular_off "4 Jul 2026" "set(PKG_GRANULAR OFF)
$headers" "needs the GRANULAR package: add -D PKG_GRANULAR=on"
case_ kokkos_single "4 Jul 2026" "set(PKG_GRANULAR ON)
set(PKG_KOKKOS ON)
set(KOKKOS_PREC SINGLE)
set(KOKKOS_LAYOUT LEGACY)
$headers" "need -D KOKKOS_PREC=double .*KOKKOS_PREC=SINGLE"
case_ kokkos_layout "4 Jul 2026" "set(PKG_GRANULAR ON)
set(PKG_KOKKOS ON)
set(KOKKOS_PREC DOUBLE)
set(KOKKOS_LAYOUT DEFAULT)
$headers" "need -D KOKKOS_LAYOUT=legacy"
case_ no_style_headers "4 Jul 2026" "set(PKG_GRANULAR ON)" "never set LAMMPS_STYLE_HEADERS_DIR"
case_ newer "4 Jan 2027" "" "tested with LAMMPS 20260704; this LAMMPS is +20270104"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
