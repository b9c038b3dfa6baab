/* SPDX-License-Identifier: GPL-2.0-or-later
 * fix nve/sphere/sync scheme verlet | consistent: the observed order in time of the step with
 * friction and damping (Xue et al., CMES 2023: DEM stays first order when a contact force term is
 * evaluated at an inconsistent time level). Each case runs a ladder of steps dt = tc/20 ... tc/320
 * (tc: the case's contact or oscillation time) to one fixed time that every step of the ladder hits.
 * Errors: against the analytic solution where there is one (spin), else the differences between
 * neighbouring steps of the ladder (Richardson: they fall as dt^p as the errors do). The observed
 * order is the least-squares slope of log error against log dt, printed for both schemes.
 *   spin:    a sphere held at fixed overlap on a wall and spun (Xue et al. case I in 3D): the
 *            tangential spring and dashpot make a damped torsional oscillator, solved analytically.
 *            consistent >= 1.8, verlet < 1.5 (measured 2.05 and 1.09)
 *   oblique: two spheres, hertz/material with viscoelastic damping and mindlin friction, from touching,
 *            sampled while in contact (velocities and spins of both): consistent >= 1.8, verlet < 1.5
 *            (measured 1.97 and 1.07); after the contact ended inside a step (rebound) both are
 *            event-limited (printed only)
 *   groove:  the three-sphere groove (examples/three_sphere), restitution 0.8 and tangential damping,
 *            angle and spin of the fine grain: with mu 3, while the settling is damped (10 tc),
 *            consistent >= 1.8, verlet < 1.5 (measured 1.9 and 0.7); with mu 0.5, rolling at 400 tc,
 *            both first order (the contacts change between sliding and sticking inside a step as the
 *            grain settles); asserted: consistent converges
 *   cube:    a polydisperse cube of 27 grains dropped on a floor (positions and spins of all): with
 *            every contact made at t = 0 and sampled before any opens, consistent >= 1.8, verlet < 1.5
 *            (measured 1.98 and 0.89); after 8 contact times, contacts opening, closing and sliding
 *            inside steps: both first order; asserted: consistent converges
 *   stability: e = 0.1 at 12.5 steps per contact time: neither scheme gains energy in an impact
 * usage: test_scheme CASE   (spin, groove, oblique, cube, stability; `table` prints doc/verification.md's
 *        accuracy-per-cost table and asserts nothing)
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "gs_check.h"
#include "gs_lmp.h"

#include <math.h>
#include <string.h>
#include <time.h>

#define PI 3.14159265358979323846
#define LADDER 5
#define GROOVE_INPUT GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere"

static const double ladder[LADDER] = {20, 40, 80, 160, 320};
static const char *const schemes[2] = {"verlet", "consistent"};

/* wall time of the last runner's run (for the accuracy-per-cost table) */
static double last_run_seconds;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void timed(void *lmp, const char *command)
{
  const double start = now();
  gs_cmd(lmp, "%s", command);
  last_run_seconds = now() - start;
}

static void run_steps(void *lmp, int steps)
{
  char line[64];
  snprintf(line, sizeof(line), "run %d", steps);
  timed(lmp, line);
}

/* the runners also take "stock": the standard ordering everywhere, equal to stock LAMMPS' pair
 * granular, fix wall/gran and fix nve/sphere to round-off (lammps.vs_stock, lammps.wall_gran_sync) */
static int is_stock(const char *scheme) { return strcmp(scheme, "stock") == 0; }
static const char *ordering_of(const char *scheme) { return is_stock(scheme) ? "standard" : "synchronized"; }
static void integrate(void *lmp, const char *scheme)
{
  if (is_stock(scheme))
    gs_cmd(lmp, "fix integrate all nve/sphere/sync ordering standard");
  else
    gs_cmd(lmp, "fix integrate all nve/sphere/sync scheme %s", scheme);
}

/* the sampled state of one run: up to MAXQ values, each with its scale for relative errors */
#define MAXQ 600
typedef struct {
  int n;
  double q[MAXQ];
} sample;

static void gather_into(void *lmp, const char *name, int cols, sample *s)
{
  const int natoms = (int) lammps_get_natoms(lmp);
  double *data = gs_gather(lmp, name, cols);
  int k;
  for (k = 0; k < cols * natoms && s->n < MAXQ; k++) s->q[s->n++] = data[k];
  free(data);
}

/* max over the values of |a - b| over the largest |b| of the value's group of `group` values */
static double sample_diff(const sample *a, const sample *b, int group)
{
  double worst = 0.0;
  int g, k;
  for (g = 0; g < a->n; g += group) {
    double diff = 0.0, scale = 0.0;
    for (k = g; k < g + group && k < a->n; k++) {
      diff = fmax(diff, fabs(a->q[k] - b->q[k]));
      scale = fmax(scale, fabs(b->q[k]));
    }
    if (scale > 0.0) worst = fmax(worst, diff / scale);
    if (diff != diff) return INFINITY;
  }
  return worst;
}

/* least-squares slope of log(err) over log(dt) for n points with dt halving */
static double slope(const double *err, int n)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int k;
  for (k = 0; k < n; k++) {
    const double x = -k * log(2.0), y = log(err[k]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

/* ---- spin: Xue et al. case I ------------------------------------------------------------------ */
#define SPIN_R 1.0e-3
#define SPIN_DENS 2500.0
#define SPIN_KT 800.0
#define SPIN_ETA 0.02 /* damping velocity; tangential dashpot xt eta with xt 0.5 */
#define SPIN_W0 100.0

static double spin_mass(void) { return SPIN_DENS * 4.0 / 3.0 * PI * SPIN_R * SPIN_R * SPIN_R; }

/* theta'' + a g theta' + a kt theta = 0, a = R^2 / I: the period, and omega and alpha at time t */
static double spin_period(void)
{
  const double a = 2.5 / spin_mass(), g = 0.5 * SPIN_ETA;
  const double w0 = sqrt(a * SPIN_KT), zeta = a * g / (2.0 * w0);
  return 2.0 * PI / (w0 * sqrt(1.0 - zeta * zeta));
}

static void spin_exact(double t, double *omega, double *alpha)
{
  const double a = 2.5 / spin_mass(), g = 0.5 * SPIN_ETA;
  const double w0 = sqrt(a * SPIN_KT), zeta = a * g / (2.0 * w0), wd = w0 * sqrt(1.0 - zeta * zeta);
  const double decay = exp(-zeta * w0 * t), theta = SPIN_W0 / wd * decay * sin(wd * t);
  *omega = SPIN_W0 * decay * (cos(wd * t) - zeta * w0 / wd * sin(wd * t));
  *alpha = -a * (g * *omega + SPIN_KT * theta);
}

static void run_spin(const char *scheme, double dt, int steps, sample *s)
{
  void *lmp = gs_lmp_open();
  gs_lines(lmp, "units si;atom_style sphere;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01 units box;create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 %.17g units box", SPIN_R - 1e-5);
  gs_cmd(lmp, "set group all diameter %.17g", 2 * SPIN_R);
  gs_cmd(lmp, "set group all density %.17g", SPIN_DENS);
  gs_cmd(lmp, "set group all omega 0 %.17g 0", SPIN_W0);
  integrate(lmp, scheme);
  /* mu 10: it never slides; the wall before setforce, which then holds the centre */
  gs_cmd(lmp, "fix floor all wall/gran/sync granular hooke 1e5 %.17g damping velocity tangential linear_history "
              "%.17g 0.5 10 zplane 0 NULL ordering %s", SPIN_ETA, SPIN_KT, ordering_of(scheme));
  gs_cmd(lmp, "fix hold all setforce 0 0 0");
  gs_cmd(lmp, "timestep %.17g", dt);
  run_steps(lmp, steps);
  s->n = 0;
  {
    double *w = gs_gather3(lmp, "omega"), *t = gs_gather3(lmp, "torque");
    s->q[s->n++] = w[1];
    s->q[s->n++] = t[1] / (0.4 * spin_mass() * SPIN_R * SPIN_R);
    free(w);
    free(t);
  }
  lammps_close(lmp);
}

/* ---- groove: examples/three_sphere ------------------------------------------------------------- */
static const char *groove_mu = "3";

static void run_groove(const char *scheme, double steps_per_tc, double t_end, sample *s)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "variable mu index %s", groove_mu);
  gs_cmd(lmp, "variable scheme index %s", is_stock(scheme) ? "verlet" : scheme);
  gs_cmd(lmp, "variable ordering index %s", ordering_of(scheme));
  gs_cmd(lmp, "variable steps index %.17g", steps_per_tc);
  /* `run ... upto` rounds up: half the finest step below the sample time is on the right step */
  gs_cmd(lmp, "variable tmax index %.17g", t_end);
  timed(lmp, "include " GROOVE_INPUT);
  s->n = 0;
  s->q[s->n++] = gs_var(lmp, "theta");
  {
    double *w = gs_gather3(lmp, "omega");
    s->q[s->n++] = w[6]; /* the fine grain's (atom 3) spin about x */
    free(w);
  }
  lammps_close(lmp);
}

static double groove_tc(void)
{
  const double r = 1.0e-3 / 20, m = 2500 * 4.0 / 3.0 * PI * r * r * r;
  return PI * sqrt(m / 1.0e3);
}

/* ---- oblique: two spheres, hertz/material, viscoelastic, mindlin -------------------------------- */
#define OBLIQUE_MODEL "hertz/material 1e7 5e7 0.3 damping viscoelastic tangential mindlin NULL 1.0 0.4"
static void oblique_setup(void *lmp, const char *scheme, const char *model, double dt)
{
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01 units box;create_box 1 box;"
                "create_atoms 1 single 0 0 0 units box;create_atoms 1 single 0 0 0.002 units box;"
                "set group all diameter 0.002;set group all density 2500;"
                "velocity all set 0 0 0 units box;group top id 2;velocity top set 0.6 0.1 -1 units box;"
                "set atom 1 omega 20 -30 50");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering_of(scheme));
  gs_cmd(lmp, "pair_coeff * * %s", model);
  integrate(lmp, scheme);
  gs_cmd(lmp, "timestep %.17g", dt);
}

static void run_oblique(const char *scheme, double dt, int steps, sample *s)
{
  void *lmp = gs_lmp_open();
  oblique_setup(lmp, scheme, OBLIQUE_MODEL, dt);
  run_steps(lmp, steps);
  s->n = 0;
  gather_into(lmp, "v", 3, s);
  gather_into(lmp, "omega", 3, s);
  lammps_close(lmp);
}

/* the contact time of the oblique impact, measured at a fine step */
static double oblique_contact_time(void)
{
  void *lmp = gs_lmp_open();
  double t;
  oblique_setup(lmp, "consistent", OBLIQUE_MODEL, 1e-8);
  gs_lines(lmp, "variable gap equal sqrt((x[1]-x[2])^2+(y[1]-y[2])^2+(z[1]-z[2])^2)-0.002;"
                "fix halt all halt 10 v_gap > 0.0 error continue;run 1000000");
  t = lammps_get_thermo(lmp, "time");
  lammps_close(lmp);
  return t;
}

/* ---- cube: 27 polydisperse grains dropped on a floor ------------------------------------------
 * diameters 1 mm less up to cube_spread on a 0.95 mm simple cubic lattice, the floor at cube_floor
 * below the bottom layer's centres, falling at 0.1 m/s with a shear kick. With spread 0.04 mm and
 * the floor at -0.47 mm every lattice neighbour and every bottom grain touch at t = 0 and still do
 * a quarter contact time later (54 pairs: checked with compute contact/atom); with 0.08 mm and
 * -0.6 mm contacts open, close and slide inside steps. */
#define CUBE_MODEL "hertz/material 1e7 5e7 0.3 damping viscoelastic tangential mindlin NULL 1.0 0.4"
static double cube_spread = 0.00008, cube_floor = -0.0006;
static void run_cube(const char *scheme, const char *model, double dt, int steps, sample *s)
{
  void *lmp = gs_lmp_open();
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.001 0.01 units box;create_box 1 box;"
                "lattice sc 0.00095;region cube block 0 2.9 0 2.9 0 2.9;create_atoms 1 region cube;"
                "neighbor 0.0002 bin;neigh_modify every 1 delay 0");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering_of(scheme));
  gs_cmd(lmp, "pair_coeff * * %s", model);
  gs_cmd(lmp, "variable d atom 0.001-%g*((id*37)%%5)/4", cube_spread);
  /* (the density after the diameters: it sets the masses from the radii it finds) */
  gs_lines(lmp, "set group all diameter v_d;set group all density 2500;"
                "variable vx atom 0.05*sin(id);variable vy atom 0.04*cos(3*id);"
                "velocity all set v_vx v_vy -0.1 units box");
  integrate(lmp, scheme);
  gs_cmd(lmp, "fix gravity all gravity 9.81 vector 0 0 -1");
  gs_cmd(lmp, "fix floor all wall/gran/sync granular %s zplane %g NULL ordering %s", model, cube_floor,
         ordering_of(scheme));
  gs_cmd(lmp, "timestep %.17g", dt);
  run_steps(lmp, steps);
  s->n = 0;
  gather_into(lmp, "x", 3, s);
  gather_into(lmp, "omega", 3, s);
  lammps_close(lmp);
}

static void run_cube_default(const char *scheme, double dt, int steps, sample *s)
{
  run_cube(scheme, CUBE_MODEL, dt, steps, s);
}

/* ---- the ladder --------------------------------------------------------------------------------- */
typedef void (*runner)(const char *scheme, double dt, int steps, sample *s);

static void groove_runner(const char *scheme, double dt, int steps, sample *s)
{
  /* the input takes steps per contact time and the end time */
  const double tc = groove_tc();
  run_groove(scheme, tc / dt, (steps - 0.5) * dt, s);
}

/* what a case asserts: second order of `consistent` (and verlet's below 1.5), or only that
 * `consistent` converges (8x smaller steps at least 4x closer), or nothing (measured) */
enum expectation { SECOND_ORDER, CONVERGES, MEASURED };

/* Runs the ladder to t_end (a multiple of the coarsest step) in both schemes; errors against `exact`
 * when given, else between neighbouring steps. */
static void ladder_case(const char *name, runner run, double tc, double t_end, const sample *exact, int group,
                        enum expectation expect)
{
  static sample s[2][LADDER];
  double order[2], err[2][LADDER];
  int nerr = 0;
  int sc, k;
  for (sc = 0; sc < 2; sc++) {
    nerr = 0;
    for (k = 0; k < LADDER; k++) {
      const double dt = tc / ladder[k];
      run(schemes[sc], dt, (int) lround(t_end / dt), &s[sc][k]);
    }
    for (k = 0; k < LADDER; k++) {
      if (exact)
        err[sc][nerr++] = sample_diff(&s[sc][k], exact, group);
      else if (k + 1 < LADDER)
        err[sc][nerr++] = sample_diff(&s[sc][k], &s[sc][k + 1], group);
    }
    order[sc] = slope(err[sc], nerr);
    printf("%-8s %-10s errors", name, schemes[sc]);
    for (k = 0; k < nerr; k++) printf(" %.3e", err[sc][k]);
    printf("  (%s tc/%g ... tc/%g); order %.2f\n", exact ? "exact," : "neighbouring steps of", ladder[0],
           ladder[LADDER - 1], order[sc]);
  }
  if (expect == SECOND_ORDER) {
    GS_CHECK(order[1] >= 1.8, "%s: scheme consistent is second order (observed %.2f)", name, order[1]);
    GS_CHECK(order[0] < 1.5, "%s: scheme verlet is first order here (observed %.2f)", name, order[0]);
  } else if (expect == CONVERGES) {
    GS_CHECK(err[1][nerr - 1] * 4.0 <= err[1][0], "%s: scheme consistent converges (observed order %.2f)", name,
             order[1]);
  }
}

/* ---- accuracy per cost (doc/verification.md): not a test -------------------------------------
 * For each case and variant (stock, verlet, consistent): errors against consistent at tc/1280 over
 * the ladder, and the steps per tc and wall time (this machine, these few grains) each needs for
 * a target error, interpolated in log-log between the ladder's points (extrapolated from the last
 * two beyond). */
static void accuracy_table(const char *name, runner run, double tc, double t_end, int group)
{
  static const char *const variants[3] = {"stock", "verlet", "consistent"};
  static const double targets[2] = {1e-3, 1e-5};
  sample ref, s;
  int v, k, t;
  run("consistent", tc / 1280.0, (int) lround(t_end / (tc / 1280.0)), &ref);
  for (v = 0; v < 3; v++) {
    double err[LADDER], seconds_per_step = 0.0;
    for (k = 0; k < LADDER; k++) {
      const int steps = (int) lround(t_end / (tc / ladder[k]));
      run(variants[v], tc / ladder[k], steps, &s);
      err[k] = sample_diff(&s, &ref, group);
      seconds_per_step += last_run_seconds / steps / LADDER;
    }
    printf("| %s | %s |", name, variants[v]);
    for (k = 0; k < LADDER; k += 2) printf(" %.1e%s", err[k], k + 2 < LADDER ? " /" : " |");
    for (t = 0; t < 2; t++) {
      /* first ladder point at or below the target, else the last two */
      double x0, x1, y0, y1, per_tc;
      for (k = 1; k < LADDER - 1 && err[k] > targets[t]; k++) continue;
      x0 = log(ladder[k - 1]);
      x1 = log(ladder[k]);
      y0 = log(err[k - 1]);
      y1 = log(err[k]);
      per_tc = err[0] <= targets[t] ? ladder[0] : exp(x0 + (log(targets[t]) - y0) * (x1 - x0) / (y1 - y0));
      printf(" %s%.0f (%.2g s) |", err[0] <= targets[t] ? "<= " : "", per_tc, per_tc * t_end / tc * seconds_per_step);
    }
    printf("\n");
  }
}

int main(int argc, char **argv)
{
  const char *which = argc > 1 ? argv[1] : "spin";
  MPI_Init(&argc, &argv);
  if (strcmp(which, "spin") == 0) {
    const double period = spin_period(), t_end = 1.5 * period;
    sample exact;
    double rounded;
    /* the analytic solution at the time the ladder reaches (a multiple of the coarsest step) */
    rounded = floor(t_end / (period / ladder[0])) * (period / ladder[0]);
    exact.n = 2;
    spin_exact(rounded, &exact.q[0], &exact.q[1]);
    ladder_case("spin", run_spin, period, rounded, &exact, 1, SECOND_ORDER);
  } else if (strcmp(which, "groove") == 0) {
    /* mu 3: the grain sticks from the start; sampled while the settling is still damped */
    const double tc = groove_tc();
    ladder_case("groove", groove_runner, tc, 10.0 * tc, NULL, 1, SECOND_ORDER);
    /* mu 0.5 (the paper's): the contacts slide, then stick, as the grain settles, at a different time
     * within a step at each step size: first order in both schemes (doc/verification.md) */
    groove_mu = "0.5";
    ladder_case("groove/slip", groove_runner, tc, 400.0 * tc, NULL, 1, CONVERGES);
  } else if (strcmp(which, "oblique") == 0) {
    const double tc = oblique_contact_time();
    const double during = floor(0.6 * ladder[0]) * tc / ladder[0];
    printf("oblique: contact time %.6e s, sampled at %.3f tc\n", tc, during / tc);
    ladder_case("oblique", run_oblique, tc, during, NULL, 3, SECOND_ORDER);
    /* after the contact ended inside a step: measured, not asserted (doc/verification.md) */
    ladder_case("rebound", run_oblique, tc, ceil(1.2 * ladder[0]) * tc / ladder[0], NULL, 3, MEASURED);
  } else if (strcmp(which, "cube") == 0) {
    const double tc = 5.0e-5; /* about the period of a grain between its neighbours */
    /* contacts open, close and slide inside steps: first order in both schemes (doc/verification.md) */
    ladder_case("cube/events", run_cube_default, tc, 8.0 * tc, NULL, 81, CONVERGES);
    cube_spread = 0.00004;
    cube_floor = -0.00047;
    ladder_case("cube", run_cube_default, tc, 0.25 * tc, NULL, 81, SECOND_ORDER);
    {
      /* without dashpots the schemes are one computation: the same bits */
      sample undamped[2];
      int sc;
      for (sc = 0; sc < 2; sc++)
        run_cube(schemes[sc], "hertz/material 1e7 0 0.3 damping viscoelastic tangential mindlin NULL 0 0.4", tc / 40,
                 10, &undamped[sc]);
      GS_CHECK(undamped[0].n == 162 && memcmp(undamped[0].q, undamped[1].q, sizeof(double) * 162) == 0,
               "cube without dashpots: scheme consistent gives verlet's bits");
    }
  } else if (strcmp(which, "table") == 0) {
    groove_mu = "3";
    cube_spread = 0.00004;
    cube_floor = -0.00047;
    printf("| case | scheme | error at tc/20 / tc/80 / tc/320 | steps per tc for 1e-3 (wall time) | for 1e-5 |\n"
           "| --- | --- | --- | --- | --- |\n");
    accuracy_table("groove, mu 3, 10 tc", groove_runner, groove_tc(), 10.0 * groove_tc(), 1);
    {
      const double tc = oblique_contact_time();
      accuracy_table("oblique impact, 0.6 tc", run_oblique, tc, floor(0.6 * ladder[0]) * tc / ladder[0], 3);
    }
    accuracy_table("cube drop, 0.25 tc", run_cube_default, 5.0e-5, 0.25 * 5.0e-5, 81);
    MPI_Finalize();
    return 0;
  } else if (strcmp(which, "stability") == 0) {
    /* the oblique impact with hooke kn 100 and e = 0.1 at 12.5 steps per contact time pi sqrt(m_eff / kn):
     * after the contact, each scheme's spheres must be slower than before it (no energy gained) */
    const double m = 2500 * 4.0 / 3.0 * PI * 1e-9, tc = PI * sqrt(0.5 * m / 100.0), dt = tc / 12.5;
    int sc;
    for (sc = 0; sc < 2; sc++) {
      void *lmp = gs_lmp_open();
      double *v, energy = 0.0;
      int k;
      oblique_setup(lmp, schemes[sc], "hooke 100 0.1 damping coeff_restitution tangential linear_history 30 1.0 0.4",
                    dt);
      gs_cmd(lmp, "run %d", 50);
      v = gs_gather3(lmp, "v");
      for (k = 0; k < 6; k++) energy += 0.5 * m * v[k] * v[k];
      free(v);
      lammps_close(lmp);
      printf("stability %-10s e 0.1, 12.5 steps per contact: kinetic energy after / before the impact %.4f\n",
             schemes[sc], energy / (0.5 * m * (0.36 + 0.01 + 1.0)));
      GS_CHECK(energy < 0.5 * m * (0.36 + 0.01 + 1.0), "%s: stable at e 0.1 and 12.5 steps per contact", schemes[sc]);
    }
  } else {
    fprintf(stderr, "usage: test_scheme spin|groove|oblique|cube|stability\n");
    return 2;
  }
  MPI_Finalize();
  return gs_check_summary();
}
