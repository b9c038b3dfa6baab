/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   What the gransync styles offer each other. A style includes this header (and, on the Kokkos
   side, gransync_kokkos_interface.h), never another style's header; a /kk style includes its own
   CPU twin's. The styles find each other at init() by these classes: dynamic_cast over LAMMPS'
   fix list, or of force->pair. The data path, step by step:
     integrator (fix nve/sphere/sync)  --HalfStepRecorder-->  pair, walls
     pair (pair granular/sync)         --GranularSyncPair-->  mdr state, run_style dem/variational
     mdr state (fix granular/mdr/sync) --MdrState-->          pair, region walls
     region walls                      --MdrWallContacts-->   mdr state
     plane walls                       --PlaneWall-->         run_style dem/variational
     pair, walls                       --DissipationStore-->  compute dissipation/sync
   doc/architecture.md draws the whole map.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_INTERFACE_H
#define LMP_GRANSYNC_INTERFACE_H

#include "fix.h"
#include "pair.h"

#include "gs_contact.h"
#include "gs_integrate.h"
#include "gs_wall.h"

#include <functional>

namespace LAMMPS_NS {

// The integrator's half-step configuration (fix nve/sphere/sync and /kk): for every atom,
// x(t+dt/2) - x(t+dt) and v(t+dt/2), which the synchronized ordering's contacts read.
class HalfStepRecorder : public Fix {
 public:
  using Fix::Fix;
  // the fix that records half steps (ordering synchronized), or null
  static HalfStepRecorder *find(class Modify *modify);
  virtual bool recording() const = 0;
  // half-step data for owned and ghost atoms, current on the host; null when not recording.
  // Rows of atoms in velocity_bit()'s group are not kept: their half step is x - dt/2 v and v.
  virtual double **half_offset() = 0;
  virtual double **half_velocity() = 0;
  // the mask bit of the atoms whose half step comes from their velocity; 0: none
  virtual int velocity_bit() const = 0;
  // scheme consistent: the dashpots' velocity (columns 0-2) and spin (3-5) at t+dt, owned and
  // ghost atoms, on the host; null with scheme verlet
  virtual double **damping_state() = 0;
  // enum gs_scheme for contact models of the synchronized ordering
  virtual int contact_scheme() const = 0;
};

// Where the synchronized ordering's readers find an atom's half step: the recorder's kept rows, or
// x - dt/2 v and v (gs_half_step_of(): exact for velocity-Verlet atoms; without a recorder, every
// atom's, reconstructed).
struct HalfStepSource {
  double **offset = nullptr, **vhalf = nullptr;    // null: no fix records
  double **v = nullptr;
  const int *mask = nullptr;
  int velocity_bit = 0;    // atoms in this group: from their velocity

  static HalfStepSource of(HalfStepRecorder *fix, double **v, const int *mask)
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
    if (offset && !(mask[i] & velocity_bit))
      gs_half_step_of(0, dt, nullptr, offset[i], vhalf[i], offset_out, vhalf_out);
    else
      gs_half_step_of(1, dt, v[i], nullptr, nullptr, offset_out, vhalf_out);
  }
  // atom i's half-step position and velocity
  void of_atom(int i, double **x, double dt, double *xh, double *vh) const
  {
    double off[3];
    relative(i, dt, off, vh);
    gs_add3(x[i], off, xh);
  }
};

// What pair granular/sync (and /kk) offers the styles that read its contacts.
class GranularSyncPair : public Pair {
 public:
  using Pair::Pair;
  // the pair granular/sync of the input (not under hybrid), or null
  static GranularSyncPair *find(class Force *force);
  virtual const gs_model &contact_model(int itype, int jtype) const = 0;
  virtual int history_values() const = 0;    // per contact
  virtual class FixNeighHistory *contact_history() const = 0;
  virtual bool uses_mdr() const = 0;
  // makes `list` current where the pair builds its own (lists levels)
  virtual void refresh_contact_list() = 0;
};

// The contact history fix's options, set by the pair (fix_neigh_history_sync.h).
struct ContactHistoryOptions {
  // set while compute dissipation/sync counts: a contact that opened in the step of a
  // re-neighboring keeps its record in the new list, so that the pair releases its energy
  bool keep_opened_contacts = false;
  // set by a pair style that builds its own list: called before the history reads it
  std::function<void()> refresh_list;

 protected:
  ~ContactHistoryOptions() = default;    // not deleted through this class
};

// mdr's per-atom state (fix granular/mdr/sync, which the pair creates).
class MdrState : public Fix {
 public:
  using Fix::Fix;
  // the per-atom arrays as the contact core reads and sums them (valid until atoms are added)
  virtual gs_mdr_atoms atoms() const = 0;
  // the pair's mdr model, which walls must agree with
  virtual const gs_model &mdr_model() const = 0;
};

// A wall whose contacts count in mdr's per-atom state (fix wall/gran/sync/region and /kk).
class MdrWallContacts {
 public:
  virtual const gs_model &mdr_wall_model() const = 0;
  // where add_mdr_surface_increments() reads and writes: the device (/kk) or the host
  virtual bool mdr_sums_on_device() const { return false; }
  // adds each touching contact's part of its grain's mean surface displacement increment
  virtual void add_mdr_surface_increments(const double *acon0, double *ddelta_bar) = 0;

 protected:
  ~MdrWallContacts() = default;    // not deleted through this class
};

// A plane or z-cylinder wall (fix wall/gran/sync), as run_style dem/variational integrates it.
class PlaneWall {
 public:
  virtual const gs_wall &geometry() const = 0;
  virtual const gs_model &plane_contact_model() const = 0;
  virtual bigint defined_at() const = 0;    // the step a wiggle's time counts from

 protected:
  ~PlaneWall() = default;    // not deleted through this class
};

// compute dissipation/sync's per-atom accumulators, which the pair and walls add to.
class DissipationStore : public Fix {
 public:
  using Fix::Fix;
  // The accumulators of the input's compute dissipation/sync, or null without one. Called from
  // init() by the styles that contribute; `what` names one that cannot and refuses the compute.
  static DissipationStore *find(class LAMMPS *, const char *what = nullptr);
  // a local atom's share of this step (or of a run's set-up): slip and lever energy, the loads
  virtual void add(int i, const double *share, const double *load) = 0;
};

}    // namespace LAMMPS_NS

#endif
