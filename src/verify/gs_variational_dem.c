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
  int b, i, w;
  for (b = 0; b < s->nbonds; b++) {
    separation(q, &s->bonds[b], d);
    v += gs_vi_spring_energy(&s->bonds[b].spring, d);
  }
  for (i = 0; i < s->n; i++) {
    v -= s->mass[i] * gs_dot3(s->gravity, q + 3 * i);
    for (w = 0; w < s->nwalls; w++) v += gs_vi_wall_energy(&s->walls[w], q + 3 * i, s->radius[i]);
  }
  return v;
}

void gs_vi_gradient(const gs_vi_system *s, const double *q, double *grad)
{
  double d[3], g[3];
  int b, i, w;
  memset(grad, 0, sizeof(double) * 3 * (size_t) s->n);
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_vi_spring_gradient(&bond->spring, d, g);
    gs_add3(grad + 3 * bond->i, g, grad + 3 * bond->i);
    gs_sub3(grad + 3 * bond->j, g, grad + 3 * bond->j);
  }
  for (i = 0; i < s->n; i++) {
    gs_scale3(-s->mass[i], s->gravity, g);
    gs_add3(grad + 3 * i, g, grad + 3 * i);
    for (w = 0; w < s->nwalls; w++) {
      gs_vi_wall_gradient(&s->walls[w], q + 3 * i, s->radius[i], g);
      gs_add3(grad + 3 * i, g, grad + 3 * i);
    }
  }
}

/* the dashpots' forces at positions q and velocities v, added to f */
static void add_dashpot_forces(const gs_vi_system *s, const double *q, const double *v, double scale, double *f)
{
  double d[3], v_ij[3], f_i[3];
  int b, i, w;
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_sub3(v + 3 * bond->i, v + 3 * bond->j, v_ij);
    gs_vi_dashpot_force(&bond->spring, d, v_ij, f_i);
    gs_scale3(scale, f_i, f_i);
    gs_add3(f + 3 * bond->i, f_i, f + 3 * bond->i);
    gs_sub3(f + 3 * bond->j, f_i, f + 3 * bond->j);
  }
  for (i = 0; i < s->n; i++)
    for (w = 0; w < s->nwalls; w++) {
      gs_vi_wall_dashpot_force(&s->walls[w], q + 3 * i, s->radius[i], v + 3 * i, f_i);
      gs_scale3(scale, f_i, f_i);
      gs_add3(f + 3 * i, f_i, f + 3 * i);
    }
}

/* out = (M / h + h alpha (1 - alpha) H(q) + D(q) / 2) u: minus the residual's derivative by the new
 * positions, but for the turn of the dashpots' normals (a Newton iteration that converges to the
 * same step, linearly where it matters) */
static void apply_operator(const gs_vi_system *s, const double *q, const double *u, double *out)
{
  const double c = s->h * s->alpha * (1.0 - s->alpha);
  double d[3], u_ij[3], hu[3], du[3];
  int a, b, i, w;
  for (a = 0; a < 3 * s->n; a++) out[a] = s->mass[a / 3] / s->h * u[a];
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_sub3(u + 3 * bond->i, u + 3 * bond->j, u_ij);
    gs_vi_spring_hessian_apply(&bond->spring, d, u_ij, hu);
    gs_scale3(c, hu, hu);
    gs_vi_dashpot_resistance_apply(&bond->spring, d, u_ij, du);
    gs_scale3(0.5, du, du);
    gs_add3(hu, du, hu);
    gs_add3(out + 3 * bond->i, hu, out + 3 * bond->i);
    gs_sub3(out + 3 * bond->j, hu, out + 3 * bond->j);
  }
  for (i = 0; i < s->n; i++)
    for (w = 0; w < s->nwalls; w++) {
      const gs_vi_wall *wall = &s->walls[w];
      gs_vi_wall_apply(wall, q + 3 * i, s->radius[i], c * wall->k + 0.5 * wall->eta, u + 3 * i, hu);
      gs_add3(out + 3 * i, hu, out + 3 * i);
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
  double *q0 = malloc(sizeof(double) * 10 * (size_t) n);
  double *qa = q0 + n, *grad = q0 + 2 * n, *res = q0 + 3 * n, *dq = q0 + 4 * n, *v = q0 + 5 * n,
         *past = q0 + 6 * n, *work = q0 + 7 * n;
  double first_res = 0.0, first_dq = 0.0;
  int it, k, converged = 0;
  memcpy(q0, q, sizeof(double) * (size_t) n);
  /* the dashpots' half at the start (the paper's Q^p): at q0, with the velocities p0 / M */
  for (k = 0; k < n; k++) v[k] = p[k] / s->mass[k / 3];
  memset(past, 0, sizeof(double) * (size_t) n);
  add_dashpot_forces(s, q0, v, 0.5 * s->h, past);
  /* the first guess: a free flight with the momenta */
  for (k = 0; k < n; k++) q[k] = q0[k] + s->h * v[k];
  for (it = 1; it <= s->max_newton; it++) {
    double res_len = 0.0, step_len = 0.0, size = 0.0;
    for (k = 0; k < n; k++) {
      qa[k] = (1.0 - s->alpha) * q0[k] + s->alpha * q[k];
      v[k] = (q[k] - q0[k]) / s->h;
    }
    gs_vi_gradient(s, qa, grad);
    for (k = 0; k < n; k++)
      res[k] = p[k] - s->mass[k / 3] * v[k] - s->h * (1.0 - s->alpha) * grad[k] + past[k];
    /* the dashpots' half at the end (Q^-): at q_alpha, with the step's velocities */
    add_dashpot_forces(s, qa, v, 0.5 * s->h, res);
    solve_cg(s, qa, res, dq, work);
    for (k = 0; k < n; k++) {
      q[k] += dq[k];
      res_len += res[k] * res[k];
      step_len += dq[k] * dq[k];
      size += q[k] * q[k];
    }
    if (it == 1) {
      first_res = res_len;
      first_dq = step_len;
    }
    /* converged (the paper's rule): residual or correction down to newton_tol of the first; or the
     * correction below the positions' round-off */
    if (res_len <= s->newton_tol * s->newton_tol * first_res || step_len <= s->newton_tol * s->newton_tol * first_dq ||
        step_len <= 16.0 * DBL_EPSILON * DBL_EPSILON * size) {
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
