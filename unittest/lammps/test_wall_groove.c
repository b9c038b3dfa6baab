/* SPDX-License-Identifier: GPL-2.0-or-later
 * A fine sphere in the groove between a flat wall and a large sphere (examples/wall_groove), the
 * wall analogue of the three-sphere problem: one contact frame turns (the sphere's), one does not
 * (the wall's).
 *  - While the grain rolls on both contacts its angle and all three spin components have a closed
 *    form (energy conservation under the two rolling constraints, see the input's header). Both
 *    orderings are compared with it; the synchronized one must follow it to 1e-5.
 *  - Separation: the rigid theory cannot say where the grain leaves (the friction forces of two
 *    rolling contacts are statically indeterminate), so the reference is the synchronized run at a
 *    10x smaller step. The synchronized ordering must leave within 1e-3 of it; the standard
 *    ordering's separation error is measured and printed, and must be at least 10x larger.
 *  - Below mu = sqrt(r/R) no wedged state exists past theta = pi/2 (radial friction cannot
 *    outweigh the normal forces' radial part), so the grain must leave before that angle.
 *
 * usage: test_wall_groove [ratio mu [theta_roll]]   (default 20 0.5 0.9; theta_roll: the angle up to
 *        which the rolling solution is checked, before the grain starts to slide)
 */
#include "gs_check.h"
#include "gs_lmp.h"

#include <math.h>

#define GROOVE_INPUT GRANSYNC_SOURCE_DIR "/examples/wall_groove/in.wall_groove"
#define THETA0 0.3
#define PI 3.14159265358979323846

typedef struct {
  double R, r, rho, g;
  double theta, thetadot, t;
} rolling_solution;

static void rolling_init(rolling_solution *s, double R, double r, double theta0)
{
  s->R = R;
  s->r = r;
  s->rho = 2.0 * sqrt(R * r);
  s->g = 9.81;
  s->theta = theta0;
  s->thetadot = 0.0;
  s->t = 0.0;
}

static double rolling_accel(const rolling_solution *s, double theta)
{
  return s->g * s->rho * sin(theta) / (s->rho * s->rho + 1.6 * s->R * (s->R + s->r));
}

/* classic RK4 on (theta, thetadot) up to time t */
static void rolling_advance(rolling_solution *s, double t)
{
  const double h_max = 1.0e-6;
  while (s->t < t) {
    const double h = fmin(h_max, t - s->t);
    const double th = s->theta, w = s->thetadot;
    const double k1t = w, k1w = rolling_accel(s, th);
    const double k2t = w + 0.5 * h * k1w, k2w = rolling_accel(s, th + 0.5 * h * k1t);
    const double k3t = w + 0.5 * h * k2w, k3w = rolling_accel(s, th + 0.5 * h * k2t);
    const double k4t = w + h * k3w, k4w = rolling_accel(s, th + h * k3t);
    s->theta += h / 6.0 * (k1t + 2.0 * k2t + 2.0 * k3t + k4t);
    s->thetadot += h / 6.0 * (k1w + 2.0 * k2w + 2.0 * k3w + k4w);
    s->t += h;
  }
}

/* omega = -(thetadot/r) (2R x_hat - rho e_r), e_r = (0, sin, cos) */
static void rolling_spin(const rolling_solution *s, double omega[3])
{
  const double c = -s->thetadot / s->r;
  omega[0] = c * 2.0 * s->R;
  omega[1] = -c * s->rho * sin(s->theta);
  omega[2] = -c * s->rho * cos(s->theta);
}

static void *open_groove(const char *ordering, double ratio, double mu, int steps)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "variable ordering index %s", ordering);
  gs_cmd(lmp, "variable ratio index %.17g", ratio);
  gs_cmd(lmp, "variable mu index %.17g", mu);
  gs_cmd(lmp, "variable steps index %d", steps);
  gs_cmd(lmp, "variable theta0 index %.17g", THETA0);
  gs_cmd(lmp, "variable tmax index 0");
  gs_cmd(lmp, "include " GROOVE_INPUT);
  gs_cmd(lmp, "unfix halt");
  gs_cmd(lmp, "thermo 0");
  return lmp;
}

/* largest relative error of angle and spin against the rolling solution at 10 times up to t_roll */
static double rolling_error(void *lmp, double ratio, double t_roll)
{
  const double R = gs_var(lmp, "R");
  rolling_solution s;
  double worst = 0.0;
  int k, d;
  rolling_init(&s, R, R / ratio, THETA0);
  for (k = 1; k <= 10; k++) {
    const char *spin_names[3] = {"omegax", "omegay", "omegaz"};
    double omega[3], spin_scale;
    gs_cmd(lmp, "run $(round(%.17g/dt)) upto post no", t_roll * k / 10.0);
    rolling_advance(&s, gs_var(lmp, "t"));
    rolling_spin(&s, omega);
    spin_scale = sqrt(omega[0] * omega[0] + omega[1] * omega[1] + omega[2] * omega[2]);
    worst = fmax(worst, fabs(gs_var(lmp, "theta") - s.theta) / s.theta);
    for (d = 0; d < 3; d++) worst = fmax(worst, fabs(gs_var(lmp, spin_names[d]) - omega[d]) / spin_scale);
  }
  return worst;
}

/* time the grain leaves the large sphere (NAN if it is still in contact at t_max); angle then */
static double leave_time(void *lmp, double t_max, double *theta)
{
  gs_cmd(lmp, "fix halt all halt 1 v_gap > 0.0 error continue");
  gs_cmd(lmp, "run $(ceil(%.17g/dt)) upto post no", t_max);
  *theta = gs_var(lmp, "theta");
  return gs_var(lmp, "gap") > 0.0 ? gs_var(lmp, "t") : NAN;
}

int main(int argc, char **argv)
{
  const double ratio = argc > 2 ? atof(argv[1]) : 20.0;
  const double mu = argc > 2 ? atof(argv[2]) : 0.5;
  const double theta_roll = argc > 3 ? atof(argv[3]) : 0.9;
  const double mu_wedge = sqrt(1.0 / ratio);
  const char *orderings[2] = {"synchronized", "standard"};
  double t_roll, t_ref, theta_ref, t_leave[2], theta_leave[2], err_leave[2];
  int o, status;

  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;

  /* rolling phase: up to the analytic time the grain reaches theta_roll (before it slides) */
  {
    rolling_solution s;
    rolling_init(&s, 1.0e-3, 1.0e-3 / ratio, THETA0);
    while (s.theta < theta_roll) rolling_advance(&s, s.t + 1.0e-5);
    t_roll = s.t;
  }

  /* reference: the synchronized ordering at 10x smaller step */
  {
    void *lmp = open_groove("synchronized", ratio, mu, 500);
    t_ref = leave_time(lmp, 0.1, &theta_ref);
    lammps_close(lmp);
    GS_CHECK(t_ref == t_ref, "reference (synchronized, 500 steps per contact time): leaves at t = %.6f s, "
             "theta %.4f rad", t_ref, theta_ref);
    if (t_ref != t_ref) MPI_Abort(MPI_COMM_WORLD, 2);
  }

  for (o = 0; o < 2; o++) {
    void *lmp = open_groove(orderings[o], ratio, mu, 50);
    const double err_roll = rolling_error(lmp, ratio, t_roll);
    if (o == 0)
      GS_CHECK(err_roll <= 1e-5, "synchronized: angle and spin follow the rolling solution to theta = %.2f rad "
               "(max rel error %.2e, limit 1e-5)", theta_roll, err_roll);
    else if (gs_rank() == 0)
      printf("standard: angle and spin against the rolling solution to theta = %.2f rad: max rel error %.2e\n",
             theta_roll, err_roll);
    t_leave[o] = leave_time(lmp, 2.0 * t_ref, &theta_leave[o]);
    err_leave[o] = t_leave[o] == t_leave[o] ? fabs(t_leave[o] - t_ref) / t_ref : INFINITY;
    if (gs_rank() == 0) {
      if (t_leave[o] == t_leave[o])
        printf("%s: leaves at t = %.6f s, theta %.4f rad (separation time error %.2e)\n", orderings[o], t_leave[o],
               theta_leave[o], err_leave[o]);
      else
        printf("%s: still wedged in the groove at t = 2 t_ref = %.6f s (separation time error > 100%%)\n",
               orderings[o], 2.0 * t_ref);
    }
    lammps_close(lmp);
  }
  GS_CHECK(err_leave[0] <= 1e-3, "synchronized: leaves within 1e-3 of the 10x finer step (error %.2e)",
           err_leave[0]);
  GS_CHECK(err_leave[1] >= 10.0 * err_leave[0], "standard: separation time error %.2e is at least 10x the "
           "synchronized one", err_leave[1]);
  if (mu < mu_wedge) {
    GS_CHECK(theta_leave[0] < 0.5 * PI, "synchronized: mu %g < sqrt(r/R) = %.3f: leaves before pi/2 "
             "(theta %.4f)", mu, mu_wedge, theta_leave[0]);
    GS_CHECK(theta_ref < 0.5 * PI, "reference: leaves before pi/2 (theta %.4f)", theta_ref);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
