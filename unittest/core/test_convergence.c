/* SPDX-License-Identifier: GPL-2.0-or-later
 * Time-step convergence of the three-sphere groove while the grain rolls (size ratio 20, mu 0.5,
 * theta0 0.1; sampled at 80% of the rigid sliding onset, on a time every step of the ladder hits):
 * errors of angle and spin against a run at 3200 steps per contact time, for both orderings, with
 * the observed order. The synchronized ordering must be at least 50x more accurate at the same
 * step. (Measured: both first order; synchronized about 250-500x more accurate.) */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_three_sphere.h"
#include "gs_three_sphere_dem.h"

#define PI 3.14159265358979323846

int main(void)
{
  const double ladder[4] = {12.5, 25, 50, 100};
  gs_three_sphere_params a;
  gs_three_sphere_events ev;
  gs_tsd_params p;
  double t_sample, coarse_dt, err[2][4][2];
  int o, k, ok_gain = 1;

  a.R = 1e-3;
  a.r = 5e-5;
  a.density = 2500;
  a.mu = 0.5;
  a.g = 9.81;
  a.theta0 = 0.1;
  a.pulloff = 0.0;
  gs_three_sphere_events_compute(&a, &ev);
  gs_tsd_defaults(&p, 20, 0.5, 0.1, GS_ORDERING_STANDARD);
  coarse_dt = PI * sqrt(p.density * 4.0 / 3.0 * PI * p.r * p.r * p.r / p.kn) / ladder[0];
  t_sample = floor(0.8 * ev.t_slide / coarse_dt) * coarse_dt;

  for (o = 0; o < 2; o++) {
    gs_tsd_state ref, s;
    gs_tsd_defaults(&p, 20, 0.5, 0.1, o);
    p.steps_per_tc = 3200;
    gs_tsd_run(&p, t_sample, 0, &t_sample, 1, &ref, NULL);
    for (k = 0; k < 4; k++) {
      p.steps_per_tc = ladder[k];
      gs_tsd_run(&p, t_sample, 0, &t_sample, 1, &s, NULL);
      err[o][k][0] = fabs(s.theta - ref.theta) / fabs(ref.theta);
      err[o][k][1] = fabs(s.omegax - ref.omegax) / fabs(ref.omegax);
      printf("%-12s %6.1f steps/tc: angle error %.3e, spin error %.3e", gs_ordering_name(o), ladder[k], err[o][k][0],
             err[o][k][1]);
      if (k > 0)
        printf(", observed order %.2f, %.2f", log2(err[o][k - 1][0] / err[o][k][0]), log2(err[o][k - 1][1] / err[o][k][1]));
      printf("\n");
    }
  }
  for (k = 0; k < 4; k++)
    if (!(err[1][k][0] * 50 <= err[0][k][0] && err[1][k][1] * 50 <= err[0][k][1])) ok_gain = 0;
  GS_CHECK(ok_gain, "synchronized error at least 50x below standard at every step of the ladder (gain at 25 steps/tc: "
           "angle %.0fx, spin %.0fx)", err[0][1][0] / err[1][1][0], err[0][1][1] / err[1][1][1]);
  GS_CHECK(err[1][3][0] < err[1][0][0] && err[1][3][1] < err[1][0][1], "synchronized error decreases with the step");
  return gs_check_summary();
}
