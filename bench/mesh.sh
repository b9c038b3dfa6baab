#!/usr/bin/env bash
# Triangle-mesh walls: gransync's fix wall/gran/sync/mesh (pair granular/sync) against stock LAMMPS'
# fix surface/global (GRANSURF; pair granular), the same model, mesh and grains (bench/in.mesh:
# about 10800 spheres settling in a box with a bumpy floor, bench/mesh_stl.py), one rank.
#  1. The box refined from 1792 to 114688 triangles (edges 2 to 0.25 grain diameters, the same
#     surface to the bit): particle-steps/s of the whole step, and the mesh fix's own time per step
#     (LAMMPS' `Modify` row less that of a run without the mesh: fix nve/sphere and fix gravity),
#     stock, gransync standard and synchronized orderings, and the ratios.
#     The box of edges 0.5 and the same with 11 flat lids over it (4x the triangles, none within
#     the grains' reach): what the total number of triangles costs.
#  2. About 1e5 triangles and 1e5 spheres (a box 80 wide, edges 0.5): time per step, memory (LAMMPS'
#     per-rank report) and the time to start (reading the mesh), both codes.
# Also the end of each timed run: the mesh's vertical force over the weight and the mean height
# (both codes must see the same walls). Benchmarks never fail on timing.
#   bash bench/mesh.sh          (REPEAT=n runs per entry, default 3; REFINE="1 2 4 8"; BIG=0 skips 2)
# Needs the stock LAMMPS of bench/stock_gransurf.sh (built once per machine, about 10 min).
set -euo pipefail
cd "$(dirname "$0")"
lmp=${GRANSYNC_LMP:-../build/lmp}    # another gransync lmp: a snapshot while the build changes
[ -x "$lmp" ] || { echo "build first: bash tools/build.sh"; exit 1; }
stock=$(bash stock_gransurf.sh)
export OMP_NUM_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
REPEAT=${REPEAT:-3}
refine=(${REFINE:-1 2 4 8})
for r in "${refine[@]}"; do python3 mesh_stl.py --refine "$r" -o "$tmp/box$r.stl" >/dev/null; done
# the box of edges 0.5 with 11 flat lids over it, out of the grains' reach: 4x the triangles
python3 mesh_stl.py --refine 4 -o "$tmp/box4.stl" >/dev/null
python3 mesh_stl.py --refine 4 --lids 11 -o "$tmp/lids.stl" >/dev/null
python3 mesh_stl.py --width 80 --refine 4 -o "$tmp/big.stl" >/dev/null

# one run: "atoms particle-steps/s modify-seconds steps memory-MiB wall-clock-s wallf zmean ntri",
# the timed (last) run's numbers
run1() { # wall mesh [lammps -var options]
  local bin=$lmp t0 t1
  [ "$1" = stock ] && bin=$stock
  t0=$(date +%s.%N)
  "$bin" -in in.mesh -var wall "$1" -var mesh "$2" "${@:3}" -log none -echo none -nocite 2>/dev/null >"$tmp/out" || true
  t1=$(date +%s.%N)
  awk -v t0="$t0" -v t1="$t1" '
    /triangles/ && /wall\/gran\/sync\/mesh|STL object/ {for (k = 1; k < NF; k++) if ($(k + 1) ~ /^triangles/) tri = $k}
    /^ +[0-9]+ +[0-9]+ / {last = $0}
    /^Per MPI rank memory/ {mem = $(NF - 1)}
    /^Loop time/ {t = $4; s = $(NF - 4); n = $(NF - 1); loops += $4; thermo = last}
    /^Modify / {m = $5}
    END {
      if (!t) {print "0 0 0 0 0 0 0 0 0"; exit}
      split(thermo, c)
      printf "%d %.6g %.6g %d %s %.3f %s %s %s\n", n, n * s / t, m, s, mem, t1 - t0 - loops, c[4], c[5], tri
    }' "$tmp/out"
}

declare -A rate modify mem start check ntri
measure() { # key wall mesh [options]
  local n r m s mb st wf zm tr
  read -r n r m s mb st wf zm tr < <(run1 "${@:2}")
  [ "$r" = 0 ] && { echo "  (run $1 failed: $(grep -m1 ERROR "$tmp/out" || tail -1 "$tmp/out"))" >&2; return; }
  rate[$1]=$(awk -v a="$r" -v b="${rate[$1]:-0}" 'BEGIN {print (a > b) ? a : b}')
  # Modify seconds per step
  modify[$1]=$(awk -v a="$m" -v s="$s" -v b="${modify[$1]:-1e30}" 'BEGIN {a /= s; print (a < b) ? a : b}')
  start[$1]=$(awk -v a="$st" -v b="${start[$1]:-1e30}" 'BEGIN {print (a < b) ? a : b}')
  mem[$1]=$mb check[$1]="$wf $zm" ntri[$1]=${tr:-} atoms=$n
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0 && b > 0) printf "%.2f", a / b; else printf "-"}'; }
fmt() { awk -v a="${1:-0}" 'BEGIN {printf "%.3g", a}'; }
ms() { awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN {printf "%.3f", (a - b) * 1e3}'; }   # ms per step of a less b

variants=(stock standard synchronized)
echo "== 1. box 32 x 32 x 20, bumpy floor, about 10800 spheres, 1000 timed steps (after 600), one rank"
for ((k = 0; k < REPEAT; k++)); do
  measure none none "$tmp/box${refine[0]}.stl"
  for r in "${refine[@]}"; do
    for v in "${variants[@]}"; do measure "$v$r" "$v" "$tmp/box$r.stl"; done
  done
  for v in stock standard; do
    [[ " ${refine[*]} " == *" 4 "* ]] || measure "${v}4" "$v" "$tmp/box4.stl"
    measure "${v}lids" "$v" "$tmp/lids.stl"
  done
done
base=${modify[none]:-0}
echo "  spheres $atoms; mesh fix time = Modify less a run without mesh ($(ms "$base") ms/step: nve/sphere, gravity)"
echo "  particle-steps/s:"
printf "  %9s %10s %10s %10s %10s %10s\n" triangles stock standard sync "std/stock" "sync/stock"
for r in "${refine[@]}"; do
  printf "  %9s %10s %10s %10s %10s %10s\n" "${ntri[standard$r]:-${ntri[stock$r]:-?}}" "$(fmt "${rate[stock$r]:-}")" \
    "$(fmt "${rate[standard$r]:-}")" "$(fmt "${rate[synchronized$r]:-}")" \
    "$(ratio "${rate[standard$r]:-0}" "${rate[stock$r]:-0}")" "$(ratio "${rate[synchronized$r]:-0}" "${rate[stock$r]:-0}")"
done
echo "  mesh fix, ms per step (and whole step, ms):"
printf "  %9s %16s %16s %16s %11s %11s\n" triangles stock standard sync "stock/std" "stock/sync"
for r in "${refine[@]}"; do
  row=()
  for v in "${variants[@]}"; do
    row+=("$(ms "${modify[$v$r]:-0}" "$base") ($(awk -v a="${rate[$v$r]:-0}" -v n="$atoms" 'BEGIN {printf "%.2f", (a > 0) ? n / a * 1e3 : 0}'))")
  done
  printf "  %9s %16s %16s %16s %11s %11s\n" "${ntri[standard$r]:-?}" "${row[@]}" \
    "$(ratio "$(ms "${modify[stock$r]:-0}" "$base")" "$(ms "${modify[standard$r]:-0}" "$base")")" \
    "$(ratio "$(ms "${modify[stock$r]:-0}" "$base")" "$(ms "${modify[synchronized$r]:-0}" "$base")")"
done
echo "  the walls' work at the end (vertical force / weight, mean height), memory (MiB per rank), start (s):"
for r in "${refine[@]}"; do
  for v in "${variants[@]}"; do
    printf "  %9s %-13s %-28s %8s %8s\n" "${ntri[standard$r]:-?}" "$v" "${check[$v$r]:-}" "${mem[$v$r]:-}" "$(fmt "${start[$v$r]:-}")"
  done
done
echo "  more triangles out of reach: mesh fix ms per step (vertical force / weight, mean height at the end)"
for v in stock standard; do
  printf "  %-9s %6s triangles %7s (%s), with 11 lids: %6s triangles %7s (%s)\n" "$v" "${ntri[${v}4]:-?}" \
    "$(ms "${modify[${v}4]:-0}" "$base")" "${check[${v}4]:-}" "${ntri[${v}lids]:-?}" "$(ms "${modify[${v}lids]:-0}" "$base")" \
    "${check[${v}lids]:-}"
done

[ "${BIG:-1}" = 0 ] && exit 0
echo "== 2. box 80 x 80 x 20 of 1e5 triangles (edges 0.5), 17 layers of spheres, 100 timed steps (after 600)"
big=(-var W 80 -var nz 17 -var settle 600 -var steps 100)
for ((k = 0; k < REPEAT; k++)); do
  measure bignone none "$tmp/big.stl" "${big[@]}"
  for v in stock standard; do measure "big$v" "$v" "$tmp/big.stl" "${big[@]}"; done
done
echo "  spheres $atoms, triangles ${ntri[bigstandard]:-?}; mesh fix = Modify less $(ms "${modify[bignone]:-0}") ms/step"
printf "  %-10s %12s %10s %14s %12s %10s %-26s\n" "" "part-steps/s" "ms/step" "mesh fix ms" "memory MiB" "start s" "force/weight, mean z"
for v in stock standard; do
  printf "  %-10s %12s %10s %14s %12s %10s %-26s\n" "$v" "$(fmt "${rate[big$v]:-}")" \
    "$(awk -v a="${rate[big$v]:-0}" -v n="$atoms" 'BEGIN {printf "%.1f", (a > 0) ? n / a * 1e3 : 0}')" \
    "$(ms "${modify[big$v]:-0}" "${modify[bignone]:-0}")" "${mem[big$v]:-}" "$(fmt "${start[big$v]:-}")" "${check[big$v]:-}"
done
echo "  standard / stock: particle-steps/s $(ratio "${rate[bigstandard]:-0}" "${rate[bigstock]:-0}")," \
  "mesh fix time $(ratio "$(ms "${modify[bigstock]:-0}" "${modify[bignone]:-0}")" "$(ms "${modify[bigstandard]:-0}" "${modify[bignone]:-0}")") (stock / standard)"
