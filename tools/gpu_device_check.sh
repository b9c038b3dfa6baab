#!/usr/bin/env bash
# The whole GPU check in one command, for a machine lent for minutes (tools/gpu_bundle.sh first):
# unpacks the CUDA build, runs the /kk agreement tests on the GPU, then bench/gpu.sh with a profile
# of every kernel at 1e6 spheres, again without it, and under Nsight Compute for one pair kernel of
# each style. Each stage has its own time limit, so that a slow one leaves the others their time.
# Logs go to $OUT (the device tool's folder, which takes 8 files back) or gpu-out/.
#   bash tools/gpu_device_check.sh [seconds] [tests]   (default 480: the whole check ends within it;
#   tests: the agreement tests alone, with all of that time)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
budget=${1:-480}
tests_only=${2:-}
left() { echo $((budget - SECONDS)); }
# a stage's time limit: the given seconds, at least one (timeout 0 would mean none)
limit() { echo $(($1 > 1 ? $1 : 1)); }
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  nvcc --version 2>/dev/null | tail -1
  nproc
} > "$out/machine.txt" 2>&1
# the driver's libraries where these machines keep them, the bundle's CUDA runtime as a fallback
export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}/usr/local/nvidia/lib64:/usr/local/nvidia/lib:$root/gpu-pack/cuda-lib"
bash tools/gpu_build_and_test.sh unbundle >> "$out/machine.txt" 2>&1 || { cat "$out/machine.txt"; exit 1; }
# shellcheck source=tools/gpu_mpi_env.sh
source tools/gpu_mpi_env.sh
# the MPI the bundle carries, before anything depends on it: one rank (which starts orted) and two
if [[ -n "${OPAL_PREFIX:-}" ]]; then
  printf 'info communication\n' > "$out/mpi_check.in"
  for ranks in 1 2; do
    launch=()
    ((ranks > 1)) && launch=(mpiexec -n "$ranks")
    if ! OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 60 "${launch[@]}" build-gpu/lmp \
         -in "$out/mpi_check.in" -log none 2>&1 | tee -a "$out/machine.txt" | grep "Nprocs = $ranks," > /dev/null; then
      echo "gpu_device_check: the carried MPI does not run $ranks rank(s) here (machine.txt)" | tee -a "$out/machine.txt"
      cat "$out/machine.txt"
      exit 1
    fi
  done
  rm -f "$out/mpi_check.in"
fi
if ldd "$(readlink -f build-gpu/plugins/gransyncplugin.so)" | grep -q 'not found'; then
  ldd "$(readlink -f build-gpu/plugins/gransyncplugin.so)" | tee -a "$out/machine.txt"
  exit 1
fi
# the agreement tests, every test's output kept; left to CPU runs: the 1020 model combinations
# (models.all) and the three spheres' 1e6 steps (kernel-launch latency: over 250 s on an H100)
CTEST_ARGS="-j $(nproc) --timeout 200 -E models\\.all|kokkos\\.three_sphere|kokkos\\.gpu_horizons -O $out/ctest_full.log" \
  timeout "$([[ "$tests_only" == tests ]] && limit $(($(left) - 10)) || limit $(($(left) * 2 / 5)))" \
  bash tools/gpu_build_and_test.sh test > "$out/tests.log" 2>&1
echo "tests: exit $?, $SECONDS s" >> "$out/machine.txt"
if [[ "$tests_only" == tests ]]; then
  grep -E 'horizon, .*compared|tests passed|tests failed|Failed|\*\*\*' "$out/ctest_full.log" | tail -60
  cat "$out/machine.txt"
  exit 0
fi
# where the step's time goes at 1e6 spheres: LAMMPS' timer breakdown and every kernel's time
# (tools/kokkos_kernel_times.c; its fences make the breakdown exact), packed into one file
PROFILE="$out/profile" SIZES=1e6 timeout "$(limit $((($(left) - 20) / 2)))" bash bench/gpu.sh > "$out/profile.txt" 2>&1
echo "profile: exit $?, $SECONDS s" >> "$out/machine.txt"
tar -C "$out" -czf "$out/profile.tar.gz" profile && rm -rf "$out/profile"
# the rates, without the profiler's fences
SIZES="1e5 1e6" timeout "$(limit $((($(left) - 20) * 3 / 5)))" bash bench/gpu.sh > "$out/bench.txt" 2>&1
echo "bench: exit $?, $SECONDS s" >> "$out/machine.txt"
# Nsight Compute on one pair kernel of each style on the chute at 1e6 spheres: the 205th launch, a
# step of the second run (launch 0 is the first run's setup, 200 its last step and 201 the second
# run's setup: energy and virial steps, which run the kernel's parallel_reduce variant)
ncu_bin=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
if [[ -z "$ncu_bin" ]]; then
  echo "ncu: not found" >> "$out/machine.txt"
elif (($(left) > 60)); then
  PROFILE="$out/ncu" RUNNER="$ncu_bin --kernel-name-base demangled -k regex:PairGranHookeHistory|GranularSyncPairKernel
    --launch-skip 205 --launch-count 1 --section SpeedOfLight --section Occupancy --section LaunchStats" \
    CASES=chute SIZES=1e6 POLY= STEPS=10 timeout "$(limit $(($(left) - 10)))" bash bench/gpu.sh > /dev/null 2>&1
  echo "ncu: exit $?, $SECONDS s" >> "$out/machine.txt"
  for screen in "$out"/ncu/*.screen; do
    echo "## $(basename "$screen" .screen)"
    grep -E 'Context [0-9]+, Stream|Duration|Registers Per Thread|Theoretical Occupancy|Achieved Occupancy|Local Memory Spilling Requests ' \
      "$screen"
  done > "$out/ncu.txt" 2>&1
  tar -C "$out" -czf "$out/ncu.tar.gz" ncu && rm -rf "$out/ncu"
else
  echo "ncu: skipped, $(left) s left" >> "$out/machine.txt"
fi
grep -E 'horizon, .*compared|tests passed|tests failed|Failed|\*\*\*' "$out/ctest_full.log" | tail -40
cat "$out/machine.txt" "$out/profile.txt" "$out/bench.txt" "$out/ncu.txt" 2>/dev/null
