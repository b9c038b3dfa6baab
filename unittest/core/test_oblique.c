/* SPDX-License-Identifier: GPL-2.0-or-later
 * Time-step convergence of an oblique impact with friction and rotation (src/verify/gs_oblique_dem.c):
 * a sphere hits a flat wall or an equal free sphere at 45 degrees; the tangential stiffness makes
 * the contact change between sticking and sliding. For the step ladder 12.5-200 steps per contact
 * time, the error of the rebound velocity (normal z, tangential x) and spin against a run at 6400
 * steps per contact time (itself checked against 12800), for both orderings, with the observed
 * order (least-squares slope over the ladder). Events inside a step (stick/slide changes, the end
 * of the contact) make single ratios noisy, so orders are fitted and bounds are loose.
 * Measured: the flat wall is second order in both orderings (its normal does not turn, the two
 * orderings are the same computation); for two spheres, whose contact normal turns, the standard
 * ordering's tangential velocity and spin are first order (increment from half-step velocities
 * projected on the full-step normal, as argued by Xue et al., CMES 2023) and the synchronized
 * one's are second order; with normal damping both are first order (the damping force at t+dt
 * uses half-step velocities, and it jumps at the end of the contact). */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_model_words.h"
#include "gs_oblique_dem.h"

#define NLADDER 5
#define REF_STEPS 6400.0

struct oblique_case {
  const char *label;
  int target;
  const char *model; /* pair_coeff words */
};

/* rebound errors [normal, tangential, spin] of r against ref, scaled by the impact speed */
static void rebound_error(const gs_oblique_params *p, const gs_oblique_result *r, const gs_oblique_result *ref,
                          double *err)
{
  const double v0 = sqrt(p->vn * p->vn + p->vt * p->vt);
  err[0] = fabs(r->v[2] - ref->v[2]) / v0;
  err[1] = fabs(r->v[0] - ref->v[0]) / v0;
  err[2] = fabs(r->omega[1] - ref->omega[1]) * p->radius / v0;
}

/* least-squares slope of log(err) against log(dt) over the ladder */
static double fitted_order(const double *steps, const double *err, int n)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int k;
  for (k = 0; k < n; k++) {
    const double x = -log(steps[k]), y = log(err[k]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

/* Runs the ladder for one case and ordering; fills the fitted orders of the three errors. */
static void ladder(const struct oblique_case *oc, int ordering, double *order, double *ref_out)
{
  static const double steps[NLADDER] = {12.5, 25, 50, 100, 200};
  static const char *const what[3] = {"normal", "tangential", "spin"};
  const int geometry = oc->target == GS_OBLIQUE_WALL ? GS_GEOMETRY_WALL : GS_GEOMETRY_PAIR;
  const gs_model m = gs_model_from_words(oc->model, geometry, ordering);
  gs_oblique_params p;
  gs_oblique_result ref, fine, r;
  double err[NLADDER][3], col[NLADDER], converged[3];
  int k, q, monotone = 1;

  p.target = oc->target;
  p.radius = 1e-3;
  p.density = 2500;
  p.vn = 1.0;
  p.vt = 1.0;
  p.steps_per_tc = REF_STEPS;
  GS_CHECK(gs_oblique_run(&m, &p, &ref) == 0 && ref.transitions >= 1,
           "%s, %s: the reference contact %s first and changes %d time(s) between sticking and sliding (first at "
           "%.2f of the contact)", oc->label, gs_ordering_name(ordering), ref.starts_sliding ? "slides" : "sticks",
           ref.transitions, ref.first_transition / (double) (ref.stick_steps + ref.slide_steps));
  p.steps_per_tc = 2 * REF_STEPS;
  gs_oblique_run(&m, &p, &fine);
  rebound_error(&p, &fine, &ref, converged);

  printf("%s, %s: reference vx %.6f, vz %.6f, omega_y r %.6f; a 2x finer step changes normal, tangential, spin by %.1e, %.1e, %.1e\n",
         oc->label, gs_ordering_name(ordering), ref.v[0], ref.v[2], ref.omega[1] * p.radius, converged[0],
         converged[1], converged[2]);
  printf("| steps/tc | normal | tangential | spin |\n| --- | --- | --- | --- |\n");
  for (k = 0; k < NLADDER; k++) {
    p.steps_per_tc = steps[k];
    gs_oblique_run(&m, &p, &r);
    rebound_error(&p, &r, &ref, err[k]);
    printf("| %g | %.2e | %.2e | %.2e |\n", steps[k], err[k][0], err[k][1], err[k][2]);
  }
  for (q = 0; q < 3; q++) {
    for (k = 0; k < NLADDER; k++) col[k] = err[k][q];
    order[q] = fitted_order(steps, col, NLADDER);
    ref_out[q] = q == 0 ? ref.v[2] : q == 1 ? ref.v[0] : ref.omega[1] * p.radius;
    if (!(err[NLADDER - 1][q] < err[0][q])) monotone = 0;
    /* the reference must be converged well below the finest error of the ladder */
    GS_CHECK(converged[q] <= 0.1 * err[NLADDER - 1][q], "%s, %s, %s: reference converged (%.1e vs finest ladder error %.1e)",
             oc->label, gs_ordering_name(ordering), what[q], converged[q], err[NLADDER - 1][q]);
  }
  printf("observed order (fit over the ladder): normal %.2f, tangential %.2f, spin %.2f\n", order[0], order[1],
         order[2]);
  GS_CHECK(monotone, "%s, %s: errors at 200 steps/tc below those at 12.5", oc->label, gs_ordering_name(ordering));
}

int main(void)
{
  /* hooke 500 and E 3e6 give a peak overlap of about 0.1 radius at the impact speed: soft, so
   * that the two-sphere contact normal turns by about 0.15 rad while the spheres touch; the damped
   * case is stiffer, since its force jump at the exit leaves a soft reference unconverged */
  static const struct oblique_case cases[] = {
      {"wall, hooke elastic, linear_history", GS_OBLIQUE_WALL, "hooke 5000 0 tangential linear_history 500 0 0.3"},
      {"sphere, hooke elastic, linear_history", GS_OBLIQUE_SPHERE, "hooke 500 0 tangential linear_history 50 0 0.3"},
      {"sphere, hertz/material elastic, mindlin", GS_OBLIQUE_SPHERE, "hertz/material 3e6 0 0.3 tangential mindlin NULL 0 0.3"},
      {"sphere, hooke e 0.8, linear_history", GS_OBLIQUE_SPHERE,
       "hooke 5000 0.8 damping coeff_restitution tangential linear_history 500 0 0.3"},
  };
  double order[4][2][3], ref[4][2][3];
  int c, o, q;
  for (c = 0; c < 4; c++) {
    for (o = 0; o < 2; o++) ladder(&cases[c], o, order[c][o], ref[c][o]);
    for (q = 0; q < 3; q++)
      printf("  orders %s: standard %.2f, synchronized %.2f; references differ by %.1e\n",
             q == 0 ? "normal" : q == 1 ? "tangential" : "spin", order[c][0][q], order[c][1][q],
             fabs(ref[c][0][q] - ref[c][1][q]));
  }
  /* [q] 1 = tangential, 2 = spin */
  GS_CHECK(ref[0][0][1] == ref[0][1][1] && ref[0][0][2] == ref[0][1][2] && order[0][0][1] == order[0][1][1],
           "wall: both orderings give the same numbers (the plane's normal does not turn)");
  GS_CHECK(order[0][0][1] >= 1.8 && order[0][0][2] >= 1.8, "wall: second order in tangential velocity and spin "
           "(%.2f, %.2f)", order[0][0][1], order[0][0][2]);
  for (c = 1; c <= 2; c++) {
    GS_CHECK(order[c][0][1] <= 1.4 && order[c][0][2] <= 1.4,
             "%s, standard: first order in tangential velocity and spin (%.2f, %.2f)", cases[c].label, order[c][0][1],
             order[c][0][2]);
    GS_CHECK(order[c][1][1] >= 1.6 && order[c][1][2] >= 1.6,
             "%s, synchronized: second order in tangential velocity and spin (%.2f, %.2f)", cases[c].label,
             order[c][1][1], order[c][1][2]);
  }
  for (o = 0; o < 2; o++)
    GS_CHECK(order[3][o][0] <= 1.6 && order[3][o][1] <= 1.6 && order[3][o][2] <= 1.6,
             "%s, %s: first order with normal damping (%.2f, %.2f, %.2f)", cases[3].label, gs_ordering_name(o),
             order[3][o][0], order[3][o][1], order[3][o][2]);
  return gs_check_summary();
}
