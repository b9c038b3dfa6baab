/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Thin adapter: the region supplies the contacts, the C core computes them.
------------------------------------------------------------------------- */

// evaluates normal mdr: the per-atom state is fix granular/mdr/sync's (gs_contact.h)
#ifdef GS_CONTACT_H
#error "GS_WITH_MDR must be defined before gs_contact.h is first included"
#endif
#define GS_WITH_MDR

#include "fix_wall_gran_sync_region.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "gransync_args.h"
#include "input.h"
#include "memory.h"
#include "modify.h"
#include "region.h"
#include "region_geometry.h"
#include "restart_twin.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace LAMMPS_NS;
using namespace FixConst;

FixWallGranSyncRegion::FixWallGranSyncRegion(LAMMPS *lmp, int narg, char **arg, bool on_device) :
    GranularWall(lmp, narg, arg, on_device), idregion(nullptr), region(nullptr), tmax(0), motion_mismatch(0),
    geometry_known(false)
{
  if (narg < 5 || strcmp(arg[3], "granular") != 0)
    error->all(FLERR, "fix wall/gran/sync/region: expected 'fix ID group wall/gran/sync/region granular "
                      "<normal model> ... region <region-ID> [ordering ...]'");
  int explicit_sync;
  int iarg = parse_model(narg, arg, explicit_sync);

  if (iarg + 1 >= narg || strcmp(arg[iarg], "region") != 0)
    error->all(FLERR, "fix wall/gran/sync/region: expected 'region <region-ID>' after the model");
  region = domain->get_region_by_id(arg[iarg + 1]);
  if (!region) error->all(FLERR, "fix wall/gran/sync/region: region {} does not exist", arg[iarg + 1]);
  idregion = utils::strdup(arg[iarg + 1]);
  iarg += 2;

  int ordering = -1;
  while (iarg < narg)
    if (!common_keyword(iarg, narg, arg, ordering))
      error->all(FLERR, "fix wall/gran/sync/region: unknown keyword '{}' (allowed: ordering, temperature, contacts; "
                        "the region moves by its own move/rotate options)", arg[iarg]);

  tmax = region->tmax;
  size_history = model.size_history;
  restart_global = 1;    // a moving region's previous position, from which its velocity is differenced
  begin_rows(gs_region_row_width(tmax, size_history), explicit_sync, ordering);
}

FixWallGranSyncRegion::~FixWallGranSyncRegion()
{
  delete[] idregion;
}

// a row: its count of contacts, each an iwall and its history
int FixWallGranSyncRegion::row_length(const double *row, int available) const
{
  if (available < 1 || row[0] > tmax) return -1;
  return gs_region_row_width(static_cast<int>(row[0]), size_history);
}

bool FixWallGranSyncRegion::at_rest_potential() const
{
  // (a JKR region contact keeps no history here, but its energy jumps where the contact ends)
  return size_history == 0 && model.normal != GS_NORMAL_JKR && !region->dynamic_check();
}

void FixWallGranSyncRegion::init_geometry()
{
  region = domain->get_region_by_id(idregion);
  if (!region) error->all(FLERR, "fix wall/gran/sync/region: region {} does not exist", idregion);
  if (region->tmax != tmax)
    error->all(FLERR, "fix wall/gran/sync/region: region {} changed its number of faces", idregion);
  if (motion_mismatch) {
    if (comm->me == 0)
      error->warning(FLERR, "fix wall/gran/sync/region: region {} differs from the one in the restart file; "
                            "its velocity restarts from rest", idregion);
    region->reset_vel();
    motion_mismatch = 0;
  }
  fix_mdr = nullptr;
  if (model.normal == GS_NORMAL_MDR) {
    for (auto *fix : modify->get_fix_list())
      if (!fix_mdr) fix_mdr = dynamic_cast<MdrState *>(fix);
    if (!fix_mdr)
      error->all(FLERR, "fix wall/gran/sync/region: normal mdr needs pair granular/sync with normal mdr, whose "
                        "per-atom state the wall shares");
    // the grains' state is one: the wall's material must be the pair's (as stock checks)
    const gs_model &p = fix_mdr->mdr_model();
    static const char *const names[] = {"E", "poisson", "Y", "gamma", "psi_b", "damp"};
    for (int k = 0; k < 6; k++)
      if (k != 3 && model.normal_coeffs[k] != p.normal_coeffs[k])
        error->all(FLERR, "fix wall/gran/sync/region: mdr coefficient {} is {}, the pair's is {}; they must agree "
                   "(only gamma may differ)", names[k], model.normal_coeffs[k], p.normal_coeffs[k]);
  }
  std::string unknown;
  geometry_known = region_geometry_supported(region, unknown);
}

void FixWallGranSyncRegion::post_force(int /*vflag*/)
{
  const Step s = begin_step();
  const double dt = s.dt;
  const int dynamic = region->dynamic_check();
  gs_region geometry;
  if (dynamic) {
    region->prematch();
    region->set_velocity();
    if (geometry_known && region->varshape && !region->rotateflag) region_geometry(region, dt, geometry);
  }

  double **x = atom->x, **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
  const double *radius = atom->radius, *rmass = atom->rmass;
  const int *mask = atom->mask;

  gs_contact c{};
  static const double rest6[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};    // minimize: at rest
  c.dt = dt;
  c.history_update = update->setupflag == 0;
  gs_mdr_atoms mdr_atoms;
  if (fix_mdr) {
    mdr_atoms = fix_mdr->atoms();
    c.mdr_atoms = &mdr_atoms;
  }
  std::vector<int> touched(tmax);
  const gs_region *known = dynamic && geometry_known && region->varshape && !region->rotateflag ? &geometry : nullptr;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    int nc = 0;
    if (region->match(x[i][0], x[i][1], x[i][2])) nc = region->surface(x[i][0], x[i][1], x[i][2], radius[i]);
    if (nc > tmax) error->one(FLERR, "fix wall/gran/sync/region: more contacts than region {} reports", idregion);

    // the region's contacts are overwritten by the half-step query below: keep what we need
    struct face {
      double dx[3], r, radius;
      int iwall, touching;
    } faces[64];
    if (nc > 64) error->one(FLERR, "fix wall/gran/sync/region: more than 64 contacts for one particle");
    for (int ic = 0; ic < nc; ic++) {
      faces[ic].dx[0] = region->contact[ic].delx;
      faces[ic].dx[1] = region->contact[ic].dely;
      faces[ic].dx[2] = region->contact[ic].delz;
      faces[ic].r = region->contact[ic].r;
      faces[ic].radius = region->contact[ic].radius;
      faces[ic].iwall = region->contact[ic].iwall;
    }

    // contacts that ended leave the row before new ones enter it: at most tmax at any time
    int kept = 0;
    c.radi = radius[i];
    for (int ic = 0; ic < nc; ic++) {
      c.r = faces[ic].r;
      faces[ic].touching = gs_wall_touching(&c);
      if (faces[ic].touching && c.r == 0.0)
        error->one(FLERR, "{}: the centre of atom {} lies on the wall, where a contact has no normal", what(),
                   atom->tag[i]);
      if (faces[ic].touching) touched[kept++] = faces[ic].iwall;
    }
    if (s.dissipates && size_history) release_ended(known, i, touched.data(), kept, s.halfstep, dt);
    gs_region_row_forget(rows[i], size_history, touched.data(), kept);
    for (int ic = 0; ic < nc; ic++) {
      if (!faces[ic].touching) continue;
      gs_copy3(faces[ic].dx, c.dx);
      c.r = faces[ic].r;
      c.radj = faces[ic].radius;
      // the wall's velocity (0-2), and no spin (3-5): the row scheme consistent's dashpots read
      double vwall[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
      wall_velocity(known, i, ic, faces[ic].dx, vwall);
      double *hist = gs_region_row_history(rows[i], size_history, faces[ic].iwall);

      c.meff = rmass[i];
      gs_copy3(omega[i], c.omegai);
      if (s.at_rest) {
        // minimize: at rest (the damping acts on velocities, which a minimization ignores)
        gs_zero3(c.omegai);
        gs_zero3(c.vr);
        c.damp_i = c.damp_j = rest6;
        gs_copy3(c.dx, c.dx_half);
      } else if (s.sync) {
        double xhalf[3];
        relative_velocity(i, vwall, s.halfstep, dt, xhalf, c.vr);
        // static region: the surface at the half-step position; moving region: relative motion
        int found = 0;
        if (!dynamic) {
          const int nh = region->surface(xhalf[0], xhalf[1], xhalf[2], 2.0 * radius[i]);
          for (int ih = 0; ih < nh && !found; ih++)
            if (region->contact[ih].iwall == faces[ic].iwall) {
              c.dx_half[0] = region->contact[ih].delx;
              c.dx_half[1] = region->contact[ih].dely;
              c.dx_half[2] = region->contact[ih].delz;
              found = 1;
            }
        }
        if (!found) gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
        if (model.scheme == GS_SCHEME_CONSISTENT) {
          c.damp_i = s.damping[i];
          c.damp_j = vwall;
        }
      } else {
        gs_sub3(v[i], vwall, c.vr);
      }
      c.mdr_i = i;
      if (s.dissipates) {
        gs_dissipation d{};
        gs_contact_evaluate_dissipating(&model, gs_model_kinds(&model), &c, hist, &d);
        dissipation->add(i, d.energy, &d.load_i[0][0]);
      } else {
        gs_contact_evaluate(&model, &c, hist);
      }
      if (fix_mdr && !std::isfinite(c.fn_total))
        error->one(FLERR, "fix wall/gran/sync/region, normal mdr: the force on atom {} is {}", atom->tag[i], c.fn_total);
      gs_add3(f[i], c.force, f[i]);
      gs_add3(torque[i], c.torquei, torque[i]);
      add_contact_outputs(c, i, s.twall);
      add_energy(i, gs_contact_stored_energy(&model, &c, hist));
    }
  }
  warn_mdr_yield_unrecorded(error, c, warned_mdr_yield, "fix wall/gran/sync/region");
}

// the wall's velocity at contact ic of the region's last query, at separation dx from atom i: from
// the core's geometry where it knows the moving shape (`known`, else nullptr), else LAMMPS'
void FixWallGranSyncRegion::wall_velocity(const gs_region *known, int i, int ic, const double *dx, double *vwall)
{
  gs_zero3(vwall);
  if (known) {
    gs_region_contact at{};
    gs_copy3(dx, at.del);
    at.varflag = region->contact[ic].varflag;
    gs_region_velocity(known, atom->x[i], &at, vwall);
  } else if (region->dynamic_check()) {
    region->velocity_contact(vwall, atom->x[i], ic);
  }
}

// atom i's velocity relative to the wall at the ordering's time level (synchronized: the half
// step's, with its position in xhalf)
void FixWallGranSyncRegion::relative_velocity(int i, const double *vwall, const HalfStepSource &halfstep, double dt,
                                              double *xhalf, double *vr)
{
  double vi[3];
  if (model.ordering == GS_ORDERING_SYNCHRONIZED)
    halfstep.of_atom(i, atom->x, dt, xhalf, vi);
  else
    gs_copy3(atom->v[i], vi);
  gs_sub3(vi, vwall, vr);
}

// compute dissipation/sync: the springs of atom i's contacts that ended release their energy; the
// face's geometry from a query at twice the radius (a face gone beyond it: the spring's energy alone)
void FixWallGranSyncRegion::release_ended(const gs_region *known, int i, const int *touched, int kept,
                                          const HalfStepSource &halfstep, double dt)
{
  double **x = atom->x;
  double *row = rows[i];
  const int count = static_cast<int>(row[0]);
  int nearby = -1;
  for (int m = 0; m < count; m++) {
    const double *slot = row + 1 + m * (1 + size_history);
    const int iwall = static_cast<int>(slot[0]);
    if (std::find(touched, touched + kept, iwall) != touched + kept) continue;
    if (nearby < 0) nearby = region->surface(x[i][0], x[i][1], x[i][2], 2.0 * atom->radius[i]);
    gs_contact c{};
    gs_dissipation d{};
    c.dt = dt;
    c.history_update = update->setupflag == 0;
    c.radi = atom->radius[i];
    for (int ic = 0; ic < nearby; ic++)
      if (region->contact[ic].iwall == iwall) {
        c.dx[0] = region->contact[ic].delx;
        c.dx[1] = region->contact[ic].dely;
        c.dx[2] = region->contact[ic].delz;
        c.r = region->contact[ic].r;
        c.radj = region->contact[ic].radius;
        gs_copy3(atom->omega[i], c.omegai);
        double vwall[3], xhalf[3];
        wall_velocity(known, i, ic, c.dx, vwall);
        relative_velocity(i, vwall, halfstep, dt, xhalf, c.vr);
      }
    if (c.r == 0.0) {
      c.r = 1.0;    // no geometry: no motion either, so the spring's energy alone
      c.dx[2] = 1.0;
    }
    gs_contact_release(&model, &c, slot + 1, &d);
    dissipation->add(i, d.energy, &d.load_i[0][0]);
  }
  // the caller reads the region's contacts of the query at the radius (a moving region's velocities)
  if (nearby >= 0) region->surface(x[i][0], x[i][1], x[i][2], atom->radius[i]);
}

// mdr, before the forces: each touching contact's part of its grain's mean surface displacement
// increment (a new contact has no area yet)
void FixWallGranSyncRegion::add_mdr_surface_increments(const double *acon0, double *ddelta_bar)
{
  double **x = atom->x;
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  contact_rows_to_host();
  if (region->dynamic_check()) region->prematch();
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit) || acon0[i] == 0.0) continue;
    if (!region->match(x[i][0], x[i][1], x[i][2])) continue;
    const int nc = region->surface(x[i][0], x[i][1], x[i][2], radius[i]);
    for (int ic = 0; ic < nc; ic++) {
      const double *h = gs_region_row_find(rows[i], size_history, region->contact[ic].iwall);
      if (h) ddelta_bar[i] += gs_mdr_wall_surface_increment(h, radius[i], region->contact[ic].r, acon0[i]);
    }
  }
}

void FixWallGranSyncRegion::write_restart(FILE *fp)
{
  if (comm->me != 0) return;
  int size = 0;
  region->length_restart_string(size);
  fwrite(&size, sizeof(int), 1, fp);
  region->write_restart(fp);
}

void FixWallGranSyncRegion::restart(char *buf)
{
  int n = 0;
  if (!region->restart(buf, n)) motion_mismatch = 1;
}
