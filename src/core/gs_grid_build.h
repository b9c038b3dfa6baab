/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: the serial host driver of the hierarchical grid (gs_grid.h): LAMMPS-style half lists of
 * contact candidates, in compressed rows, for owned spheres and their ghosts.
 *
 * Every pair with |xi - xj|^2 <= (ri + rj + skin)^2 that no exclusion drops is listed once: two owned
 * spheres in one of their rows; an owned sphere and a ghost in the owned one's row, with newton on
 * only when the ghost lies above it (gs_grid_ghost_above()); two ghosts never. Indices, never tags:
 * a ghost may be a periodic image of an owned sphere, even a neighbour of it.
 *
 * Each sphere, owned or ghost, searches its own level and the coarser ones; a ghost only for owned
 * partners. The spheres of a block of cells (a coarser cell wide) share one gathering of the
 * coarser levels' spheres they can reach. Rows are deterministic, since forces are summed in row
 * order: row i holds first the pairs i found itself, in the order the search visits them (ascending
 * cell id, then index), then the pairs ghosts found and pushed to it, by ascending index. The build
 * is one search, block by block of cells, that appends each finder's own pairs as a run and the
 * pushed pairs as (row, partner), then a count, an exclusive scan and a placement of both in the
 * rows, then a sort of each row's pushed part (the Kokkos driver,
 * src/KOKKOS/gransync_kokkos_grid.h, gives the same rows: a room per sphere instead of the
 * appending, atomic slots for the pushed pairs). A ghost searches only where an owned sphere can be
 * within its reach (gs_grid_ghost_reaches()). */
#ifndef GS_GRID_BUILD_H
#define GS_GRID_BUILD_H

#include "gs_contact.h" /* GS_ERRLEN */
#include "gs_grid.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_grid_input {
  int n, nowned;        /* the first nowned of the n spheres are owned, the rest ghosts */
  const double *x;      /* 3 per sphere */
  const double *radius;
  double lo[3], hi[3];  /* a box around every sphere (LAMMPS' subdomain with its ghost cutoff) */
  double skin;
  int newton;
  double level_ratio;   /* of consecutive levels' caps; <= 1: GS_GRID_DEFAULT_RATIO */
  int max_levels;       /* 0: GS_GRID_MAX_LEVELS; 1: one level of cells 2 rmax + skin, as LAMMPS' bins */
  const gs_grid_exclusions *exclude; /* NULL or empty: none; else the arrays it reads, per sphere: */
  const int *type, *mask;
  const long long *molecule;
  int touch_flag;       /* or'd into a listed partner that touches, |xi - xj| < ri + rj (LAMMPS' history bit);
                         * 0, or one bit up to 1 << 30 above every index (n <= touch_flag) */
} gs_grid_input;

/* The lists and the workspace behind them, grown as needed and kept for the next build; start
 * zeroed, free with gs_grid_lists_free(). */
typedef struct gs_grid_lists {
  gs_grid grid; /* the grid of the last build */
  int nowned;
  int *start;   /* nowned + 1: row i is neigh[start[i] .. start[i + 1]) */
  int *nfound;  /* nowned: the first nfound[i] of row i are the pairs i found itself */
  int *neigh;
  long long npairs, ncells_visited, ncandidates; /* ncandidates: distance tests, of one search */
  /* workspace */
  int *level, *sphere_cell; /* per sphere: its level and cell */
  int *cell_start;          /* ncells + 1: cell c's spheres are slots cell_start[c] .. cell_start[c + 1] */
  int *cell_ghost;          /* ncells: the first ghost slot of cell c (slots ascend by index) */
  double *slot_xr;          /* 4 per slot: x, y, z, radius, copied in cell order for the search */
  int *slot_index;          /* the sphere in each slot */
  int *pushed;              /* nowned: pairs pushed to each row */
  int *own_first;           /* nowned: where each owned sphere's own pairs start in own_pairs */
  int *own_pairs;           /* the search's own pairs, finder by finder */
  int *push_pairs;          /* the search's pushed pairs: (row, partner) */
  int *gather, ngather;     /* the slots of coarser levels one block of cells can reach */
  int *block_cells;         /* the cells of that block whose spheres can have a pair */
  size_t cap_start, cap_nfound, cap_neigh, cap_level, cap_sphere_cell, cap_cell_start, cap_cell_ghost, cap_slot_xr,
    cap_slot_index, cap_pushed, cap_own_first, cap_own_pairs, cap_push_pairs, cap_gather,
    cap_block_cells;
} gs_grid_lists;

/* Builds the lists. Returns 0, or -1 with a message in err (GS_ERRLEN); the lists are then invalid
 * until a later build succeeds. */
int gs_grid_build(const gs_grid_input *in, gs_grid_lists *out, char *err);

/* bytes the lists and their workspace hold now */
size_t gs_grid_lists_bytes(const gs_grid_lists *l);

void gs_grid_lists_free(gs_grid_lists *l);

#ifdef __cplusplus
}
#endif

#endif
