/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(nve/sphere/sync,FixNVESphereSync);
// clang-format on
#else

#ifndef LMP_FIX_NVE_SPHERE_SYNC_H
#define LMP_FIX_NVE_SPHERE_SYNC_H

#include "gransync_interface.h"

namespace LAMMPS_NS {

// Velocity-Verlet for finite-size spheres (as fix nve/sphere), plus the half-step configuration
// the synchronized contact ordering needs: for every atom, x(t+dt/2) - x(t+dt) and v(t+dt/2).
// Atoms of the group get them from their own Verlet step: x - dt/2 v and v as the forces see them,
// which their readers compute (velocity_bit()); all others (fix move, frozen, other integrators)
// from their actual displacement over the step, which is what Verlet's half-step means, recorded here.
class FixNVESphereSync : public HalfStepRecorder {
 public:
  // on_device: the /kk style's, whose refusals must come before the per-atom arrays are registered
  FixNVESphereSync(class LAMMPS *, int, char **, bool on_device = false);
  ~FixNVESphereSync() override;
  int setmask() override;
  void init() override;
  void setup_pre_force(int) override;
  void initial_integrate(int) override;
  void post_integrate() override;
  void pre_force(int) override;
  void final_integrate() override;
  void end_of_step() override;
  void reset_dt() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;
  double memory_usage() override;

  bool recording() const override { return records; }
  double **half_offset() override { return records ? offset : nullptr; }
  double **half_velocity() override { return records ? vhalf : nullptr; }
  // the group's atoms, when their half step is read from v at force time (see init())
  int velocity_bit() const override { return records_from_velocity ? groupbit : 0; }
  double **damping_state() override { return scheme == GS_SCHEME_CONSISTENT ? damping : nullptr; }
  int contact_scheme() const override { return scheme; }

 protected:
  double dtv, dtf, inertia;
  int dipole, dlm;
  int records;      // 1 when ordering synchronized
  int scheme;       // enum gs_scheme
  bool records_from_velocity;  // the group's half step read from v at force time (see init())
  bool every_atom_from_velocity;  // ... and the group is all: no atom has a row to record
  double **xstart;  // x(t), taken at the end of the previous step
  double **offset;  // x(t+dt/2) - x(t+dt)
  double **vhalf;   // v(t+dt/2)
  double **damping;  // scheme consistent: v and omega at t+dt, predicted for the group's atoms (one row:
                     // a contact reads both with one miss)

  void record_from_velocity(int i);
  bool no_integrator_after() const;
  bool kept(int i) const;    // atom i's row holds its half step (not velocity_bit()'s)
  bool ghost_rows_needed() const { return !every_atom_from_velocity || scheme == GS_SCHEME_CONSISTENT; }
  int record_doubles() const { return scheme == GS_SCHEME_CONSISTENT ? 15 : 9; }
};

}    // namespace LAMMPS_NS

#endif
#endif
