/* SPDX-License-Identifier: GPL-2.0-or-later
 * `neighbor multi` (size-aware binning, Shire et al.) and the pair style's own lists (`pair_style
 * granular/sync lists levels`, the core's hierarchical grid) with every gransync CPU style: a bed of large
 * and fine spheres (size ratio 9.8) under gravity, its neighbor lists rebuilt at every step (so the
 * contact history is handed over at every step), run with `neighbor bin` and with `neighbor multi`:
 *  - pair granular/sync in both orderings, fix nve/sphere/sync (scheme verlet and consistent), and
 *    the floor as fix wall/gran/sync, as fix wall/gran/sync/region or as a bumpy
 *    fix wall/gran/sync/mesh, with a region lid and compute dissipation/sync;
 *  - jkr cohesion (pairs listed beyond touching), `neigh_modify exclude type`, `exclude group` and
 *    `exclude molecule/intra` (these two changed between runs), radii grown by fix adapt at a run's
 *    setup;
 *  - the own lists also with LAMMPS' ghosts cut by size (neighbor multi, comm_modify mode multi);
 *  - the lists hold the same pairs in another order, so the runs differ by the order of the force
 *    sums only: they must agree to 1e-10 (relative) after 200 steps. The horizon is checked in each
 *    case: the `bin` run's own departure from a round-off perturbation (every velocity scaled by
 *    1 + 1e-15) over the same steps must stay 100 times below the tolerance. A list that missed a pair,
 *    or a history lost in the hand-over, departs by far more (a history lost once: order 1e-3);
 *  - the bed is active: contacts, sliding history, walls touched, a dissipated energy.
 * The /kk styles: LAMMPS' KOKKOS package builds `bin` lists only and says so (test_kokkos errors).
 * `lists auto` (the default): the own lists from a radius ratio of 6 on, LAMMPS' below, as the log
 * says; the setting is kept in restart files. compute pair/local and property/local list the same
 * pairs on either lists.
 *
 * tiled: comm_style tiled, the ranks' boxes cut by recursive bisection before the run and every 50
 * steps (fix balance rcb), so that atoms and their contact history change owners (newton off, as
 * LAMMPS' tiled communication requires with contact history).
 *
 * usage: test_neighbor_multi [newton on|off] [tiled] (any number of ranks; default off)
 */
#include "gs_check.h"
#include "gs_lmp.h"
#include "gs_mesh_files.h"

#include <math.h>

static const char *const MODEL = "hertz/material 1e5 0.5 0.3 damping coeff_restitution tangential mindlin NULL 1.0 "
                                 "0.5 rolling sds 200 0.05 0.1 twisting marshall";

/* the mesh floor: bumps of 0.02 around z = -0.485 (the bed's lowest spheres reach -0.49), wider than
 * the periodic box */
static double bumps(double x, double y)
{
  return -0.485 + 0.02 * sin(1.3 * x) * cos(1.7 * y);
}

typedef struct {
  const char *name, *ordering, *scheme, *floor, *model, *extra;    /* model NULL: MODEL */
  int dissipation;    /* with compute dissipation/sync (which keeps every listed pair's history) */
  int radii_change;   /* atom_style sphere 1, for fix adapt */
} scene_case;

static const char *const JKR = "jkr 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5 rolling sds 200 "
                               "0.05 0.1 twisting marshall";

static const scene_case CASES[] = {
    {"plane floor", "synchronized", "verlet", "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL, NULL, 1, 0},
    {"plane floor, standard", "standard", "verlet", "fix floor all wall/gran/sync granular %s zplane -0.485 NULL ordering standard", NULL, NULL, 1, 0},
    {"region floor, scheme consistent", "synchronized", "consistent",
     "region floor plane 0 0 -0.485 0 0 1 side in;fix floor all wall/gran/sync/region granular %s region floor", NULL, NULL, 1, 0},
    {"mesh floor", "synchronized", "verlet", "fix floor all wall/gran/sync/mesh granular %s file %s", NULL, NULL, 1, 0},
    {"jkr, plane floor", "synchronized", "verlet", "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", JKR, NULL, 1, 0},
    {"grains apart (neigh_modify exclude type 1 1)", "synchronized", "verlet",
     "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL, "neigh_modify exclude type 1 1", 1, 0},
    /* the group bits as the run's groups give them: a first run with another exclusion, which the
     * second run's lists must not keep */
    {"grains apart (neigh_modify exclude group), changed since a run", "synchronized", "verlet",
     "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL,
     "group fine type 2;neigh_modify exclude group fine large;run 0 post no;neigh_modify exclude none;"
     "neigh_modify exclude group large large", 1, 0},
    {"grains apart (neigh_modify exclude molecule/intra), changed since a run", "synchronized", "verlet",
     "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL,
     "fix mol all property/atom mol ghost yes;set type 1 mol 1;set type 2 mol 2;group fine type 2;"
     "neigh_modify exclude molecule/intra fine;run 0 post no;neigh_modify exclude none;"
     "neigh_modify exclude molecule/intra large", 1, 0},
    /* radii grown at a run's setup (fix adapt's setup_pre_force), after the setup's build handed the
     * contact history over to the lists' rows: the rows must stay those of that build (grown by
     * 0.04, below the skin, after 400 steps: contacts with history, and pairs that only the grown
     * radii make candidates) */
    {"grains grown by fix adapt at a run's setup", "synchronized", "verlet",
     "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL,
     "run 400 post no;variable d equal 1.02;fix grow large adapt 1 atom diameter v_d reset yes", 1, 1},
    {"plane floor, history handed over by the lists' touch flags", "synchronized", "verlet",
     "fix floor all wall/gran/sync granular %s zplane -0.485 NULL", NULL, NULL, 0, 0},
};

static const char *newton = "off";
static int tiled = 0;

static int ranks(void)
{
  int n;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}
/* the mesh floor's file, one per test (tests of this program may run side by side in one folder) */
static char floor_file[64];

/* the bed: three layers of gs_fines_bed(); lists: bin, multi (LAMMPS' lists), levels (the pair's) or
 * levels, comm multi (the pair's, LAMMPS' ghosts cut by size: neighbor multi's collections and
 * comm_modify mode multi, with which a fine ghost lies only within its own pairs' reach) */
static void *scene(const scene_case *c, const char *lists, int perturbed, int with_floor, int with_extra)
{
  void *lmp = gs_lmp_open();
  const char *model = c->model ? c->model : MODEL;
  const int comm_multi = strcmp(lists, "levels, comm multi") == 0;
  const int levels = comm_multi || strcmp(lists, "levels") == 0;
  char floor[1024];
  gs_cmd(lmp, "newton %s", newton);
  gs_fines_bed_styled(lmp, 3, c->radii_change ? "sphere 1" : "sphere");
  if (tiled) gs_lines(lmp, "comm_style tiled;balance 1.0 rcb");
  gs_cmd(lmp, "pair_style granular/sync ordering %s lists %s", c->ordering, levels ? "levels" : "lammps");
  if (tiled) gs_cmd(lmp, "fix balance all balance 50 1.05 rcb"); /* (after the pair: its history fix first) */
  gs_cmd(lmp, "pair_coeff * * %s", model);
  gs_cmd(lmp, "fix integrate all nve/sphere/sync scheme %s", c->scheme);
  gs_cmd(lmp, "neighbor 0.05 %s", comm_multi ? "multi" : (levels ? "bin" : lists));
  if (comm_multi) gs_cmd(lmp, "comm_modify mode multi");
  gs_lines(lmp, "neigh_modify every 1 delay 0 check no;fix gravity all gravity 60 vector 0 0 -1;timestep 1e-4");
  if (c->extra && with_extra) gs_lines(lmp, c->extra);
  snprintf(floor, sizeof(floor), c->floor, model, floor_file); /* (the mesh floor's takes the file) */
  if (with_floor) gs_lines(lmp, floor);
  gs_cmd(lmp, "region lid plane 0 0 3.2 0 0 -1 side in");
  gs_cmd(lmp, "fix lid all wall/gran/sync/region granular %s region lid", model);
  gs_lines(lmp, "compute contacts all contact/atom;compute ncontacts all reduce sum c_contacts;"
                "variable contacts equal c_ncontacts");
  /* the largest tangential force through single(); the own lists refuse compute pair/local with newton
   * on across ranks (doc/pair_granular_sync.rst): 1 there */
  if (strcmp(newton, "on") == 0 && ranks() > 1)
    gs_cmd(lmp, "variable fs equal 1");
  else
    gs_lines(lmp, "compute pl all pair/local p4;compute fs all reduce max c_pl inputs local;variable fs equal c_fs");
  if (c->dissipation)
    gs_lines(lmp, "compute lost all dissipation/sync;variable lost equal c_lost[9];"
                  "thermo_style custom step v_contacts v_lost v_fs");
  else
    gs_lines(lmp, "thermo_style custom step v_contacts v_fs");
  if (perturbed)
    gs_perturb_velocities(lmp);
  gs_cmd(lmp, "run 200 post no");
  return lmp;
}

/* the log of `run 0` (the pair's choice of lists is logged at init) holds `text` */
static int run_logs(void *lmp, const char *text)
{
  char path[64], line[512];
  int found = 0, anywhere;
  snprintf(path, sizeof(path), "gs_lists_auto.newton_%s.%d.log", newton, ranks());
  gs_cmd(lmp, "log %s", path);
  gs_cmd(lmp, "run 0 post no");
  gs_cmd(lmp, "log none");
  if (gs_rank() == 0) {
    FILE *f = fopen(path, "r");
    while (f && !found && fgets(line, sizeof(line), f)) found = strstr(line, text) != NULL;
    if (f) fclose(f);
    remove(path);
  }
  MPI_Allreduce(&found, &anywhere, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return anywhere;
}

/* the bed with fines of diameter `fine` (the large ones: 0.98); pair_style words `style` */
static void *auto_bed(double fine, const char *style)
{
  void *lmp = gs_lmp_open();
  gs_cmd(lmp, "newton %s", newton);
  gs_fines_bed(lmp, 2);
  gs_cmd(lmp, "set type 2 diameter %g", fine);
  gs_cmd(lmp, "pair_style %s", style);
  gs_cmd(lmp, "pair_coeff * * %s", MODEL);
  gs_lines(lmp, "fix integrate all nve/sphere/sync;neighbor 0.05 bin;timestep 1e-4");
  return lmp;
}

/* where the own lists are not available (`reason`, as the log and the error say it): lists auto
 * takes LAMMPS' lists and logs why, lists levels stops with the reason. The bed's pair_coeff gets
 * `coeff_extra` after the model; `pre`: one more command, or NULL. */
static void levels_refused(const char *coeff_extra, const char *pre, const char *reason, const char *what)
{
  char text[512];
  const char *msg;
  void *lmp = auto_bed(0.1, "granular/sync");
  gs_cmd(lmp, "pair_coeff * * %s%s", MODEL, coeff_extra);
  if (pre) gs_cmd(lmp, "%s", pre);
  snprintf(text, sizeof(text), "contact lists lammps (neighbor bin); lists auto: levels are not available with %s",
           reason);
  GS_CHECK(run_logs(lmp, text), "%s, lists auto: LAMMPS' lists", what);
  gs_cmd(lmp, "pair_style granular/sync lists levels");
  gs_cmd(lmp, "pair_coeff * * %s%s", MODEL, coeff_extra);
  msg = gs_cmd_error(lmp, "run 0");
  snprintf(text, sizeof(text), "lists levels: not available with %s", reason);
  GS_CHECK(strstr(msg, text) != NULL, "%s, lists levels: '%s'", what, msg);
  lammps_close(lmp);
}

static void lists_auto(void)
{
  char file[64];
  void *lmp;
  snprintf(file, sizeof(file), "gs_lists_auto.newton_%s.%d.restart", newton, ranks());
  lmp = auto_bed(0.1, "granular/sync");
  GS_CHECK(run_logs(lmp, "contact lists levels (the style's own, from its hierarchical grid); lists auto: largest "
                         "radius / smallest 9.8 >= 6"), "lists auto at size ratio 9.8: the own lists");
  lammps_close(lmp);
  lmp = auto_bed(0.98 / 5.5, "granular/sync ordering standard");
  GS_CHECK(run_logs(lmp, "contact lists lammps (neighbor bin); lists auto: largest radius / smallest 5.5 < 6"),
           "lists auto at size ratio 5.5: LAMMPS' lists");
  lammps_close(lmp);

  /* the setting goes with the restart file: lists lammps at a ratio where auto chooses levels */
  lmp = auto_bed(0.1, "granular/sync lists lammps");
  GS_CHECK(run_logs(lmp, "contact lists lammps (neighbor bin)\n"), "lists lammps at size ratio 9.8");
  gs_cmd(lmp, "write_restart %s", file);
  lammps_close(lmp);
  lmp = gs_lmp_open();
  gs_cmd(lmp, "read_restart %s", file);
  gs_lines(lmp, "fix integrate all nve/sphere/sync;neighbor 0.05 bin;timestep 1e-4");
  GS_CHECK(run_logs(lmp, "contact lists lammps (neighbor bin)\n"), "lists lammps read from a restart file");
  gs_cmd(lmp, "pair_style granular/sync");
  gs_cmd(lmp, "pair_coeff * * %s", MODEL);
  GS_CHECK(run_logs(lmp, "contact lists levels"), "pair_style re-issued without lists: auto again");
  lammps_close(lmp);
  if (gs_rank() == 0) remove(file);

  /* a cutoff shorter than the largest spheres' contact distance: LAMMPS' lists reach only some of
   * those contacts (a warning, as stock accepts it); the own lists would find others, so they are
   * refused. A cutoff at least that long keeps them. */
  lmp = auto_bed(0.1, "granular/sync");
  gs_cmd(lmp, "pair_coeff * * %s cutoff 0.5", MODEL);
  GS_CHECK(run_logs(lmp, "WARNING: pair granular/sync: the cutoff 0.5 of types 1 and 1 (pair_style or pair_coeff "
                         "cutoff) is shorter than the contact distance of their largest spheres, 0.98"),
           "a cutoff of 0.5 with spheres of diameter 0.98: a warning");
  lammps_close(lmp);
  levels_refused(" cutoff 0.5", NULL,
                 "a pair_style or pair_coeff cutoff shorter than the contact distance of the largest spheres",
                 "a short cutoff");
  lmp = auto_bed(0.1, "granular/sync 1.0");
  GS_CHECK(run_logs(lmp, "contact lists levels"), "lists auto with a pair_style cutoff of 1.0 (contacts up to 0.98): "
           "the own lists");
  lammps_close(lmp);

  /* newton on across ranks with compute pair/local: their lists may give a pair to the rank without
   * its history */
  if (strcmp(newton, "on") == 0 && ranks() > 1)
    levels_refused("", "compute pl all pair/local p4", "newton on across ranks and a compute pair/local",
                   "newton on, 2 ranks, compute pair/local");
}

/* the rows of a local compute, summed over the ranks */
static int local_rows(void *lmp, const char *id)
{
  int mine = *(int *) lammps_extract_compute(lmp, id, LMP_STYLE_LOCAL, LMP_SIZE_ROWS), all;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return all;
}

/* compute pair/local and property/local list what they list on LAMMPS' lists (a size list: centres
 * within the radii's sum plus the skin): 600 spheres of one type, d from 0.1 to 1 at random, so that
 * the type's cutoff (1) reaches far past most pairs' contact distance (before 29 Nov 2026, evening,
 * they got all pairs within that cutoff on the own lists: 3.6 times the rows here) */
static void local_computes(void)
{
  const char *lists[2] = {"lammps", "levels"};
  int pair_rows[2], property_rows[2], k;
  if (strcmp(newton, "on") == 0 && ranks() > 1) return; /* (pair/local refused there on the own lists) */
  for (k = 0; k < 2; k++) {
    void *lmp = gs_lmp_open();
    gs_cmd(lmp, "newton %s", newton);
    gs_lines(lmp, "units lj;atom_style sphere;boundary p p p;comm_modify vel yes;region box block 0 6 0 6 0 6;"
                  "create_box 1 box;create_atoms 1 random 600 4928 NULL;variable d atom 0.1+0.9*random(0,1,12345);"
                  "set type 1 diameter v_d;set group all density 1.0");
    gs_cmd(lmp, "pair_style granular/sync lists %s", lists[k]);
    gs_cmd(lmp, "pair_coeff * * %s", MODEL);
    gs_lines(lmp, "neighbor 0.05 bin;compute pl all pair/local dist;compute prop all property/local patom1 patom2;"
                  "run 0 post no");
    pair_rows[k] = local_rows(lmp, "pl");
    property_rows[k] = local_rows(lmp, "prop");
    lammps_close(lmp);
  }
  GS_CHECK(pair_rows[0] > 50 && pair_rows[1] == pair_rows[0] && property_rows[1] == property_rows[0],
           "compute pair/local and property/local, lists levels: %d and %d rows, as on LAMMPS' lists (%d and %d)",
           pair_rows[1], property_rows[1], pair_rows[0], property_rows[0]);
}

int main(int argc, char **argv)
{
  const double tolerance = 1e-10;
  int c;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  if (argc > 2 && strcmp(argv[1], "newton") == 0) newton = argv[2];
  tiled = argc > 3 && strcmp(argv[3], "tiled") == 0;
  snprintf(floor_file, sizeof(floor_file), "gs_multi_floor.newton_%s.%d%s.stl", newton, ranks(), tiled ? ".tiled" : "");
  if (gs_rank() == 0) {
    tri t[2 * 24 * 24];
    write_stl_ascii(floor_file, t, height_field(t, -1.0, 5.0, -1.0, 5.0, 24, bumps));
  }
  MPI_Barrier(MPI_COMM_WORLD);

  for (c = 0; c < (int) (sizeof(CASES) / sizeof(CASES[0])); c++) {
    void *bin = scene(&CASES[c], "bin", 0, 1, 1), *multi = scene(&CASES[c], "multi", 0, 1, 1),
         *levels = scene(&CASES[c], "levels", 0, 1, 1), *perturbed = scene(&CASES[c], "bin", 1, 1, 1),
         *floorless = scene(&CASES[c], "bin", 0, 0, 1), *comm_multi = scene(&CASES[c], "levels, comm multi", 0, 1, 1);
    const double diff = gs_state_diff(bin, multi, 1), own = gs_state_diff(bin, perturbed, 1);
    const double diff_levels = gs_state_diff(bin, levels, 1), diff_comm_multi = gs_state_diff(bin, comm_multi, 1);
    const double ghosts_multi = gs_ghosts(comm_multi), ghosts_single = gs_ghosts(levels);
    const double floor_acts = gs_state_diff(bin, floorless, 0);
    const double contacts = gs_var(multi, "contacts"), fs = gs_var(multi, "fs");
    const double lost = CASES[c].dissipation ? gs_var(multi, "lost") : 1.0;
    GS_CHECK(own <= 0.01 * tolerance, "%s: horizon of 200 steps: the bin run's own departure from a 1e-15 "
             "perturbation is %.1e", CASES[c].name, own);
    GS_CHECK(diff <= tolerance, "%s: neighbor multi equals neighbor bin after 200 steps, lists rebuilt every "
             "step (max rel diff %.1e)", CASES[c].name, diff);
    GS_CHECK(diff_levels <= tolerance, "%s, newton %s: lists levels equals neighbor bin after 200 steps, lists rebuilt "
             "every step (max rel diff %.1e)", CASES[c].name, newton, diff_levels);
    GS_CHECK(ghosts_multi < 0.9 * ghosts_single, "%s: comm_modify mode multi cuts the ghosts (%.0f, %.0f without)",
             CASES[c].name, ghosts_multi, ghosts_single);
    GS_CHECK(diff_comm_multi <= tolerance, "%s, newton %s: lists levels with comm_modify mode multi equals neighbor "
             "bin after 200 steps (max rel diff %.1e)", CASES[c].name, newton, diff_comm_multi);
    if (CASES[c].extra) {
      void *without = scene(&CASES[c], "bin", 0, 1, 0);
      const double extra_acts = gs_state_diff(bin, without, 0);
      GS_CHECK(extra_acts > 1e-6, "%s: '%s' changes the run (by %.1e)", CASES[c].name, CASES[c].extra, extra_acts);
      lammps_close(without);
    } else
      GS_CHECK(contacts > 100 && fs > 0.0 && lost > 0.0 && floor_acts > 1e-6,
               "%s: the bed acts: %.0f contacts, largest tangential force %.2g, dissipated %.3g (1: not counted); the "
               "floor moves the state by %.1e", CASES[c].name, contacts, fs, lost, floor_acts);
    lammps_close(bin);
    lammps_close(multi);
    lammps_close(levels);
    lammps_close(perturbed);
    lammps_close(floorless);
    lammps_close(comm_multi);
  }
  if (gs_rank() == 0) remove(floor_file);
  lists_auto();
  local_computes();
  c = gs_check_summary();
  MPI_Finalize();
  return c;
}
