/* SPDX-License-Identifier: GPL-2.0-or-later
 * fix wall/gran/sync: stock fix wall/gran (and wall/gran/region for the cylinder) reproduced with
 * ordering standard for every wall shape, static and moving; a sphere on an inclined wall against
 * the analytic rolling and sliding solutions; a fine sphere on a wiggled wall against a 10x finer
 * time step; wall history through a restart; clear errors. */
#include "gs_check.h"
#include "gs_lmp.h"

#include <math.h>

static const char *const wall_model =
    "hertz/material 1e5 0.7 0.3 damping coeff_restitution tangential mindlin NULL 1.0 0.4 "
    "rolling sds 50 0.02 0.1 twisting marshall";

/* run stock and gransync 1000 steps; max rel diff of their states; both instances are closed */
static double run_against_stock(void *stock, void *sync)
{
  return gs_run_diff_close(sync, stock, 1000, 0);
}

struct wall_case {
  const char *label, *boundary, *box, *gravity, *stock, *ours;
};

static void test_vs_stock(void)
{
  static const struct wall_case cases[] = {
      {"xplane static", "f p p", "0 2 0 2 0 2", "50 vector -1 0.2 0", "xplane 0 2", "xplane 0 2"},
      {"xplane wiggle x", "fm p p", "0 2 0 2 0 2", "50 vector -1 0.2 0", "xplane 0 NULL wiggle x 0.01 0.05", "xplane 0 NULL wiggle x 0.01 0.05"},
      {"xplane shear y", "fm p p", "0 2 0 2 0 2", "50 vector -1 0 0", "xplane 0 NULL shear y 0.5", "xplane 0 NULL shear y 0.5"},
      {"yplane static", "p fm p", "0 2 0 2 0 2", "50 vector 0.3 -1 0", "yplane 0 NULL", "yplane 0 NULL"},
      {"yplane wiggle z", "p fm p", "0 2 0 2 0 2", "50 vector 0 -1 0", "yplane 0 NULL wiggle z 0.01 0.05", "yplane 0 NULL wiggle z 0.01 0.05"},
      {"zplane static", "p p fm", "0 2 0 2 0 2", "50 vector 0.2 0.1 -1", "zplane 0 NULL", "zplane 0 NULL"},
      {"zplane wiggle z", "p p fm", "0 2 0 2 0 2", "50 vector 0 0 -1", "zplane 0 NULL wiggle z 0.01 0.05", "zplane 0 NULL wiggle z 0.01 0.05"},
      {"zplane shear x", "p p fm", "0 2 0 2 0 2", "50 vector 0 0 -1", "zplane 0 NULL shear x 0.5", "zplane 0 NULL shear x 0.5"},
      {"zplane both walls", "p p fm", "0 2 0 2 0 2", "50 vector 0 0.2 -1", "zplane 0 1.5", "zplane 0 1.5"},
  };
  size_t k;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    const struct wall_case *w = &cases[k];
    void *stock = gs_lmp_open(), *sync = gs_lmp_open();
    double worst = 0.0;
    gs_spheres(stock, w->boundary, w->box, w->gravity, NULL);
    gs_spheres(sync, w->boundary, w->box, w->gravity, NULL);
    gs_cmd(stock, "fix wall all wall/gran granular %s %s", wall_model, w->stock);
    gs_cmd(sync, "fix wall all wall/gran/sync granular %s %s ordering standard", wall_model, w->ours);
    worst = run_against_stock(stock, sync);
    GS_CHECK(worst <= 1e-10, "ordering standard, %s: equals stock fix wall/gran after 1000 steps (max rel diff %.2e)",
             w->label, worst);
  }
  {
    /* the z cylinder against stock's region wall */
    void *stock = gs_lmp_open(), *sync = gs_lmp_open();
    double worst = 0.0;
    gs_spheres(stock, "f f p", "-1 1 -1 1 0 2", "50 vector 1 0.3 0", "cylinder z 0 0 0.85 INF INF");
    gs_spheres(sync, "f f p", "-1 1 -1 1 0 2", "50 vector 1 0.3 0", "cylinder z 0 0 0.85 INF INF");
    gs_cmd(stock, "region cyl cylinder z 0 0 1.0 INF INF side in");
    gs_cmd(stock, "fix wall all wall/gran/region granular %s region cyl", wall_model);
    gs_cmd(sync, "fix wall all wall/gran/sync granular %s zcylinder 1.0 ordering standard", wall_model);
    worst = run_against_stock(stock, sync);
    GS_CHECK(worst <= 1e-10, "ordering standard, zcylinder: equals stock fix wall/gran/region with a cylinder "
             "(max rel diff %.2e)", worst);
  }
}

/* A sphere on a wall inclined by alpha (gravity tilted): rolls with a = 5/7 g sin(alpha) when
 * tan(alpha) <= 7 mu / 2, else slides with a = g (sin(alpha) - mu cos(alpha)) and spins up at
 * 5 mu g cos(alpha) / (2 r). */
static void test_incline(const char *ordering, double alpha, double mu)
{
  void *lmp = gs_lmp_open();
  const double g = 10.0, r = 0.05, t_end = 0.5;
  const int rolls = tan(alpha) <= 3.5 * mu;
  double vx, wy, v_expect, w_expect;
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary p p fm");
  gs_cmd(lmp, "region box block -5 5 -1 1 0 1");
  gs_cmd(lmp, "create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single 0 0 %.17g units box", r);
  gs_cmd(lmp, "set type 1 diameter %g", 2 * r);
  gs_cmd(lmp, "set type 1 density 1.0");
  gs_cmd(lmp, "fix integrate all nve/sphere/sync");
  gs_cmd(lmp, "fix gravity all gravity %.17g vector %.17g 0 %.17g", g, sin(alpha), -cos(alpha));
  gs_cmd(lmp, "fix wall all wall/gran/sync granular hooke 1e5 0.5 damping coeff_restitution tangential "
              "linear_history 3e4 1.0 %g zplane 0 NULL ordering %s", mu, ordering);
  gs_cmd(lmp, "compute spin all property/atom omegay");
  gs_cmd(lmp, "compute wy all reduce sum c_spin");
  gs_cmd(lmp, "timestep 2e-5");
  gs_cmd(lmp, "run %d post no", (int) (t_end / 2e-5));
  {
    double *v = gs_gather3(lmp, "v");
    vx = v[0];
    free(v);
  }
  {
    double *w = (double *) lammps_extract_compute(lmp, "wy", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
    wy = w ? *w : NAN;
  }
  if (rolls) {
    v_expect = 5.0 / 7.0 * g * sin(alpha) * t_end;
    w_expect = v_expect / r;
  } else {
    v_expect = g * (sin(alpha) - mu * cos(alpha)) * t_end;
    w_expect = 2.5 * mu * g * cos(alpha) / r * t_end;
  }
  GS_CHECK(fabs(vx - v_expect) <= 0.01 * v_expect && fabs(wy - w_expect) <= 0.01 * w_expect,
           "ordering %s, incline %.2f rad, mu %.2f (%s): v = %.6f (analytic %.6f), omega = %.4f (analytic %.4f), "
           "errors %.2e, %.2e", ordering, alpha, mu, rolls ? "rolls" : "slides", vx, v_expect, wy, w_expect,
           fabs(vx - v_expect) / v_expect, fabs(wy - w_expect) / w_expect);
  lammps_close(lmp);
}

/* A fine sphere resting on a floor wiggled sideways: tangential wall force against a run with a 10x
 * smaller step. Synchronized uses the wall's velocity over the step, standard its velocity at t+dt. */
static double wiggle_floor_error(const char *ordering, double *scale_out)
{
  const double dt = 2e-4;
  void *run = gs_lmp_open(), *ref = gs_lmp_open();
  void *both[2] = {run, ref};
  double err = 0.0, scale = 0.0;
  int k, s;
  for (s = 0; s < 2; s++) {
    void *lmp = both[s];
    gs_cmd(lmp, "units lj");
    gs_cmd(lmp, "atom_style sphere");
    gs_cmd(lmp, "atom_modify map array");
    gs_cmd(lmp, "boundary p p fm");
    gs_cmd(lmp, "region box block -1 1 -1 1 0 1");
    gs_cmd(lmp, "create_box 1 box");
    gs_cmd(lmp, "create_atoms 1 single 0 0 0.04999974 units box");
    gs_cmd(lmp, "set type 1 diameter 0.1");
    gs_cmd(lmp, "set type 1 density 1.0");
    gs_cmd(lmp, "fix integrate all nve/sphere/sync");
    gs_cmd(lmp, "fix gravity all gravity 1 vector 0 0 -1");
    gs_cmd(lmp, "fix wall all wall/gran/sync granular hooke 2000 0.1 damping coeff_restitution tangential "
                "linear_history 600 1.0 0.8 zplane 0 NULL wiggle x 0.004 0.5 ordering %s",
           s == 0 ? ordering : "synchronized");
    gs_cmd(lmp, "timestep %.17g", s == 0 ? dt : dt / 10);
  }
  for (k = 1; k <= 100; k++) {
    double *fa, *fr;
    gs_cmd(run, "run 25 %s post no", k == 1 ? "" : "pre no");
    gs_cmd(ref, "run 250 %s post no", k == 1 ? "" : "pre no");
    fa = gs_gather3(run, "f");
    fr = gs_gather3(ref, "f");
    err = fmax(err, fabs(fa[0] - fr[0]));
    scale = fmax(scale, fabs(fr[0]));
    free(fa);
    free(fr);
  }
  *scale_out = scale;
  lammps_close(run);
  lammps_close(ref);
  return err;
}

static void test_wiggle_floor(void)
{
  double scale_s, scale_y;
  const double err_standard = wiggle_floor_error("standard", &scale_s);
  const double err_sync = wiggle_floor_error("synchronized", &scale_y);
  if (gs_rank() == 0)
    printf("wiggled floor, tangential force vs dt/10 reference: max error %.3e synchronized, %.3e standard "
           "(force scale %.3e)\n", err_sync, err_standard, scale_y);
  GS_CHECK(scale_y > 0.0 && err_sync < 0.5 * err_standard,
           "synchronized wall velocity beats the full-step one under wiggle: error %.3e vs %.3e", err_sync, err_standard);
}

/* spheres falling on a flat wall (moving as `motion` says), after 500 steps */
static void *ran_flat_wall(const char *motion)
{
  void *lmp = gs_lmp_open();
  gs_spheres(lmp, "p p fm", "0 2 0 2 0 2", "50 vector 0.4 0.1 -1", NULL);
  gs_cmd(lmp, "fix wall all wall/gran/sync granular %s zplane 0 NULL %s", wall_model, motion);
  gs_cmd(lmp, "run 500 post no");
  return lmp;
}

/* Wall history survives write_restart / read_restart (gs_restart_diff), and a wiggle goes on in
 * phase (the file holds the step its time counts from; 500 steps are 3.3 of its periods). */
static void test_restart(const char *motion)
{
  void *writer = ran_flat_wall(motion);
  char setup[1024];
  double worst;
  snprintf(setup, sizeof(setup), "fix integrate all nve/sphere;fix gravity all gravity 50 vector 0.4 0.1 -1;"
           "fix wall all wall/gran/sync granular %s zplane 0 NULL %s", wall_model, motion);
  worst = gs_restart_diff(writer, ran_flat_wall(motion), gs_lmp_open(), "gs_wall_restart.restart", setup, "", 500, 0);
  GS_CHECK(worst <= 1e-12, "wall '%s': contact history and motion survive a restart (max rel diff %.2e)", motion,
           worst);
  lammps_close(writer);
}

/* A wall redefined after read_restart with another history layout (here without rolling and
 * twisting) starts its contacts without history, as a wall the file does not know (another ID),
 * instead of reading values out of place. The same wall model keeps its history (which makes a
 * difference: the spheres rest on the wall). */
static double reread_wall_diff(const char *file, const char *model)
{
  void *same_id = gs_lmp_open(), *new_id = gs_lmp_open();
  void *both[2] = {same_id, new_id};
  double diff;
  int k;
  for (k = 0; k < 2; k++) {
    gs_cmd(both[k], "read_restart %s", file);
    gs_lines(both[k], "fix integrate all nve/sphere;fix gravity all gravity 50 vector 0.4 0.1 -1");
    gs_cmd(both[k], "fix %s all wall/gran/sync granular %s zplane 0 NULL", k == 0 ? "wall" : "other", model);
    gs_cmd(both[k], "run 200 post no");
  }
  diff = gs_state_diff(same_id, new_id, 1);
  lammps_close(same_id);
  lammps_close(new_id);
  return diff;
}

static void test_restart_layout_changed(void)
{
  const char *file = "gs_wall_layout.restart";
  const char *sliding = "hertz/material 1e5 0.7 0.3 damping coeff_restitution tangential mindlin NULL 1.0 0.4";
  void *writer = ran_flat_wall("");
  double changed, kept;
  gs_cmd(writer, "run 2500 post no"); /* all spheres on the wall */
  gs_cmd(writer, "write_restart %s", file);
  lammps_close(writer);
  changed = reread_wall_diff(file, sliding);
  kept = reread_wall_diff(file, wall_model);
  GS_CHECK(changed == 0.0 && kept > 1e-6, "a wall redefined with another history layout after read_restart starts "
           "without history (against a wall of another ID: max rel diff %.2e; the same model keeps it: %.2e)",
           changed, kept);
  /* as long as the file's (7 values: mindlin, rolling, twisting), other meanings */
  changed = reread_wall_diff(file, "hertz/material 1e5 0.7 0.3 damping coeff_restitution tangential mindlin_rescale NULL "
                                   "1.0 0.4 rolling sds 50 0.02 0.1");
  GS_CHECK(changed == 0.0, "a wall redefined with a history of the same length but another model starts without "
           "history (against a wall of another ID: max rel diff %.2e)", changed);
  if (gs_rank() == 0) remove(file);
}

/* spheres in a bowl that moves sideways (fix wall/gran/sync/region command `wall`), after 4500
 * steps: most of them rest on it then, off centre */
static void *ran_moving_bowl(const char *wall)
{
  void *lmp = gs_lmp_open();
  gs_spheres(lmp, "f f f", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0 0 -1", "sphere 0 0 0 0.7");
  gs_lines(lmp, wall);
  gs_cmd(lmp, "run 4500 post no");
  return lmp;
}

/* A moving region wall restarts where it was: its velocity is differenced from the previous
 * position, which the restart file carries (else the first step after read_restart sees the whole
 * displacement as one step's motion). Both orderings, contact history included. */
static void test_region_restart(const char *ordering)
{
  char wall[1024], setup[2048];
  double worst;
  void *writer;
  snprintf(wall, sizeof(wall), "variable wallx equal 0.01*sin(2*PI*time/0.5);"
           "region wall sphere 0 0 0 1.0 side in move v_wallx NULL NULL;"
           "fix wall all wall/gran/sync/region granular %s region wall ordering %s", wall_model, ordering);
  writer = ran_moving_bowl(wall);
  snprintf(setup, sizeof(setup), "fix integrate all nve/sphere;fix gravity all gravity 50 vector 0 0 -1;%s", wall);
  worst = gs_restart_diff(writer, ran_moving_bowl(wall), gs_lmp_open(), "gs_region_restart.restart", setup, "",
                          300, 1);
  GS_CHECK(worst <= 1e-12, "%s: a moving region wall continues from a restart as without it (max rel diff %.2e)",
           ordering, worst);
  lammps_close(writer);
}

/* fix wall/gran/sync/region with ordering standard against stock fix wall/gran/region */
static void test_region_vs_stock(void)
{
  static const char *const cases[][4] = {
      /* label, region, box, gravity */
      {"sphere bowl", "sphere 0 0 0 1.0 side in", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.3 0.1 -1"},
      {"capped cylinder", "cylinder z 0 0 1.0 -1 1 side in", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.5 0 -1"},
      {"box", "block -1 1 -1 1 -1 1 side in", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.2 0.3 -1"},
      {"moving sphere bowl", "sphere 0 0 0 1.0 side in move v_wallx NULL NULL", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0 0 -1"},
  };
  size_t k;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    void *stock = gs_lmp_open(), *sync = gs_lmp_open();
    void *both[2] = {stock, sync};
    double worst = 0.0;
    int s;
    for (s = 0; s < 2; s++) {
      gs_cmd(both[s], "variable wallx equal 0.02*sin(2*PI*time/0.05)");
      gs_spheres(both[s], "f f f", cases[k][2], cases[k][3], "sphere 0 0 0 0.7");
      gs_cmd(both[s], "region wall %s", cases[k][1]);
    }
    gs_cmd(stock, "fix wall all wall/gran/region granular %s region wall", wall_model);
    gs_cmd(sync, "fix wall all wall/gran/sync/region granular %s region wall ordering standard", wall_model);
    worst = run_against_stock(stock, sync);
    GS_CHECK(worst <= 1e-10, "region wall, ordering standard, %s: equals stock fix wall/gran/region after 1000 steps "
             "(max rel diff %.2e)", cases[k][0], worst);
  }
}

/* Cohesive (dmt, jkr) wall models against stock: a floor, a region bowl and a box; spheres pressed
 * on them stick (pull-off 4 pi gamma r: about 20 times their weight here); a jkr contact with the
 * floor holds beyond touching */
static void test_cohesive_vs_stock(void)
{
  static const char *const models[] = {
      "dmt 1e5 0.02 0.3 2 damping velocity tangential mindlin NULL 1.0 0.4 rolling sds 50 0.02 0.1 twisting marshall",
      "dmt 1e5 1.0 0.3 2 damping viscoelastic tangential linear_history 3e4 1.0 0.4",
      "dmt 1e5 20 0.3 2 damping mass_velocity tangential mindlin_rescale/force NULL 1.0 0.4",
      "jkr 1e5 0.02 0.3 2 damping velocity tangential mindlin NULL 1.0 0.4 rolling sds 50 0.02 0.1 twisting marshall",
      "jkr 1e5 20 0.3 2 damping mass_velocity tangential linear_nohistory 1.0 0.4"};
  size_t k;
  for (k = 0; k < sizeof(models) / sizeof(models[0]); k++) {
    void *stock = gs_lmp_open(), *sync = gs_lmp_open();
    void *both[2] = {stock, sync};
    double worst;
    int s;
    for (s = 0; s < 2; s++) {
      gs_spheres(both[s], "f f f", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.3 0.1 -1", "sphere 0 0 0 0.7");
      gs_cmd(both[s], "region bowl sphere 0 0 0 1.0 side in");
      gs_cmd(both[s], "region cube block -0.9 0.9 -0.9 0.9 -0.9 0.9 side in");
    }
    gs_cmd(stock, "fix floor all wall/gran granular %s zplane -0.8 NULL", models[k]);
    gs_cmd(stock, "fix bowl all wall/gran/region granular %s region bowl", models[k]);
    gs_cmd(stock, "fix cube all wall/gran/region granular %s region cube", models[k]);
    gs_cmd(sync, "fix floor all wall/gran/sync granular %s zplane -0.8 NULL ordering standard", models[k]);
    gs_cmd(sync, "fix bowl all wall/gran/sync/region granular %s region bowl ordering standard", models[k]);
    gs_cmd(sync, "fix cube all wall/gran/sync/region granular %s region cube ordering standard", models[k]);
    worst = run_against_stock(stock, sync);
    GS_CHECK(worst <= 1e-10, "cohesive walls, ordering standard, %s: equal stock after 1000 steps (max rel diff %.2e)",
             models[k], worst);
  }
}

/* Heat conduction from walls against stock, ordering standard: spheres with a temperature each, on a
 * floor whose temperature follows a variable (heat area) and in a bowl held at a fixed temperature
 * (heat radius), fix heat/flow integrating; temperatures and heat flows compared too */
static void test_heat_vs_stock(void)
{
  void *stock = gs_lmp_open(), *sync = gs_lmp_open();
  void *both[2] = {stock, sync};
  const char *model = "hertz/material 1e5 0.7 0.3 damping tsuji tangential mindlin NULL 1.0 0.4";
  double worst, *t_start, *t[2], *q[2], moved = 0.0;
  int s, i, natoms;
  for (s = 0; s < 2; s++) {
    gs_spheres(both[s], "f f f", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.3 0.1 -1", "sphere 0 0 0 0.7");
    gs_lines(both[s], "fix temperatures all property/atom temperature heatflow;variable t0 atom 1.0+0.5*z;"
                      "set group all temperature v_t0;fix conduct all heat/flow constant 1.0;"
                      "variable hot equal 3.0+sin(2*PI*time/0.05);region bowl sphere 0 0 0 1.0 side in");
  }
  gs_cmd(stock, "fix floor all wall/gran granular %s heat area 5 zplane -0.8 NULL temperature v_hot", model);
  gs_cmd(stock, "fix bowl all wall/gran/region granular %s heat radius 0.5 region bowl temperature 0.5", model);
  gs_cmd(sync, "fix floor all wall/gran/sync granular %s heat area 5 zplane -0.8 NULL temperature v_hot ordering "
               "standard", model);
  gs_cmd(sync, "fix bowl all wall/gran/sync/region granular %s heat radius 0.5 region bowl temperature 0.5 ordering "
               "standard", model);
  natoms = (int) lammps_get_natoms(sync);
  t_start = gs_gather(sync, "temperature", 1);
  for (s = 0; s < 2; s++) gs_cmd(both[s], "run 1000 post no");
  worst = gs_state_diff(sync, stock, 1);
  for (s = 0; s < 2; s++) {
    t[s] = gs_gather(both[s], "temperature", 1);
    q[s] = gs_gather(both[s], "heatflow", 1);
  }
  worst = fmax(worst, fmax(gs_maxrel(t[1], t[0], natoms), gs_maxrel(q[1], q[0], natoms)));
  for (i = 0; i < natoms; i++) moved = fmax(moved, fabs(t[1][i] - t_start[i]));
  GS_CHECK(worst <= 1e-10 && moved > 0.1, "heat from a floor (area, temperature by a variable) and a bowl (radius), "
           "ordering standard: equal stock after 1000 steps, temperatures and heat flows too (max rel diff %.2e; "
           "largest temperature change %.2g)", worst, moved);
  for (s = 0; s < 2; s++) {
    free(t[s]);
    free(q[s]);
    lammps_close(both[s]);
  }
  free(t_start);
}

/* a fix's per-atom array, ordered by atom ID */
static double *fix_rows(void *lmp, const char *fix, int columns)
{
  char name[64];
  double *data = (double *) malloc(sizeof(double) * (size_t) columns * (size_t) lammps_get_natoms(lmp));
  snprintf(name, sizeof(name), "f_%s", fix);
  lammps_gather(lmp, name, 1, columns, data);
  return data;
}

/* The walls' `contacts` output against stock's: a floor with heat (9 columns: the heat from the
 * wall last) and a box region whose corners give particles several faces at once (8 columns: the
 * last face, as stock), at the end of 10000 steps (the grains settle in the corner) */
static void test_contacts_vs_stock(void)
{
  void *stock = gs_lmp_open(), *sync = gs_lmp_open();
  void *both[2] = {stock, sync};
  const char *model = "hertz/material 1e5 0.7 0.3 damping tsuji tangential mindlin NULL 1.0 0.4";
  double *floor_rows[2], *box_rows[2], worst;
  int s, i, natoms, on_floor = 0, in_corners = 0;
  for (s = 0; s < 2; s++) {
    gs_spheres(both[s], "f f f", "-1.2 1.2 -1.2 1.2 -1.2 1.2", "50 vector 0.3 0.1 -1", "sphere 0 0 0 0.7");
    gs_lines(both[s], "fix temperatures all property/atom temperature heatflow;set group all temperature 1.0;"
                      "fix conduct all heat/flow constant 1.0;region cube block -0.9 0.9 -0.9 0.9 -0.9 0.9 side in");
  }
  gs_cmd(stock, "fix floor all wall/gran granular %s heat area 5 zplane -0.8 NULL temperature 2 contacts", model);
  gs_cmd(stock, "fix cube all wall/gran/region granular %s region cube contacts", model);
  gs_cmd(sync, "fix floor all wall/gran/sync granular %s heat area 5 zplane -0.8 NULL temperature 2 contacts ordering "
               "standard", model);
  gs_cmd(sync, "fix cube all wall/gran/sync/region granular %s region cube contacts ordering standard", model);
  for (s = 0; s < 2; s++) gs_cmd(both[s], "run 10000 post no");
  natoms = (int) lammps_get_natoms(sync);
  for (s = 0; s < 2; s++) {
    floor_rows[s] = fix_rows(both[s], "floor", 9);
    box_rows[s] = fix_rows(both[s], "cube", 8);
  }
  worst = fmax(gs_maxrel(floor_rows[1], floor_rows[0], 9 * natoms), gs_maxrel(box_rows[1], box_rows[0], 8 * natoms));
  for (i = 0; i < natoms; i++) {
    on_floor += floor_rows[1][9 * i] == 1.0 && floor_rows[1][9 * i + 8] != 0.0;
    in_corners += box_rows[1][8 * i] == 1.0;
  }
  GS_CHECK(worst <= 1e-10 && on_floor > 5 && in_corners > 5,
           "contacts output, ordering standard: a floor with heat and a box equal stock's per-atom arrays after 10000 "
           "steps (max rel diff %.2e; %d on the floor conducting, %d touching the box)", worst, on_floor, in_corners);
  for (s = 0; s < 2; s++) {
    free(floor_rows[s]);
    free(box_rows[s]);
    lammps_close(both[s]);
  }
}

/* A ball rolling without slipping in a spherical bowl of radius R: small oscillations have the
 * period 2 pi sqrt(7 (R - r) / (5 g)). The contact normal turns with the ball, so the ordering
 * matters here; the standard ordering's error is printed. */
static double bowl_period(const char *ordering, double *expected)
{
  void *lmp = gs_lmp_open();
  const double R = 1.0, r = 0.05, g = 10.0, amp = 0.05;
  const double dt = 2e-5;
  double prev = 0.0, t_first = -1.0, t_last = -1.0;
  int crossings = 0, k;
  *expected = 2.0 * 3.14159265358979323846 * sqrt(7.0 * (R - r) / (5.0 * g));
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary f f f");
  gs_cmd(lmp, "region box block -1.2 1.2 -1.2 1.2 -1.2 1.2");
  gs_cmd(lmp, "create_box 1 box");
  gs_cmd(lmp, "create_atoms 1 single %.17g 0 %.17g units box", (R - r) * sin(amp), -(R - r) * cos(amp));
  gs_cmd(lmp, "set type 1 diameter %g", 2 * r);
  gs_cmd(lmp, "set type 1 density 1.0");
  gs_cmd(lmp, "region bowl sphere 0 0 0 %g side in", R);
  gs_cmd(lmp, "fix integrate all nve/sphere/sync");
  gs_cmd(lmp, "fix gravity all gravity %g vector 0 0 -1", g);
  gs_cmd(lmp, "fix wall all wall/gran/sync/region granular hooke 1e5 0.5 damping coeff_restitution tangential "
              "linear_history 3e4 1.0 1.0 region bowl ordering %s", ordering);
  gs_cmd(lmp, "timestep %g", dt);
  for (k = 0; k < 3000; k++) {
    double *x;
    gs_cmd(lmp, "run 100 %s post no", k ? "pre no" : "");
    x = gs_gather3(lmp, "x");
    if (k > 0 && prev > 0.0 && x[0] <= 0.0) {
      /* downward zero crossing of the x position, interpolated */
      const double t = (k + prev / (prev - x[0])) * 100 * dt;
      if (t_first < 0) t_first = t;
      t_last = t;
      crossings++;
    }
    prev = x[0];
    free(x);
  }
  lammps_close(lmp);
  return crossings >= 2 ? (t_last - t_first) / (crossings - 1) : NAN;
}

static void test_bowl(void)
{
  double expected;
  const double sync = bowl_period("synchronized", &expected);
  const double standard = bowl_period("standard", &expected);
  if (gs_rank() == 0)
    printf("ball rolling in a bowl: period %.6f synchronized, %.6f standard, analytic %.6f\n", sync, standard, expected);
  GS_CHECK(fabs(sync - expected) <= 0.01 * expected,
           "synchronized: rolling period in a spherical bowl within 1%% of 2 pi sqrt(7 (R-r) / 5 g) (%.6f vs %.6f; "
           "standard ordering %.6f)", sync, expected, standard);
}

static void test_errors(void)
{
  size_t k;
  static const char *const cases[][2] = {
      {"fix w all wall/gran/sync hooke 1 1 1 1 0.5 1 zplane 0 NULL", "expected 'fix ID group wall/gran/sync granular"},
      {"fix w all wall/gran/sync granular hooke -1 1 tangential linear_history 1 1 1 zplane 0 NULL", "normal hooke: k must be >= 0"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1", "missing wall style"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 sphere 2", "unknown wall style 'sphere'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zcylinder 0", "zcylinder radius must be > 0"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zcylinder 0.5", "zcylinder of radius 0.5 about x = 0 crosses the box's periodic x boundaries (0 to 2)"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zcylinder -2", "zcylinder radius must be > 0"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL spin z 1", "unknown keyword 'spin' (allowed: wiggle, shear, ordering, temperature, contacts)"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL wiggle w 1 1", "motion direction must be x, y or z"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL wiggle z 1 0", "wiggle period must be > 0"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL shear z 1", "shear must be along the wall"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL wiggle z 1 1 shear x 1", "cannot both wiggle and shear"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 1 0", "lo must be below hi"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 xplane 0 1", "wall in a periodic dimension"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL ordering never", "ordering must be standard or synchronized, got 'never'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 synchronized_verlet zplane 0 NULL ordering standard", "conflicts with ordering standard"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat area -1 zplane 0 NULL temperature 1", "heat area: h must be >= 0, got -1"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat conduction 1 zplane 0 NULL", "unknown heat model 'conduction' (allowed: none, area, radius)"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL temperature", "keyword temperature needs a value"},
      /* a word for a number names the command and the number (was LAMMPS' generic message) */
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane abc NULL", "fix wall/gran/sync: zplane lo must be a number, got 'abc'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 1x", "fix wall/gran/sync: zplane hi must be a number, got '1x'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zcylinder r", "fix wall/gran/sync: zcylinder radius must be a number, got 'r'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL wiggle z a 1", "fix wall/gran/sync: wiggle amplitude must be a number, got 'a'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL shear x fast", "fix wall/gran/sync: shear velocity must be a number, got 'fast'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat area 1 zplane 0 NULL temperature hot", "fix wall/gran/sync: temperature must be a number, got 'hot'"},
  };
  /* heat and the wall's temperature come together, and need per-atom temperature (checked at init) */
  static const char *const heat[][2] = {
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat area 1 zplane 0 NULL",
       "fix wall/gran/sync: heat model area needs the wall's temperature: add 'temperature <value or v_name>'"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL temperature 2",
       "fix wall/gran/sync: keyword temperature needs a heat model"},
      {"fix w all wall/gran/sync/region granular hooke 1 1 tangential linear_history 1 1 1 heat radius 1 region box",
       "fix wall/gran/sync/region: heat model radius needs the wall's temperature"},
      {"fix w all wall/gran/sync/region granular hooke 1 1 tangential linear_history 1 1 1 region box temperature 1",
       "fix wall/gran/sync/region: keyword temperature needs a heat model"},
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat none zplane 0 NULL temperature v_hot",
       "variable hot for keyword temperature does not exist"},
      {"variable hot atom 1;fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat none zplane 0 NULL temperature v_hot",
       "variable hot for keyword temperature must be equal-style"}};
  static const char *const heat_no_property[][2] = {
      {"fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 heat area 1 zplane 0 NULL temperature 1",
       "fix wall/gran/sync: heat conduction needs per-atom temperature and heatflow: add 'fix property/atom temperature heatflow'"},
      {"fix w all wall/gran/sync/region granular hooke 1 1 tangential linear_history 1 1 1 heat area 1 region box temperature 1",
       "fix wall/gran/sync/region: heat conduction needs per-atom temperature and heatflow"}};
  static const char *const respa[][2] = {{"run 0", "does not support run_style respa (allowed: run_style verlet)"}};
  for (k = 0; k < sizeof(heat) / sizeof(heat[0]) + sizeof(heat_no_property) / sizeof(heat_no_property[0]); k++) {
    /* the fix is defined in the setup; `run 0` meets the error */
    const int with_property = k < sizeof(heat) / sizeof(heat[0]);
    const char *const *c = with_property ? heat[k] : heat_no_property[k - sizeof(heat) / sizeof(heat[0])];
    const char *const run[1][2] = {{"run 0", c[1]}};
    char setup[1024];
    snprintf(setup, sizeof(setup), "atom_style sphere;boundary p p f;region box block 0 2 0 2 0 2;create_box 1 box;%s%s",
             with_property ? "fix t all property/atom temperature heatflow;" : "", c[0]);
    gs_expect_errors(setup, run, 1);
  }
  gs_expect_errors("atom_style sphere;boundary p p f;region box block 0 2 0 2 0 2;create_box 1 box", cases,
                   sizeof(cases) / sizeof(cases[0]));
  gs_expect_errors("atom_style sphere;boundary p p f;region box block 0 2 0 2 0 2;create_box 1 box;run_style respa 2 2;"
                   "fix w all wall/gran/sync granular hooke 1 1 tangential linear_history 1 1 1 zplane 0 NULL", respa, 1);
  gs_expect_errors("atom_style sphere;boundary p p f;region box block 0 2 0 2 0 2;create_box 1 box;run_style respa 2 2;"
                   "fix w all wall/gran/sync/region granular hooke 1 1 tangential linear_history 1 1 1 region box", respa, 1);
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  test_vs_stock();
  test_incline("synchronized", 0.3, 0.5);
  test_incline("standard", 0.3, 0.5);
  test_incline("synchronized", 1.2, 0.2);
  test_incline("standard", 1.2, 0.2);
  test_wiggle_floor();
  test_region_vs_stock();
  test_cohesive_vs_stock();
  test_heat_vs_stock();
  test_contacts_vs_stock();
  test_bowl();
  test_restart("");
  test_restart("wiggle x 0.005 0.03");
  test_restart_layout_changed();
  test_region_restart("standard");
  test_region_restart("synchronized");
  test_errors();
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
