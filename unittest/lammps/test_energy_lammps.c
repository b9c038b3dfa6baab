/* SPDX-License-Identifier: GPL-2.0-or-later
 * Stored energy through LAMMPS: granular/sync's potential energy (thermo pe, compute pair, compute
 * pe/atom, compute pair/local eng through single()) and the walls' (their global scalar, in pe and
 * pe/atom with fix_modify energy yes), against analytic values; one velocity-Verlet step creates the
 * energy of Hanley & O'Sullivan's closed forms, in both orderings: eq. 16 for a linear head-on
 * collision and its negative for the step back (eq. 49), eq. 21 for Hertz with its sign change at
 * eq. 23, the rows a-f of their Table I for several contacts at once; minimize relaxes frictionless
 * packings with this energy, and refuses contacts with history. */
#include "gs_hanley_table1.h"
#include "gs_lmp.h"

#define GS_PI 3.14159265358979323846

#include <stdlib.h>
#include <string.h>

/* the energies as every report gives them: pe, compute pair, the sums of pe/atom and of pair/local's
 * single() energies (variables pe, pairpe, sumpe, sumlocal), with `extra` in the thermo output */
static void energy_reports(void *lmp, const char *extra)
{
  gs_lines(lmp, "compute pairpe all pair granular/sync;compute atompe all pe/atom;"
                "compute sumpe all reduce sum c_atompe;compute local all pair/local eng;"
                "compute sumlocal all reduce sum c_local inputs local;"
                "variable pe equal pe;variable pairpe equal c_pairpe;variable sumpe equal c_sumpe;"
                "variable sumlocal equal c_sumlocal");
  gs_cmd(lmp, "thermo_style custom step pe c_pairpe c_sumpe c_sumlocal %s", extra);
  gs_cmd(lmp, "thermo_modify norm no");
}

static void *two_spheres(const char *ordering, const char *coeff, double gap)
{
  void *lmp = gs_lmp_open();
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 0");
  gs_cmd(lmp, "create_atoms 1 single %.17g 0 0", 1.6e-3 + gap);
  gs_lines(lmp, "set atom 1 diameter 2e-3;set atom 2 diameter 1.2e-3;set group all density 2500;"
                "neighbor 1e-3 bin;timestep 1e-6");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * %s", coeff);
  energy_reports(lmp, "ke");
  gs_cmd(lmp, "variable ke equal ke");
  return lmp;
}

/* Two spheres at rest with overlap 1e-5: every report of the pair's energy is the closed form */
static void test_static_pair(const char *ordering)
{
  const double delta = 1e-5, reff = 1e-3 * 6e-4 / 1.6e-3;
  const struct {
    const char *coeff;
    double energy;
  } cases[] = {
      {"hooke 1e5 0 tangential linear_nohistory 0 0.5", 0.5 * 1e5 * delta * delta},
      {"hertz 2e8 0 tangential linear_history 1e5 0 0.5", 0.4 * 2e8 * sqrt(reff * delta) * delta * delta},
      {"dmt 7e9 0 0.3 0.05 tangential mindlin NULL 0 0.5",
       0.4 * 4.0 / 3.0 * 7e9 / (2 * (1 - 0.09)) * sqrt(reff * delta) * delta * delta - 4 * GS_PI * 0.05 * reff * delta},
  };
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    void *lmp = two_spheres(ordering, cases[k].coeff, -delta);
    const double e = cases[k].energy;
    double pe, pairpe, sumpe, sumlocal;
    gs_cmd(lmp, "run 0");
    pe = gs_var(lmp, "pe");
    pairpe = gs_var(lmp, "pairpe");
    sumpe = gs_var(lmp, "sumpe");
    sumlocal = gs_var(lmp, "sumlocal");
    GS_CHECK(fabs(pe - e) <= 1e-12 * e && fabs(pairpe - e) <= 1e-12 * e && fabs(sumpe - e) <= 1e-12 * e &&
                 fabs(sumlocal - e) <= 1e-12 * e,
             "%s, %s: pe %.12g, compute pair %.12g, sum of pe/atom %.12g, sum of pair/local eng %.12g; closed form %.12g",
             ordering, cases[k].coeff, pe, pairpe, sumpe, sumlocal, e);
    lammps_close(lmp);
  }
}

/* One step of a head-on collision that starts with the surfaces touching, closing at v, at step dt:
 * the energy it creates (ke + pe after less before); with `unload`, that of the next step after
 * the velocities are reversed (the same step backwards) */
static double first_step_energy(const char *ordering, const char *coeff, double v, double dt, int unload)
{
  const double mi = 2500 * 4.0 / 3.0 * GS_PI * 1e-9, mj = 2500 * 4.0 / 3.0 * GS_PI * 0.216e-9;
  void *lmp = two_spheres(ordering, coeff, 0.0);
  double before, after;
  gs_cmd(lmp, "timestep %.17g", dt);
  gs_cmd(lmp, "velocity all set 0 0 0");
  gs_cmd(lmp, "set atom 1 vx %.17g", v * mj / (mi + mj));
  gs_cmd(lmp, "set atom 2 vx %.17g", -v * mi / (mi + mj));
  gs_cmd(lmp, "fix move all nve/sphere%s", strcmp(ordering, "synchronized") == 0 ? "/sync" : "");
  if (unload) {
    double v1, v2;
    gs_lines(lmp, "run 1;variable v1 equal vx[1];variable v2 equal vx[2]");
    v1 = gs_var(lmp, "v1");
    v2 = gs_var(lmp, "v2");
    gs_cmd(lmp, "set atom 1 vx %.17g", -v1);
    gs_cmd(lmp, "set atom 2 vx %.17g", -v2);
  }
  gs_cmd(lmp, "run 0");
  before = gs_var(lmp, "ke") + gs_var(lmp, "pe");
  gs_cmd(lmp, "run 1");
  after = gs_var(lmp, "ke") + gs_var(lmp, "pe");
  lammps_close(lmp);
  return after - before;
}

/* Hanley & O'Sullivan through LAMMPS: the first step of contact creates eq. 16 (hooke) and the
 * step back its negative (eq. 49); for hertz eq. 21, at half and twice the zero-error step of eq. 23,
 * and nothing at it */
static void test_first_step(const char *ordering)
{
  const double v = 0.3, mi = 2500 * 4.0 / 3.0 * GS_PI * 1e-9, mj = 2500 * 4.0 / 3.0 * GS_PI * 0.216e-9;
  const double mstar = mi * mj / (mi + mj), reff = 1e-3 * 6e-4 / 1.6e-3, big_k = 2e8 * sqrt(reff);
  const double dt0 = pow(0.8 * mstar / (big_k * sqrt(v)), 0.4); /* eq. 23 */
  const char *hooke = "hooke 1e5 0 tangential linear_nohistory 0 0.5", *hertz = "hertz 2e8 0 tangential linear_nohistory 0 0.5";
  const double eq16 = 1e5 * 1e5 * v * v * pow(1e-6, 4) / (8 * mstar); /* omega dt = 0.23 */
  double e[3];
  int q;
  e[0] = first_step_energy(ordering, hooke, v, 1e-6, 0);
  e[1] = first_step_energy(ordering, hooke, v, 1e-6, 1);
  GS_CHECK(fabs(e[0] - eq16) <= 1e-9 * eq16 && fabs(e[1] + eq16) <= 1e-9 * eq16,
           "%s, hooke: the first step of contact creates %.12g, the step back %.12g; closed forms (eqs. 16, 49) "
           "%.12g and its negative", ordering, e[0], e[1], eq16);
  for (q = 0; q < 3; q++) e[q] = first_step_energy(ordering, hertz, v, dt0 * (q == 0 ? 0.5 : q == 1 ? 1.0 : 2.0), 0);
  for (q = 0; q < 3; q += 2) {
    const double dt = dt0 * (q == 0 ? 0.5 : 2.0);
    const double eq21 = big_k * big_k * v * v * v * pow(dt, 5) / (8 * mstar) - 0.1 * big_k * pow(v * dt, 2.5);
    GS_CHECK(fabs(e[q] - eq21) <= 1e-9 * fabs(eq21), "%s, hertz at %.1f x eq. 23's step: the first step creates "
             "%.12g, closed form (eq. 21) %.12g", ordering, dt / dt0, e[q], eq21);
  }
  GS_CHECK(fabs(e[1]) < 1e-9 * 0.1 * big_k * pow(v * dt0, 2.5) && e[0] < 0.0 && e[2] > 0.0,
           "%s, hertz: the first step creates %.3g at eq. 23's step (%.3g below it, %.3g above)", ordering, e[1], e[0],
           e[2]);
}

/* Table I of Hanley & O'Sullivan (gs_hanley_table1.h): alike spheres touching a sphere at rest and
 * closing on it along their lines of centres; the first step creates the table's multiple of eq. 14
 * (linear), and twice eq. 22 in case b with Hertz */
static void test_table1(const char *ordering)
{
  const double v = 0.3, radius = 1e-3, mass = 2500 * 4.0 / 3.0 * GS_PI * 1e-9;
  const double big_k = 2e8 * sqrt(0.5 * radius);
  size_t q;
  for (q = 0; q <= sizeof table1 / sizeof table1[0]; q++) {
    const int hertz = q == sizeof table1 / sizeof table1[0];
    const table1_case *tc = hertz ? &table1[1] : &table1[q];
    const double dt = hertz ? 2e-6 : 1e-6;
    const double expected = hertz ? big_k * big_k * v * v * v * pow(dt, 5) / (2 * mass) - 0.2 * big_k * pow(v * dt, 2.5)
                                  : tc->multiple * 1e5 * 1e5 * v * v * pow(dt, 4) / (4 * mass);
    void *lmp = gs_lmp_open();
    double before, after;
    int a;
    gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                  "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box;create_atoms 1 single 0 0 0");
    for (a = 0; a < tc->n; a++) {
      gs_cmd(lmp, "create_atoms 1 single %.17g %.17g %.17g", 2 * radius * tc->dir[a][0], 2 * radius * tc->dir[a][1],
             2 * radius * tc->dir[a][2]);
      gs_cmd(lmp, "set atom %d vx %.17g vy %.17g vz %.17g", a + 2, -v * tc->dir[a][0], -v * tc->dir[a][1],
             -v * tc->dir[a][2]);
    }
    gs_cmd(lmp, "set group all diameter %.17g", 2 * radius);
    gs_lines(lmp, "set group all density 2500;neighbor 1e-3 bin;compute rot all erotate/sphere;variable ke equal ke+c_rot;"
                  "variable pe equal pe;thermo_style custom step ke c_rot pe");
    gs_cmd(lmp, "timestep %.17g", dt);
    gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
    gs_cmd(lmp, "pair_coeff * * %s 0 tangential linear_nohistory 0 0.5", hertz ? "hertz 2e8" : "hooke 1e5");
    gs_cmd(lmp, "fix move all nve/sphere%s", strcmp(ordering, "synchronized") == 0 ? "/sync" : "");
    gs_cmd(lmp, "run 0");
    before = gs_var(lmp, "ke") + gs_var(lmp, "pe");
    gs_cmd(lmp, "run 1");
    after = gs_var(lmp, "ke") + gs_var(lmp, "pe");
    GS_CHECK(fabs(after - before - expected) <= 1e-9 * fabs(expected),
             "%s: Table I case %s (%s): the first step creates %.12g, closed form %.12g", ordering, tc->name,
             hertz ? "Hertz, 2 x eq. 22" : "linear", after - before, expected);
    lammps_close(lmp);
  }
}

/* A sphere resting on a plane wall and inside a region wall: the walls' scalars are their closed
 * forms, and with fix_modify energy yes they are in pe and pe/atom */
static void test_walls(const char *ordering)
{
  const double delta = 1e-5, e = 0.5 * 1e5 * delta * delta, e_region = 0.5 * 3e5 * delta * delta;
  void *lmp = gs_lmp_open();
  double plane, region, pe, sumpe;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 %.17g", 1e-3 - delta);
  gs_cmd(lmp, "create_atoms 1 single 0.005 0 %.17g", 0.004 - 1e-3 + delta);
  gs_lines(lmp, "set group all diameter 2e-3;set group all density 2500;timestep 1e-6;"
                "pair_style granular/sync;pair_coeff * * hooke 1e5 0 tangential linear_nohistory 0 0.5;"
                "region lid block -0.01 0.01 -0.01 0.01 -0.01 0.004 side in");
  gs_cmd(lmp, "fix floor all wall/gran/sync granular hooke 1e5 0 tangential linear_history 1e5 0 0.5 zplane 0 NULL "
              "ordering %s", ordering);
  gs_cmd(lmp, "fix lid all wall/gran/sync/region granular hooke 3e5 0 tangential linear_history 1e5 0 0.5 "
              "region lid ordering %s", ordering);
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify lid energy yes;compute atompe all pe/atom;"
                "compute sumpe all reduce sum c_atompe;thermo_style custom step pe f_floor f_lid c_sumpe;"
                "variable plane equal f_floor;variable region equal f_lid;variable pe equal pe;"
                "variable sumpe equal c_sumpe;run 0");
  plane = gs_var(lmp, "plane");
  region = gs_var(lmp, "region");
  pe = gs_var(lmp, "pe");
  sumpe = gs_var(lmp, "sumpe");
  /* the first sphere touches the floor only; the second the region's top (z = 0.004) only */
  GS_CHECK(fabs(plane - e) <= 1e-12 * e && fabs(region - e_region) <= 1e-12 * e_region &&
               fabs(pe - (e + e_region)) <= 1e-12 * (e + e_region) && fabs(sumpe - pe) <= 1e-12 * pe,
           "%s: wall energies %.12g (plane), %.12g (region), closed forms %.12g, %.12g; pe %.12g, sum of pe/atom %.12g",
           ordering, plane, region, e, e_region, pe, sumpe);
  lammps_close(lmp);
}

/* A settling polydisperse bed (large grains on a lattice, fines poured above) with friction,
 * rolling and twisting, on a plane wall and around a region wall (a post): pe is the pair's and
 * the walls' energy, pe/atom sums to it, and pair/local's single() energies sum to the pair's (on
 * any number of ranks, newton on and off) */
static void test_bed(const char *newton, const char *ordering)
{
  const char *model = "hertz/material 3e4 0.7 0.25 damping coeff_restitution tangential mindlin NULL 1.0 0.5 "
                      "rolling sds 200 50 0.1 twisting marshall";
  void *lmp = gs_lmp_open();
  double pe, sumpe, pairpe, sumlocal, walls;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array sort 0 0;boundary p p f;comm_modify vel yes");
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "region box block 0 4 0 4 -1 6;create_box 2 box;lattice sc 1.0;"
                "region bed block 0 4 0 4 -0.1 3.5 units box;create_atoms 1 region bed;set type 1 diameter 0.98;"
                "region top block 0 4 0 4 3.6 5 units box;create_atoms 2 random 150 8123 top overlap 0.55 maxtry 200;"
                "set type 2 diameter 0.1;set group all density 1.0;group large type 1;group small type 2;"
                "region floor block INF INF INF INF INF 0.5 units box;group floor region floor;"
                "velocity large create 0.5 4928459 dist gaussian;velocity small create 0.01 1823 dist gaussian;"
                "velocity floor set 0 0 0");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * %s", model);
  gs_lines(lmp, "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;timestep 1e-4;fix integrate all nve/sphere;"
                "fix freeze floor freeze;fix gravity all gravity 60 vector 0 0 -1;"
                "region post cylinder z 2.5 2.5 0.23 INF INF side out units box");
  gs_cmd(lmp, "fix floor all wall/gran/sync granular %s zplane -0.48 NULL", model);
  gs_cmd(lmp, "fix post all wall/gran/sync/region granular %s region post", model);
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify post energy yes");
  energy_reports(lmp, "f_floor f_post");
  gs_lines(lmp, "thermo 100;variable walls equal f_floor+f_post;run 300");
  pe = gs_var(lmp, "pe");
  pairpe = gs_var(lmp, "pairpe");
  sumpe = gs_var(lmp, "sumpe");
  sumlocal = gs_var(lmp, "sumlocal");
  walls = gs_var(lmp, "walls");
  GS_CHECK(pairpe > 0.0 && walls > 0.0 && fabs(pe - (pairpe + walls)) <= 1e-12 * pe && fabs(sumpe - pe) <= 1e-12 * pe &&
               fabs(sumlocal - pairpe) <= 1e-12 * pairpe,
           "bed, newton %s, %s: pe %.12g = pair %.12g + walls %.12g; sum of pe/atom %.12g; sum of single() %.12g",
           newton, ordering, pe, pairpe, walls, sumpe, sumlocal);
  lammps_close(lmp);
}

/* pe per iteration of the last minimization in a log file: the rows after its Step header */
static int read_minimization(const char *file, double *pe, int most)
{
  char line[1024];
  int n = 0, on = 0;
  FILE *f = fopen(file, "r");
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    long step;
    double e, fnorm;
    if (strstr(line, "Step") && strstr(line, "PotEng")) {
      on = 1;
      n = 0;
    } else if (strncmp(line, "Loop time", 9) == 0) {
      on = 0;
    } else if (on && n < most && sscanf(line, "%ld %lf %lf", &step, &e, &fnorm) == 3) {
      pe[n++] = e;
    }
  }
  fclose(f);
  return n;
}

/* Quasi-static limit: a compressed bidisperse packing of frictionless Hertz spheres (damped:
 * minimize sees no velocities) relaxes under minimize (cg, LAMMPS' default quadratic line search)
 * to force tolerance 1e-8 with pe never rising, between a plane wall and a region wall, in both
 * orderings. (hooke: the stiffness jumps where a contact opens, and the quadratic line search can
 * stall in a jammed packing: doc/energy.md) */
static void test_minimize(const char *ordering, const char *normal)
{
  const char *log = "gs_energy_minimize.log";
  void *lmp = gs_lmp_open();
  double pe[20000], fnorm, worst_rise = 0.0;
  int n, k;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary p p f;comm_modify vel yes;"
                "region box block 0 5 0 5 -1 6;create_box 2 box;region inside block 0 5 0 5 0.3 4.7;"
                "create_atoms 1 random 240 7781 inside overlap 0.6 maxtry 100;set type 1 type/fraction 2 0.5 9132;"
                "set type 1 diameter 1.0;set type 2 diameter 0.6;set group all density 1.0;"
                "velocity all create 1.0 4411 dist gaussian");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * %s damping tsuji tangential linear_nohistory 1.0 0.5", normal);
  gs_cmd(lmp, "fix floor all wall/gran/sync granular %s damping tsuji tangential linear_nohistory 1.0 0.5 zplane 0 "
              "NULL", normal);
  gs_cmd(lmp, "region lid plane 0 0 5 0 0 -1 side in");
  gs_cmd(lmp, "fix lid all wall/gran/sync/region granular %s damping tsuji tangential linear_nohistory 1.0 0.5 "
              "region lid", normal);
  gs_cmd(lmp, "log %s", log);
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify lid energy yes;neighbor 0.3 bin;thermo 1;"
                "thermo_style custom step pe fnorm;thermo_modify norm no;min_style cg;minimize 0 1e-8 20000 200000;"
                "variable fnorm equal fnorm;log none");
  fnorm = gs_var(lmp, "fnorm");
  lammps_close(lmp);
  /* rank 0 wrote the log and has closed it; every rank reads it before it goes */
  MPI_Barrier(MPI_COMM_WORLD);
  n = read_minimization(log, pe, 20000);
  MPI_Barrier(MPI_COMM_WORLD);
  for (k = 1; k < n; k++) worst_rise = fmax(worst_rise, (pe[k] - pe[k - 1]) / pe[0]);
  GS_CHECK(n > 10 && pe[0] > 0.0 && fnorm <= 1e-8 && worst_rise <= 0.0,
           "minimize, %s, %s: force norm %.2e after %d iterations (tolerance 1e-8), pe %.6g -> %.6g, largest rise "
           "%.1e of the first pe", ordering, normal, fnorm, n - 1, n ? pe[0] : 0.0, n ? pe[n - 1] : 0.0, worst_rise);
  if (gs_rank() == 0) remove(log);
}

/* what minimize cannot do: contact history is no function of the positions */
static void test_minimize_refused(void)
{
  static const char *const cases[][2] = {
      {"pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;minimize 0 1e-8 100 1000",
       "pair granular/sync: minimize needs contact models without history"},
      {"pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5 rolling sds 100 1 0.1;minimize 0 1e-8 100 1000",
       "pair granular/sync: minimize needs contact models without history"},
      {"pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5;fix w all wall/gran/sync granular hooke 1000 "
       "0.5 tangential linear_history 800 0.5 0.5 zplane 0 NULL;fix_modify w energy yes;minimize 0 1e-8 100 1000",
       "fix wall/gran/sync: minimize needs a wall at rest with a contact model without history"},
      {"pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5;region r plane 0 0 3.9 0 0 -1 side in;"
       "fix w all wall/gran/sync/region granular hooke 1000 0.5 tangential linear_history 800 0.5 0.5 region r;"
       "fix_modify w energy yes;minimize 0 1e-8 100 1000",
       "fix wall/gran/sync/region: minimize needs a wall at rest with a contact model without history"},
      {"pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5;region r plane 0 0 3.9 0 0 -1 side in;"
       "fix w all wall/gran/sync/region granular jkr 1e5 0.5 0.3 0.05 damping velocity tangential linear_nohistory 1 "
       "0.5 region r;fix_modify w energy yes;minimize 0 1e-8 100 1000",
       "fix wall/gran/sync/region: minimize needs a wall at rest with a contact model without history"},
      {"pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5;fix w all wall/gran/sync granular hooke 1000 "
       "0.5 tangential linear_nohistory 1 0.5 zplane 0 NULL;minimize 0 1e-8 100 1000",
       "fix wall/gran/sync: minimize needs 'fix_modify w energy yes'"},
  };
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    void *lmp = gs_lmp_open();
    char setup[1024], *last;
    const char *msg;
    gs_lines(lmp, "units lj;atom_style sphere;boundary p p f;comm_modify vel yes;region box block 0 4 0 4 0 4;"
                  "create_box 1 box;create_atoms 1 random 20 123 box;set group all diameter 1;pair_style granular/sync");
    snprintf(setup, sizeof setup, "%s", cases[k][0]);
    last = strrchr(setup, ';');
    *last = '\0';
    gs_lines(lmp, setup);
    msg = gs_cmd_error(lmp, last + 1);
    GS_CHECK(strstr(msg, cases[k][1]) != NULL, "'%s' -> %s", last + 1, msg[0] ? msg : "(no error)");
    lammps_close(lmp);
  }
}

int main(int argc, char **argv)
{
  const char *orderings[] = {"standard", "synchronized"};
  int k;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  for (k = 0; k < 2; k++) {
    test_static_pair(orderings[k]);
    test_first_step(orderings[k]);
    test_table1(orderings[k]);
    test_walls(orderings[k]);
    test_bed("off", orderings[k]);
    test_bed("on", orderings[k]);
    test_minimize(orderings[k], "hertz 1000 0.5");
    test_minimize(orderings[k], "hertz/material 2000 0.5 0.3");
  }
  test_minimize_refused();
  MPI_Barrier(MPI_COMM_WORLD);
  {
    const int failed = gs_check_summary();
    MPI_Finalize();
    return failed;
  }
}
