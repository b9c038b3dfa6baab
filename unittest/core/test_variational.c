/* SPDX-License-Identifier: GPL-2.0-or-later
 * The variational integrator's step (src/verify/gs_variational_dem.c, pair terms from the core's
 * gs_variational.h) on the cases of De Klerk et al. (2022), Fig. 9, and against velocity Verlet:
 * - a harmonic pair (V = k delta^2 / 2 at every separation, moving along its axis: a linear
 *   system) with alpha = 1/2 keeps its energy to 1e-10 relative for h = 0.01 ... 1.4 sqrt(m/k)
 *   over 20 periods, and at h = 2 sqrt(m/k), where velocity Verlet's energy grows without bound
 *   (beyond its limit h < sqrt(2 m / k) for this pair), stays at its start;
 * - alpha = 1/2 is second order in position and velocity against the exact solution;
 * - alpha = 0, started from the momentum of the half step before (p0 = m (v0 - h a0 / 2)), gives
 *   velocity Verlet's positions to 1e-12 on an oblique collision of two spheres with contact springs
 *   (nonlinear, the springs slack before and after);
 * - the paper's Fig. 10: a sphere between walls 1.01 d apart keeps its energy bounded, without drift,
 *   over 250 collisions at h = t_c / 16.1;
 * - under gravity the free fall is exact and a sphere comes to rest on a damped floor at the overlap
 *   m g / k;
 * - a damped head-on collision (the paper's Figs. 6-8, damping ratio 0.2) rebounds with the damped
 *   oscillator's restitution, converging as h falls (first order), undamped with 1;
 * - tangential dashpots (6 degrees of freedom per sphere): a sphere sliding on a floor ends rolling at
 *   the speed its angular momentum about the contact point gives, to round-off; an oblique impact
 *   keeps the momentum to round-off and the angular momentum to first order in h, and spins;
 * - the Newton iteration converges in every step. */
#include "gs_variational_dem.h"

#include "gs_check.h"

#include <math.h>
#include <string.h>

enum { N = 2, D = GS_VI_DOF };

/* spheres of diameter 1 and mass 1 */
static const double mass[N] = {1.0, 1.0}, inertia[N] = {0.1, 0.1}, radius[N] = {0.5, 0.5};

static double dof_mass(int k)
{
  return k % D < 3 ? mass[k / D] : inertia[k / D];
}

/* translational and rotational, of the first n spheres */
static double kinetic_of(const double *p, int n)
{
  double e = 0.0;
  int k;
  for (k = 0; k < D * n; k++) e += 0.5 * p[k] * p[k] / dof_mass(k);
  return e;
}

static double kinetic(const double *p)
{
  return kinetic_of(p, N);
}

/* the harmonic pair (k = 1, rest length 1) stretched by 0.2, i at rest, j moving away at 0.1 */
static void harmonic_start(double *q, double *p)
{
  memset(q, 0, sizeof(double) * D * N);
  memset(p, 0, sizeof(double) * D * N);
  q[D] = 1.2;
  p[D] = 0.1 * mass[1];
}

static gs_vi_system harmonic_system(const gs_vi_bond *bond, double alpha, double h)
{
  gs_vi_system s = gs_vi_spheres(N, mass, inertia, radius, h);
  s.nbonds = 1;
  s.bonds = bond;
  s.alpha = alpha;
  return s;
}

/* largest relative energy change over `steps` steps; *failed counts steps that did not converge */
static double energy_drift(const gs_vi_system *s, int steps, int *failed)
{
  double q[D * N], p[D * N], e0, worst = 0.0;
  int step;
  harmonic_start(q, p);
  e0 = kinetic(p) + gs_vi_potential(s, q);
  for (step = 0; step < steps; step++) {
    if (gs_vi_step(s, q, p) < 0) (*failed)++;
    const double change = fabs(kinetic(p) + gs_vi_potential(s, q) - e0) / e0;
    worst = change == change ? fmax(worst, change) : INFINITY;
  }
  return worst;
}

/* velocity Verlet on the same system: positions q, velocities v, `steps` steps */
static void verlet(const gs_vi_system *s, double *q, double *v, int steps)
{
  double grad[D * N];
  int step, k;
  gs_vi_gradient(s, q, grad);
  for (step = 0; step < steps; step++) {
    for (k = 0; k < D * N; k++) {
      v[k] -= 0.5 * s->h * grad[k] / dof_mass(k);
      q[k] += s->h * v[k];
    }
    gs_vi_gradient(s, q, grad);
    for (k = 0; k < D * N; k++) v[k] -= 0.5 * s->h * grad[k] / dof_mass(k);
  }
}

static double verlet_energy_growth(const gs_vi_system *s, int steps)
{
  double q[D * N], v[D * N], e0;
  harmonic_start(q, v);
  e0 = kinetic(v) + gs_vi_potential(s, q);
  verlet(s, q, v, steps);
  return (kinetic(v) + gs_vi_potential(s, q)) / e0;
}

/* the pair's stretch u = x_j - x_i - 1 and its rate at time t, exactly: omega^2 = k (1/m_i + 1/m_j) */
static void harmonic_exact(double t, double *u, double *du)
{
  const double omega = sqrt(1.0 / mass[0] + 1.0 / mass[1]);
  const double u0 = 0.2, du0 = 0.1;
  *u = u0 * cos(omega * t) + du0 / omega * sin(omega * t);
  *du = -u0 * omega * sin(omega * t) + du0 * cos(omega * t);
}

/* errors in stretch and stretch rate at t = 2 with step h (alpha = 1/2) */
static void midpoint_errors(const gs_vi_bond *bond, double h, double *eu, double *edu)
{
  const gs_vi_system s = harmonic_system(bond, 0.5, h);
  const int steps = (int) lround(2.0 / h);
  double q[D * N], p[D * N], u, du;
  int step;
  harmonic_start(q, p);
  for (step = 0; step < steps; step++) gs_vi_step(&s, q, p);
  harmonic_exact(steps * h, &u, &du);
  *eu = fabs(q[D] - q[0] - 1.0 - u);
  *edu = fabs(p[D] / mass[1] - p[0] / mass[0] - du);
}

/* head-on: two spheres (radius 0.5, m = 1, k = 1e4, damping ratio zeta) meet at relative speed 1,
 * touching at t = 0; the restitution -(relative speed after) / 1, from the momenta once apart */
static double headon_restitution(double alpha, double zeta, double steps_per_contact)
{
  const double mu = 0.5, k = 1e4, omega = sqrt(k / mu);
  const double contact_time = 3.14159265358979323846 / (omega * sqrt(1.0 - zeta * zeta));
  const gs_vi_bond bond = {0, 1, {k, 1.0, 0, 2.0 * zeta * sqrt(k * mu), 0.0, 0}};
  const gs_vi_system s = harmonic_system(&bond, alpha, contact_time / steps_per_contact);
  double q[D * N] = {0.0}, p[D * N] = {0.0};
  int step;
  q[D] = 1.0;
  p[0] = 0.5 * mass[0];
  p[D] = -0.5 * mass[1];
  for (step = 0; step < 4 * steps_per_contact; step++) {
    gs_vi_step(&s, q, p);
    if (step > 2 && q[D] - q[0] > 1.0) break;
  }
  return (p[D] / mass[1] - p[0] / mass[0]) / 1.0;
}

/* the paper's Fig. 10: one sphere (d = 1, m = 1, k = 1e4) between walls 1.01 d apart, undamped,
 * alpha 1/2 at h = t_c / 16.1; the largest relative energy change over the first and the last 50
 * of 250 collisions */
static void between_walls(double *early, double *late, int *collisions, int *failed)
{
  const double k = 1e4, contact_time = 3.14159265358979323846 * sqrt(1.0 / k);
  const gs_vi_wall walls[2] = {{{0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, k, 0.0, 0.0, 0, 0.0, {0.0, 0.0, 0.0}},
                               {{1.01, 0.0, 0.0}, {-1.0, 0.0, 0.0}, k, 0.0, 0.0, 0, 0.0, {0.0, 0.0, 0.0}}};
  gs_vi_system s = harmonic_system(NULL, 0.5, contact_time / 16.1);
  double q[D] = {0.505, 0.0, 0.0, 0.0, 0.0, 0.0}, p[D] = {1.0, 0.3, 0.0, 0.0, 0.0, 0.0}, e0;
  int touching = 0;
  s.n = 1;
  s.nbonds = 0;
  s.nwalls = 2;
  s.walls = walls;
  e0 = kinetic_of(p, 1);
  *early = *late = 0.0;
  *collisions = *failed = 0;
  while (*collisions < 250) {
    double change;
    int now;
    if (gs_vi_step(&s, q, p) < 0) (*failed)++;
    change = fabs(kinetic_of(p, 1) + gs_vi_potential(&s, q) - e0) / e0;
    if (change != change) change = INFINITY;
    now = gs_vi_potential(&s, q) > 0.0;
    if (now && !touching) (*collisions)++;
    touching = now;
    if (*collisions <= 50) *early = fmax(*early, change);
    if (*collisions > 200) *late = fmax(*late, change);
  }
}

/* a sphere (d = 1, m = 1) dropped from 0.3 above a damped floor (k = 1e4, damping ratio 0.3),
 * gravity 10, alpha 1/2: the largest error of the free fall before the first touch against
 * z0 - g t^2 / 2, and the overlap once at rest, relative to m g / k */
static void drop_on_floor(double *fall_error, double *rest_error, int *failed)
{
  const double k = 1e4, g = 10.0, contact_time = 3.14159265358979323846 * sqrt(1.0 / k);
  const gs_vi_wall floor_wall = {{0.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, k, 2.0 * 0.3 * sqrt(k), 0.0, 0, 0.0, {0.0, 0.0, 0.0}};
  gs_vi_system s = harmonic_system(NULL, 0.5, contact_time / 50.0);
  double q[D] = {0.0, 0.0, 0.8, 0.0, 0.0, 0.0}, p[D] = {0.0};
  int step, falling = 1;
  s.n = 1;
  s.nbonds = 0;
  s.nwalls = 1;
  s.walls = &floor_wall;
  s.gravity[2] = -g;
  *fall_error = 0.0;
  *failed = 0;
  for (step = 1; step <= 20000; step++) {
    if (gs_vi_step(&s, q, p) < 0) (*failed)++;
    if (falling && q[2] - 0.5 > 0.0) {
      const double t = step * s.h;
      *fall_error = fmax(*fall_error, fabs(q[2] - (0.8 - 0.5 * g * t * t)));
    } else {
      falling = 0;
    }
  }
  *rest_error = fabs((0.5 - q[2]) - g / k) / (g / k);
}

/* a sphere (R = 0.5, m = 1, I = 0.1) sliding at 1 on a floor (k = 1e4, g = 10, normal damping ratio
 * 0.3, tangential dashpot 60) from rest at its equilibrium overlap, alpha 1/2: the tangential dashpot
 * turns the slip into rolling. Its floor forces act at the contact point, a = R - m g / k below the
 * centre, so I w_y + a m v_x keeps its start, a m v0; rolling (v_x = a w_y) then
 * v_x = v0 a^2 m / (a^2 m + I). Returns v_x's relative error and the final slip. */
static void rolling_on_floor(double *speed_error, double *slip, int *failed)
{
  const double k = 1e4, g = 10.0, contact_time = 3.14159265358979323846 * sqrt(1.0 / k);
  const gs_vi_wall floor_wall = {{0.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, k, 2.0 * 0.3 * sqrt(k), 60.0, 0, 0.0, {0.0, 0.0, 0.0}};
  const double a = radius[0] - mass[0] * g / k;
  gs_vi_system s = harmonic_system(NULL, 0.5, contact_time / 20.0);
  double q[D] = {0.0, 0.0, a, 0.0, 0.0, 0.0}, p[D] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  const double expected = a * a * mass[0] / (a * a * mass[0] + inertia[0]);
  int step;
  s.n = 1;
  s.nbonds = 0;
  s.nwalls = 1;
  s.walls = &floor_wall;
  s.gravity[2] = -g;
  *failed = 0;
  for (step = 0; step < 4000; step++)
    if (gs_vi_step(&s, q, p) < 0) (*failed)++;
  *speed_error = fabs(p[0] / mass[0] - expected) / expected;
  *slip = fabs(p[0] / mass[0] - a * p[4] / inertia[0]);
}

/* two spheres meeting off-centre (offset 0.4 across, relative speed 2, k = 1e4, normal damping ratio
 * 0.2, tangential dashpot 30, spins 0), alpha 1/2: the total momentum's and angular momentum's
 * (about the origin: x p + the spins') largest changes over the collision, the spin it leaves, and
 * the energy after relative to before */
static void oblique_spin(double steps_per_contact, double *momentum_change, double *angular_change, double *spin,
                         double *energy_ratio)
{
  const double k = 1e4, mu = 0.5, contact_time = 3.14159265358979323846 * sqrt(mu / k);
  const gs_vi_bond bond = {0, 1, {k, 1.0, 0, 2.0 * 0.2 * sqrt(k * mu), 30.0, 0}};
  const gs_vi_system s = harmonic_system(&bond, 0.5, contact_time / steps_per_contact);
  double q[D * N] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.4, 0.0, 0.0, 0.0, 0.0},
         p[D * N] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  double start_p[3], start_l[3], e0 = kinetic(p);
  int step, c;
  /* start just apart: back off along the approach */
  q[0] -= 0.05;
  q[D] += 0.05;
  for (c = 0; c < 3; c++) start_p[c] = p[c] + p[D + c];
  {
    double lin[3], l2[3];
    gs_cross3(q, p, lin);
    gs_cross3(q + D, p + D, l2);
    for (c = 0; c < 3; c++) start_l[c] = lin[c] + l2[c] + p[3 + c] + p[D + 3 + c];
  }
  *momentum_change = *angular_change = 0.0;
  for (step = 0; step < 15 * steps_per_contact; step++) {
    double lin[3], l2[3];
    gs_vi_step(&s, q, p);
    gs_cross3(q, p, lin);
    gs_cross3(q + D, p + D, l2);
    for (c = 0; c < 3; c++) {
      *momentum_change = fmax(*momentum_change, fabs(p[c] + p[D + c] - start_p[c]));
      *angular_change = fmax(*angular_change, fabs(lin[c] + l2[c] + p[3 + c] + p[D + 3 + c] - start_l[c]));
    }
  }
  *spin = p[5] / inertia[0];
  *energy_ratio = kinetic(p) / e0;
}

/* a wall's gradient against central differences of its energy, and its operator at c = 1 without
 * dashpots (its Hessian) against those of the gradient along u, for a sphere of radius 0.5 at x0:
 * the largest relative deviation */
static double wall_derivatives_error(const gs_vi_wall *w, const double *x0, const double *u)
{
  const double e = 1e-6;
  double worst = 0.0, g[3], hu[3], gp[3], gm[3], dp[3], dm[3];
  double h6[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, u6[6] = {u[0], u[1], u[2], 0.0, 0.0, 0.0};
  int k, c;
  gs_vi_wall_gradient(w, x0, 0.5, g);
  gs_vi_wall_operator_add(w, x0, 0.5, 1.0, u6, h6);
  gs_copy3(h6, hu);
  for (c = 0; c < 3; c++) {
    dp[c] = x0[c] + e * u[c];
    dm[c] = x0[c] - e * u[c];
  }
  gs_vi_wall_gradient(w, dp, 0.5, gp);
  gs_vi_wall_gradient(w, dm, 0.5, gm);
  for (k = 0; k < 3; k++) worst = fmax(worst, fabs((gp[k] - gm[k]) / (2.0 * e) - hu[k]) / gs_len3(hu));
  for (k = 0; k < 3; k++) {
    gs_copy3(x0, dp);
    gs_copy3(x0, dm);
    dp[k] += e;
    dm[k] -= e;
    worst = fmax(worst, fabs((gs_vi_wall_energy(w, dp, 0.5) - gs_vi_wall_energy(w, dm, 0.5)) / (2.0 * e) - g[k]) /
                            gs_len3(g));
  }
  return worst;
}

/* Hertz's spring (pair and wall): the gradient against central differences of the energy and the
 * Hessian against those of the gradient, at an oblique overlap; the largest relative deviation */
static double hertz_derivatives_error(void)
{
  const gs_vi_spring s = {2.0e4, 1.0, 0, 0.0, 0.0, 1};
  const gs_vi_wall w = {{0.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, 2.0e4, 0.0, 0.0, 1, 0.0, {0.0, 0.0, 0.0}};
  const double d0[3] = {0.55, 0.62, 0.4}, x0[3] = {0.1, -0.2, 0.47}, u[3] = {0.3, -0.7, 0.2}, e = 1e-6;
  double worst = 0.0, g[3], hu[3], gp[3], gm[3], dp[3], dm[3];
  int k, c;
  gs_vi_spring_gradient(&s, d0, g);
  gs_vi_spring_hessian_apply(&s, d0, u, hu);
  for (k = 0; k < 3; k++) {
    gs_copy3(d0, dp);
    gs_copy3(d0, dm);
    dp[k] += e;
    dm[k] -= e;
    worst = fmax(worst, fabs((gs_vi_spring_energy(&s, dp) - gs_vi_spring_energy(&s, dm)) / (2.0 * e) - g[k]) / gs_len3(g));
  }
  for (c = 0; c < 3; c++) {
    dp[c] = d0[c] + e * u[c];
    dm[c] = d0[c] - e * u[c];
  }
  gs_vi_spring_gradient(&s, dp, gp);
  gs_vi_spring_gradient(&s, dm, gm);
  for (k = 0; k < 3; k++) worst = fmax(worst, fabs((gp[k] - gm[k]) / (2.0 * e) - hu[k]) / gs_len3(hu));
  return fmax(worst, wall_derivatives_error(&w, x0, u));
}

/* the cylinder wall (radius 2 about z, spheres inside), Hooke's and Hertz's spring: a sphere of radius
 * 0.5 pressed into it off the axes, moved along a direction with a part across the normal, where the
 * overlap's curvature acts */
static double cylinder_derivatives_error(void)
{
  const double x0[3] = {1.248, -0.936, 0.3}, u[3] = {0.3, 0.8, -0.2};    /* 1.56 from the axis */
  double worst = 0.0;
  int hertz;
  for (hertz = 0; hertz < 2; hertz++) {
    const gs_vi_wall w = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 2.0e4, 0.0, 0.0, hertz, 2.0, {0.0, 0.0, 0.0}};
    worst = fmax(worst, wall_derivatives_error(&w, x0, u));
  }
  return worst;
}

/* fix wall/gran/sync's walls as gs_vi_wall_of() places them at time 0.7, against LAMMPS' wiggle
 * A (1 - cos(w t)) written out: a zplane pair wiggled along z (both planes moved, normals +z and -z,
 * velocity the mean over [0.6, 0.8] or the one at 0.8), wiggled across its normal (not moved,
 * velocity along x), sheared along y, and a cylinder; the largest error */
static double wall_placement_error(void)
{
  const double a = 0.1, w = 3.0, time = 0.7, from = 0.6, to = 0.8;
  const double move = a * (1.0 - cos(w * time));
  const double mean = a * (cos(w * from) - cos(w * to)) / (to - from), now = a * w * sin(w * to);
  gs_wall g;
  gs_vi_wall lo, hi, at;
  double worst;
  memset(&g, 0, sizeof(g));
  g.style = GS_WALL_ZPLANE;
  g.lo = -1.0;
  g.hi = 2.0;
  g.wiggle = 1;
  g.axis = 2;
  g.amplitude = a;
  g.wiggle_omega = w;
  lo = gs_vi_wall_of(&g, 0, time, from, to);
  hi = gs_vi_wall_of(&g, 1, time, from, to);
  at = gs_vi_wall_of(&g, 1, time, to, to);
  worst = fabs(lo.point[2] - (-1.0 + move)) + fabs(hi.point[2] - (2.0 + move)) + fabs(lo.normal[2] - 1.0) +
          fabs(hi.normal[2] + 1.0) + fabs(lo.velocity[2] - mean) + fabs(hi.velocity[2] - mean) +
          fabs(at.velocity[2] - now) + fabs(lo.cylradius);
  g.axis = 0;
  lo = gs_vi_wall_of(&g, 0, time, from, to);
  worst += fabs(lo.point[2] + 1.0) + fabs(lo.velocity[0] - mean) + fabs(lo.velocity[2]);
  g.wiggle = 0;
  g.shear = 1;
  g.axis = 1;
  g.vshear = 0.5;
  hi = gs_vi_wall_of(&g, 1, time, from, to);
  worst += fabs(hi.point[2] - 2.0) + fabs(hi.velocity[1] - 0.5) + fabs(hi.velocity[0]) + fabs(hi.velocity[2]);
  g.style = GS_WALL_ZCYLINDER;
  g.cylradius = 3.0;
  g.axis = 2;
  at = gs_vi_wall_of(&g, 0, time, from, to);
  return worst + fabs(at.cylradius - 3.0) + fabs(at.velocity[2] - 0.5);
}

/* Moving walls (a plane, the cylinder): the Newton operator's dashpot part (c = 0) against central
 * differences, by the sphere's velocity and spin, of the dashpots' forces against the moving wall:
 * the operator is their derivative, the wall's velocity drops out of it */
static double moving_wall_operator_error(void)
{
  const double e = 1e-6, v[6] = {0.2, -0.1, 0.3, 4.0, -2.0, 1.0}, u[6] = {0.3, 0.5, -0.2, 2.0, 1.0, -3.0};
  const double x[2][3] = {{0.1, -0.2, 0.47}, {1.248, -0.936, 0.3}};
  const gs_vi_wall walls[2] = {{{0.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, 2.0e4, 3.0, 2.0, 0, 0.0, {0.3, -0.2, 0.1}},
                               {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 2.0e4, 3.0, 2.0, 1, 2.0, {0.0, 0.0, 0.4}}};
  double worst = 0.0;
  int c, k;
  for (c = 0; c < 2; c++) {
    double op[6] = {0.0}, plus[6] = {0.0}, minus[6] = {0.0}, vp[6], vm[6], d[6], size = 0.0;
    for (k = 0; k < 6; k++) {
      vp[k] = v[k] + e * u[k];
      vm[k] = v[k] - e * u[k];
    }
    gs_vi_wall_operator_add(&walls[c], x[c], 0.5, 0.0, u, op);
    gs_vi_wall_dashpots_add(&walls[c], x[c], 0.5, vp, 1.0, 1, plus);
    gs_vi_wall_dashpots_add(&walls[c], x[c], 0.5, vm, 1.0, 1, minus);
    for (k = 0; k < 6; k++) {
      d[k] = (plus[k] - minus[k]) / (2.0 * e);
      size = fmax(size, fabs(d[k]));
    }
    for (k = 0; k < 6; k++) worst = fmax(worst, fabs(op[k] + 0.5 * d[k]) / size);
  }
  return worst;
}

/* an undamped Hertzian head-on impact (as headon_restitution(), k = 1e4 per delta^3/2) at alpha 1/2:
 * the largest relative energy change through the contact and the restitution */
static void hertz_impact(double steps, double *energy_change, double *restitution)
{
  const gs_vi_bond bond = {0, 1, {1e4, 1.0, 0, 0.0, 0.0, 1}};
  const gs_vi_system s = harmonic_system(&bond, 0.5, 1.0 / steps);
  double q[D * N] = {0.0}, p[D * N] = {0.0}, e0;
  int step;
  q[D] = 1.0;
  p[0] = 0.5 * mass[0];
  p[D] = -0.5 * mass[1];
  e0 = kinetic(p);
  *energy_change = 0.0;
  for (step = 0; step < 4 * steps; step++) {
    gs_vi_step(&s, q, p);
    *energy_change = fmax(*energy_change, fabs(kinetic(p) + gs_vi_potential(&s, q) - e0) / e0);
    if (step > 2 && q[D] - q[0] > 1.0) break;
  }
  *restitution = p[D] / mass[1] - p[0] / mass[0];
}

int main(void)
{
  const gs_vi_bond harmonic = {0, 1, {1.0, 1.0, 1, 0.0, 0.0, 0}};
  /* sqrt(m / k) = 1: the steps of Fig. 9 */
  const double steps_h[] = {0.01, 0.1, 0.5, 1.0, 1.4};
  const double period = 2.0 * 3.14159265358979323846 / sqrt(2.0);
  int c;

  for (c = 0; c < 5; c++) {
    const gs_vi_system s = harmonic_system(&harmonic, 0.5, steps_h[c]);
    int failed = 0;
    const int steps = (int) ceil(20.0 * period / steps_h[c]);
    const double drift = energy_drift(&s, steps, &failed);
    GS_CHECK(drift <= 1e-10 && failed == 0, "alpha 1/2, h = %.2f sqrt(m/k): energy kept to %.1e over %d steps "
             "(20 periods), %d steps unconverged", steps_h[c], drift, steps, failed);
  }
  {
    const gs_vi_system s = harmonic_system(&harmonic, 0.5, 2.0);
    int failed = 0;
    const double drift = energy_drift(&s, 200, &failed);
    const double growth = verlet_energy_growth(&s, 200);
    GS_CHECK(drift <= 1e-10 && failed == 0 && growth > 1e6,
             "h = 2 sqrt(m/k): alpha 1/2 keeps its energy to %.1e over 200 steps, velocity Verlet's grows %.1e-fold",
             drift, growth);
  }
  {
    double eu[2], edu[2];
    midpoint_errors(&harmonic, 0.02, &eu[0], &edu[0]);
    midpoint_errors(&harmonic, 0.01, &eu[1], &edu[1]);
    GS_CHECK(eu[0] / eu[1] > 3.6 && eu[0] / eu[1] < 4.4 && edu[0] / edu[1] > 3.6 && edu[0] / edu[1] < 4.4,
             "alpha 1/2 second order at t = 2: halving h divides the stretch error by %.2f (%.1e), its rate's by "
             "%.2f (%.1e)", eu[0] / eu[1], eu[1], edu[0] / edu[1], edu[1]);
  }
  {
    /* an oblique collision of two spheres (radius 0.5, contact springs k = 1e4), offset 0.3 across */
    const gs_vi_bond contact = {0, 1, {1e4, 1.0, 0, 0.0, 0.0, 0}};
    const double h = 2e-3;
    const int steps = 400;
    gs_vi_system s = harmonic_system(&contact, 0.0, h);
    double q[D * N] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.1, 0.3, 0.0, 0.0, 0.0, 0.0},
           v[D * N] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.2, 0.0, 0.0, 0.0};
    double qv[D * N], p[D * N], grad[D * N], worst = 0.0, closest = 1e30;
    int step, k, failed = 0;
    memcpy(qv, q, sizeof(q));
    gs_vi_gradient(&s, q, grad);
    for (k = 0; k < D * N; k++) p[k] = dof_mass(k) * v[k] - 0.5 * h * grad[k];
    for (step = 0; step < steps; step++) {
      double d[3];
      if (gs_vi_step(&s, q, p) < 0) failed++;
      verlet(&s, qv, v, 1);
      for (k = 0; k < D * N; k++) worst = fmax(worst, fabs(q[k] - qv[k]));
      gs_sub3(q + D, q, d);
      closest = fmin(closest, gs_len3(d));
    }
    GS_CHECK(worst <= 1e-12 && failed == 0 && closest < 0.99,
             "alpha 0: velocity Verlet's positions over %d steps of an oblique contact (closest approach %.4f, "
             "largest difference %.1e)", steps, closest, worst);
  }
  {
    double fall_error, rest_error;
    int failed;
    drop_on_floor(&fall_error, &rest_error, &failed);
    GS_CHECK(fall_error < 1e-10 && rest_error < 1e-8 && failed == 0,
             "alpha 1/2, gravity and a damped floor: the free fall exact to %.1e, at rest the overlap m g / k to %.1e "
             "relative", fall_error, rest_error);
  }
  {
    double speed_error, slip;
    int failed;
    rolling_on_floor(&speed_error, &slip, &failed);
    GS_CHECK(speed_error < 1e-9 && slip < 1e-9 && failed == 0,
             "tangential dashpot, a sphere sliding on a floor rolls at v0 a^2 m / (a^2 m + I) (relative error %.1e, "
             "slip %.1e)", speed_error, slip);
  }
  {
    double dp[2], dl[2], spin[2], ratio[2];
    oblique_spin(100.0, &dp[0], &dl[0], &spin[0], &ratio[0]);
    oblique_spin(200.0, &dp[1], &dl[1], &spin[1], &ratio[1]);
    GS_CHECK(dp[0] < 1e-10 && dp[1] < 1e-10 && dl[0] < 1e-5 && dl[0] / dl[1] > 1.8 && dl[0] / dl[1] < 2.3 &&
                 spin[0] > 0.5 && fabs(spin[0] - spin[1]) < 1e-3 * spin[0] && ratio[0] < 0.5,
             "oblique impact with tangential damping: momentum kept to %.1e; angular momentum to %.1e at 100 steps "
             "per contact, %.1e at 200 (first order, the dashpots' halves); spin %.4f (%.4f at 200); energy kept "
             "%.3f", dp[0], dl[0], dl[1], spin[0], spin[1], ratio[0]);
  }
  {
    double early, late;
    int collisions, failed;
    between_walls(&early, &late, &collisions, &failed);
    GS_CHECK(early < 2e-2 && late <= 1.5 * early && collisions == 250 && failed == 0,
             "Fig. 10, between walls 1.01 d apart at h = t_c / 16.1: the energy within %.1e over the first 50 "
             "collisions and %.1e over the last 50 of 250 (bounded, no drift)", early, late);
  }
  {
    /* the paper's Figs. 6-8 head-on, damped, against the damped oscillator's restitution
     * exp(-pi zeta / sqrt(1 - zeta^2)) (the overlap back to zero after pi / omega_d) */
    const double zeta = 0.2, exact = exp(-3.14159265358979323846 * zeta / sqrt(1.0 - zeta * zeta));
    double error[2][2], undamped[2];
    int a;
    for (a = 0; a < 2; a++) {
      const double alpha = a ? 0.5 : 0.0;
      error[a][0] = fabs(headon_restitution(alpha, zeta, 160.0) - exact) / exact;
      error[a][1] = fabs(headon_restitution(alpha, zeta, 320.0) - exact) / exact;
      undamped[a] = headon_restitution(alpha, 0.0, 160.0);
      GS_CHECK(error[a][0] < 1e-2 && error[a][0] / error[a][1] > 1.8 && error[a][0] / error[a][1] < 2.3 &&
                   fabs(undamped[a] - 1.0) < 1e-6,
               "alpha %.1f, head-on, zeta 0.2: restitution within %.1e of the damped oscillator's %.6f at 160 steps "
               "per contact, %.1e at 320 (first order: the dashpots' halves and the exit step); undamped %.9f",
               alpha, error[a][0], exact, error[a][1], undamped[a]);
    }
    GS_CHECK(error[1][0] < 0.2 * error[0][0], "alpha 1/2 is the more accurate: %.1e against alpha 0's %.1e",
             error[1][0], error[0][0]);
  }
  {
    const double err = hertz_derivatives_error();
    double change1, change2, e1, e2;
    const double cylinder_err = cylinder_derivatives_error();
    GS_CHECK(err < 1e-6, "Hertz spring, pair and wall: gradient and Hessian match central differences of the "
             "energy and the gradient to %.1e", err);
    const double placement_err = wall_placement_error(), moving_err = moving_wall_operator_error();
    GS_CHECK(cylinder_err < 1e-6, "cylinder wall, Hooke and Hertz: gradient and Hessian (with the overlap's "
             "curvature) match central differences of the energy and the gradient to %.1e", cylinder_err);
    GS_CHECK(placement_err < 1e-14, "fix wall/gran/sync's walls placed at a time: wiggled along and across the "
             "normal, both sides, sheared, the cylinder; positions and velocities (mean and at a time) to %.1e",
             placement_err);
    GS_CHECK(moving_err < 1e-8, "moving plane and cylinder: the operator's dashpot part is the dashpots' "
             "derivative by velocity and spin (central differences) to %.1e", moving_err);
    /* this impact lasts about 0.06 (2.94 delta_max / v): 61 and 122 steps per contact */
    hertz_impact(1000.0, &change1, &e1);
    hertz_impact(2000.0, &change2, &e2);
    GS_CHECK(change1 < 1e-3 && change2 < 0.3 * change1 && fabs(e1 - 1.0) < 1e-5 && fabs(e2 - 1.0) < 1e-5,
             "undamped Hertz impact, alpha 1/2: energy through the contact within %.1e (h = 0.001), %.1e (h = 0.0005: "
             "second order); restitution %.9f, %.9f", change1, change2, e1, e2);
  }
  return gs_check_summary();
}
