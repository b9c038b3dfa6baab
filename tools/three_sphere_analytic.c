/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * three_sphere_analytic R r density mu g theta0 [dt_out [pulloff]]
 *
 * Prints the events of the rigid-body three-sphere solution (Vyas et al.,
 * CPC 2025, Appendix 1; conventions in src/analytic/gs_three_sphere.h) and,
 * if dt_out is given, a table of the motion from t = 0 to t_sep.
 * mu may be "inf" (pure rolling until separation); pulloff is the cohesive
 * pull-off force per contact (default 0). SI units assumed.
 */
#include "gs_three_sphere.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int parse(const char *s, double *v)
{
  char *end;
  *v = strtod(s, &end);
  return end != s && *end == '\0';
}

static void usage(const char *prog)
{
  fprintf(stderr,
          "usage: %s R r density mu g theta0 [dt_out [pulloff]]\n"
          "  R, r: large/fine radius; mu: friction coefficient (or inf);\n"
          "  theta0: release angle from vertical (rad), 0 < theta0 < pi/2;\n"
          "  dt_out: print t theta thetadot omega phase N_c F_c every dt_out up to t_sep (0: no table);\n"
          "  pulloff: cohesion, the pull-off force per contact (dmt 4 pi gamma R*, jkr 3 pi gamma R*)\n",
          prog);
}

int main(int argc, char **argv)
{
  gs_three_sphere_params p;
  gs_three_sphere_derived d;
  gs_three_sphere_events ev;
  double dt_out = 0.0;
  int rc;

  p.pulloff = 0.0;
  if (argc < 7 || argc > 9) {
    usage(argv[0]);
    return 1;
  }
  if (!parse(argv[1], &p.R) || !parse(argv[2], &p.r) || !parse(argv[3], &p.density) ||
      !parse(argv[4], &p.mu) || !parse(argv[5], &p.g) || !parse(argv[6], &p.theta0) ||
      (argc >= 8 && (!parse(argv[7], &dt_out) || !(dt_out >= 0.0))) ||
      (argc == 9 && !parse(argv[8], &p.pulloff))) {
    usage(argv[0]);
    return 1;
  }
  rc = gs_three_sphere_derived_compute(&p, &d);
  if (rc == GS_THREE_SPHERE_OK) rc = gs_three_sphere_events_compute(&p, &ev);
  if (rc != GS_THREE_SPHERE_OK) {
    fprintf(stderr, "error: %s (code %d)\n",
            rc == GS_THREE_SPHERE_EPARAM ? "invalid parameters" : "solution failed", rc);
    return 2;
  }

  printf("# three-sphere analytic solution: R=%.10g r=%.10g density=%.10g mu=%.10g g=%.10g "
         "theta0=%.10g pulloff=%.10g\n",
         p.R, p.r, p.density, p.mu, p.g, p.theta0, p.pulloff);
  printf("# rho=%.15g r_p=%.15g cos_beta=%.15g kappa=%.15g mass=%.15g inertia=%.15g\n", d.rho,
         d.r_p, d.cos_beta, d.kappa, d.mass, d.inertia);
  printf("# theta_sep_rolling=%.15g (pure-rolling separation angle, for reference)\n",
         d.theta_sep_rolling);
  printf("# omega = +x component of the angular velocity (negative while theta increases)\n");
  printf("slides       %d\n", ev.slides);
  printf("t_slide      %.15g\n", ev.t_slide);
  printf("theta_slide  %.15g\n", ev.theta_slide);
  printf("t_sep        %.15g\n", ev.t_sep);
  printf("theta_sep    %.15g\n", ev.theta_sep);
  printf("thetadot_sep %.15g\n", ev.thetadot_sep);
  printf("omega_sep    %.15g\n", ev.omega_sep);
  printf("held         %d\n", ev.held);
  printf("t_bottom     %.15g\n", ev.t_bottom);

  if (dt_out > 0.0) {
    double n = 0.0;
    printf("# t theta thetadot omega phase normal_per_contact friction_per_contact\n");
    for (;;) {
      gs_three_sphere_state s;
      const double t_last = ev.held ? ev.t_bottom : ev.t_sep;
      double t = n * dt_out;
      int last = 0;
      if (t >= t_last) {
        t = t_last; /* always end on the separation event or at the bottom */
        last = 1;
      }
      if (gs_three_sphere_state_at(&p, t, &s) != GS_THREE_SPHERE_OK) return 2;
      printf("%.12e %.12e %.12e %.12e %d %.12e %.12e\n", s.t, s.theta, s.thetadot, s.omega,
             s.phase, s.normal_per_contact, s.friction_per_contact);
      if (last) break;
      n += 1.0;
    }
  }
  return 0;
}
