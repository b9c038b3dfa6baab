/* SPDX-License-Identifier: GPL-2.0-or-later
 * Restitution accuracy: head-on collisions of two free spheres (size ratios 1 to 100) integrated
 * with velocity Verlet and the core, measured e = -(relative exit speed) / (impact speed).
 * `damping coeff_restitution` promises the requested e for hooke (exact for a linear
 * spring-dashpot) and hertz/material (Brilliantov et al.'s relation for damping ~ delta^(1/4)):
 * asserted within 0.5%. `damping tsuji` maps e through Tsuji et al.'s (1992) polynomial fit, an
 * approximation: its measured e is printed; what the model does promise for Hertz, an e that does
 * not depend on the sizes, is asserted, and so is the factor by which it misses. Prints the table
 * of doc/verification.md. */
#include "gs_check.h"
#include "gs_headon_dem.h"
#include "gs_model_words.h"

#define PI 3.14159265358979323846
#define RADIUS 1e-3   /* the larger sphere */
#define DENSITY 2500.0
#define V0 0.1        /* impact speed */
#define STEPS_PER_TC 4000

/* Undamped contact time: pi sqrt(meff/k) for hooke; for F = K delta^1.5 (K = kn sqrt(R*)),
 * 2.9432 delta_max / v0 with delta_max = (5 meff v0^2 / (4 K))^(2/5) (Hertz). */
static double contact_time(const gs_model *m, double meff, double reff)
{
  if (m->normal == GS_NORMAL_HOOKE) return PI * sqrt(meff / m->kn);
  return 2.9432 * pow(5.0 * meff * V0 * V0 / (4.0 * m->kn * sqrt(reff)), 0.4) / V0;
}

/* Head-on collision (src/verify/gs_headon_dem.h); returns the measured restitution. */
static double collide(const gs_model *m, double radj)
{
  gs_headon_params p;
  p.radi = RADIUS;
  p.radj = radj;
  p.mi = DENSITY * 4.0 / 3.0 * PI * RADIUS * RADIUS * RADIUS;
  p.mj = DENSITY * 4.0 / 3.0 * PI * radj * radj * radj;
  p.v0 = V0;
  p.dt = contact_time(m, p.mi * p.mj / (p.mi + p.mj), RADIUS * radj / (RADIUS + radj)) / STEPS_PER_TC;
  return gs_headon_run(m, &p).e;
}

int main(void)
{
  static const char *const models[3] = {
      "hooke 1e5 %g damping coeff_restitution tangential linear_history 1e4 0 0.5",
      "hertz/material 1e9 %g 0.3 damping coeff_restitution tangential mindlin NULL 0 0.5",
      "hertz/material 1e9 %g 0.3 damping tsuji tangential mindlin NULL 0 0.5"};
  const double ratios[7] = {1, 2, 5, 10, 20, 50, 100};
  const double es[3] = {0.1, 0.5, 0.9};
  double e[3][3][7]; /* [model][e][ratio] */
  int a, b, k;

  for (k = 0; k < 3; k++)
    for (b = 0; b < 3; b++) {
      char words[256];
      gs_model m;
      snprintf(words, sizeof(words), models[k], es[b]);
      m = gs_model_from_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_SYNCHRONIZED);
      for (a = 0; a < 7; a++) e[k][b][a] = collide(&m, RADIUS / ratios[a]);
    }

  printf("| size ratio | e requested | hooke, coeff_restitution | hertz/material, coeff_restitution | "
         "hertz/material, tsuji |\n| --- | --- | --- | --- | --- |\n");
  for (a = 0; a < 7; a++)
    for (b = 0; b < 3; b++)
      printf("| %g | %g | %.5f | %.5f | %.5f |\n", ratios[a], es[b], e[0][b][a], e[1][b][a], e[2][b][a]);

  for (k = 0; k < 2; k++)
    for (b = 0; b < 3; b++) {
      double worst = 0.0;
      for (a = 0; a < 7; a++) worst = fmax(worst, fabs(e[k][b][a] - es[b]) / es[b]);
      GS_CHECK(worst <= 0.005, "%s, e = %g: within 0.5%% for all size ratios (worst %.3f%%)",
               k == 0 ? "hooke coeff_restitution" : "hertz/material coeff_restitution", es[b], 100 * worst);
    }
  for (b = 0; b < 3; b++) {
    double lo = e[2][b][0], hi = e[2][b][0];
    for (a = 1; a < 7; a++) {
      lo = fmin(lo, e[2][b][a]);
      hi = fmax(hi, e[2][b][a]);
    }
    /* Tsuji's damping eta = alpha sqrt(m K) delta^(1/4) makes e a function of alpha alone */
    GS_CHECK(hi - lo <= 1e-3 * es[b], "hertz/material tsuji, e = %g: the same e for all size ratios (%.5f to %.5f, "
             "%+.1f%% off the requested e)", es[b], lo, hi, 100 * (0.5 * (lo + hi) - es[b]) / es[b]);
  }
  /* What the measured e is: Tsuji's fit alpha(e) holds for eta = alpha sqrt(2 meff k) delta^(1/4)
   * (m = 2 meff: the particle mass of an equal-sphere pair); stock LAMMPS (and gransync) use
   * alpha sqrt(meff k), so the measured e is the one whose fitted alpha is sqrt(2) smaller (2%: alpha
   * -> 0 as e -> 1, 2% of alpha(0.9) is 0.03% in e). */
  for (b = 0; b < 3; b++) {
    char words[256];
    gs_model requested, measured;
    snprintf(words, sizeof(words), models[2], es[b]);
    requested = gs_model_from_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_SYNCHRONIZED);
    snprintf(words, sizeof(words), models[2], e[2][b][0]);
    measured = gs_model_from_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_SYNCHRONIZED);
    GS_CHECK(fabs(sqrt(2.0) * measured.damp_normal / requested.damp_normal - 1.0) <= 0.02,
             "hertz/material tsuji, e = %g: alpha(measured e) = alpha(e) / sqrt(2) within 2%% (ratio %.4f)", es[b],
             sqrt(2.0) * measured.damp_normal / requested.damp_normal);
  }
  return gs_check_summary();
}
