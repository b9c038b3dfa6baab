/* SPDX-License-Identifier: GPL-2.0-or-later
 * pair_style granular/sync features stock lacks or users rely on: restart round trip (ordering,
 * coefficients, contact history), mixed coefficients keeping the ordering, single() through
 * compute pair/local, history across a timestep change, and clear errors for bad input. */
#include "gs_check.h"
#include "gs_lmp.h"

#include <math.h>

#define GS_PI 3.14159265358979323846

static const char *const bed_model =
    "hertz/material 3e4 0.7 0.25 damping coeff_restitution tangential mindlin_rescale NULL 1.0 0.5 "
    "rolling sds 200 0.05 0.1 twisting marshall";

/* polydisperse bed (size ratio 10) under gravity, as in test_vs_stock */
static void bed_newton(void *lmp, const char *newton, const char *pair_style, const char *coeff1, const char *coeff2)
{
  gs_bed_atoms(lmp, newton);
  gs_cmd(lmp, "%s", pair_style);
  gs_cmd(lmp, "pair_coeff 1 1 %s", coeff1);
  gs_cmd(lmp, "pair_coeff 2 2 %s", coeff2);
  gs_cmd(lmp, "neighbor 0.05 bin");
  gs_cmd(lmp, "neigh_modify every 1 delay 0 check yes");
  gs_cmd(lmp, "timestep 1e-4");
}

static void bed(void *lmp, const char *pair_style, const char *coeff1, const char *coeff2)
{
  bed_newton(lmp, "on", pair_style, coeff1, coeff2);
}

#define BED_FIXES                                                                                         \
  "fix integrate all nve/sphere;fix freeze floor freeze;fix gravity all gravity 60 vector 0 0 -1;"         \
  "fix reflect all wall/reflect zlo EDGE"

static void bed_fixes(void *lmp)
{
  gs_lines(lmp, BED_FIXES);
}

/* what a restart file of the bed does not hold */
static const char *const bed_restart_setup = "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;" BED_FIXES;


/* the bed with its fixes after 300 steps */
static void *ran_bed(const char *newton, const char *pair_style, const char *coeff1, const char *coeff2)
{
  void *lmp = gs_lmp_open();
  bed_newton(lmp, newton, pair_style, coeff1, coeff2);
  bed_fixes(lmp);
  gs_cmd(lmp, "run 300 post no");
  return lmp;
}

/* A run continued from a restart file equals the run never split (gs_restart_diff), newton on and
 * off. The restart carries the pair style (a lost ordering would show), coefficients and history.
 * All sides start a second run, which recomputes forces at setup from full-step velocities, as in
 * stock pair granular; the file must add nothing to that. */
static void test_restart_models(const char *newton, const char *ordering, const char *coeff1, const char *coeff2)
{
  char style[128];
  double diff;
  void *writer;
  snprintf(style, sizeof(style), "pair_style granular/sync ordering %s", ordering);
  writer = ran_bed(newton, style, coeff1, coeff2);
  diff = gs_restart_diff(writer, ran_bed(newton, style, coeff1, coeff2), gs_lmp_open(), "gs_restart_test.restart",
                         bed_restart_setup, "", 300, 1);
  GS_CHECK(diff <= 1e-10, "restart round trip (newton %s, %s, %s): continuing from the file, and the writer's "
           "continuation, equal the unsplit run after 300 + 300 steps (max rel diff %.2e)", newton, ordering, coeff1,
           diff);
  lammps_close(writer);
}

static void test_restart(const char *newton, const char *ordering)
{
  test_restart_models(newton, ordering, bed_model, bed_model);
}

/* the bed read from `file` against `reference`, both run 300 more steps; closes both */
static double continued_diff(const char *file, void *reference)
{
  void *reader = gs_lmp_open();
  gs_cmd(reader, "read_restart %s", file);
  gs_lines(reader, bed_restart_setup);
  return gs_run_diff_close(reader, reference, 300, 1);
}

/* A restart file written during a run (restart command) holds the history of its own step, which
 * the history fix copies from the neighbor list as it writes: continued from that file, the run
 * equals the run split there. `runs` takes the writer to step 300 with the restart command set;
 * a run with `pre no` builds no neighbor list at its start (nor, as the restart command came
 * after the last init, on the restart step). */
static void test_restart_during_run(const char *runs)
{
  const char *style = "pair_style granular/sync";
  void *writer = gs_lmp_open(), *reference = ran_bed("off", style, bed_model, bed_model);
  double diff;
  bed_newton(writer, "off", style, bed_model, bed_model);
  bed_fixes(writer);
  gs_lines(writer, runs);
  lammps_close(writer);
  diff = continued_diff("gs_during_run.300", reference);
  GS_CHECK(diff <= 1e-10, "a restart file written by the restart command during a run (%s) continues as the run "
           "split at its step (max rel diff %.2e after 300 + 300 steps)", runs, diff);
  if (gs_rank() == 0) remove("gs_during_run.300");
}

/* A restart file read and written again without a run in between (to change a setting, say)
 * keeps the contact history: there is no neighbor list to take it from, only the atoms. */
static void test_restart_rewritten(void)
{
  const char *style = "pair_style granular/sync";
  void *first = ran_bed("on", style, bed_model, bed_model), *rewriter = gs_lmp_open();
  void *reference = ran_bed("on", style, bed_model, bed_model);
  double diff;
  gs_cmd(first, "write_restart gs_rewrite1.restart");
  lammps_close(first);
  gs_cmd(rewriter, "read_restart gs_rewrite1.restart");
  gs_lines(rewriter, bed_restart_setup);
  gs_cmd(rewriter, "write_restart gs_rewrite2.restart");
  lammps_close(rewriter);
  diff = continued_diff("gs_rewrite2.restart", reference);
  GS_CHECK(diff <= 1e-10, "a restart file read and written again without a run continues as the unsplit run "
           "(max rel diff %.2e after 300 + 300 steps)", diff);
  if (gs_rank() == 0) {
    remove("gs_rewrite1.restart");
    remove("gs_rewrite2.restart");
  }
}

/* The restart file holds the contact history itself: with no tangential damping the tangential
 * force is the spring alone, -k h, so its sum over contacts after read_restart must equal the
 * writer's before it wrote the file (and be nonzero, or the check would prove nothing). */
static double spring_force_sum(void *lmp)
{
  double *sum;
  gs_cmd(lmp, "compute springs all pair/local p4");
  gs_cmd(lmp, "compute spring_sum all reduce sum c_springs inputs local");
  gs_cmd(lmp, "run 0 post no");
  sum = (double *) lammps_extract_compute(lmp, "spring_sum", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
  return sum ? *sum : NAN;
}

static void test_restart_holds_history(void)
{
  const char *file = "gs_restart_test2.restart";
  const char *model = "hertz/material 3e4 0.7 0.25 damping coeff_restitution tangential mindlin NULL 0.0 0.5";
  void *first = gs_lmp_open(), *second;
  double before, after;
  bed(first, "pair_style granular/sync", model, model);
  bed_fixes(first);
  gs_cmd(first, "run 300 post no");
  before = spring_force_sum(first); /* before writing: write_restart must not change it either */
  gs_cmd(first, "write_restart %s", file);
  lammps_close(first);
  second = gs_lmp_open();
  gs_cmd(second, "read_restart %s", file);
  bed_fixes(second);
  after = spring_force_sum(second);
  GS_CHECK(before > 0.0 && fabs(after - before) <= 1e-12 * before,
           "restart restores the tangential springs: sum |k h| %.15g after read_restart, %.15g before", after, before);
  lammps_close(second);

  /* rolling added after read_restart: 6 history values per contact where the file has 3, so the
   * contacts start without history (and a warning), not with values read out of place */
  second = gs_lmp_open();
  gs_cmd(second, "read_restart %s", file);
  gs_cmd(second, "pair_coeff * * %s rolling sds 200 0.0 0.1", model);
  bed_fixes(second);
  after = spring_force_sum(second);
  GS_CHECK(after == 0.0, "contact models changed after read_restart: the history of the old layout is dropped "
           "(sum |k h| %.3g, %.3g before)", after, before);
  lammps_close(second);
  if (gs_rank() == 0) remove(file);
}

/* mdr: the grains' state (fix property/atom vectors d_psi, d_Velas, ...) and the contacts' 27
 * history values travel in the restart file. The bed with the mdr model (yield stress well below
 * its contacts' Hertz pressure, adhesion, dynamic radii), newton off; split by a restart file after
 * 300 steps, it equals the run never split after 300 more, state included. */
static const char *const mdr_model =
    "mdr 3e4 0.3 100 0.05 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5";

static void *ran_mdr_bed(void)
{
  void *lmp = gs_lmp_open();
  gs_bed_atoms_style(lmp, "off", "sphere 1");
  gs_cmd(lmp, "pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * %s", mdr_model);
  gs_lines(lmp, "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;timestep 1e-4");
  bed_fixes(lmp);
  gs_cmd(lmp, "run 300 post no");
  return lmp;
}

/* sums of the mdr state after the last run: yielded side count first */
static void mdr_state(void *lmp, double *out)
{
  static const char *const names[] = {"gs_y", "gs_psi", "gs_velas", "gs_szz", "gs_rad", "gs_acon"};
  int k;
  gs_lines(lmp, "compute gs_st all property/atom d_psi d_Velas d_sigmazz radius d_Acon0;"
                "compute gs_pl all pair/local p13 cutoff radius;"
                "variable gs_y equal 0;compute gs_r all reduce sum c_gs_st[1] c_gs_st[2] c_gs_st[3] c_gs_st[4] c_gs_st[5];"
                "compute gs_a all reduce sum c_gs_pl inputs local;"
                "variable gs_psi equal c_gs_r[1];variable gs_velas equal c_gs_r[2];variable gs_szz equal c_gs_r[3];"
                "variable gs_rad equal c_gs_r[4];variable gs_acon equal c_gs_a;run 0 post no");
  for (k = 0; k < 6; k++) out[k] = gs_var(lmp, names[k]);
  gs_lines(lmp, "uncompute gs_a;uncompute gs_r;uncompute gs_pl;uncompute gs_st");
}

static void test_restart_mdr(void)
{
  const char *file = "gs_restart_mdr.restart";
  void *writer = ran_mdr_bed(), *reference = ran_mdr_bed(), *reader = gs_lmp_open();
  double a[6], b[6], start[6], diff = 0.0;
  int k;
  mdr_state(reference, start);
  gs_cmd(writer, "write_restart %s", file);
  lammps_close(writer);
  gs_cmd(reader, "newton off"); /* not in the file */
  gs_cmd(reader, "read_restart %s", file);
  gs_lines(reader, bed_restart_setup);
  gs_cmd(reader, "run 300 post no");
  gs_cmd(reference, "run 300 post no");
  diff = gs_state_diff(reader, reference, 1);
  mdr_state(reader, a);
  mdr_state(reference, b);
  for (k = 1; k < 6; k++) diff = fmax(diff, fabs(a[k] - b[k]) / fmax(fabs(b[k]), 1e-300));
  GS_CHECK(diff <= 1e-10, "mdr restart round trip: state and trajectory equal the unsplit run after 300 + 300 steps "
           "(max rel diff %.2e; sums psi %.12g, Velas %.12g, sigma_zz %.12g, radius %.12g, contact area %.12g)", diff,
           b[1], b[2], b[3], b[4], b[5]);
  GS_CHECK(b[3] != 0.0 && b[1] < 0.9999 * 4 * 4 * 4 + 150 && b[5] > 0.0 && b[4] != start[4],
           "and the state is not trivial: stresses, less free surface than grains, contact area, grown radii "
           "(radius sum %.15g, %.15g before)", b[4], start[4]);

  /* the state deleted by hand is caught; a pair style replaced by a non-mdr one takes it away */
  gs_cmd(reference, "unfix NEIGH_HISTORY_GRANSYNC_MDR_STATE");
  {
    const char *msg = gs_cmd_error(reference, "run 0 post no");
    GS_CHECK(strstr(msg, "per-atom vector Ro was deleted") != NULL, "mdr state deleted: '%s'", msg);
  }
  GS_CHECK(lammps_extract_atom(reader, "d_psi") != NULL, "the mdr pair keeps its per-atom state");
  gs_lines(reader, "pair_style none;pair_style granular/sync;"
                   "pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;run 10 post no");
  GS_CHECK(lammps_extract_atom(reader, "d_psi") == NULL, "a new pair style without mdr runs, without mdr's state");
  lammps_close(reader);
  lammps_close(reference);
  if (gs_rank() == 0) remove(file);
}

/* Two spheres held in place with a relative tangential velocity (no integrator): the spring
 * history must be the accumulated displacement v t whatever the time step history, and single()
 * must report it through compute pair/local. */
static void test_single_and_timestep_change(const char *ordering)
{
  void *lmp = gs_lmp_open();
  const double kn = 1e4, kt = 5e3, vslide = 1e-3, overlap = 1e-3;
  double t_total, fs, fn, *sums;
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary f f f");
  gs_cmd(lmp, "comm_modify vel yes");
  gs_cmd(lmp, "region box block -2 2 -2 2 -2 2");
  gs_cmd(lmp, "create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 0 units box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 %.17g units box", 1.0 - overlap);
  gs_cmd(lmp, "set type 1 diameter 1.0");
  gs_cmd(lmp, "set type 1 density 1.0");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * hooke %g 0 tangential linear_history %g 0 1000", kn, kt);
  gs_cmd(lmp, "group two id 2");
  gs_cmd(lmp, "velocity two set %g 0 0", vslide);
  gs_cmd(lmp, "compute pl all pair/local force p4");
  gs_cmd(lmp, "compute sums all reduce sum c_pl[1] c_pl[2] inputs local"); /* one contact: its values, on every rank */
  gs_cmd(lmp, "timestep 1e-3");
  gs_cmd(lmp, "run 100 post no");
  gs_cmd(lmp, "timestep 2.5e-4");
  gs_cmd(lmp, "run 400 post no");
  gs_cmd(lmp, "timestep 2e-3");
  gs_cmd(lmp, "run 50 post no");
  t_total = 100 * 1e-3 + 400 * 2.5e-4 + 50 * 2e-3;
  sums = (double *) lammps_extract_compute(lmp, "sums", LMP_STYLE_GLOBAL, LMP_TYPE_VECTOR);
  fn = sums ? sums[0] : NAN;
  fs = sums ? sums[1] : NAN;
  GS_CHECK(fabs(fs - kt * vslide * t_total) <= 1e-9 * kt * vslide * t_total,
           "%s: single() tangential force after dt changes = kt v t (got %.12g, expected %.12g)", ordering, fs,
           kt * vslide * t_total);
  GS_CHECK(fabs(fn - kn * overlap) <= 1e-9 * kn * overlap, "%s: single() normal force = kn delta (got %.12g, expected %.12g)",
           ordering, fn, kn * overlap);
  lammps_close(lmp);
}

/* Mixed coefficients keep the ordering set per type with synchronized_verlet (stock drops it). */
static void test_mixing_keeps_ordering(void)
{
  void *a = gs_lmp_open(), *b = gs_lmp_open();
  const char *m1 = "hooke 1000 0.5 damping coeff_restitution tangential linear_history 800 0.5 0.5";
  const char *m2 = "hooke 800 0.6 damping coeff_restitution tangential linear_history 600 0.5 0.4";
  char s1[512], s2[512], x1[512];
  double diff;
  snprintf(s1, sizeof(s1), "%s synchronized_verlet", m1);
  snprintf(s2, sizeof(s2), "%s synchronized_verlet", m2);
  /* a: standard style default, both types opt in per pair; b: synchronized style default with the
   * 1-2 pair set explicitly to the geometric-mean coefficients */
  bed(a, "pair_style granular/sync ordering standard", s1, s2);
  bed(b, "pair_style granular/sync ordering synchronized", m1, m2);
  snprintf(x1, sizeof(x1), "hooke %.17g %.17g damping coeff_restitution tangential linear_history %.17g 0.5 %.17g",
           sqrt(1000.0 * 800), sqrt(0.5 * 0.6), sqrt(800.0 * 600), sqrt(0.5 * 0.4));
  gs_cmd(b, "pair_coeff 1 2 %s", x1);
  bed_fixes(a);
  bed_fixes(b);
  gs_cmd(a, "run 500 post no");
  gs_cmd(b, "run 500 post no");
  diff = gs_state_diff(a, b, 1);
  GS_CHECK(diff <= 1e-10, "synchronized_verlet on types 1 and 2 makes the mixed 1-2 pair synchronized (max rel diff %.2e)", diff);
  lammps_close(a);
  lammps_close(b);
}

/* New contact models between runs whose history has another length (the bed's models, hooke with
 * linear_history, the bed's again): the contacts restart without history, as after `pair_style none` and the style anew
 * (this was an error whose advice, a new pair_style command, could not help: LAMMPS keeps a
 * re-issued style's object). */
static void test_history_size_change(void)
{
  static const char *const hooke = "hooke 2e4 0.5 tangential linear_history 5e3 1.0 0.5";
  void *changed = ran_bed("on", "pair_style granular/sync", bed_model, bed_model);
  void *anew = ran_bed("on", "pair_style granular/sync", bed_model, bed_model);
  double diff;
  int k;
  for (k = 0; k < 2; k++) {
    const char *model = k == 0 ? hooke : bed_model;
    gs_cmd(changed, "pair_coeff * * %s", model);
    gs_lines(anew, "pair_style none;pair_style granular/sync");
    gs_cmd(anew, "pair_coeff * * %s", model);
    gs_cmd(changed, "run 200 post no");
    gs_cmd(anew, "run 200 post no");
    diff = gs_state_diff(changed, anew, 1);
    GS_CHECK(diff == 0.0, "contact models changed to %s between runs: as the style defined anew (max rel diff %.2e)",
             k == 0 ? "hooke with linear_history" : "the bed's again", diff);
  }
  lammps_close(changed);
  lammps_close(anew);
}

/* Re-issuing pair_style with another ordering changes every type pair that did not say
 * synchronized_verlet itself, also after read_restart (where switching is most natural). */
static void test_reissued_ordering(void)
{
  const char *m1 = "hooke 1000 0.5 damping coeff_restitution tangential linear_history 800 0.5 0.5";
  const char *m2 = "hooke 800 0.6 damping coeff_restitution tangential linear_history 600 0.5 0.4";
  char s1[512];
  void *standard = gs_lmp_open(), *switched = gs_lmp_open(), *explicit1 = gs_lmp_open(), *kept = gs_lmp_open();
  void *all[4] = {standard, switched, explicit1, kept};
  void *writer;
  double diff, moved;
  int k;
  snprintf(s1, sizeof(s1), "%s synchronized_verlet", m1);
  bed(standard, "pair_style granular/sync ordering standard", m1, m2);
  bed(switched, "pair_style granular/sync", m1, m2);
  gs_cmd(switched, "pair_style granular/sync ordering standard");
  /* type 1 says synchronized_verlet itself: it stays synchronized, and the mixed 1-2 pair with it */
  bed(explicit1, "pair_style granular/sync ordering standard", s1, m2);
  bed(kept, "pair_style granular/sync", s1, m2);
  gs_cmd(kept, "pair_style granular/sync ordering standard");
  for (k = 0; k < 4; k++) {
    bed_fixes(all[k]);
    gs_cmd(all[k], "run 400 post no");
  }
  diff = gs_state_diff(switched, standard, 1);
  GS_CHECK(diff == 0.0, "pair_style re-issued with ordering standard after pair_coeff equals ordering standard "
           "from the start (max rel diff %.2e)", diff);
  diff = gs_state_diff(kept, explicit1, 1);
  moved = gs_state_diff(explicit1, standard, 1);
  GS_CHECK(diff == 0.0 && moved > 1e-9, "a pair_coeff with synchronized_verlet keeps its ordering through a "
           "re-issued pair_style (max rel diff %.2e; that type synchronized moves the run by %.2e)", diff, moved);
  lammps_close(kept);
  lammps_close(explicit1);

  /* restart: written synchronized, read and switched to standard, against the same switch
   * within one run */
  writer = ran_bed("on", "pair_style granular/sync", m1, m2);
  diff = gs_restart_diff(writer, ran_bed("on", "pair_style granular/sync", m1, m2), gs_lmp_open(),
                         "gs_reissue_test.restart", bed_restart_setup, "pair_style granular/sync ordering standard",
                         300, 1);
  GS_CHECK(diff <= 1e-12, "read_restart then pair_style ... ordering standard switches the restarted pairs "
           "(against the same switch within one run: max rel diff %.2e)", diff);
  lammps_close(writer);
  lammps_close(switched);
  lammps_close(standard);
}

/* Two spheres held overlapping (no integrator), temperatures 1 and 2, fix heat/flow with a heat
 * capacity of 1 per mass: each step moves dt G (T2 - T1) from one to the other with the contact's
 * conductance G (area: h pi a^2, radius: 2 k a; a^2 = delta R*), so the difference decays as
 * (1 - dt G (1/C1 + 1/C2))^n exactly, and C1 T1 + C2 T2 stays. Half the run, a restart file, and
 * the other half: the pair's heat model and the temperatures come back from the file. */
static void test_heat_two_spheres(const char *ordering, const char *heat, double conductance_of_a2)
{
  const double r1 = 0.5, r2 = 0.3, delta = 0.02, dt = 1e-3, reff = r1 * r2 / (r1 + r2), a2 = delta * reff;
  const double c1 = 4.0 / 3.0 * GS_PI * r1 * r1 * r1, c2 = 4.0 / 3.0 * GS_PI * r2 * r2 * r2;
  const double g = strstr(heat, "area") ? conductance_of_a2 * GS_PI * a2 : 2.0 * conductance_of_a2 * sqrt(a2);
  const double expected = pow(1.0 - dt * g * (1.0 / c1 + 1.0 / c2), 1000);
  void *lmp = gs_lmp_open(), *reader = gs_lmp_open();
  double t[2], energy, ratio;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -2 2 -2 2 -2 2;create_box 1 box;create_atoms 1 single 0 0 0;"
                "create_atoms 1 single 0.78 0 0;set atom 1 diameter 1.0;set atom 2 diameter 0.6;"
                "set group all density 1.0;fix t all property/atom temperature heatflow;set atom 1 temperature 1.0;"
                "set atom 2 temperature 2.0;fix conduct all heat/flow constant 1.0;timestep 1e-3");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * hertz/material 1e5 0.5 0.3 damping tsuji tangential mindlin NULL 1.0 0.5 %s", heat);
  gs_lines(lmp, "run 500;write_restart gs_heat_two.restart");
  gs_lines(reader, "read_restart gs_heat_two.restart;fix t all property/atom temperature heatflow;"
                   "fix conduct all heat/flow constant 1.0;comm_modify vel yes;run 500");
  lammps_close(lmp);
  {
    double *temps = gs_gather(reader, "temperature", 1); /* by atom ID */
    t[0] = temps[0];
    t[1] = temps[1];
    free(temps);
  }
  lammps_close(reader);
  ratio = t[1] - t[0]; /* over the initial difference, 1 */
  energy = c1 * t[0] + c2 * t[1];
  GS_CHECK(fabs(ratio - expected) <= 1e-12 && expected < 0.9 && fabs(energy - (c1 + 2.0 * c2)) <= 1e-12 * (c1 + 2.0 * c2),
           "%s, %s: two spheres' temperature difference after 1000 steps (a restart file halfway) %.15f, "
           "expected (1 - dt G (1/C1 + 1/C2))^1000 = %.15f with G from the conductance formula; heat conserved to %.1e",
           ordering, heat, ratio, expected, fabs(energy - (c1 + 2.0 * c2)) / (c1 + 2.0 * c2));
}

/* JKR overlap and force at contact radius a (Johnson, Kendall and Roberts 1971), w = 2 gamma */
static double jkr_delta(double a, double reff, double emix, double w)
{
  return a * a / reff - sqrt(2.0 * GS_PI * w * a / emix);
}

static double jkr_force(double a, double reff, double emix, double w)
{
  return 4.0 * emix * a * a * a / (3.0 * reff) - sqrt(8.0 * GS_PI * w * emix * a * a * a);
}

/* the JKR force at overlap delta on the branch of a contact that is made (a above the radius of
 * the most negative overlap); bisection in a */
static double jkr_force_at(double delta, double reff, double emix, double w)
{
  const double a_min = cbrt(GS_PI * w * reff * reff / (2.0 * emix)); /* d delta / d a = 0 */
  double lo = a_min, hi = a_min;
  int k;
  while (jkr_delta(hi, reff, emix, w) < delta) hi *= 2.0;
  for (k = 0; k < 200; k++) {
    const double mid = 0.5 * (lo + hi);
    if (jkr_delta(mid, reff, emix, w) < delta) lo = mid;
    else hi = mid;
  }
  return jkr_force(0.5 * (lo + hi), reff, emix, w);
}

/* The JKR loading-unloading loop through pair_style granular/sync: one sphere driven (fix move)
 * towards a fixed one to an overlap of 0.004, then back out. Loading: no force until the surfaces
 * touch, then the JKR curve; unloading: the same curve into tension, beyond touching, down to the
 * overlap of the most tensile force -3/2 pi w R*, -(3 pi^2 / 16)^(1/3) (R* gamma^2 / E*^2)^(1/3),
 * where the contact lets go (as stock: the pull-off point under a controlled load; JKR's branch
 * would continue under a controlled displacement); no force after. The loop's area, the energy
 * the cycle dissipates, is the integral of the tensile branch. */
static void test_jkr_loop(const char *ordering)
{
  const double rad = 0.5, reff = 0.25, young = 1e4, nu = 0.3, gamma = 2.0, w = 2.0 * gamma;
  const double emix = young / (2.0 * (1.0 - nu * nu)), speed = 1e-3, dt = 1e-3;
  const double pulloff = cbrt(3.0 * GS_PI * GS_PI / 16.0) * cbrt(reff * gamma * gamma / (emix * emix));
  const double start_gap = 0.002, depth = 0.004;
  void *lmp = gs_lmp_open();
  double worst = 0.0, area = 0.0, area_exact = 0.0, last_delta = 0.0, last_force = 0.0, held_to = 0.0;
  double force_before_touch = 0.0, force_after_release = 0.0, most_tensile = 0.0;
  int step, leg, tensile = 0;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -2 2 -2 2 -2 2;create_box 1 box;create_atoms 1 single 0 0 0");
  gs_cmd(lmp, "create_atoms 1 single 0 0 %.17g", 2.0 * rad + start_gap);
  gs_lines(lmp, "set group all diameter 1.0;set group all density 1.0;group driven id 2;neighbor 0.2 bin;"
                "timestep 1e-3");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * jkr %g 0 %g %g damping velocity tangential linear_nohistory 0 0.5", young, nu, gamma);
  for (leg = 0; leg < 2; leg++) {
    /* in, then out; each leg's steps move the sphere by exactly speed * dt */
    const int steps = leg == 0 ? (int) lround((start_gap + depth) / (speed * dt))
                               : (int) lround((depth + 2.0 * pulloff) / (speed * dt));
    gs_cmd(lmp, "fix drive driven move linear 0 0 %.17g", leg == 0 ? -speed : speed);
    for (step = 0; step < steps; step++) {
      double *x, *f, delta, fz, exact;
      gs_cmd(lmp, "run 1 pre %s post no", step == 0 ? "yes" : "no");
      x = gs_gather3(lmp, "x");
      f = gs_gather3(lmp, "f");
      delta = 2.0 * rad - (x[5] - x[2]);
      fz = f[5];
      free(x);
      free(f);
      if (leg == 0 && delta < 0.0) force_before_touch = fmax(force_before_touch, fabs(fz));
      if (leg == 1 && delta < -pulloff) force_after_release = fmax(force_after_release, fabs(fz));
      if (fz != 0.0 && (leg == 1 || delta >= 0.0)) {
        exact = jkr_force_at(delta, reff, emix, w);
        worst = fmax(worst, fabs(fz - exact) / (3.0 * GS_PI * gamma * reff));
        if (leg == 1 && delta < 0.0) {
          tensile++;
          held_to = fmin(held_to, delta);
          most_tensile = fmin(most_tensile, fz);
          if (last_delta < 0.0) area += 0.5 * (fz + last_force) * (last_delta - delta);
          area_exact = 0.0;
        }
      }
      last_delta = delta;
      last_force = fz;
    }
    gs_cmd(lmp, "unfix drive");
  }
  lammps_close(lmp);
  {
    /* the tensile branch's integral from -pulloff to 0, on a fine grid */
    const int n = 20000;
    int k;
    for (k = 0; k < n; k++) {
      const double d0 = -pulloff * k / n, d1 = -pulloff * (k + 1) / n;
      area_exact += 0.5 * (jkr_force_at(d0, reff, emix, w) + jkr_force_at(d1, reff, emix, w)) * (d0 - d1);
    }
  }
  GS_CHECK(force_before_touch == 0.0 && force_after_release == 0.0 && tensile > 50 && worst <= 1e-9 &&
               held_to <= -pulloff + speed * dt * 1.0001 && held_to > -pulloff - 1e-12,
           "%s: JKR loop: no force before touching on loading nor beyond the pull-off distance %.6e on unloading; "
           "held in tension down to overlap %.6e over %d steps; force on the JKR curve to %.1e of the pull-off force",
           ordering, pulloff, held_to, tensile, worst);
  GS_CHECK(fabs(most_tensile + 1.5 * GS_PI * w * reff) <= 1e-6 * 1.5 * GS_PI * w * reff,
           "%s: JKR loop: most tensile force %.9e, -3/2 pi w R* = %.9e", ordering, most_tensile, -1.5 * GS_PI * w * reff);
  GS_CHECK(fabs(area - area_exact) <= 2e-3 * fabs(area_exact) && area_exact < 0.0,
           "%s: JKR loop: energy the cycle dissipates (tensile branch's integral) %.6e, analytic %.6e", ordering, area,
           area_exact);
}

/* A pair restart file of format 4 (three normal coefficients per model, before dmt's cohesion),
 * written by the gransync build of 24 Nov 2026 (unittest/data/pair_restart_format4.in: the bed,
 * synchronized, hertz/material, mindlin_rescale, rolling, twisting), read by today's build: the
 * continuation equals the one the writing build ran (its state 300 steps later, in the data
 * directory) to 1e-10 (observed 0 on 1 rank) */
static void test_restart_format4(void)
{
  void *lmp = gs_lmp_open();
  double *x, *v, *w, worst = 0.0, contacts;
  int natoms, i, k, found = 0;
  FILE *ref;
  char line[1024];
  gs_cmd(lmp, "read_restart %s/unittest/data/pair_restart_format4.restart", GRANSYNC_SOURCE_DIR);
  gs_lines(lmp, "comm_modify vel yes;neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;"
                "fix integrate all nve/sphere;fix freeze floor freeze;fix gravity all gravity 60 vector 0 0 -1;"
                "fix reflect all wall/reflect zlo EDGE;compute c all contact/atom;compute n all reduce sum c_c;"
                "thermo_style custom step c_n;run 300 post no");
  natoms = (int) lammps_get_natoms(lmp);
  x = gs_gather3(lmp, "x");
  v = gs_gather3(lmp, "v");
  w = gs_gather3(lmp, "omega");
  contacts = *(double *) lammps_extract_compute(lmp, "n", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
  snprintf(line, sizeof(line), "%s/unittest/data/pair_restart_format4.after300", GRANSYNC_SOURCE_DIR);
  ref = fopen(line, "r");
  while (ref && fgets(line, sizeof(line), ref)) {
    int id;
    double q[9];
    if (sscanf(line, "%d %lf %lf %lf %lf %lf %lf %lf %lf %lf", &id, q, q + 1, q + 2, q + 3, q + 4, q + 5, q + 6, q + 7,
               q + 8) != 10 || id < 1 || id > natoms)
      continue;
    for (k = 0; k < 3; k++) {
      worst = fmax(worst, fabs(x[3 * (id - 1) + k] - q[k]));
      worst = fmax(worst, fabs(v[3 * (id - 1) + k] - q[3 + k]));
      worst = fmax(worst, fabs(w[3 * (id - 1) + k] - q[6 + k]) * 0.05);    /* spin times a fine's radius */
    }
    found++;
  }
  if (ref) fclose(ref);
  free(x);
  free(v);
  free(w);
  lammps_close(lmp);
  i = found == natoms;
  GS_CHECK(i && worst <= 1e-10 && contacts > 20,
           "a format-4 pair restart file (24 Nov 2026) continues as the writing build did: %d of %d atoms, max diff %.1e "
           "after 300 steps, %.0f contacts", found, natoms, worst, contacts);
}

struct bad_case {
  const char *setup; /* extra commands before the failing one, ';'-separated, may be "" */
  const char *command;
  const char *expect; /* substring of the error message */
};


static void test_errors(void)
{
  const char *base = "units lj;atom_style sphere;region box block 0 2 0 2 0 2;create_box 1 box;"
                     "create_atoms 1 single 1 1 1;create_atoms 1 single 1 1 1.9";
  const char *good = "hooke 1000 0.5 tangential linear_history 800 0.5 0.5";
  static const struct bad_case cases[] = {
      {"", "pair_style granular/sync ordering sideways", "ordering must be standard or synchronized"},
      {"", "pair_style granular/sync ordering", "keyword ordering needs a value"},
      {"", "pair_style granular/sync colour blue", "unknown argument 'colour' (allowed: a cutoff first, then ordering, strict, lists)"},
      {"", "pair_style granular/sync ordering standard 0.1", "a cutoff (0.1) goes first, once, before the keywords"},
      {"", "pair_style granular/sync 0.1 0.2", "a cutoff (0.2) goes first, once, before the keywords"},
      {"comm_modify vel yes;pair_style granular/sync;pair_coeff * * jkr 1e4 0.02 0.3 5 tangential linear_history 800 0.5 0.5;set atom 1 diameter 0", "run 0", "type 1 has atoms of radius 0 (point particles), which normal jkr (types 1 and 1) cannot take"},
      /* the history fix keeps partners by atom ID: renumbering them after a run would misplace it */
      {"comm_modify vel yes;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;run 0 post no", "reset_atoms id", "Cannot use reset_atoms id with a fix NEIGH_HISTORY/SYNC storing atom IDs"},
      {"", "pair_style granular/sync lists multi", "lists takes auto, lammps or levels, got 'multi'"},
      {"", "pair_style granular/sync lists", "lists takes auto, lammps or levels, got 'nothing'"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync lists levels;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5", "run 0", "lists levels: not available with normal mdr"},
      {"comm_modify vel yes;pair_style granular/sync lists levels;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;run_style respa 2 2", "run 0", "lists levels: not available with run_style respa"},
      {"", "pair_style granular/sync -1", "cutoff must be > 0"},
      {"pair_style granular/sync", "pair_coeff * * hookie 1 1 tangential linear_history 1 1 1", "unknown normal model 'hookie' (allowed: hooke, hertz, hertz/material, dmt, jkr, mdr)"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 tangential linear_history 1 1 1", "normal mdr needs damping mdr 1 or damping mdr 2"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 3 tangential linear_history 1 1 1", "damping mdr: type must be 1 (scaled by the contact) or 2 (constant), got 3"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr tangential linear_history 1 1 1", "damping mdr: coefficient type expects a number"},
      {"pair_style granular/sync", "pair_coeff * * hooke 1 1 damping mdr 1 tangential linear_history 1 1 1", "damping mdr needs normal model mdr, got hooke"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.5 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 1 1 1", "normal mdr: poisson must be in [0, 0.5), got 0.5"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 -2 0.5 0.2 damping mdr 1 tangential linear_history 1 1 1", "normal mdr: gamma (surface energy) must be >= 0, got -2"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 0 1.5 0.2 damping mdr 1 tangential linear_history 1 1 1", "normal mdr: psi_b must be in [0, 1], got 1.5"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 -1 0 0.5 0.2 damping mdr 1 tangential linear_history 1 1 1", "normal mdr: Y (yield stress) must be >= 0, got -1"},
      {"pair_style granular/sync", "pair_coeff * * mdr 1e6 0.3 1e4 0.5 0.2 damping mdr 1 tangential linear_history 1 1 1", "normal mdr: coefficient damp expects a number, got 'damping' (E poisson Y gamma psi_b damp)"},
      {"comm_modify vel yes;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5", "run 0", "normal mdr requires newton off"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5", "run 0", "normal mdr changes atom radii, but the atom style does not send them to ghost atoms at every step: use atom_style sphere 1"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync ordering standard;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5;run_style respa 2 2", "run 0", "pair granular/sync with normal mdr does not support run_style respa"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5", "minimize 0 0 10 10", "normal mdr cannot be minimized"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5;fix mine all granular/mdr/sync", "run 0", "exists already (pair granular/sync creates this fix itself"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5", "fix w all wall/gran/sync granular mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5 zplane 0 NULL", "normal mdr is supported on region walls only"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;region r block 0 2 0 2 0 2 side in;fix w all wall/gran/sync/region granular mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5 region r", "run 0", "normal mdr needs pair granular/sync with normal mdr"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5;region r block 0 2 0 2 0 2 side in;fix w all wall/gran/sync/region granular hooke 1000 0.5 tangential linear_history 800 0.5 0.5 region r", "run 0", "fix w (wall/gran/sync/region) must use normal mdr"},
      {"comm_modify vel yes;newton off on;pair_style granular/sync;pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5;region r block 0 2 0 2 0 2 side in;fix w all wall/gran/sync/region granular mdr 1e6 0.3 2e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5 region r", "run 0", "mdr coefficient Y is 20000, the pair's is 10000"},
      {"pair_style granular/sync", "pair_coeff * * hooke 1 tangential linear_history 1 1 1", "normal hooke: coefficient damp expects a number"},
      {"pair_style granular/sync", "pair_coeff * * hooke 1 1 tangential linear_history 1 1", "tangential linear_history needs 3 coefficients"},
      {"pair_style granular/sync", "pair_coeff * * hooke 1 1 tangential linear_history 1 1 1 7", "unexpected argument '7'"},
      {"pair_style granular/sync", "pair_coeff * * hooke 1 1 2 tangential linear_history 1 1 1", "unexpected argument '2'"},
      {"pair_style granular/sync", "pair_coeff * * hooke -5 1 tangential linear_history 1 1 1", "normal hooke: k must be >= 0"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 -1 tangential linear_history 1 1 1", "normal hooke: damp must be >= 0"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential linear_history -1 1 1", "tangential linear_history: kt must be > 0"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential linear_history 1 -1 1", "xt must be >= 0"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential linear_history 1 1 -1", "mu must be >= 0"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1.2 damping coeff_restitution tangential linear_history 1 1 1", "must be in (0, 1]"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 0 damping tsuji tangential linear_history 1 1 1", "must be in (0, 1]"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 0.5 tangential linear_history 1 1 1 heat area -2", "heat area: h must be >= 0, got -2"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 0.5 tangential linear_history 1 1 1 heat radius", "heat radius needs 1 coefficient (k)"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 0.5 tangential linear_history 1 1 1 heat flux 1", "unknown heat model 'flux' (allowed: none, area, radius)"},
      {"comm_modify vel yes;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5 heat area 1", "run 0", "heat conduction needs per-atom temperature and heatflow: add 'fix property/atom temperature heatflow'"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential mindlin NULL 1 1", "kt NULL needs normal model hertz/material"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential linear_history 1 1 1 rolling sds 1 1", "rolling sds needs 3 coefficients"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 tangential linear_history 1 1 1 twisting spin", "unknown twisting model 'spin' (allowed: none, sds, marshall)"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1 damping stiff tangential linear_history 1 1 1", "unknown damping model 'stiff'"},
      {"pair_style granular/sync", "pair_coeff * * hooke 5 1", "missing tangential model"},
      {"pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5", "run 0", "add 'comm_modify vel yes'"},
      {"comm_modify vel yes;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;run_style respa 2 2", "run 0", "synchronized ordering does not support run_style respa"},
      {"comm_modify vel yes;pair_style granular/sync strict;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5", "run 0", "strict: the synchronized ordering needs recorded half-step data"},
  };
  size_t k;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_lines(lmp, base);
    if (cases[k].setup[0]) gs_lines(lmp, cases[k].setup);
    msg = gs_cmd_error(lmp, cases[k].command);
    GS_CHECK(strstr(msg, cases[k].expect) != NULL, "'%s' -> %s", cases[k].command, msg[0] ? msg : "(no error)");
    lammps_close(lmp);
  }
  {
    /* an atom style without radius and omega */
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_lines(lmp, "units lj;atom_style atomic;region box block 0 2 0 2 0 2;create_box 1 box;"
                   "create_atoms 1 single 1 1 1;mass 1 1.0;comm_modify vel yes;pair_style granular/sync");
    gs_cmd(lmp, "pair_coeff * * %s", good);
    msg = gs_cmd_error(lmp, "run 0");
    GS_CHECK(strstr(msg, "requires atom attributes radius, rmass and omega") != NULL, "atom_style atomic -> %s", msg);
    lammps_close(lmp);
  }
  {
    /* unlike sub-models cannot be mixed */
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_lines(lmp, "units lj;atom_style sphere;region box block 0 2 0 2 0 2;create_box 2 box;"
                   "create_atoms 1 single 1 1 1;create_atoms 2 single 1 1 1.9;comm_modify vel yes;pair_style granular/sync");
    gs_cmd(lmp, "pair_coeff 1 1 %s", good);
    gs_cmd(lmp, "pair_coeff 2 2 hertz 1000 0.5 tangential linear_history 800 0.5 0.5");
    msg = gs_cmd_error(lmp, "run 0");
    GS_CHECK(strstr(msg, "cannot mix normal models") != NULL, "mixing hooke with hertz -> %s", msg);
    lammps_close(lmp);
  }
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  test_restart("on", "standard");
  test_restart("off", "synchronized");
  /* the cohesion (a fourth normal coefficient) and jkr's touch flags through the file */
  test_restart_models("on", "standard", "jkr 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5",
                      "jkr 2.4e4 0.016 0.25 2 damping velocity tangential mindlin NULL 0.4 0.4");
  test_restart_models("off", "synchronized", "dmt 3e4 200 0.3 5 damping viscoelastic tangential linear_history 800 0.5 0.5",
                      "dmt 2.4e4 160 0.25 2 damping viscoelastic tangential linear_history 640 0.4 0.4");
  test_restart_during_run("restart 300 gs_during_run.*;run 300 post no");
  test_restart_during_run("run 290 post no;restart 300 gs_during_run.*;run 10 pre no post no");
  test_restart_rewritten();
  test_restart_format4();
  test_restart_holds_history();
  test_restart_mdr();
  test_mixing_keeps_ordering();
  test_history_size_change();
  test_reissued_ordering();
  test_single_and_timestep_change("standard");
  test_single_and_timestep_change("synchronized");
  test_jkr_loop("standard");
  test_jkr_loop("synchronized");
  test_heat_two_spheres("synchronized", "heat area 5.0", 5.0);
  test_heat_two_spheres("standard", "heat radius 2.0", 2.0);
  test_errors();
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
