/* SPDX-License-Identifier: GPL-2.0-or-later
 * What building the contact candidates costs, without LAMMPS: the hierarchical grid
 * (gs_grid_build.c) against one level of cells 2 rmax + skin wide (what LAMMPS' bins do), on beds of
 * large spheres (d = 1, a cubic lattice at 55% packing, slightly overlapping) with fines of d = 1/R
 * at random in the pores, 13% of the large spheres' volume; skin half a fine diameter; no ghosts,
 * newton on. Then continuous radii, for the level ratio's effect. Times are the best of the
 * repetitions. Benchmarks never
 * fail on timing.
 *   build/bench_grid [max_atoms] [repetitions]   (default 200000 5)
 */
#define _POSIX_C_SOURCE 199309L
#include "gs_grid_build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* one level scans every fine of 27 cells per sphere: not run above this many candidates per sphere */
#define MAX_SINGLE_LEVEL_CANDIDATES 3e4

typedef struct bed {
  int n, nlarge;
  double *x, *r;
  double hi[3];
} bed;

static double uniform(unsigned long long *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double) (*state >> 11) / 9007199254740992.0;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

/* about max_atoms spheres (at least one large one) */
static void make_bed(bed *b, double R, int max_atoms)
{
  const double spacing = cbrt(acos(-1.0) / 6.0 / 0.55); /* lattice of 55% packing */
  const double per_large = 1.0 + 0.13 * R * R * R;
  int nl[3] = {1, 1, 1}, i, k, nfine;
  unsigned long long state = 2026;
  /* the largest near-cubic lattice within max_atoms, growing its smallest side */
  for (;;) {
    const int d = nl[0] <= nl[1] ? (nl[0] <= nl[2] ? 0 : 2) : (nl[1] <= nl[2] ? 1 : 2);
    nl[d]++;
    if (nl[0] * nl[1] * nl[2] * per_large > max_atoms) {
      nl[d]--;
      break;
    }
  }
  b->nlarge = nl[0] * nl[1] * nl[2];
  nfine = (int) (0.13 * R * R * R * b->nlarge + 0.5);
  b->n = b->nlarge + nfine;
  b->x = (double *) malloc(sizeof(double) * 3 * (size_t) b->n);
  b->r = (double *) malloc(sizeof(double) * (size_t) b->n);
  for (k = 0; k < 3; k++) b->hi[k] = nl[k] * spacing;
  for (i = 0; i < b->nlarge; i++) {
    b->x[3 * i] = (i % nl[0] + 0.5) * spacing;
    b->x[3 * i + 1] = (i / nl[0] % nl[1] + 0.5) * spacing;
    b->x[3 * i + 2] = (i / (nl[0] * nl[1]) + 0.5) * spacing;
    b->r[i] = 0.5;
  }
  for (i = b->nlarge; i < b->n; i++) { /* in the pores: outside the nearest large sphere */
    double *x = b->x + 3 * i, d2;
    do {
      d2 = 0.0;
      for (k = 0; k < 3; k++) {
        double c;
        x[k] = b->hi[k] * uniform(&state);
        c = (floor(x[k] / spacing) + 0.5) * spacing;
        d2 += (x[k] - c) * (x[k] - c);
      }
    } while (d2 < 0.25);
    b->r[i] = 0.5 / R;
  }
}

/* max_atoms spheres of radii 0.5/R to 0.5 with number density ~ r^-4 (every doubling of size fills
 * the same volume), at random in a cube of 60% solid volume (overlapping): ~3 pairs per sphere */
static void make_continuous_bed(bed *b, double R, int max_atoms)
{
  const double e = 1.0 - 4.0, lo = pow(0.5 / R, e), hi = pow(0.5, e);
  double volume = 0.0;
  unsigned long long state = 7;
  int i, k;
  b->n = max_atoms;
  b->nlarge = 0;
  b->x = (double *) malloc(sizeof(double) * 3 * (size_t) b->n);
  b->r = (double *) malloc(sizeof(double) * (size_t) b->n);
  for (i = 0; i < b->n; i++) {
    b->r[i] = pow(lo + uniform(&state) * (hi - lo), 1.0 / e);
    volume += 4.0 / 3.0 * acos(-1.0) * b->r[i] * b->r[i] * b->r[i];
    b->nlarge += b->r[i] > 0.25;
  }
  for (k = 0; k < 3; k++) b->hi[k] = cbrt(volume / 0.6);
  for (i = 0; i < 3 * b->n; i++) b->x[i] = b->hi[0] * uniform(&state);
}

typedef struct result {
  double ns, candidates, cells, pairs, bytes;
  int nlevels;
} result;

static int run(const bed *b, double R, double ratio, int max_levels, int reps, result *out)
{
  gs_grid_lists l;
  gs_grid_input in;
  char err[GS_ERRLEN];
  double best = 1e300;
  int k;
  memset(&l, 0, sizeof(l));
  memset(&in, 0, sizeof(in));
  in.n = in.nowned = b->n;
  in.x = b->x;
  in.radius = b->r;
  in.hi[0] = b->hi[0], in.hi[1] = b->hi[1], in.hi[2] = b->hi[2];
  in.skin = 0.5 / R;
  in.newton = 1;
  in.level_ratio = ratio;
  in.max_levels = max_levels;
  for (k = 0; k < reps; k++) {
    const double t0 = now();
    if (gs_grid_build(&in, &l, err)) {
      fprintf(stderr, "%s\n", err);
      return -1;
    }
    if (now() - t0 < best) best = now() - t0;
  }
  out->ns = 1e9 * best / b->n;
  out->candidates = (double) l.ncandidates / b->n;
  out->cells = (double) l.ncells_visited / b->n;
  out->pairs = (double) l.npairs / b->n;
  out->bytes = (double) gs_grid_lists_bytes(&l) / b->n;
  out->nlevels = l.grid.nlevels;
  gs_grid_lists_free(&l);
  return 0;
}

int main(int argc, char **argv)
{
  static const double ratios[] = {4, 8, 12, 16, 24, 100}, level_ratios[] = {2, 2.5, 3, 4};
  const int max_atoms = argc > 1 ? atoi(argv[1]) : 200000, reps = argc > 2 ? atoi(argv[2]) : 5;
  int i, k;
  printf("# per atom: pairs, build time (ns, best of %d), distance tests, cells visited, bytes of lists and workspace\n",
         reps);
  printf("#   R   atoms  large  pairs | hierarchical: levels     ns  tests  cells  bytes | one level:     ns  tests  cells  bytes\n");
  for (i = 0; i < (int) (sizeof(ratios) / sizeof(ratios[0])); i++) {
    bed b;
    result h, s;
    double fines_per_cell;
    make_bed(&b, ratios[i], max_atoms);
    if (run(&b, ratios[i], 0, 0, reps, &h)) return 1;
    printf("%5g %7d %6d %6.2f | %19d %6.0f %6.1f %6.1f %6.0f |", ratios[i], b.n, b.nlarge, h.pairs, h.nlevels, h.ns,
           h.candidates, h.cells, h.bytes);
    /* one level: 27 cells of 2 rmax + skin, half of them scanned, each holding its share of the bed */
    fines_per_cell = b.n / (b.hi[0] * b.hi[1] * b.hi[2]) * pow(1.0 + 0.5 / ratios[i], 3);
    if (13.5 * fines_per_cell > MAX_SINGLE_LEVEL_CANDIDATES) {
      printf("  not run (~%.0f tests per atom)\n", 13.5 * fines_per_cell);
    } else {
      if (run(&b, ratios[i], 0, 1, ratios[i] > 12 ? 1 : reps, &s)) return 1;
      printf(" %13.0f %6.0f %6.1f %6.0f\n", s.ns, s.candidates, s.cells, s.bytes);
    }
    fflush(stdout);
    free(b.x);
    free(b.r);
  }
  printf("\n# continuous radii (number ~ r^-4 from 0.5/R to 0.5, 60%% solid), by level ratio: ns and tests per atom\n");
  printf("#   R   atoms  pairs");
  for (k = 0; k < (int) (sizeof(level_ratios) / sizeof(level_ratios[0])); k++) printf(" | ratio %-3g levels  ns  tests", level_ratios[k]);
  printf(" | one level: ns  tests\n");
  for (i = 1; i < (int) (sizeof(ratios) / sizeof(ratios[0])); i += 2) {
    bed b;
    result h, s;
    make_continuous_bed(&b, ratios[i], max_atoms);
    for (k = 0; k < (int) (sizeof(level_ratios) / sizeof(level_ratios[0])); k++) {
      if (run(&b, ratios[i], level_ratios[k], 0, reps, &h)) return 1;
      if (k == 0) printf("%5g %7d %6.2f", ratios[i], b.n, h.pairs);
      printf(" | %16d %4.0f %6.1f", h.nlevels, h.ns, h.candidates);
    }
    if (ratios[i] <= 16) {
      if (run(&b, ratios[i], 0, 1, 1, &s)) return 1;
      printf(" | %13.0f %6.0f\n", s.ns, s.candidates);
    } else {
      printf(" |  not run\n");
    }
    fflush(stdout);
    free(b.x);
    free(b.r);
  }
  return 0;
}
