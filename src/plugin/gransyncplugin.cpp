/* gransync: LAMMPS plugin entry point; registers every style of the package.
   SPDX-License-Identifier: GPL-2.0-or-later */

#include "lammpsplugin.h"
#include "version.h"

#include "pair_granular_sync.h"

using namespace LAMMPS_NS;

static Pair *pair_granular_sync_creator(LAMMPS *lmp)
{
  return new PairGranularSync(lmp);
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
}
