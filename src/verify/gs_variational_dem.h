/* SPDX-License-Identifier: GPL-2.0-or-later
 * The variational integrator of De Klerk et al. (2022) for spheres joined by the springs and
 * dashpots of gs_variational.h, without LAMMPS: one step solves the discrete Euler-Lagrange residual
 *   R(q1) = p0 - M (q1 - q0) / h - h (1 - alpha) grad V(q_alpha)
 *           + h/2 F_d(q_alpha, (q1 - q0) / h) + h/2 F_d(q0, p0 / M),  q_alpha = (1 - alpha) q0 + alpha q1,
 * (F_d the dashpots' forces, half at each end of the step: the paper's Q^- and Q^p) for the new
 * positions q1 by Newton's method, each correction from conjugate gradients on
 *   (M / h + h alpha (1 - alpha) H(q_alpha) + D(q_alpha) / 2) dq = R
 * (H and the dashpots' D applied matrix-free, from the core), then sets the momenta
 * p1 = M (q1 - q0) / h - h alpha grad V(q_alpha). alpha = 1/2: the implicit midpoint rule; alpha = 0:
 * explicit in the springs, and with p0 = m (v0 - h a0 / 2) the positions of velocity Verlet (p then
 * the momentum at the half step before). q holds each sphere's position and accumulated rotation
 * angles (GS_VI_DOF = 6), p its momentum and angular momentum, as in the paper. Flat walls, gravity,
 * normal and tangential dashpots; no friction (unittest/core/test_variational.c). */
#ifndef GS_VARIATIONAL_DEM_H
#define GS_VARIATIONAL_DEM_H

#include "gs_variational.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GS_VI_DOF 6

typedef struct {
  int i, j;
  gs_vi_spring spring;
} gs_vi_bond;

/* what the steps cost: residuals (each a force evaluation) and products with the Newton operator
 * (each about one: the springs' Hessian and the dashpots' resistance applied to a vector) */
typedef struct {
  long steps, residuals, operator_products;
} gs_vi_stats;

typedef struct {
  int n;                  /* spheres */
  const double *mass;     /* n */
  const double *inertia;  /* n: moments of inertia */
  int nbonds;
  const gs_vi_bond *bonds;
  const double *radius;   /* n: radii (walls and tangential dashpots use them) */
  int nwalls;
  const gs_vi_wall *walls; /* every sphere against every wall */
  double gravity[3];      /* acceleration: V = -sum m g . x */
  double alpha;           /* 0 .. 1 */
  double h;               /* step */
  double newton_tol;      /* converged: |R| or |dq| at newton_tol of the first iteration's (the paper: 1e-13),
                             or dq below q's round-off */
  int max_newton;         /* a step that does not converge in these is reported (the paper: 200) */
  gs_vi_stats *stats;     /* counted into, where not NULL */
} gs_vi_system;

/* n spheres and nothing else: no bonds, walls or gravity, alpha 1/2, the paper's Newton tolerance
 * (1e-13) and limit (200 iterations), step h */
gs_vi_system gs_vi_spheres(int n, const double *mass, const double *inertia, const double *radius, double h);

/* coordinates q (6n) and momenta p (6n) advanced one step; returns the Newton iterations taken,
 * or -1 where the residual did not converge within max_newton (q and p then hold the last iterate) */
int gs_vi_step(const gs_vi_system *s, double *q, double *p);

double gs_vi_potential(const gs_vi_system *s, const double *q);
/* grad V (6n; V depends on the positions only) */
void gs_vi_gradient(const gs_vi_system *s, const double *q, double *grad);
/* the generalised forces -grad V + the dashpots' at coordinates q and velocities v (6n): what an
 * explicit integrator of the same system steps with */
void gs_vi_forces(const gs_vi_system *s, const double *q, const double *v, double *f);

#ifdef __cplusplus
}
#endif

#endif
