/* gransync: LAMMPS plugin entry point; registers every style of the package.
   SPDX-License-Identifier: GPL-2.0-or-later */

#include "lammpsplugin.h"
#include "version.h"

#include "compute_dissipation_sync.h"
#include "fix_granular_mdr_sync.h"
#include "fix_neigh_history_sync.h"
#include "fix_nve_sphere_sync.h"
#include "fix_wall_gran_sync.h"
#include "fix_wall_gran_sync_mesh.h"
#include "fix_wall_gran_sync_region.h"
#include "pair_granular_sync.h"
#include "run_dem_variational.h"

#ifdef GRANSYNC_KOKKOS
#include "fix_granular_mdr_sync_kokkos.h"
#include "fix_neigh_history_sync_kokkos.h"
#include "fix_nve_sphere_sync_kokkos.h"
#include "fix_wall_gran_sync_kokkos.h"
#include "fix_wall_gran_sync_mesh_kokkos.h"
#include "fix_wall_gran_sync_region_kokkos.h"
#include "pair_granular_sync_kokkos.h"
#endif

using namespace LAMMPS_NS;

static Pair *pair_granular_sync_creator(LAMMPS *lmp)
{
  return new PairGranularSync(lmp);
}

static Fix *fix_nve_sphere_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixNVESphereSync(lmp, argc, argv);
}

static Fix *fix_neigh_history_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixNeighHistorySync(lmp, argc, argv);
}

static Fix *fix_wall_gran_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSync(lmp, argc, argv);
}

static Fix *fix_wall_gran_sync_region_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncRegion(lmp, argc, argv);
}

static Fix *fix_wall_gran_sync_mesh_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncMesh(lmp, argc, argv);
}

static Fix *fix_granular_mdr_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixGranularMDRSync(lmp, argc, argv);
}

static Fix *fix_dissipation_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixDissipationSync(lmp, argc, argv);
}

static Integrate *run_dem_variational_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new RunDemVariational(lmp, argc, argv);
}

static Compute *compute_dissipation_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new ComputeDissipationSync(lmp, argc, argv);
}

#ifdef GRANSYNC_KOKKOS
template <class DeviceType> static Pair *pair_granular_sync_kokkos_creator(LAMMPS *lmp)
{
  return new PairGranularSyncKokkos<DeviceType>(lmp);
}

template <class DeviceType> static Fix *fix_nve_sphere_sync_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixNVESphereSyncKokkos<DeviceType>(lmp, argc, argv);
}

template <class DeviceType> static Fix *fix_granular_mdr_sync_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixGranularMDRSyncKokkos<DeviceType>(lmp, argc, argv);
}

template <class DeviceType> static Fix *fix_neigh_history_sync_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixNeighHistorySyncKokkos<DeviceType>(lmp, argc, argv);
}

template <class DeviceType> static Fix *fix_wall_gran_sync_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncKokkos<DeviceType>(lmp, argc, argv);
}

template <class DeviceType>
static Fix *fix_wall_gran_sync_region_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncRegionKokkos<DeviceType>(lmp, argc, argv);
}

template <class DeviceType>
static Fix *fix_wall_gran_sync_mesh_kokkos_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncMeshKokkos<DeviceType>(lmp, argc, argv);
}

// LAMMPS keeps the name pointers: string literals only
static void register_kokkos_styles(lammpsplugin_regfunc register_plugin, lammpsplugin_t &plugin, void *lmp)
{
  struct Variant {
    const char *pair, *nve, *wall, *region_wall, *mesh_wall;
    bool host;
  };
  const Variant variants[3] = {
      {"granular/sync/kk", "nve/sphere/sync/kk", "wall/gran/sync/kk", "wall/gran/sync/region/kk",
       "wall/gran/sync/mesh/kk", false},
      {"granular/sync/kk/device", "nve/sphere/sync/kk/device", "wall/gran/sync/kk/device",
       "wall/gran/sync/region/kk/device", "wall/gran/sync/mesh/kk/device", false},
      {"granular/sync/kk/host", "nve/sphere/sync/kk/host", "wall/gran/sync/kk/host", "wall/gran/sync/region/kk/host",
       "wall/gran/sync/mesh/kk/host", true}};
  for (const Variant &variant : variants) {
    plugin.style = "pair";
    plugin.name = variant.pair;
    plugin.info = "granular/sync on the Kokkos device";
    plugin.creator.v1 = variant.host ? (lammpsplugin_factory1 *) &pair_granular_sync_kokkos_creator<GransyncHostType>
                                     : (lammpsplugin_factory1 *) &pair_granular_sync_kokkos_creator<LMPDeviceType>;
    (*register_plugin)(&plugin, lmp);

    plugin.style = "fix";
    plugin.name = variant.nve;
    plugin.info = "nve/sphere/sync on the Kokkos device";
    plugin.creator.v2 = variant.host ? (lammpsplugin_factory2 *) &fix_nve_sphere_sync_kokkos_creator<GransyncHostType>
                                     : (lammpsplugin_factory2 *) &fix_nve_sphere_sync_kokkos_creator<LMPDeviceType>;
    (*register_plugin)(&plugin, lmp);

    plugin.name = variant.wall;
    plugin.info = "wall/gran/sync (planes, z cylinder) on the Kokkos device";
    plugin.creator.v2 = variant.host ? (lammpsplugin_factory2 *) &fix_wall_gran_sync_kokkos_creator<GransyncHostType>
                                     : (lammpsplugin_factory2 *) &fix_wall_gran_sync_kokkos_creator<LMPDeviceType>;
    (*register_plugin)(&plugin, lmp);

    plugin.name = variant.region_wall;
    plugin.info = "wall/gran/sync/region (plane, block, sphere, cylinder, cone) on the Kokkos device";
    plugin.creator.v2 = variant.host
                            ? (lammpsplugin_factory2 *) &fix_wall_gran_sync_region_kokkos_creator<GransyncHostType>
                            : (lammpsplugin_factory2 *) &fix_wall_gran_sync_region_kokkos_creator<LMPDeviceType>;
    (*register_plugin)(&plugin, lmp);

    plugin.name = variant.mesh_wall;
    plugin.info = "wall/gran/sync/mesh (triangle meshes) on the Kokkos device";
    plugin.creator.v2 = variant.host
                            ? (lammpsplugin_factory2 *) &fix_wall_gran_sync_mesh_kokkos_creator<GransyncHostType>
                            : (lammpsplugin_factory2 *) &fix_wall_gran_sync_mesh_kokkos_creator<LMPDeviceType>;
    (*register_plugin)(&plugin, lmp);
  }

  // the pair's contact history (created by granular/sync/kk itself, as NEIGH_HISTORY/SYNC by the CPU style)
  plugin.style = "fix";
  plugin.name = "NEIGH_HISTORY/SYNC/KK/DEVICE";
  plugin.info = "contact history of granular/sync/kk";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_neigh_history_sync_kokkos_creator<LMPDeviceType>;
  (*register_plugin)(&plugin, lmp);
  plugin.name = "NEIGH_HISTORY/SYNC/KK/HOST";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_neigh_history_sync_kokkos_creator<GransyncHostType>;
  (*register_plugin)(&plugin, lmp);

  // mdr's per-atom state (created by granular/sync/kk itself)
  plugin.name = "granular/mdr/sync/kk/device";
  plugin.info = "per-atom state of granular/sync/kk's mdr model";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_granular_mdr_sync_kokkos_creator<LMPDeviceType>;
  (*register_plugin)(&plugin, lmp);
  plugin.name = "granular/mdr/sync/kk/host";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_granular_mdr_sync_kokkos_creator<GransyncHostType>;
  (*register_plugin)(&plugin, lmp);
}
#endif

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  lammpsplugin_t plugin;

  plugin.version = LAMMPS_VERSION;
  plugin.author = "gransync developers";
  plugin.handle = handle;

  plugin.style = "pair";
  plugin.name = "granular/sync";
  plugin.info = "granular contacts with synchronized (improved) velocity-Verlet ordering";
  plugin.creator.v1 = (lammpsplugin_factory1 *) &pair_granular_sync_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.style = "fix";
  plugin.name = "nve/sphere/sync";
  plugin.info = "sphere velocity-Verlet that records the half-step configuration for granular/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_nve_sphere_sync_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.name = "wall/gran/sync";
  plugin.info = "granular walls (planes, z cylinder) with the models and orderings of granular/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_wall_gran_sync_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.name = "wall/gran/sync/region";
  plugin.info = "granular walls on any region surface with the models and orderings of granular/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_wall_gran_sync_region_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.name = "wall/gran/sync/mesh";
  plugin.info = "granular walls on a triangle mesh (STL, OFF) with the models and orderings of granular/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_wall_gran_sync_mesh_creator;
  (*register_plugin)(&plugin, lmp);

  // mdr's per-atom state, created by granular/sync itself
  plugin.name = "granular/mdr/sync";
  plugin.info = "per-atom state of granular/sync's mdr model";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_granular_mdr_sync_creator;
  (*register_plugin)(&plugin, lmp);

  // compute dissipation/sync's per-atom accumulators, created by the compute
  plugin.name = "DISSIPATION/SYNC";
  plugin.info = "per-atom accumulators of compute dissipation/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_dissipation_sync_creator;
  (*register_plugin)(&plugin, lmp);

  // the pair's contact history, created by granular/sync itself
  plugin.name = "NEIGH_HISTORY/SYNC";
  plugin.info = "contact history of granular/sync";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &fix_neigh_history_sync_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.style = "compute";
  plugin.name = "dissipation/sync";
  plugin.info = "energy dissipated by the gransync contacts, by channel, per atom and in total";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &compute_dissipation_sync_creator;
  (*register_plugin)(&plugin, lmp);

  plugin.style = "run";
  plugin.name = "dem/variational";
  plugin.info = "variational integrator of De Klerk et al. (2022) for granular/sync contacts";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &run_dem_variational_creator;
  (*register_plugin)(&plugin, lmp);

#ifdef GRANSYNC_KOKKOS
  register_kokkos_styles(register_plugin, plugin, lmp);
#endif
}
