/* SPDX-License-Identifier: GPL-2.0-or-later
 * What LAMMPS compiles from gransync's headers when gransync is built into it
 * (cmake/GransyncBuiltin.cmake): LAMMPS' style headers include them once plainly, then again under
 * PAIR_CLASS, FIX_CLASS, COMPUTE_CLASS and INTEGRATE_CLASS, which turn PairStyle() and the others
 * into creators (force.cpp, modify.cpp, update.cpp). tools/cuda_check compiles this with nvcc, where
 * the /kk creators instantiate the device styles as a CUDA LAMMPS would. */
#include "compute_dissipation_sync.h"
#include "fix_granular_mdr_sync.h"
#include "fix_granular_mdr_sync_kokkos.h"
#include "fix_neigh_history_sync.h"
#include "fix_neigh_history_sync_kokkos.h"
#include "fix_nve_sphere_sync.h"
#include "fix_nve_sphere_sync_kokkos.h"
#include "fix_wall_gran_sync.h"
#include "fix_wall_gran_sync_kokkos.h"
#include "fix_wall_gran_sync_mesh.h"
#include "fix_wall_gran_sync_mesh_kokkos.h"
#include "fix_wall_gran_sync_region.h"
#include "fix_wall_gran_sync_region_kokkos.h"
#include "pair_granular_sync.h"
#include "pair_granular_sync_kokkos.h"
#include "run_dem_variational.h"

#include <map>
#include <string>

namespace LAMMPS_NS {

template <typename T> static Pair *pair_creator(LAMMPS *lmp)
{
  return new T(lmp);
}

template <typename T, typename Base> static Base *creator(LAMMPS *lmp, int narg, char **arg)
{
  return new T(lmp, narg, arg);
}

// the number of styles the headers register
std::size_t gransync_builtin_styles()
{
  std::map<std::string, Pair *(*) (LAMMPS *)> pairs;
  std::map<std::string, Fix *(*) (LAMMPS *, int, char **)> fixes;
  std::map<std::string, Compute *(*) (LAMMPS *, int, char **)> computes;
  std::map<std::string, Integrate *(*) (LAMMPS *, int, char **)> integrators;

#define PAIR_CLASS
#define PairStyle(key, Class) pairs[#key] = &pair_creator<Class>;
#include "pair_granular_sync.h"
#include "pair_granular_sync_kokkos.h"
#undef PairStyle
#undef PAIR_CLASS

#define FIX_CLASS
#define FixStyle(key, Class) fixes[#key] = &creator<Class, Fix>;
#include "compute_dissipation_sync.h"
#include "fix_granular_mdr_sync.h"
#include "fix_granular_mdr_sync_kokkos.h"
#include "fix_neigh_history_sync.h"
#include "fix_neigh_history_sync_kokkos.h"
#include "fix_nve_sphere_sync.h"
#include "fix_nve_sphere_sync_kokkos.h"
#include "fix_wall_gran_sync.h"
#include "fix_wall_gran_sync_kokkos.h"
#include "fix_wall_gran_sync_mesh.h"
#include "fix_wall_gran_sync_mesh_kokkos.h"
#include "fix_wall_gran_sync_region.h"
#include "fix_wall_gran_sync_region_kokkos.h"
#undef FixStyle
#undef FIX_CLASS

#define COMPUTE_CLASS
#define ComputeStyle(key, Class) computes[#key] = &creator<Class, Compute>;
#include "compute_dissipation_sync.h"
#undef ComputeStyle
#undef COMPUTE_CLASS

#define INTEGRATE_CLASS
#define IntegrateStyle(key, Class) integrators[#key] = &creator<Class, Integrate>;
#include "run_dem_variational.h"
#undef IntegrateStyle
#undef INTEGRATE_CLASS

  return pairs.size() + fixes.size() + computes.size() + integrators.size();
}

}    // namespace LAMMPS_NS
