#!/usr/bin/env bash
# Installs the Debian packages gransync builds with (compilers, CMake, Ninja, ccache, patch, OpenMPI).
# LAMMPS and Kokkos sources are fetched by CMake from the Debian archive this machine's apt uses.
set -euo pipefail
packages=(build-essential cmake ninja-build ccache patch libopenmpi-dev openmpi-bin ca-certificates python3)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "gransync: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# optional: matplotlib for tools/plot_*.py (no build or test needs it): GRANSYNC_PLOTS=1
if [ "${GRANSYNC_PLOTS:-0}" = 1 ] && ! dpkg -s python3-matplotlib >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-matplotlib >/dev/null
fi
