/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: the serial host driver of the hierarchical grid (gs_grid_build.h). */
#include "gs_grid_build.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p with room for need elements, grown with headroom (the next builds then rarely grow); on failure
 * p unchanged and *failed set */
static void *reserve(void *p, size_t *cap, size_t need, size_t size, int *failed)
{
  void *grown;
  if (need <= *cap) return p;
  need += need / 4;
  grown = realloc(p, need * size);
  if (!grown) {
    *failed = 1;
    return p;
  }
  *cap = need;
  return grown;
}

static int check_input(const gs_grid_input *in, char *err)
{
  int i, k;
  if (in->n < 0 || in->nowned < 0 || in->nowned > in->n) {
    snprintf(err, GS_ERRLEN, "grid build: %d owned of %d spheres", in->nowned, in->n);
    return -1;
  }
  if (in->n > 0 && (!in->x || !in->radius)) {
    snprintf(err, GS_ERRLEN, "grid build: no positions or radii");
    return -1;
  }
  if (in->touch_flag && ((in->touch_flag & (in->touch_flag - 1)) || in->touch_flag > (1 << 30) || in->n > in->touch_flag)) {
    snprintf(err, GS_ERRLEN, "grid build: touch flag %d is not one bit above the %d spheres' indices", in->touch_flag,
             in->n);
    return -1;
  }
  if (!(in->skin >= 0.0) || !isfinite(in->skin)) {
    snprintf(err, GS_ERRLEN, "grid build: skin %g", in->skin);
    return -1;
  }
  for (k = 0; k < 3; k++)
    if (!isfinite(in->lo[k]) || !isfinite(in->hi[k])) {
      snprintf(err, GS_ERRLEN, "grid build: non-numeric box");
      return -1;
    }
  if (gs_grid_has_exclusions(in->exclude) && ((in->exclude->ntype > 0 && !in->type) ||
                                              ((in->exclude->ngroup > 0 || in->exclude->nmol > 0) && !in->mask) ||
                                              (in->exclude->nmol > 0 && !in->molecule))) {
    snprintf(err, GS_ERRLEN, "grid build: exclusions without the types, masks or molecules they read");
    return -1;
  }
  for (i = 0; i < in->n; i++) {
    const double *x = in->x + 3 * (size_t) i;
    if (!(in->radius[i] >= 0.0) || !isfinite(in->radius[i])) {
      snprintf(err, GS_ERRLEN, "grid build: sphere %d has radius %g", i, in->radius[i]);
      return -1;
    }
    if (!isfinite(x[0]) || !isfinite(x[1]) || !isfinite(x[2])) {
      snprintf(err, GS_ERRLEN, "grid build: non-numeric position of sphere %d", i);
      return -1;
    }
  }
  return 0;
}

/* levels and cells for the radii and the box; the spheres' levels into l->level */
static int place_grid(const gs_grid_input *in, gs_grid_lists *l, char *err)
{
  gs_grid *g = &l->grid;
  int count[GS_GRID_MAX_LEVELS] = {0};
  double largest[GS_GRID_MAX_LEVELS] = {0};
  double rmin = in->n > 0 ? in->radius[0] : 0.0, rmax = rmin;
  int i;
  for (i = 1; i < in->n; i++) {
    if (in->radius[i] < rmin) rmin = in->radius[i];
    if (in->radius[i] > rmax) rmax = in->radius[i];
  }
  gs_grid_choose_levels(g, rmin, rmax, in->level_ratio, in->max_levels, in->skin);
  for (i = 0; i < in->n; i++) {
    const int lv = gs_grid_level_of(g, in->radius[i]);
    count[lv]++;
    if (in->radius[i] > largest[lv]) largest[lv] = in->radius[i];
  }
  gs_grid_fit_levels(g, count, largest);
  for (i = 0; i < in->n; i++) l->level[i] = gs_grid_level_of(g, in->radius[i]);
  if (gs_grid_place_cells(g, in->lo, in->hi, count)) {
    snprintf(err, GS_ERRLEN, "grid build: too many cells");
    return -1;
  }
  {
    double lo[3] = {1.0, 1.0, 1.0}, hi[3] = {0.0, 0.0, 0.0};
    int d;
    for (i = 0; i < in->nowned; i++)
      for (d = 0; d < 3; d++) {
        const double x = in->x[3 * (size_t) i + d];
        if (i == 0 || x < lo[d]) lo[d] = x;
        if (i == 0 || x > hi[d]) hi[d] = x;
      }
    gs_grid_set_owned_box(g, lo, hi);
  }
  return 0;
}

/* Counting sort of the spheres into the cells of their levels; slots ascend by index within a cell,
 * so owned spheres come first. */
static void sort_into_cells(const gs_grid_input *in, gs_grid_lists *l)
{
  const int ncells = l->grid.ncells;
  int i, c, sum = 0;
  memset(l->cell_start, 0, sizeof(int) * (size_t) ncells);
  memset(l->cell_ghost, 0, sizeof(int) * (size_t) ncells);
  for (i = 0; i < in->n; i++) {
    c = gs_grid_cell_of(&l->grid, l->level[i], in->x + 3 * (size_t) i);
    l->sphere_cell[i] = c;
    l->cell_start[c]++;
    if (i < in->nowned) l->cell_ghost[c]++;
  }
  for (c = 0; c < ncells; c++) { /* inclusive: each cell's end, counted down below to its start */
    sum += l->cell_start[c];
    l->cell_start[c] = sum;
  }
  for (i = in->n - 1; i >= 0; i--) {
    const int p = --l->cell_start[l->sphere_cell[i]];
    double *xr = l->slot_xr + 4 * (size_t) p;
    l->slot_index[p] = i;
    gs_copy3(in->x + 3 * (size_t) i, xr);
    xr[3] = in->radius[i];
  }
  l->cell_start[ncells] = in->n;
  for (c = 0; c < ncells; c++) l->cell_ghost[c] += l->cell_start[c];
}

typedef struct search {
  const gs_grid_input *in;
  gs_grid_lists *l;
  int exclude, failed;
  long long cells, candidates;
  size_t nown, npush; /* pairs in l->own_pairs, and (row, partner) pairs in l->push_pairs */
} search;

/* the pair of finder a (at xa, radius xa[3]) with the sphere in slot p, if a candidate: an owned
 * finder's own pairs appended to own_pairs, the pairs it pushes to another row to push_pairs; a
 * partner that touches (gs_spheres_overlap(), the same rsq from either end) carries touch_flag */
GS_FN_INLINE void consider(search *s, int a, const double *xa, int p, int *found)
{
  const gs_grid_input *in = s->in;
  gs_grid_lists *l = s->l;
  const double *q = l->slot_xr + 4 * (size_t) p;
  const double dx = xa[0] - q[0], dy = xa[1] - q[1], dz = xa[2] - q[2];
  const double rsq = dx * dx + dy * dy + dz * dz;
  int b, row, flag;
  if (!gs_grid_candidate(rsq, xa[3], q[3], l->grid.skin)) return;
  b = l->slot_index[p];
  if (s->exclude &&
      gs_grid_excluded(in->exclude, in->type ? in->type[a] : 0, in->type ? in->type[b] : 0, in->mask ? in->mask[a] : 0,
                       in->mask ? in->mask[b] : 0, in->molecule ? in->molecule[a] : 0,
                       in->molecule ? in->molecule[b] : 0))
    return;
  flag = gs_spheres_overlap(rsq, xa[3], q[3]) ? in->touch_flag : 0;
  row = gs_grid_row(a, b, in->nowned, in->newton, xa, q);
  if (row == a) {
    if (s->nown >= l->cap_own_pairs) {
      l->own_pairs = (int *) reserve(l->own_pairs, &l->cap_own_pairs, s->nown + 1, sizeof(int), &s->failed);
      if (s->failed) return;
    }
    l->own_pairs[s->nown++] = b | flag;
    (*found)++;
  } else if (row >= 0) {
    if (2 * (s->npush + 1) > l->cap_push_pairs) {
      l->push_pairs = (int *) reserve(l->push_pairs, &l->cap_push_pairs, 2 * (s->npush + 1), sizeof(int), &s->failed);
      if (s->failed) return;
    }
    l->push_pairs[2 * s->npush] = b;
    l->push_pairs[2 * s->npush + 1] = a | flag;
    s->npush++;
    l->pushed[b]++;
  }
}

/* Every sphere of coarser levels that a sphere of level lc in the box [lo, hi] can reach: the cells
 * of each coarser level around the box, their spheres within reach of it, by level and then
 * ascending slot, into l->gather (the finders of a block of cells share one gathering: a fine sphere
 * would otherwise visit up to 27 cells of every coarser level itself). */
static void gather_coarse(search *s, int lc, const double *lo, const double *hi)
{
  gs_grid_lists *l = s->l;
  const gs_grid *g = &l->grid;
  int m, d, p, iy, iz;
  l->ngather = 0;
  for (m = 0; m < lc; m++) {
    const double reach = (g->rcap[lc] + g->rcap[m] + g->skin) * (1.0 + GS_GRID_MARGIN);
    int clo[3], chi[3];
    for (d = 0; d < 3; d++) {
      clo[d] = gs_grid_index(g, m, d, lo[d] - reach);
      chi[d] = gs_grid_index(g, m, d, hi[d] + reach);
    }
    for (iz = clo[2]; iz <= chi[2]; iz++)
      for (iy = clo[1]; iy <= chi[1]; iy++) {
        const int from = gs_grid_cell_id(g, m, clo[0], iy, iz), to = gs_grid_cell_id(g, m, chi[0], iy, iz);
        s->cells += to - from + 1;
        for (p = l->cell_start[from]; p < l->cell_start[to + 1]; p++) {
          const double *q = l->slot_xr + 4 * (size_t) p;
          const double limit = (g->rcap[lc] + q[3] + g->skin) * (1.0 + GS_GRID_MARGIN);
          double d2 = 0.0;
          for (d = 0; d < 3; d++) {
            const double out = q[d] < lo[d] ? lo[d] - q[d] : (q[d] > hi[d] ? q[d] - hi[d] : 0.0);
            d2 += out * out;
          }
          if (d2 > limit * limit) continue;
          if ((size_t) l->ngather >= l->cap_gather) {
            l->gather = (int *) reserve(l->gather, &l->cap_gather, (size_t) l->ngather + 1, sizeof(int), &s->failed);
            if (s->failed) return;
          }
          l->gather[l->ngather++] = p;
        }
      }
  }
}

/* The pairs the sphere in slot pa (level la, cell own_cell) finds: the gathered spheres of coarser
 * levels, then on its own level those after it in (cell, index) order; a ghost only owned partners.
 * An owned finder scans each row of cells along x as one run of slots; a ghost scans each cell's
 * owned slots. An owned finder's own pairs are one run of own_pairs, from own_first[a], nfound[a]
 * long. */
GS_FN_INLINE void search_sphere(search *s, int pa, int la, int own_cell)
{
  gs_grid_lists *l = s->l;
  const gs_grid *g = &l->grid;
  const double *xa = l->slot_xr + 4 * (size_t) pa;
  const int a = l->slot_index[pa], owned = a < s->in->nowned, nowned = s->in->nowned;
  const int *GS_RESTRICT cell_start = l->cell_start;
  int found = 0, k, p, iy, iz, c, lo[3], hi[3];
  if (owned) l->own_first[a] = (int) s->nown;
  if (owned || gs_grid_ghost_reaches(g, 0, xa, xa[3])) {
    s->candidates += l->ngather;
    for (k = 0; k < l->ngather; k++)
      if (owned || l->slot_index[l->gather[k]] < nowned) consider(s, a, xa, l->gather[k], &found);
  }
  if (!owned && !gs_grid_ghost_reaches(g, la, xa, xa[3])) return;
  gs_grid_range(g, la, xa, xa[3], lo, hi);
  for (iz = lo[2]; iz <= hi[2]; iz++)
    for (iy = lo[1]; iy <= hi[1]; iy++) {
      const int first = gs_grid_cell_id(g, la, lo[0], iy, iz), last = first + hi[0] - lo[0];
      if (last < own_cell) continue;
      if (owned) {
        const int from = first <= own_cell ? own_cell : first, end = cell_start[last + 1];
        s->cells += last - from + 1;
        p = from == own_cell ? pa + 1 : cell_start[from];
        s->candidates += end > p ? end - p : 0;
        for (; p < end; p++) consider(s, a, xa, p, &found);
      } else {
        for (c = first <= own_cell ? own_cell : first; c <= last; c++) {
          const int end = l->cell_ghost[c];
          s->cells++;
          p = c == own_cell ? pa + 1 : cell_start[c];
          s->candidates += end > p ? end - p : 0;
          for (; p < end; p++) consider(s, a, xa, p, &found);
        }
      }
    }
  if (owned) l->nfound[a] = found;
}

/* whether a sphere of cell c can have a pair: an owned one, or a ghost within reach of the owned box */
static int cell_reaches(const gs_grid_lists *l, int c)
{
  int p;
  if (l->cell_ghost[c] > l->cell_start[c]) return 1;
  for (p = l->cell_start[c]; p < l->cell_start[c + 1]; p++)
    if (gs_grid_ghost_reaches(&l->grid, 0, l->slot_xr + 4 * (size_t) p, l->slot_xr[4 * (size_t) p + 3])) return 1;
  return 0;
}

/* The finders of one gathering: blocks of cells of a level about GS_GRID_GATHER_BLOCK of the next
 * coarser level's cells wide (a level's cells hold a few of its spheres each; a gathering per cell
 * would cost each fine sphere a visit of the coarse cells around it). bench/grid_cost.c, 120000
 * spheres: 1 is within 4% of the fastest of 0.25, 0.5, 1 and 2 on the gap-graded beds of R 4-100
 * and 20-40% faster than 0.5 on continuous radii of R 8-100; 2 is 5-10% faster there from R 16 on,
 * 25% slower at R 8 and 5-10% slower on the gap-graded beds. */
#define GS_GRID_GATHER_BLOCK 1.0

/* The cells of block [b, top) of level lv whose spheres can have a pair, into l->block_cells, and
 * (lo not null) the box around their spheres; returns how many */
static int block_finders(search *s, int lv, const int *b, const int *top, double *lo, double *hi)
{
  gs_grid_lists *l = s->l;
  const gs_grid *g = &l->grid;
  const size_t cells = (size_t) (top[0] - b[0]) * (size_t) (top[1] - b[1]) * (size_t) (top[2] - b[2]);
  int n = 0, c, p, d, ix, iy, iz;
  l->block_cells = (int *) reserve(l->block_cells, &l->cap_block_cells, cells, sizeof(int), &s->failed);
  if (s->failed) return 0;
  if (lo)
    for (d = 0; d < 3; d++) {
      lo[d] = DBL_MAX;
      hi[d] = -DBL_MAX;
    }
  for (iz = b[2]; iz < top[2]; iz++)
    for (iy = b[1]; iy < top[1]; iy++)
      for (ix = b[0]; ix < top[0]; ix++) {
        c = gs_grid_cell_id(g, lv, ix, iy, iz);
        if (l->cell_start[c] == l->cell_start[c + 1] || !cell_reaches(l, c)) continue;
        l->block_cells[n++] = c;
        if (lo)
          for (p = l->cell_start[c]; p < l->cell_start[c + 1]; p++)
            for (d = 0; d < 3; d++) {
              const double x = l->slot_xr[4 * (size_t) p + d];
              if (x < lo[d]) lo[d] = x;
              if (x > hi[d]) hi[d] = x;
            }
      }
  return n;
}

/* every sphere's search, block by block of cells and in cell order within one (finders near each
 * other in memory search the same cells); which finder searches first does not change the rows.
 * The coarsest level has no coarser one to gather: its blocks are single cells. */
static void search_all(search *s)
{
  const gs_grid *g = &s->l->grid;
  gs_grid_lists *l = s->l;
  int lv, i, p, d, b[3], k[3];
  for (lv = 0; lv < g->nlevels && !s->failed; lv++) {
    for (d = 0; d < 3; d++) {
      const double cells = lv > 0 ? GS_GRID_GATHER_BLOCK * g->cell[lv - 1][d] / g->cell[lv][d] : 1.0;
      k[d] = cells >= 2.0 ? (int) cells : 1;
    }
    for (b[2] = 0; b[2] < g->n[lv][2]; b[2] += k[2])
      for (b[1] = 0; b[1] < g->n[lv][1]; b[1] += k[1])
        for (b[0] = 0; b[0] < g->n[lv][0] && !s->failed; b[0] += k[0]) {
          const int top[3] = {b[0] + k[0] < g->n[lv][0] ? b[0] + k[0] : g->n[lv][0],
                              b[1] + k[1] < g->n[lv][1] ? b[1] + k[1] : g->n[lv][1],
                              b[2] + k[2] < g->n[lv][2] ? b[2] + k[2] : g->n[lv][2]};
          double lo[3] = {0.0, 0.0, 0.0}, hi[3] = {0.0, 0.0, 0.0};
          const int nfinders = block_finders(s, lv, b, top, lv > 0 ? lo : NULL, hi);
          if (nfinders == 0) continue;
          if (lv == 0)
            l->ngather = 0;
          else
            gather_coarse(s, lv, lo, hi);
          for (i = 0; i < nfinders && !s->failed; i++) {
            const int c = l->block_cells[i];
            for (p = l->cell_start[c]; p < l->cell_start[c + 1] && !s->failed; p++) search_sphere(s, p, lv, c);
          }
        }
  }
}

/* each row's pushed part by ascending index, so that rows do not depend on the search's order (the
 * touch flags ride along) */
static void sort_pushed(gs_grid_lists *l, int touch_flag)
{
  int i;
  for (i = 0; i < l->nowned; i++)
    gs_grid_sort_keyed(l->neigh + l->start[i] + l->nfound[i], l->pushed[i], ~touch_flag);
}

int gs_grid_build(const gs_grid_input *in, gs_grid_lists *l, char *err)
{
  search s;
  int failed = 0, i;
  size_t k;
  long long total = 0;
  const size_t n = (size_t) in->n, nowned = (size_t) in->nowned;
  if (check_input(in, err)) return -1;
  l->level = (int *) reserve(l->level, &l->cap_level, n, sizeof(int), &failed);
  if (failed) goto out_of_memory;
  if (place_grid(in, l, err)) return -1;
  l->sphere_cell = (int *) reserve(l->sphere_cell, &l->cap_sphere_cell, n, sizeof(int), &failed);
  l->slot_index = (int *) reserve(l->slot_index, &l->cap_slot_index, n, sizeof(int), &failed);
  l->slot_xr = (double *) reserve(l->slot_xr, &l->cap_slot_xr, 4 * n, sizeof(double), &failed);
  l->cell_start =
    (int *) reserve(l->cell_start, &l->cap_cell_start, (size_t) l->grid.ncells + 1, sizeof(int), &failed);
  l->cell_ghost = (int *) reserve(l->cell_ghost, &l->cap_cell_ghost, (size_t) l->grid.ncells, sizeof(int), &failed);
  l->start = (int *) reserve(l->start, &l->cap_start, nowned + 1, sizeof(int), &failed);
  l->nfound = (int *) reserve(l->nfound, &l->cap_nfound, nowned, sizeof(int), &failed);
  l->pushed = (int *) reserve(l->pushed, &l->cap_pushed, nowned, sizeof(int), &failed);
  if (failed) goto out_of_memory;
  sort_into_cells(in, l);

  l->own_first = (int *) reserve(l->own_first, &l->cap_own_first, nowned, sizeof(int), &failed);
  if (failed) goto out_of_memory;
  s.in = in;
  s.l = l;
  s.exclude = gs_grid_has_exclusions(in->exclude);
  s.failed = 0;
  s.cells = s.candidates = 0;
  s.nown = s.npush = 0;
  l->nowned = in->nowned;
  if (nowned > 0) memset(l->pushed, 0, sizeof(int) * nowned);
  search_all(&s);
  if (s.failed) goto out_of_memory;
  l->ncells_visited = s.cells;
  l->ncandidates = s.candidates;

  /* rows: each one's own run, then room for what was pushed to it */
  for (i = 0; i < in->nowned; i++) {
    l->start[i] = (int) total;
    total += l->nfound[i] + l->pushed[i];
    if (total > INT_MAX) {
      snprintf(err, GS_ERRLEN, "grid build: more than %d pairs", INT_MAX);
      return -1;
    }
  }
  l->start[in->nowned] = (int) total;
  l->npairs = total;
  l->neigh = (int *) reserve(l->neigh, &l->cap_neigh, (size_t) total, sizeof(int), &failed);
  if (failed) goto out_of_memory;
  for (i = 0; i < in->nowned; i++) {
    memcpy(l->neigh + l->start[i], l->own_pairs + l->own_first[i], sizeof(int) * (size_t) l->nfound[i]);
    l->pushed[i] = 0;
  }
  for (k = 0; k < s.npush; k++) {
    const int row = l->push_pairs[2 * k];
    l->neigh[l->start[row] + l->nfound[row] + l->pushed[row]++] = l->push_pairs[2 * k + 1];
  }
  sort_pushed(l, in->touch_flag);
  return 0;

out_of_memory:
  snprintf(err, GS_ERRLEN, "grid build: out of memory for %d spheres", in->n);
  return -1;
}

size_t gs_grid_lists_bytes(const gs_grid_lists *l)
{
  return sizeof(int) * (l->cap_start + l->cap_nfound + l->cap_neigh + l->cap_level + l->cap_sphere_cell +
                        l->cap_cell_start + l->cap_cell_ghost + l->cap_slot_index + l->cap_pushed + l->cap_own_first +
                        l->cap_own_pairs + l->cap_push_pairs + l->cap_gather + l->cap_block_cells) +
         sizeof(double) * l->cap_slot_xr;
}

void gs_grid_lists_free(gs_grid_lists *l)
{
  free(l->start);
  free(l->nfound);
  free(l->neigh);
  free(l->level);
  free(l->sphere_cell);
  free(l->cell_start);
  free(l->cell_ghost);
  free(l->slot_xr);
  free(l->slot_index);
  free(l->pushed);
  free(l->own_first);
  free(l->own_pairs);
  free(l->push_pairs);
  free(l->gather);
  free(l->block_cells);
  memset(l, 0, sizeof(*l));
}
