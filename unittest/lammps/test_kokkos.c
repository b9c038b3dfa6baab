/* SPDX-License-Identifier: GPL-2.0-or-later
 * The /kk styles against their CPU twins, side by side in one process (Kokkos OpenMP here, any
 * Kokkos backend where the test runs): pair granular/sync/kk, fix nve/sphere/sync/kk and fix
 * wall/gran/sync/kk against granular/sync, nve/sphere/sync and wall/gran/sync.
 *
 *  models:  a polydisperse (size ratio 10) frictional bed on a granular floor wall, re-neighboring
 *           every step, 1000 steps, every model combination (or a covering subset, with the
 *           combinations the kernel is compiled for) in both
 *           orderings: positions, velocities, spins, forces and torques every 250 steps and the
 *           pressure agree to 1e-10 relative; at the end every contact's tangential force, rolling
 *           force and twisting torque (from the contact history, through compute pair/local).
 *  walls:   planes and the z cylinder, static, wiggled and sheared, both orderings, and their contacts
 *           output.
 *  three_sphere: the example of Vyas et al. Fig. 1 separates at the same step as on the CPU.
 *  errors:  a full neighbor list, CPU half-step records with a /kk pair style.
 *  restart: contact history through restart files.
 *  partners: one sphere touching some 200 others (LAMMPS' fix neigh/history/kk lost the history
 *           of partners beyond its first 8 per atom).
 *  region:  a region wall the device has no geometry for (a prism: it runs on the host) with the /kk
 *           integrator and pair: it reads the half-step records the device writes.
 *  extra:   dmt and jkr cohesion and the classic tangential models, both orderings, as `models`.
 *  regions: fix wall/gran/sync/region/kk against the CPU fix on every region shape, side, open
 *           faces, move, rotate and changing shape, both orderings; its histories through restarts.
 *  pair_local: compute pair/local on /kk after each of several runs, against the CPU style.
 *  heat:    heat conduction between the grains, with a floor and a region lid (on the device and on the
 *           host), and the walls' contacts output with its heat column.
 *  mdr:     the mdr model (its per-atom state, screening, radius growth) in a die pressed by a punch,
 *           region walls, both orderings.
 *  cadence: the same /kk run with output (thermo with pressure and energies, contacts, pair/local,
 *           per-atom stress; dump; restart files) every 10 and every 1000 steps ends bitwise equal,
 *           for each model family with plane, region and mesh walls, integrated by fix
 *           nve/sphere/sync or LAMMPS' fix nve/sphere; on CPU threads too, where each thread adds
 *           the contacts of its own block of rows in a fixed order.
 *  lists:   pair_style granular/sync/kk lists levels (its own list, built on the device) against the CPU
 *           style's own list and against /kk on LAMMPS' lists, every kind of model, an exclusion,
 *           restart files.
 *
 * usage: test_kokkos <threads> models all|cover | walls | three_sphere | errors | restart | partners |
 *        region | regions | extra | pair_local | cadence | heat | mdr | lists
 *   GRANSYNC_KOKKOS_GPUS=N: on N GPUs (or the split-memory build's one emulated GPU);
 *   GRANSYNC_KOKKOS_COMM=no: LAMMPS' legacy host exchange, communication and sorting, =host: its
 *   Kokkos ones on the host (-pk kokkos comm host), default device;
 *   GRANSYNC_KOKKOS_NEWTON=on: both twins with newton on (default off)
 */
#include "gs_check.h"
#include "gs_combos.h"
#include "gs_lmp.h"
#include "gs_mesh_files.h"

#include <math.h>

/* relative agreement of /kk and CPU styles */
static double tolerance = 1e-10;
/* the steps a comparison runs (of the 1000 the CPU cases run); on a GPU calibrated by
 * calibrate_gpu_horizon() */
static int horizon = 1000;
/* fix nve/sphere/sync's keywords in the beds (scheme consistent: the `scheme` mode) */
static const char *integrate_keywords = "";
static int gpu_atomics = 0;    /* forces added in an order that varies from run to run */
/* horizons measured as on a GPU (GRANSYNC_KOKKOS_HORIZONS=1 rehearses that on a CPU) */
static int measure_horizons = 0;

/* n of a CPU case's 1000 steps, scaled to the horizon */
static int steps(int n)
{
  const int scaled = n * horizon / 1000;
  return scaled > 0 ? scaled : 1;
}

static char threads[16] = "1";
static const char *comm = "device";
static const char *newton = "off";    /* GRANSYNC_KOKKOS_NEWTON: the newton pair setting of both twins */

/* a LAMMPS instance with Kokkos and the /kk suffix, on the half list; on
 * GRANSYNC_KOKKOS_GPUS=N GPUs (tools/gpu_build_and_test.sh), else on CPU threads */
static void *kk_open(void)
{
  const char *gpus = getenv("GRANSYNC_KOKKOS_GPUS");
  const char *start[] = {"gs_test", "-log", "none", "-screen", "none", "-nocite", "-k", "on", "t", threads};
  /* device-side exchange, ghost communication and sorting, as on GPUs; GRANSYNC_KOKKOS_COMM=no
   * selects LAMMPS' host paths, its default on CPUs */
  const char *package[] = {"-sf", "kk", "-pk", "kokkos", "newton", newton, "neigh", "half", "comm", comm, "sort", comm};
  const char *args[24];
  int nargs = 0, k;
  void *lmp;
  for (k = 0; k < 10; k++) args[nargs++] = start[k];
  if (gpus && *gpus) {
    args[nargs++] = "g";
    args[nargs++] = gpus;
  }
  for (k = 0; k < 12; k++) args[nargs++] = package[k];
  lmp = lammps_open(nargs, (char **) args, MPI_COMM_WORLD, NULL);
  if (!lmp) {
    fprintf(stderr, "cannot create a Kokkos LAMMPS instance\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#ifdef GRANSYNC_PLUGIN /* (none where LAMMPS has gransync compiled in) */
  gs_cmd(lmp, "plugin load " GRANSYNC_PLUGIN);
#endif
  return lmp;
}

/* the contact model of the wall and region-wall cases: Hertz with friction, rolling and twisting */
#define WALL_CASE_MODEL                                                                                      \
  "hertz/material 3e4 0.7 0.25 damping coeff_restitution tangential mindlin NULL 1.0 0.5 rolling sds 200 "  \
  "0.05 0.1 twisting marshall"

/* the contact count every case reports (c_ncontacts) and its thermo output */
static void count_contacts(void *lmp)
{
  gs_lines(lmp, "compute contacts all contact/atom;compute ncontacts all reduce sum c_contacts;"
                "thermo_style custom step c_ncontacts press");
}

/* Large spheres on a lattice just above a granular floor wall at z = -0.5, fine spheres between
 * them; four large spheres frozen. */
static const char *pair_lists = "lammps";    /* pair_style granular/sync lists: lammps or levels */
static const char *bed_atom_style = "sphere"; /* sphere 1 where radii change (fix adapt) */
static void bed(void *lmp, const char *ordering, const char *coeff1, const char *coeff2, const char *wall)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_fines_bed_styled(lmp, 4, bed_atom_style);
  gs_lines(lmp, "group frozen id 1:4;velocity frozen set 0 0 0");
  gs_cmd(lmp, "pair_style granular/sync ordering %s lists %s", ordering, pair_lists);
  gs_cmd(lmp, "pair_coeff 1 1 %s", coeff1);
  gs_cmd(lmp, "pair_coeff 2 2 %s", coeff2);
  gs_cmd(lmp, "fix integrate all nve/sphere/sync%s", integrate_keywords);
  gs_lines(lmp, "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;"
                "fix freeze frozen freeze;fix gravity all gravity 60 vector 0 0 -1;timestep 1e-4");
  gs_cmd(lmp, "fix floor all wall/gran/sync granular %s zplane -0.5 NULL ordering %s", wall, ordering);
  count_contacts(lmp);
}

/* the bed with every sub-model that keeps history (hertz/material, coeff_restitution,
 * mindlin_rescale, rolling, twisting marshall), synchronized */
static void full_model_bed(void *lmp)
{
  char c1[512], c2[512];
  gs_model_words(c1, sizeof(c1), 2, 4, 3, 1, 2, 1.0);
  gs_model_words(c2, sizeof(c2), 2, 4, 3, 1, 2, 0.8);
  bed(lmp, "synchronized", c1, c2, c1);
}

/* A GPU adds forces with atomics, in another order than the CPU, so its trajectories depart from
 * the CPU's at round-off level and a chaotic scene amplifies that. So on a GPU every comparison runs
 * over a horizon where the CPU style's own departure from a round-off perturbation (every velocity
 * scaled by 1 + 1e-15) stays 100 times below the tolerance, measured in blocks of 50 steps: on the
 * full-model bed for the bed cases, on each wall, region and mesh scene for its own (a scene whose
 * walls act late would otherwise be compared before they act); the tolerance stays 1e-10, and a
 * host/device bug departs by far more. (FMA contraction is off for these tests:
 * tools/gpu_build_and_test.sh builds with GRANSYNC_CUDA_FMAD=OFF.) */
typedef void (*scene_builder)(void *lmp, const void *scene);

static int on_gpu(void)
{
  return lammps_config_accelerator("KOKKOS", "api", "cuda") || lammps_config_accelerator("KOKKOS", "api", "hip") ||
         lammps_config_accelerator("KOKKOS", "api", "sycl");
}

/* the horizon of the scene `build` makes on the CPU styles; 1000 steps where horizons are not
 * measured (forces summed in a fixed order) */
static int scene_horizon(scene_builder build, const void *scene, const char *what)
{
  void *a, *b;
  int ran = 0, fits = 0;
  if (!measure_horizons) return 1000;
  a = gs_lmp_open();
  b = gs_lmp_open();
  build(a, scene);
  build(b, scene);
  /* velocities, not positions: a position moved across a periodic boundary wraps to the other side
   * and would count as a departure of one box length */
  gs_perturb_velocities(b);
  while (ran < 1000) {
    double departure;
    gs_cmd(a, "run 50 post no");
    gs_cmd(b, "run 50 post no");
    ran += 50;
    departure = gs_state_diff(a, b, 1);
    if (gs_rank() == 0)
      printf("horizon, %s: the CPU's own departure after %d steps from a 1e-15 relative perturbation of the "
             "velocities: %.1e\n", what, ran, departure);
    if (!(departure <= 0.01 * tolerance)) break;
    fits = ran;
  }
  lammps_close(a);
  lammps_close(b);
  if (fits < 50) fits = 50;
  if (gs_rank() == 0) printf("horizon, %s: compared over %d of the CPU case's 1000 steps, tolerance %.0e\n", what, fits, tolerance);
  return fits;
}

static void build_full_model_bed(void *lmp, const void *scene)
{
  (void) scene;
  full_model_bed(lmp);
}

static void calibrate_gpu_horizon(void)
{
  gpu_atomics = on_gpu();
  measure_horizons = gpu_atomics || getenv("GRANSYNC_KOKKOS_HORIZONS");
  if (!measure_horizons) return;
  horizon = scene_horizon(build_full_model_bed, NULL, "the full-model bed");
}

/* WALL_CASE_MODEL between the spheres, velocity-Verlet and gravity along -z */
static void spheres_under_gravity(void *lmp, const char *ordering, int gravity)
{
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_lines(lmp, "pair_coeff * * " WALL_CASE_MODEL);
  gs_lines(lmp, "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes");
  gs_cmd(lmp, "fix integrate all nve/sphere/sync%s", integrate_keywords);
  gs_cmd(lmp, "fix gravity all gravity %d vector 0 0 -1", gravity);
  gs_cmd(lmp, "timestep 1e-4");
}

/* every contact's |tangential force|, |rolling force|, |twisting torque| keyed by its atom IDs */
typedef struct {
  double lo, hi, value[3];
} contact_row;

static int compare_rows(const void *a, const void *b)
{
  const contact_row *p = (const contact_row *) a, *q = (const contact_row *) b;
  if (p->lo != q->lo) return p->lo < q->lo ? -1 : 1;
  return p->hi < q->hi ? -1 : (p->hi > q->hi ? 1 : 0);
}

static contact_row *contact_table(void *lmp, int *rows)
{
  contact_row *table;
  double **ids, **forces;
  int k, n;
  gs_lines(lmp, "compute ids all property/local patom1 patom2;compute forces all pair/local p4 p8 p9;run 0 post no");
  n = lammps_extract_setting(lmp, "nlocal") >= 0
          ? *(int *) lammps_extract_compute(lmp, "forces", LMP_STYLE_LOCAL, LMP_SIZE_ROWS)
          : 0;
  ids = (double **) lammps_extract_compute(lmp, "ids", LMP_STYLE_LOCAL, LMP_TYPE_ARRAY);
  forces = (double **) lammps_extract_compute(lmp, "forces", LMP_STYLE_LOCAL, LMP_TYPE_ARRAY);
  table = (contact_row *) malloc(sizeof(contact_row) * (size_t) (n > 0 ? n : 1));
  for (k = 0; k < n; k++) {
    table[k].lo = fmin(ids[k][0], ids[k][1]);
    table[k].hi = fmax(ids[k][0], ids[k][1]);
    table[k].value[0] = forces[k][0];
    table[k].value[1] = forces[k][1];
    table[k].value[2] = fabs(forces[k][2]);
  }
  qsort(table, (size_t) n, sizeof(contact_row), compare_rows);
  *rows = n;
  return table;
}

/* largest relative difference of the two runs' contact tables; +inf if they list different pairs */
static double contact_diff(void *a, void *b, int *touching)
{
  int na, nb, k, q;
  contact_row *ta = contact_table(a, &na), *tb = contact_table(b, &nb);
  double worst = 0.0, scale[3] = {0.0, 0.0, 0.0};
  *touching = 0;
  if (na != nb) worst = INFINITY;
  for (k = 0; k < na && k < nb; k++) {
    if (ta[k].lo != tb[k].lo || ta[k].hi != tb[k].hi) worst = INFINITY;
    for (q = 0; q < 3; q++) scale[q] = fmax(scale[q], fabs(ta[k].value[q]));
    if (ta[k].value[0] > 0.0) (*touching)++;
  }
  for (k = 0; k < na && k < nb && worst < INFINITY; k++)
    for (q = 0; q < 3; q++)
      if (scale[q] > 0.0) worst = fmax(worst, fabs(ta[k].value[q] - tb[k].value[q]) / scale[q]);
  free(ta);
  free(tb);
  return worst;
}

/* The walls' contacts output (a fix's per-atom array, `columns` wide) of the /kk and the CPU twin:
 * their largest relative difference; *touching: the rows of atoms touching the wall */
static double output_diff(void *cpu, void *kk, const char *fix, int columns, int *touching)
{
  char name[64];
  const int natoms = (int) lammps_get_natoms(cpu), n = columns * natoms;
  double *a = (double *) malloc(sizeof(double) * (size_t) n), *b = (double *) malloc(sizeof(double) * (size_t) n);
  double worst;
  int i;
  snprintf(name, sizeof(name), "f_%s", fix);
  lammps_gather(cpu, name, 1, columns, a);
  lammps_gather(kk, name, 1, columns, b);
  worst = gs_maxrel(b, a, n);
  *touching = 0;
  for (i = 0; i < natoms; i++) *touching += b[columns * i] == 1.0;
  free(a);
  free(b);
  return worst;
}

/* walls whose contacts outputs run_pair() compares after each of its blocks: the largest relative
 * difference, and per wall the most rows of touching atoms in one block */
typedef struct {
  const char *fix[2];
  int nfix, columns, most_touching[2];
  double worst;
} output_watch;

static void watch_outputs(void *cpu, void *kk, output_watch *w)
{
  int k, touching;
  for (k = 0; k < w->nfix; k++) {
    w->worst = fmax(w->worst, output_diff(cpu, kk, w->fix[k], w->columns, &touching));
    if (touching > w->most_touching[k]) w->most_touching[k] = touching;
  }
}

/* 1000 steps of CPU and /kk side by side; the largest relative difference seen; `watch` (may be
 * NULL): wall outputs to compare at the start (a run of 0 steps) and after each block */
static double run_pair(void *cpu, void *kk, double *contacts, output_watch *watch)
{
  double worst = 0.0, press_cpu, press_kk, *sum;
  int block;
  if (watch) {
    gs_cmd(cpu, "run 0 post no");
    gs_cmd(kk, "run 0 post no");
    watch_outputs(cpu, kk, watch);
  }
  for (block = 0; block < 4; block++) {
    double diff;
    gs_cmd(cpu, "run %d pre %s post no", steps(250), block ? "no" : "yes");
    gs_cmd(kk, "run %d pre %s post no", steps(250), block ? "no" : "yes");
    diff = gs_state_diff(cpu, kk, 1);
    worst = fmax(worst, diff != diff ? INFINITY : diff);
    if (watch) watch_outputs(cpu, kk, watch);
  }
  press_cpu = lammps_get_thermo(cpu, "press");
  press_kk = lammps_get_thermo(kk, "press");
  worst = fmax(worst, fabs(press_kk - press_cpu) / fmax(fabs(press_cpu), 1e-300));
  sum = (double *) lammps_extract_compute(kk, "ncontacts", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
  *contacts = sum ? *sum : 0.0;
  return worst;
}

/* the bed of `restart` in `lmp` (a /kk or a CPU instance), after 300 steps */
static void *ran_restart_bed(void *lmp, const char *coeff1, const char *coeff2)
{
  bed(lmp, "synchronized", coeff1, coeff2, coeff1);
  gs_cmd(lmp, "run %d post no", steps(300));
  return lmp;
}

/* a /kk or a CPU instance */
static void *open_styles(int kk)
{
  return kk ? kk_open() : gs_lmp_open();
}

/* Contact history (pair and wall) through write_restart / read_restart on /kk: the run continued
 * from the file, and the writer's own continuation, equal the unsplit run (gs_restart_diff).
 * LAMMPS' fix neigh/history/kk cannot read its restart data and, between runs, writes other
 * pairs' history (the /kk history fix of granular/sync does neither): either shows as a difference
 * of the order of the tangential force.
 * And across the two: a file written by the CPU styles read with -sf kk, and the other way (LAMMPS
 * hands per-atom restart data only to a fix of the same style, so the /kk run started every
 * contact anew; and the /kk fix held the rolling and twisting histories multiplied by the pair's
 * orientation, which the CPU style read as they were, the torques wrong for half the pairs). */
static void restart_case(int writer_kk, int reader_kk)
{
  char c1[512], c2[512], setup[1024];
  void *writer;
  double diff;
  gs_model_words(c1, sizeof(c1), 2, 4, 3, 1, 2, 1.0);
  gs_model_words(c2, sizeof(c2), 2, 4, 3, 1, 2, 0.8);
  snprintf(setup, sizeof(setup), "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;"
           "fix integrate all nve/sphere/sync;fix freeze frozen freeze;fix gravity all gravity 60 vector 0 0 -1;"
           "fix floor all wall/gran/sync granular %s zplane -0.5 NULL ordering synchronized", c1);
  writer = ran_restart_bed(open_styles(writer_kk), c1, c2);
  diff = gs_restart_diff(writer, ran_restart_bed(open_styles(writer_kk), c1, c2), open_styles(reader_kk),
                         "gs_kokkos.restart", setup, "", steps(300), 1);
  GS_CHECK(diff <= tolerance, "%s run continued from the %s styles' restart file equals the unsplit run: max rel "
           "diff %.1e after %d steps (%s)", reader_kk ? "/kk" : "CPU", writer_kk ? "/kk" : "CPU", diff, steps(300), c1);
  lammps_close(writer);
}

static void restart(void)
{
  restart_case(1, 1);
  restart_case(0, 1);
  restart_case(1, 0);
}

/* what a restart file of the crowd does not hold */
#define CROWD_SETUP                                                                                          \
  "neighbor 0.02 bin;neigh_modify every 1 delay 0 check yes;fix integrate all nve/sphere/sync;"             \
  "variable r atom sqrt((x-1)^2+(y-1)^2+(z-1)^2);variable fx atom -1000*mass*(x-1)/v_r;"                   \
  "variable fy atom -1000*mass*(y-1)/v_r;variable fz atom -1000*mass*(z-1)/v_r;"                           \
  "fix hold big setforce 0 0 0;fix pull small addforce v_fx v_fy v_fz;timestep 5e-5"

/* A held d = 1 sphere with about 200 d = 0.1 spheres pressed onto it from all sides (each pulled
 * towards its centre), moving and re-neighboring: one atom with far more contact partners than
 * per-atom history arrays start with. What the pair style and the history fix do not need (the
 * centre pull, the hold) is the same on both sides. */
static void crowd(void *lmp)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary p p p;comm_modify vel yes;"
                "region box block 0 2 0 2 0 2 units box;create_box 2 box;create_atoms 1 single 1 1 1 units box;"
                "region outer sphere 1 1 1 0.545 units box;region inner sphere 1 1 1 0.52 units box side out;"
                "region shell intersect 2 outer inner;create_atoms 2 random 400 4711 shell overlap 0.1 maxtry 400;"
                "set type 1 diameter 1.0;set type 2 diameter 0.1;set group all density 1.0;"
                "group big type 1;group small type 2;velocity small create 0.5 99 dist gaussian;pair_style granular/sync;"
                "pair_coeff * * hooke 200 0.5 damping coeff_restitution tangential linear_history 160 0.5 0.5");
  gs_lines(lmp, CROWD_SETUP);
  gs_lines(lmp, "compute contacts all contact/atom;compute most all reduce max c_contacts;"
                "variable most equal c_most;thermo_style custom step c_most");
}

static void *ran_crowd(void)
{
  void *lmp = kk_open();
  crowd(lmp);
  gs_cmd(lmp, "run %d post no", steps(300));
  return lmp;
}

static void partners(void)
{
  void *cpu = gs_lmp_open(), *kk = kk_open(), *writer;
  double diff, most;
  crowd(cpu);
  crowd(kk);
  gs_cmd(kk, "run 0 post no");
  most = gs_var(kk, "most");
  diff = gs_run_diff_close(kk, cpu, steps(300), 1);
  GS_CHECK(most > 100 && diff <= tolerance, "one sphere with %.0f contacts: /kk equals the CPU style after %d steps "
           "(max rel diff %.1e)", most, steps(300), diff);

  writer = ran_crowd();
  diff = gs_restart_diff(writer, ran_crowd(), kk_open(), "gs_kokkos_crowd.restart", CROWD_SETUP, "", steps(300), 1);
  GS_CHECK(diff <= tolerance, "and through a restart file: the continued run, and the writer's, equal the unsplit "
           "run (max rel diff %.1e)", diff);
  lammps_close(writer);
}

/* the bed with pair_coeff 1 1 c1, 2 2 c2 and the floor wall c1, CPU against /kk */
static void words_case(const char *ordering, const char *c1, const char *c2)
{
  void *cpu = gs_lmp_open(), *kk = kk_open();
  double state, contacts, history;
  int touching = 0;
  bed(cpu, ordering, c1, c2, c1);
  bed(kk, ordering, c1, c2, c1);
  state = run_pair(cpu, kk, &contacts, NULL);
  /* contacts are listed per rank: compare them on one rank */
  if (lammps_extract_setting(cpu, "world_size") == 1) {
    history = contact_diff(cpu, kk, &touching);
    GS_CHECK(state <= tolerance && history <= tolerance && contacts > 100,
             "%-12s %-120s state %.1e, per-contact forces %.1e (%d sliding or sticking), %.0f contact ends", ordering,
             c1, state, history, touching, contacts);
  } else {
    GS_CHECK(state <= tolerance && contacts > 100, "%-12s %-120s state %.1e, %.0f contact ends", ordering, c1, state,
             contacts);
  }
  lammps_close(cpu);
  lammps_close(kk);
}

static void model_case(const char *ordering, int n, int d, int t, int r, int w)
{
  char c1[512], c2[512];
  gs_model_words(c1, sizeof(c1), n, d, t, r, w, 1.0);
  gs_model_words(c2, sizeof(c2), n, d, t, r, w, 0.8);
  words_case(ordering, c1, c2);
}

/* dmt and jkr cohesion (fines stick to the grains and to the floor) and the classic tangential
 * models, both orderings */
static void extra(void)
{
  static const char *const cases[][2] = {
      {"dmt 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5 rolling sds 200 0.05 0.1 twisting marshall",
       "dmt 2.4e4 0.016 0.25 2 damping velocity tangential mindlin NULL 0.4 0.4 rolling sds 160 0.04 0.08 twisting "
       "marshall"},
      {"dmt 3e4 200 0.3 5 damping viscoelastic tangential linear_history 800 0.5 0.5",
       "dmt 2.4e4 160 0.25 2 damping viscoelastic tangential linear_history 640 0.4 0.4"},
      {"dmt 3e4 20 0.3 5 damping mass_velocity tangential mindlin_rescale NULL 0.5 0.5",
       "dmt 2.4e4 16 0.25 2 damping mass_velocity tangential mindlin_rescale NULL 0.4 0.4"},
      {"jkr 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5 rolling sds 200 0.05 0.1 twisting marshall",
       "jkr 2.4e4 0.016 0.25 2 damping velocity tangential mindlin NULL 0.4 0.4 rolling sds 160 0.04 0.08 twisting "
       "marshall"},
      {"jkr 3e4 200 0.3 5 damping viscoelastic tangential linear_nohistory 0.5 0.5",
       "jkr 2.4e4 160 0.25 2 damping viscoelastic tangential linear_nohistory 0.4 0.4"},
      {"hooke 1000 0.7 damping coeff_restitution tangential linear_history_classic 800 0.5 0.5",
       "hooke 800 0.8 damping coeff_restitution tangential linear_history_classic 640 0.4 0.4"},
      {"hertz/material 3e4 0.7 0.3 damping tsuji tangential mindlin_classic 1.5e4 0.5 0.5 rolling sds 200 0.05 0.1 "
       "twisting marshall",
       "hertz/material 2.4e4 0.8 0.25 damping tsuji tangential mindlin_classic 1.2e4 0.4 0.4 rolling sds 160 0.04 "
       "0.08 twisting marshall"}};
  const char *orderings[2] = {"standard", "synchronized"};
  int o;
  size_t k;
  for (o = 0; o < 2; o++)
    for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) words_case(orderings[o], cases[k][0], cases[k][1]);
}

static void models(int all)
{
  const char *orderings[2] = {"standard", "synchronized"};
  int o, n, d, t, r, w, k;
  for (o = 0; o < 2; o++) {
    if (all) {
      for (n = 0; n < GS_COMBO_NORMALS; n++)
        for (d = 0; d < GS_COMBO_DAMPINGS; d++)
          for (t = 0; t < GS_COMBO_TANGENTIALS; t++)
            for (r = 0; r < GS_COMBO_ROLLINGS; r++)
              for (w = 0; w < GS_COMBO_TWISTINGS; w++)
                if (gs_combo_valid(t, w)) model_case(orderings[o], n, d, t, r, w);
    } else {
      /* 30 combinations in which every choice of each sub-model kind appears several times */
      for (k = 0; k < 30; k++) {
        t = k % 6;
        w = (k / 2) % 3;
        if (!gs_combo_valid(t, w)) w = 1;
        model_case(orderings[o], k % 3, k % 5, t, (k / 3) % 2, w);
      }
      /* the combinations the pair kernel has compiled-in kernels for (select_kernel()) */
      model_case(orderings[o], 0, 4, 1, 0, 0);
      model_case(orderings[o], 0, 1, 1, 0, 0);
      model_case(orderings[o], 2, 3, 2, 1, 2);
    }
  }
}

/* spheres in a closed box of granular walls; `wall` selects the wall under test */
static void wall_box(void *lmp, const char *ordering, const char *wall)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -3 3 -3 3 -0.5 6;create_box 2 box;lattice sc 1.0 origin 0.5 0.5 0.52;"
                "region bed cylinder z 0 0 2.2 0 4 units box;create_atoms 1 region bed;set type 1 diameter 0.98;"
                "set group all density 1.0;velocity all create 0.5 4928459 dist gaussian loop geom");
  spheres_under_gravity(lmp, ordering, 60);
  gs_cmd(lmp, "fix side all wall/gran/sync granular " WALL_CASE_MODEL " zcylinder 2.5 ordering %s", ordering);
  gs_cmd(lmp, "fix test all wall/gran/sync granular " WALL_CASE_MODEL " %s ordering %s contacts", wall, ordering);
  count_contacts(lmp);
}

/* A wall without history (hooke, linear_nohistory) with its contacts output, and a layer of 16900
 * spheres on it added after a first run: the per-atom arrays outgrow their first allocation (16384
 * atoms), the output rows with them */
static void growing_output(void)
{
  void *twins[2] = {gs_lmp_open(), kk_open()};
  int k, touching;
  double output;
  for (k = 0; k < 2; k++) {
    gs_cmd(twins[k], "newton %s", newton);
    gs_lines(twins[k], "units lj;atom_style sphere;atom_modify map array;boundary p p f;comm_modify vel yes;"
                       "region box block 0 130 0 130 0 4 units box;create_box 1 box;"
                       "create_atoms 1 single 2.5 2.5 2.0 units box;set group all diameter 1.0;"
                       "set group all density 1.0;pair_style granular/sync;"
                       "pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 0.5 0.5;"
                       "fix integrate all nve/sphere/sync;fix gravity all gravity 1 vector 0 0 -1;timestep 1e-3;"
                       "fix floor all wall/gran/sync granular hooke 1000 0.5 tangential linear_nohistory 0.5 0.5 "
                       "zplane 0.0 NULL contacts;run 10 post no;lattice sc 1.0 origin 0.5 0.5 0.45;"
                       "region layer block 0 130 0 130 0 0.9 units box;create_atoms 1 region layer;"
                       "set group all diameter 1.0;set group all density 1.0;run 10 post no");
  }
  output = output_diff(twins[0], twins[1], "floor", 8, &touching);
  GS_CHECK(lammps_get_natoms(twins[1]) > 16384 && output <= tolerance && touching >= 16900,
           "a history-free wall's contacts output through atom growth (%.0f atoms): %.1e, %d touching",
           lammps_get_natoms(twins[1]), output, touching);
  lammps_close(twins[0]);
  lammps_close(twins[1]);
}

static void build_wall_box(void *lmp, const void *scene)
{
  const char *const *ordering_wall = (const char *const *) scene;
  wall_box(lmp, ordering_wall[0], ordering_wall[1]);
}

static void walls(void)
{
  const char *cases[] = {"zplane 0.0 NULL", "zplane 0.0 NULL wiggle z 0.05 0.02", "zplane 0.0 NULL wiggle x 0.1 0.02",
                         "zplane 0.0 NULL shear y 0.5", "zcylinder 2.3 wiggle z 0.05 0.02", "zcylinder 2.3 shear z 0.3",
                         "xplane -1.95 1.95", "yplane -1.95 1.95 shear x 0.5"};
  const char *orderings[2] = {"standard", "synchronized"};
  int c, o;
  for (c = 0; c < (int) (sizeof(cases) / sizeof(cases[0])); c++)
    for (o = 0; o < 2; o++) {
      void *cpu = gs_lmp_open(), *kk = kk_open();
      output_watch watch = {{"test"}, 1, 8, {0}, 0.0};
      const char *scene[2] = {orderings[o], cases[c]};
      const int bed_horizon = horizon;
      double state, contacts;
      horizon = scene_horizon(build_wall_box, scene, cases[c]);
      wall_box(cpu, orderings[o], cases[c]);
      wall_box(kk, orderings[o], cases[c]);
      state = run_pair(cpu, kk, &contacts, &watch);
      horizon = bed_horizon;
      GS_CHECK(state <= tolerance && contacts > 50 && watch.worst <= tolerance && watch.most_touching[0] > 0,
               "wall %-36s %-12s state %.1e, %.0f contact ends; contacts output %.1e (up to %d touching)",
               cases[c], orderings[o], state, contacts, watch.worst, watch.most_touching[0]);
      lammps_close(cpu);
      lammps_close(kk);
    }
  growing_output();
}

/* Heat conduction (heat area between the grains, a floor wall and a region lid at their own
 * temperatures, heat radius in the lid): temperatures and heat flows live in host arrays, which the
 * /kk styles copy to the device and back. */
static void heat_bed(void *lmp, const char *ordering, int lid_kind, double lid_temperature)
{
  const char *c1 = "hertz/material 3e4 0.7 0.3 damping tsuji tangential mindlin NULL 0.5 0.5 heat area 5";
  const char *c2 = "hertz/material 2.4e4 0.8 0.25 damping tsuji tangential mindlin NULL 0.4 0.4 heat area 3";
  bed(lmp, ordering, c1, c2, c1);
  gs_lines(lmp, "fix temperatures all property/atom temperature heatflow;variable t0 atom 1.0+0.5*z;"
                "set group all temperature v_t0;fix conduct all heat/flow constant 0.05;unfix floor;"
                "variable tfloor equal 0.5+0.1*sin(step*0.01)");
  gs_cmd(lmp, "fix floor all wall/gran/sync granular %s zplane -0.5 NULL ordering %s temperature v_tfloor contacts",
         c1, ordering);
  /* a lid just touching the top layer (z = 4); a plane region runs on the device, a prism on the host */
  gs_cmd(lmp, "region lid %s", lid_kind ? "prism -1 5 -1 5 4.46 8 0 0 0 side out units box"
                                        : "plane 0 0 4.46 0 0 -1 side in units box");
  gs_cmd(lmp, "fix lid all wall/gran/sync/region granular hertz/material 3e4 0.7 0.3 damping tsuji tangential "
              "mindlin NULL 0.5 0.5 heat radius 2 region lid ordering %s temperature %g contacts", ordering,
         lid_temperature);
}

static void heat(void)
{
  const char *orderings[2] = {"standard", "synchronized"};
  for (int lid = 0; lid < 2; lid++)
    for (int o = 0; o < 2; o++) {
      void *cpu = gs_lmp_open(), *kk = kk_open(), *cold = kk_open();
      double state, contacts, worst = 0.0, moved = 0.0, lid_heat = 0.0, lid_effect = 0.0, floor_cooled = 0.0;
      heat_bed(cpu, orderings[o], lid, 4.0);
      heat_bed(kk, orderings[o], lid, 4.0);
      heat_bed(cold, orderings[o], lid, 1.0);    /* the same with a cold lid */
      gs_cmd(cold, "run %d post no", steps(1000));
      const int natoms = (int) lammps_get_natoms(cpu);
      double *t_start = gs_gather(kk, "temperature", 1);
      /* the contacts outputs, 9 columns with heat (the last): the floor's and the lid's */
      output_watch watch = {{"floor", "lid"}, 2, 9, {0, 0}, 0.0};
      state = run_pair(cpu, kk, &contacts, &watch);
      double *t_cpu = gs_gather(cpu, "temperature", 1), *t_kk = gs_gather(kk, "temperature", 1);
      double *q_cpu = gs_gather(cpu, "heatflow", 1), *q_kk = gs_gather(kk, "heatflow", 1);
      double *z = gs_gather3(kk, "x"), *t_cold = gs_gather(cold, "temperature", 1);
      worst = fmax(gs_maxrel(t_cpu, t_kk, natoms), gs_maxrel(q_cpu, q_kk, natoms));
      for (int i = 0; i < natoms; i++) {
        moved = fmax(moved, fabs(t_kk[i] - t_start[i]));
        if (z[3 * i + 2] > 3.5) lid_heat = fmax(lid_heat, t_kk[i] - t_start[i]);
        if (z[3 * i + 2] < 0.5) floor_cooled = fmax(floor_cooled, t_start[i] - t_kk[i]);
        lid_effect = fmax(lid_effect, t_kk[i] - t_cold[i]);
      }
      /* the top layer starts at 3.0 and sits on a cooler one: only the lid at 4.0 warms it; the bottom
       * layer (1.0) sits on a warmer one: only the floor (0.4-0.6) cools it */
      GS_CHECK(state <= tolerance && worst <= tolerance && moved > 1e-3 && lid_heat > 1e-3 && lid_effect > 1e-3 &&
                   floor_cooled > 1e-3 && watch.worst <= tolerance && watch.most_touching[0] > 0 &&
                   watch.most_touching[1] > 0,
               "heat, lid on the %s, %-12s state %.1e, temperatures and heat flows %.1e, largest temperature change "
               "%.2g, top layer warmed by the lid %.2g (%.2g warmer than under a cold lid), bottom layer cooled by "
               "the floor %.2g, %.0f contact ends; contacts outputs %.1e (up to %d on the floor, %d on the lid)",
               lid ? "host" : "device", orderings[o], state, worst, moved, lid_heat, lid_effect, floor_cooled, contacts,
               watch.worst, watch.most_touching[0], watch.most_touching[1]);
      free(t_cold);
      lammps_close(cold);
      free(t_start);
      free(t_cpu);
      free(t_kk);
      free(q_cpu);
      free(q_kk);
      free(z);
      lammps_close(cpu);
      lammps_close(kk);
    }
}

static void three_sphere(void)
{
  const char *orderings[2] = {"standard", "synchronized"};
  int o;
  for (o = 0; o < 2; o++) {
    void *cpu = gs_lmp_open(), *kk = kk_open();
    double t_cpu, t_kk, gap_cpu, gap_kk;
    gs_cmd(cpu, "newton %s", newton);
    gs_cmd(kk, "newton %s", newton);
    gs_cmd(cpu, "variable ordering index %s", orderings[o]);
    gs_cmd(kk, "variable ordering index %s", orderings[o]);
    gs_cmd(cpu, "include " GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere");
    gs_cmd(kk, "include " GRANSYNC_SOURCE_DIR "/examples/three_sphere/in.three_sphere");
    t_cpu = gs_var(cpu, "t");
    t_kk = gs_var(kk, "t");
    gap_cpu = gs_var(cpu, "gap");
    gap_kk = gs_var(kk, "gap");
    GS_CHECK(t_cpu == t_kk && (gap_cpu > 0.0) == (gap_kk > 0.0) && fabs(gap_kk - gap_cpu) <= 1e-9 * 5e-5,
             "three-sphere, %s: /kk %s at t = %.6f s, CPU %s at t = %.6f s", orderings[o],
             gap_kk > 0.0 ? "separated" : "trapped", t_kk, gap_cpu > 0.0 ? "separated" : "trapped", t_cpu);
    lammps_close(cpu);
    lammps_close(kk);
  }
}

/* `minimize` after `base` and `setup` on /kk fails with "<style>: minimize runs with the CPU style" */
static void minimize_refused(const char *base, const char *setup, const char *style, const char *what)
{
  void *kk = kk_open();
  char expected[256];
  const char *msg;
  snprintf(expected, sizeof(expected), "%s: minimize runs with the CPU style", style);
  gs_lines(kk, base);
  gs_lines(kk, setup);
  msg = gs_cmd_error(kk, "minimize 0 1e-8 10 100");
  GS_CHECK(strstr(msg, expected) != NULL, "minimize with %s: '%s'", what, msg);
  lammps_close(kk);
}

/* `run 0` with -pk kokkos neigh full (newton off) and these pair lines: the error holds `expected`
 * (NULL: it runs) */
static void neigh_full_run(const char *base, const char *style, const char *coeff, const char *expected,
                           const char *what)
{
  void *kk = kk_open();
  const char *msg;
  gs_cmd(kk, "package kokkos newton off neigh full");
  gs_lines(kk, base);
  gs_lines(kk, style);
  gs_lines(kk, coeff);
  msg = gs_cmd_error(kk, "run 0");
  GS_CHECK(expected ? strstr(msg, expected) != NULL : msg[0] == '\0', "%s: '%s'", what, msg);
  lammps_close(kk);
}

static void errors(void)
{
  const char *base = "units lj;atom_style sphere;boundary p p p;comm_modify vel yes;region box block 0 4 0 4 0 4;"
                     "create_box 1 box;create_atoms 1 single 1 1 1;create_atoms 1 single 1.9 1 1;"
                     "set group all density 1.0;timestep 1e-4";
  const char *coeff = "pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5";
  const char *msg;
  void *kk;
  int nranks;
  neigh_full_run(base, "pair_style granular/sync lists lammps", coeff, "lists lammps: not available with -pk kokkos neigh full",
                 "full neighbor list, lists lammps");
  /* lists auto builds its own half list there ... */
  neigh_full_run(base, "pair_style granular/sync", coeff, NULL, "full neighbor list, lists auto");
  /* ... unless the own lists are refused too: the message says why, not to use them */
  neigh_full_run(base, "pair_style granular/sync", "pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5 "
                 "cutoff 0.5", "add '-pk kokkos neigh half'); the style's own lists are not "
                 "available with a pair_style or pair_coeff cutoff shorter than",
                 "full neighbor list, lists auto, own lists refused");

  kk = kk_open();
  gs_lines(kk, base);
  gs_lines(kk, "pair_style granular/sync");
  gs_cmd(kk, "%s", coeff);
  gs_cmd(kk, "suffix off");
  gs_cmd(kk, "fix integrate all nve/sphere/sync");
  msg = gs_cmd_error(kk, "run 0");
  GS_CHECK(strstr(msg, "use fix nve/sphere/sync/kk") != NULL, "CPU half-step records with the /kk pair: '%s'", msg);
  lammps_close(kk);

  /* the pair's own lists on the device: type and group exclusions, not molecule ones */
  kk = kk_open();
  gs_lines(kk, base);
  gs_lines(kk, "pair_style granular/sync lists levels;fix mol all property/atom mol ghost yes;"
               "neigh_modify exclude molecule/intra all");
  gs_cmd(kk, "%s", coeff);
  msg = gs_cmd_error(kk, "run 0");
  GS_CHECK(strstr(msg, "lists levels: not available with neigh_modify exclude molecule") != NULL,
           "lists levels on /kk with molecule exclusions: '%s'", msg);
  lammps_close(kk);

  /* the CPU mdr pair in a Kokkos run: its state in LAMMPS' Kokkos-managed per-atom vectors (a plain
   * fix property/atom there reallocates them with the C library: an abort) */
  kk = kk_open();
  gs_lines(kk, "units lj;atom_style sphere 1;newton off;boundary p p p;comm_modify vel yes;"
                "region box block 0 4 0 4 0 4;create_box 1 box;create_atoms 1 single 1 1 1;"
                "create_atoms 1 single 1.9 1 1;set group all density 1.0;timestep 1e-4");
  gs_lines(kk, "pair_style granular/sync/kk/host");
  gs_cmd(kk, "pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5");
  gs_lines(kk, "comm_modify vel yes;run 0 post no;suffix off;pair_style granular/sync");
  gs_cmd(kk, "pair_coeff * * mdr 1e6 0.3 1e4 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5");
  msg = gs_cmd_error(kk, "run 10 post no");
  GS_CHECK(msg[0] == '\0' && lammps_get_natoms(kk) == 2.0, "CPU mdr pair after a /kk one, in a Kokkos run: "
           "runs ('%s')", msg);
  lammps_close(kk);

  /* comm_style tiled: LAMMPS' tiled communication returns no ghost's contacts to its owner (newton
   * on), and under Kokkos grows its exchange buffer 1.5x at every exchange with contact history
   * (measured: 0.7 GB after 20 exchanges of 1300 spheres on 2 ranks, stock gran/hooke/history/kk
   * alike), so both are refused at the run's start; the CPU styles run tiled with newton off */
  kk = kk_open();
  gs_cmd(kk, "package kokkos newton off neigh half");
  gs_lines(kk, base);
  gs_lines(kk, "comm_style tiled;pair_style granular/sync");
  gs_cmd(kk, "%s", coeff);
  msg = gs_cmd_error(kk, "run 0 post no");
  GS_CHECK(strstr(msg, "comm_style tiled is not supported with Kokkos") != NULL, "/kk, comm_style tiled: '%s'", msg);
  lammps_close(kk);
  {
    int newton;
    for (newton = 0; newton < 2; newton++) {
      void *lmp = gs_lmp_open();
      gs_cmd(lmp, "newton %s", newton ? "on" : "off");
      gs_lines(lmp, base);
      gs_lines(lmp, "comm_style tiled;pair_style granular/sync;fix integrate all nve/sphere");
      gs_cmd(lmp, "%s", coeff);
      msg = gs_cmd_error(lmp, "run 10 post no");
      if (newton)
        GS_CHECK(strstr(msg, "comm_style tiled needs newton off") != NULL, "CPU, comm_style tiled, newton on: '%s'",
                 msg);
      else
        GS_CHECK(msg[0] == '\0', "CPU, comm_style tiled, newton off: runs ('%s')", msg);
      lammps_close(lmp);
    }
  }

  /* two atoms at one point: no contact normal; both styles stop there (the core's normal would be
   * 0/0, and NaN went on through positions silently, as with stock pair granular) */
  {
    int kk_styles;
    for (kk_styles = 0; kk_styles < 2; kk_styles++) {
      void *lmp = kk_styles ? kk_open() : gs_lmp_open();
      gs_lines(lmp, base);
      gs_lines(lmp, "create_atoms 1 single 1 1 1;pair_style granular/sync");
      gs_cmd(lmp, "%s", coeff);
      msg = gs_cmd_error(lmp, "run 1 post no");
      GS_CHECK(strstr(msg, "are at the same position") != NULL, "%s styles, two atoms at one point: '%s'",
               kk_styles ? "/kk" : "CPU", msg);
      lammps_close(lmp);
    }
  }
  /* ... also when they meet between output steps (fix move takes atom 2 onto atom 1 at step 8 of 12,
   * thermo every 100): /kk reads its device's counts only at output steps and a run's last step,
   * and says since when it counted */
  {
    int kk_styles;
    for (kk_styles = 0; kk_styles < 2; kk_styles++) {
      void *lmp = kk_styles ? kk_open() : gs_lmp_open();
      gs_lines(lmp, "units lj;atom_style sphere;boundary p p p;comm_modify vel yes;region box block 0 4 0 4 0 4;"
                    "create_box 1 box;create_atoms 1 single 1 1 1;create_atoms 1 single 1.5 1 1;"
                    "set group all density 1.0;timestep 0.125;thermo 100;group mover id 2;"
                    "fix m mover move linear -0.5 0 0;pair_style granular/sync");
      gs_cmd(lmp, "%s", coeff);
      msg = gs_cmd_error(lmp, "run 12 post no");
      GS_CHECK(strstr(msg, "are at the same position") != NULL, "%s styles, atoms meeting mid-run: '%s'",
               kk_styles ? "/kk" : "CPU", msg);
      if (kk_styles) GS_CHECK(strstr(msg, "over the steps since step 0") != NULL, "/kk: since when: '%s'", msg);
      lammps_close(lmp);
    }
  }

  /* an atom's centre on a wall: no contact normal either; every wall stops there (stock fix
   * wall/gran went on with NaN) */
  {
    static const char *const walls[3] = {
        "fix w all wall/gran/sync granular hooke 100 0.5 tangential linear_history 30 1.0 0.5 zplane 0.0 NULL",
        "region r block -0.9 0.9 -0.9 0.9 0 1.5 side in units box;fix w all wall/gran/sync/region granular hooke 100 "
        "0.5 tangential linear_history 30 1.0 0.5 region r",
        "fix w all wall/gran/sync/mesh granular hooke 100 0.5 tangential linear_history 30 1.0 0.5 file "
        "gs_kokkos_floor.stl"};
    static tri floor[2];
    int w, kk_styles;
    height_field(floor, -1.0, 1.0, -1.0, 1.0, 1, zero_height);
    write_stl_ascii("gs_kokkos_floor.stl", floor, 2);
    MPI_Barrier(MPI_COMM_WORLD);
    for (w = 0; w < 3; w++)
      for (kk_styles = 0; kk_styles < 2; kk_styles++) {
        void *lmp = kk_styles ? kk_open() : gs_lmp_open();
        gs_lines(lmp, "units lj;atom_style sphere;boundary f f f;comm_modify vel yes;"
                      "region box block -1 1 -1 1 -0.5 2 units box;create_box 1 box;create_atoms 1 single 0.3 0.2 0 "
                      "units box;set group all diameter 0.2;set group all density 1.0;fix integrate all nve/sphere;"
                      "pair_style granular/sync;pair_coeff * * hooke 100 0.5 tangential linear_history 30 1.0 0.5");
        gs_lines(lmp, walls[w]);
        msg = gs_cmd_error(lmp, "run 1 post no");
        GS_CHECK(strstr(msg, "lies on the") != NULL || strstr(msg, "lie on the") != NULL,
                 "%s styles, an atom's centre on a %s: '%s'", kk_styles ? "/kk" : "CPU",
                 w == 0 ? "plane wall" : (w == 1 ? "region wall" : "mesh wall"), msg);
        lammps_close(lmp);
      }
    if (gs_rank() == 0) remove("gs_kokkos_floor.stl");
  }

  /* neighbor multi: LAMMPS' KOKKOS package builds bin lists only; lists auto then takes the own
   * lists at any size ratio (here 1), and lists lammps says why it cannot run (the CPU styles run
   * multi: test_neighbor_multi) */
  kk = kk_open();
  gs_lines(kk, base);
  gs_lines(kk, "pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;"
               "neighbor 0.05 multi");
  msg = gs_cmd_error(kk, "run 0 post no");
  GS_CHECK(msg[0] == '\0', "neighbor multi with the /kk styles, lists auto, size ratio 1: runs on the own lists: '%s'",
           msg);
  lammps_close(kk);
  kk = kk_open();
  gs_lines(kk, base);
  gs_lines(kk, "pair_style granular/sync lists lammps;"
               "pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;neighbor 0.05 multi");
  msg = gs_cmd_error(kk, "run 0 post no");
  GS_CHECK(strstr(msg, "lists lammps: not available with neighbor multi (LAMMPS' KOKKOS package builds bin lists only") != NULL,
           "neighbor multi with the /kk styles, lists lammps: '%s'", msg);
  /* (not closed: LAMMPS' Neighbor destructor may crash on half-set-up lists after an error in init;
   * the lmp executable ends at the error instead) */

  /* a grain leaving through a non-periodic boundary: LAMMPS' Kokkos exchange on the device removes
   * nothing on one rank (it would stay outside the box), so the own lists stop with a message; with
   * LAMMPS' host exchange (comm no) it is lost, as on the CPU */
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (nranks == 1) {
    const int device_exchange = strcmp(comm, "no") != 0;
    kk = kk_open();
    gs_lines(kk, "units lj;atom_style sphere;boundary p p f;comm_modify vel yes;region box block 0 4 0 4 0 4;"
                 "create_box 1 box;create_atoms 1 single 1 1 1;create_atoms 1 single 2 2 3.8;set group all density 1.0;"
                 "set atom 2 diameter 0.1 vz 50;timestep 1e-3;pair_style granular/sync lists levels;"
                 "pair_coeff * * hooke 1000 0.5 tangential linear_history 800 0.5 0.5;fix integrate all nve/sphere/sync;"
                 "neighbor 0.1 bin;thermo_modify lost ignore");
    msg = gs_cmd_error(kk, "run 20 post no");
    if (device_exchange)
      GS_CHECK(strstr(msg, "an atom left the box through its non-periodic boundary (f) in z, which LAMMPS' Kokkos "
                           "exchange does not remove on one rank") != NULL,
               "a grain leaving through boundary f, device exchange, one rank: '%s'", msg);
    else
      GS_CHECK(msg[0] == '\0' && lammps_get_natoms(kk) == 1.0,
               "a grain leaving through boundary f, host exchange: lost as on the CPU (%.0f atoms left): '%s'",
               lammps_get_natoms(kk), msg);
    if (!device_exchange) lammps_close(kk);
  }

  /* minimize: the /kk styles refuse it (the CPU styles evaluate contacts at rest) */
  minimize_refused(base, "pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5",
                   "pair_style granular/sync/kk", "the /kk pair");
  minimize_refused(base,
                   "pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 0.5;"
                   "suffix off;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 "
                   "0.5;suffix on;region lid plane 0 0 3.9 0 0 -1 side in;"
                   "fix lid all wall/gran/sync/region granular hooke 1000 0.5 tangential linear_nohistory 1 0.5 region "
                   "lid;fix_modify lid energy yes",
                   "fix wall/gran/sync/region/kk", "a /kk region wall");
  {
    /* a mesh lid: a square at z = 3.9 over the box */
    static tri lid[2];
    int k;
    height_field(lid, -1.0, 5.0, -1.0, 5.0, 1, zero_height);
    for (k = 0; k < 2; k++) lid[k].v[2] = lid[k].v[5] = lid[k].v[8] = 3.9;
    write_stl_ascii("gs_kokkos_lid.stl", lid, 2);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  minimize_refused(base,
                   "suffix off;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_nohistory 1 "
                   "0.5;suffix on;fix lid all wall/gran/sync/mesh granular hooke 1000 0.5 tangential linear_nohistory 1 "
                   "0.5 file gs_kokkos_lid.stl;fix_modify lid energy yes",
                   "fix wall/gran/sync/mesh/kk", "a /kk mesh wall");

  /* compute dissipation/sync: the /kk styles do not accumulate it, and say so (the walls with the
   * CPU pair, so that the pair does not refuse first) */
  {
    static const char *const cases[][2] = {
        {"pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 1 0.5 0.5",
         "pair granular/sync/kk"},
        {"suffix off;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 1 0.5 0.5;"
         "suffix on;region lid plane 0 0 3.9 0 0 -1 side in;fix lid all wall/gran/sync/region granular hooke 1000 "
         "0.5 tangential linear_history 1 0.5 0.5 region lid",
         "fix wall/gran/sync/region/kk"},
        {"suffix off;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 1 0.5 0.5;"
         "suffix on;change_box all boundary p p f;fix floor all wall/gran/sync granular hooke 1000 0.5 tangential "
         "linear_history 1 0.5 0.5 zplane 0 NULL",
         "fix wall/gran/sync/kk"},
        {"suffix off;pair_style granular/sync;pair_coeff * * hooke 1000 0.5 tangential linear_history 1 0.5 0.5;"
         "suffix on;fix lid all wall/gran/sync/mesh granular hooke 1000 0.5 tangential linear_history 1 0.5 0.5 "
         "file gs_kokkos_lid.stl",
         "fix wall/gran/sync/mesh/kk"}};
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      char expected[200];
      kk = kk_open();
      gs_lines(kk, base);
      gs_lines(kk, cases[k][0]);
      gs_lines(kk, "fix integrate all nve/sphere/sync;compute d all dissipation/sync");
      msg = gs_cmd_error(kk, "run 1");
      snprintf(expected, sizeof expected, "compute dissipation/sync: %s does not accumulate dissipation", cases[k][1]);
      GS_CHECK(strstr(msg, expected) != NULL, "compute dissipation/sync with %s: '%s'", cases[k][1], msg);
      lammps_close(kk);
    }
    if (gs_rank() == 0) remove("gs_kokkos_lid.stl");
  }

  {
    void *plain = gs_lmp_open();
    gs_lines(plain, base);
    msg = gs_cmd_error(plain, "pair_style granular/sync/kk");
    GS_CHECK(strstr(msg, "requires Kokkos") != NULL || strstr(msg, "Kokkos") != NULL,
             "/kk style without Kokkos: '%s'", msg);
    /* the /kk fixes refuse before registering per-atom arrays: the instance goes on */
    msg = gs_cmd_error(plain, "fix integrate all nve/sphere/sync/kk");
    GS_CHECK(strstr(msg, "requires Kokkos") != NULL, "fix nve/sphere/sync/kk without Kokkos: '%s'", msg);
    msg = gs_cmd_error(plain, "fix floor all wall/gran/sync/kk granular hooke 1000 0.5 zplane 0 NULL");
    GS_CHECK(strstr(msg, "requires Kokkos") != NULL, "fix wall/gran/sync/kk without Kokkos: '%s'", msg);
    gs_cmd(plain, "region bowl sphere 0 0 0 3 side in units box");
    msg = gs_cmd_error(plain, "fix bowl all wall/gran/sync/region/kk granular hooke 1000 0.5 region bowl");
    GS_CHECK(strstr(msg, "requires Kokkos") != NULL, "fix wall/gran/sync/region/kk without Kokkos: '%s'", msg);
    gs_lines(plain, "pair_style zero 1.0;pair_coeff * *;fix integrate all nve/sphere/sync;run 10");
    GS_CHECK(lammps_get_natoms(plain) == 2.0, "and the instance runs on after those errors");
    lammps_close(plain);
  }
}

/* A box holding spheres, with a frictional region wall: a prism, whose surface the device does not
 * know, so the region wall (under -sf kk fix wall/gran/sync/region/kk) runs on the host and reads
 * the half-step records of the integrator, which the /kk twin writes on the device. */
static void bowl(void *lmp, const char *ordering)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -3 3 -3 3 -3 3;create_box 1 box;lattice sc 1.0 origin 0.5 0.5 0.5;"
                "region inside sphere 0 0 0 1.9 units box;create_atoms 1 region inside;set type 1 diameter 0.9;"
                "set group all density 1.0;velocity all create 0.5 4928459 dist gaussian loop geom;"
                "region bowl prism -2.0 2.1 -2.0 2.0 -2.0 2.0 0 0 0 side in units box");
  spheres_under_gravity(lmp, ordering, 100);
  gs_cmd(lmp, "fix bowl all wall/gran/sync/region granular " WALL_CASE_MODEL " region bowl ordering %s", ordering);
  count_contacts(lmp);
}

static void region(void)
{
  const char *orderings[2] = {"standard", "synchronized"};
  int o;
  for (o = 0; o < 2; o++) {
    void *cpu = gs_lmp_open(), *kk = kk_open();
    double state, contacts;
    bowl(cpu, orderings[o]);
    bowl(kk, orderings[o]);
    state = run_pair(cpu, kk, &contacts, NULL);
    GS_CHECK(state <= tolerance && contacts > 20, "region wall (host) with the /kk integrator, %-12s state %.1e, "
             "%.0f contact ends", orderings[o], state, contacts);
    lammps_close(cpu);
    lammps_close(kk);
  }
}

/* Region walls on the device (fix wall/gran/sync/region/kk) against the CPU fix, which asks the
 * LAMMPS region itself: every shape the device knows, both sides, open faces, x/y/z axes, move,
 * rotate and a changing shape. Spheres (d = 0.8, on a lattice inside `fill`) fall onto the walls
 * under gravity along `gravity` and collide. */
static const char *const region_cases[][5] = {
    /* label, variables, fill region, wall regions ('|'-separated), gravity */
    {"tilted plane", "", "block -2 2 -2 2 -1.5 0.5", "plane 0 0 -1.6 0.3 0.2 1", "0 0 -1"},
    {"plane side out, moving", "variable lift equal 0.2*sin(40*time)", "block -2 2 -2 2 -1.5 0.5",
     "plane 0 0 -1.6 0 0 -1 side out move NULL NULL v_lift", "0 0 -1"},
    {"block side in (corner)", "", "block -1.5 1.5 -1.5 1.5 -1.5 1.5", "block -2 2 -2 2 -2 3", "1 0.7 -1"},
    {"block side out on a floor", "", "block -2 2 -2 2 -0.3 1.5",
     "block -0.6 0.6 -0.6 0.6 -3 -0.5 side out|plane 0 0 -1.6 0 0 1", "0.2 0 -1"},
    {"sphere side in, growing", "variable rad equal 2.3+0.2*sin(30*time)", "sphere 0 0 0 1.8",
     "sphere 0 0 0 v_rad side in", "0.3 0.1 -1"},
    {"sphere side out on a floor", "", "block -2 2 -2 2 0.2 1.5", "sphere 0 0 -1 1.0 side out|plane 0 0 -1.6 0 0 1",
     "0.1 0 -1"},
    {"drum x, rotating", "variable theta equal 20*time", "cylinder x 0 0 1.8 -1.6 1.6",
     "cylinder x 0 0 2.2 -2 2 side in rotate v_theta 0 0 0 1 0 0", "0 0 -1"},
    {"cylinder y side out, open caps, growing", "variable rad equal 0.7+0.1*sin(30*time)", "block -2 2 -2 2 -0.5 1.5",
     "cylinder y 0 -1 v_rad -3 3 side out open 1 open 2|plane 0 0 -2.5 0 0 1", "0 0 -1"},
    {"hopper: cone z and cylinder, open", "", "cylinder z 0 0 1.8 -1 3",
     "cone z 0 0 0.8 2.2 -2 0 open 1 open 2|cylinder z 0 0 2.2 0 3.5 open 1 open 2", "0.1 0 -1"},
    {"cone x side out on a floor", "", "block -2 2 -2 2 1.3 2.6",
     "cone x 0 0 0.3 1.2 -2 2 side out|plane 0 0 -1.6 0 0 1", "0 0 -1"},
    {"closed cylinder z, moving and rotating", "variable lift equal 0.2*sin(30*time);variable theta equal 5*time",
     "cylinder z 0 0 1.6 -1.5 1.5", "cylinder z 0 0 2 -2 2 side in move NULL v_lift v_lift rotate v_theta 0.1 0 0 0 0.2 1",
     "0.2 0 -1"},
    {"funnel: cone y side in, open ends", "", "cylinder y 0 0 1.4 -1 1.5", "cone y 0 0 0.7 1.7 -2.5 2 side in open 1 open 2",
     "0.1 -1 0"},
    {"cone y side in, closed (on the host)", "", "cylinder y 0 0 1.4 -1 1.5", "cone y 0 0 0.8 1.7 -2 2 side in",
     "0.1 -1 0"},
    {"cylinder x side out on a floor", "", "block -2 2 -2 2 1.0 2.6", "cylinder x 0 0 0.7 -1.5 1.5 side out|plane 0 0 -1.6 0 0 1",
     "0.1 0.2 -1"},
};

/* the variables, wall regions and wall fixes (of `style`) of case k, as ';'-separated commands; the
 * wall numbered `skip` left out (-1: none) */
static void region_walls(char *out, size_t size, int k, const char *ordering, const char *style, int skip)
{
  char list[512], *wall, *next;
  size_t used;
  int n = 0;
  snprintf(out, size, "%s", region_cases[k][1]);
  snprintf(list, sizeof(list), "%s", region_cases[k][3]);
  for (wall = list; wall; wall = next) {
    next = strchr(wall, '|');
    if (next) *next++ = '\0';
    if (n == skip) {
      n++;
      continue;
    }
    used = strlen(out);
    snprintf(out + used, size - used, ";region wall%d %s units box;fix wall%d all %s granular " WALL_CASE_MODEL
             " region wall%d ordering %s contacts", n, wall, n, style, n, ordering);
    n++;
  }
}

/* case k with its walls of `style` but the one numbered `skip`; on 2 ranks split along x, across
 * which the grains move with their wall contacts */
static void region_scene(void *lmp, int k, const char *ordering, const char *style, int skip)
{
  char walls[2048];
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "processors * 1 1;region box block -4 4 -4 4 -4 4 units box;create_box 1 box;"
                "lattice sc 1.0 origin 0.5 0.5 0.5");
  gs_cmd(lmp, "region fill %s units box", region_cases[k][2]);
  gs_lines(lmp, "create_atoms 1 region fill;set type 1 diameter 0.8;set group all density 1.0;"
                "velocity all create 1.0 4928459 dist gaussian loop geom");
  spheres_under_gravity(lmp, ordering, 200);
  gs_cmd(lmp, "fix gravity all gravity 200 vector %s", region_cases[k][4]);
  region_walls(walls, sizeof(walls), k, ordering, style, skip);
  gs_lines(lmp, walls);
  count_contacts(lmp);
}

#define REGION_CASES ((int) (sizeof(region_cases) / sizeof(region_cases[0])))

/* case k on /kk after 300 steps */
static void *ran_region_scene(int k)
{
  void *lmp = kk_open();
  region_scene(lmp, k, "synchronized", "wall/gran/sync/region/kk", -1);
  gs_cmd(lmp, "run %d post no", steps(300));
  return lmp;
}

/* scene k of a list in one ordering, on the CPU styles */
typedef struct scene_case {
  int k;
  const char *ordering;
} scene_case;

static void build_region_scene(void *lmp, const void *scene)
{
  const scene_case *c = (const scene_case *) scene;
  region_scene(lmp, c->k, c->ordering, "wall/gran/sync/region", -1);
}

static void regions(void)
{
  const char *orderings[2] = {"standard", "synchronized"};
  const int restarted[2] = {6, 8}; /* the rotating drum, the hopper */
  int o, k;
  for (k = 0; k < REGION_CASES; k++)
    for (o = 0; o < 2; o++) {
      void *cpu = gs_lmp_open(), *kk = kk_open(), *bare = gs_lmp_open();
      output_watch watch = {{"wall0"}, 1, 8, {0}, 0.0};
      const scene_case scene = {k, orderings[o]};
      const int bed_horizon = horizon;
      double state, contacts, walls_acted;
      horizon = scene_horizon(build_region_scene, &scene, region_cases[k][0]);
      region_scene(cpu, k, orderings[o], "wall/gran/sync/region", -1);
      region_scene(kk, k, orderings[o], "wall/gran/sync/region/kk", -1);
      region_scene(bare, k, orderings[o], "wall/gran/sync/region", 0);
      state = run_pair(cpu, kk, &contacts, &watch);
      gs_cmd(bare, "run %d post no", steps(1000));
      walls_acted = gs_state_diff(kk, bare, 0);
      horizon = bed_horizon;
      GS_CHECK(state <= tolerance && walls_acted > 1e-3 && watch.worst <= tolerance && watch.most_touching[0] > 0,
               "%-42s %-12s state %.1e (without its first wall: %.1e); first wall's contacts output %.1e (up to %d "
               "touching)", region_cases[k][0], orderings[o], state, walls_acted, watch.worst, watch.most_touching[0]);
      lammps_close(cpu);
      lammps_close(kk);
      lammps_close(bare);
    }
  /* the faces' contact histories and the region's motion through a restart file */
  for (o = 0; o < 2; o++) {
    char walls[2048], setup[4096];
    void *writer = ran_region_scene(restarted[o]);
    double diff;
    region_walls(walls, sizeof(walls), restarted[o], "synchronized", "wall/gran/sync/region/kk", -1);
    snprintf(setup, sizeof(setup), "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;"
             "fix integrate all nve/sphere/sync;fix gravity all gravity 200 vector %s;%s", region_cases[restarted[o]][4],
             walls);
    diff = gs_restart_diff(writer, ran_region_scene(restarted[o]), kk_open(), "gs_kokkos_region.restart", setup, "",
                           steps(300), 1);
    GS_CHECK(diff <= tolerance, "%s: a /kk run continued from its restart file equals the unsplit run (max rel diff "
             "%.1e after %d steps)", region_cases[restarted[o]][0], diff, steps(300));
    lammps_close(writer);
  }
}

/* Mesh walls on the device (fix wall/gran/sync/mesh/kk) against the CPU fix: a box (corners:
 * three contacts at once), a rotating drum of 64 facets, a wiggled dome (edges and vertices) and
 * a translating floor (read as OFF); spheres as in the region cases. */
static const char *const mesh_cases[][4] = {
    /* label, fill region, wall fix keywords after the file, gravity */
    {"box, corner", "block -1.5 1.5 -1.5 1.5 -1.5 1.5", "gs_kokkos_box.stl scale 2", "1 0.7 -1"},
    {"drum z, rotating", "cylinder z 0 0 1.6 -1.5 1.5", "gs_kokkos_drum.stl offset 0 0 -1 flat 10 move rotate 0 0 0 "
     "0 0 1 v_omega", "1 0.3 0"},
    {"dome, wiggled", "block -2 2 -2 2 0.8 2.5", "gs_kokkos_dome.stl move wiggle 0 0 0.05 0.02", "0.2 0 -1"},
    {"floor, translating", "block -2 2 -2 2 -1 1", "gs_kokkos_floor.off offset 0 0 -1.6 move linear 0.5 0.2 0", "0 0 -1"},
};
#define MESH_CASES ((int) (sizeof(mesh_cases) / sizeof(mesh_cases[0])))

static double kk_dome(double x, double y)
{
  return 0.5 - 0.1 * (x * x + y * y);
}


static void write_meshes(void)
{
  static tri t[2 * 24 * 24];
  write_stl_ascii("gs_kokkos_box.stl", t, box_mesh(t));
  write_stl_binary("gs_kokkos_drum.stl", t, tessellated_cylinder(t, 2.05, 64));
  write_stl_ascii("gs_kokkos_dome.stl", t, height_field(t, -3.5, 3.5, -3.5, 3.5, 24, kk_dome));
  write_off("gs_kokkos_floor.off", t, height_field(t, -3.9, 3.9, -3.9, 3.9, 4, zero_height));
  MPI_Barrier(MPI_COMM_WORLD);
}

/* case k with its mesh wall of `style` (NULL: none) */
static void mesh_scene(void *lmp, int k, const char *ordering, const char *style)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "processors * 1 1;region box block -4 4 -4 4 -4 4 units box;create_box 1 box;"
                "lattice sc 1.0 origin 0.5 0.5 0.5;variable omega equal 20");
  gs_cmd(lmp, "region fill %s units box", mesh_cases[k][1]);
  gs_lines(lmp, "create_atoms 1 region fill;set type 1 diameter 0.8;set group all density 1.0;"
                "velocity all create 1.0 4928459 dist gaussian loop geom");
  spheres_under_gravity(lmp, ordering, 200);
  gs_cmd(lmp, "fix gravity all gravity 200 vector %s", mesh_cases[k][3]);
  if (style)
    gs_cmd(lmp, "fix mesh all %s granular " WALL_CASE_MODEL " file %s ordering %s contacts", style, mesh_cases[k][2],
           ordering);
  count_contacts(lmp);
}

/* case k on /kk after 900 steps: the grains lie on the mesh */
static void *ran_mesh_scene(int k)
{
  void *lmp = kk_open();
  mesh_scene(lmp, k, "synchronized", "wall/gran/sync/mesh/kk");
  gs_cmd(lmp, "run %d post no", steps(900));
  return lmp;
}

static void build_mesh_scene(void *lmp, const void *scene)
{
  const scene_case *c = (const scene_case *) scene;
  mesh_scene(lmp, c->k, c->ordering, "wall/gran/sync/mesh");
}

static void meshes(void)
{
  const char *orderings[2] = {"standard", "synchronized"};
  int o, k;
  write_meshes();
  for (k = 0; k < MESH_CASES; k++)
    for (o = 0; o < 2; o++) {
      void *cpu = gs_lmp_open(), *kk = kk_open(), *bare = gs_lmp_open();
      output_watch watch = {{"mesh"}, 1, 8, {0}, 0.0};
      const scene_case scene = {k, orderings[o]};
      const int bed_horizon = horizon;
      double state, contacts, mesh_acted;
      horizon = scene_horizon(build_mesh_scene, &scene, mesh_cases[k][0]);
      mesh_scene(cpu, k, orderings[o], "wall/gran/sync/mesh");
      mesh_scene(kk, k, orderings[o], "wall/gran/sync/mesh/kk");
      mesh_scene(bare, k, orderings[o], NULL);
      state = run_pair(cpu, kk, &contacts, &watch);
      gs_cmd(bare, "run %d post no", steps(1000));
      mesh_acted = gs_state_diff(kk, bare, 0);
      horizon = bed_horizon;
      GS_CHECK(state <= tolerance && mesh_acted > 1e-3 && watch.worst <= tolerance && watch.most_touching[0] > 0,
               "mesh %-20s %-12s state %.1e (without the mesh: %.1e); contacts output %.1e (up to %d touching)",
               mesh_cases[k][0], orderings[o], state, mesh_acted, watch.worst, watch.most_touching[0]);
      lammps_close(cpu);
      lammps_close(kk);
      lammps_close(bare);
    }
  /* the contacts' histories and the drum's motion through a restart file */
  {
    char setup[2048];
    void *writer = ran_mesh_scene(1);
    double diff;
    snprintf(setup, sizeof(setup), "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;"
             "fix integrate all nve/sphere/sync;fix gravity all gravity 200 vector %s;variable omega equal 20;"
             "fix mesh all wall/gran/sync/mesh/kk granular " WALL_CASE_MODEL " file %s ordering synchronized contacts",
             mesh_cases[1][3], mesh_cases[1][2]);
    diff = gs_restart_diff(writer, ran_mesh_scene(1), kk_open(), "gs_kokkos_mesh.restart", setup, "", steps(300), 1);
    GS_CHECK(diff <= tolerance, "%s: a /kk run continued from its restart file equals the unsplit run (max rel diff "
             "%.1e after %d steps)", mesh_cases[1][0], diff, steps(300));
    lammps_close(writer);
  }
  if (gs_rank() == 0) {
    remove("gs_kokkos_box.stl");
    remove("gs_kokkos_drum.stl");
    remove("gs_kokkos_dome.stl");
    remove("gs_kokkos_floor.off");
  }
}

/* A die of mdr grains (the spirit of LAMMPS' examples/granular/in.tableting.200, smaller and faster):
 * 63 spheres of diameters 1.6 to 2.1 mm, 7 layers of 9, with random velocities in a cylindrical die
 * (region wall), pressed by a punch (plane region wall) descending at 2.5 m/s, 4e-6 s steps;
 * adhesion between the grains, none with the walls; rolling resistance (oriented history). */
#define MDR_DIE_MODEL "mdr 5e6 0.4 1.9e5 %s 0.5 0.2 damping mdr 1 tangential linear_history 1571 1.0 %s rolling sds 1.9 0.0 0.6"

/* what a restart file of the die does not hold: neighbor settings, the punch and its motion, the walls,
 * the other fixes
 * (';'-separated commands, into setup) */
static void mdr_die_fixes(char *setup, size_t size, const char *ordering)
{
  char coeff[512];
  snprintf(coeff, sizeof(coeff), MDR_DIE_MODEL, "0", "0.1");
  snprintf(setup, size,
           "neighbor 1e-3 bin;neigh_modify every 1 delay 0 check yes;variable punch equal -2.5*time;"
           "region floor plane 0 0 0 0 0 1 side in units box;"
           "region punch plane 0 0 0.0165 0 0 -1 side in move NULL NULL v_punch units box;"
           "region die cylinder z 0 0 0.0043 -0.001 0.02 side in units box;"
           "fix floor all wall/gran/sync/region granular %s region floor contacts ordering %s;"
           "fix punch all wall/gran/sync/region granular %s region punch contacts ordering %s;"
           "fix die all wall/gran/sync/region granular %s region die ordering %s;"
           "fix integrate all nve/sphere/sync;fix gravity all gravity 9.81 vector 0 0 -1",
           coeff, ordering, coeff, ordering, coeff, ordering);
}

static void mdr_die(void *lmp, const char *ordering)
{
  gs_lines(lmp, "units si;atom_style sphere 1;atom_modify map array;comm_modify vel yes;newton off;boundary f f f;"
                "region box block -0.005 0.005 -0.005 0.005 -0.001 0.02;create_box 1 box;"
                "lattice sc 0.00215;region fill cylinder z 0 0 0.0031 0.001 0.016 units box;"
                "create_atoms 1 region fill;variable d atom 0.0016+0.0005*random(0,1,4711);set group all diameter v_d;"
                "set group all density 1560;variable vx atom 0.3*(random(0,1,17)-0.5);"
                "variable vy atom 0.3*(random(0,1,19)-0.5);variable vz atom 0.3*(random(0,1,23)-0.5);"
                "velocity all set v_vx v_vy v_vz;timestep 4e-6");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  {
    char coeff[512];
    snprintf(coeff, sizeof(coeff), MDR_DIE_MODEL, "2", "0.7");
    gs_cmd(lmp, "pair_coeff * * %s", coeff);
  }
  {
    char setup[4096];
    mdr_die_fixes(setup, sizeof(setup), ordering);
    gs_lines(lmp, setup);
  }
  count_contacts(lmp);
}

/* the die on /kk after 300 steps */
static void *ran_mdr_die(int kk)
{
  void *lmp = open_styles(kk);
  mdr_die(lmp, "synchronized");
  gs_cmd(lmp, "run %d post no", steps(300));
  return lmp;
}

/* largest relative difference of per-atom vectors (mdr's state, radius) of two runs */
static double vectors_diff(void *a, void *b, const char *const *names, int n)
{
  const int natoms = (int) lammps_get_natoms(a);
  double worst = 0.0, *va = (double *) malloc(sizeof(double) * (size_t) natoms),
         *vb = (double *) malloc(sizeof(double) * (size_t) natoms);
  int k;
  for (k = 0; k < n; k++) {
    lammps_gather(a, (char *) names[k], 1, 1, va);
    lammps_gather(b, (char *) names[k], 1, 1, vb);
    worst = fmax(worst, gs_maxrel(vb, va, natoms));
  }
  free(va);
  free(vb);
  return worst;
}

/* mdr on /kk against the CPU styles: the die pressed for 1000 steps, both orderings: the state,
 * the grains' mdr state and radii every 250 steps, and the walls' contacts outputs (with mdr's
 * contact area). That the model acts: grains yield and grow (largest radius over initial radius),
 * and the punch carries load. */
static void mdr(void)
{
  double allowed = tolerance;
  static const char *const state[] = {"radius", "d_Ro", "d_psi", "d_Acon1", "d_Atot", "d_Vgeo", "d_Velas",
                                      "d_sigmazz", "d_ddelta_bar", "d_dRavg"};
  const char *orderings[2] = {"standard", "synchronized"};
  int o;
  /* Several threads add mdr's per-atom sums and screening penalties atomically, in an order that
   * varies from run to run (as a GPU adds forces); the die amplifies that. Allowed: the CPU style's
   * own departure over the same 1000 steps when the positions move by about 5 ulp (1e-18 m), times
   * 100. One host thread adds in the CPU style's order: bitwise equal (1e-10 allowed); the
   * split-memory build's emulated GPU (GRANSYNC_KOKKOS_GPUS) may run its device on several. */
  if (strcmp(threads, "1") != 0 || gpu_atomics || getenv("GRANSYNC_KOKKOS_GPUS")) {
    void *a = gs_lmp_open(), *b = gs_lmp_open();
    double departure;
    mdr_die(a, "synchronized");
    mdr_die(b, "synchronized");
    gs_cmd(b, "displace_atoms all random 1e-18 1e-18 1e-18 4711 units box");
    departure = gs_run_diff_close(a, b, steps(1000), 1);
    allowed = fmax(tolerance, 100.0 * departure);
    if (gs_rank() == 0)
      printf("mdr die: the CPU style's own departure after 1000 steps from a 1e-18 m perturbation is %.1e; "
             "allowed %.1e\n", departure, allowed);
  }
  for (o = 0; o < 2; o++) {
    void *cpu = gs_lmp_open(), *kk = kk_open();
    output_watch watch = {{"floor", "punch"}, 2, 9, {0}, 0.0};
    double worst = 0.0, vectors = 0.0, contacts = 0.0, growth, load;
    int block;
    mdr_die(cpu, orderings[o]);
    mdr_die(kk, orderings[o]);
    gs_lines(kk, "variable ratio atom radius/d_Ro;compute growth all reduce max v_ratio;variable growth equal "
                 "c_growth;compute load all reduce sum f_punch[4];variable load equal c_load");
    for (block = 0; block < 4; block++) {
      gs_cmd(cpu, "run %d pre %s post no", steps(250), block ? "no" : "yes");
      gs_cmd(kk, "run %d pre %s post no", steps(250), block ? "no" : "yes");
      worst = fmax(worst, gs_state_diff(cpu, kk, 1));
      vectors = fmax(vectors, vectors_diff(cpu, kk, state, (int) (sizeof(state) / sizeof(state[0]))));
      watch_outputs(cpu, kk, &watch);
    }
    contacts = *(double *) lammps_extract_compute(kk, "ncontacts", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
    growth = gs_var(kk, "growth");
    load = gs_var(kk, "load");
    GS_CHECK(worst <= allowed && vectors <= allowed && watch.worst <= allowed && growth > 1.0 + 1e-6 &&
                 fabs(load) > 0.0 && watch.most_touching[1] > 0,
             "mdr die, %-12s: /kk equals the CPU styles: state %.1e, mdr state and radii %.1e, walls' contacts %.1e "
             "(%.0f contact ends, radii grown up to %.6f, punch load %.2e N, %d grains on it)",
             orderings[o], worst, vectors, watch.worst, contacts, growth, fabs(load), watch.most_touching[1]);
    lammps_close(cpu);
    lammps_close(kk);
  }
  /* the grains' mdr state (fix property/atom/kk), contact and wall histories through a restart file,
   * and across the CPU and /kk styles (fix property/atom without Kokkos) */
  {
    const int written_kk[3] = {1, 0, 1}, read_kk[3] = {1, 1, 0};
    char setup[4096];
    int k;
    mdr_die_fixes(setup, sizeof(setup), "synchronized");
    for (k = 0; k < 3; k++) {
      void *writer = ran_mdr_die(written_kk[k]), *reader = open_styles(read_kk[k]);
      double diff;
      gs_cmd(reader, "newton off"); /* mdr's (a restart file does not set it) */
      diff = gs_restart_diff(writer, ran_mdr_die(written_kk[k]), reader, "gs_kokkos_mdr.restart", setup, "", steps(300),
                             1);
      GS_CHECK(diff <= allowed, "mdr die: a %s run continued from the %s styles' restart file equals the unsplit "
               "run (max rel diff %.1e after 300 steps)", read_kk[k] ? "/kk" : "CPU", written_kk[k] ? "/kk" : "CPU",
               diff);
      lammps_close(writer);
    }
  }
}

/* compute pair/local after several runs: each run's setup restarts LAMMPS' neighbor build counter,
 * so two runs with as many builds each must not share the /kk style's host copy of the list */
static void pair_local(void)
{
  void *cpu = gs_lmp_open(), *kk = kk_open();
  int run, touching = 0;
  double worst = 0.0;
  full_model_bed(cpu);
  full_model_bed(kk);
  for (run = 0; run < 3; run++) {
    /* contact_table() runs 0 steps (one neighbor build) after these */
    gs_cmd(cpu, "run %d post no", steps(100 * run));
    gs_cmd(kk, "run %d post no", steps(100 * run));
    if (run) {
      gs_lines(cpu, "uncompute ids;uncompute forces");
      gs_lines(kk, "uncompute ids;uncompute forces");
    }
    worst = fmax(worst, contact_diff(cpu, kk, &touching));
  }
  GS_CHECK(worst <= tolerance && touching > 50, "compute pair/local on /kk after 3 runs equals the CPU style's: max "
           "rel diff %.1e (%d contacts sliding or sticking at the end)", worst, touching);
  lammps_close(cpu);
  lammps_close(kk);
}

/* The output cadence: each model family on the bed with a plane floor, a region post and a mesh
 * post (each wall with its contacts output and its energy in pe), integrated by fix nve/sphere/sync
 * or by LAMMPS' fix nve/sphere (nve/sphere/kk, whose kicks LAMMPS fuses across steps without
 * output unless the /kk styles keep them apart), with output every `every` steps: thermo with
 * pressure and energies, contacts, pair/local, per-atom stress, dump and restart files. LAMMPS
 * re-neighbors on every step it writes a restart file (Neighbor::decide()), which wraps atoms into
 * the box at other steps and so changes any style's trajectory at round-off level (CPU styles
 * alike); here it re-neighbors at every step, so restart files leave the schedule as it is. */
static const char *const cadence_models[][2] = {
    {"hooke", "hooke 1000 0.7 damping coeff_restitution tangential linear_history 800 0.5 0.5"},
    {"hertz", "hertz 2e4 20 damping mass_velocity tangential mindlin_rescale 1.5e4 0.5 0.5 rolling sds 200 0.05 0.1 "
              "twisting sds 100 0.05 0.1"},
    {"hertz/material", "hertz/material 1e5 0.6 0.3 damping tsuji tangential mindlin NULL 1.0 0.4 rolling sds 200 0.05 "
                       "0.1 twisting marshall"},
    {"jkr", "jkr 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5 rolling sds 200 0.05 0.1 twisting "
            "marshall"}};
#define CADENCE_MODELS ((int) (sizeof(cadence_models) / sizeof(cadence_models[0])))

static void *cadence_run(const char *model, int stock_integrator, int every)
{
  void *lmp = kk_open();
  bed(lmp, "synchronized", model, model, model);
  if (stock_integrator) gs_lines(lmp, "unfix integrate;fix integrate all nve/sphere");
  gs_lines(lmp, "neigh_modify every 1 delay 0 check no;region post cylinder z 2.5 2.5 0.23 INF INF side out units box");
  gs_cmd(lmp, "fix post all wall/gran/sync/region granular %s region post ordering synchronized contacts", model);
  gs_cmd(lmp, "fix mesh all wall/gran/sync/mesh granular %s file gs_kokkos_post.stl offset 1.5 0.5 0.5 ordering "
         "synchronized contacts", model);
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify post energy yes;fix_modify mesh energy yes;"
                "compute pl all pair/local p4 p8 p9;compute spl all reduce sum c_pl[1] inputs local;"
                "compute sa all stress/atom NULL;compute ssa all reduce sum c_sa[1];"
                "compute on_post all reduce sum f_post[1];compute on_mesh all reduce sum f_mesh[1];"
                "variable on_post equal c_on_post;variable on_mesh equal c_on_mesh;"
                "thermo_style custom step c_ncontacts c_spl c_ssa c_on_post c_on_mesh pe ke press");
  gs_cmd(lmp, "thermo %d", every);
  gs_cmd(lmp, "dump d all custom %d gs_kokkos_cadence.%d.dump id x y z vx vy vz fx fy fz omegax tqx", every, every);
  gs_cmd(lmp, "restart %d gs_kokkos_cadence.%d.a gs_kokkos_cadence.%d.b", every, every, every);
  gs_cmd(lmp, "run %d post no", steps(1000));
  return lmp;
}

static void cadence(void)
{
  static tri post[2 * 4 * 12];
  /* bitwise where forces are summed in a fixed order: not on a GPU, nor on the split-memory build's
   * emulated device with several threads, whose walls add with atomics as a GPU does (there 1e-10,
   * as on a GPU; one thread and the CPU threads of the normal build stay bitwise) */
  const int summed_in_fixed_order = !gpu_atomics && !(getenv("GRANSYNC_KOKKOS_GPUS") && strcmp(threads, "1") != 0);
  int k, stock;
  write_stl_ascii("gs_kokkos_post.stl", post, tessellated_cylinder(post, 0.23, 12));
  MPI_Barrier(MPI_COMM_WORLD);
  for (k = 0; k < CADENCE_MODELS; k++)
    for (stock = 0; stock < 2; stock++) {
      void *often = cadence_run(cadence_models[k][1], stock, 10), *rarely = cadence_run(cadence_models[k][1], stock, 1000);
      const double diff = gs_state_diff(often, rarely, 1);
      const double on_post = gs_var(rarely, "on_post"), on_mesh = gs_var(rarely, "on_mesh");
      GS_CHECK(diff <= (summed_in_fixed_order ? 0.0 : tolerance) && on_post > 0 && on_mesh > 0,
               "%s, fix %s: output every 10 and every 1000 steps, /kk runs end bitwise equal after %d steps (max rel "
               "diff %.1e; %.0f grains on the region post, %.0f on the mesh post)", cadence_models[k][0],
               stock ? "nve/sphere" : "nve/sphere/sync", steps(1000), diff, on_post, on_mesh);
      lammps_close(often);
      lammps_close(rarely);
    }
}

/* Stored energy on /kk: the full-model bed with its floor and a post (a region wall on the
 * device), both walls in pe with fix_modify energy yes; pe, the pair's and the walls' energies and
 * pe/atom equal the CPU styles' after 300 steps with energies asked every 50 */
static void energy_bed(void *lmp)
{
  full_model_bed(lmp);
  gs_lines(lmp, "region post cylinder z 2.5 2.5 0.23 INF INF side out units box");
  gs_lines(lmp, "fix post all wall/gran/sync/region granular " WALL_CASE_MODEL " region post ordering synchronized");
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify post energy yes;compute pairpe all pair granular/sync;"
                "compute atompe all pe/atom;compute sumpe all reduce sum c_atompe;"
                "thermo_style custom step pe c_pairpe f_floor f_post c_sumpe;thermo_modify norm no;"
                "thermo 50;variable pe equal pe;variable pairpe equal c_pairpe;variable floor equal f_floor;"
                "variable post equal f_post;run 300 post no");
}

static void energy(void)
{
  void *cpu = gs_lmp_open(), *kk = kk_open();
  const char *names[] = {"pe", "pairpe", "floor", "post"};
  double worst = 0.0, state, *atom_cpu, *atom_kk, values[4];
  int k, natoms;
  energy_bed(cpu);
  energy_bed(kk);
  natoms = (int) lammps_get_natoms(cpu);
  for (k = 0; k < 4; k++) {
    const double a = gs_var(cpu, names[k]), b = gs_var(kk, names[k]);
    values[k] = a;
    worst = fmax(worst, fabs(a - b) / fabs(a));
  }
  atom_cpu = (double *) malloc(sizeof(double) * (size_t) natoms);
  atom_kk = (double *) malloc(sizeof(double) * (size_t) natoms);
  lammps_gather(cpu, "c_atompe", 1, 1, atom_cpu);
  lammps_gather(kk, "c_atompe", 1, 1, atom_kk);
  worst = fmax(worst, gs_maxrel(atom_kk, atom_cpu, natoms));
  state = gs_state_diff(cpu, kk, 1);
  GS_CHECK(worst <= tolerance && state <= tolerance && values[1] > 0.0 && values[2] > 0.0 && values[3] > 0.0,
           "stored energy on /kk: pe %.10g (pair %.10g, floor %.10g, post %.10g) and pe/atom equal the CPU styles' "
           "(max rel diff %.1e; state %.1e)", values[0], values[1], values[2], values[3], worst, state);
  free(atom_cpu);
  free(atom_kk);
  lammps_close(cpu);
  lammps_close(kk);
}

/* scheme consistent (the dashpots' velocities at t+dt, predicted on the device and sent to ghosts):
 * the /kk styles equal the CPU styles on the full-model bed with a floor, a wiggled wall and a
 * region bowl; a scheme that is not passed on (the models' or the fix's) shows as a difference in
 * every damped contact */
static void scheme(void)
{
  /* one model for every type pair: the kernel compiled for it */
  const char *compiled = "hooke 1000 0.5 damping coeff_restitution tangential linear_history 800 0.5 0.5";
  int c;
  for (c = 0; c < 4; c++) {
    void *cpu = gs_lmp_open(), *kk = kk_open();
    double state, contacts;
    const char *what[4] = {"full-model bed", "compiled-model bed", "wiggled wall", "region bowl"};
    integrate_keywords = " scheme consistent";
    if (c == 0) {
      full_model_bed(cpu);
      full_model_bed(kk);
    } else if (c == 1) {
      bed(cpu, "synchronized", compiled, compiled, compiled);
      bed(kk, "synchronized", compiled, compiled, compiled);
    } else if (c == 2) {
      wall_box(cpu, "synchronized", "zplane 0.0 NULL wiggle x 0.1 0.02");
      wall_box(kk, "synchronized", "zplane 0.0 NULL wiggle x 0.1 0.02");
    } else {
      bowl(cpu, "synchronized");
      bowl(kk, "synchronized");
    }
    state = run_pair(cpu, kk, &contacts, NULL);
    GS_CHECK(state <= tolerance && contacts > (c == 3 ? 20 : 50), "scheme consistent, %s: state %.1e, %.0f contact ends",
             what[c], state, contacts);
    if (c < 2) {
      /* the same bed with scheme verlet on the CPU differs: the scheme acts */
      void *verlet = gs_lmp_open();
      double contacts_verlet, differs;
      integrate_keywords = "";
      if (c == 0) full_model_bed(verlet);
      else bed(verlet, "synchronized", compiled, compiled, compiled);
      differs = run_pair(verlet, kk, &contacts_verlet, NULL);
      GS_CHECK(differs > 1e3 * tolerance, "scheme consistent, %s: differs from verlet by %.1e", what[c], differs);
      lammps_close(verlet);
    }
    lammps_close(cpu);
    lammps_close(kk);
  }
  /* The beds above record the half step in the kick; an integrator defined after fix
   * nve/sphere/sync (here one on no atoms) moves the records to post_integrate(), on the device as
   * on the CPU. */
  for (c = 0; c < 2; c++) {
    void *cpu = gs_lmp_open(), *kk = kk_open();
    double state, contacts;
    integrate_keywords = c ? " scheme consistent" : "";
    bed(cpu, "synchronized", compiled, compiled, compiled);
    bed(kk, "synchronized", compiled, compiled, compiled);
    gs_lines(cpu, "group nobody id 0;fix late nobody nve/noforce");
    gs_lines(kk, "group nobody id 0;fix late nobody nve/noforce");
    state = run_pair(cpu, kk, &contacts, NULL);
    GS_CHECK(state <= tolerance && contacts > 50, "scheme %s, records written after a later integrator: state %.1e, "
             "%.0f contact ends", c ? "consistent" : "verlet", state, contacts);
    lammps_close(cpu);
    lammps_close(kk);
  }
  integrate_keywords = "";
}

/* `lists levels` on /kk (the own list, built on the device) against the CPU style's own list,
 * which has the same rows in the same order: as close as /kk and CPU on LAMMPS' lists (1000 steps,
 * run_pair()); and against /kk on LAMMPS' lists, the same pairs in another order, so the runs differ
 * by round-off only: within the horizon where the LAMMPS-list run's own departure from a 1e-15
 * perturbation of the velocities stays 100 times below the tolerance (checked: 150 steps here,
 * re-neighboring when LAMMPS decides, about every 10 steps). Models with history, without
 * (linear_nohistory: no history fix, the rows read directly) and acting beyond touching (jkr), both
 * orderings, exclusions by type and by group, radii grown by fix adapt at the run's setup; then contact
 * history through a restart file. */
static void lists(void)
{
  /* name, model, what comes before the run (an exclusion: a group one given after a run with another,
   * which the lists must not keep; fix adapt), the atom style (sphere 1 where radii change) */
  static const char *const cases[][4] = {
      {"hertz/material, rolling, twisting", WALL_CASE_MODEL, "", "sphere"},
      {"hooke, linear_nohistory", "hooke 2e4 0.5 damping coeff_restitution tangential linear_nohistory 1.0 0.5", "", "sphere"},
      {"jkr", "jkr 3e4 0.02 0.3 5 damping velocity tangential mindlin NULL 0.5 0.5 rolling sds 200 0.05 0.1 "
              "twisting marshall", "", "sphere"},
      {"hertz/material, neigh_modify exclude type 1 1", WALL_CASE_MODEL, "neigh_modify exclude type 1 1", "sphere"},
      {"hertz/material, neigh_modify exclude group, changed since a run", WALL_CASE_MODEL,
       "neigh_modify exclude group frozen large;run 0 post no;neigh_modify exclude none;"
       "neigh_modify exclude group large large", "sphere"},
      /* grown at the run's setup (by 0.04, below the skin), after the history went over to the setup
       * build's rows; 250 steps before: contacts with history, within the horizon below */
      {"hertz/material, radii grown by fix adapt at a run's setup", WALL_CASE_MODEL,
       "run 250 post no;variable d equal 1.02;fix grow large adapt 1 atom diameter v_d reset yes", "sphere 1"}};
  const int near = steps(150);
  char setup[1024];
  void *writer, *reference, *reader;
  double diff;
  int k, o;
  for (k = 0; k < (int) (sizeof(cases) / sizeof(cases[0])); k++)
    for (o = 0; o < 2; o++) {
      const char *ordering = o ? "standard" : "synchronized", *model = cases[k][1];
      const char *exclude = cases[k][2];
      bed_atom_style = cases[k][3];
      void *cpu = gs_lmp_open(), *kk = kk_open(), *kk_lammps = kk_open(), *perturbed = kk_open();
      double state, contacts, own, horizon_own;
      pair_lists = "levels";
      bed(cpu, ordering, model, model, model);
      bed(kk, ordering, model, model, model);
      pair_lists = "lammps";
      bed(kk_lammps, ordering, model, model, model);
      bed(perturbed, ordering, model, model, model);
      gs_perturb_velocities(perturbed);
      gs_lines(cpu, exclude);
      gs_lines(kk, exclude);
      gs_lines(kk_lammps, exclude);
      gs_lines(perturbed, exclude);
      gs_cmd(kk_lammps, "run %d post no", near);
      gs_cmd(perturbed, "run %d post no", near);
      gs_cmd(kk, "run %d post no", near);
      own = gs_state_diff(kk_lammps, kk, 1);
      horizon_own = gs_state_diff(kk_lammps, perturbed, 1);
      GS_CHECK(horizon_own <= 0.01 * tolerance, "%s, %s: horizon of %d steps: LAMMPS' lists' own departure from a "
               "1e-15 perturbation %.1e", cases[k][0], ordering, near, horizon_own);
      GS_CHECK(own <= tolerance, "%s, %s: /kk lists levels equals /kk on LAMMPS' lists after %d steps: max rel diff "
               "%.1e", cases[k][0], ordering, near, own);
      if (*exclude) {
        void *unexcluded = kk_open();
        double acts;
        bed(unexcluded, ordering, model, model, model);
        gs_cmd(unexcluded, "run %d post no", near);
        acts = gs_state_diff(kk_lammps, unexcluded, 0);
        GS_CHECK(acts > 1e-6, "%s, %s: '%s' changes the run (by %.1e)", cases[k][0], ordering, exclude, acts);
        lammps_close(unexcluded);
      }
      lammps_close(kk);
      kk = kk_open();
      pair_lists = "levels";
      bed(kk, ordering, model, model, model);
      gs_lines(kk, exclude);
      pair_lists = "lammps";
      state = run_pair(cpu, kk, &contacts, NULL);
      GS_CHECK(state <= tolerance && contacts > (*exclude ? 5 : 50), "%s, %s: /kk lists levels equals the CPU style's: state %.1e after "
               "%d steps, %.0f contacts", cases[k][0], ordering, state, steps(1000), contacts);
      lammps_close(cpu);
      lammps_close(kk);
      lammps_close(kk_lammps);
      lammps_close(perturbed);
    }

  bed_atom_style = "sphere";

  /* LAMMPS' ghosts cut by size on /kk: neighbor multi and comm_modify mode multi with the own lists
   * (LAMMPS builds no list for them, so its KOKKOS package's bin-only rule does not bind; it does its
   * border communication on the host then), within the horizon checked above for this bed */
  for (o = 0; o < 2; o++) {
    const char *ordering = o ? "standard" : "synchronized";
    void *single = kk_open(), *multi = kk_open();
    double ghosts_single, ghosts_multi;
    pair_lists = "levels";
    bed(single, ordering, WALL_CASE_MODEL, WALL_CASE_MODEL, WALL_CASE_MODEL);
    bed(multi, ordering, WALL_CASE_MODEL, WALL_CASE_MODEL, WALL_CASE_MODEL);
    pair_lists = "lammps";
    gs_lines(multi, "neighbor 0.05 multi;comm_modify mode multi");
    gs_cmd(single, "run %d post no", near);
    gs_cmd(multi, "run %d post no", near);
    diff = gs_state_diff(single, multi, 1);
    ghosts_single = gs_ghosts(single);
    ghosts_multi = gs_ghosts(multi);
    GS_CHECK(ghosts_multi < 0.9 * ghosts_single, "/kk lists levels, %s: comm_modify mode multi cuts the ghosts (%.0f, "
             "%.0f without)", ordering, ghosts_multi, ghosts_single);
    GS_CHECK(diff <= tolerance, "/kk lists levels, %s: with neighbor multi and comm_modify mode multi equals neighbor "
             "bin after %d steps: max rel diff %.1e", ordering, near, diff);
    lammps_close(single);
    lammps_close(multi);
  }

  snprintf(setup, sizeof(setup), "pair_style granular/sync lists levels;neighbor 0.05 bin;"
           "neigh_modify every 1 delay 0 check yes;fix integrate all nve/sphere/sync;fix freeze frozen freeze;"
           "fix gravity all gravity 60 vector 0 0 -1;"
           "fix floor all wall/gran/sync granular %s zplane -0.5 NULL ordering synchronized", WALL_CASE_MODEL);
  pair_lists = "levels";
  writer = ran_restart_bed(kk_open(), WALL_CASE_MODEL, WALL_CASE_MODEL);
  reference = ran_restart_bed(kk_open(), WALL_CASE_MODEL, WALL_CASE_MODEL);
  pair_lists = "lammps";
  reader = kk_open();
  diff = gs_restart_diff(writer, reference, reader, "gs_kokkos_lists.restart", setup, "", steps(300), 1);
  GS_CHECK(diff <= tolerance, "/kk lists levels continued from its restart file equals the unsplit run: max rel diff "
           "%.1e after %d steps", diff, steps(300));
  lammps_close(writer);
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  if (argc < 3) {
    fprintf(stderr, "usage: test_kokkos <threads> models all|cover | walls | three_sphere | errors | restart | "
                    "partners | region | regions | extra | pair_local | cadence | heat | mdr | energy | scheme | mesh | lists\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  snprintf(threads, sizeof(threads), "%s", argv[1]);
  if (getenv("GRANSYNC_KOKKOS_COMM")) comm = getenv("GRANSYNC_KOKKOS_COMM");
  if (getenv("GRANSYNC_KOKKOS_NEWTON")) newton = getenv("GRANSYNC_KOKKOS_NEWTON");
  calibrate_gpu_horizon();
  if (strcmp(argv[2], "models") == 0)
    models(argc > 3 && strcmp(argv[3], "all") == 0);
  else if (strcmp(argv[2], "walls") == 0)
    walls();
  else if (strcmp(argv[2], "three_sphere") == 0)
    three_sphere();
  else if (strcmp(argv[2], "errors") == 0)
    errors();
  else if (strcmp(argv[2], "restart") == 0)
    restart();
  else if (strcmp(argv[2], "partners") == 0)
    partners();
  else if (strcmp(argv[2], "region") == 0)
    region();
  else if (strcmp(argv[2], "regions") == 0)
    regions();
  else if (strcmp(argv[2], "extra") == 0)
    extra();
  else if (strcmp(argv[2], "pair_local") == 0)
    pair_local();
  else if (strcmp(argv[2], "cadence") == 0)
    cadence();
  else if (strcmp(argv[2], "heat") == 0)
    heat();
  else if (strcmp(argv[2], "mdr") == 0)
    mdr();
  else if (strcmp(argv[2], "energy") == 0)
    energy();
  else if (strcmp(argv[2], "scheme") == 0)
    scheme();
  else if (strcmp(argv[2], "mesh") == 0)
    meshes();
  else if (strcmp(argv[2], "lists") == 0)
    lists();
  else {
    fprintf(stderr, "test_kokkos: unknown mode '%s'\n", argv[2]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
