/* SPDX-License-Identifier: GPL-2.0-or-later
 * Helpers for tests that drive LAMMPS through its C library interface. */
#ifndef GS_LMP_H
#define GS_LMP_H

#define LAMMPS_LIB_MPI /* declares lammps_open() with an MPI communicator */
#include "library.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int gs_rank(void)
{
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  return me;
}

/* A quiet LAMMPS instance with the gransync plugin loaded. */
static void *gs_lmp_open(void)
{
  const char *args[] = {"gs_test", "-log", "none", "-screen", "none", "-nocite"};
  void *lmp = lammps_open(6, (char **) args, MPI_COMM_WORLD, NULL);
  if (!lmp) {
    fprintf(stderr, "cannot create a LAMMPS instance\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  lammps_command(lmp, "plugin load " GRANSYNC_PLUGIN);
  return lmp;
}

/* Run one command (printf-style); abort the test on a LAMMPS error. */
static void gs_cmd(void *lmp, const char *fmt, ...)
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
static const char *gs_cmd_error(void *lmp, const char *line)
{
  static char msg[2048];
  msg[0] = '\0';
  lammps_command(lmp, line);
  if (lammps_has_error(lmp)) lammps_get_last_error_message(lmp, msg, sizeof(msg));
  return msg;
}

/* Per-atom double quantity (`count` per atom) ordered by atom ID, on every rank. */
static double *gs_gather(void *lmp, const char *name, int count)
{
  const int natoms = (int) lammps_get_natoms(lmp);
  double *data = (double *) malloc(sizeof(double) * (size_t) count * (size_t) natoms);
  lammps_gather_atoms(lmp, (char *) name, 1, count, data);
  return data;
}

static double *gs_gather3(void *lmp, const char *name)
{
  return gs_gather(lmp, name, 3);
}

/* max_i |a_i - b_i| / max_i |b_i| over n values */
static double gs_maxrel(const double *a, const double *b, int n)
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

#endif
