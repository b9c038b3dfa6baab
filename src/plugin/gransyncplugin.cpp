/* gransync: LAMMPS plugin entry point; registers every style of the package.
   SPDX-License-Identifier: GPL-2.0-or-later */

#include "lammpsplugin.h"
#include "version.h"

#include "fix_nve_sphere_sync.h"
#include "fix_wall_gran_sync.h"
#include "fix_wall_gran_sync_region.h"
#include "pair_granular_sync.h"

using namespace LAMMPS_NS;

static Pair *pair_granular_sync_creator(LAMMPS *lmp)
{
  return new PairGranularSync(lmp);
}

static Fix *fix_nve_sphere_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixNVESphereSync(lmp, argc, argv);
}

static Fix *fix_wall_gran_sync_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSync(lmp, argc, argv);
}

static Fix *fix_wall_gran_sync_region_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixWallGranSyncRegion(lmp, argc, argv);
}

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
}
