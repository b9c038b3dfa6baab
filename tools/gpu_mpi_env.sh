# shellcheck shell=bash
# Sourced (bash): where gpu-pack/mpi holds an Open MPI runtime carried by tools/gpu_bundle.sh, runs
# it from there. Open MPI finds its components, help files and orted (which even a one-rank run
# starts) under OPAL_PREFIX, PMIx its components and help files where its PMIX_* variables say
# (Open MPI asks for PMIX_INSTALL_PREFIX too); their libraries come first on the path.
# Nothing changes where gpu-pack/mpi is absent (a build without MPI, or this machine's own MPI).
gpu_mpi_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/gpu-pack/mpi
if [[ -f "$gpu_mpi_root/bin/orterun" ]]; then
  export OPAL_PREFIX="$gpu_mpi_root" PMIX_INSTALL_PREFIX="$gpu_mpi_root/pmix"
  # PMIx relocates no directory from its prefix alone where it was configured with absolute ones
  export PMIX_PREFIX="$gpu_mpi_root/pmix" PMIX_EXEC_PREFIX="$gpu_mpi_root/pmix" \
    PMIX_LIBDIR="$gpu_mpi_root/pmix/lib" PMIX_PKGLIBDIR="$gpu_mpi_root/pmix/lib/pmix" \
    PMIX_DATADIR="$gpu_mpi_root/pmix/share" PMIX_PKGDATADIR="$gpu_mpi_root/pmix/share/pmix"
  export PATH="$gpu_mpi_root/bin:$PATH"
  export LD_LIBRARY_PATH="$gpu_mpi_root/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  # the settings of the distribution's openmpi-mca-params.conf, which stays behind: no network
  # transports, shared memory between the ranks of one machine
  export OMPI_MCA_btl_base_warn_component_unused=0 OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1
  # unbound ranks: Open MPI binds each run's 2 ranks to cores 0 and 1, where ctest -j would stack
  # every concurrent 2-rank test
  export OMPI_MCA_hwloc_base_binding_policy=none
fi
unset gpu_mpi_root
