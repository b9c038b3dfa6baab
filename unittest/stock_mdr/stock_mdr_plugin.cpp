/* Test-only plugin: stock LAMMPS' fix granular/mdr with its history-fix lookup corrected, so that
   stock's mdr inputs run as the reference for gransync's mdr. The fix's source is stock's own,
   copied from the build's LAMMPS tree at configure time with one name changed (unittest/CMakeLists.txt);
   this file only registers it in place of the built-in style.
   SPDX-License-Identifier: GPL-2.0-or-later */
#include "lammpsplugin.h"
#include "version.h"

#include "fix_granular_mdr.h"

using namespace LAMMPS_NS;

static Fix *stock_mdr_creator(LAMMPS *lmp, int argc, char **argv)
{
  return new FixGranularMDR(lmp, argc, argv);
}

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  lammpsplugin_t plugin;
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  plugin.version = LAMMPS_VERSION;
  plugin.style = "fix";
  plugin.name = "GRANULAR/MDR";
  plugin.info = "stock fix granular/mdr, history lookup corrected (gransync tests only)";
  plugin.author = "gransync tests";
  plugin.creator.v2 = (lammpsplugin_factory2 *) &stock_mdr_creator;
  plugin.handle = handle;
  (*register_plugin)(&plugin, lmp);
}
