/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: the pair terms of the variational integrator of De Klerk et al. (2022), for its
 * contact model without friction: a normal spring of overlap delta = R_i + R_j - |x_i - x_j|,
 * Hookean (V = k delta^2 / 2; while delta > 0, or for every delta with `harmonic`: the paper's Fig. 9
 * pair) or Hertzian (V = 2/5 k delta^5/2, force k delta^3/2: granular/sync's hertz and
 * hertz/material), and a normal dashpot, force -eta (n . v_ij) n on i while the spring acts; the
 * same against walls (planes and a cylinder about z, at rest or moving). A step solves the
 * discrete Euler-Lagrange residual for the new positions by Newton's method, which needs V, its
 * gradient, its Hessian applied to a vector, the dashpot's force and its derivative by the
 * velocity; all come from here (C99, host and device, as the rest of the core), and
 * gs_vi_pair_spring() / gs_vi_wall_law() take them from a granular/sync model. */
#ifndef GS_VARIATIONAL_H
#define GS_VARIATIONAL_H

#include "gs_contact.h"
#include "gs_vec.h"
#include "gs_wall.h"

#include <stddef.h>

typedef struct gs_vi_spring {
  double k;      /* stiffness (Hertz: force per delta^3/2) */
  double reach;  /* R_i + R_j: the spring acts at separations below it */
  int harmonic;  /* 1: at every separation (a bond; Hooke only), 0: only while overlapping (a contact) */
  double eta;    /* the normal dashpot: force per normal relative velocity */
  double eta_t;  /* the tangential dashpot: force per tangential slip velocity */
  int hertz;     /* 0: Hooke, 1: Hertz */
} gs_vi_spring;

/* the spring law at overlap delta: force, energy and stiffness dF/ddelta */
GS_FN double gs_vi_law_force(double k, int hertz, double delta)
{
  return hertz ? k * delta * sqrt(delta) : k * delta;
}

GS_FN double gs_vi_law_energy(double k, int hertz, double delta)
{
  return hertz ? 0.4 * k * delta * delta * sqrt(delta) : 0.5 * k * delta * delta;
}

GS_FN double gs_vi_law_stiffness(double k, int hertz, double delta)
{
  return hertz ? 1.5 * k * sqrt(delta) : k;
}

/* the distance r = |d|, delta and the unit normal n = d / r of the separation d = x_i - x_j; 0 where
 * the spring is slack */
GS_FN int gs_vi_spring_acts(const gs_vi_spring *s, const double *d, double *r, double *delta, double *n)
{
  *r = gs_len3(d);
  *delta = s->reach - *r;
  if ((!s->harmonic || s->hertz) && *delta <= 0.0) return 0;
  gs_scale3(1.0 / *r, d, n);
  return 1;
}

GS_FN double gs_vi_spring_energy(const gs_vi_spring *s, const double *d)
{
  double r, delta, n[3];
  return gs_vi_spring_acts(s, d, &r, &delta, n) ? gs_vi_law_energy(s->k, s->hertz, delta) : 0.0;
}

/* dV/dx_i (dV/dx_j is its negative) */
GS_FN void gs_vi_spring_gradient(const gs_vi_spring *s, const double *d, double *grad_i)
{
  double r, delta, n[3];
  if (gs_vi_spring_acts(s, d, &r, &delta, n))
    gs_scale3(-gs_vi_law_force(s->k, s->hertz, delta), n, grad_i);
  else
    gs_zero3(grad_i);
}

/* H u_ij, H = d^2V/dx_i^2 = F'(delta) n n^T - (F(delta) / r)(I - n n^T), applied to u_ij = u_i - u_j:
 * the Hessian's block row of i applied to (u_i, u_j) (j's is its negative) */
GS_FN void gs_vi_spring_hessian_apply(const gs_vi_spring *s, const double *d, const double *u_ij, double *out_i)
{
  double delta, n[3], r, along, across[3], stiff, slack;
  if (!gs_vi_spring_acts(s, d, &r, &delta, n)) {
    gs_zero3(out_i);
    return;
  }
  stiff = gs_vi_law_stiffness(s->k, s->hertz, delta);
  slack = gs_vi_law_force(s->k, s->hertz, delta) / r;
  along = gs_dot3(n, u_ij);
  across[0] = u_ij[0] - along * n[0];
  across[1] = u_ij[1] - along * n[1];
  across[2] = u_ij[2] - along * n[2];
  out_i[0] = stiff * along * n[0] - slack * across[0];
  out_i[1] = stiff * along * n[1] - slack * across[1];
  out_i[2] = stiff * along * n[2] - slack * across[2];
}

/* A wall (the paper's walls: the same spring and dashpot against a plane at rest; here also a
 * cylinder about the z axis, as fix wall/gran/sync's zcylinder, and walls that move): a plane
 * through point with unit normal (into the half-space the spheres move in), overlapping a sphere of
 * radius R at x by delta = R - (x - point) . normal; a cylinder of radius cylradius > 0 with the
 * spheres inside, by delta = R + rho - cylradius (rho: x's distance from the axis), its normal
 * towards the axis. The dashpots act on the sphere's slip against the wall's velocity. */
typedef struct gs_vi_wall {
  double point[3], normal[3]; /* a plane's (a cylinder's: unused) */
  double k, eta, eta_t;       /* as gs_vi_spring's */
  int hertz;
  double cylradius;   /* > 0: the cylinder */
  double velocity[3]; /* the wall's */
} gs_vi_wall;

/* delta and the unit normal n at the contact (into the sphere's side); 0 where the sphere does not
 * touch (a sphere on the cylinder's axis touches it nowhere in particular: not either) */
GS_FN int gs_vi_wall_acts(const gs_vi_wall *w, const double *x, double radius, double *delta, double *n)
{
  double rel[3];
  if (w->cylradius > 0.0) {
    const double rho = sqrt(x[0] * x[0] + x[1] * x[1]);
    *delta = radius + rho - w->cylradius;
    if (!(*delta > 0.0) || rho == 0.0) return 0;
    n[0] = -x[0] / rho;
    n[1] = -x[1] / rho;
    n[2] = 0.0;
    return 1;
  }
  gs_sub3(x, w->point, rel);
  *delta = radius - gs_dot3(rel, w->normal);
  gs_copy3(w->normal, n);
  return *delta > 0.0;
}

GS_FN double gs_vi_wall_energy(const gs_vi_wall *w, const double *x, double radius)
{
  double delta, n[3];
  return gs_vi_wall_acts(w, x, radius, &delta, n) ? gs_vi_law_energy(w->k, w->hertz, delta) : 0.0;
}

/* dV/dx */
GS_FN void gs_vi_wall_gradient(const gs_vi_wall *w, const double *x, double radius, double *grad)
{
  double delta, n[3];
  if (gs_vi_wall_acts(w, x, radius, &delta, n))
    gs_scale3(-gs_vi_law_force(w->k, w->hertz, delta), n, grad);
  else
    gs_zero3(grad);
}

/* the Hessian d^2V/dx^2 applied to u: F'(delta) n n^T, and for the cylinder F(delta) / rho times the
 * projection on the horizontal direction across n (the overlap's curvature) */
GS_FN void gs_vi_wall_hessian_apply(const gs_vi_wall *w, const double *x, double radius, const double *u,
                                    double *out)
{
  double delta, n[3], along;
  if (!gs_vi_wall_acts(w, x, radius, &delta, n)) {
    gs_zero3(out);
    return;
  }
  along = gs_dot3(n, u);
  gs_scale3(gs_vi_law_stiffness(w->k, w->hertz, delta) * along, n, out);
  if (w->cylradius > 0.0) {
    const double bend = gs_vi_law_force(w->k, w->hertz, delta) / (w->cylradius + delta - radius);
    out[0] += bend * (u[0] - along * n[0]);
    out[1] += bend * (u[1] - along * n[1]);
  }
}

/* the dashpot's resistance applied to u_ij: eta (n . u_ij) n while the spring acts (minus its force
 * on i at the relative velocity u_ij = v_i - v_j; j's: the negative) */
GS_FN void gs_vi_dashpot_resistance_apply(const gs_vi_spring *s, const double *d, const double *u_ij, double *out_i)
{
  double r, delta, n[3];
  if (gs_vi_spring_acts(s, d, &r, &delta, n))
    gs_scale3(s->eta * gs_dot3(n, u_ij), n, out_i);
  else
    gs_zero3(out_i);
}

/* The tangential dashpot (the paper's eq. 21, frictionless: no tangential spring): force -eta_t v_t
 * at the contact point, v_t the contact point's tangential slip velocity
 *   v_t = (I - n n^T)(u_i - u_j) - (a_i w_i + a_j w_j) x n
 * of two spheres (velocities u, spins w; lever arms a from their centres to the contact point along
 * n = (x_i - x_j) / |x_i - x_j|, a_i + a_j = |x_i - x_j|; the paper: |x_i - x_j| / 2 each); a wall:
 * u_j = w_j = 0 and a_i the distance to the wall. Its generalised force on (x_i, theta_i, x_j,
 * theta_j) is P^T F with F = -eta_t v_t and P the map above: (F, -a_i n x F, -F, -a_j n x F), so the
 * torques sum with the forces' moments to zero and the power is -eta_t |v_t|^2. */
GS_FN void gs_vi_slip(const double *n, double ai, double aj, const double *ui, const double *wi, const double *uj,
                      const double *wj, double *vt)
{
  double u[3], w[3], spin[3];
  gs_sub3(ui, uj, u);
  gs_scale3(-gs_dot3(u, n), n, vt);
  gs_add3(vt, u, vt);
  w[0] = ai * wi[0] + aj * wj[0];
  w[1] = ai * wi[1] + aj * wj[1];
  w[2] = ai * wi[2] + aj * wj[2];
  gs_cross3(w, n, spin);
  gs_sub3(vt, spin, vt);
}

/* P^T f added: f to x_i, -a_i n x f to theta_i, -f to x_j, -a_j n x f to theta_j (j's may be NULL) */
GS_FN void gs_vi_slip_distribute(const double *n, double ai, double aj, const double *f, double *gi, double *ti,
                                 double *gj, double *tj)
{
  double turn[3];
  gs_cross3(n, f, turn);
  gs_add3(gi, f, gi);
  ti[0] -= ai * turn[0];
  ti[1] -= ai * turn[1];
  ti[2] -= ai * turn[2];
  if (gj) {
    gs_sub3(gj, f, gj);
    tj[0] -= aj * turn[0];
    tj[1] -= aj * turn[1];
    tj[2] -= aj * turn[2];
  }
}

/* ---- a pair's and a wall's terms on six degrees of freedom per sphere ---------------------------
 * u, v, g: a sphere's block of 6 (position or its velocity, then rotation angles or spin). */

/* the tangential dashpot's normal and lever arms (the centres' distance divided in the ratio of
 * the radii), 0 where it does not act */
GS_FN int gs_vi_pair_slip_frame(const gs_vi_spring *s, const double *d, double radi, double radj, double *n,
                                double *ai, double *aj)
{
  double r, delta;
  if (s->eta_t == 0.0 || !gs_vi_spring_acts(s, d, &r, &delta, n)) return 0;
  *ai = r * radi / (radi + radj);
  *aj = r - *ai;
  return 1;
}

/* scale times the dashpots' generalised forces at separation d for velocities vi, vj, added to gi
 * and gj (scale -1 with displacements: their resistance applied) */
GS_FN void gs_vi_pair_dashpots_add(const gs_vi_spring *s, const double *d, double radi, double radj,
                                   const double *vi, const double *vj, double scale, double *gi, double *gj)
{
  double v_ij[3], f[3], n[3], ai, aj, vt[3];
  gs_sub3(vi, vj, v_ij);
  gs_vi_dashpot_resistance_apply(s, d, v_ij, f);
  gs_scale3(-scale, f, f);
  gs_add3(gi, f, gi);
  gs_sub3(gj, f, gj);
  if (!gs_vi_pair_slip_frame(s, d, radi, radj, n, &ai, &aj)) return;
  gs_vi_slip(n, ai, aj, vi, vi + 3, vj, vj + 3, vt);
  gs_scale3(-scale * s->eta_t, vt, f);
  gs_vi_slip_distribute(n, ai, aj, f, gi, gi + 3, gj, gj + 3);
}

/* the pair's part of the Newton operator, c H + D / 2 (c = h alpha (1 - alpha)), applied to ui, uj
 * and added to outi, outj */
GS_FN void gs_vi_pair_operator_add(const gs_vi_spring *s, const double *d, double radi, double radj, double c,
                                   const double *ui, const double *uj, double *outi, double *outj)
{
  double u_ij[3], hu[3];
  gs_sub3(ui, uj, u_ij);
  gs_vi_spring_hessian_apply(s, d, u_ij, hu);
  gs_scale3(c, hu, hu);
  gs_add3(outi, hu, outi);
  gs_sub3(outj, hu, outj);
  gs_vi_pair_dashpots_add(s, d, radi, radj, ui, uj, -0.5, outi, outj);
}

/* the same for a sphere of radius R at x against a wall: scale times the dashpots' generalised
 * forces for the sphere's velocity and spin v against the wall's velocity (relative: 0 takes the
 * wall at rest, for the dashpots' derivative) */
GS_FN void gs_vi_wall_dashpots_add(const gs_vi_wall *w, const double *x, double radius, const double *v,
                                   double scale, int relative, double *g)
{
  const double zero[3] = {0.0, 0.0, 0.0};
  const double *vwall = relative ? w->velocity : zero;
  double f[3], delta, n[3], vt[3], slip[3];
  if (!gs_vi_wall_acts(w, x, radius, &delta, n)) return;
  gs_sub3(v, vwall, slip);
  gs_scale3(-scale * w->eta * gs_dot3(n, slip), n, f);
  gs_add3(g, f, g);
  if (w->eta_t == 0.0) return;
  gs_vi_slip(n, radius - delta, 0.0, v, v + 3, vwall, zero, vt);
  gs_scale3(-scale * w->eta_t, vt, f);
  gs_vi_slip_distribute(n, radius - delta, 0.0, f, g, g + 3, NULL, NULL);
}

GS_FN void gs_vi_wall_operator_add(const gs_vi_wall *w, const double *x, double radius, double c, const double *u,
                                   double *out)
{
  double hu[3];
  gs_vi_wall_hessian_apply(w, x, radius, u, hu);
  gs_scale3(c, hu, hu);
  gs_add3(out, hu, out);
  gs_vi_wall_dashpots_add(w, x, radius, u, -0.5, 0, out);
}

/* ---- from granular/sync's models ---------------------------------------------------------------
 * The sub-models the integrator has (the paper's frictionless model, with Hertz's spring besides
 * Hooke's): NULL, or what m has that it has not. */
GS_FN const char *gs_vi_model_refusal(const gs_model *m)
{
  if (m->normal != GS_NORMAL_HOOKE && m->normal != GS_NORMAL_HERTZ && m->normal != GS_NORMAL_HERTZ_MATERIAL)
    return "normal (allowed: hooke, hertz, hertz/material)";
  if (m->damping != GS_DAMPING_VELOCITY && m->damping != GS_DAMPING_MASS_VELOCITY)
    return "damping (allowed: velocity, mass_velocity)";
  if (m->tangential != GS_TANGENTIAL_LINEAR_NOHISTORY) return "tangential (allowed: linear_nohistory)";
  if (m->rolling != GS_ROLLING_NONE) return "rolling (allowed: none)";
  if (m->twisting != GS_TWISTING_NONE) return "twisting (allowed: none)";
  if (m->heat != GS_HEAT_NONE && m->heat != GS_HEAT_UNSET) return "heat (allowed: none)";
  if (m->limit_damping) return "limit_damping (not allowed)";
  return NULL;
}

/* stiffness (gs_contact's normal force: hooke kn delta; hertz kn a delta, a = sqrt(delta R*)), law
 * and dashpots (velocity: eta = damp; mass_velocity: damp meff; tangential: xt eta) of model m for
 * effective radius reff and mass meff */
GS_FN void gs_vi_model_law(const gs_model *m, double reff, double meff, double *k, int *hertz, double *eta,
                           double *eta_t)
{
  *hertz = m->normal != GS_NORMAL_HOOKE;
  *k = *hertz ? m->kn * sqrt(reff) : m->kn;
  *eta = m->damping == GS_DAMPING_MASS_VELOCITY ? m->damp_normal * meff : m->damp_normal;
  *eta_t = m->xt * *eta;
}

GS_FN gs_vi_spring gs_vi_pair_spring(const gs_model *m, double radi, double radj, double meff)
{
  gs_vi_spring s;
  s.reach = radi + radj;
  s.harmonic = 0;
  gs_vi_model_law(m, radi * radj / (radi + radj), meff, &s.k, &s.hertz, &s.eta, &s.eta_t);
  return s;
}

/* the spring and dashpots of wall w against a sphere of radius and mass: the spring's effective
 * radius as gs_wall_contact()'s (a cylinder: a concave wall of radius -2 cylradius) */
GS_FN void gs_vi_wall_law(const gs_model *m, double radius, double mass, gs_vi_wall *w)
{
  gs_vi_model_law(m, gs_effective_radius(m, radius, w->cylradius > 0.0 ? -2.0 * w->cylradius : 0.0), mass, &w->k,
                  &w->hertz, &w->eta, &w->eta_t);
}

/* fix wall/gran/sync's wall g (side 0: its lo plane, 1: its hi one; a cylinder: 0) at `time` since
 * it was defined, without its law (gs_vi_wall_law() gives it per sphere): a plane wiggled along its
 * normal moved there; its velocity the mean over [from, to] where from < to (a step's, as the
 * step's mean velocity dq / h meets it), else the one at `to` */
GS_FN gs_vi_wall gs_vi_wall_of(const gs_wall *g, int side, double time, double from, double to)
{
  gs_vi_wall w = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, 0.0, 0.0, 0, 0.0, {0.0, 0.0, 0.0}};
  if (g->style == GS_WALL_ZCYLINDER) {
    w.cylradius = g->cylradius;
  } else {
    const double move = g->wiggle && g->axis == g->style ? gs_wall_wiggle_displacement(g, time) : 0.0;
    w.point[g->style] = (side == 0 ? g->lo : g->hi) + move;
    w.normal[g->style] = side == 0 ? 1.0 : -1.0;
  }
  if (g->wiggle && from < to)
    w.velocity[g->axis] = (gs_wall_wiggle_displacement(g, to) - gs_wall_wiggle_displacement(g, from)) / (to - from);
  else
    gs_wall_velocity(g, to, w.velocity);
  return w;
}

#endif
