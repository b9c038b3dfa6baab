/* SPDX-License-Identifier: GPL-2.0-or-later
 * The same polydisperse run on 1, 2 and 4 ranks agrees to 1e-8 relative after 1000 steps
 * (synchronized ordering, mindlin + rolling + twisting, fix nve/sphere/sync, re-neighboring every
 * step). Every atom is placed on a lattice and atom IDs are reassigned in spatial order, so the
 * start and the numbering do not depend on the decomposition (create_atoms random positions and
 * create_atoms IDs do).
 *   test_mpi_invariance run FILE              run and write positions, velocities, spins by ID
 *   test_mpi_invariance compare FILE FILE...  compare the first file with the others */
#include "gs_lmp.h"

#include <math.h>

static int run(const char *file)
{
  void *lmp = gs_lmp_open();
  double *x, *v, *w, *contacts;
  int n, i;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array sort 0 0;boundary p p fm;comm_modify vel yes;"
                "region box block 0 6 0 6 0 8;create_box 2 box;lattice sc 1.0;region bed block 0 6 0 6 0 5;"
                "create_atoms 1 region bed;set type 1 diameter 0.98;"
                "lattice custom 5.0 a1 1 0 0 a2 0 1 0 a3 0 0 1 basis 0.5 0.5 0.5 basis 0.35 0.5 0.5 "
                "basis 0.65 0.5 0.5 basis 0.5 0.35 0.5 basis 0.5 0.65 0.5;create_atoms 2 region bed;"
                "set type 2 diameter 0.1;set group all density 1.0;group large type 1;reset_atoms id sort yes;"
                "region floor block INF INF INF INF INF 0.9 units box;group floor region floor;"
                "velocity large create 0.5 4928459 dist gaussian loop geom;velocity floor set 0 0 0;"
                "pair_style granular/sync;"
                "pair_coeff * * hertz/material 3e4 0.7 0.25 damping coeff_restitution tangential mindlin NULL 1.0 0.5 "
                "rolling sds 200 0.05 0.1 twisting marshall;"
                "neighbor 0.05 bin;neigh_modify every 1 delay 0 check yes;fix integrate all nve/sphere/sync;"
                "fix freeze floor freeze;fix gravity all gravity 60 vector 0 0 -1;fix reflect all wall/reflect zlo EDGE;"
                "compute contacts all contact/atom;compute ncontacts all reduce sum c_contacts;timestep 1e-4;"
                "run 1000 post no");
  contacts = (double *) lammps_extract_compute(lmp, "ncontacts", LMP_STYLE_GLOBAL, LMP_TYPE_SCALAR);
  GS_CHECK(contacts && *contacts > 200, "ran 1000 steps of a bed with %.0f contact ends", contacts ? *contacts : 0.0);
  n = (int) lammps_get_natoms(lmp);
  x = gs_gather(lmp, "x", 3);
  v = gs_gather(lmp, "v", 3);
  w = gs_gather(lmp, "omega", 3);
  if (gs_rank() == 0) {
    FILE *fp = fopen(file, "w");
    fprintf(fp, "%d\n", n);
    for (i = 0; i < 3 * n; i++) fprintf(fp, "%.17g %.17g %.17g\n", x[i], v[i], w[i]);
    fclose(fp);
  }
  free(x);
  free(v);
  free(w);
  lammps_close(lmp);
  return 0;
}

static double *load(const char *file, int *n)
{
  FILE *fp = fopen(file, "r");
  double *data;
  int i;
  if (!fp || fscanf(fp, "%d", n) != 1) return NULL;
  data = (double *) malloc(sizeof(double) * 9 * (size_t) *n);
  for (i = 0; i < 9 * *n; i++)
    if (fscanf(fp, "%lf", &data[i]) != 1) break;
  fclose(fp);
  return data;
}

static void compare(int nfiles, char **files)
{
  int n0, n, f, i, q;
  double *ref = load(files[0], &n0);
  for (f = 1; f < nfiles; f++) {
    double *other = load(files[f], &n), worst = 0.0;
    for (q = 0; q < 3 && ref && other && n == n0; q++) {
      double diff = 0.0, scale = 0.0;
      for (i = 0; i < 3 * n; i++) {
        double d = other[3 * i + q] - ref[3 * i + q];
        /* positions are wrapped into the box: compare x and y by minimum image (period 6) */
        if (q == 0 && i % 3 < 2) d -= 6.0 * floor(d / 6.0 + 0.5);
        diff = fmax(diff, fabs(d));
        scale = fmax(scale, fabs(ref[3 * i + q]));
      }
      worst = fmax(worst, diff / scale);
    }
    GS_CHECK(ref && other && n == n0 && worst <= 1e-8, "%s equals %s after 1000 steps: positions, velocities, spins "
             "(max rel diff %.2e)", files[f], files[0], worst);
    free(other);
  }
  free(ref);
}

int main(int argc, char **argv)
{
  int status;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  if (argc == 3 && strcmp(argv[1], "run") == 0)
    run(argv[2]);
  else if (argc >= 4 && strcmp(argv[1], "compare") == 0)
    compare(argc - 2, argv + 2);
  else
    GS_CHECK(0, "usage: test_mpi_invariance run FILE | compare FILE FILE...");
  MPI_Barrier(MPI_COMM_WORLD);
  status = gs_check_summary();
  MPI_Finalize();
  return status;
}
