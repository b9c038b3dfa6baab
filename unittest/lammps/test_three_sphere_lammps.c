/* SPDX-License-Identifier: GPL-2.0-or-later
 * The three-sphere problem (Vyas et al., CPC 2025, Fig. 1 and appendix 1) run in LAMMPS with
 * examples/three_sphere/in.three_sphere, against the rigid-body solution of src/analytic:
 *  - synchronized ordering: the angle follows the analytic rolling solution within 1% while the
 *    grain rolls, and the grain separates within 3% of the analytic separation time;
 *  - standard ordering: the grain is trapped (still in the groove at twice that time) exactly when
 *    the wedge can hold it by friction: radial friction 2 mu N sin(beta) against the normal forces'
 *    radial part 2 N cos(beta), sin(beta) = R/(R+r), i.e. trapped for size ratios above
 *    S_c = (1 + sqrt(1 + mu^2)) / mu^2 (the critical size ratio of Vyas et al., eq. 22);
 *  - both orderings: LAMMPS and the standalone C driver (src/verify, the core without LAMMPS) give
 *    the same trajectory to 1e-9.
 *
 * usage: test_three_sphere_lammps [ratio mu theta0]   (default 20 0.5 0.1)
 */
#include "gs_check.h"
#include "gs_lmp.h"
#include "gs_contact.h"
#include "gs_three_sphere.h"
#include "gs_three_sphere_dem.h"

#include <math.h>

static void *open_case(const char *ordering, double ratio, double mu, double theta0, double tmax)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "variable ordering index %s", ordering);
  gs_cmd(lmp, "variable ratio index %.17g", ratio);
  gs_cmd(lmp, "variable mu index %.17g", mu);
  gs_cmd(lmp, "variable theta0 index %.17g", theta0);
  gs_cmd(lmp, "variable tmax index %.17g", tmax);
  return lmp;
}

/* angle and spin every 2000 steps of one continuous LAMMPS run, against the standalone driver */
static void compare_with_driver(const char *ordering_name, double ratio, double mu, double theta0, double t_end)
{
  const int every = 2000;
  void *lmp = open_case(ordering_name, ratio, mu, theta0, 0.0);
  gs_tsd_params p;
  gs_tsd_state samples[64];
  double times[64], worst = 0.0, dt;
  int rows, k, n = 0;
  gs_cmd(lmp, "include " GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere");
  gs_cmd(lmp, "unfix halt");
  gs_cmd(lmp, "variable step equal step");
  gs_cmd(lmp, "fix samples all vector %d v_step v_theta v_omegax", every);
  dt = gs_var(lmp, "dt");
  gs_cmd(lmp, "run %d post no", (int) (t_end / dt / every) * every);
  rows = (int) (t_end / dt / every) + 1;
  for (k = 0; k < rows && n < 64; k++) {
    double *step = (double *) lammps_extract_fix(lmp, "samples", LMP_STYLE_GLOBAL, LMP_TYPE_ARRAY, k, 0);
    if (step && *step > 0) times[n++] = *step * dt;
    lammps_free(step);
  }
  gs_tsd_defaults(&p, ratio, mu, theta0, gs_ordering_from_name(ordering_name));
  gs_tsd_run(&p, times[n - 1], 0, times, n, samples, NULL);
  for (k = 0; k < rows && k < 64; k++) {
    double *step = (double *) lammps_extract_fix(lmp, "samples", LMP_STYLE_GLOBAL, LMP_TYPE_ARRAY, k, 0);
    double *theta = (double *) lammps_extract_fix(lmp, "samples", LMP_STYLE_GLOBAL, LMP_TYPE_ARRAY, k, 1);
    double *omega = (double *) lammps_extract_fix(lmp, "samples", LMP_STYLE_GLOBAL, LMP_TYPE_ARRAY, k, 2);
    if (step && *step > 0) {
      const int i = (int) (*step / every) - 1;
      worst = fmax(worst, fabs(*theta - samples[i].theta) / fabs(samples[i].theta));
      worst = fmax(worst, fabs(*omega - samples[i].omegax) / fmax(fabs(samples[i].omegax), 1e-300));
    }
    lammps_free(step);
    lammps_free(theta);
    lammps_free(omega);
  }
  GS_CHECK(n >= 10 && worst <= 1e-9, "%s: LAMMPS and the standalone C driver agree on angle and spin at %d times "
           "(max rel diff %.2e)", ordering_name, n, worst);
  lammps_close(lmp);
}

int main(int argc, char **argv)
{
  const double ratio = argc > 3 ? atof(argv[1]) : 20.0;
  const double mu = argc > 3 ? atof(argv[2]) : 0.5;
  const double theta0 = argc > 3 ? atof(argv[3]) : 0.1;
  gs_three_sphere_params p;
  gs_three_sphere_events ev;
  void *lmp;
  double worst_angle = 0.0, t_sep, gap;
  int k, status;

  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  p.R = 1.0e-3;
  p.r = p.R / ratio;
  p.density = 2500;
  p.mu = mu;
  p.g = 9.81;
  p.theta0 = theta0;
  p.pulloff = 0.0;
  if (gs_three_sphere_events_compute(&p, &ev) != 0) {
    fprintf(stderr, "analytic solution failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (gs_rank() == 0)
    printf("analytic (rigid): sliding from t = %.6f s (theta %.4f), separation at t = %.6f s (theta %.4f)\n",
           ev.t_slide, ev.theta_slide, ev.t_sep, ev.theta_sep);

  /* synchronized: follow the rolling phase in 10 checkpoints, then run to separation */
  lmp = open_case("synchronized", ratio, mu, theta0, 0.0);
  gs_cmd(lmp, "include " GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere");
  gs_cmd(lmp, "unfix halt");
  for (k = 1; k <= 10; k++) {
    gs_three_sphere_state s;
    const double t = ev.t_slide * k / 10.0;
    double theta;
    gs_cmd(lmp, "run $(round(%.17g/dt)) upto post no", t);
    gs_three_sphere_state_at(&p, gs_var(lmp, "t"), &s);
    theta = gs_var(lmp, "theta");
    if (fabs(theta - s.theta) / s.theta > worst_angle) worst_angle = fabs(theta - s.theta) / s.theta;
  }
  GS_CHECK(worst_angle <= 0.01, "synchronized: angle follows the rolling solution until sliding starts "
                                "(max rel error %.2e, limit 1e-2)", worst_angle);
  gs_cmd(lmp, "fix halt all halt 100 v_gap > 0.0 error continue");
  gs_cmd(lmp, "run $(ceil(%.17g/dt)) upto post no", 2.0 * ev.t_sep);
  gap = gs_var(lmp, "gap");
  t_sep = gs_var(lmp, "t");
  GS_CHECK(gap > 0.0 && fabs(t_sep - ev.t_sep) <= 0.03 * ev.t_sep,
           "synchronized: separates at t = %.6f s, analytic %.6f s (rel error %.2e, limit 3e-2)", t_sep, ev.t_sep,
           fabs(t_sep - ev.t_sep) / ev.t_sep);
  lammps_close(lmp);

  /* standard: the stock ordering traps the grain above the critical size ratio */
  {
    const double critical = (1.0 + sqrt(1.0 + mu * mu)) / (mu * mu);
    lmp = open_case("standard", ratio, mu, theta0, 2.0 * ev.t_sep);
    gs_cmd(lmp, "include " GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere");
    gap = gs_var(lmp, "gap");
    if (ratio > critical)
      GS_CHECK(gap < 0.0, "standard: size ratio %g > critical %.2f: still in the groove at t = %.6f s = 2 t_sep "
               "(gap %.3e m): trapped", ratio, critical, gs_var(lmp, "t"), gap);
    else
      GS_CHECK(gap > 0.0, "standard: size ratio %g < critical %.2f: separated by t = %.6f s = 2 t_sep", ratio,
               critical, gs_var(lmp, "t"));
    lammps_close(lmp);
  }

  compare_with_driver("synchronized", ratio, mu, theta0, 0.8 * ev.t_slide);
  compare_with_driver("standard", ratio, mu, theta0, 0.8 * ev.t_slide);

  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
