/* SPDX-License-Identifier: GPL-2.0-or-later
 * Three-sphere DEM with the gransync core (no LAMMPS).
 *   three_sphere_dem run RATIO MU THETA0 ORDERING     one case: separated or trapped, and when
 *   three_sphere_dem map NRATIO NMU [RMAX]             trapping map over size ratio 2..RMAX (default
 *                                                      50) and mu 0.1..1, both orderings, against
 *                                                      the critical size ratio; one line per case */
#include "gs_contact.h"
#include "gs_three_sphere.h"
#include "gs_three_sphere_dem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* separated before twice the rigid-body separation time? */
static int separates(double ratio, double mu, double theta0, int ordering, double *t_sep)
{
  gs_three_sphere_params a = {1e-3, 1e-3 / ratio, 2500, mu, 9.81, theta0};
  gs_three_sphere_events ev;
  gs_tsd_params p;
  gs_tsd_state end;
  if (gs_three_sphere_events_compute(&a, &ev) != 0) return -1;
  gs_tsd_defaults(&p, ratio, mu, theta0, ordering);
  if (gs_tsd_run(&p, 2.0 * ev.t_sep, 100, NULL, 0, NULL, &end) != 0) return -1;
  *t_sep = end.t;
  return end.gap > 0.0;
}

int main(int argc, char **argv)
{
  if (argc == 6 && strcmp(argv[1], "run") == 0) {
    double t;
    const int ordering = gs_ordering_from_name(argv[5]);
    const int sep = ordering < 0 ? -1 : separates(atof(argv[2]), atof(argv[3]), atof(argv[4]), ordering, &t);
    if (sep < 0) {
      fprintf(stderr, "bad arguments\n");
      return 2;
    }
    printf("%s: %s at t = %.6f s\n", argv[5], sep ? "separated" : "still in the groove (trapped)", t);
    return 0;
  }
  if ((argc == 4 || argc == 5) && strcmp(argv[1], "map") == 0) {
    const int nr = atoi(argv[2]), nm = atoi(argv[3]);
    const double rmax = argc == 5 ? atof(argv[4]) : 50.0;
    int i, j;
    if (nr < 2 || nm < 2 || rmax <= 2) {
      fprintf(stderr, "map needs NRATIO >= 2, NMU >= 2, RMAX > 2\n");
      return 2;
    }
    printf("# ratio mu critical_ratio standard(1=separated) synchronized(1=separated)\n");
    for (i = 0; i < nr; i++) {
      const double ratio = 2.0 * pow(rmax / 2.0, (double) i / (nr - 1));
      for (j = 0; j < nm; j++) {
        const double mu = 0.1 + 0.9 * j / (nm - 1);
        double t;
        const int s = separates(ratio, mu, 0.1, GS_ORDERING_STANDARD, &t);
        const int y = separates(ratio, mu, 0.1, GS_ORDERING_SYNCHRONIZED, &t);
        printf("%8.3f %5.3f %8.3f %d %d\n", ratio, mu, gs_tsd_critical_ratio(mu), s, y);
        fflush(stdout);
      }
    }
    return 0;
  }
  fprintf(stderr, "usage: three_sphere_dem run RATIO MU THETA0 standard|synchronized\n"
                  "       three_sphere_dem map NRATIO NMU [RMAX]\n");
  return 2;
}
