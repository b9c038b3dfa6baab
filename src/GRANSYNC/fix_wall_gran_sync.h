/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync,FixWallGranSync);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_H
#define LMP_FIX_WALL_GRAN_SYNC_H

#include "gransync_wall.h"

#include "gs_wall.h"

namespace LAMMPS_NS {

// Granular walls (planes, z cylinder) with the contact models and orderings of granular/sync.
// Its row: the contact's history.
class FixWallGranSync : public GranularWall, public PlaneWall {
 public:
  FixWallGranSync(class LAMMPS *, int, char **, bool on_device = false);
  void post_force(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  const gs_wall &geometry() const override { return wall; }
  const gs_model &plane_contact_model() const override { return model; }
  bigint defined_at() const override { return time_origin; }

 protected:
  gs_wall wall;
  bigint time_origin;

  int row_length(const double *, int) const override { return size_history; }
  void clear_row(double *row) const override;
  bool at_rest_potential() const override { return size_history == 0 && !wall.wiggle && !wall.shear; }
};

}    // namespace LAMMPS_NS

#endif
#endif
