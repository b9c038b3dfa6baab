/* SPDX-License-Identifier: GPL-2.0-or-later
 * Triangle meshes the LAMMPS tests write for fix wall/gran/sync/mesh: ASCII STL, binary STL and
 * OFF writers (rank 0 writes; callers barrier before reading), and the shapes they test with. */
#ifndef GS_MESH_FILES_H
#define GS_MESH_FILES_H

#include "gs_lmp.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#define GS_PI 3.14159265358979323846

typedef struct tri {
  double v[9];
} tri;

static inline void write_stl_ascii(const char *file, const tri *t, int n)
{
  FILE *fp;
  int i, k;
  if (gs_rank() != 0) return;
  fp = fopen(file, "w");
  fprintf(fp, "solid test mesh\n");
  for (i = 0; i < n; i++) {
    fprintf(fp, " facet normal 0 0 0\n  outer loop\n");
    for (k = 0; k < 3; k++) fprintf(fp, "   vertex %.17g %.17g %.17g\n", t[i].v[3 * k], t[i].v[3 * k + 1], t[i].v[3 * k + 2]);
    fprintf(fp, "  endloop\n endfacet\n");
  }
  fprintf(fp, "endsolid test mesh\n");
  fclose(fp);
}

/* float coordinates: the caller's values must be exact in float */
static inline void write_stl_binary(const char *file, const tri *t, int n)
{
  char header[80] = "binary test mesh";
  uint32_t count = (uint32_t) n;
  uint16_t attribute = 0;
  FILE *fp;
  int i, k;
  if (gs_rank() != 0) return;
  fp = fopen(file, "wb");
  fwrite(header, 1, 80, fp);
  fwrite(&count, 4, 1, fp);
  for (i = 0; i < n; i++) {
    float values[12] = {0.0f};
    for (k = 0; k < 9; k++) values[3 + k] = (float) t[i].v[k];
    fwrite(values, 4, 12, fp);
    fwrite(&attribute, 2, 1, fp);
  }
  fclose(fp);
}

/* one vertex line per triangle corner (the reader merges equal vertices) */
static inline void write_off(const char *file, const tri *t, int n)
{
  FILE *fp;
  int i, k;
  if (gs_rank() != 0) return;
  fp = fopen(file, "w");
  fprintf(fp, "OFF\n# test mesh\n%d %d 0\n", 3 * n, n);
  for (i = 0; i < n; i++)
    for (k = 0; k < 3; k++) fprintf(fp, "%.17g %.17g %.17g\n", t[i].v[3 * k], t[i].v[3 * k + 1], t[i].v[3 * k + 2]);
  for (i = 0; i < n; i++) fprintf(fp, "3 %d %d %d\n", 3 * i, 3 * i + 1, 3 * i + 2);
  fclose(fp);
}

static inline void set_tri(tri *t, const double *a, const double *b, const double *c)
{
  int k;
  for (k = 0; k < 3; k++) {
    t->v[k] = a[k];
    t->v[3 + k] = b[k];
    t->v[6 + k] = c[k];
  }
}

/* a height field z(x, y) over [x0, x1] x [y0, y1], n x n squares each split in two (alternating
 * diagonals); returns the number of triangles written to t (2 n^2) */
static inline int height_field(tri *t, double x0, double x1, double y0, double y1, int n, double (*z)(double, double))
{
  int i, j, m = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      const double xa = x0 + (x1 - x0) * i / n, xb = x0 + (x1 - x0) * (i + 1) / n;
      const double ya = y0 + (y1 - y0) * j / n, yb = y0 + (y1 - y0) * (j + 1) / n;
      double p00[3] = {xa, ya, z(xa, ya)}, p10[3] = {xb, ya, z(xb, ya)}, p01[3] = {xa, yb, z(xa, yb)},
             p11[3] = {xb, yb, z(xb, yb)};
      if ((i + j) % 2) {
        set_tri(&t[m++], p00, p10, p11);
        set_tri(&t[m++], p00, p11, p01);
      } else {
        set_tri(&t[m++], p00, p10, p01);
        set_tri(&t[m++], p10, p11, p01);
      }
    }
  return m;
}

/* a flat height field */
static inline double zero_height(double x, double y)
{
  (void) x;
  (void) y;
  return 0.0;
}

/* the inside of a cylinder of radius R around z (z from -1 to 3), n facets around, vertices on
 * the circle; 4 rings along z */
static inline int tessellated_cylinder(tri *t, double R, int n)
{
  int i, j, m = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) {
      const double a0 = 2.0 * GS_PI * i / n, a1 = 2.0 * GS_PI * (i + 1) / n, z0 = -1.0 + j, z1 = z0 + 1.0;
      double p00[3] = {R * cos(a0), R * sin(a0), z0}, p10[3] = {R * cos(a1), R * sin(a1), z0},
             p01[3] = {R * cos(a0), R * sin(a0), z1}, p11[3] = {R * cos(a1), R * sin(a1), z1};
      set_tri(&t[m++], p00, p10, p11);
      set_tri(&t[m++], p00, p11, p01);
    }
  return m;
}

/* a closed box [-1, 1]^3 of 12 triangles */
static inline int box_mesh(tri *t)
{
  static const int faces[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
  double corner[8][3];
  int i, m = 0;
  for (i = 0; i < 8; i++) {
    corner[i][0] = i & 4 ? 1.0 : -1.0;
    corner[i][1] = i & 2 ? 1.0 : -1.0;
    corner[i][2] = i & 1 ? 1.0 : -1.0;
  }
  for (i = 0; i < 6; i++) {
    set_tri(&t[m++], corner[faces[i][0]], corner[faces[i][1]], corner[faces[i][2]]);
    set_tri(&t[m++], corner[faces[i][0]], corner[faces[i][2]], corner[faces[i][3]]);
  }
  return m;
}

#endif
