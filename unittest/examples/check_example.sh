#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs an example input and checks numbers on its RESULT lines.
#   check_example.sh LMP REGEX WORD LO HI [REGEX WORD LO HI ...] -- LAMMPS-ARGUMENTS ...
# On the last output line that starts with RESULT and matches the extended regular expression
# REGEX, the number right after the word WORD must lie in [LO, HI].
# Fails when LAMMPS fails, a line or word is missing, or a number is out of range.
tab=$(printf '\t')
lmp=$1
shift
checks=""
while [ $# -ge 4 ] && [ "$1" != "--" ]; do
  checks="$checks$1$tab$2$tab$3$tab$4
"
  shift 4
done
if [ "$1" != "--" ] || [ -z "$checks" ]; then
  echo "usage: check_example.sh LMP REGEX WORD LO HI ... -- LAMMPS-ARGUMENTS"
  exit 2
fi
shift
out=$("$lmp" "$@" -log none -echo none -nocite 2>&1) || {
  printf '%s\n' "$out" | tail -20
  echo "FAILED: LAMMPS exited with an error"
  exit 1
}
result=$(mktemp)
trap 'rm -f "$result"' EXIT
printf '%s\n' "$out" | grep '^RESULT' > "$result"
cat "$result"
fail=0
while IFS="$tab" read -r re word lo hi; do
  [ -n "$re" ] || continue
  awk -v re="$re" -v word="$word" -v lo="$lo" -v hi="$hi" '
    $0 ~ re { line = $0 }
    END {
      if (line == "") { printf "FAILED: no RESULT line matches /%s/\n", re; exit 1 }
      k = split(line, w, /[ ,()]+/)
      for (i = 1; i < k; i++) if (w[i] == word) { v = w[i + 1]; found = 1; break }
      if (!found) { printf "FAILED: no \"%s\" on: %s\n", word, line; exit 1 }
      ok = (v + 0 >= lo + 0 && v + 0 <= hi + 0)
      printf "%s: /%s/ %s %s in [%s, %s]\n", ok ? "ok" : "FAILED", re, word, v, lo, hi
      exit !ok
    }' "$result" || fail=1
done <<EOC
$checks
EOC
[ $fail -eq 0 ] && echo "all checks passed"
exit $fail
