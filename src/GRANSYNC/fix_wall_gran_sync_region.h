/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync/region,FixWallGranSyncRegion);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_REGION_H
#define LMP_FIX_WALL_GRAN_SYNC_REGION_H

#include "fix.h"

#include "gs_contact.h"

namespace LAMMPS_NS {

// Granular walls on the surface of any LAMMPS region, with the models and orderings of
// granular/sync. A particle can touch several faces of a region at once; each contact keeps its
// own history, matched from step to step by the face's index (the region's iwall).
class FixWallGranSyncRegion : public Fix {
 public:
  FixWallGranSyncRegion(class LAMMPS *, int, char **);
  ~FixWallGranSyncRegion() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void post_force(int) override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  double memory_usage() override;

 private:
  gs_model model;
  char *idregion;
  class Region *region;
  int tmax;            // most contacts one particle can have with the region
  int size_history;
  int restart_atoms_dropped = 0;    // atoms whose restart record had another history layout
  int *ncontact;       // per atom: contacts with history
  int **walls;         // per atom and contact: the region face (iwall)
  double ***history;   // per atom and contact: the contact history
  class FixNVESphereSync *fix_halfstep;
  int motion_mismatch;    // the restart file's region motion is not this region's

  double *slot_history(int i, int iwall);
};

}    // namespace LAMMPS_NS

#endif
#endif
