/* SPDX-License-Identifier: GPL-2.0-or-later
 * Unit tests of the hierarchical contact-candidate grid (gs_grid.h, gs_grid_build.c), no LAMMPS:
 * the lists against a brute-force scan of every pair that applies LAMMPS' half-list rules (written
 * out here again, not taken from the grid's code), on polydisperse sets with periodic ghosts, newton
 * on and off, exclusions, points on cell boundaries and at the cutoff, coincident points and a box
 * whose spheres meet their own images; the rows' documented order, determinism, the grid's cells,
 * and the refusals. */
#include "gs_check.h"
#include "gs_grid_build.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static double urand(void)
{
  return gs_splitmix_uniform(&rng_state);
}

static void random_direction(double *u)
{
  double len;
  do {
    u[0] = 2 * urand() - 1;
    u[1] = 2 * urand() - 1;
    u[2] = 2 * urand() - 1;
    len = gs_len3(u);
  } while (len > 1 || len < 1e-3);
  gs_scale3(1.0 / len, u, u);
}

/* spheres, owned first, then ghosts; per sphere what exclusions read */
typedef struct scene {
  int n, nowned, cap;
  double *x, *r;
  int *type, *mask;
  long long *mol;
  double lo[3], hi[3], skin;
} scene;

static void add_sphere(scene *s, const double *x, double r, int type, int mask, long long mol)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 256;
    s->x = (double *) realloc(s->x, sizeof(double) * 3 * (size_t) s->cap);
    s->r = (double *) realloc(s->r, sizeof(double) * (size_t) s->cap);
    s->type = (int *) realloc(s->type, sizeof(int) * (size_t) s->cap);
    s->mask = (int *) realloc(s->mask, sizeof(int) * (size_t) s->cap);
    s->mol = (long long *) realloc(s->mol, sizeof(long long) * (size_t) s->cap);
  }
  gs_copy3(x, s->x + 3 * s->n);
  s->r[s->n] = r;
  s->type[s->n] = type;
  s->mask[s->n] = mask;
  s->mol[s->n] = mol;
  s->n++;
}

static void free_scene(scene *s)
{
  free(s->x);
  free(s->r);
  free(s->type);
  free(s->mask);
  free(s->mol);
  memset(s, 0, sizeof(*s));
}

/* owned spheres at x (wrapped into [0, L)^3) with random types 1-3, group bits and molecules */
static void add_owned(scene *s, const double *x, double r, double L)
{
  double w[3];
  int k;
  for (k = 0; k < 3; k++) w[k] = x[k] - L * floor(x[k] / L);
  for (k = 0; k < 3; k++)
    if (w[k] >= L) w[k] = 0.0; /* -tiny wraps to L */
  add_sphere(s, w, r, 1 + (int) (3 * urand()), 1 | (urand() < 0.5 ? 2 : 0) | (urand() < 0.5 ? 4 : 0),
             (long long) (5 * urand()));
}

/* LAMMPS' ghosts of a periodic box [0, L)^3: every image of an owned sphere within the ghost cutoff
 * (2 rmax + skin) of the box, as many boxes away as that takes; the grid's box is the extended one */
static void add_ghosts(scene *s, double L)
{
  double rmax = 0, cut;
  int i, a, b, c, k, reach;
  s->nowned = s->n;
  for (i = 0; i < s->nowned; i++)
    if (s->r[i] > rmax) rmax = s->r[i];
  cut = 2 * rmax + s->skin;
  reach = (int) ceil(cut / L);
  for (a = -reach; a <= reach; a++)
    for (b = -reach; b <= reach; b++)
      for (c = -reach; c <= reach; c++)
        for (i = 0; i < s->nowned && (a || b || c); i++) {
          const double shift[3] = {a * L, b * L, c * L};
          double y[3];
          int inside = 1;
          for (k = 0; k < 3; k++) {
            y[k] = s->x[3 * i + k] + shift[k];
            inside = inside && y[k] >= -cut && y[k] < L + cut;
          }
          if (inside) add_sphere(s, y, s->r[i], s->type[i], s->mask[i], s->mol[i]);
        }
  for (k = 0; k < 3; k++) {
    s->lo[k] = -cut;
    s->hi[k] = L + cut;
  }
}

/* ---- the reference: every pair, LAMMPS' rules written out ----------------------------------------- */

static int ref_excluded(const gs_grid_exclusions *ex, const scene *s, int i, int j)
{
  int m;
  if (!ex) return 0;
  for (m = 0; m < ex->ntype; m++) {
    const int p = ex->type[m][0], q = ex->type[m][1];
    if ((s->type[i] == p && s->type[j] == q) || (s->type[i] == q && s->type[j] == p)) return 1;
  }
  for (m = 0; m < ex->ngroup; m++) {
    const int g1 = ex->group_bit[m][0], g2 = ex->group_bit[m][1];
    if ((s->mask[i] & g1) && (s->mask[j] & g2)) return 1;
    if ((s->mask[i] & g2) && (s->mask[j] & g1)) return 1;
  }
  for (m = 0; m < ex->nmol; m++) {
    const int both = (s->mask[i] & ex->mol_bit[m]) && (s->mask[j] & ex->mol_bit[m]);
    if (both && ex->mol_intra[m] && s->mol[i] == s->mol[j]) return 1;
    if (both && !ex->mol_intra[m] && s->mol[i] != s->mol[j]) return 1;
  }
  return 0;
}

/* npair_bin's test for a ghost j of owned i with newton on, but strict in x too */
static int ref_ghost_kept(const double *xi, const double *xj)
{
  if (xj[2] < xi[2]) return 0;
  if (xj[2] == xi[2]) {
    if (xj[1] < xi[1]) return 0;
    if (xj[1] == xi[1] && xj[0] <= xi[0]) return 0;
  }
  return 1;
}

static int compare_keys(const void *a, const void *b)
{
  const long long p = *(const long long *) a, q = *(const long long *) b;
  return (p > q) - (p < q);
}

/* the pairs a half list holds, as sorted keys min * n + max */
static long long *reference_pairs(const scene *s, int newton, const gs_grid_exclusions *ex, long long *npairs)
{
  long long *keys = NULL, n = 0, cap = 0;
  int i, j;
  for (i = 0; i < s->nowned; i++)
    for (j = i + 1; j < s->n; j++) {
      const double *xi = s->x + 3 * i, *xj = s->x + 3 * j;
      const double dx = xi[0] - xj[0], dy = xi[1] - xj[1], dz = xi[2] - xj[2];
      const double cut = s->r[i] + s->r[j] + s->skin;
      if (!(dx * dx + dy * dy + dz * dz <= cut * cut)) continue;
      if (j >= s->nowned && newton && !ref_ghost_kept(xi, xj)) continue;
      if (ref_excluded(ex, s, i, j)) continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 1024;
        keys = (long long *) realloc(keys, sizeof(long long) * (size_t) cap);
      }
      keys[n++] = (long long) i * s->n + j;
    }
  qsort(keys, (size_t) n, sizeof(long long), compare_keys);
  *npairs = n;
  return keys;
}

/* ---- building and comparing --------------------------------------------------------------------- */

static gs_grid_input input_of(const scene *s, int newton, const gs_grid_exclusions *ex)
{
  gs_grid_input in;
  memset(&in, 0, sizeof(in));
  in.n = s->n;
  in.nowned = s->nowned;
  in.x = s->x;
  in.radius = s->r;
  gs_copy3(s->lo, in.lo);
  gs_copy3(s->hi, in.hi);
  in.skin = s->skin;
  in.newton = newton;
  in.exclude = ex;
  in.type = s->type;
  in.mask = s->mask;
  in.molecule = s->mol;
  return in;
}

/* the sphere of a pair that finds it: the finer, or on one level the earlier in (cell, index) */
static int finder_of(const gs_grid *g, const scene *s, int a, int b)
{
  const int la = gs_grid_level_of(g, s->r[a]), lb = gs_grid_level_of(g, s->r[b]);
  int ca, cb;
  if (la != lb) return la > lb ? a : b;
  ca = gs_grid_cell_of(g, la, s->x + 3 * a);
  cb = gs_grid_cell_of(g, lb, s->x + 3 * b);
  return (ca < cb || (ca == cb && a < b)) ? a : b;
}

/* Row order as documented: the row's own finds by ascending (cell, index), then the pushed pairs
 * (found by the neighbour) by ascending index. Returns the number of rows out of order. */
static int rows_out_of_order(const gs_grid_lists *l, const scene *s)
{
  int i, k, bad = 0;
  for (i = 0; i < l->nowned; i++) {
    long long last_cell = -1, last = -1;
    for (k = l->start[i]; k < l->start[i + 1]; k++) {
      const int j = l->neigh[k], own = k - l->start[i] < l->nfound[i];
      const long long cell = gs_grid_cell_of(&l->grid, gs_grid_level_of(&l->grid, s->r[j]), s->x + 3 * j);
      if (finder_of(&l->grid, s, i, j) != (own ? i : j)) break;
      if (own) {
        if (cell < last_cell || (cell == last_cell && j <= last)) break;
        last_cell = cell;
        last = j;
      } else {
        if (k - l->start[i] > l->nfound[i] && j <= l->neigh[k - 1]) break;
      }
    }
    bad += k < l->start[i + 1];
  }
  return bad;
}

/* builds and compares with the reference; checks the row order and the grid's cells too */
static void check_scene(const char *name, const scene *s, int newton, const gs_grid_exclusions *ex, double ratio,
                        int max_levels)
{
  gs_grid_lists l;
  gs_grid_input in = input_of(s, newton, ex);
  char err[GS_ERRLEN] = "";
  long long nref, *ref = reference_pairs(s, newton, ex, &nref), *got, ngot = 0, missing = 0, extra = 0, dup = 0;
  long long a = 0, b = 0;
  int i, k, lv, d, cells_ok = 1;
  memset(&l, 0, sizeof(l));
  in.level_ratio = ratio;
  in.max_levels = max_levels;
  if (gs_grid_build(&in, &l, err)) {
    GS_CHECK(0, "%s: build failed: %s", name, err);
    free(ref);
    return;
  }
  got = (long long *) malloc(sizeof(long long) * (size_t) (l.npairs + 1));
  for (i = 0; i < l.nowned; i++)
    for (k = l.start[i]; k < l.start[i + 1]; k++) {
      const int j = l.neigh[k];
      got[ngot++] = j > i ? (long long) i * s->n + j : (long long) j * s->n + i;
    }
  qsort(got, (size_t) ngot, sizeof(long long), compare_keys);
  for (k = 1; k < ngot; k++) dup += got[k] == got[k - 1];
  while (a < nref || b < ngot) { /* merge of the two sorted sets */
    if (b < ngot && b > 0 && got[b] == got[b - 1]) {
      b++;
    } else if (b >= ngot || (a < nref && ref[a] < got[b])) {
      missing++;
      a++;
    } else if (a >= nref || got[b] < ref[a]) {
      extra++;
      b++;
    } else {
      a++;
      b++;
    }
  }
  GS_CHECK(nref > 0 || s->n < 2 || strstr(name, "none"), "%s: the reference has pairs to compare (%lld)", name, nref);
  GS_CHECK(missing == 0 && extra == 0 && dup == 0 && ngot == l.npairs,
           "%s: %lld pairs of %d spheres (%d owned, %d levels): missing %lld, extra %lld, duplicates %lld", name, nref,
           s->n, s->nowned, l.grid.nlevels, missing, extra, dup);
  GS_CHECK(rows_out_of_order(&l, s) == 0, "%s: rows hold their own finds by (cell, index), then pushed ones by index",
           name);
  for (lv = 0; lv < l.grid.nlevels; lv++)
    for (d = 0; d < 3; d++)
      if (l.grid.n[lv][d] > 1 && !(l.grid.cell[lv][d] >= 2 * l.grid.rcap[lv] + s->skin)) cells_ok = 0;
  GS_CHECK(cells_ok && l.grid.ncells <= GS_GRID_CELLS_PER_POINT * s->n + l.grid.nlevels,
           "%s: cells at least 2 rcap + skin, %d of them for %d spheres", name, l.grid.ncells, s->n);
  free(got);
  free(ref);
  gs_grid_lists_free(&l);
}

/* both newton settings */
static void check_both(const char *name, const scene *s, const gs_grid_exclusions *ex)
{
  char label[256];
  snprintf(label, sizeof(label), "%s, newton on", name);
  check_scene(label, s, 1, ex, 0, 0);
  snprintf(label, sizeof(label), "%s, newton off", name);
  check_scene(label, s, 0, ex, 0, 0);
}

/* ---- scenes ------------------------------------------------------------------------------------- */

/* n spheres of radius drawn by draw() in a periodic box of side L: a third at random, a third in
 * clusters of 20 (dense fines), a third on the surfaces of earlier spheres (fines on large ones) */
static void polydisperse(scene *s, int n, double L, double skin, double (*draw)(void))
{
  double center[3] = {0, 0, 0};
  int i, k;
  memset(s, 0, sizeof(*s));
  s->skin = skin;
  for (i = 0; i < n; i++) {
    const double r = draw();
    double x[3], u[3];
    if (i % 3 == 0 || s->n == 0) {
      for (k = 0; k < 3; k++) x[k] = L * urand();
    } else if (i % 3 == 1) {
      if (i % 60 == 1)
        for (k = 0; k < 3; k++) center[k] = L * urand();
      random_direction(u);
      for (k = 0; k < 3; k++) x[k] = center[k] + 6 * r * urand() * u[k];
    } else {
      const int j = (int) (s->n * urand());
      random_direction(u);
      for (k = 0; k < 3; k++) x[k] = s->x[3 * j + k] + (s->r[j] + r + skin * urand()) * u[k];
    }
    add_owned(s, x, r, L);
  }
  add_ghosts(s, L);
}

static double draw_r, draw_R, draw_large_fraction;

static double draw_uniform(void)
{
  return draw_r * (0.8 + 0.4 * urand());
}

static double draw_mono(void)
{
  return draw_r;
}

/* large spheres of radius draw_r first, then fines draw_r / draw_R */
static double draw_bidisperse(void)
{
  return urand() < draw_large_fraction ? draw_r : draw_r / draw_R;
}

/* number density ~ r^-2.5 on [draw_r / draw_R, draw_r] */
static double draw_power_law(void)
{
  const double a = 1 - 2.5, lo = pow(draw_r / draw_R, a), hi = pow(draw_r, a);
  return pow(lo + urand() * (hi - lo), 1 / a);
}

static void test_polydisperse(void)
{
  static const double ratios[] = {10, 16, 100};
  char name[128];
  scene s;
  int k;

  draw_r = 0.5;
  polydisperse(&s, 1500, 6.0, 0.25, draw_mono);
  check_both("monodisperse", &s, NULL);
  free_scene(&s);

  polydisperse(&s, 1500, 6.0, 0.1, draw_uniform);
  check_both("uniform radii 0.4-0.6", &s, NULL);
  check_scene("uniform radii, level ratio 1.1", &s, 1, NULL, 1.1, 0);
  free_scene(&s);

  for (k = 0; k < 3; k++) {
    draw_R = ratios[k];
    draw_large_fraction = 0.02;
    polydisperse(&s, 2000, 4.0, draw_r / draw_R, draw_bidisperse);
    snprintf(name, sizeof(name), "bidisperse R = %g", draw_R);
    check_both(name, &s, NULL);
    if (k == 2) {
      check_scene("bidisperse R = 100, one level (LAMMPS' bins)", &s, 1, NULL, 0, 1);
      check_scene("bidisperse R = 100, level ratio 2", &s, 1, NULL, 2.0, 0);
    }
    free_scene(&s);
  }

  draw_R = 100;
  polydisperse(&s, 3000, 4.0, 0.0025, draw_power_law);
  check_both("power law r^-2.5, R = 100", &s, NULL);
  check_scene("power law, level ratio 1.5", &s, 1, NULL, 1.5, 0);
  check_scene("power law, 3 levels at most", &s, 0, NULL, 0, 3);
  free_scene(&s);
}

/* a box narrower than the ghost cutoff: spheres meet their own images, a few boxes away */
static void test_small_box(void)
{
  scene s;
  double x[3];
  int i, k;
  memset(&s, 0, sizeof(s));
  s.skin = 0.3;
  x[0] = 0.3, x[1] = 0.7, x[2] = 1.1;
  add_owned(&s, x, 1.0, 2.2);
  add_ghosts(&s, 2.2);
  check_both("one sphere in a box of 2.2 diameters' reach: its own images", &s, NULL);
  free_scene(&s);

  memset(&s, 0, sizeof(s));
  s.skin = 0.05;
  for (i = 0; i < 12; i++) {
    for (k = 0; k < 3; k++) x[k] = 1.5 * urand();
    add_owned(&s, x, i < 2 ? 0.6 : 0.06, 1.5);
  }
  add_ghosts(&s, 1.5);
  check_both("12 spheres, R = 10, box 1.5", &s, NULL);
  free_scene(&s);
}

static void test_exclusions(void)
{
  gs_grid_exclusions ex;
  scene s;
  draw_r = 0.3;
  draw_R = 10;
  draw_large_fraction = 0.05;
  polydisperse(&s, 1500, 3.0, 0.03, draw_bidisperse);

  memset(&ex, 0, sizeof(ex));
  ex.ntype = 2;
  ex.type[0][0] = 2, ex.type[0][1] = 3;
  ex.type[1][0] = 1, ex.type[1][1] = 1;
  check_both("exclude type 2 3, type 1 1", &s, &ex);

  memset(&ex, 0, sizeof(ex));
  ex.ngroup = 1;
  ex.group_bit[0][0] = 2, ex.group_bit[0][1] = 4;
  check_both("exclude group g2 g4", &s, &ex);

  memset(&ex, 0, sizeof(ex));
  ex.nmol = 1;
  ex.mol_bit[0] = 2, ex.mol_intra[0] = 1;
  check_both("exclude molecule/intra g2", &s, &ex);

  memset(&ex, 0, sizeof(ex));
  ex.nmol = 1;
  ex.mol_bit[0] = 4, ex.mol_intra[0] = 0;
  check_both("exclude molecule/inter g4", &s, &ex);

  memset(&ex, 0, sizeof(ex));
  ex.ntype = 1, ex.ngroup = 1, ex.nmol = 2;
  ex.type[0][0] = 3, ex.type[0][1] = 1;
  ex.group_bit[0][0] = 1, ex.group_bit[0][1] = 4; /* group all: every sphere in g4 with anything */
  ex.mol_bit[0] = 2, ex.mol_intra[0] = 1;
  ex.mol_bit[1] = 2, ex.mol_intra[1] = 0;
  check_both("all four kinds at once", &s, &ex);
  free_scene(&s);

  GS_CHECK(gs_grid_excluded(&ex, 1, 3, 0, 0, 0, 0) && gs_grid_excluded(&ex, 3, 1, 0, 0, 0, 0) &&
             !gs_grid_excluded(&ex, 2, 2, 1, 1, 0, 0) && gs_grid_excluded(&ex, 2, 2, 4, 1, 0, 0) &&
             gs_grid_excluded(&ex, 2, 2, 1, 4, 0, 0) && gs_grid_excluded(&ex, 2, 2, 3, 3, 7, 7) &&
             gs_grid_excluded(&ex, 2, 2, 3, 3, 7, 8) && !gs_grid_excluded(&ex, 2, 2, 3, 1, 7, 7),
           "exclusions: types either order, groups either way round, molecules only with both in the group");
}

/* points on cell boundaries of every level, pairs exactly at the cutoff, coincident points, ties in
 * the ghost rule's coordinates, and spheres outside the box given */
static void test_boundaries(void)
{
  gs_grid_lists l;
  gs_grid_input in;
  scene s;
  char err[GS_ERRLEN];
  double x[3];
  const double L = 8.0;
  int i, lv, a, b, c;

  /* the grid depends on radii, box and level ratio only: learn it from one build, then place spheres
   * on it */
  memset(&s, 0, sizeof(s));
  memset(&l, 0, sizeof(l));
  s.skin = 0.125;
  x[0] = x[1] = x[2] = 1;
  add_owned(&s, x, 0.5, L);
  add_owned(&s, x, 0.0625, L);
  add_owned(&s, x, 0.25, L);
  add_ghosts(&s, L);
  in = input_of(&s, 1, NULL);
  in.level_ratio = 2.0;
  GS_CHECK(gs_grid_build(&in, &l, err) == 0 && l.grid.nlevels == 3, "radii 0.5, 0.25, 0.0625: 3 levels, 0.125 dropped (%d)",
           l.grid.nlevels);
  s.n = 0;
  for (lv = 0; lv < l.grid.nlevels; lv++)
    for (a = 0; a < 4; a++)
      for (b = 0; b < 3; b++)
        for (c = 0; c < 3; c++) {
          const double r = lv == 0 ? 0.5 : lv == 1 ? 0.25 : 0.0625;
          x[0] = a * l.grid.cell[lv][0];
          x[1] = b * l.grid.cell[lv][1] + l.grid.lo[lv][1] + l.grid.cell[lv][1] * (lv + 1);
          x[2] = c * l.grid.cell[lv][2] + l.grid.lo[lv][2] + l.grid.cell[lv][2] * (lv + 1);
          if (x[1] < L && x[2] < L) {
            /* and a fine partner exactly at the cutoff along an axis, either way */
            const int axis = (a + b + c) % 3, sign = (a + lv) % 2 ? 1 : -1;
            add_owned(&s, x, r, L);
            x[axis] += sign * (r + 0.0625 + s.skin);
            add_owned(&s, x, 0.0625, L);
          }
        }
  /* exactly at the cutoff: 0.5 + 0.5 + 0.125 = 1.125 and 0.25 + 0.0625 + 0.125 = 0.4375 */
  x[0] = 5.0, x[1] = 5.0, x[2] = 5.0;
  add_owned(&s, x, 0.5, L);
  x[0] = 6.125;
  add_owned(&s, x, 0.5, L);
  x[1] = 6.125;
  add_owned(&s, x, 0.5, L);
  x[0] = 3.0, x[1] = 3.0, x[2] = 6.0;
  add_owned(&s, x, 0.25, L);
  x[2] = 6.4375;
  add_owned(&s, x, 0.0625, L);
  /* coincident: three owned on one point, and at the box's corner (images on it from every side) */
  for (i = 0; i < 3; i++) {
    x[0] = 2.0, x[1] = 6.0, x[2] = 2.0;
    add_owned(&s, x, i ? 0.0625 : 0.25, L);
    x[0] = x[1] = x[2] = 0.0;
    add_owned(&s, x, 0.0625, L);
  }
  add_ghosts(&s, L);
  gs_grid_lists_free(&l);
  check_scene("spheres on cell boundaries, at the cutoff, coincident, newton on", &s, 1, NULL, 2.0, 0);
  check_scene("spheres on cell boundaries, at the cutoff, coincident, newton off", &s, 0, NULL, 2.0, 0);
  /* a box smaller than the spheres' spread: those outside go to the edge cells */
  for (i = 0; i < 3; i++) {
    s.lo[i] = 2.0;
    s.hi[i] = 3.0;
  }
  check_scene("spheres outside the box given", &s, 1, NULL, 2.0, 0);
  free_scene(&s);
}

/* two builds into the same lists and one into fresh ones give the same arrays */
static void test_determinism(void)
{
  gs_grid_lists l1, l2;
  gs_grid_input in;
  scene s;
  char err[GS_ERRLEN];
  int *start, *neigh, same, ok;
  draw_r = 0.5;
  draw_R = 16;
  polydisperse(&s, 2000, 4.0, 0.5 / 16, draw_power_law);
  memset(&l1, 0, sizeof(l1));
  memset(&l2, 0, sizeof(l2));
  in = input_of(&s, 1, NULL);
  ok = gs_grid_build(&in, &l1, err) == 0;
  start = (int *) malloc(sizeof(int) * (size_t) (s.nowned + 1));
  neigh = (int *) malloc(sizeof(int) * (size_t) (l1.npairs + 1));
  memcpy(start, l1.start, sizeof(int) * (size_t) (s.nowned + 1));
  memcpy(neigh, l1.neigh, sizeof(int) * (size_t) l1.npairs);
  ok = ok && gs_grid_build(&in, &l1, err) == 0 && gs_grid_build(&in, &l2, err) == 0;
  same = ok && memcmp(start, l1.start, sizeof(int) * (size_t) (s.nowned + 1)) == 0 &&
         memcmp(neigh, l1.neigh, sizeof(int) * (size_t) l1.npairs) == 0 &&
         memcmp(start, l2.start, sizeof(int) * (size_t) (s.nowned + 1)) == 0 &&
         memcmp(neigh, l2.neigh, sizeof(int) * (size_t) l2.npairs) == 0;
  GS_CHECK(same, "determinism: a rebuild and a fresh build give identical rows (%lld pairs)", l1.npairs);
  GS_CHECK(l1.ncandidates >= l1.npairs && l1.ncells_visited > 0, "counters: %lld candidates, %lld cells for %lld pairs",
           l1.ncandidates, l1.ncells_visited, l1.npairs);
  free(start);
  free(neigh);
  gs_grid_lists_free(&l1);
  gs_grid_lists_free(&l2);
  free_scene(&s);
}

/* a large sphere at a corner of a periodic box with fines on its surface: their ghost images find it
 * from the other side and push themselves to its row, more of them than a row's short sort takes */
static void crowded_corner(scene *s)
{
  const double L = 2.0, big[3] = {0.3, 0.3, 0.3};
  int i, k;
  memset(s, 0, sizeof(*s));
  s->skin = 0.01;
  add_owned(s, big, 0.5, L);
  for (i = 0; i < 400; i++) {
    double u[3], x[3];
    random_direction(u);
    for (k = 0; k < 3; k++) x[k] = big[k] + (0.5 + 0.03 - 0.01 * urand()) * u[k];
    add_owned(s, x, 0.03, L);
  }
  add_ghosts(s, L);
}

/* LAMMPS' history bit on the touching partners (rsq < radsum^2): the same rows as without it, in
 * the same order, flagged exactly where the partners touch; newton off and on, and rows whose
 * pushed part is long (sorted with the flags on) */
static void test_touch_flag(void)
{
  const int flag = 1 << 29;
  long long touching = 0, long_pushed_touching = 0, pairs = 0, wrong = 0;
  int scene_no, newton;
  for (scene_no = 0; scene_no < 2; scene_no++)
    for (newton = 0; newton < 2; newton++) {
      gs_grid_lists plain, flagged;
      gs_grid_input in;
      scene s;
      char err[GS_ERRLEN];
      long long p;
      int i;
      if (scene_no == 0) {
        draw_r = 0.5;
        draw_R = 16;
        polydisperse(&s, 2000, 4.0, 0.5 / 16, draw_power_law);
      } else {
        crowded_corner(&s);
      }
      memset(&plain, 0, sizeof(plain));
      memset(&flagged, 0, sizeof(flagged));
      in = input_of(&s, newton, NULL);
      if (gs_grid_build(&in, &plain, err) != 0) wrong++;
      in.touch_flag = flag;
      if (gs_grid_build(&in, &flagged, err) != 0 || flagged.npairs != plain.npairs) wrong++;
      for (i = 0; !wrong && i < plain.nowned; i++)
        for (p = plain.start[i]; p < plain.start[i + 1]; p++) {
          const int j = plain.neigh[p], is_pushed = p - plain.start[i] >= plain.nfound[i];
          double d2 = 0.0, radsum;
          for (int k = 0; k < 3; k++) d2 += (s.x[3 * i + k] - s.x[3 * j + k]) * (s.x[3 * i + k] - s.x[3 * j + k]);
          radsum = s.r[i] + s.r[j];
          touching += d2 < radsum * radsum;
          long_pushed_touching += is_pushed && plain.start[i + 1] - plain.start[i] - plain.nfound[i] > 16 &&
                                  d2 < radsum * radsum;
          if (flagged.neigh[p] != (d2 < radsum * radsum ? (j | flag) : j)) wrong++;
        }
      pairs += plain.npairs;
      gs_grid_lists_free(&plain);
      gs_grid_lists_free(&flagged);
      free_scene(&s);
    }
  GS_CHECK(wrong == 0 && touching > 0 && long_pushed_touching > 0,
           "touch flag: set on the %lld touching of %lld pairs and only there, rows unchanged (%lld wrong; %lld "
           "touching in long pushed parts)",
           touching, pairs, wrong, long_pushed_touching);
}

static void test_small_and_refused(void)
{
  gs_grid_lists l;
  gs_grid_input in;
  scene s;
  char err[GS_ERRLEN] = "";
  double x[3] = {0.5, 0.5, 0.5};
  memset(&l, 0, sizeof(l));
  memset(&s, 0, sizeof(s));
  s.skin = 0.1;
  s.hi[0] = s.hi[1] = s.hi[2] = 1.0;
  in = input_of(&s, 1, NULL);
  GS_CHECK(gs_grid_build(&in, &l, err) == 0 && l.npairs == 0 && l.start[0] == 0, "zero spheres: empty lists %s", err);
  add_sphere(&s, x, 0.2, 1, 1, 0);
  s.nowned = 1;
  in = input_of(&s, 1, NULL);
  GS_CHECK(gs_grid_build(&in, &l, err) == 0 && l.npairs == 0 && l.start[1] == 0, "one sphere: no pairs %s", err);
  s.nowned = 0;
  in = input_of(&s, 1, NULL);
  GS_CHECK(gs_grid_build(&in, &l, err) == 0 && l.npairs == 0, "one ghost: no rows %s", err);

  s.r[0] = -1;
  s.nowned = 1;
  in = input_of(&s, 1, NULL);
  GS_CHECK(gs_grid_build(&in, &l, err) == -1 && strstr(err, "radius"), "a negative radius is refused: %s", err);
  s.r[0] = 0.2;
  s.x[1] = NAN;
  in = input_of(&s, 1, NULL);
  GS_CHECK(gs_grid_build(&in, &l, err) == -1 && strstr(err, "position"), "a non-numeric position is refused: %s", err);
  s.x[1] = 0.5;
  in = input_of(&s, 1, NULL);
  in.nowned = 2;
  GS_CHECK(gs_grid_build(&in, &l, err) == -1 && strstr(err, "owned"), "more owned than spheres is refused: %s", err);
  {
    gs_grid_exclusions ex;
    memset(&ex, 0, sizeof(ex));
    ex.nmol = 1;
    ex.mol_bit[0] = 1;
    in = input_of(&s, 1, &ex);
    in.molecule = NULL;
    GS_CHECK(gs_grid_build(&in, &l, err) == -1 && strstr(err, "molecules"),
             "molecule exclusions without molecules are refused: %s", err);
  }
  gs_grid_lists_free(&l);
  free_scene(&s);
}

/* the per-sphere pieces, at their edges */
static void test_pieces(void)
{
  gs_grid g;
  int count[GS_GRID_MAX_LEVELS] = {0}, lo[3], hi[3], k, lv, wide = 0, capped = 1, offset = 0;
  double largest[GS_GRID_MAX_LEVELS] = {0};
  const double blo[3] = {0, 0, 0}, bhi[3] = {100, 100, 100};
  double x[3] = {50, 50, 50};
  const double a[3] = {1, 1, 1}, above_z[3] = {0, 0, 2}, above_y[3] = {0, 2, 1}, above_x[3] = {2, 1, 1};
  GS_CHECK(gs_grid_candidate(1.5625, 0.5, 0.5, 0.25) && !gs_grid_candidate(1.5625000000000002, 0.5, 0.5, 0.25),
           "candidate: d^2 <= (ri + rj + skin)^2, equality included (LAMMPS' rsq <= cutsq)");
  GS_CHECK(gs_grid_ghost_above(a, above_z) && gs_grid_ghost_above(a, above_y) && gs_grid_ghost_above(a, above_x) &&
             !gs_grid_ghost_above(above_z, a) && !gs_grid_ghost_above(above_y, a) &&
             !gs_grid_ghost_above(above_x, a) && !gs_grid_ghost_above(a, a),
           "ghost rule: above by z, then y, then x; antisymmetric, a coincident ghost kept by neither");
  GS_CHECK(gs_grid_row(0, 5, 3, 1, a, above_z) == 0 && gs_grid_row(0, 5, 3, 1, above_z, a) == -1 &&
             gs_grid_row(5, 0, 3, 1, above_z, a) == 0 && gs_grid_row(5, 0, 3, 1, a, above_z) == -1 &&
             gs_grid_row(5, 0, 3, 0, a, above_z) == 0 && gs_grid_row(5, 6, 3, 0, a, above_z) == -1 &&
             gs_grid_row(2, 1, 3, 1, a, above_z) == 2,
           "row rule: the owned finder, else the owned partner, under newton's ghost rule; two ghosts none");

  gs_grid_choose_levels(&g, 0.01, 1.0, 2.0, 0, 0.01);
  GS_CHECK(g.nlevels == 7 && g.rcap[6] == 1.0 / 64, "R = 100, ratio 2: 7 levels, the finest cap 1/64 (%d)",
           g.nlevels);
  GS_CHECK(gs_grid_level_of(&g, 1.0) == 0 && gs_grid_level_of(&g, 0.5) == 1 && gs_grid_level_of(&g, 0.5000001) == 0 &&
             gs_grid_level_of(&g, 0.01) == 6 && gs_grid_level_of(&g, 2.0) == 0,
           "level_of: radii in (rcap[l+1], rcap[l]] at level l");
  count[0] = 1, count[3] = 5, count[6] = 100;
  largest[0] = 1.0, largest[3] = 0.1, largest[6] = 1.0 / 64;
  gs_grid_fit_levels(&g, count, largest);
  GS_CHECK(g.nlevels == 3 && g.rcap[1] == 0.1 && count[1] == 5 && gs_grid_level_of(&g, 0.1) == 1 &&
             gs_grid_level_of(&g, 0.1 + 1e-12) == 0 && gs_grid_level_of(&g, 1.0 / 64) == 2,
           "empty levels dropped, caps lowered to their largest radius");
  GS_CHECK(gs_grid_place_cells(&g, blo, bhi, count) == 0 && g.n[0][0] == 2 && g.n[0][1] == 2 && g.n[0][2] == 2,
           "one coarse sphere gets at most 8 cells (%d x %d x %d)", g.n[0][0], g.n[0][1], g.n[0][2]);
  for (lv = 0; lv < g.nlevels; lv++) {
    const int cells = g.n[lv][0] * g.n[lv][1] * g.n[lv][2];
    capped = capped && cells <= GS_GRID_CELLS_PER_POINT * count[lv] && g.cell_offset[lv] == offset;
    for (k = 0; k < 3; k++) capped = capped && g.cell[lv][k] >= 2 * g.rcap[lv] + g.skin;
    offset += cells;
  }
  GS_CHECK(capped && g.ncells == offset && g.n[2][0] > 1,
           "cells at most 8 per sphere of a level, wide enough, ids level after level (%d cells)", g.ncells);
  gs_grid_range(&g, 2, x, 1.0 / 64, lo, hi);
  for (k = 0; k < 3; k++) wide = wide || hi[k] - lo[k] > 2 || hi[k] < lo[k];
  gs_grid_range(&g, 0, x, 1.0 / 64, lo, hi); /* x on the boundary of the two coarse cells */
  GS_CHECK(!wide && lo[0] == 0 && hi[0] == 1 && lo[2] == 0 && hi[2] == 1,
           "range: at most 3 cells a direction, only those within reach");
  x[0] = 10.0;
  gs_grid_range(&g, 0, x, 1.0 / 64, lo, hi);
  GS_CHECK(lo[0] == 0 && hi[0] == 0, "range: one cell where the reach stays inside it");

  {
    /* 20000 spheres (160000 cells at most) in a box of 30 x 30 stretched to 1e6 along z by one far
     * out: the cells leave the stretch, the bed keeps its 28 x 28 (shrunk alike: 1 x 1 x 56952, the
     * bed in one cell); a cube divides alike in every direction */
    const double stretched_hi[3] = {30.0, 30.0, 1e6}, cube_hi[3] = {100.0, 100.0, 100.0}, origin[3] = {0.0, 0.0, 0.0};
    int many[1] = {20000};
    gs_grid_choose_levels(&g, 0.5, 0.5, 3.0, 1, 0.05);
    GS_CHECK(gs_grid_place_cells(&g, origin, stretched_hi, many) == 0 && g.n[0][0] == 28 && g.n[0][1] == 28 &&
               g.n[0][2] == 204,
             "a box stretched by one sphere far out: the cells go from the stretch (%d x %d x %d)", g.n[0][0],
             g.n[0][1], g.n[0][2]);
    many[0] = 10000;
    gs_grid_choose_levels(&g, 0.5, 0.5, 3.0, 1, 0.05);
    GS_CHECK(gs_grid_place_cells(&g, origin, cube_hi, many) == 0 && g.n[0][0] == 43 && g.n[0][1] == 43 &&
               g.n[0][2] == 43 && g.ncells <= GS_GRID_CELLS_PER_POINT * many[0],
             "a sparse cube: 43 cells a direction, at most 8 per sphere (%d x %d x %d)", g.n[0][0], g.n[0][1],
             g.n[0][2]);
  }
}

int main(void)
{
  test_pieces();
  test_small_and_refused();
  test_polydisperse();
  test_small_box();
  test_exclusions();
  test_boundaries();
  test_determinism();
  test_touch_flag();
  return gs_check_summary();
}
