#!/usr/bin/env bash
# Copies the Open MPI runtime that programs linked against this machine's Open MPI need into DEST,
# for a machine without MPI (the lent GPUs): orterun (mpirun, mpiexec) and orted, the MCA components
# where OPAL_PREFIX=DEST finds them, PMIx's library, components and help files, and every library
# these and the programs' MPI libraries load but the C and C++ runtimes. Components that need
# network fabrics (UCX, libfabric, PSM, verbs, netlink) or OpenSHMEM stay behind: the ranks of one
# machine talk through shared memory. tools/gpu_mpi_env.sh runs it from there.
#   gpu_mpi_pack.sh DEST MPIEXEC PROGRAM...   (PROGRAM: executables or libraries linked with MPI)
set -euo pipefail
if (($# < 3)); then
  echo "usage: gpu_mpi_pack.sh DEST MPIEXEC PROGRAM..." >&2
  exit 2
fi
dest=$1
mpiexec=$2
shift 2
ompi_info=$(dirname "$(readlink -f "$mpiexec")")/ompi_info
if [[ ! -x "$ompi_info" ]]; then
  echo "gpu_mpi_pack: $mpiexec is not Open MPI's (no ompi_info beside it), whose runtime alone this script carries" >&2
  exit 2
fi
ompi_path() { "$ompi_info" --parsable --path "$1" | sed -n "s/^path:$1://p"; }
ompi_bin=$(ompi_path bindir)
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/share" "$dest/pmix"
cp -L "$ompi_bin/orterun" "$ompi_bin/orted" "$dest/bin/"
ln -s orterun "$dest/bin/mpirun"
ln -s orterun "$dest/bin/mpiexec"
cp -rL "$(ompi_path pkgdatadir)" "$dest/share/"
# components where OPAL_PREFIX puts them: pkglibdir below the prefix
components="$dest/$(realpath --relative-to="$(ompi_path prefix)" "$(ompi_path pkglibdir)")"
mkdir -p "$components"
fabric='lib(uc[pmst]|fabric|psm|ibverbs|rdmacm|efa|infinipath|nl-|oshmem|mca_common_(ucx|verbs|ofi))'
for so in "$(ompi_path pkglibdir)"/*.so; do
  # grep reads all of ldd's output: with -q its early exit would fail the pipe (pipefail)
  ldd "$so" | grep -E "$fabric" > /dev/null || cp -L "$so" "$components/"
done
# PMIx (Open MPI 4 links an external one): its libraries, components and help files
pmix_lib=$(ldd "$components/mca_pmix_ext3x.so" 2>/dev/null | awk '/libpmix\.so/ {print $3}')
if [[ -n "$pmix_lib" ]]; then
  pmix_prefix=$(dirname "$(dirname "$(readlink -f "$pmix_lib")")")
  mkdir -p "$dest/pmix/lib"
  cp -L "$pmix_prefix"/lib/libpmix.so* "$dest/pmix/lib/"
  if [[ -d "$pmix_prefix/lib/pmix" ]]; then cp -rL "$pmix_prefix/lib/pmix" "$dest/pmix/lib/"; fi
  if [[ -d "$pmix_prefix/share" ]]; then cp -rL "$pmix_prefix/share" "$dest/pmix/"; fi
fi
# the programs' MPI libraries, then every library these and the above load but the C runtime (a
# machine that runs the programs built without MPI has what they load besides)
ldd "$@" | awk '$1 ~ /^libmpi/ && $3 ~ /^\// {print $3}' | sort -u |
  while IFS= read -r lib; do cp -L "$lib" "$dest/lib/"; done
mapfile -t elves < <(find "$dest" -name '*.so*' -type f)
for elf in "${elves[@]}" "$dest/bin/orterun" "$dest/bin/orted"; do ldd "$elf" 2>/dev/null || true; done |
  awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u |
  grep -Ev "/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s)\.so" |
  while IFS= read -r lib; do cp -nL "$lib" "$dest/lib/"; done
if [[ -z "$(find "$dest/lib" -name 'libmpi.so*' -print -quit)" ]]; then
  echo "gpu_mpi_pack: none of $* links an MPI library" >&2
  exit 2
fi
