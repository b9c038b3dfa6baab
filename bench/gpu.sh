#!/usr/bin/env bash
# Throughput of the /kk styles on one GPU (or Kokkos OpenMP threads) for 1e5, 1e6 and 4e6 spheres,
# monodisperse and size ratio 10, against stock gran/hooke/history/kk where the models overlap:
# hooke + mass_velocity damping + linear_history is stock's hooke/history force law (stock rotates
# the spring without restoring its length; throughput only). Prints particle-steps/s and ratios.
#   bash bench/gpu.sh [kokkos device options]   (default "g 1"; e.g. "t 2" on a CPU)
#   SIZES="1e5 1e6 4e6" STEPS=1000 LMP=build-gpu/lmp override the defaults
set -euo pipefail
cd "$(dirname "$0")"
lmp=${LMP:-../build-gpu/lmp}
[ -x "$lmp" ] || lmp=../build/lmp
device=${1:-g 1}
steps=${STEPS:-1000}
kokkos="-k on $device -sf kk -pk kokkos newton off neigh half"
ours="hooke 1000 50 damping mass_velocity tangential linear_history 800 0.5 0.5"
stock="gran/hooke/history 1000 800 50 25 0.5 1"    # Kn Kt gamma_n gamma_t mu dampflag

rate() { # style coeff(or "stock") L fines
  local coeff=(-var coeff "$2")
  [ "$2" = stock ] && coeff=(-var stock 1)
  "$lmp" $kokkos -in in.gpu -var style "$1" "${coeff[@]}" -var L "$3" -var fines "$4" -var steps "$steps" \
    -log none -echo none -nocite 2>/dev/null |
    awk -v s="$steps" '/^Loop time/ {t = $4; n = $(NF - 1)} END {printf "%.4g", n * s / t}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }

echo "# $(date -u +%F), $("$lmp" -h 2>/dev/null | grep -m1 'Large-scale' || true) kokkos: $device"
printf "%-10s %-6s %14s %14s %14s %10s %10s\n" spheres ratio "stock h/h/kk" "sync/kk std" "sync/kk sync" \
  "std/stock" "sync/std"
for size in ${SIZES:-1e5 1e6 4e6}; do
  for fines in 0 1; do
    # atoms = L^3 (monodisperse) or about 6 L^3 (five fines per cell)
    L=$(awk -v n="$size" -v f="$fines" 'BEGIN {printf "%d", (n / (f ? 6 : 1)) ^ (1 / 3) + 0.5}')
    s=$(rate "$stock" stock "$L" "$fines")
    a=$(rate "granular/sync ordering standard" "$ours" "$L" "$fines")
    b=$(rate "granular/sync" "$ours" "$L" "$fines")
    printf "%-10s %-6s %14s %14s %14s %10s %10s\n" "$size" "$([ $fines = 1 ] && echo 10 || echo 1)" "$s" "$a" "$b" \
      "$(ratio "$a" "$s")" "$(ratio "$a" "$b")"
  done
done
