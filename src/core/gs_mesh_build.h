/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: reading a triangle mesh (STL, ASCII or binary; OFF) and building the arrays of a
 * gs_mesh (gs_mesh.h) on the host: merged vertices, edges, the triangles around each edge and
 * vertex, normals and the grid. Errors are returned as messages for the caller to raise. */
#ifndef GS_MESH_BUILD_H
#define GS_MESH_BUILD_H

#include "gs_mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* what a gs_mesh points into; owned, freed by gs_mesh_data_free() */
typedef struct gs_mesh_data {
  int ntri, nvert, nedge, ncells;
  double *vert, *normal;
  int *tri_vert, *tri_edge, *edge_tri, *vert_tri_start, *vert_tri, *cell_start, *cell_tri, *tri_cell;
  double grid_lo[3], cell;
  int grid_n[3];
  double lo[3], hi[3];      /* bounding box */
  double min_edge, max_edge; /* shortest and longest edge */
} gs_mesh_data;

/* Reads the triangles of an STL (ASCII or binary, told apart by the file's size) or OFF file (by
 * its header; polygons split into fans) as 9 doubles each (x = scale * x_file + offset) into a
 * new array *soup. Returns the number of triangles, or -1 with a message in err (GS_ERRLEN). */
int gs_mesh_read(const char *path, double scale, const double *offset, double **soup, char *err);

/* Builds the mesh from ntri triangles (9 doubles each): vertices within 1e-10 of the largest
 * coordinate of each other are one. Refuses zero-area triangles and edges of more than two
 * triangles (non-manifold). Returns 0, or -1 with a message in err. */
int gs_mesh_build(const double *soup, int ntri, gs_mesh_data *d, char *err);

/* the mesh view of d, with the flat and transfer angles in degrees */
void gs_mesh_view(const gs_mesh_data *d, double flat_degrees, double transfer_degrees, gs_mesh *g);

void gs_mesh_data_free(gs_mesh_data *d);

#ifdef __cplusplus
}
#endif

#endif
