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

#include "gransync_wall.h"

#include "gs_region.h"

namespace LAMMPS_NS {

// Granular walls on the surface of any LAMMPS region, with the models and orderings of
// granular/sync. A particle can touch several faces of a region at once; each contact keeps its
// own history, matched from step to step by the face's index (the region's iwall), in one row of
// doubles per atom (layout: gs_region_row_history() in src/core/gs_region.h).
class FixWallGranSyncRegion : public GranularWall, public MdrWallContacts {
 public:
  FixWallGranSyncRegion(class LAMMPS *, int, char **, bool on_device = false);
  ~FixWallGranSyncRegion() override;
  void post_force(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  const gs_model &mdr_wall_model() const override { return model; }
  void add_mdr_surface_increments(const double *acon0, double *ddelta_bar) override;

 protected:
  int row_length(const double *row, int available) const override;
  void clear_row(double *row) const override { row[0] = 0.0; }
  void init_geometry() override;
  bool at_rest_potential() const override;
  // makes the contact rows current on the host (the /kk fix keeps them on the device too)
  virtual void contact_rows_to_host() {}
  void release_ended(const gs_region *known, int i, const int *touched, int kept, const HalfStepSource &halfstep,
                     double dt);
  void wall_velocity(const gs_region *known, int i, int ic, const double *dx, double *vwall);
  void relative_velocity(int i, const double *vwall, const HalfStepSource &halfstep, double dt, double *xhalf,
                         double *vr);
  char *idregion;
  class Region *region;
  int tmax;    // most contacts one particle can have with the region
  int motion_mismatch;    // the restart file's region motion is not this region's
  // the core has this region's shape (gs_region): for a changing shape that does not rotate, the
  // wall velocity comes from the core, as on the device (LAMMPS' Region::velocity_contact() then
  // reads a contact point it never set)
  bool geometry_known;
  class MdrState *fix_mdr = nullptr;    // normal mdr: the pair's per-atom state
  bool warned_mdr_yield = false;
};

}    // namespace LAMMPS_NS

#endif
#endif
