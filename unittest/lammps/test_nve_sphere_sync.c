/* SPDX-License-Identifier: GPL-2.0-or-later
 * fix nve/sphere/sync: bit-for-bit fix nve/sphere (translation, rotation, dipole, DLM, disc), and
 * clear errors for bad input. */
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

static void test_errors(void)
{
  static const char *const cases[][2] = {
      {"fix i all nve/sphere/sync update", "keyword update needs a value"},
      {"fix i all nve/sphere/sync update quadrupole", "update must be dipole or dipole/dlm, got 'quadrupole'"},
      {"fix i all nve/sphere/sync disc", "disc requires a 2d simulation"},
      {"fix i all nve/sphere/sync ordering late", "ordering must be standard or synchronized, got 'late'"},
      {"fix i all nve/sphere/sync fast", "unknown keyword 'fast' (allowed: update, disc, ordering)"},
      {"fix i all nve/sphere/sync update dipole", "update dipole requires atom attribute mu"},
  };
  size_t k;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_cmd(lmp, "atom_style sphere");
    gs_cmd(lmp, "region box block 0 2 0 2 0 2");
    gs_cmd(lmp, "create_box 1 box");
    msg = gs_cmd_error(lmp, cases[k][0]);
    GS_CHECK(strstr(msg, cases[k][1]) != NULL, "'%s' -> %s", cases[k][0], msg[0] ? msg : "(no error)");
    lammps_close(lmp);
  }
  {
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_cmd(lmp, "atom_style atomic");
    gs_cmd(lmp, "region box block 0 2 0 2 0 2");
    gs_cmd(lmp, "create_box 1 box");
    msg = gs_cmd_error(lmp, "fix i all nve/sphere/sync");
    GS_CHECK(strstr(msg, "requires atom attributes radius, rmass and omega") != NULL, "atom_style atomic -> %s", msg);
    lammps_close(lmp);
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
  test_errors();
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
