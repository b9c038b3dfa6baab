/* SPDX-License-Identifier: GPL-2.0-or-later
 * fix nve/sphere/sync: bit-for-bit fix nve/sphere (translation, rotation, dipole, DLM, disc); the
 * half-step data it records for atoms that fix move wiggles beat the reconstruction x - dt/2 v
 * against a reference at a 10x smaller time step; clear errors for bad input. */
#include "gs_check.h"
#include "gs_lmp.h"

#include <math.h>

/* spheres with spins (and dipoles) in a box, stock contacts and walls, gravity */
static void gas(void *lmp, const char *integrator, int dimension, int dipole)
{
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "dimension %d", dimension);
  gs_cmd(lmp, dipole ? "atom_style hybrid sphere dipole" : "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary p f p");
  gs_cmd(lmp, "comm_modify vel yes");
  gs_cmd(lmp, dimension == 3 ? "region box block 0 6 0 6 0 6" : "region box block 0 6 0 6 -0.5 0.5");
  gs_cmd(lmp, "create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 random 120 4711 NULL overlap 0.9 maxtry 500");
  gs_cmd(lmp, "set type 1 diameter 0.8");
  gs_cmd(lmp, "set type 1 density 1.0");
  if (dipole) {
    gs_cmd(lmp, "set type 1 dipole/random 8811 1.0");
  }
  gs_cmd(lmp, "velocity all create 2.0 9911 dist gaussian");
  gs_cmd(lmp, "variable wx atom 3*sin(7*id)");
  gs_cmd(lmp, "variable wy atom 3*cos(5*id)");
  gs_cmd(lmp, "variable wz atom 2*sin(3*id)");
  gs_cmd(lmp, dimension == 3 ? "set group all omega v_wx v_wy v_wz" : "set group all omega 0 0 v_wz");
  gs_cmd(lmp, "pair_style granular");
  gs_cmd(lmp, "pair_coeff * * hooke 1000 0.5 tangential linear_history 300 0.5 0.5 rolling sds 100 0.1 0.2");
  gs_cmd(lmp, "fix integrate all %s", integrator);
  gs_cmd(lmp, "fix gravity all gravity 3 vector 0 -1 0");
  gs_cmd(lmp, "fix walls all wall/reflect ylo EDGE yhi EDGE");
  if (dimension == 2) gs_cmd(lmp, "fix flat all enforce2d");
  gs_cmd(lmp, "timestep 2e-4");
}

static void test_bitwise(const char *options, int dimension, int dipole)
{
  char stock[128], sync[128];
  void *a = gs_lmp_open(), *b = gs_lmp_open();
  const char *names[] = {"x", "v", "omega", "mu"};
  const int counts[] = {3, 3, 3, 4};
  int natoms, k, equal = 1;
  snprintf(stock, sizeof(stock), "nve/sphere %s", options);
  snprintf(sync, sizeof(sync), "nve/sphere/sync %s", options);
  gas(a, stock, dimension, dipole);
  gas(b, sync, dimension, dipole);
  natoms = (int) lammps_get_natoms(a);
  gs_cmd(a, "run 2000 post no");
  gs_cmd(b, "run 2000 post no");
  for (k = 0; k < (dipole ? 4 : 3); k++) {
    double *qa = gs_gather(a, names[k], counts[k]), *qb = gs_gather(b, names[k], counts[k]);
    if (memcmp(qa, qb, sizeof(double) * (size_t) (counts[k] * natoms)) != 0) equal = 0;
    free(qa);
    free(qb);
  }
  GS_CHECK(equal, "fix %s reproduces fix %s bit for bit over 2000 steps (%dd%s)", sync, stock, dimension,
           dipole ? ", dipoles" : "");
  lammps_close(a);
  lammps_close(b);
}

/* Atoms created during a simulation (create_atoms, fix pour) get their records, or none with
 * ordering standard, which records nothing; either way the fix stays nve/sphere bit for bit. */
static void test_created_atoms(const char *options)
{
  char sync[128];
  void *a = gs_lmp_open(), *b = gs_lmp_open();
  void *both[2] = {a, b};
  double diff;
  int k;
  snprintf(sync, sizeof(sync), "nve/sphere/sync %s", options);
  gas(a, "nve/sphere", 3, 0);
  gas(b, sync, 3, 0);
  for (k = 0; k < 2; k++) {
    gs_cmd(both[k], "run 500 post no");
    gs_cmd(both[k], "create_atoms 1 random 10 5150 NULL overlap 0.9 maxtry 500");
    gs_cmd(both[k], "set type 1 diameter 0.8");
    gs_cmd(both[k], "set type 1 density 1.0");
    gs_cmd(both[k], "run 500 post no");
  }
  diff = gs_state_diff(a, b, 0);
  GS_CHECK(lammps_get_natoms(b) == 130 && diff == 0.0, "fix %s: atoms created between runs, 130 atoms, "
           "equals nve/sphere (max rel diff %.2e)", sync, diff);
  lammps_close(a);
  lammps_close(b);
}

/* The group's half step is x - dt/2 v and v as the forces see them, computed by its readers, unless
 * an integrator defined after the fix moves the group again; then fix nve/sphere/sync records it in
 * post_integrate(), after every post_integrate() of a fix defined before it. A granular/sync gas
 * between two granular walls in the synchronized ordering reads the half steps at every contact,
 * 20 of its atoms unintegrated (their records from their displacement): with an inert fix that
 * forces the records (fix nve/noforce on no atoms, after the integrator) and with an inert
 * wall/reflect before and after the integrator, it must run bit for bit as without. */
static void *records_gas(const char *options, const char *before, const char *after)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary p p f");
  gs_cmd(lmp, "comm_modify vel yes");
  gs_cmd(lmp, "region box block 0 5 0 5 0 5");
  gs_cmd(lmp, "create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 random 120 4711 NULL overlap 0.9 maxtry 500");
  gs_cmd(lmp, "set type 1 diameter 0.8");
  gs_cmd(lmp, "set type 1 density 1.0");
  gs_cmd(lmp, "group mobile id <= 100");
  gs_cmd(lmp, "group nobody id 0");
  gs_cmd(lmp, "velocity mobile create 2.0 9911 dist gaussian");
  gs_cmd(lmp, "pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * hooke 1000 0.5 tangential linear_history 300 0.5 0.5 rolling sds 100 0.1 0.2");
  if (*before) gs_cmd(lmp, "%s", before);
  gs_cmd(lmp, "fix integrate mobile nve/sphere/sync %s", options);
  gs_cmd(lmp, "fix walls all wall/gran/sync granular hooke 1000 0.5 tangential linear_history 300 0.5 0.5 zplane 0 5");
  if (*after) gs_cmd(lmp, "%s", after);
  gs_cmd(lmp, "timestep 2e-4");
  return lmp;
}

static void test_half_step_sources(const char *options)
{
  /* {before the integrator, after it} */
  static const char *const cases[][2] = {{"fix inert all wall/reflect zlo -0.5 zhi 5.5 units box", ""},
                                         {"", "fix late nobody nve/noforce"},
                                         {"", "fix inert all wall/reflect zlo -0.5 zhi 5.5 units box"}};
  int k;
  for (k = 0; k < 3; k++) {
    const char *before = cases[k][0], *after = cases[k][1];
    void *a = records_gas(options, "", ""), *b = records_gas(options, before, after);
    double touching, diff;
    gs_cmd(a, "compute touch all contact/atom");
    gs_cmd(a, "compute touching all reduce sum c_touch");
    gs_cmd(a, "variable touching equal c_touching");
    gs_cmd(a, "run 2000 post no");
    touching = gs_var(a, "touching");
    gs_cmd(b, "run 2000 post no");
    diff = gs_state_diff(a, b, 1);
    GS_CHECK(diff == 0.0 && touching > 0.0, "fix nve/sphere/sync %s: the half steps from the velocities give the "
             "run with '%s' %s the integrator bit for bit (max rel diff %.2e; %g contacts at the end)", options,
             *before ? before : after, *before ? "before" : "after", diff, touching / 2);
    lammps_close(a);
    lammps_close(b);
  }
  {
    /* a wall/reflect that acts mirrors positions and velocities together: the half steps see its
     * reflection wherever it is defined, the same as the records taken after it */
    const char *reflect = "fix reflect mobile wall/reflect zlo 0.45 zhi 4.55 units box";
    const double acts = gs_run_diff_close(records_gas(options, "", ""), records_gas(options, reflect, ""), 2000, 1);
    const double order = gs_run_diff_close(records_gas(options, reflect, ""), records_gas(options, "", reflect), 2000, 1);
    const double sources =
        gs_run_diff_close(records_gas(options, reflect, "fix late nobody nve/noforce"), records_gas(options, "", reflect),
                          2000, 1);
    GS_CHECK(acts > 1e-12 && order == 0.0 && sources == 0.0,
             "fix nve/sphere/sync %s: an acting wall/reflect (changes the run by %.2e) gives the same run before "
             "and after the integrator (%.2e) and with the half steps recorded after it (%.2e)", options, acts, order,
             sources);
  }
}

/* A fine sphere resting in the pocket of three touching large spheres (resting on a single large
 * sphere is an unstable equilibrium: it rolls off whatever the ordering). The bed settles once at
 * the fine step and is restarted for every run, so all runs start from the same contact history.
 * Then fix move wiggles the large spheres sideways; fix move sets their velocity at the full step,
 * so reconstructing their half step from it is off by dt/2 * acceleration, while fix
 * nve/sphere/sync records their displacement. The amplitude keeps every contact stuck through the
 * wiggle's impulsive start (a slip there would depend on the step for any ordering). */
static void pocket(void *lmp)
{
  const double seat = sqrt(1.3 * 1.3 - 4.0 / 3.0); /* height where r = 0.3 touches all three */
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary f f f");
  gs_cmd(lmp, "comm_modify vel yes");
  gs_cmd(lmp, "region box block -3 3 -3 3 -3 3");
  gs_cmd(lmp, "create_box 2 box");
  gs_cmd(lmp, "create_atoms 1 single -1 %.17g 0 units box", -1.0 / sqrt(3.0));
  gs_cmd(lmp, "create_atoms 1 single 1 %.17g 0 units box", -1.0 / sqrt(3.0));
  gs_cmd(lmp, "create_atoms 1 single 0 %.17g 0 units box", 2.0 / sqrt(3.0));
  gs_cmd(lmp, "create_atoms 2 single 0 0 %.17g units box", seat);
  gs_cmd(lmp, "set type 1 diameter 2.0");
  gs_cmd(lmp, "set type 2 diameter 0.6");
  gs_cmd(lmp, "set group all density 1.0");
  gs_cmd(lmp, "group large type 1");
  gs_cmd(lmp, "group fine type 2");
  gs_cmd(lmp, "pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * hooke 2e4 0.1 damping coeff_restitution tangential linear_history 6e3 1.0 0.8");
}

static void *wiggled(const char *restart, const char *integrator, double dt)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "read_restart %s", restart);
  gs_cmd(lmp, "fix shake large move wiggle 2e-5 0 0 0.5");
  gs_cmd(lmp, "fix integrate fine %s", integrator);
  gs_cmd(lmp, "fix gravity fine gravity 1 vector 0 0 -1");
  gs_cmd(lmp, "compute pl all pair/local p1");
  gs_cmd(lmp, "compute fsx all reduce sum c_pl inputs local");
  gs_cmd(lmp, "timestep %.17g", dt);
  return lmp;
}

static double sample(void *lmp)
{
  double *value = (double *) lammps_extract_compute(lmp, "fsx", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
  return value ? *value : NAN;
}

static void test_wiggle(void)
{
  const char *restart = "gs_pocket.restart";
  const double dt = 2e-4;
  void *settle = gs_lmp_open(), *rec, *rcn, *ref;
  double err_rec = 0.0, err_rcn = 0.0, scale = 0.0;
  int k;
  pocket(settle);
  gs_cmd(settle, "fix integrate fine nve/sphere/sync");
  gs_cmd(settle, "fix gravity fine gravity 1 vector 0 0 -1");
  gs_cmd(settle, "timestep %.17g", dt / 10);
  gs_cmd(settle, "run 20000 post no");
  gs_cmd(settle, "write_restart %s", restart);
  lammps_close(settle);
  rec = wiggled(restart, "nve/sphere/sync", dt);
  rcn = wiggled(restart, "nve/sphere", dt);
  ref = wiggled(restart, "nve/sphere/sync", dt / 10);
  for (k = 0; k < 20; k++) {
    double fa, fb, fr;
    gs_cmd(rec, "run 125 %s post no", k ? "pre no" : "");
    gs_cmd(rcn, "run 125 %s post no", k ? "pre no" : "");
    gs_cmd(ref, "run 1250 %s post no", k ? "pre no" : "");
    fa = sample(rec);
    fb = sample(rcn);
    fr = sample(ref);
    err_rec = fmax(err_rec, fabs(fa - fr));
    err_rcn = fmax(err_rcn, fabs(fb - fr));
    scale = fmax(scale, fabs(fr));
  }
  if (gs_rank() == 0)
    printf("fix move wiggle, tangential force vs dt/10 reference over one period: max error %.3e with recorded "
           "half-step data, %.3e with reconstruction x - dt/2 v (force scale %.3e)\n", err_rec, err_rcn, scale);
  GS_CHECK(scale > 0.0 && err_rec < 0.1 * err_rcn,
           "recorded half-step data beat reconstruction under fix move wiggle: error %.3e vs %.3e", err_rec, err_rcn);
  lammps_close(rec);
  lammps_close(rcn);
  lammps_close(ref);
  if (gs_rank() == 0) remove(restart);
}

/* timestep 0 (a static evaluation): an atom outside the group has no mean velocity over a step of
 * no time; it takes its velocity, where the division gave 0/0 and NaN forces on its partners */
static void test_zero_timestep(const char *options)
{
  void *lmp = gs_lmp_open();
  double ke0, ke, pe;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary p p f;comm_modify vel yes;"
                "region box block 0 1 0 1 0 1;create_box 1 box;create_atoms 1 single 0.5 0.5 0.5;"
                "create_atoms 1 single 0.5 0.5 0.52;set group all diameter 0.03;set group all density 2500;"
                "velocity all set 0 0 0.1;neighbor 0.01 bin;pair_style granular/sync;"
                "pair_coeff * * hooke 1e3 0.8 damping coeff_restitution tangential linear_history 286 1.0 0.5;"
                "group one id 1;variable ke equal ke;variable pe equal pe");
  gs_cmd(lmp, "fix integrate one nve/sphere/sync %s", options);
  gs_lines(lmp, "timestep 0;run 0 post no");
  ke0 = gs_var(lmp, "ke");
  gs_cmd(lmp, "run 5 post no");
  ke = gs_var(lmp, "ke");
  pe = gs_var(lmp, "pe");
  GS_CHECK(ke == ke0 && pe > 0.0 && isfinite(pe), "fix nve/sphere/sync %s on one of two touching spheres, timestep 0: "
           "5 steps keep the kinetic energy (%.6g, at the start %.6g), the contact's energy %.6g", options, ke, ke0,
           pe);
  lammps_close(lmp);
}

static void test_errors(void)
{
  static const char *const cases[][2] = {
      {"fix i all nve/sphere/sync update", "keyword update needs a value"},
      {"fix i all nve/sphere/sync update quadrupole", "update must be dipole or dipole/dlm, got 'quadrupole'"},
      {"fix i all nve/sphere/sync disc", "disc requires a 2d simulation"},
      {"fix i all nve/sphere/sync ordering late", "ordering must be standard or synchronized, got 'late'"},
      {"fix i all nve/sphere/sync fast", "unknown keyword 'fast' (allowed: update, disc, ordering, scheme)"},
      {"fix i all nve/sphere/sync scheme", "keyword scheme needs a value (verlet or consistent)"},
      {"fix i all nve/sphere/sync scheme rk4", "scheme must be verlet or consistent, got 'rk4'"},
      {"fix i all nve/sphere/sync scheme consistent ordering standard", "scheme consistent needs ordering synchronized"},
      {"fix i all nve/sphere/sync update dipole", "update dipole requires atom attribute mu"},
  };
  static const char *const respa[][2] = {{"run 0", "fix nve/sphere/sync does not support run_style respa"}};
  static const char *const atomic[][2] = {
      {"fix i all nve/sphere/sync", "requires atom attributes radius, rmass and omega"}};
  gs_expect_errors("atom_style sphere;region box block 0 2 0 2 0 2;create_box 1 box", cases,
                   sizeof(cases) / sizeof(cases[0]));
  gs_expect_errors("atom_style atomic;region box block 0 2 0 2 0 2;create_box 1 box", atomic, 1);
  gs_expect_errors("atom_style sphere;region box block 0 2 0 2 0 2;create_box 1 box;run_style respa 2 2;"
                   "fix i all nve/sphere/sync", respa, 1);
  {
    static const char *const deform[][2] = {{"run 0", "fix deform with 'remap v' is not supported with ordering synchronized"}};
    gs_expect_errors("atom_style sphere;region box prism 0 2 0 2 0 2 0 0 0;create_box 1 box;fix i all nve/sphere/sync;"
                     "fix d all deform 1 xy erate 0.5 remap v", deform, 1);
  }
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  test_bitwise("", 3, 0);
  test_bitwise("update dipole", 3, 1);
  test_bitwise("update dipole/dlm", 3, 1);
  test_bitwise("disc", 2, 0);
  test_created_atoms("");
  test_created_atoms("ordering standard");
  test_half_step_sources("");
  test_half_step_sources("scheme consistent");
  test_wiggle();
  test_zero_timestep("");
  test_zero_timestep("scheme consistent");
  test_errors();
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
