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

#include "fix.h"
#include "gransync_args.h"

#include "gs_wall.h"

namespace LAMMPS_NS {

// Granular walls (planes, z cylinder) with the contact models and orderings of granular/sync.
class FixWallGranSync : public GranularWall, public PlaneWall {
 public:
  // on_device: the /kk style's, whose refusals must come before the per-atom arrays are registered
  FixWallGranSync(class LAMMPS *, int, char **, bool on_device = false);
  ~FixWallGranSync() override;
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

  const gs_wall &geometry() const override { return wall; }
  const gs_model &plane_contact_model() const override { return model; }
  bigint defined_at() const override { return time_origin; }

 protected:
  gs_model model;
  gs_wall wall;
  bigint time_origin;
  int size_history;
  int restart_atoms_dropped = 0;    // atoms whose restart record had another history layout
  double **history;
  class HalfStepRecorder *fix_halfstep;
  WallTemperature wall_temperature;

  void grow_output(int nmax);    // the contacts output (array_atom)
};

}    // namespace LAMMPS_NS

#endif
#endif
