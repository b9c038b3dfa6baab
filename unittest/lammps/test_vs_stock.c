/* SPDX-License-Identifier: GPL-2.0-or-later
 * `pair_style granular/sync ordering standard lists lammps` (LAMMPS' lists, as stock's) against stock
 * `pair_style granular`, run side by side in one process: a polydisperse (size ratio 10) frictional bed under gravity with re-neighboring,
 * per-atom forces and torques compared by atom ID every 250 steps for 1000 steps.
 *
 * Rolling and twisting combinations run on a neighbor list built once (skin covering the motion):
 * stock fix neigh/history negates all history when a contact changes sides on re-neighboring, but
 * rolling and twisting histories do not change sign under i <-> j (see unittest/core/test_contact.c,
 * test_pair_swap), so there gransync deliberately differs from stock once pairs are re-listed.
 *
 * usage: test_vs_stock [all|cover|cohesive|classic|heat|mdr] [on|off] [tiled]
 *   all:      every normal x damping x tangential x rolling x twisting combination both styles support
 *   cover:    a subset in which every sub-model appears with every other sub-model kind at least once
 *   cohesive: dmt and jkr with each damping stock allows with cohesion and each tangential model
 *   classic:  linear_history_classic and mindlin_classic with each normal and damping model
 *   heat:     heat area, radius and none with each normal model: per-atom temperature (fix
 *             property/atom, a gradient in height), fix heat/flow; temperatures and heat flows
 *             compared too
 *   mdr:      mdr with both damping types, with and without adhesion, three tangential models
 *             (newton off, as both require; dynamic radii); the grains' mdr state (radius, psi,
 *             Velas, sigma_zz, Acon0) compared too. Stock runs its fix granular/mdr from the test
 *             plugin GRANSYNC_STOCK_MDR_PLUGIN (unittest/CMakeLists.txt) where that is set.
 *   tiled:    comm_style tiled, the ranks' boxes cut by recursive bisection before the run and, where
 *             the pairs are re-listed, every 50 steps (fix balance rcb): contact history migrates
 *             with atoms whose owner changes (newton off: LAMMPS' tiled communication cannot return
 *             ghosts' contacts, which both styles refuse)
 */
#include "gs_check.h"
#include "gs_combos.h"
#include "gs_lmp.h"

#include <math.h>

#define TOLERANCE 1e-10

static int heat_mode = 0; /* the bed carries temperatures and conducts heat */
static int mdr_mode = 0;  /* the bed's radii are dynamic and its grains carry mdr state */
static int tiled_mode = 0; /* comm_style tiled, balanced by recursive bisection */

/* The bed: a frozen bottom layer and 3 free layers of d = 1 spheres, 150 d = 0.1 spheres poured in. */
static void setup(void *lmp, const char *newton, const char *pair_style, const char *coeff1, const char *coeff2,
                  int relist)
{
  gs_bed_atoms_style(lmp, newton, mdr_mode ? "sphere 1" : "sphere");
#ifdef GRANSYNC_STOCK_MDR_PLUGIN
  if (mdr_mode && strcmp(pair_style, "pair_style granular") == 0 && GRANSYNC_STOCK_MDR_PLUGIN[0])
    gs_cmd(lmp, "plugin load %s", GRANSYNC_STOCK_MDR_PLUGIN);
#endif
  gs_cmd(lmp, "%s", pair_style);
  if (mdr_mode) { /* stock takes one mdr model for all types only */
    gs_cmd(lmp, "pair_coeff * * %s", coeff1);
  } else {
    gs_cmd(lmp, "pair_coeff 1 1 %s", coeff1);
    gs_cmd(lmp, "pair_coeff 2 2 %s", coeff2);
  }
  if (relist) {
    gs_cmd(lmp, "neighbor 0.05 bin");
    gs_cmd(lmp, "neigh_modify every 1 delay 0 check yes");
  } else {
    gs_cmd(lmp, "neighbor 0.6 bin");
    gs_cmd(lmp, "neigh_modify once yes");
  }
  if (tiled_mode) {
    gs_lines(lmp, "comm_style tiled;balance 1.0 rcb");
    if (relist) gs_cmd(lmp, "fix balance all balance 50 1.05 rcb");
  }
  if (heat_mode)
    gs_lines(lmp, "fix temperatures all property/atom temperature heatflow;variable t0 atom 1.0+0.5*z;"
                  "set group all temperature v_t0;fix conduct all heat/flow constant 0.05");
  gs_cmd(lmp, "fix integrate all nve/sphere");
  gs_cmd(lmp, "fix freeze floor freeze");
  gs_cmd(lmp, "fix gravity all gravity 60 vector 0 0 -1");
  gs_cmd(lmp, "fix reflect all wall/reflect zlo EDGE");
  gs_cmd(lmp, "timestep 1e-4");
  gs_cmd(lmp, "compute contacts all contact/atom");
  gs_cmd(lmp, "compute ncontacts all reduce sum c_contacts");
  gs_cmd(lmp, "thermo_style custom step c_ncontacts");
}

/* the bed with pair_coeff 1 1 c1 and 2 2 c2 (1 2 mixed) */
static int run_words(const char *newton, const char *c1, const char *c2, int relist)
{
  char label[640];
  void *stock = gs_lmp_open(), *sync = gs_lmp_open();
  double worst = 0.0, contacts, heat_moved = 0.0, *t_start = NULL, mdr_psi_min = 1.0;
  int block, natoms;
  snprintf(label, sizeof(label), "newton %s, %s: %s", newton, relist ? "re-listed" : "list once", c1);
  setup(stock, newton, "pair_style granular", c1, c2, relist);
  setup(sync, newton, "pair_style granular/sync ordering standard lists lammps", c1, c2, relist);
  natoms = (int) lammps_get_natoms(stock);
  if (heat_mode) t_start = gs_gather(sync, "temperature", 1);
  for (block = 0; block < 4; block++) {
    double *fs, *fy, *ts, *ty, rel;
    /* later blocks continue without a new setup, which would re-list the pairs */
    gs_cmd(stock, "run 250 pre %s post no", block ? "no" : "yes");
    gs_cmd(sync, "run 250 pre %s post no", block ? "no" : "yes");
    fs = gs_gather3(stock, "f");
    fy = gs_gather3(sync, "f");
    ts = gs_gather3(stock, "torque");
    ty = gs_gather3(sync, "torque");
    rel = gs_maxrel(fy, fs, 3 * natoms);
    if (rel > worst) worst = rel;
    rel = gs_maxrel(ty, ts, 3 * natoms);
    if (rel > worst) worst = rel;
    free(fs);
    free(fy);
    free(ts);
    free(ty);
    if (mdr_mode) {
      static const char *const state[] = {"radius", "d_psi", "d_Velas", "d_sigmazz", "d_Acon0"};
      size_t v;
      for (v = 0; v < sizeof(state) / sizeof(state[0]); v++) {
        double *a = gs_gather(stock, state[v], 1), *b = gs_gather(sync, state[v], 1);
        rel = gs_maxrel(b, a, natoms);
        if (rel > worst) worst = rel;
        if (v == 1) {
          int i;
          for (i = 0; i < natoms; i++) mdr_psi_min = fmin(mdr_psi_min, b[i]);
        }
        free(a);
        free(b);
      }
    }
    if (heat_mode) {
      double *temp_s = gs_gather(stock, "temperature", 1), *temp_y = gs_gather(sync, "temperature", 1);
      double *q_s = gs_gather(stock, "heatflow", 1), *q_y = gs_gather(sync, "heatflow", 1);
      int i;
      /* stock's `heat none` adds an uninitialized value (GranularModel::dq) to heatflow: there
       * only gransync's temperatures are checked, which must not move */
      if (!strstr(c1, "heat none")) {
        rel = gs_maxrel(temp_y, temp_s, natoms);
        if (rel > worst) worst = rel;
        rel = gs_maxrel(q_y, q_s, natoms);
        if (rel > worst) worst = rel;
      }
      heat_moved = 0.0;
      for (i = 0; i < natoms; i++) heat_moved = fmax(heat_moved, fabs(temp_y[i] - t_start[i]));
      free(temp_s);
      free(temp_y);
      free(q_s);
      free(q_y);
    }
  }
  free(t_start);
  {
    double *sum = (double *) lammps_extract_compute(sync, "ncontacts", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
    contacts = sum ? *sum : 0.0;
  }
  {
    /* virial: the pressure of the last step */
    const double ps = lammps_get_thermo(stock, "press"), py = lammps_get_thermo(sync, "press");
    const double rel = fabs(py - ps) / (fabs(ps) > 0 ? fabs(ps) : 1.0);
    if (rel > worst || py != py) worst = py != py ? 1e300 : rel;
  }
  if (mdr_mode)
    GS_CHECK(worst <= TOLERANCE && contacts > 100 && mdr_psi_min < 0.95,
             "%-140s forces, torques, press, radius, psi, Velas, sigma_zz, Acon0: max rel diff %.2e over 1000 steps, "
             "%.0f contacts at the end, smallest free surface fraction %.3f", label, worst, contacts, mdr_psi_min);
  else if (heat_mode)
    GS_CHECK(worst <= TOLERANCE && contacts > 100 && (strstr(c1, "heat none") ? heat_moved == 0.0 : heat_moved > 1e-3),
             "%-140s forces, torques, press, temperatures, heat flows: max rel diff %.2e over 1000 steps, %.0f contacts "
             "at the end, largest temperature change %.2g", label, worst, contacts, heat_moved);
  else
    GS_CHECK(worst <= TOLERANCE && contacts > 100,
             "%-140s forces, torques, press: max rel diff %.2e over 1000 steps, %.0f contacts at the end", label, worst,
             contacts);
  lammps_close(stock);
  lammps_close(sync);
  return worst <= TOLERANCE;
}

static int run_combo(const char *newton, int n, int d, int t, int r, int w)
{
  char c1[512], c2[512];
  gs_model_words(c1, sizeof(c1), n, d, t, r, w, 1.0);
  gs_model_words(c2, sizeof(c2), n, d, t, r, w, 0.8);
  return run_words(newton, c1, c2, r == 0 && w == 0);
}

/* dmt and jkr cohesion with every damping stock allows with it and every tangential model (numeric kt:
 * with kt NULL gransync mixes unlike types' shear moduli on purpose, doc/ordering.md). Cohesion
 * (surface energy 5, 2 for type 2) makes the fines stick to the large grains and to each other:
 * pull-off 4 pi gamma R* against weights of 0.03 (fines) to 30 (large grains). */
static void cohesive(const char *newton)
{
  static const char *const dampings[] = {"velocity", "mass_velocity", "viscoelastic"};
  static const char *const damps[] = {"0.02", "20", "200"};
  static const char *const normals[] = {"dmt", "jkr"};
  int n, d, t;
  for (n = 0; n < 2; n++)
  for (d = 0; d < 3; d++)
    for (t = 0; t < GS_COMBO_TANGENTIALS; t++) {
      char c1[512], c2[512], tangential[2][128];
      int s;
      for (s = 0; s < 2; s++) {
        const double f = s ? 0.8 : 1.0;
        if (t == 0)
          snprintf(tangential[s], sizeof(tangential[s]), "linear_nohistory %g %g", 0.5 * f, 0.5 * f);
        else if (t == 1)
          snprintf(tangential[s], sizeof(tangential[s]), "linear_history %g %g %g", 800.0 * f, 0.5 * f, 0.5 * f);
        else
          snprintf(tangential[s], sizeof(tangential[s]), "%s %g %g %g", gs_combo_tangentials[t], 1.5e4 * f, 0.5 * f,
                   0.5 * f);
      }
      snprintf(c1, sizeof(c1), "%s 3e4 %s 0.3 5 damping %s tangential %s%s", normals[n], damps[d], dampings[d],
               tangential[0], t == 2 ? " rolling sds 200 0.05 0.1 twisting marshall" : "");
      snprintf(c2, sizeof(c2), "%s 2.4e4 %s 0.25 2 damping %s tangential %s%s", normals[n], damps[d], dampings[d],
               tangential[1], t == 2 ? " rolling sds 160 0.04 0.08 twisting marshall" : "");
      run_words(newton, c1, c2, t != 2);
    }
}

/* the classic tangential models (gran/hooke/history, gran/hertz/history order of operations) with
 * every normal and damping model; rolling and twisting on a list built once */
static void classic(const char *newton)
{
  static const char *const tangentials[] = {"linear_history_classic", "mindlin_classic"};
  int n, d, t;
  for (n = 0; n < GS_COMBO_NORMALS; n++)
    for (d = 0; d < GS_COMBO_DAMPINGS; d++)
      for (t = 0; t < 2; t++) {
        char c1[1024], c2[1024], w1[512], w2[512], *tail;
        const int spin = (n + d + t) % 3 == 0;
        /* the sub-model words of the sweep, with its tangential model replaced */
        gs_model_words(w1, sizeof(w1), n, d, 1, spin, spin ? 2 : 0, 1.0);
        gs_model_words(w2, sizeof(w2), n, d, 1, spin, spin ? 2 : 0, 0.8);
        tail = strstr(w1, " tangential linear_history");
        *tail = '\0';
        snprintf(c1, sizeof(c1), "%s tangential %s %g 0.5 0.5%s", w1, tangentials[t], t ? 1.5e4 : 800.0,
                 strstr(tail + 1, "0.5 0.5") + 7);
        tail = strstr(w2, " tangential linear_history");
        *tail = '\0';
        snprintf(c2, sizeof(c2), "%s tangential %s %g 0.4 0.4%s", w2, tangentials[t], t ? 1.2e4 : 640.0,
                 strstr(tail + 1, "0.4 0.4") + 7);
        run_words(newton, c1, c2, !spin);
      }
}

/* heat conduction with each normal model (the contact radius differs: hooke and hertz sqrt(delta R*),
 * jkr its own), area and radius conduction, and heat none (temperatures must not change; stock's
 * heat none conducts an uninitialized number) */
static void heat(const char *newton)
{
  static const char *const cases[][2] = {
      {"hertz/material 3e4 0.5 0.3 damping tsuji tangential mindlin 1.5e4 1.0 0.5 heat area 5.0",
       "hertz/material 2.4e4 0.5 0.25 damping tsuji tangential mindlin 1.2e4 1.0 0.4 heat area 2.0"},
      {"hooke 1000 0.5 damping coeff_restitution tangential linear_history 800 0.5 0.5 heat radius 3.0",
       "hooke 800 0.5 damping coeff_restitution tangential linear_history 640 0.4 0.4 heat radius 1.5"},
      {"jkr 3e4 20 0.3 5 damping viscoelastic tangential linear_history 800 0.5 0.5 heat area 5.0",
       "jkr 2.4e4 20 0.25 2 damping viscoelastic tangential linear_history 640 0.4 0.4 heat area 2.0"},
      {"dmt 3e4 0.02 0.3 5 damping velocity tangential mindlin 1.5e4 0.5 0.5 heat radius 2.0",
       "dmt 2.4e4 0.02 0.25 2 damping velocity tangential mindlin 1.2e4 0.4 0.4 heat radius 1.0"},
      {"hertz 2000 20 damping viscoelastic tangential linear_history 800 0.5 0.5 heat none",
       "hertz 1600 20 damping viscoelastic tangential linear_history 640 0.4 0.4 heat none"}};
  size_t k;
  heat_mode = 1;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) run_words(newton, cases[k][0], cases[k][1], 1);
  heat_mode = 0;
}

/* mdr: one model for both types (stock allows no other); the yield stress well below the contacts'
 * Hertz pressure, adhesion 0 or 0.05; rolling on a list built once */
static void mdr(const char *newton)
{
  static const char *const cases[] = {
      "mdr 3e4 0.3 100 0 0.5 0.2 damping mdr 1 tangential linear_history 800 0.5 0.5 limit_damping",
      "mdr 3e4 0.3 100 0.05 0.5 0.2 damping mdr 2 tangential mindlin NULL 0.5 0.5",
      "mdr 3e4 0.25 50 0.05 0.9 0.4 damping mdr 1 tangential linear_nohistory 0.5 0.5",
      "mdr 3e4 0.3 100 0.05 0.5 0.2 damping mdr 1 tangential mindlin_rescale 1.5e4 0.5 0.5 rolling sds 200 0.05 0.1"};
  size_t k;
  mdr_mode = 1;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) run_words(newton, cases[k], cases[k], !strstr(cases[k], "rolling"));
  mdr_mode = 0;
}

int main(int argc, char **argv)
{
  const int all = argc < 2 || strcmp(argv[1], "all") == 0;
  const int only_cohesive = argc > 1 && strcmp(argv[1], "cohesive") == 0;
  const int only_classic = argc > 1 && strcmp(argv[1], "classic") == 0;
  const int only_heat = argc > 1 && strcmp(argv[1], "heat") == 0;
  const int only_mdr = argc > 1 && strcmp(argv[1], "mdr") == 0;
  const char *newton = argc > 2 ? argv[2] : "on";
  int n, d, t, r, w, k, status;
  tiled_mode = argc > 3 && strcmp(argv[3], "tiled") == 0;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  if (only_cohesive) {
    cohesive(newton);
  } else if (only_classic) {
    classic(newton);
  } else if (only_heat) {
    heat(newton);
  } else if (only_mdr) {
    mdr(newton);
  } else if (all) {
    for (n = 0; n < 3; n++)
      for (d = 0; d < 5; d++)
        for (t = 0; t < 6; t++)
          for (r = 0; r < 2; r++)
            for (w = 0; w < 3; w++)
              if (gs_combo_valid(t, w)) run_combo(newton, n, d, t, r, w);
  } else {
    /* 30 combinations in which every choice of each sub-model kind appears several times */
    for (k = 0; k < 30; k++) {
      t = k % 6;
      w = (k / 2) % 3;
      if (t == 0 && w == 2) w = 1;
      run_combo(newton, k % 3, k % 5, t, (k / 3) % 2, w);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
