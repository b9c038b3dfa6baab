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

#include "fix.h"

#include "gs_contact.h"

namespace LAMMPS_NS {

// Velocity-Verlet for finite-size spheres (as fix nve/sphere), plus the half-step configuration
// the synchronized contact ordering needs: for every atom, x(t+dt/2) - x(t+dt) and v(t+dt/2).
// Atoms of the group get them from their own Verlet step; all others (fix move, frozen, other
// integrators) from their actual displacement over the step, which is what Verlet's half-step means.
class FixNVESphereSync : public Fix {
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

  // the fix that records half-step data, or null
  static FixNVESphereSync *recorder(class Modify *modify);

  // half-step data for owned and ghost atoms, current on the host; null when the ordering is standard
  virtual double **half_offset() { return records ? offset : nullptr; }
  virtual double **half_velocity() { return records ? vhalf : nullptr; }
  // scheme consistent: the dashpots' velocity (columns 0-2) and spin (3-5) at t+dt, owned and
  // ghost atoms, on the host; null with scheme verlet
  virtual double **damping_state() { return scheme == GS_SCHEME_CONSISTENT ? damping : nullptr; }
  // enum gs_scheme for contact models of the synchronized ordering
  int contact_scheme() const { return scheme; }

 protected:
  double dtv, dtf, inertia;
  int dipole, dlm;
  int records;      // 1 when ordering synchronized
  int scheme;       // enum gs_scheme
  bool kick_records;  // the group's records written by the kick (velocities final then; see init())
  double **xstart;  // x(t), taken at the end of the previous step
  double **offset;  // x(t+dt/2) - x(t+dt)
  double **vhalf;   // v(t+dt/2)
  double **damping;  // scheme consistent: v and omega at t+dt, predicted for the group's atoms (one row:
                     // a contact reads both with one miss)

  void record_from_velocity(int i);
  bool velocities_final_after_kick() const;
  int record_doubles() const { return scheme == GS_SCHEME_CONSISTENT ? 15 : 9; }
};

// Half-step position and velocity of atom i: recorded by fix nve/sphere/sync when `offset` is
// given, else reconstructed as x - dt/2 v and v (exact for velocity-Verlet atoms).
inline void half_step_of(int i, double **x, double **v, double **offset, double **vhalf, double dt, double *xh,
                         double *vh)
{
  if (offset) {
    gs_add3(x[i], offset[i], xh);
    gs_copy3(vhalf[i], vh);
  } else {
    gs_reconstruct_half_step(x[i], v[i], dt, xh);
    gs_copy3(v[i], vh);
  }
}

}    // namespace LAMMPS_NS

#endif
#endif
