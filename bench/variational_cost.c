/* SPDX-License-Identifier: GPL-2.0-or-later
 * What the variational integrator (src/verify/gs_variational_dem.c) costs against velocity Verlet
 * for the same accuracy, without LAMMPS: the damped head-on impact of two spheres (d = 1, m = 1,
 * k = 1e4, damping ratio 0.2, tangential dashpot, relative speed 1, 0.05 rad off-centre), its
 * normal restitution against a converged reference. For each integrator: the coarsest step (steps per contact time) whose
 * restitution is within 1e-2 and within 1e-3 of exact, and what a contact then costs in force
 * evaluations (Verlet: one per step; the variational step: one per Newton residual plus one per
 * product with the Newton operator, which costs about as much) and in wall time.
 *   build/bench_variational */
#include "gs_variational_dem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { N = 2, D = GS_VI_DOF };

static const double mass[N] = {1.0, 1.0}, inertia[N] = {0.1, 0.1}, radius[N] = {0.5, 0.5};
static const double pi = 3.14159265358979323846, zeta = 0.2, k = 1e4, mu = 0.5, offset = 0.05;

static double contact_time(void)
{
  return pi / (sqrt(k / mu) * sqrt(1.0 - zeta * zeta));
}

static gs_vi_system impact_system(const gs_vi_bond *bond, double alpha, double h, gs_vi_stats *stats)
{
  gs_vi_system s = gs_vi_spheres(N, mass, inertia, radius, h);
  s.nbonds = 1;
  s.bonds = bond;
  s.alpha = alpha;
  s.stats = stats;
  return s;
}

/* restitution with `steps_per_contact`; alpha < 0: velocity Verlet (the standard DEM ordering:
 * forces at the new positions with the half-step velocities) */
static double restitution(double alpha, double steps_per_contact, gs_vi_stats *stats)
{
  const gs_vi_bond bond = {0, 1, {k, 1.0, 0, 2.0 * zeta * sqrt(k * mu), 10.0, 0}};
  const gs_vi_system s = impact_system(&bond, alpha < 0.0 ? 0.0 : alpha, contact_time() / steps_per_contact, stats);
  double q[D * N] = {0.0}, p[D * N] = {0.0}, f[D * N];
  int step, c;
  /* touching at the start, slightly off-centre: the tangential dashpot acts */
  q[D] = cos(offset);
  q[D + 1] = sin(offset);
  p[0] = 0.5;
  p[D] = -0.5;
  if (alpha < 0.0) gs_vi_forces(&s, q, p, f); /* p holds velocities here: m = 1 */
  for (step = 0; step < 4 * steps_per_contact; step++) {
    if (alpha < 0.0) {
      for (c = 0; c < D * N; c++) {
        p[c] += 0.5 * s.h * f[c] / (c % D < 3 ? mass[c / D] : inertia[c / D]);
        q[c] += s.h * p[c];
      }
      gs_vi_forces(&s, q, p, f);
      for (c = 0; c < D * N; c++) p[c] += 0.5 * s.h * f[c] / (c % D < 3 ? mass[c / D] : inertia[c / D]);
      stats->steps++;
      stats->residuals++;
    } else {
      gs_vi_step(&s, q, p);
    }
    if (step > 2) {
      double d[3];
      gs_sub3(q + D, q, d);
      if (gs_len3(d) > 1.0) break;
    }
  }
  {
    /* the normal relative speed after, along the line of centres */
    double d[3], v[3];
    gs_sub3(q + D, q, d);
    gs_scale3(1.0 / gs_len3(d), d, d);
    gs_sub3(p + D, p, v);
    return gs_dot3(v, d) / cos(offset);
  }
}

int main(void)
{
  static const double steps_per_contact[] = {8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384,
                                             512, 640, 768, 1024, 1280, 1536, 2048};
  static const char *const names[] = {"velocity Verlet", "variational, alpha 0", "variational, alpha 1/2"};
  const double alphas[] = {-1.0, 0.0, 0.5};
  const double targets[] = {1e-2, 1e-3};
  double exact;
  int a, t;
  {
    /* the reference: alpha 1/2 at a very fine step (the damped oscillator's formula holds for a
     * central impact; off-centre the normal turns during the contact) */
    gs_vi_stats ignore = {0, 0, 0};
    exact = restitution(0.5, 20000.0, &ignore);
  }
  printf("# damped impact, normal restitution %.6f (alpha 1/2 at 20000 steps per contact; the damped oscillator's: "
         "%.6f)\n", exact, exp(-pi * zeta / sqrt(1.0 - zeta * zeta)));
  printf("%-24s %8s %14s %12s %18s %14s\n", "integrator", "error", "steps/contact", "error there",
         "force evals/contact", "us/contact");
  for (a = 0; a < 3; a++)
    for (t = 0; t < 2; t++) {
      size_t c;
      for (c = 0; c < sizeof(steps_per_contact) / sizeof(steps_per_contact[0]); c++) {
        gs_vi_stats stats = {0, 0, 0};
        const clock_t start = clock();
        const double e = restitution(alphas[a], steps_per_contact[c], &stats);
        const double seconds = (double) (clock() - start) / CLOCKS_PER_SEC;
        const double error = fabs(e - exact) / exact;
        if (error <= targets[t]) {
          const double per_step = (double) (stats.residuals + stats.operator_products) / (double) stats.steps;
          printf("%-24s %8.0e %14.0f %12.1e %18.1f %14.1f\n", names[a], targets[t], steps_per_contact[c], error,
                 per_step * steps_per_contact[c], 1e6 * seconds * steps_per_contact[c] / (double) stats.steps);
          break;
        }
      }
    }
  return 0;
}
