/* SPDX-License-Identifier: GPL-2.0-or-later
 * Helpers for tests that drive LAMMPS through its C library interface. */
#ifndef GS_LMP_H
#define GS_LMP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GRANSYNC_NO_MPI
/* LAMMPS built with its MPI stubs (a machine without MPI), whose mpi.h is C++ only: one rank, and
 * the few MPI calls the tests make */
#include "library.h"
typedef int MPI_Comm;
#define MPI_COMM_WORLD 0
#define lammps_open(argc, argv, comm, ptr) lammps_open_no_mpi(argc, argv, ptr)
static inline int MPI_Init(int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  return 0;
}
static inline int MPI_Finalize(void)
{
  return 0;
}
static inline int MPI_Barrier(MPI_Comm comm)
{
  (void) comm;
  return 0;
}
static inline int MPI_Comm_rank(MPI_Comm comm, int *rank)
{
  (void) comm;
  *rank = 0;
  return 0;
}
static inline int MPI_Comm_size(MPI_Comm comm, int *size)
{
  (void) comm;
  *size = 1;
  return 0;
}
static inline int MPI_Abort(MPI_Comm comm, int code)
{
  (void) comm;
  exit(code);
}
typedef int MPI_Datatype;
typedef int MPI_Op;
#define MPI_INT 1
#define MPI_DOUBLE 2
#define MPI_SUM 1
#define MPI_MAX 2
/* one rank: every reduction is the rank's own value */
static inline int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  (void) op;
  (void) comm;
  memcpy(out, in, (size_t) count * (type == MPI_DOUBLE ? sizeof(double) : sizeof(int)));
  return 0;
}
#else
#define LAMMPS_LIB_MPI /* declares lammps_open() with an MPI communicator */
#include "library.h"
#include <mpi.h>
#endif

#include "gs_check.h"

static inline int gs_rank(void)
{
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  return me;
}

/* ghost atoms on all ranks (every rank must call it) */
static inline double gs_ghosts(void *lmp)
{
  const int *nghost = (const int *) lammps_extract_global(lmp, "nghost");
  double mine = *nghost, all;
  MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return all;
}

/* A quiet LAMMPS instance with the gransync plugin loaded (none to load where the test is built
 * against a LAMMPS with gransync compiled in: GRANSYNC_PLUGIN undefined). */
static inline void *gs_lmp_open(void)
{
  const char *args[] = {"gs_test", "-log", "none", "-screen", "none", "-nocite"};
  void *lmp = lammps_open(6, (char **) args, MPI_COMM_WORLD, NULL);
  if (!lmp) {
    fprintf(stderr, "cannot create a LAMMPS instance\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#ifdef GRANSYNC_PLUGIN
  lammps_command(lmp, "plugin load " GRANSYNC_PLUGIN);
#endif
  return lmp;
}

/* Run one command (printf-style); abort the test on a LAMMPS error. */
static inline void gs_cmd(void *lmp, const char *fmt, ...)
{
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof(line), fmt, ap);
  va_end(ap);
  lammps_command(lmp, line);
  if (lammps_has_error(lmp)) {
    char msg[2048];
    lammps_get_last_error_message(lmp, msg, sizeof(msg));
    if (gs_rank() == 0) fprintf(stderr, "LAMMPS error in '%s': %s\n", line, msg);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
}

/* Run one command expected to fail; returns the error message ("" if it did not fail). */
static inline const char *gs_cmd_error(void *lmp, const char *line)
{
  static char msg[2048];
  msg[0] = '\0';
  lammps_command(lmp, line);
  if (lammps_has_error(lmp)) lammps_get_last_error_message(lmp, msg, sizeof(msg));
  return msg;
}

/* Per-atom double quantity (`count` per atom) ordered by atom ID, on every rank. */
static inline double *gs_gather(void *lmp, const char *name, int count)
{
  const int natoms = (int) lammps_get_natoms(lmp);
  double *data = (double *) malloc(sizeof(double) * (size_t) count * (size_t) natoms);
  lammps_gather_atoms(lmp, (char *) name, 1, count, data);
  return data;
}

static inline double *gs_gather3(void *lmp, const char *name)
{
  return gs_gather(lmp, name, 3);
}

/* max_i |a_i - b_i| / max_i |b_i| over n values */
static inline double gs_maxrel(const double *a, const double *b, int n)
{
  double diff = 0.0, scale = 0.0;
  int i;
  for (i = 0; i < n; i++) {
    double d = a[i] - b[i];
    if (d < 0) d = -d;
    if (d > diff || d != d) diff = d != d ? 1e300 : d;
    scale = b[i] > scale ? b[i] : (-b[i] > scale ? -b[i] : scale);
  }
  return scale > 0.0 ? diff / scale : diff;
}

/* largest gs_maxrel over positions, velocities and spins (and forces and torques if `forces`) */
static inline double gs_state_diff(void *a, void *b, int forces)
{
  const char *names[] = {"x", "v", "omega", "f", "torque"};
  const int n = 3 * (int) lammps_get_natoms(a);
  double worst = 0.0;
  int k;
  for (k = 0; k < (forces ? 5 : 3); k++) {
    double *qa = gs_gather3(a, names[k]), *qb = gs_gather3(b, names[k]);
    double rel = gs_maxrel(qa, qb, n);
    if (rel > worst) worst = rel;
    free(qa);
    free(qb);
  }
  return worst;
}

/* value of an equal-style variable (NaN if it is not one) */
static inline double gs_var(void *lmp, const char *name)
{
  double *value = (double *) lammps_extract_variable(lmp, name, NULL);
  double result = value ? *value : NAN;
  lammps_free(value);
  return result;
}

/* run ';'-separated commands */
static inline void gs_lines(void *lmp, const char *lines)
{
  char buf[4096];
  char *line = buf, *end;
  snprintf(buf, sizeof(buf), "%s", lines);
  while (*line) {
    end = strchr(line, ';');
    if (end) *end = '\0';
    if (*line) gs_cmd(lmp, "%s", line);
    if (!end) break;
    line = end + 1;
  }
}

/* Each case: after `setup` (';'-separated commands), cases[k][0] must fail with a message that
 * contains cases[k][1]. One check per case, on a fresh LAMMPS instance. */
static inline void gs_expect_errors(const char *setup, const char *const (*cases)[2], size_t ncases)
{
  size_t k;
  for (k = 0; k < ncases; k++) {
    void *lmp = gs_lmp_open();
    const char *msg;
    gs_lines(lmp, setup);
    msg = gs_cmd_error(lmp, cases[k][0]);
    GS_CHECK(strstr(msg, cases[k][1]) != NULL, "'%s' -> %s", cases[k][0], msg[0] ? msg : "(no error)");
    lammps_close(lmp);
  }
}

/* Polydisperse bed (size ratio 10): a frozen bottom layer and 3 free layers of d = 1 spheres on a
 * lattice, 150 d = 0.1 spheres poured in above; groups large, small, floor. The caller adds the
 * pair style, neighbor settings and fixes. */
static inline void gs_bed_atoms_style(void *lmp, const char *newton, const char *atom_style)
{
  gs_cmd(lmp, "atom_style %s", atom_style);
  gs_lines(lmp, "units lj;atom_modify map array sort 0 0;boundary p p f;comm_modify vel yes");
  gs_cmd(lmp, "newton %s", newton); /* before the box exists */
  gs_lines(lmp, "region box block 0 4 0 4 0 6;create_box 2 box;lattice sc 1.0;region bed block 0 4 0 4 0 4;"
                "create_atoms 1 region bed;set type 1 diameter 0.98;"
                "region top block 0 4 0 4 2.9 4.4 units box;create_atoms 2 random 150 8123 top overlap 0.55 maxtry 200;"
                "set type 2 diameter 0.1;set group all density 1.0;group large type 1;group small type 2;"
                "region floor block INF INF INF INF INF 0.9 units box;group floor region floor;"
                "velocity large create 0.5 4928459 dist gaussian;velocity small create 0.01 1823 dist gaussian;"
                "velocity floor set 0 0 0");
}

static inline void gs_bed_atoms(void *lmp, const char *newton)
{
  gs_bed_atoms_style(lmp, newton, "sphere");
}

/* Size ratio 9.8, every void filled: `layers` layers of d = 0.98 spheres on a simple cubic lattice
 * (4 x 4 periodic in x and y, from z = 0; the box reaches down to -0.6 for a floor below), five
 * d = 0.1 fines in every void; group large, given velocities. Newton, pair style and fixes: the
 * caller's. atom_style: sphere, or sphere 1 where radii change (fix adapt). */
static inline void gs_fines_bed_styled(void *lmp, int layers, const char *atom_style)
{
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style %s", atom_style);
  gs_lines(lmp, "atom_modify map array;boundary p p f;comm_modify vel yes;"
                "region box block 0 4 0 4 -0.6 6;create_box 2 box;lattice sc 1.0");
  gs_cmd(lmp, "region bed block 0 4 0 4 0 %d", layers);
  gs_lines(lmp, "create_atoms 1 region bed;set type 1 diameter 0.98;"
                "lattice custom 5.0 a1 1 0 0 a2 0 1 0 a3 0 0 1 basis 0.5 0.5 0.5 basis 0.35 0.5 0.5 "
                "basis 0.65 0.5 0.5 basis 0.5 0.35 0.5 basis 0.5 0.65 0.5;create_atoms 2 region bed;"
                "set type 2 diameter 0.1;set group all density 1.0;reset_atoms id sort yes;group large type 1;"
                "velocity large create 0.5 4928459 dist gaussian loop geom");
}

static inline void gs_fines_bed(void *lmp, int layers)
{
  gs_fines_bed_styled(lmp, layers, "sphere");
}

/* every velocity scaled by 1 + 1e-15: a round-off perturbation, whose growth over a run measures the
 * horizon within which runs that differ by round-off can be compared */
static inline void gs_perturb_velocities(void *lmp)
{
  gs_lines(lmp, "variable vxp atom vx*(1+1e-15);variable vyp atom vy*(1+1e-15);variable vzp atom vz*(1+1e-15);"
                "set group all vx v_vxp vy v_vyp vz v_vzp");
}

/* 100 independent spheres (no pair interactions, so nothing amplifies round-off) with velocities
 * and spins, pushed by gravity against the wall(s) */
static inline void gs_spheres(void *lmp, const char *boundary, const char *box, const char *gravity, const char *inside)
{
  gs_cmd(lmp, "units lj");
  gs_cmd(lmp, "atom_style sphere");
  gs_cmd(lmp, "atom_modify map array");
  gs_cmd(lmp, "boundary %s", boundary);
  gs_cmd(lmp, "comm_modify vel yes");
  gs_cmd(lmp, "region box block %s", box);
  gs_cmd(lmp, "create_box 1 box");
  if (inside) gs_cmd(lmp, "region inside %s", inside);
  gs_cmd(lmp, "create_atoms 1 random 100 3119 %s overlap 0.3 maxtry 400", inside ? "inside" : "NULL");
  gs_cmd(lmp, "variable d atom 0.1+0.05*sin(11*id)");
  gs_cmd(lmp, "set group all diameter v_d");
  gs_cmd(lmp, "set group all density 1.0");
  gs_cmd(lmp, "velocity all create 0.002 7123 dist gaussian");
  gs_cmd(lmp, "variable wx atom 20*sin(7*id)");
  gs_cmd(lmp, "variable wy atom 20*cos(5*id)");
  gs_cmd(lmp, "variable wz atom 20*sin(3*id)");
  gs_cmd(lmp, "set group all omega v_wx v_wy v_wz");
  gs_cmd(lmp, "pair_style zero 0.3");
  gs_cmd(lmp, "pair_coeff * *");
  gs_cmd(lmp, "fix integrate all nve/sphere");
  gs_cmd(lmp, "fix gravity all gravity %s", gravity);
  gs_cmd(lmp, "timestep 2e-4");
}

/* `a` and `b` both run `steps` more steps; returns the largest gs_state_diff and closes both */
static inline double gs_run_diff_close(void *a, void *b, int steps, int forces)
{
  double diff;
  gs_cmd(a, "run %d post no", steps);
  gs_cmd(b, "run %d post no", steps);
  diff = gs_state_diff(a, b, forces);
  lammps_close(a);
  lammps_close(b);
  return diff;
}

/* A run split by a restart file against the same run never split: `writer` and `reference` hold the
 * same state (built and run alike by the caller). `writer` writes `file` and continues, `reader`
 * reads it and runs `setup` (';'-separated: what a restart file does not hold, fixes first of
 * all); `both` (may be "") is then given to all three, which run `steps`. The writer is compared
 * too: writing a restart file must not change the run. Returns the largest gs_state_diff against
 * `reference`; closes `reference` and `reader` and removes the file. */
static inline double gs_restart_diff(void *writer, void *reference, void *reader, const char *file,
                                     const char *setup, const char *both, int steps, int forces)
{
  double diff;
  gs_cmd(writer, "write_restart %s", file);
  gs_cmd(reader, "read_restart %s", file);
  gs_lines(reader, setup);
  gs_lines(writer, both);
  gs_lines(reference, both);
  gs_lines(reader, both);
  gs_cmd(writer, "run %d post no", steps);
  gs_cmd(reference, "run %d post no", steps);
  gs_cmd(reader, "run %d post no", steps);
  diff = fmax(gs_state_diff(reader, reference, forces), gs_state_diff(writer, reference, forces));
  lammps_close(reader);
  lammps_close(reference);
  if (gs_rank() == 0) remove(file);
  return diff;
}

#endif
