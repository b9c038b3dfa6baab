/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: a sphere against a flat wall or the inside of a z cylinder, for every wall adapter
 * (fix wall/gran/sync and its Kokkos twin). The wall's motion over the step is set once per step
 * on the host (gs_wall_step_init); gs_wall_contact() then handles one atom. */
#ifndef GS_WALL_H
#define GS_WALL_H

#include "gs_contact.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gs_wall_style { GS_WALL_XPLANE = 0, GS_WALL_YPLANE = 1, GS_WALL_ZPLANE = 2, GS_WALL_ZCYLINDER = 3 };

/* a plane given as NULL lies this far out */
#define GS_WALL_ABSENT 1.0e20

/* A wall: a pair of planes normal to `style` at lo/hi (either may be absent: +-GS_WALL_ABSENT), or a z
 * cylinder of radius `cylradius` around the z axis, moving by wiggle (along `axis`) or shear. */
typedef struct gs_wall {
  int style;
  double lo, hi, cylradius;
  int wiggle, shear, axis;
  double amplitude, wiggle_omega, vshear;
} gs_wall;

/* Wall positions and velocity for one step. */
typedef struct gs_wall_step {
  double wlo, whi;           /* at t+dt */
  double wlo_half, whi_half; /* at t+dt/2 */
  double vwall[3];
  double next[6];            /* velocity (0-2) and spin (3-5: none) at t+dt, for scheme consistent's dashpots */
  double dt;
  int history_update;
} gs_wall_step;

/* displacement of a wiggled wall at `time` since the wall was defined */
GS_FN double gs_wall_wiggle_displacement(const gs_wall *w, double time)
{
  return w->wiggle ? w->amplitude - w->amplitude * cos(w->wiggle_omega * time) : 0.0;
}

/* the wall's velocity at `time` since it was defined (a wiggle's or a shear's, along its axis) */
GS_FN void gs_wall_velocity(const gs_wall *w, double time, double *v)
{
  gs_zero3(v);
  if (w->wiggle)
    v[w->axis] = w->amplitude * w->wiggle_omega * sin(w->wiggle_omega * time);
  else if (w->shear)
    v[w->axis] = w->vshear;
}

/* time: t+dt since the wall was defined. Standard ordering: the wall velocity at t+dt (as stock);
 * synchronized: its mean over the step, like the half-step velocity of a Verlet atom. */
GS_FN void gs_wall_step_init(const gs_wall *w, int ordering, double time, double dt, int history_update,
                             gs_wall_step *s)
{
  const double move = gs_wall_wiggle_displacement(w, time), move0 = gs_wall_wiggle_displacement(w, time - dt);
  const int normal_motion = w->wiggle && w->axis == w->style;
  s->wlo = w->lo + (normal_motion ? move : 0.0);
  s->whi = w->hi + (normal_motion ? move : 0.0);
  s->wlo_half = w->lo + (normal_motion ? 0.5 * (move + move0) : 0.0);
  s->whi_half = w->hi + (normal_motion ? 0.5 * (move + move0) : 0.0);
  gs_wall_velocity(w, time, s->next);
  gs_zero3(s->next + 3);
  gs_copy3(s->next, s->vwall);
  if (w->wiggle && ordering == GS_ORDERING_SYNCHRONIZED) s->vwall[w->axis] = (move - move0) / dt;
  s->dt = dt;
  s->history_update = history_update;
}

/* What the walls' per-atom functions return instead of a count of contacts. */
#define GS_WALL_CROWDED (-1) /* more contacts than the atom's rows hold */
#define GS_WALL_CENTRED (-2) /* the atom's centre lies on the wall: its contact has no normal */

/* Vector from the wall's contact point to x for planes at wlo/whi (cylinder: around the z axis),
 * its length r, and the wall's radius for the effective radius (0: flat). */
GS_FN void gs_wall_separation(const gs_wall *w, const double *x, double wlo, double whi, double *dx, double *r,
                              double *rwall)
{
  dx[0] = dx[1] = dx[2] = 0.0;
  *rwall = 0.0;
  if (w->style == GS_WALL_ZCYLINDER) {
    /* particles inside the cylinder; a concave wall of radius -2R as LAMMPS' region walls */
    const double raxis = sqrt(x[0] * x[0] + x[1] * x[1]);
    const double factor = 1.0 - w->cylradius / raxis;
    dx[0] = x[0] * factor;
    dx[1] = x[1] * factor;
    *r = w->cylradius - raxis;
    *rwall = -2.0 * w->cylradius;
    return;
  }
  {
    const double del1 = x[w->style] - wlo;
    const double del2 = whi - x[w->style];
    dx[w->style] = del1 < del2 ? del1 : -del2;
    *r = fabs(dx[w->style]);
  }
}

/* History doubles per atom: the model's, after a JKR contact's flag (touching at the last step). */
GS_FN int gs_wall_history_size(const gs_model *m)
{
  return m->size_history + (m->normal == GS_NORMAL_JKR);
}

/* whether the atom's wall history holds anything: a contact at the last step (or a spring) */
GS_FN int gs_wall_history_held(const gs_model *m, const double *history)
{
  int k;
  if (!history) return 0;
  for (k = 0; k < gs_wall_history_size(m); k++)
    if (history[k] != 0.0) return 1;
  return 0;
}

/* The contact test of an atom at x (t+dt) against the wall: the separation into c (dx, r, radi,
 * radj) and whether the atom touches (a JKR contact held in `history` reaches to its pull-off
 * distance). */
GS_FN int gs_wall_test(const gs_model *m, const gs_wall *w, const gs_wall_step *s, const double *x, double radius,
                       const double *history, gs_contact *c)
{
  double rwall;
  gs_wall_separation(w, x, s->wlo, s->whi, c->dx, &c->r, &rwall);
  c->radi = radius;
  c->radj = rwall;
  return gs_wall_in_contact(m, c, m->normal == GS_NORMAL_JKR && history && history[0] != 0.0);
}

/* Whether gs_wall_contact() acts on an atom at x: it touches, or holds history to clear. When not,
 * gs_wall_contact() returns 0 and changes nothing, so a caller may skip gathering the atom's
 * motion (most atoms of a bed on a floor are far from it). */
GS_FN int gs_wall_acts(const gs_model *m, const gs_wall *w, const gs_wall_step *s, const double *x, double radius,
                       const double *history)
{
  gs_contact c;
  return gs_wall_test(m, w, s, x, radius, history, &c) || gs_wall_history_held(m, history);
}

/* One atom against the wall. x, v: at t+dt; xhalf, vhalf: its half-step position and velocity
 * (synchronized ordering only; may equal x/v otherwise); next: its velocity (0-2) and spin (3-5) at
 * t+dt for the dashpots (read with scheme consistent only). history: gs_wall_history_size() doubles
 * (NULL if none). Adds force and torque; `report` (may be NULL) receives the evaluated contact (its
 * separation from the wall's contact point, force, contact radius: for heat and per-atom output);
 * `dissipation` (may be NULL) gets the step's slip energy and dashpot loads added (gs_dissipation):
 * only where the atom touches or held history (gs_wall_history_held()).
 * Returns 0 and clears the history when not in contact; GS_WALL_CENTRED, adding nothing, when the
 * atom's centre lies on the wall (the caller stops the run). */
GS_FN int gs_wall_contact(const gs_model *m, const gs_wall *w, const gs_wall_step *s, const double *x,
                          const double *v, const double *xhalf, const double *vhalf, const double *omega,
                          const double *next, double radius, double rmass,
                          double *history, double *force, double *torque, gs_contact *report,
                          gs_dissipation *dissipation)
{
  const int flag = m->normal == GS_NORMAL_JKR;
  gs_contact c;
  int k;
  const int touching = gs_wall_test(m, w, s, x, radius, history, &c);
  c.dt = s->dt;
  c.history_update = s->history_update;
  gs_copy3(omega, c.omegai);
  gs_zero3(c.omegaj);
  if (!touching) {
    if (gs_wall_history_held(m, history)) {
      if (dissipation) {
        gs_sub3(m->ordering == GS_ORDERING_SYNCHRONIZED ? vhalf : v, s->vwall, c.vr);
        gs_contact_release(m, &c, history + flag, dissipation);
      }
      for (k = 0; k < gs_wall_history_size(m); k++) history[k] = 0.0;
    }
    return 0;
  }
  if (c.r == 0.0) return GS_WALL_CENTRED;
  if (flag) history[0] = 1.0;
  c.meff = rmass;
  if (m->ordering == GS_ORDERING_SYNCHRONIZED) {
    double r_half, rwall_half;
    gs_wall_separation(w, xhalf, s->wlo_half, s->whi_half, c.dx_half, &r_half, &rwall_half);
    gs_sub3(vhalf, s->vwall, c.vr);
    if (m->scheme == GS_SCHEME_CONSISTENT) {
      c.damp_i = next;
      c.damp_j = s->next;
    }
  } else {
    gs_sub3(v, s->vwall, c.vr);
  }
  gs_contact_evaluate_dissipating(m, gs_model_kinds(m), &c, history ? history + flag : history, dissipation);
  gs_add3(force, c.force, force);
  gs_add3(torque, c.torquei, torque);
  if (report) *report = c;
  return 1;
}

/* The stored energy (gs_contact_stored_energy()) of a contact reported by gs_wall_contact(), with
 * the history given there. */
GS_FN double gs_wall_stored_energy(const gs_model *m, const gs_contact *c, const double *history)
{
  return gs_contact_stored_energy(m, c, history ? history + (m->normal == GS_NORMAL_JKR) : history);
}

/* Columns of the walls' `contacts` output: stock fix wall/gran's 8, then as stock the sub-models'
 * extras: mdr's contact area, the heat with heat area or radius. */
GS_FN int gs_wall_output_columns(const gs_model *m)
{
  return 8 + (m->normal == GS_NORMAL_MDR) + (m->heat == GS_HEAT_AREA || m->heat == GS_HEAT_RADIUS);
}

/* What a touching wall contact c of a particle at x (t+dt) with the given radius adds besides force
 * and torque: to *heat (unless NULL) the heat from the wall at temperature twall into the particle at
 * ti; into row (unless NULL) its `contacts` output, stock fix wall/gran's layout: 1, the wall's force
 * on the particle, the contact point, the radius, then the columns gs_wall_output_columns() adds. */
GS_FN void gs_wall_contact_outputs(const gs_model *m, const gs_contact *c, const double *x, double radius, double ti,
                                   double twall, double *heat, double *row)
{
  const double dq = heat || row ? gs_contact_heat(m, c, ti, twall) : 0.0;
  int k;
  if (heat) *heat += dq;
  if (!row) return;
  row[0] = 1.0;
  for (k = 0; k < 3; k++) {
    row[1 + k] = c->force[k];
    row[4 + k] = x[k] - c->dx[k];
  }
  row[7] = radius;
  k = 8;
  if (m->normal == GS_NORMAL_MDR) row[k++] = c->mdr_area;
  if (gs_wall_output_columns(m) > k) row[k] = dq;
}

#ifdef __cplusplus
}
#endif

#endif
