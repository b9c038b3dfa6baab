/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "gs_variational_dem.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

gs_vi_system gs_vi_spheres(int n, const double *mass, const double *inertia, const double *radius, double h)
{
  gs_vi_system s;
  memset(&s, 0, sizeof(s));
  s.n = n;
  s.mass = mass;
  s.inertia = inertia;
  s.radius = radius;
  s.alpha = 0.5;
  s.h = h;
  s.newton_tol = 1e-13;
  s.max_newton = 200;
  return s;
}

/* the mass of degree of freedom k: a sphere's mass for its position, its moment of inertia for its
 * rotation angles */
static double dof_mass(const gs_vi_system *s, int k)
{
  const int sphere = k / GS_VI_DOF;
  return k % GS_VI_DOF < 3 ? s->mass[sphere] : s->inertia[sphere];
}

static const double *position(const double *q, int sphere)
{
  return q + GS_VI_DOF * sphere;
}

static void separation(const double *q, const gs_vi_bond *b, double *d)
{
  gs_sub3(position(q, b->i), position(q, b->j), d);
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
    v -= s->mass[i] * gs_dot3(s->gravity, position(q, i));
    for (w = 0; w < s->nwalls; w++) v += gs_vi_wall_energy(&s->walls[w], position(q, i), s->radius[i]);
  }
  return v;
}

void gs_vi_gradient(const gs_vi_system *s, const double *q, double *grad)
{
  double d[3], g[3];
  int b, i, w;
  memset(grad, 0, sizeof(double) * GS_VI_DOF * (size_t) s->n);
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_vi_spring_gradient(&bond->spring, d, g);
    gs_add3(grad + GS_VI_DOF * bond->i, g, grad + GS_VI_DOF * bond->i);
    gs_sub3(grad + GS_VI_DOF * bond->j, g, grad + GS_VI_DOF * bond->j);
  }
  for (i = 0; i < s->n; i++) {
    double *gi = grad + GS_VI_DOF * i;
    gs_scale3(-s->mass[i], s->gravity, g);
    gs_add3(gi, g, gi);
    for (w = 0; w < s->nwalls; w++) {
      gs_vi_wall_gradient(&s->walls[w], position(q, i), s->radius[i], g);
      gs_add3(gi, g, gi);
    }
  }
}

/* the dashpots' generalised forces at positions q and velocities v, times scale, added to f */
static void add_dashpot_forces(const gs_vi_system *s, const double *q, const double *v, double scale, double *f)
{
  double d[3];
  int b, i, w;
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_vi_pair_dashpots_add(&bond->spring, d, s->radius[bond->i], s->radius[bond->j], v + GS_VI_DOF * bond->i,
                            v + GS_VI_DOF * bond->j, scale, f + GS_VI_DOF * bond->i, f + GS_VI_DOF * bond->j);
  }
  for (i = 0; i < s->n; i++)
    for (w = 0; w < s->nwalls; w++)
      gs_vi_wall_dashpots_add(&s->walls[w], position(q, i), s->radius[i], v + GS_VI_DOF * i, scale, 1,
                              f + GS_VI_DOF * i);
}

void gs_vi_forces(const gs_vi_system *s, const double *q, const double *v, double *f)
{
  int k;
  gs_vi_gradient(s, q, f);
  for (k = 0; k < GS_VI_DOF * s->n; k++) f[k] = -f[k];
  add_dashpot_forces(s, q, v, 1.0, f);
}

/* out = (M / h + h alpha (1 - alpha) H(q) + D(q) / 2) u: minus the residual's derivative by the new
 * positions, but for the turn of the dashpots' normals (a Newton iteration that converges to the
 * same step, linearly where it matters) */
static void apply_operator(const gs_vi_system *s, const double *q, const double *u, double *out)
{
  const double c = s->h * s->alpha * (1.0 - s->alpha);
  double d[3];
  int a, b, i, w;
  for (a = 0; a < GS_VI_DOF * s->n; a++) out[a] = dof_mass(s, a) / s->h * u[a];
  for (b = 0; b < s->nbonds; b++) {
    const gs_vi_bond *bond = &s->bonds[b];
    separation(q, bond, d);
    gs_vi_pair_operator_add(&bond->spring, d, s->radius[bond->i], s->radius[bond->j], c, u + GS_VI_DOF * bond->i,
                            u + GS_VI_DOF * bond->j, out + GS_VI_DOF * bond->i, out + GS_VI_DOF * bond->j);
  }
  for (i = 0; i < s->n; i++)
    for (w = 0; w < s->nwalls; w++)
      gs_vi_wall_operator_add(&s->walls[w], position(q, i), s->radius[i], c, u + GS_VI_DOF * i, out + GS_VI_DOF * i);
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
  const int n = GS_VI_DOF * s->n;
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
    if (s->stats) s->stats->operator_products++;
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
  const int n = GS_VI_DOF * s->n;
  double *q0 = malloc(sizeof(double) * 10 * (size_t) n);
  double *qa = q0 + n, *grad = q0 + 2 * n, *res = q0 + 3 * n, *dq = q0 + 4 * n, *v = q0 + 5 * n,
         *past = q0 + 6 * n, *work = q0 + 7 * n;
  double first_res = 0.0, first_dq = 0.0;
  int it, k, converged = 0;
  memcpy(q0, q, sizeof(double) * (size_t) n);
  /* the dashpots' half at the start (the paper's Q^p): at q0, with the velocities p0 / M */
  for (k = 0; k < n; k++) v[k] = p[k] / dof_mass(s, k);
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
    if (s->stats) s->stats->residuals++;
    for (k = 0; k < n; k++)
      res[k] = p[k] - dof_mass(s, k) * v[k] - s->h * (1.0 - s->alpha) * grad[k] + past[k];
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
     * correction below the coordinates' round-off */
    if (res_len <= s->newton_tol * s->newton_tol * first_res || step_len <= s->newton_tol * s->newton_tol * first_dq ||
        step_len <= 16.0 * DBL_EPSILON * DBL_EPSILON * size) {
      converged = 1;
      break;
    }
  }
  for (k = 0; k < n; k++) qa[k] = (1.0 - s->alpha) * q0[k] + s->alpha * q[k];
  gs_vi_gradient(s, qa, grad);
  for (k = 0; k < n; k++) p[k] = dof_mass(s, k) * (q[k] - q0[k]) / s->h - s->h * s->alpha * grad[k];
  free(q0);
  if (s->stats) s->stats->steps++;
  return converged ? it : -1;
}
