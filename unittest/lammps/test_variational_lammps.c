/* SPDX-License-Identifier: GPL-2.0-or-later
 * run_style dem/variational (De Klerk et al. 2022) in LAMMPS:
 *   test_variational_lammps physics   a damped head-on impact against the damped oscillator (derived,
 *                                     as core.variational), and against fix nve/sphere/sync; atoms
 *                                     outside the integrators' group stay put; the paper's box fill
 *                                     (218 spheres, 6d x 6d x 120d, gravity, a floor) against
 *                                     velocity Verlet statistically; bad input refused; a bidisperse
 *                                     bed on the pair's own contact lists as on LAMMPS' lists
 *   test_variational_lammps walls     one sphere against fix wall/gran/sync's moving and curved walls
 *                                     (a cylinder, a shearing floor, planes wiggled along and across
 *                                     their normal, one defined late, one at alpha 0) as fix
 *                                     nve/sphere/sync at a tenth of the step
 *   test_variational_lammps ranks     (2 ranks) the box fill on 2 ranks and on 1 agree to the
 *                                     solver's tolerance */
#include "gs_lmp.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void *open_on(MPI_Comm comm)
{
  const char *args[] = {"gs_test", "-log", "none", "-screen", "none", "-nocite"};
  void *lmp = lammps_open(6, (char **) args, comm, NULL);
  lammps_command(lmp, "plugin load " GRANSYNC_PLUGIN);
  return lmp;
}

/* the paper's contacts: d = 0.01, density 2500, k d / m g = 195000, damping 30 (mass_velocity: eta = 30 meff) */
static const double diameter = 0.01, density = 2500.0;
static double sphere_mass(void)
{
  return density * M_PI / 6.0 * diameter * diameter * diameter;
}
static double stiffness(void)
{
  return 195000.0 * sphere_mass() * 9.81 / diameter;
}

/* The box fill: 218 spheres at deterministic places (a lattice, each shifted a little), random
 * velocities, falling onto the floor of a 6d x 6d x 120d box. `integrate`: the run style line. */
static void box_fill(void *lmp, const char *run_style, double damping)
{
  int n = 0, k = 0;
  /* ranks split the box across x (along z, all spheres would lie in one rank's half) */
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array sort 0 0;boundary p p f;comm_modify vel yes;"
                "processors * 1 1;region box block 0 0.06 0 0.06 0 1.2;create_box 1 box");
  while (n < 218) {
    const int ix = k % 5, iy = (k / 5) % 5, iz = k / 25;
    const double jitter = 0.0005 * sin(1.7 * k);
    gs_cmd(lmp, "create_atoms 1 single %.10g %.10g %.10g units box", 0.0065 + 0.0118 * ix + jitter,
           0.0065 + 0.0118 * iy - jitter, 0.01 + 0.0118 * iz);
    n++;
    k++;
  }
  gs_cmd(lmp, "set type 1 diameter %g", diameter);
  gs_cmd(lmp, "set type 1 density %g", density);
  gs_lines(lmp, "velocity all create 3e18 8765 loop geom;neighbor 0.002 bin;neigh_modify delay 0 every 1 check yes;"
                "pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * hooke %.10g %g damping mass_velocity tangential linear_nohistory 0.5 0.5", stiffness(),
         damping);
  gs_cmd(lmp,
         "fix wall all wall/gran/sync granular hooke %.10g %g damping mass_velocity tangential linear_nohistory 0.5 0.5 "
         "zplane 0 NULL",
         stiffness(), damping);
  gs_lines(lmp, "fix g all gravity 9.81 vector 0 0 -1;fix nve all nve/sphere;timestep 1e-5;"
                "compute ke all ke;variable vz2 atom vz*vz;compute vz2 all reduce ave v_vz2;"
                "compute vz all reduce ave vz");
  if (run_style) gs_cmd(lmp, "run_style %s", run_style);
}

/* mean translational kinetic energy and mean squared vertical velocity fluctuation over `samples`
 * runs of `every` steps (after the first) */
static void fill_statistics(void *lmp, int samples, int every, double *ke, double *fluctuation)
{
  int s;
  *ke = *fluctuation = 0.0;
  gs_cmd(lmp, "run %d post no", every);
  for (s = 0; s < samples; s++) {
    double vz;
    gs_cmd(lmp, "run %d pre no post no", every);
    *ke += *(double *) lammps_extract_compute(lmp, "ke", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR) / samples;
    vz = *(double *) lammps_extract_compute(lmp, "vz", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
    *fluctuation += (*(double *) lammps_extract_compute(lmp, "vz2", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR) - vz * vz) / samples;
  }
}

/* two spheres approaching at 0.1 m/s along x, the second offset by `offset` along y, with pair_coeff
 * `coeff` and timestep h, for `steps`: velocities (6) and spins (6) after */
static void impact(const char *integrate, const char *coeff, double h, int steps, double offset, double *v_out,
                   double *w_out)
{
  void *lmp = open_on(MPI_COMM_WORLD);
  double *v, *w;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary p p p;comm_modify vel yes;"
                "region box block -0.05 0.05 -0.05 0.05 -0.05 0.05;create_box 1 box;"
                "create_atoms 1 single -0.00501 0 0 units box");
  gs_cmd(lmp, "create_atoms 1 single %.10g %.10g 0 units box", sqrt(0.01002 * 0.01002 - offset * offset) - 0.00501,
         offset);
  gs_cmd(lmp, "set type 1 diameter %g", diameter);
  gs_cmd(lmp, "set type 1 density %g", density);
  gs_lines(lmp, "velocity all set 0 0 0;set atom 1 vx 0.05;set atom 2 vx -0.05;neighbor 0.002 bin;pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * %s", coeff);
  gs_cmd(lmp, "timestep %.10g", h);
  gs_lines(lmp, integrate);
  gs_cmd(lmp, "run %d", steps);
  v = gs_gather3(lmp, "v");
  w = gs_gather3(lmp, "omega");
  memcpy(v_out, v, 6 * sizeof(double));
  memcpy(w_out, w, 6 * sizeof(double));
  free(v);
  free(w);
  lammps_close(lmp);
}

/* head-on: the restitution coefficient */
static double head_on(const char *integrate, const char *coeff, double h, int steps)
{
  double v[6], w[6];
  impact(integrate, coeff, h, steps, 0.0, v, w);
  return (v[3] - v[0]) / 0.1;
}

/* the Hooke head-on of Figs. 6-8 at steps_per_contact */
static double hooke_head_on(const char *integrate, double steps_per_contact)
{
  const double meff = 0.5 * sphere_mass(), k = stiffness();
  const double zeta = 30.0 * meff / (2.0 * sqrt(k * meff)), wn = sqrt(k / meff);
  const double contact = M_PI / (wn * sqrt(1.0 - zeta * zeta));
  char coeff[256];
  snprintf(coeff, sizeof(coeff), "hooke %.10g 30 damping mass_velocity tangential linear_nohistory 0.5 0.5", k);
  return head_on(integrate, coeff, contact / steps_per_contact, (int) (4.0 * steps_per_contact));
}

/* One sphere (the paper's, d = 0.01) against a fix wall/gran/sync `wall` (its geometry and motion
 * words), hertz/material with a velocity dashpot and the tangential one, under gravity, from
 * position x0, velocity v0 and spin w0 for `steps` of h: position, velocity and spin after (3 each) */
static void against_wall(const char *integrate, const char *pre, const char *wall, double h, int steps,
                         const double *x0, const double *v0, const double *w0, double *out)
{
  void *lmp = open_on(MPI_COMM_WORLD);
  const char *model = "hertz/material 1e8 0.1 0.3 damping velocity tangential linear_nohistory 1.0 10";
  const char *names[3] = {"x", "v", "omega"};
  int k;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.05 0.05 -0.05 0.05 -0.05 0.05;create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single %.10g %.10g %.10g units box", x0[0], x0[1], x0[2]);
  gs_cmd(lmp, "set type 1 diameter %g", diameter);
  gs_cmd(lmp, "set type 1 density %g", density);
  gs_cmd(lmp, "velocity all set %.10g %.10g %.10g", v0[0], v0[1], v0[2]);
  gs_cmd(lmp, "set atom 1 omega %.10g %.10g %.10g", w0[0], w0[1], w0[2]);
  gs_lines(lmp, "neighbor 0.002 bin;pair_style granular/sync;pair_coeff * * hooke 1e5 0 damping velocity tangential "
                "linear_nohistory 0 0;fix g all gravity 9.81 vector 0 0 -1");
  gs_lines(lmp, pre);
  gs_cmd(lmp, "fix wall all wall/gran/sync granular %s %s", model, wall);
  gs_cmd(lmp, "timestep %.10g", h);
  gs_lines(lmp, integrate);
  gs_cmd(lmp, "run %d", steps);
  for (k = 0; k < 3; k++) {
    double *q = gs_gather3(lmp, names[k]);
    memcpy(out + 3 * k, q, 3 * sizeof(double));
    free(q);
  }
  lammps_close(lmp);
}

/* the run style `style` against fix nve/sphere/sync at a tenth of the step, for one sphere and one
 * wall defined after `pre`: the largest differences in position, velocity and spin relative to
 * scales (out: 3 each) */
static void wall_agreement(const char *style, const char *pre, const char *wall, double h, int steps,
                           const double *x0, const double *v0, const double *w0, const double *scale, double *diff,
                           double *vi_out)
{
  char integrate[256];
  double fine[9];
  int k;
  snprintf(integrate, sizeof(integrate), "fix nve all nve/sphere;run_style %s", style);
  against_wall(integrate, pre, wall, h, steps, x0, v0, w0, vi_out);
  against_wall("fix nve all nve/sphere/sync", pre, wall, h / 10.0, 10 * steps, x0, v0, w0, fine);
  for (k = 0; k < 3; k++) diff[k] = 0.0;
  for (k = 0; k < 9; k++) diff[k / 3] = fmax(diff[k / 3], fabs(vi_out[k] - fine[k]) / scale[k / 3]);
}

static void walls(void)
{
  /* the run style; commands before the wall is defined; x0, v0, w0; the scales of position, velocity
   * and spin; their tolerances (relative to the scales); what shows the wall acted: output `shown`
   * (0-2 position, 3-5 velocity, 6-8 spin) within shown_range */
  static const struct {
    const char *what, *style, *pre, *wall;
    double start[9], scale[3], tolerance[3];
    int shown;
    double shown_range[2];
  } cases[] = {
      /* an oblique spinning hit, falling; contact about 6.5e-4 s, h = 4e-6 s */
      {"zcylinder, an oblique spinning hit", "dem/variational", "", "zcylinder 0.03",
       {0.0235, 0.0, 0.0, 0.1, 0.05, 0.0, 0.0, 0.0, 30.0}, {0.005, 0.1, 30.0}, {1e-4, 1e-3, 2e-3}, 3, {-1.0, -0.02}},
      /* dragged into rolling from rest at the static overlap (1.8e-6 m: from touching it would bounce,
       * and the two resolve the bounces' onsets differently, to first order) */
      {"zplane shearing along x at 0.05 m/s", "dem/variational", "", "zplane 0 NULL shear x 0.05",
       {0.0, 0.0, 0.0049982, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, {0.005, 0.05, 10.0}, {1e-4, 1e-3, 1e-3}, 3, {0.005, 1.0}},
      /* wiggled along its normal (0.5 mm, 0.01 s: up to 20 g), throwing the sphere up; defined at step
       * 1234 (half a period in): its wiggle counts from there */
      {"zplane wiggled along z, defined at step 1234", "dem/variational", "reset_timestep 1234",
       "zplane 0 NULL wiggle z 0.0005 0.01", {0.0, 0.0, 0.005, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, {0.005, 0.3, 10.0},
       {1e-4, 2e-4, 1e-3}, 2, {0.0055, 1.0}},
      /* the same at alpha 0, where the spring sees the wall at the step's start */
      {"zplane wiggled along z, alpha 0", "dem/variational alpha 0", "", "zplane 0 NULL wiggle z 0.0005 0.01",
       {0.0, 0.0, 0.005, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, {0.005, 0.3, 10.0}, {1e-4, 2e-4, 1e-3}, 2, {0.0055, 1.0}},
      /* a hi xplane wiggled across its normal (0.1 mm, 10 ms: up to 0.063 m/s, a slip whose dashpot force
       * stays below fix nve/sphere/sync's friction limit, which the run style does not apply, but at the
       * contact's first and last instants) hit head-on: the slip against its motion spins the sphere */
      {"xplane hi side wiggled along y, a head-on hit", "dem/variational", "", "xplane NULL 0.03 wiggle y 0.0001 0.01",
       {0.0235, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0}, {0.005, 0.1, 30.0}, {1e-4, 1e-3, 2e-3}, 8, {-1.0, -0.1}},
  };
  size_t c;
  for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
    double diff[3], out[9];
    wall_agreement(cases[c].style, cases[c].pre, cases[c].wall, 4e-6, 5000, cases[c].start, cases[c].start + 3,
                   cases[c].start + 6, cases[c].scale, diff, out);
    const double shown = out[cases[c].shown];
    GS_CHECK(shown > cases[c].shown_range[0] && shown < cases[c].shown_range[1] && diff[0] < cases[c].tolerance[0] &&
                 diff[1] < cases[c].tolerance[1] && diff[2] < cases[c].tolerance[2],
             "%s: as nve/sphere/sync at h/10 in position (%.1e of %g m), velocity (%.1e of %g m/s) and spin "
             "(%.1e of %g rad/s); after 0.02 s at (%.5f %.5f %.5f) m, moving at (%.4f %.4f %.4f) m/s, spinning "
             "(%.2f %.2f %.2f) rad/s",
             cases[c].what, diff[0], cases[c].scale[0], diff[1], cases[c].scale[1], diff[2], cases[c].scale[2],
             out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8]);
  }
}

/* the bidisperse bed (size ratio 9.8) under the run style, on the pair's own contact lists or on
 * LAMMPS' (lists: levels, lammps) */
static void *variational_bed(const char *lists, int perturbed)
{
  void *lmp = open_on(MPI_COMM_WORLD);
  const char *model = "hooke 1e4 30 damping mass_velocity tangential linear_nohistory 0.5 0.5";
  gs_fines_bed(lmp, 3);
  gs_cmd(lmp, "pair_style granular/sync lists %s", lists);
  gs_cmd(lmp, "pair_coeff * * %s", model);
  gs_lines(lmp, "fix nve all nve/sphere;fix g all gravity 10 vector 0 0 -1;neighbor 0.05 bin;"
                "neigh_modify every 1 delay 0 check yes;timestep 2e-4;run_style dem/variational");
  gs_cmd(lmp, "fix wall all wall/gran/sync granular %s zplane -0.5 NULL", model);
  gs_lines(lmp, "compute contacts all contact/atom;compute ncontacts all reduce sum c_contacts;"
                "variable contacts equal c_ncontacts;thermo_style custom step v_contacts");
  if (perturbed) gs_perturb_velocities(lmp);
  gs_cmd(lmp, "run 300 post no");
  return lmp;
}

/* the run style reads the pair's list: on the own lists it runs as on LAMMPS' (the same pairs in
 * another order) within the horizon where LAMMPS' lists' own departure from a 1e-15 perturbation
 * stays 100 times lower */
static void own_lists(void)
{
  void *lammps_lists = variational_bed("lammps", 0), *levels = variational_bed("levels", 0),
       *perturbed = variational_bed("lammps", 1);
  const double diff = gs_state_diff(lammps_lists, levels, 1), own = gs_state_diff(lammps_lists, perturbed, 1);
  const double contacts = gs_var(levels, "contacts");
  GS_CHECK(own <= 1e-12, "bidisperse bed, 300 steps: LAMMPS' lists' own departure from a 1e-15 perturbation %.1e",
           own);
  GS_CHECK(diff <= 1e-10 && contacts > 20, "bidisperse bed, 300 steps: lists levels equals lists lammps (max rel "
           "diff %.1e), %.0f contacts", diff, contacts);
  lammps_close(lammps_lists);
  lammps_close(levels);
  lammps_close(perturbed);
}

static void physics(void)
{
  own_lists();
  const double m = sphere_mass(), meff = 0.5 * m, k = stiffness();
  const double zeta = 30.0 * meff / (2.0 * sqrt(k * meff));
  const double exact = exp(-M_PI * zeta / sqrt(1.0 - zeta * zeta));
  const double e_vi = hooke_head_on("fix nve all nve/sphere;run_style dem/variational", 160.0);
  const double e_vi0 = hooke_head_on("fix nve all nve/sphere;run_style dem/variational alpha 0", 160.0);
  const double e_vv = hooke_head_on("fix nve all nve/sphere/sync", 160.0);
  void *vi, *vv, *lmp;
  double ke_vi, ke_vv, fl_vi, fl_vv, *x0, *x1;

  /* Figs. 6-8: head-on, damping 30, h = t_c / 160 (the driver's accuracy: 7.1e-4 at alpha 1/2) */
  GS_CHECK(fabs(e_vi - exact) < 2e-3 * exact && fabs(e_vi0 - exact) < 2e-2 * exact && fabs(e_vv - exact) < 2e-2 * exact,
           "head-on, damping 30, h = t_c/160: restitution %.6f (alpha 1/2), %.6f (alpha 0), %.6f (nve/sphere/sync); "
           "damped oscillator %.6f",
           e_vi, e_vi0, e_vv, exact);

  /* Figs. 6-8, offset by 0.1 d, Hooke with damping 30 and the tangential dashpot: velocities and spins
   * after the impact as fix nve/sphere/sync's at a tenth of the step */
  {
    const double meff = 0.5 * sphere_mass(), k = stiffness(), contact = M_PI / sqrt(k / meff);
    double v_vi[6], w_vi[6], v_fine[6], w_fine[6], dv = 0.0, dw = 0.0, vmax = 0.0, wmax = 0.0;
    char coeff[256];
    int c;
    snprintf(coeff, sizeof(coeff), "hooke %.10g 3000 damping mass_velocity tangential linear_nohistory 1.0 10", k);
    impact("fix nve all nve/sphere;run_style dem/variational", coeff, contact / 160.0, 640, 0.001, v_vi, w_vi);
    impact("fix nve all nve/sphere/sync", coeff, contact / 1600.0, 6400, 0.001, v_fine, w_fine);
    for (c = 0; c < 6; c++) {
      dv = fmax(dv, fabs(v_vi[c] - v_fine[c]));
      dw = fmax(dw, fabs(w_vi[c] - w_fine[c]));
      vmax = fmax(vmax, fabs(v_fine[c]));
      wmax = fmax(wmax, fabs(w_fine[c]));
    }
    GS_CHECK(wmax > 0.1 && dv < 5e-4 * vmax && dw < 2e-3 * wmax,
             "impact offset 0.1 d, damping 3000, tangential dashpot: velocities within %.1e of nve/sphere/sync's at "
             "h/10 (largest %.3g m/s), spins within %.1e (largest %.3g rad/s)", dv, vmax, dw, wmax);
  }

  /* Fig. 7: offset 0.1 d, damping 30, the tangential dashpot, at h = t_c / 16.1: the VI (alpha 1/2) and
   * fix nve/sphere/sync at that step against nve/sphere/sync at t_c / 1610; the second particle's
   * translational and rotational kinetic energies after the impact */
  {
    const double meff = 0.5 * sphere_mass(), k = stiffness(), contact = M_PI / sqrt(k / meff);
    const double m = sphere_mass(), inertia = 0.1 * sphere_mass() * diameter * diameter;
    const char *integrators[3] = {"fix nve all nve/sphere;run_style dem/variational", "fix nve all nve/sphere/sync",
                                  "fix nve all nve/sphere/sync"};
    const double steps_per_contact[3] = {16.1, 16.1, 1610.0};
    double kt[3], kr[3];
    char coeff[256];
    int r;
    snprintf(coeff, sizeof(coeff), "hooke %.10g 30 damping mass_velocity tangential linear_nohistory 1.0 10", k);
    for (r = 0; r < 3; r++) {
      double v[6], w[6];
      impact(integrators[r], coeff, contact / steps_per_contact[r], (int) (4.0 * steps_per_contact[r]), 0.001, v, w);
      kt[r] = 0.5 * m * (v[3] * v[3] + v[4] * v[4]);
      kr[r] = 0.5 * inertia * w[5] * w[5];
    }
    GS_CHECK(kr[2] > 0.0 && fabs(kt[0] - kt[2]) < 5e-3 * kt[2] && fabs(kr[0] - kr[2]) < 3e-2 * kr[2],
             "Fig. 7, offset 0.1 d, damping 30, h = t_c/16.1: the second particle's translational and rotational "
             "kinetic energy after the impact %.6g and %.6g J (VI), %.6g and %.6g (nve/sphere/sync); %.6g and "
             "%.6g at h/100", kt[0], kr[0], kt[1], kr[1], kt[2], kr[2]);
  }

  /* hertz/material (E 1e8, Poisson 0.3, a velocity dashpot): contact about 6.5e-4 s, h = 4e-6 s; the
   * VI and velocity Verlet agree (no closed form for the damped Hertz impact) */
  {
    const char *coeff = "hertz/material 1e8 0.1 0.3 damping velocity tangential linear_nohistory 0.5 0.5";
    const double h_vi = head_on("fix nve all nve/sphere;run_style dem/variational", coeff, 4e-6, 700);
    const double h_vv = head_on("fix nve all nve/sphere/sync", coeff, 4e-6, 700);
    const double h_fine = head_on("fix nve all nve/sphere/sync", coeff, 4e-7, 7000);
    GS_CHECK(h_vi > 0.5 && h_vi < 0.999 && fabs(h_vi - h_fine) < 5e-4 && fabs(h_vv - h_fine) < 5e-4,
             "hertz/material head-on, velocity damping, h = 4e-6 s: restitution %.6f (alpha 1/2), %.6f "
             "(nve/sphere/sync); nve/sphere/sync at h/10 %.6f", h_vi, h_vv, h_fine);
  }

  /* atoms outside the integrators' group stay put and still push */
  lmp = open_on(MPI_COMM_WORLD);
  box_fill(lmp, NULL, 30.0);
  gs_lines(lmp, "unfix nve;group bottom id <= 25;group top subtract all bottom;fix nve top nve/sphere;"
                "run_style dem/variational");
  x0 = gs_gather3(lmp, "x");
  gs_cmd(lmp, "run 3000 post no");
  x1 = gs_gather3(lmp, "x");
  GS_CHECK(gs_maxrel(x1, x0, 75) == 0.0 && fabs(x1[3 * 100 + 2] - x0[3 * 100 + 2]) > 1e-3,
           "atoms outside the fix nve/sphere group stay put (%.1e) while the others fall (%.2e)",
           gs_maxrel(x1, x0, 75), fabs(x1[3 * 100 + 2] - x0[3 * 100 + 2]));
  free(x0);
  free(x1);
  lammps_close(lmp);

  /* at 4 times the step (t_c / 4) the fill meets contacts whose onset the residual cannot resolve
   * (the dashpots' jump); the run goes through with on_fail error (unpreconditioned, without the stop
   * at a jump: unconverged at step 2447) */
  lmp = open_on(MPI_COMM_WORLD);
  box_fill(lmp, "dem/variational", 30.0);
  gs_cmd(lmp, "timestep 4e-5");
  lammps_command(lmp, "run 10000 post no");
  GS_CHECK(!lammps_has_error(lmp), "box fill at dt 4e-5: 10000 steps (0.4 s) with on_fail error%s",
           lammps_has_error(lmp) ? " failed" : "");
  lammps_close(lmp);

  /* the pressure (the pair's virial) as velocity Verlet's: two spheres pressed together push apart
   * over 100 steps (Verlet's at 1/10 of the step); at the set-up it is other */
  {
    double press[3];
    int r;
    for (r = 0; r < 3; r++) {
      lmp = open_on(MPI_COMM_WORLD);
      gs_lines(lmp, "units si;atom_style sphere;boundary p p p;comm_modify vel yes;"
                    "region box block 0 0.06 0 0.06 0 0.06;create_box 1 box;"
                    "create_atoms 1 single 0.03 0.03 0.0201 units box;create_atoms 1 single 0.03 0.0305 0.0299 units box;"
                    "set type 1 diameter 0.01;set type 1 density 2500;pair_style granular/sync;"
                    "pair_coeff * * hooke 250000 30 damping mass_velocity tangential linear_nohistory 0.5 0.5;"
                    "fix nve all nve/sphere;thermo_style custom step press");
      if (r == 0) gs_lines(lmp, "timestep 1e-6;run_style dem/variational;run 100");
      else if (r == 1) gs_lines(lmp, "timestep 1e-7;run 1000");
      else gs_lines(lmp, "run 0");
      press[r] = lammps_get_thermo(lmp, "press");
      lammps_close(lmp);
    }
    GS_CHECK(press[1] > 0.0 && fabs(press[0] - press[1]) < 1e-3 * press[1] && fabs(press[2] - press[1]) > 0.1 * press[1],
             "pressure of two pressed spheres after 1e-4 s: %.8g (VI), %.8g (Verlet at h/10); at the start %.8g",
             press[0], press[1], press[2]);
  }

  /* the paper's box fill: mean kinetic energy and velocity fluctuation as velocity Verlet's */
  vi = open_on(MPI_COMM_WORLD);
  vv = open_on(MPI_COMM_WORLD);
  box_fill(vi, "dem/variational", 30.0);
  box_fill(vv, NULL, 30.0);
  fill_statistics(vi, 30, 1000, &ke_vi, &fl_vi);
  fill_statistics(vv, 30, 1000, &ke_vv, &fl_vv);
  GS_CHECK(fabs(ke_vi - ke_vv) < 0.05 * ke_vv && fabs(fl_vi - fl_vv) < 0.1 * fl_vv,
           "box fill, 218 spheres, 0.3 s: mean kinetic energy %.5g (VI) against %.5g (velocity Verlet), vertical "
           "velocity fluctuation %.5g against %.5g",
           ke_vi, ke_vv, fl_vi, fl_vv);
  lammps_close(vi);
  lammps_close(vv);

  {
    /* each: more set-up, then a command that must fail with the message */
    static const char *const cases[][3] = {
        {"", "run_style dem/variational alpha 2", "alpha 2 is not in 0 to 1"},
        {"", "run_style dem/variational beta 1", "unknown keyword beta"},
        {"", "run_style dem/variational alpha half", "run_style dem/variational: alpha must be a number, got 'half'"},
        {"", "run_style dem/variational maxiter 2.5", "run_style dem/variational: maxiter must be a whole number, got '2.5'"},
        {"", "run_style dem/variational on_fail maybe", "on_fail maybe is not error or warn"},
        {"pair_coeff * * dmt 1e6 0.3 0.3 0.1 damping velocity tangential linear_nohistory 0.5 0.5", "run 1",
         "sub-model normal (allowed: hooke, hertz, hertz/material)"},
        {"pair_coeff * * hooke 2000 0.5 damping coeff_restitution tangential linear_nohistory 0.5 0.5", "run 1",
         "sub-model damping (allowed: velocity, mass_velocity)"},
        {"pair_coeff * * hooke 2000 30 damping mass_velocity tangential linear_history 570 0.5 0.5", "run 1",
         "sub-model tangential (allowed: linear_nohistory)"},
        {"fix drag all viscous 0.1", "run 1", "fix drag (viscous) acts within a step"},
        {"fix nve2 all nve", "run 1", "fix nve2 (nve) integrates atoms"},
        {"fix_modify g energy yes", "run 1", "fix gravity g with fix_modify energy yes"},
        {"fix_modify wall energy yes", "run 1", "fix wall/gran/sync wall with fix_modify energy yes"},
        {"compute lost all dissipation/sync", "run 1", "compute dissipation/sync lost is not supported"},
        {"compute pa all pe/atom;compute spa all reduce sum c_pa;thermo_style custom step c_spa", "run 1",
         "per-atom energy and virial"},
        {"special_bonds lj 0 0.5 1", "run 1", "special_bonds lj 0.5 is neither 0 nor 1"},
        {"region bowl sphere 0.03 0.03 0.1 0.1 side in;fix bowl all wall/gran/sync/region granular hooke 1e5 30 "
         "damping mass_velocity tangential linear_nohistory 0.5 0.5 region bowl",
         "run 1", "fix bowl (wall/gran/sync/region) acts within a step"},
        {"pair_style hybrid granular/sync;pair_coeff * * granular/sync hooke 2000 30 damping mass_velocity "
         "tangential linear_nohistory 0.5 0.5",
         "run 1", "alone, not under hybrid"},
    };
    char setup[2048];
    size_t c;
    snprintf(setup, sizeof(setup),
             "units si;atom_style sphere;boundary p p f;comm_modify vel yes;region box block 0 0.06 0 0.06 0 0.2;"
             "create_box 1 box;create_atoms 1 single 0.03 0.03 0.0049 units box;"
             "create_atoms 1 single 0.03 0.03 0.0148 units box;set type 1 diameter 0.01;set type 1 density 2500;"
             "pair_style granular/sync;"
             "pair_coeff * * hooke %.10g 30 damping mass_velocity tangential linear_nohistory 0.5 0.5;"
             "fix wall all wall/gran/sync granular hooke %.10g 30 damping mass_velocity tangential linear_nohistory "
             "0.5 0.5 zplane 0 NULL;fix nve all nve/sphere;fix g all gravity 9.81 vector 0 0 -1;timestep 1e-5;"
             "run_style dem/variational",
             stiffness(), stiffness());
    /* one Newton iteration is not enough where contacts begin or end within a step (the box fill
     * takes two on average): an error by default, steps that go on with on_fail warn */
    {
      void *lmp = open_on(MPI_COMM_WORLD);
      const char *msg;
      double *x0, *x1;
      box_fill(lmp, "dem/variational maxiter 1", 30.0);
      msg = gs_cmd_error(lmp, "run 2000");
      GS_CHECK(strstr(msg, "Newton did not converge in 1 iterations") != NULL, "maxiter 1: %s", msg[0] ? msg : "(no error)");
      lammps_close(lmp);
      lmp = open_on(MPI_COMM_WORLD);
      box_fill(lmp, "dem/variational maxiter 1 on_fail warn", 30.0);
      x0 = gs_gather3(lmp, "x");
      msg = gs_cmd_error(lmp, "run 2000");
      x1 = gs_gather3(lmp, "x");
      GS_CHECK(msg[0] == '\0' && fabs(x1[2] - x0[2]) > 1e-4, "maxiter 1 on_fail warn: 2000 steps run on (%s; sphere 1 moved %.2e)",
               msg[0] ? msg : "no error", fabs(x1[2] - x0[2]));
      free(x0);
      free(x1);
      lammps_close(lmp);
    }
    for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      void *lmp = open_on(MPI_COMM_WORLD);
      const char *msg;
      gs_lines(lmp, setup);
      if (cases[c][0][0]) gs_lines(lmp, cases[c][0]);
      msg = gs_cmd_error(lmp, cases[c][1]);
      GS_CHECK(strstr(msg, cases[c][2]) != NULL, "'%s' then '%s' -> %s", cases[c][0], cases[c][1],
               msg[0] ? msg : "(no error)");
      lammps_close(lmp);
    }
  }
}

/* The box fill on all ranks and on one (each rank runs the serial one too). Sums in another order
 * differ at round-off, which Newton's tolerance and the fill's collisions amplify: the ranks must
 * agree as closely as one rank agrees with itself after a relative 1e-13 (the solver's tolerance)
 * change of its velocities. */
static void ranks(void)
{
#ifdef GRANSYNC_NO_MPI
  GS_CHECK(0, "ranks: needs MPI (LAMMPS was built with its MPI stubs)");
#else
  void *many = open_on(MPI_COMM_WORLD), *one = open_on(MPI_COMM_SELF), *nudged = open_on(MPI_COMM_SELF);
  const char *style = "dem/variational";
  double *x_many, *x_one, *x_nudged, ranks_diff, own_diff;
  int nranks, n;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  box_fill(many, style, 30.0);
  box_fill(one, style, 30.0);
  box_fill(nudged, style, 30.0);
  gs_lines(nudged, "variable vxn atom vx*(1+1e-13);variable vyn atom vy*(1+1e-13);variable vzn atom vz*(1+1e-13);"
                   "velocity all set v_vxn v_vyn v_vzn");
  gs_cmd(many, "run 3000 post no");
  gs_cmd(one, "run 3000 post no");
  gs_cmd(nudged, "run 3000 post no");
  n = (int) lammps_get_natoms(many);
  x_many = gs_gather3(many, "x");
  x_one = gs_gather3(one, "x");
  x_nudged = gs_gather3(nudged, "x");
  {
    int owned = lammps_extract_setting(many, "nlocal"), fewest = 0;
    MPI_Allreduce(&owned, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    GS_CHECK(fewest > 50, "every rank owns spheres (fewest: %d of %d)", fewest, n);
  }
  ranks_diff = gs_maxrel(x_many, x_one, 3 * n);
  own_diff = gs_maxrel(x_nudged, x_one, 3 * n);
  GS_CHECK(nranks > 1 && own_diff > 0.0 && own_diff < 1e-9 && ranks_diff <= 10.0 * own_diff,
           "box fill, 3000 steps: %d ranks against 1: positions %.1e relative; one rank against itself with "
           "velocities changed by 1e-13: %.1e",
           nranks, ranks_diff, own_diff);
  free(x_many);
  free(x_one);
  free(x_nudged);
  lammps_close(many);
  lammps_close(one);
  lammps_close(nudged);
#endif
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  if (argc == 2 && strcmp(argv[1], "physics") == 0)
    physics();
  else if (argc == 2 && strcmp(argv[1], "walls") == 0)
    walls();
  else if (argc == 2 && strcmp(argv[1], "ranks") == 0)
    ranks();
  else
    GS_CHECK(0, "usage: test_variational_lammps physics|walls|ranks");
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
