#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Open MPI runtime that tools/gpu_mpi_pack.sh packs for a GPU machine without MPI runs from
# where tools/gpu_mpi_env.sh says, on a machine without Open MPI: in a mount namespace that hides
# this machine's (its libraries, components, PMIx, orterun and orted), gransync runs a granular bed
# on one rank (a singleton, which starts orted) and two; without the packed runtime the same runs fail.
#   test_gpu_mpi_pack.sh SOURCE_DIR MPIEXEC LMP LIBLAMMPS   (exit 77: no mount namespace, or not Open MPI)
set -u
src=$1 mpiexec=$2 lmp=$3 liblammps=$4
ompi_info=$(dirname "$(readlink -f "$mpiexec")")/ompi_info
[[ -x "$ompi_info" ]] || { echo "not run: $mpiexec is not Open MPI's"; exit 77; }
unshare -m true 2> /dev/null || { echo "not run: no mount namespace here (unshare -m needs CAP_SYS_ADMIN)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the layout of a checkout: gpu_mpi_env.sh finds gpu-pack/mpi beside tools/
mkdir -p "$work/tools"
cp "$src/tools/gpu_mpi_env.sh" "$work/tools/"
bash "$src/tools/gpu_mpi_pack.sh" "$work/gpu-pack/mpi" "$mpiexec" "$liblammps" || { echo "FAILED gpu_mpi_pack.sh"; exit 1; }

ompi_path() { "$ompi_info" --parsable --path "$1" | sed -n "s/^path:$1://p"; }
pmix_lib=$(ldd "$(ompi_path pkglibdir)/mca_pmix_ext3x.so" 2> /dev/null | awk '/libpmix\.so/ {print $3}')
{
  # directories over which an empty one is mounted, files over which /dev/null is
  echo "dir $(ompi_path pkglibdir)"
  echo "dir $(ompi_path pkgdatadir)"
  echo "dir $(ompi_path sysconfdir)"
  [[ -n "$pmix_lib" ]] && echo "dir $(dirname "$(dirname "$(readlink -f "$pmix_lib")")")"
  for exe in orterun orted ompi_info; do echo "file $(readlink -f "$(ompi_path bindir)/$exe")"; done
  for lib in "$work"/gpu-pack/mpi/lib/*.so*; do
    ldconfig -p | awk -v n="$(basename "$lib")" '$1 == n {print "file " $NF}'
  done
} | sort -u > "$work/hide"

printf '%s\n' 'atom_style sphere' 'region box block 0 10 0 10 0 10' 'create_box 1 box' \
  'create_atoms 1 random 300 12345 NULL overlap 1.0 maxtry 100' 'set type 1 diameter 1.0' 'set type 1 density 1.0' \
  'comm_modify vel yes' 'pair_style granular/sync' \
  'pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5 damping mass_velocity' \
  'velocity all create 10.0 4928' 'fix 1 all nve/sphere' 'timestep 0.001' 'run 200' 'info communication' \
  > "$work/in.bed"
cat > "$work/hidden.sh" <<'INNER'
work=$1 lmp=$2 mpiexec=$3
mkdir -p "$work/empty"
while read -r kind path; do
  [[ -e "$path" ]] || continue
  if [[ $kind == dir ]]; then mount --bind "$work/empty" "$path"; else mount --bind /dev/null "$path"; fi || exit 3
done < "$work/hide"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
run() { timeout 120 "$@" -in "$work/in.bed" -log none -echo none 2>&1; }
echo "== without the packed runtime"
run "$lmp"
run "$mpiexec" -n 2 "$lmp"
source "$work/tools/gpu_mpi_env.sh"
echo "== one rank"
run "$lmp"
echo "== two ranks"
run mpiexec -n 2 "$lmp"
INNER
out=$(unshare -m bash "$work/hidden.sh" "$work" "$lmp" "$mpiexec")
status=$?
passed=0 failed=0
check() {
  if [[ $2 == 1 ]]; then echo "ok     $1"; passed=$((passed + 1)); else echo "FAILED $1"; failed=$((failed + 1)); fi
}
section() { awk -v s="== $1" '$0 == s {on = 1; next} /^== / {on = 0} on' <<< "$out"; }
# what stays behind (UCX, libfabric, OpenSHMEM) is not needed by what goes
check "no packed library needs a network fabric's or OpenSHMEM's" "$(find "$work/gpu-pack/mpi" -name '*.so*' -type f -exec ldd {} + 2> /dev/null |
  grep -qE 'lib(uc[pmst]|fabric|psm|ibverbs|oshmem)' || echo 1)"
check "the machine's Open MPI hidden (namespace set up, exit $status)" "$([[ $status == 0 ]] && echo 1)"
check "without the packed runtime no run completes" "$(section 'without the packed runtime' | grep -q 'Loop time' || echo 1)"
check "one rank, packed runtime: the run completes" "$(section 'one rank' | grep -q 'Nprocs = 1,' && section 'one rank' | grep -q 'Loop time of .* on 1 procs' && echo 1)"
check "two ranks, packed runtime: the run completes" "$(section 'two ranks' | grep -q 'Nprocs = 2,' && section 'two ranks' | grep -q 'Loop time of .* on 2 procs' && echo 1)"
# a component or help file looked for where the machine's MPI was (PMIx's, unless told where it is)
check "packed runtime: no help file or component missing" "$({ section 'one rank'; section 'two ranks'; } | grep -qE "help file|Sorry!|unable to open|not found" || echo 1)"
echo "$out" | grep -E "error|ERROR|denied|Loop time|Nprocs|WARN"
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
