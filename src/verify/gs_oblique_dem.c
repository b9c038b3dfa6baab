/* SPDX-License-Identifier: GPL-2.0-or-later
 * Oblique sphere impact with the gransync core (see gs_oblique_dem.h). */
#include "gs_oblique_dem.h"

#include "gs_integrate.h"

#include <math.h>
#include <string.h>

#define GS_PI 3.14159265358979323846

struct body {
  double x[3], v[3], omega[3], f[3], torque[3];
};

static double sphere_mass(const gs_oblique_params *p)
{
  return p->density * 4.0 / 3.0 * GS_PI * p->radius * p->radius * p->radius;
}

static double effective_mass(const gs_oblique_params *p)
{
  return p->target == GS_OBLIQUE_WALL ? sphere_mass(p) : 0.5 * sphere_mass(p);
}

double gs_oblique_contact_time(const gs_model *m, const gs_oblique_params *p)
{
  const double meff = effective_mass(p);
  const double reff = p->target == GS_OBLIQUE_WALL ? p->radius : 0.5 * p->radius;
  if (m->normal == GS_NORMAL_HOOKE) return GS_PI * sqrt(meff / m->kn);
  return 2.9432 * pow(5.0 * meff * p->vn * p->vn / (4.0 * m->kn * sqrt(reff)), 0.4) / p->vn;
}

/* Contact forces at t+dt from positions at t+dt and velocities at t+dt/2 (what a pair style
 * sees); returns 1 while touching. The sliding flag is set when the tangential force sits at the
 * Coulomb limit. */
static int forces(const gs_model *m, const gs_oblique_params *p, struct body *a, struct body *b, double dt,
                  int history_update, double *hist, int *sliding)
{
  gs_contact c;
  const int wall = p->target == GS_OBLIQUE_WALL;
  memset(&c, 0, sizeof(c));
  gs_zero3(a->f);
  gs_zero3(a->torque);
  gs_zero3(b->f);
  gs_zero3(b->torque);
  c.radi = p->radius;
  c.meff = effective_mass(p);
  c.dt = dt;
  c.history_update = history_update;
  gs_copy3(a->omega, c.omegai);
  if (wall) {
    /* the plane z = 0: separation from the contact point below the sphere */
    c.dx[2] = a->x[2];
    c.r = a->x[2];
    gs_copy3(a->v, c.vr);
    if (!gs_wall_touching(&c)) return 0;
  } else {
    c.radj = p->radius;
    gs_sub3(a->x, b->x, c.dx);
    gs_sub3(a->v, b->v, c.vr);
    gs_copy3(b->omega, c.omegaj);
    if (!gs_pair_touching(&c)) return 0;
  }
  /* both bodies take plain velocity-Verlet steps: the half-step separation is exact; for the
   * plane it runs from the plane point below the sphere's half-step position */
  gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
  if (wall) c.dx_half[0] = c.dx_half[1] = 0.0;
  gs_contact_evaluate(m, &c, hist);
  gs_copy3(c.force, a->f);
  gs_copy3(c.torquei, a->torque);
  if (!wall) {
    gs_scale3(-1.0, c.force, b->f);
    gs_copy3(c.torquej, b->torque);
  }
  *sliding = gs_len3(c.fs) >= m->mut * fabs(c.fn_total) * (1.0 - 1e-12) && gs_len3(c.fs) > 0.0;
  return 1;
}

int gs_oblique_run(const gs_model *m, const gs_oblique_params *p, gs_oblique_result *out)
{
  const double mass = sphere_mass(p);
  double dt, dtf, dtfrotate, hist[8];
  struct body a, b;
  int touched = 0, sliding = 0, was_sliding = 0, step;

  if (!(p->radius > 0 && p->density > 0 && p->vn > 0 && p->steps_per_tc > 0)) return -1;
  if ((p->target == GS_OBLIQUE_WALL) != (m->geometry == GS_GEOMETRY_WALL)) return -1;
  if (m->size_history > 8) return -1;

  memset(&a, 0, sizeof(a));
  memset(&b, 0, sizeof(b));
  memset(hist, 0, sizeof(hist));
  memset(out, 0, sizeof(*out));
  out->first_transition = -1;
  a.x[2] = p->target == GS_OBLIQUE_WALL ? p->radius : 2.0 * p->radius;
  a.v[0] = p->vt;
  a.v[2] = -p->vn;
  dt = gs_oblique_contact_time(m, p) / p->steps_per_tc;
  dtf = 0.5 * dt;
  dtfrotate = dtf / 0.4;

  for (step = 0;; step++) {
    gs_sphere_initial_integrate(dtf, dt, dtfrotate, mass, p->radius, a.f, a.torque, a.x, a.v, a.omega);
    gs_sphere_initial_integrate(dtf, dt, dtfrotate, mass, p->radius, b.f, b.torque, b.x, b.v, b.omega);
    if (forces(m, p, &a, &b, dt, 1, hist, &sliding)) {
      if (!touched) out->starts_sliding = sliding;
      if (touched && sliding != was_sliding) {
        if (out->transitions == 0) out->first_transition = out->stick_steps + out->slide_steps;
        out->transitions++;
      }
      if (sliding)
        out->slide_steps++;
      else
        out->stick_steps++;
      was_sliding = sliding;
      touched = 1;
    } else if (touched) {
      break;
    }
    gs_sphere_final_integrate(dtf, dtfrotate, mass, p->radius, a.f, a.torque, a.v, a.omega);
    gs_sphere_final_integrate(dtf, dtfrotate, mass, p->radius, b.f, b.torque, b.v, b.omega);
    if (step > 1000 * p->steps_per_tc) return -1; /* never left the contact */
  }
  /* no force after the contact: the second half kick changes nothing */
  gs_copy3(a.v, out->v);
  gs_copy3(a.omega, out->omega);
  out->duration = (out->stick_steps + out->slide_steps) * dt;
  return 0;
}
