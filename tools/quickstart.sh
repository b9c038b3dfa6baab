#!/usr/bin/env bash
# From a fresh Debian machine to a real result: install dependencies, build LAMMPS + gransync, and
# run the three-sphere example of Vyas et al. (size ratio 20, mu 0.5) once per ordering.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh
cd examples/three_sphere
for ordering in standard synchronized; do
  ../../build/lmp -in in.three_sphere -var ordering "$ordering" -log "log.$ordering" -screen none
  grep '^RESULT' "log.$ordering"
done
echo "Analytic (rigid-body) separation for comparison:"
../../build/three_sphere_analytic 1e-3 5e-5 2500 0.5 9.81 0.1 | grep -E 't_sep|theta_sep'
