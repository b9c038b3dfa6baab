/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Thin adapter around the C integrator steps of src/core/gs_integrate.h.
------------------------------------------------------------------------- */

#include "fix_nve_sphere_sync.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "update.h"

#include "gransync_args.h"
#include "gs_contact.h"
#include "gs_integrate.h"

#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

FixNVESphereSync::FixNVESphereSync(LAMMPS *lmp, int narg, char **arg, bool on_device) :
    HalfStepRecorder(lmp, narg, arg), dtv(0.0), dtf(0.0), inertia(0.4), dipole(0), dlm(0), records(1),
    scheme(GS_SCHEME_VERLET), records_from_velocity(false), every_atom_from_velocity(false), xstart(nullptr), offset(nullptr), vhalf(nullptr), damping(nullptr)
{
  if (on_device && !lmp->kokkos) error->all(FLERR, "fix nve/sphere/sync/kk requires Kokkos: run LAMMPS with '-k on'");
  time_integrate = 1;
  comm_forward = 7;    // a flag, offset, vhalf

  for (int iarg = 3; iarg < narg; iarg++) {
    if (strcmp(arg[iarg], "update") == 0) {
      if (iarg + 1 >= narg)
        error->all(FLERR, "fix nve/sphere/sync: keyword update needs a value (dipole or dipole/dlm)");
      if (strcmp(arg[iarg + 1], "dipole") == 0) {
        dipole = 1;
      } else if (strcmp(arg[iarg + 1], "dipole/dlm") == 0) {
        dipole = 1;
        dlm = 1;
      } else {
        error->all(FLERR, "fix nve/sphere/sync: update must be dipole or dipole/dlm, got '{}'", arg[iarg + 1]);
      }
      iarg++;
    } else if (strcmp(arg[iarg], "disc") == 0) {
      if (domain->dimension != 2) error->all(FLERR, "fix nve/sphere/sync: disc requires a 2d simulation");
      inertia = 0.5;
    } else if (strcmp(arg[iarg], "ordering") == 0) {
      records = parse_ordering(error, "fix nve/sphere/sync", iarg, narg, arg) == GS_ORDERING_SYNCHRONIZED;
      iarg++;
    } else if (strcmp(arg[iarg], "scheme") == 0) {
      if (iarg + 1 >= narg) error->all(FLERR, "fix nve/sphere/sync: keyword scheme needs a value (verlet or consistent)");
      if (strcmp(arg[iarg + 1], "verlet") == 0)
        scheme = GS_SCHEME_VERLET;
      else if (strcmp(arg[iarg + 1], "consistent") == 0)
        scheme = GS_SCHEME_CONSISTENT;
      else
        error->all(FLERR, "fix nve/sphere/sync: scheme must be verlet or consistent, got '{}'", arg[iarg + 1]);
      iarg++;
    } else {
      error->all(FLERR, "fix nve/sphere/sync: unknown keyword '{}' (allowed: update, disc, ordering, scheme)",
                 arg[iarg]);
    }
  }
  if (scheme == GS_SCHEME_CONSISTENT && !records)
    error->all(FLERR, "fix nve/sphere/sync: scheme consistent needs ordering synchronized (the standard ordering's "
                      "tangential increments are first order whatever the dashpots see)");
  if (scheme == GS_SCHEME_CONSISTENT) comm_forward = 13;
  if (!atom->omega_flag || !atom->radius_flag || !atom->rmass_flag)
    error->all(FLERR, "fix nve/sphere/sync requires atom attributes radius, rmass and omega (use atom_style sphere)");
  if (dipole && !atom->mu_flag)
    error->all(FLERR, "fix nve/sphere/sync: update dipole requires atom attribute mu (e.g. atom_style hybrid sphere dipole)");
  if (on_device && dipole)
    error->all(FLERR, "fix nve/sphere/sync/kk: update dipole is not available on the device; use fix "
                      "nve/sphere/sync (no /kk) for dipoles");

  if (records) {
    create_attribute = 1;    // new atoms (create_atoms, fix pour) get records; standard keeps none
    maxexchange = record_doubles();    // sizes comm buffers for migrating atoms
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }
}

HalfStepRecorder *HalfStepRecorder::find(Modify *modify)
{
  for (const auto &ifix : modify->get_fix_list()) {
    auto *candidate = dynamic_cast<HalfStepRecorder *>(ifix);
    if (candidate && candidate->recording()) return candidate;
  }
  return nullptr;
}

FixNVESphereSync::~FixNVESphereSync()
{
  if (records) atom->delete_callback(id, Atom::GROW);
  memory->destroy(xstart);
  memory->destroy(offset);
  memory->destroy(vhalf);
  memory->destroy(damping);
}

int FixNVESphereSync::setmask()
{
  int mask = INITIAL_INTEGRATE | FINAL_INTEGRATE;
  if (records) mask |= POST_INTEGRATE | PRE_FORCE | END_OF_STEP;
  return mask;
}

void FixNVESphereSync::init()
{
  require_verlet(error, update, "fix nve/sphere/sync");
  // ghost images across a sheared boundary get the deform velocity shift in v, not in the records
  if (records && domain->deform_vremap)
    error->all(FLERR, "fix nve/sphere/sync: fix deform with 'remap v' is not supported with ordering synchronized "
                      "(allowed: ordering standard on this fix, or fix nve/sphere, whose half step the pair style "
                      "reconstructs with the shift)");
  reset_dt();
  for (int i = 0; i < atom->nlocal; i++)
    if ((atom->mask[i] & groupbit) && atom->radius[i] == 0.0)
      error->one(FLERR, "fix nve/sphere/sync requires extended particles (radius > 0)");
  int count = 0;
  for (const auto &ifix : modify->get_fix_by_style("^nve/sphere/sync"))
    if (dynamic_cast<FixNVESphereSync *>(ifix)->records) count++;
  if (count > 1)
    error->all(FLERR, "fix nve/sphere/sync: only one fix with ordering synchronized is allowed; it records "
                      "the half-step configuration of all atoms");
  records_from_velocity = records && no_integrator_after();
  every_atom_from_velocity = records_from_velocity && igroup == 0;    // (LAMMPS' group 0 is all)
}

// The group's atoms end the drift where their velocity took them, so their half step is x - dt/2 v
// and v as the forces see them (after fix wall/reflect, say, whichever order the fixes were
// defined in: a reflection mirrors both), unless an integrator defined after this fix moves them
// again (LAMMPS calls each stage in the order the fixes were defined); then this fix records them
// in post_integrate(). Static groups only (LAMMPS refuses dynamic ones here), so a ghost's mask
// tells its readers and the forward communication the same.
bool FixNVESphereSync::no_integrator_after() const
{
  bool after_this = false;
  for (int ifix = 0; ifix < modify->nfix; ifix++) {
    if (modify->fix[ifix] == this)
      after_this = true;
    else if (after_this && (modify->fmask[ifix] & INITIAL_INTEGRATE))
      return false;
  }
  return true;
}

void FixNVESphereSync::reset_dt()
{
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

// setup: no step has been taken, so the half-step data (and the dashpots') come from the current velocities
void FixNVESphereSync::setup_pre_force(int /*vflag*/)
{
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  comm->forward_comm(this);
}

void FixNVESphereSync::initial_integrate(int /*vflag*/)
{
  double **x = atom->x, **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
  const double *radius = atom->radius, *rmass = atom->rmass;
  const int *mask = atom->mask;
  const int nlocal = (igroup == atom->firstgroup) ? atom->nfirst : atom->nlocal;
  const double dtfrotate = dtf / inertia;

  // scheme consistent: the dashpots' velocities at t+dt, predicted with the forces at t (a loop of
  // its own: the hot loop of scheme verlet stays without the test)
  if (scheme == GS_SCHEME_CONSISTENT) {
    for (int i = 0; i < nlocal; i++)
      if (mask[i] & groupbit) {
        gs_sphere_initial_integrate_predicting(dtf, dtv, dtfrotate, rmass[i], radius[i], f[i], torque[i], x[i], v[i],
                                               omega[i], damping[i], damping[i] + 3);
      }
  } else if (nlocal > 0) {
    gs_spheres_initial_integrate(nlocal, mask, groupbit, dtf, dtv, dtfrotate, rmass, radius, f[0], torque[0], x[0],
                                 v[0], omega[0]);
  }

  if (dipole) {
    double **mu = atom->mu;
    for (int i = 0; i < nlocal; i++) {
      if (!(mask[i] & groupbit) || !(mu[i][3] > 0.0)) continue;
      if (dlm)
        gs_dipole_dlm(dtf / force->ftm2v, omega[i], mu[i]);
      else
        gs_dipole_rotate(dtv, omega[i], mu[i]);
    }
  }
}

void FixNVESphereSync::final_integrate()
{
  double **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
  const double *radius = atom->radius, *rmass = atom->rmass;
  const int *mask = atom->mask;
  const int nlocal = (igroup == atom->firstgroup) ? atom->nfirst : atom->nlocal;
  const double dtfrotate = dtf / inertia;
  if (nlocal > 0)
    gs_spheres_final_integrate(nlocal, mask, groupbit, dtf, dtfrotate, rmass, radius, f[0], torque[0], v[0], omega[0]);
}

void FixNVESphereSync::record_from_velocity(int i)
{
  gs_record_verlet_half_step(dtv, atom->v[i], vhalf[i], offset[i]);
  if (scheme == GS_SCHEME_CONSISTENT) {
    gs_copy3(atom->v[i], damping[i]);
    gs_copy3(atom->omega[i], damping[i] + 3);
  }
}

// After every integrator moved its atoms (x(t+dt)), before re-neighboring can wrap or migrate them.
// (The group's atoms predicted their dashpots' velocities in initial_integrate(), and need no record
// where records_from_velocity says so; other atoms have theirs from whatever moved them: fix move at
// t+dt, frozen zero.)
void FixNVESphereSync::post_integrate()
{
  if (every_atom_from_velocity) return;
  double **x = atom->x, **v = atom->v, **omega = atom->omega;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  const bool consistent = scheme == GS_SCHEME_CONSISTENT;
  for (int i = 0; i < nlocal; i++) {
    if (mask[i] & groupbit) {
      if (!records_from_velocity) gs_record_verlet_half_step(dtv, v[i], vhalf[i], offset[i]);
      continue;
    }
    gs_record_moved_half_step(dtv, x[i], xstart[i], v[i], vhalf[i], offset[i]);
    if (consistent) {
      gs_copy3(v[i], damping[i]);
      gs_copy3(omega[i], damping[i] + 3);
    }
  }
}

// (the ghosts' rows: none are kept where every atom reads its half step from v, only the scheme's
// dashpot velocities)
void FixNVESphereSync::pre_force(int /*vflag*/)
{
  if (ghost_rows_needed()) comm->forward_comm(this);
}

// x(t) for the next step's atoms outside the group (the group's records come from their velocities)
void FixNVESphereSync::end_of_step()
{
  if (every_atom_from_velocity) return;
  double **x = atom->x;
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++)
    if (!(mask[i] & groupbit)) gs_copy3(x[i], xstart[i]);
}

void FixNVESphereSync::grow_arrays(int nmax)
{
  memory->grow(xstart, nmax, 3, "nve/sphere/sync:xstart");
  memory->grow(offset, nmax, 3, "nve/sphere/sync:offset");
  memory->grow(vhalf, nmax, 3, "nve/sphere/sync:vhalf");
  // rows of 8 (6 used): 64 bytes, so that each contact's read of a row touches one cache line
  if (scheme == GS_SCHEME_CONSISTENT) memory->grow(damping, nmax, 8, "nve/sphere/sync:damping");
}

void FixNVESphereSync::copy_arrays(int i, int j, int /*delflag*/)
{
  gs_copy3(xstart[i], xstart[j]);
  gs_copy3(offset[i], offset[j]);
  gs_copy3(vhalf[i], vhalf[j]);
  if (scheme == GS_SCHEME_CONSISTENT)
    for (int k = 0; k < 6; k++) damping[j][k] = damping[i][k];
}

// atoms created during a run (fix pour, deposit): no step taken yet
void FixNVESphereSync::set_arrays(int i)
{
  gs_copy3(atom->x[i], xstart[i]);
  record_from_velocity(i);
}

int FixNVESphereSync::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < 3; k++) {
    buf[k] = xstart[i][k];
    buf[3 + k] = offset[i][k];
    buf[6 + k] = vhalf[i][k];
  }
  if (scheme == GS_SCHEME_CONSISTENT)
    for (int k = 0; k < 6; k++) buf[9 + k] = damping[i][k];
  return record_doubles();
}

int FixNVESphereSync::unpack_exchange(int i, double *buf)
{
  for (int k = 0; k < 3; k++) {
    xstart[i][k] = buf[k];
    offset[i][k] = buf[3 + k];
    vhalf[i][k] = buf[6 + k];
  }
  if (scheme == GS_SCHEME_CONSISTENT)
    for (int k = 0; k < 6; k++) damping[i][k] = buf[9 + k];
  return record_doubles();
}

inline bool FixNVESphereSync::kept(int i) const
{
  return !(records_from_velocity && (atom->mask[i] & groupbit));
}

// Offsets and velocities are differences, so periodic images need no shift. Rows not kept are not
// sent; a flag says which are, so that a ghost whose mask is stale (a group changed before 'run ...
// pre no', which LAMMPS leaves to the user) cannot misread the buffer.
int FixNVESphereSync::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  int m = 0;
  for (int i = 0; i < n; i++) {
    const int j = list[i];
    const bool sent = kept(j);
    buf[m++] = sent ? 1.0 : 0.0;
    if (sent) {
      for (int k = 0; k < 3; k++) buf[m++] = offset[j][k];
      for (int k = 0; k < 3; k++) buf[m++] = vhalf[j][k];
    }
    if (scheme == GS_SCHEME_CONSISTENT)
      for (int k = 0; k < 6; k++) buf[m++] = damping[j][k];
  }
  return m;
}

void FixNVESphereSync::unpack_forward_comm(int n, int first, double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++) {
    if (buf[m++] != 0.0) {
      for (int k = 0; k < 3; k++) offset[i][k] = buf[m++];
      for (int k = 0; k < 3; k++) vhalf[i][k] = buf[m++];
    }
    if (scheme == GS_SCHEME_CONSISTENT)
      for (int k = 0; k < 6; k++) damping[i][k] = buf[m++];
  }
}

double FixNVESphereSync::memory_usage()
{
  const int per_atom = 9 + (scheme == GS_SCHEME_CONSISTENT ? 8 : 0);    // (damping rows are padded to 8)
  return records ? per_atom * atom->nmax * sizeof(double) : 0.0;
}
