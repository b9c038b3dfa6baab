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
#include "gransync_args.h"

#include "gs_region.h"

namespace LAMMPS_NS {
struct HalfStepSource;

// Granular walls on the surface of any LAMMPS region, with the models and orderings of
// granular/sync. A particle can touch several faces of a region at once; each contact keeps its
// own history, matched from step to step by the face's index (the region's iwall), in one row of
// doubles per atom (layout: gs_region_row_history() in src/core/gs_region.h).
class FixWallGranSyncRegion : public GranularWall, public MdrWallContacts {
 public:
  // on_device: the /kk style's, whose refusals must come before the per-atom arrays are registered
  FixWallGranSyncRegion(class LAMMPS *, int, char **, bool on_device = false);
  ~FixWallGranSyncRegion() override;
  void post_constructor() override;
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

  const gs_model &mdr_wall_model() const override { return model; }
  void add_mdr_surface_increments(const double *acon0, double *ddelta_bar) override;

 protected:
  // makes the contact rows current on the host (the /kk fix keeps them on the device too)
  virtual void contact_rows_to_host() {}
  void release_ended(const gs_region *known, int i, const int *touched, int kept, const HalfStepSource &halfstep,
                     double dt);
  void wall_velocity(const gs_region *known, int i, int ic, const double *dx, double *vwall);
  void relative_velocity(int i, const double *vwall, const HalfStepSource &halfstep, double dt, double *xhalf,
                         double *vr);
  gs_model model;
  char *idregion;
  class Region *region;
  int tmax;    // most contacts one particle can have with the region
  int size_history;
  int row_width;    // doubles per atom in contacts
  int restart_atoms_dropped = 0;    // atoms whose restart record had another history layout
  double **contacts;    // per atom: faces in contact and their histories
  class HalfStepRecorder *fix_halfstep;
  int motion_mismatch;    // the restart file's region motion is not this region's
  // the core has this region's shape (gs_region): for a changing shape that does not rotate, the
  // wall velocity comes from the core, as on the device (LAMMPS' Region::velocity_contact() then
  // reads a contact point it never set)
  bool geometry_known;
  WallTemperature wall_temperature;
  class MdrState *fix_mdr = nullptr;    // normal mdr: the pair's per-atom state
  bool warned_mdr_yield = false;

  void grow_output(int nmax);    // the contacts output (array_atom)
};

}    // namespace LAMMPS_NS

#endif
#endif
