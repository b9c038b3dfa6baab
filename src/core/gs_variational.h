/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: the pair terms of the variational integrator of De Klerk et al. (2022), for its
 * contact model without friction: a Hookean normal spring, V = k delta^2 / 2 with
 * delta = R_i + R_j - |x_i - x_j| (while delta > 0; for every delta with `harmonic`, the paper's
 * Fig. 9 pair), and a normal dashpot, force -eta (n . v_ij) n on i while the spring acts; the same
 * against flat walls. A step
 * solves the discrete Euler-Lagrange residual for the new positions by Newton's method, which needs
 * V, its gradient, its Hessian applied to a vector, the dashpot's force and its derivative by the
 * velocity; all come from here (C99, host and device, as the rest of the core). */
#ifndef GS_VARIATIONAL_H
#define GS_VARIATIONAL_H

#include "gs_vec.h"

typedef struct gs_vi_spring {
  double k;      /* stiffness */
  double reach;  /* R_i + R_j: the spring acts at separations below it */
  int harmonic;  /* 1: at every separation (a bond), 0: only while overlapping (a contact) */
  double eta;    /* the normal dashpot: force per normal relative velocity */
} gs_vi_spring;

/* delta and the unit normal n = d / |d| of the separation d = x_i - x_j; 0 where the spring is slack */
GS_FN int gs_vi_spring_acts(const gs_vi_spring *s, const double *d, double *delta, double *n)
{
  const double r = gs_len3(d);
  *delta = s->reach - r;
  if (!s->harmonic && *delta <= 0.0) return 0;
  gs_scale3(1.0 / r, d, n);
  return 1;
}

GS_FN double gs_vi_spring_energy(const gs_vi_spring *s, const double *d)
{
  double delta, n[3];
  return gs_vi_spring_acts(s, d, &delta, n) ? 0.5 * s->k * delta * delta : 0.0;
}

/* dV/dx_i (dV/dx_j is its negative) */
GS_FN void gs_vi_spring_gradient(const gs_vi_spring *s, const double *d, double *grad_i)
{
  double delta, n[3];
  if (gs_vi_spring_acts(s, d, &delta, n))
    gs_scale3(-s->k * delta, n, grad_i);
  else
    gs_zero3(grad_i);
}

/* H u_ij, H = d^2V/dx_i^2 = k [n n^T - (delta / r)(I - n n^T)], applied to u_ij = u_i - u_j: the
 * Hessian's block row of i applied to (u_i, u_j) (j's is its negative) */
GS_FN void gs_vi_spring_hessian_apply(const gs_vi_spring *s, const double *d, const double *u_ij, double *out_i)
{
  double delta, n[3], r, along, across[3];
  if (!gs_vi_spring_acts(s, d, &delta, n)) {
    gs_zero3(out_i);
    return;
  }
  r = gs_len3(d);
  along = gs_dot3(n, u_ij);
  across[0] = u_ij[0] - along * n[0];
  across[1] = u_ij[1] - along * n[1];
  across[2] = u_ij[2] - along * n[2];
  out_i[0] = s->k * (along * n[0] - delta / r * across[0]);
  out_i[1] = s->k * (along * n[1] - delta / r * across[1]);
  out_i[2] = s->k * (along * n[2] - delta / r * across[2]);
}

/* A flat wall (the paper's walls: the same spring and dashpot against a plane at rest): a sphere
 * of radius R at x overlaps it by delta = R - (x - point) . normal while delta > 0. */
typedef struct gs_vi_wall {
  double point[3], normal[3]; /* normal: unit, into the half-space the spheres move in */
  double k, eta;
} gs_vi_wall;

/* delta, 0 where the sphere does not touch */
GS_FN int gs_vi_wall_acts(const gs_vi_wall *w, const double *x, double radius, double *delta)
{
  double rel[3];
  gs_sub3(x, w->point, rel);
  *delta = radius - gs_dot3(rel, w->normal);
  return *delta > 0.0;
}

GS_FN double gs_vi_wall_energy(const gs_vi_wall *w, const double *x, double radius)
{
  double delta;
  return gs_vi_wall_acts(w, x, radius, &delta) ? 0.5 * w->k * delta * delta : 0.0;
}

/* dV/dx */
GS_FN void gs_vi_wall_gradient(const gs_vi_wall *w, const double *x, double radius, double *grad)
{
  double delta;
  if (gs_vi_wall_acts(w, x, radius, &delta))
    gs_scale3(-w->k * delta, w->normal, grad);
  else
    gs_zero3(grad);
}

/* while touching: coefficient n (n . u) (the Hessian with k, the dashpot's resistance with eta) */
GS_FN void gs_vi_wall_apply(const gs_vi_wall *w, const double *x, double radius, double coefficient, const double *u,
                            double *out)
{
  double delta;
  if (gs_vi_wall_acts(w, x, radius, &delta))
    gs_scale3(coefficient * gs_dot3(w->normal, u), w->normal, out);
  else
    gs_zero3(out);
}

/* the dashpot's force on the sphere moving with v */
GS_FN void gs_vi_wall_dashpot_force(const gs_vi_wall *w, const double *x, double radius, const double *v, double *f)
{
  gs_vi_wall_apply(w, x, radius, -w->eta, v, f);
}

/* the dashpot's force on i at separation d and relative velocity v_ij = v_i - v_j (j's: its negative) */
GS_FN void gs_vi_dashpot_force(const gs_vi_spring *s, const double *d, const double *v_ij, double *f_i)
{
  double delta, n[3];
  if (gs_vi_spring_acts(s, d, &delta, n))
    gs_scale3(-s->eta * gs_dot3(n, v_ij), n, f_i);
  else
    gs_zero3(f_i);
}

/* minus its derivative by the relative velocity, applied to u_ij: eta (n . u_ij) n */
GS_FN void gs_vi_dashpot_resistance_apply(const gs_vi_spring *s, const double *d, const double *u_ij, double *out_i)
{
  double delta, n[3];
  if (gs_vi_spring_acts(s, d, &delta, n))
    gs_scale3(s->eta * gs_dot3(n, u_ij), n, out_i);
  else
    gs_zero3(out_i);
}

#endif
