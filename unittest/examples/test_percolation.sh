#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Reduced percolation example (examples/percolation, 200 fines instead of 500, 0.8 s): fines fall
# through a frozen random bed of large spheres, size ratio 20, mu 0.5. Checks what held in every
# condition of doc/verification.md ("Percolation"): the synchronized ordering lets (almost) every fine
# through, the standard ordering keeps clearly more of them in the bed (Vyas et al., CPC 2025, sec.
# 5.2: about 25% against under 2%; here, at 1% overlap and t = 0.8 s, 12% against 1%).
#   test_percolation.sh LMP EXAMPLE_DIR
lmp=$1
cd "$2" || exit 2
fail=0
check() {  # name value lo hi
  ok=$(awk -v v="$2" -v lo="$3" -v hi="$4" 'BEGIN { print (v + 0 >= lo + 0 && v + 0 <= hi + 0) }')
  if [ "$ok" = 1 ]; then echo "ok: $1 = $2 in [$3, $4]"; else echo "FAILED: $1 = $2 not in [$3, $4]"; fail=$((fail + 1)); fi
}
word() {  # the number after WORD on the RESULT line
  printf '%s\n' "$1" | awk -v word="$2" '{ for (i = 1; i < NF; i++) if ($i == word) print $(i + 1) }' | tr -d ','
}
for o in standard synchronized; do
  out=$("$lmp" -in in.percolation -var ordering $o -var nfines 200 -log none -echo none -nocite 2>&1) || {
    printf '%s\n' "$out" | tail -20; echo "FAILED: LAMMPS exited with an error ($o)"; exit 1; }
  line=$(printf '%s\n' "$out" | grep '^RESULT')
  [ -n "$line" ] || { echo "FAILED: no RESULT line ($o)"; exit 1; }
  echo "$line"
  eval "bed_$o=\$(word \"\$line\" bed)"
  eval "out_$o=\$(word \"\$line\" percolated)"
done
# synchronized: the free fines have left the bed, at most 3% remain (paper: < 2%)
check "synchronized fraction percolated" "$out_synchronized" 0.95 1
check "synchronized fraction still in the bed" "$bed_synchronized" 0 0.03
# standard: at least 6% held, and at least 5 points more than synchronized (paper: about 25%)
check "standard fraction still in the bed" "$bed_standard" 0.06 1
check "standard minus synchronized in the bed" "$(awk -v a="$bed_standard" -v b="$bed_synchronized" 'BEGIN { print a - b }')" 0.05 1
passed=$((4 - fail))
echo "$passed passed, $fail failed"
[ $fail -eq 0 ]
