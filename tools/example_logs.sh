#!/usr/bin/env bash
# Rewrites every example's reference logs with build/lmp (after a change that moves their numbers),
# dated today: examples/<name>/log.<date>.<name>.<variant>.g++.1, old dates removed.
#   bash tools/example_logs.sh [name ...]      (default: all examples)
set -euo pipefail
cd "$(dirname "$0")/.."
lmp=$PWD/build/lmp
date=$(LC_ALL=C date +%d%b%y)
names=("$@")
for name in "${names[@]}"; do
  [ -d "examples/$name" ] && [ "${name#-}" = "$name" ] && continue
  echo "usage: bash tools/example_logs.sh [name ...]  (names: the folders of examples/; default: all)"
  [ "$name" = -h ] || [ "$name" = --help ] && exit 0
  echo "tools/example_logs.sh: no example '$name'"
  exit 2
done
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
((${#names[@]})) || names=(three_sphere wall_groove mesh_groove restitution oblique_impact pour_box hopper mesh_hopper drum mesh_drum percolation
  energy_balance box_fill_variational lammps_granular)

run() { # name variant [lmp arguments]
  local name=$1 variant=$2
  shift 2
  rm -f "examples/$name/log."*".$name.$variant.g++.1"
  (cd "examples/$name" && OMP_NUM_THREADS=1 OMP_PROC_BIND=false \
    "$lmp" "$@" -in "in.$name" -log "log.$date.$name.$variant.g++.1" -nocite > /dev/null)
  echo "examples/$name/log.$date.$name.$variant.g++.1"
}

for name in "${names[@]}"; do
  case $name in
    restitution)
      run restitution granular_sync
      run restitution stock -var pair granular ;;
    pour_box)
      run pour_box cpu
      run pour_box kokkos_omp -k on t 1 -sf kk -pk kokkos newton off neigh half ;;
    three_sphere)
      run three_sphere synchronized
      run three_sphere standard -var ordering standard
      run three_sphere cohesive_dmt -var cohesion dmt ;;
    lammps_granular)    # LAMMPS' own examples, ported by port.sh: one log per input, its whole run
      for port in pour.drum pour.flatwall pour.heat restitution sync_verlet tableting.200 triaxial.compaction.12; do
        rm -f examples/lammps_granular/log.*".$port.g++.1"
        (cd examples/lammps_granular && OMP_NUM_THREADS=1 OMP_PROC_BIND=false \
          "$lmp" -in "in.$port" -log "log.$date.$port.g++.1" -nocite > /dev/null)
        echo "examples/lammps_granular/log.$date.$port.g++.1"
      done ;;
    box_fill_variational)    # (its input loops over 218 spheres: not echoed)
      run box_fill_variational variational -echo none
      run box_fill_variational verlet -echo none -var integrator verlet ;;
    drum)
      run drum synchronized
      run drum standard -var ordering standard
      run drum kokkos_omp -k on t 1 -sf kk -pk kokkos newton off neigh half ;;
    *)
      run "$name" synchronized
      run "$name" standard -var ordering standard ;;
  esac
done
