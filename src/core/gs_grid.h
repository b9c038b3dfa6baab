/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: a hierarchical grid for the contact candidates of polydisperse spheres, after Ogarko &
 * Luding, "A fast multilevel algorithm for contact detection of arbitrarily polydisperse objects",
 * Comput. Phys. Commun. 183 (2012) 931.
 *
 * One grid whose cells must hold the largest pair (LAMMPS' bins) puts ~R^3 fines of a size ratio R
 * in each cell, so its cost grows as R^3. Here level l holds the radii in (rcap[l+1], rcap[l]] in
 * cells of at least 2 rcap[l] + skin: a sphere of level l meets its partners of level m <= l (as
 * coarse or coarser) within its cell of level m and the next one in each direction, and finds them
 * there; a pair of two levels is found once, from the finer sphere. The caps fall geometrically
 * from the largest radius; levels no radius falls in are dropped, and each cap is lowered to the
 * largest radius its level holds (fines of 1/8 then get cells of their own size at any ratio).
 * Ogarko & Luding find a ratio near 2 best when counting distance tests; here each level also costs
 * every finer sphere a visit of its cells, and bench/grid_cost.c measures ratio 3 within ~15% of the
 * fastest for continuous radii of R = 8-100, ratio 2 10-40% slower (fewer tests, more levels): 3 is
 * the default.
 *
 * This header holds the per-sphere pieces, the same on host and device: the level and cell of a
 * sphere, the cells a query visits, the contact-candidate test, the row a pair goes to and LAMMPS'
 * neigh_modify exclusions. gs_grid_build.c is the serial host driver that fills the lists.
 * Plain C99 that also compiles as C++ and CUDA; no C-only syntax here. */
#ifndef GS_GRID_H
#define GS_GRID_H

#include "gs_vec.h"

#include <float.h>
#include <limits.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_GRID_MAX_LEVELS 16
#define GS_GRID_DEFAULT_RATIO 3.0
/* cells of a level at most this many times its spheres, so that memory stays O(n) */
#define GS_GRID_CELLS_PER_POINT 8
/* Cells are this much (relatively) wider than the widest reach, and queries reach this much further:
 * round-off in the cell indices then never hides a partner (for coordinates up to ~1e9 reaches). */
#define GS_GRID_MARGIN 1e-6

typedef struct gs_grid {
  int nlevels;
  int ncells; /* all levels: cell ids are cell_offset[l] + ix + n[l][0] (iy + n[l][1] iz) */
  double skin;
  double rcap[GS_GRID_MAX_LEVELS]; /* largest radius level l holds; rcap[0] is the largest radius */
  double lo[GS_GRID_MAX_LEVELS][3];
  double cell[GS_GRID_MAX_LEVELS][3]; /* >= (2 rcap + skin)(1 + GS_GRID_MARGIN) where n > 1 */
  double inv_cell[GS_GRID_MAX_LEVELS][3]; /* 0 where n == 1 */
  int n[GS_GRID_MAX_LEVELS][3];
  int cell_offset[GS_GRID_MAX_LEVELS];
  /* the box around the owned spheres (gs_grid_set_owned_box()): a ghost searches only within reach of it */
  double owned_lo[3], owned_hi[3];
} gs_grid;

/* ---- levels and cells --------------------------------------------------------------------------- */

/* Caps rmax, rmax / ratio, ... down to the first at or below which rmin still lies, at most
 * max_levels (0 or more than GS_GRID_MAX_LEVELS: GS_GRID_MAX_LEVELS; 1: a single level, LAMMPS'
 * bins); the finest level takes every radius below its cap. ratio <= 1 takes the default. */
GS_FN void gs_grid_choose_levels(gs_grid *g, double rmin, double rmax, double ratio, int max_levels, double skin)
{
  int l = 1;
  if (max_levels < 1 || max_levels > GS_GRID_MAX_LEVELS) max_levels = GS_GRID_MAX_LEVELS;
  if (!(ratio > 1.0)) ratio = GS_GRID_DEFAULT_RATIO;
  g->skin = skin;
  g->rcap[0] = rmax;
  while (l < max_levels && g->rcap[l - 1] / ratio >= rmin) {
    g->rcap[l] = g->rcap[l - 1] / ratio;
    l++;
  }
  g->nlevels = l;
  g->ncells = 0;
}

/* the finest level whose cap holds the radius (0 = coarsest; 0 also above rcap[0]) */
GS_FN int gs_grid_level_of(const gs_grid *g, double radius)
{
  int l = g->nlevels - 1;
  while (l > 0 && radius > g->rcap[l]) l--;
  return l;
}

/* Fits the levels to the radii: drops those whose count (of the spheres gs_grid_level_of() puts
 * there) is zero and lowers each cap to its largest radius, compacting count alongside. A sphere's
 * level stays what gs_grid_level_of() gives, now and after this. */
GS_FN void gs_grid_fit_levels(gs_grid *g, int *count, const double *largest)
{
  int l, kept = 0;
  for (l = 0; l < g->nlevels; l++)
    if (count[l] > 0 || (l == g->nlevels - 1 && kept == 0)) {
      g->rcap[kept] = count[l] > 0 ? largest[l] : g->rcap[l];
      count[kept] = count[l];
      kept++;
    }
  g->nlevels = kept;
}

/* The largest count each direction may keep, so that the product of min(n[d], limit) stays within
 * cap: the cells go from the most divided directions first. A box stretched along one direction by
 * a few spheres far out (one grain escaped from a hopper in a shrink-wrapped box) then loses cells
 * along that stretch, where they are empty, while a bed keeps its own; shrinking every direction
 * alike crowded such a bed into a few cells. */
GS_FN double gs_grid_cells_limit(const double *n, double cap)
{
  double lo = 1.0, hi = n[0] > n[1] ? (n[0] > n[2] ? n[0] : n[2]) : (n[1] > n[2] ? n[1] : n[2]);
  while (hi - lo > 0.5) { /* integers: the largest limit whose product is within cap, by bisection */
    const double mid = floor(0.5 * (lo + hi + 1.0));
    const double kept = (n[0] < mid ? n[0] : mid) * (n[1] < mid ? n[1] : mid) * (n[2] < mid ? n[2] : mid);
    if (kept <= cap)
      lo = mid;
    else
      hi = mid - 1.0;
  }
  return lo;
}

/* Cells of each level covering the box [lo, hi] (spheres outside go to the edge cells, which stays
 * correct, only slower): as many as fit at the level's smallest size, at most
 * GS_GRID_CELLS_PER_POINT per sphere of the level (fewer cells are wider, which the stencil allows;
 * gs_grid_cells_limit() says where they go). Returns 0, or -1 when the cells would overflow an int. */
GS_FN int gs_grid_place_cells(gs_grid *g, const double *lo, const double *hi, const int *count)
{
  double total = 0.0;
  int l, d;
  for (l = 0; l < g->nlevels; l++) {
    const double smallest = (2.0 * g->rcap[l] + g->skin) * (1.0 + GS_GRID_MARGIN);
    const double cap = count[l] > 0 ? (double) GS_GRID_CELLS_PER_POINT * count[l] : 1.0;
    double extent[3], nd[3], limit;
    for (d = 0; d < 3; d++) {
      extent[d] = hi[d] > lo[d] ? hi[d] - lo[d] : 0.0;
      nd[d] = smallest > 0.0 ? floor(extent[d] / smallest) : cap; /* inf and nan fall to the clamps */
      if (!(nd[d] <= cap)) nd[d] = cap;
      if (!(nd[d] >= 1.0)) nd[d] = 1.0;
    }
    limit = gs_grid_cells_limit(nd, cap);
    for (d = 0; d < 3; d++) {
      if (nd[d] > limit) nd[d] = limit;
      g->n[l][d] = (int) nd[d];
      g->lo[l][d] = lo[d];
      g->cell[l][d] = g->n[l][d] > 1 ? extent[d] / nd[d] : (extent[d] > smallest ? extent[d] : smallest);
      g->inv_cell[l][d] = g->n[l][d] > 1 ? nd[d] / extent[d] : 0.0;
    }
    if (total > (double) INT_MAX) return -1;
    g->cell_offset[l] = (int) total;
    total += nd[0] * nd[1] * nd[2];
  }
  if (total > (double) INT_MAX) return -1;
  g->ncells = (int) total;
  return 0;
}

/* the cell index of coordinate x in direction d of a level, clamped into the grid (nan to 0) */
GS_FN int gs_grid_index(const gs_grid *g, int level, int d, double x)
{
  const double t = (x - g->lo[level][d]) * g->inv_cell[level][d];
  const int n = g->n[level][d];
  if (!(t >= 0.0)) return 0;
  if (t >= (double) n) return n - 1;
  return (int) t;
}

GS_FN int gs_grid_cell_id(const gs_grid *g, int level, int ix, int iy, int iz)
{
  return g->cell_offset[level] + ix + g->n[level][0] * (iy + g->n[level][1] * iz);
}

/* the global cell id of point x at a level */
GS_FN int gs_grid_cell_of(const gs_grid *g, int level, const double *x)
{
  return gs_grid_cell_id(g, level, gs_grid_index(g, level, 0, x[0]), gs_grid_index(g, level, 1, x[1]),
                         gs_grid_index(g, level, 2, x[2]));
}

/* The cells [lo[d], hi[d]] of level m that can hold a partner j (radius <= rcap[m]) of the sphere
 * (x, r) with |x - xj| <= r + rj + skin; needs r <= rcap[m] (the query's level at or finer than
 * m). Then the reach is below one cell, so at most 3 cells per direction, around x's own. */
GS_FN void gs_grid_range(const gs_grid *g, int m, const double *x, double r, int *lo, int *hi)
{
  const double reach = (r + g->rcap[m] + g->skin) * (1.0 + GS_GRID_MARGIN);
  int d;
  for (d = 0; d < 3; d++) {
    const int c = gs_grid_index(g, m, d, x[d]);
    const int a = gs_grid_index(g, m, d, x[d] - reach), b = gs_grid_index(g, m, d, x[d] + reach);
    lo[d] = a < c - 1 ? c - 1 : a;
    hi[d] = b > c + 1 ? c + 1 : b;
  }
}

/* The box around the owned spheres, from their bounds (lo above hi: none owned). */
GS_FN void gs_grid_set_owned_box(gs_grid *g, const double *lo, const double *hi)
{
  int d;
  for (d = 0; d < 3; d++) {
    g->owned_lo[d] = lo[d] <= hi[d] ? lo[d] : DBL_MAX;
    g->owned_hi[d] = lo[d] <= hi[d] ? hi[d] : -DBL_MAX;
  }
}

/* Whether a ghost (x, r) can have an owned partner of level m (or finer): every owned sphere lies in
 * the owned box, so a partner needs the box within r + rcap[m] + skin. LAMMPS' ghost shell is as
 * deep as the largest pair's reach, and its ghosts outnumber the owned spheres on a small rank; a
 * fine ghost deeper than its own pairs' reach searches no further than the coarse levels, and one
 * deeper than any reach not at all. */
GS_FN int gs_grid_ghost_reaches(const gs_grid *g, int m, const double *x, double r)
{
  const double reach = (r + g->rcap[m] + g->skin) * (1.0 + GS_GRID_MARGIN);
  double d2 = 0.0;
  int d;
  for (d = 0; d < 3; d++) {
    const double out = x[d] < g->owned_lo[d] ? g->owned_lo[d] - x[d] : (x[d] > g->owned_hi[d] ? x[d] - g->owned_hi[d] : 0.0);
    d2 += out * out;
  }
  return d2 <= reach * reach;
}

/* ---- pairs -------------------------------------------------------------------------------------- */

/* LAMMPS' `size` neighbor lists: j is a neighbour of i when rsq <= (radi + radj + skin)^2 (npair_bin.cpp,
 * SIZE branch; equality included), evaluated in this order. */
GS_FN int gs_grid_candidate(double dx2, double ri, double rj, double skin)
{
  const double cut = ri + rj + skin;
  return dx2 <= cut * cut;
}

/* LAMMPS' half list with newton on keeps an owned-ghost pair in the owned atom i's row when the
 * ghost j lies "above" i (z, then y, then x). Strict in all three, so antisymmetric: of two ranks
 * (or two periodic images) exactly one keeps a pair, and a ghost on top of i is kept by neither
 * (stock keeps it in both). */
GS_FN int gs_grid_ghost_above(const double *xi, const double *xj)
{
  if (xj[2] != xi[2]) return xj[2] > xi[2];
  if (xj[1] != xi[1]) return xj[1] > xi[1];
  return xj[0] > xi[0];
}

/* The row a pair goes to, found by sphere a (the finer one, or at one level the one earlier in
 * (cell, index) order) with partner b; indices below nowned are owned. -1: no row on this rank:
 * two ghosts, or with newton on an owned-ghost pair whose ghost is not above the owned atom.
 * Owned a keeps it; a ghost a pushes it to b's row. */
GS_FN int gs_grid_row(int a, int b, int nowned, int newton, const double *xa, const double *xb)
{
  if (a < nowned) return (b < nowned || !newton || gs_grid_ghost_above(xa, xb)) ? a : -1;
  if (b < nowned && (!newton || gs_grid_ghost_above(xb, xa))) return b;
  return -1;
}

/* the heap v[0..end-1] (by v & key_bits) restored below root */
GS_FN void gs_grid_sift_keyed(int *v, int root, int end, int key_bits)
{
  while (2 * root + 1 < end) {
    int child = 2 * root + 1;
    const int t = v[root];
    if (child + 1 < end && (v[child + 1] & key_bits) > (v[child] & key_bits)) child++;
    if ((t & key_bits) >= (v[child] & key_bits)) return;
    v[root] = v[child];
    v[child] = t;
    root = child;
  }
}

/* v[0..n-1] in ascending order of v & key_bits (bits outside key_bits are flags that ride along;
 * keys are distinct: a row holds a partner once, a cell a sphere once): insertion sort for the few
 * a cell or a row's pushed part usually holds, heapsort beyond (a large sphere's row of fines, a
 * small box crowded into few cells). One sort for the serial and the Kokkos drivers. */
GS_FN void gs_grid_sort_keyed(int *v, int n, int key_bits)
{
  int k, j;
  if (n <= 32) {
    for (k = 1; k < n; k++) {
      const int value = v[k], key = value & key_bits;
      for (j = k; j > 0 && (v[j - 1] & key_bits) > key; j--) v[j] = v[j - 1];
      v[j] = value;
    }
    return;
  }
  for (k = n / 2 - 1; k >= 0; k--) gs_grid_sift_keyed(v, k, n, key_bits);
  for (k = n - 1; k > 0; k--) {
    const int largest = v[0];
    v[0] = v[k];
    v[k] = largest;
    gs_grid_sift_keyed(v, 0, k, key_bits);
  }
}

/* ---- neigh_modify exclude ----------------------------------------------------------------------- */

#define GS_GRID_MAX_EXCLUDE 32

/* LAMMPS' exclusions: `type M N` (either order), `group G1 G2` (one atom in each, either way round),
 * `molecule/intra G` (both in G, same molecule) and `molecule/inter G` (both in G, different
 * molecules); groups as their mask bits. */
typedef struct gs_grid_exclusions {
  int ntype, ngroup, nmol;
  int type[GS_GRID_MAX_EXCLUDE][2];
  int group_bit[GS_GRID_MAX_EXCLUDE][2];
  int mol_bit[GS_GRID_MAX_EXCLUDE];
  int mol_intra[GS_GRID_MAX_EXCLUDE]; /* 1: molecule/intra, 0: molecule/inter */
} gs_grid_exclusions;

GS_FN int gs_grid_has_exclusions(const gs_grid_exclusions *ex)
{
  return ex && (ex->ntype > 0 || ex->ngroup > 0 || ex->nmol > 0);
}

/* whether the pair is excluded (NPair::exclusion's rules) */
GS_FN int gs_grid_excluded(const gs_grid_exclusions *ex, int ti, int tj, int maski, int maskj, long long moli,
                           long long molj)
{
  int m;
  for (m = 0; m < ex->ntype; m++)
    if ((ti == ex->type[m][0] && tj == ex->type[m][1]) || (ti == ex->type[m][1] && tj == ex->type[m][0])) return 1;
  for (m = 0; m < ex->ngroup; m++) {
    const int b1 = ex->group_bit[m][0], b2 = ex->group_bit[m][1];
    if (((maski & b1) && (maskj & b2)) || ((maski & b2) && (maskj & b1))) return 1;
  }
  for (m = 0; m < ex->nmol; m++)
    if ((maski & ex->mol_bit[m]) && (maskj & ex->mol_bit[m]) && ((moli == molj) == (ex->mol_intra[m] != 0))) return 1;
  return 0;
}

#ifdef __cplusplus
}
#endif

#endif
