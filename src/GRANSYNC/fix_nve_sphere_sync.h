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
#include "gs_integrate.h"

namespace LAMMPS_NS {

// Velocity-Verlet for finite-size spheres (as fix nve/sphere), plus the half-step configuration
// the synchronized contact ordering needs: for every atom, x(t+dt/2) - x(t+dt) and v(t+dt/2).
// Atoms of the group get them from their own Verlet step: x - dt/2 v and v as the forces see them,
// which their readers compute (velocity_bit()); all others (fix move, frozen, other integrators)
// from their actual displacement over the step, which is what Verlet's half-step means, recorded here.
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

  // half-step data for owned and ghost atoms, current on the host; null when the ordering is standard.
  // Rows of atoms in velocity_bit()'s group are not kept: their half step is x - dt/2 v and v.
  virtual double **half_offset() { return records ? offset : nullptr; }
  virtual double **half_velocity() { return records ? vhalf : nullptr; }
  // the mask bit of the atoms whose half step comes from their velocity (see init()); 0: none
  int velocity_bit() const { return records_from_velocity ? groupbit : 0; }
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
  bool records_from_velocity;  // the group's half step read from v at force time (see init())
  double **xstart;  // x(t), taken at the end of the previous step
  double **offset;  // x(t+dt/2) - x(t+dt)
  double **vhalf;   // v(t+dt/2)
  double **damping;  // scheme consistent: v and omega at t+dt, predicted for the group's atoms (one row:
                     // a contact reads both with one miss)

  void record_from_velocity(int i);
  bool no_integrator_after() const;
  bool kept(int i) const;    // atom i's row holds its half step (not velocity_bit()'s)
  int record_doubles() const { return scheme == GS_SCHEME_CONSISTENT ? 15 : 9; }
};

// Where the synchronized ordering's readers find an atom's half step: fix nve/sphere/sync's kept
// rows, or x - dt/2 v and v (exact for velocity-Verlet atoms, bit for bit what a record of such an
// atom holds; without the fix, every atom's: reconstructed).
struct HalfStepSource {
  double **offset = nullptr, **vhalf = nullptr;    // null: no fix records
  double **v = nullptr;
  const int *mask = nullptr;
  int velocity_bit = 0;    // atoms in this group: from their velocity

  static HalfStepSource of(FixNVESphereSync *fix, double **v, const int *mask)
  {
    HalfStepSource h;
    h.v = v;
    h.mask = mask;
    if (fix) {
      h.offset = fix->half_offset();
      h.vhalf = fix->half_velocity();
      h.velocity_bit = fix->velocity_bit();
    }
    return h;
  }
  // atom i's half step relative to now, x(t+dt/2) - x(t+dt), and v(t+dt/2)
  void relative(int i, double dt, double *offset_out, double *vhalf_out) const
  {
    if (offset && !(mask[i] & velocity_bit)) {
      gs_copy3(offset[i], offset_out);
      gs_copy3(vhalf[i], vhalf_out);
    } else {
      gs_record_verlet_half_step(dt, v[i], vhalf_out, offset_out);
    }
  }
  // atom i's half-step position and velocity
  void of_atom(int i, double **x, double dt, double *xh, double *vh) const
  {
    double off[3];
    relative(i, dt, off, vh);
    gs_add3(x[i], off, xh);
  }
};

}    // namespace LAMMPS_NS

#endif
#endif
