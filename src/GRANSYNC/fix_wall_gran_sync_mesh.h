/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync/mesh,FixWallGranSyncMesh);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_MESH_H
#define LMP_FIX_WALL_GRAN_SYNC_MESH_H

#include "gransync_wall.h"

#include "gs_mesh_build.h"

#include <string>

namespace LAMMPS_NS {

// Granular walls on a rigid triangle mesh read from an STL or OFF file, with the models and
// orderings of granular/sync; the mesh may translate, wiggle or rotate. Contacts and their
// histories follow src/core/gs_mesh.h: one row of doubles per atom, kept through migration and
// restarts.
class FixWallGranSyncMesh : public GranularWall {
 public:
  FixWallGranSyncMesh(class LAMMPS *, int, char **, bool on_device = false);
  ~FixWallGranSyncMesh() override;
  void post_force(int) override;
  void reset_dt() override;

  // what an atom touching the mesh in too many directions means, after the count of rows
  static constexpr const char *too_many_directions =
      "contacts per atom, farther apart than the flat angle: a sphere seated in a cone or tube of "
      "more facets, say. A larger flat merges them into the deepest, which breaks such a ring's "
      "symmetry; seat it on a region wall (fix wall/gran/sync/region) instead";

  void write_restart(FILE *) override;
  void restart(char *) override;
  double memory_usage() override;

 protected:
  int row_length(const double *row, int available) const override;
  void clear_row(double *row) const override { row[0] = 0.0; }
  int restart_keys(double *keys) const override;
  void init_geometry() override;
  bool at_rest_potential() const override;

  // the mesh's place and velocity at this step (advances the motion once per step)
  gs_mesh_motion motion_now();
  double mesh_signature() const;
  double signature = 0.0;    // mesh_signature(), once: restart records carry it per atom

  gs_mesh_data data;    // owns the arrays
  gs_mesh mesh;         // their view
  std::string file;

  // motion: x = R(angle) (x0 - point) + point + displacement(time since the fix was defined)
  enum { MOVE_NONE, MOVE_LINEAR, MOVE_WIGGLE, MOVE_ROTATE };
  int move = MOVE_NONE;
  double move_vector[3] = {0.0, 0.0, 0.0};    // linear: velocity; wiggle: amplitude
  double period = 0.0;
  double point[3] = {0.0, 0.0, 0.0}, axis[3] = {0.0, 0.0, 1.0};
  double omega_value = 0.0;    // rotate: 2 pi / period, unless omega_variable gives the rate
  std::string omega_variable;
  int omega_ivar = -1;
  bigint time_origin;
  // the state at step `state_step` and at the step before (for the mean velocity over the step)
  double angle = 0.0, angle_before = 0.0, shift[3] = {0.0, 0.0, 0.0}, shift_before[3] = {0.0, 0.0, 0.0};
  bigint state_step = -1, before_step = -1;
  bool restart_mismatch = false;
};

}    // namespace LAMMPS_NS

#endif
#endif
