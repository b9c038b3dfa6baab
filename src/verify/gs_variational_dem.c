/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "gs_variational_dem.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void separation(const double *q, const gs_vi_bond *b, double *d)
{
  gs_sub3(q + 3 * b->i, q + 3 * b->j, d);
}

double gs_vi_potential(const gs_vi_system *s, const double *q)
{
  double v = 0.0, d[3];
  int b;
  for (b = 0; b < s->nbonds; b++) {
    separation(q, &s->bonds[b], d);
    v += gs_vi_spring_energy(&s->bonds[b].spring, d);
  }
  return v;
}

void gs_vi_gradient(const gs_vi_system *s, const double *q, double *grad)
{
  double d[3], g[3];
  int b;
  memset(grad, 0, sizeof(double) * 3 * (size_t) s->n);
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_vi_spring_gradient(&bond->spring, d, g);
    gs_add3(grad + 3 * bond->i, g, grad + 3 * bond->i);
    gs_sub3(grad + 3 * bond->j, g, grad + 3 * bond->j);
  }
}

/* out = (M / h + h alpha (1 - alpha) H(q)) u */
static void apply_operator(const gs_vi_system *s, const double *q, const double *u, double *out)
{
  const double c = s->h * s->alpha * (1.0 - s->alpha);
  double d[3], u_ij[3], hu[3];
  int a, b;
  for (a = 0; a < 3 * s->n; a++) out[a] = s->mass[a / 3] / s->h * u[a];
  if (c == 0.0) return;
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_sub3(u + 3 * bond->i, u + 3 * bond->j, u_ij);
    gs_vi_spring_hessian_apply(&bond->spring, d, u_ij, hu);
    gs_scale3(c, hu, hu);
    gs_add3(out + 3 * bond->i, hu, out + 3 * bond->i);
    gs_sub3(out + 3 * bond->j, hu, out + 3 * bond->j);
  }
}

static double dot(const double *a, const double *b, int n)
{
  double sum = 0.0;
  int k;
  for (k = 0; k < n; k++) sum += a[k] * b[k];
  return sum;
}

/* conjugate gradients for A x = rhs from x = 0, to |r| <= 1e-15 |rhs| (the paper's tolerance) */
static void solve_cg(const gs_vi_system *s, const double *q, const double *rhs, double *x, double *work)
{
  const int n = 3 * s->n;
  double *r = work, *dir = work + n, *adir = work + 2 * n;
  double rr, stop;
  int it, k;
  memset(x, 0, sizeof(double) * (size_t) n);
  memcpy(r, rhs, sizeof(double) * (size_t) n);
  memcpy(dir, rhs, sizeof(double) * (size_t) n);
  rr = dot(r, r, n);
  stop = 1e-30 * rr;
  for (it = 0; it < 10 * n && rr > stop; it++) {
    double step, rr_next;
    apply_operator(s, q, dir, adir);
    step = rr / dot(dir, adir, n);
    for (k = 0; k < n; k++) {
      x[k] += step * dir[k];
      r[k] -= step * adir[k];
    }
    rr_next = dot(r, r, n);
    for (k = 0; k < n; k++) dir[k] = r[k] + rr_next / rr * dir[k];
    rr = rr_next;
  }
}

int gs_vi_step(const gs_vi_system *s, double *q, double *p)
{
  const int n = 3 * s->n;
  double *q0 = malloc(sizeof(double) * 8 * (size_t) n);
  double *qa = q0 + n, *grad = q0 + 2 * n, *res = q0 + 3 * n, *dq = q0 + 4 * n, *work = q0 + 5 * n;
  int it, k, converged = 0;
  memcpy(q0, q, sizeof(double) * (size_t) n);
  /* the first guess: a free flight with the momenta */
  for (k = 0; k < n; k++) q[k] = q0[k] + s->h * p[k] / s->mass[k / 3];
  for (it = 1; it <= s->max_newton; it++) {
    double step_len = 0.0, move = 0.0, size = 0.0;
    for (k = 0; k < n; k++) qa[k] = (1.0 - s->alpha) * q0[k] + s->alpha * q[k];
    gs_vi_gradient(s, qa, grad);
    for (k = 0; k < n; k++)
      res[k] = p[k] - s->mass[k / 3] * (q[k] - q0[k]) / s->h - s->h * (1.0 - s->alpha) * grad[k];
    solve_cg(s, qa, res, dq, work);
    for (k = 0; k < n; k++) {
      q[k] += dq[k];
      step_len += dq[k] * dq[k];
      move += (q[k] - q0[k]) * (q[k] - q0[k]);
      size += q[k] * q[k];
    }
    /* converged: the correction small against the step's motion, or below the positions' round-off */
    if (step_len <= s->newton_tol * s->newton_tol * move || step_len <= 16.0 * DBL_EPSILON * DBL_EPSILON * size) {
      converged = 1;
      break;
    }
  }
  for (k = 0; k < n; k++) qa[k] = (1.0 - s->alpha) * q0[k] + s->alpha * q[k];
  gs_vi_gradient(s, qa, grad);
  for (k = 0; k < n; k++) p[k] = s->mass[k / 3] * (q[k] - q0[k]) / s->h - s->h * s->alpha * grad[k];
  free(q0);
  return converged ? it : -1;
}
