/* SPDX-License-Identifier: GPL-2.0-or-later
 * Unit tests of the triangle-mesh wall core (gs_mesh.h, gs_mesh_build.c), no LAMMPS: the STL and
 * OFF readers, the build's topology and refusals, and the contacts of spheres with flat, convex,
 * concave and tessellated meshes, the grid against a brute-force search, the transfer of history
 * between features and the separations from a feature's extension. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "gs_check.h"
#include "gs_mesh_build.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------------------------ */

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static double urand(void)
{
  return gs_splitmix_uniform(&rng_state);
}

static double urange(double lo, double hi)
{
  return lo + (hi - lo) * urand();
}

/* a growing list of triangles, 9 doubles each */
typedef struct tri_list {
  double *x;
  int n, cap;
} tri_list;

static void add_tri(tri_list *s, const double *a, const double *b, const double *c)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->x = (double *) realloc(s->x, sizeof(double) * 9 * (size_t) s->cap);
  }
  memcpy(s->x + 9 * s->n, a, 3 * sizeof(double));
  memcpy(s->x + 9 * s->n + 3, b, 3 * sizeof(double));
  memcpy(s->x + 9 * s->n + 6, c, 3 * sizeof(double));
  s->n++;
}

/* the quad a b c d as the triangles (a b c) and (a c d), as an OFF reader's fan */
static void add_quad(tri_list *s, const double *a, const double *b, const double *c, const double *d)
{
  add_tri(s, a, b, c);
  add_tri(s, a, c, d);
}

/* builds the mesh of s (checked: a failure is a failed check) and its view */
static int build(const tri_list *s, double flat, double transfer, gs_mesh_data *d, gs_mesh *g, const char *what)
{
  char err[GS_ERRLEN] = "";
  const int status = gs_mesh_build(s->x, s->n, d, err);
  if (status != 0) {
    GS_CHECK(0, "%s: the mesh builds (got: %s)", what, err);
    return -1;
  }
  gs_mesh_view(d, flat, transfer, g);
  return 0;
}

/* the kind of a contact key */
static int key_kind(const gs_mesh *g, int key)
{
  return key < g->ntri ? GS_MESH_FACE : key < g->ntri + g->nedge ? GS_MESH_EDGE : GS_MESH_VERTEX;
}

static const char *kind_name(int kind)
{
  return kind == GS_MESH_FACE ? "face" : kind == GS_MESH_EDGE ? "edge" : "vertex";
}

/* ---- meshes ------------------------------------------------------------------------------------- */

/* the unit cube [0,1]^3, outward normals: per axis a and side s the quad in the plane x_a = s with
 * corners (x_b, x_c) = (0,0) (1,0) (1,1) (0,1) (b, c the next axes), reversed on side 0. Its
 * corner (i, j, k) is OFF vertex i + 2 j + 4 k; quads[f] are the OFF faces. */
static void cube(tri_list *s, int quads[6][4])
{
  static const int bc[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  int a, side, q, k;
  for (a = 0; a < 3; a++)
    for (side = 0; side < 2; side++) {
      double p[4][3];
      int idx[4];
      for (q = 0; q < 4; q++) {
        const int qq = side ? q : 3 - q;
        int c[3];
        c[a] = side;
        c[(a + 1) % 3] = bc[qq][0];
        c[(a + 2) % 3] = bc[qq][1];
        for (k = 0; k < 3; k++) p[q][k] = c[k];
        idx[q] = c[0] + 2 * c[1] + 4 * c[2];
      }
      add_quad(s, p[0], p[1], p[2], p[3]);
      if (quads)
        for (q = 0; q < 4; q++) quads[2 * a + side][q] = idx[q];
    }
}

/* the square [-1,1]^2 at z = 0 of n x n squares, each split along its diagonal from (x_i, y_j) */
static double floor_coordinate(int i, int n)
{
  return -1.0 + 2.0 * i / n;
}

static void floor_mesh(tri_list *s, int n)
{
  int i, j;
  for (j = 0; j < n; j++)
    for (i = 0; i < n; i++) {
      const double x0 = floor_coordinate(i, n), x1 = floor_coordinate(i + 1, n), y0 = floor_coordinate(j, n),
                   y1 = floor_coordinate(j + 1, n);
      const double a[3] = {x0, y0, 0.0}, b[3] = {x1, y0, 0.0}, c[3] = {x1, y1, 0.0}, d[3] = {x0, y1, 0.0};
      add_quad(s, a, b, c, d);
    }
}

/* a roof: z = -tan(slope) |x| over [-1,1] x [-1,1], 2 nx x ny squares, the ridge along y at x = 0 */
#define ROOF_SLOPE (20.0 * GS_PI_VALUE / 180.0)
static double roof_z(double x)
{
  return -tan(ROOF_SLOPE) * fabs(x);
}

static void roof_mesh(tri_list *s, int nx, int ny)
{
  int i, j;
  for (j = 0; j < ny; j++)
    for (i = -nx; i < nx; i++) {
      const double x0 = (double) i / nx, x1 = (double) (i + 1) / nx, y0 = -1.0 + 2.0 * j / ny,
                   y1 = -1.0 + 2.0 * (j + 1) / ny;
      const double a[3] = {x0, y0, roof_z(x0)}, b[3] = {x1, y0, roof_z(x1)}, c[3] = {x1, y1, roof_z(x1)},
                   d[3] = {x0, y1, roof_z(x0)};
      add_quad(s, a, b, c, d);
    }
}

/* the four sides of a square pyramid, apex (0, 0, 0.5), base corners (+-1, +-1, 0), no base */
static void pyramid(tri_list *s)
{
  static const double apex[3] = {0.0, 0.0, 0.5}, base[4][3] = {{1, 1, 0}, {-1, 1, 0}, {-1, -1, 0}, {1, -1, 0}};
  int i;
  for (i = 0; i < 4; i++) add_tri(s, apex, base[i], base[(i + 1) % 4]);
}

/* the inside of a cylinder of radius 1 around the z axis, 0 <= z <= 2: n facets around, m rings */
static void cylinder_vertex(int k, int j, int n, int m, double *v)
{
  const double phi = 2.0 * GS_PI_VALUE * (k % n) / n;
  v[0] = cos(phi);
  v[1] = sin(phi);
  v[2] = 2.0 * j / m;
}

static void cylinder(tri_list *s, int n, int m)
{
  int k, j;
  for (j = 0; j < m; j++)
    for (k = 0; k < n; k++) {
      double a[3], b[3], c[3], d[3];
      cylinder_vertex(k, j, n, m, a);
      cylinder_vertex(k + 1, j, n, m, b);
      cylinder_vertex(k + 1, j + 1, n, m, c);
      cylinder_vertex(k, j + 1, n, m, d);
      add_quad(s, a, b, c, d);
    }
}

/* a bumpy height field z = 0.1 sin(3x) cos(2y) over [-2,2]^2 of n x n squares */
static double bump(double x, double y)
{
  return 0.1 * sin(3.0 * x) * cos(2.0 * y);
}

static void bumpy(tri_list *s, int n)
{
  int i, j;
  for (j = 0; j < n; j++)
    for (i = 0; i < n; i++) {
      const double x0 = -2.0 + 4.0 * i / n, x1 = -2.0 + 4.0 * (i + 1) / n, y0 = -2.0 + 4.0 * j / n,
                   y1 = -2.0 + 4.0 * (j + 1) / n;
      const double a[3] = {x0, y0, bump(x0, y0)}, b[3] = {x1, y0, bump(x1, y0)}, c[3] = {x1, y1, bump(x1, y1)},
                   d[3] = {x0, y1, bump(x0, y1)};
      /* alternate diagonals */
      if ((i + j) % 2)
        add_quad(s, a, b, c, d);
      else
        add_quad(s, b, c, d, a);
    }
}

/* ---- topology ----------------------------------------------------------------------------------- */

/* whether triangle t has vertex v */
static int tri_has_vertex(const gs_mesh_data *d, int t, int v)
{
  return d->tri_vert[3 * t] == v || d->tri_vert[3 * t + 1] == v || d->tri_vert[3 * t + 2] == v;
}

/* Every edge of a closed mesh has two triangles, each holding it in tri_edge with the edge's two
 * vertices; the triangles around each vertex are those with the vertex. 0 and a reason if not. */
static int closed_topology(const gs_mesh_data *d, char *why)
{
  int e, t, k, v, j;
  for (t = 0; t < d->ntri; t++)
    for (k = 0; k < 3; k++) {
      const int edge = d->tri_edge[3 * t + k], a = d->tri_vert[3 * t + k], b = d->tri_vert[3 * t + (k + 1) % 3];
      const int *around = d->edge_tri + 2 * edge;
      if (edge < 0 || edge >= d->nedge || (around[0] != t && around[1] != t)) {
        sprintf(why, "triangle %d's edge %d (%d) does not list it", t, k, edge);
        return 0;
      }
      for (j = 0; j < 2; j++)
        if (around[j] < 0 || !tri_has_vertex(d, around[j], a) || !tri_has_vertex(d, around[j], b)) {
          sprintf(why, "edge %d's triangle %d lacks the edge's vertices %d %d", edge, around[j], a, b);
          return 0;
        }
    }
  for (e = 0; e < d->nedge; e++)
    if (d->edge_tri[2 * e] < 0 || d->edge_tri[2 * e + 1] < 0 || d->edge_tri[2 * e] == d->edge_tri[2 * e + 1]) {
      sprintf(why, "edge %d has triangles %d %d", e, d->edge_tri[2 * e], d->edge_tri[2 * e + 1]);
      return 0;
    }
  if (d->vert_tri_start[0] != 0 || d->vert_tri_start[d->nvert] != 3 * d->ntri) {
    sprintf(why, "vert_tri_start spans %d..%d, not 0..%d", d->vert_tri_start[0], d->vert_tri_start[d->nvert],
            3 * d->ntri);
    return 0;
  }
  for (v = 0; v < d->nvert; v++) {
    int count = 0;
    for (t = 0; t < d->ntri; t++) count += tri_has_vertex(d, t, v);
    if (d->vert_tri_start[v + 1] - d->vert_tri_start[v] != count) {
      sprintf(why, "vertex %d lists %d triangles, has %d", v, d->vert_tri_start[v + 1] - d->vert_tri_start[v], count);
      return 0;
    }
    for (j = d->vert_tri_start[v]; j < d->vert_tri_start[v + 1]; j++)
      if (!tri_has_vertex(d, d->vert_tri[j], v)) {
        sprintf(why, "vertex %d lists triangle %d without it", v, d->vert_tri[j]);
        return 0;
      }
  }
  return 1;
}

/* ---- 1. readers --------------------------------------------------------------------------------- */

static char tmpdir[64];

static void tmp_path(char *path, const char *name)
{
  sprintf(path, "%s/%s", tmpdir, name);
}

static void write_text(const char *path, const char *text)
{
  FILE *f = fopen(path, "wb");
  fputs(text, f);
  fclose(f);
}

static void write_ascii_stl(const char *path, const tri_list *s)
{
  FILE *f = fopen(path, "w");
  int t, k;
  fprintf(f, "solid cube\n");
  for (t = 0; t < s->n; t++) {
    const double *x = s->x + 9 * t;
    double ab[3], ac[3], n[3];
    gs_sub3(x + 3, x, ab);
    gs_sub3(x + 6, x, ac);
    gs_cross3(ab, ac, n);
    gs_scale3(1.0 / gs_len3(n), n, n);
    fprintf(f, "  facet normal %.17g %.17g %.17g\n    outer loop\n", n[0], n[1], n[2]);
    for (k = 0; k < 3; k++) fprintf(f, "      vertex %.17g %.17g %.17g\n", x[3 * k], x[3 * k + 1], x[3 * k + 2]);
    fprintf(f, "    endloop\n  endfacet\n");
  }
  fprintf(f, "endsolid cube\n");
  fclose(f);
}

/* binary STL: 80-byte header (here starting with "solid", which the file's size overrules), uint32
 * count, per triangle a float normal, 9 floats and a uint16 */
static void write_binary_stl(const char *path, const tri_list *s)
{
  FILE *f = fopen(path, "wb");
  char header[80];
  const uint32_t n = (uint32_t) s->n;
  int t, k;
  memset(header, ' ', sizeof(header));
  memcpy(header, "solid binary cube", 17);
  fwrite(header, 1, 80, f);
  fwrite(&n, 4, 1, f);
  for (t = 0; t < s->n; t++) {
    float rec[12];
    const uint16_t attribute = 0;
    rec[0] = rec[1] = rec[2] = 0.0f;
    for (k = 0; k < 9; k++) rec[3 + k] = (float) s->x[9 * t + k];
    fwrite(rec, 4, 12, f);
    fwrite(&attribute, 2, 1, f);
  }
  fclose(f);
}

/* the cube as OFF: 8 vertices, 6 quads (each split into 2 triangles), comments, a face's colour */
static void write_off_cube(const char *path, int quads[6][4])
{
  FILE *f = fopen(path, "w");
  int v, q;
  fprintf(f, "OFF\n# the unit cube, one quad per side\n8 6 12\n");
  for (v = 0; v < 8; v++) fprintf(f, "%d %d %d%s\n", v & 1, (v >> 1) & 1, (v >> 2) & 1, v == 3 ? " # corner 3" : "");
  for (q = 0; q < 6; q++)
    fprintf(f, "4 %d %d %d %d%s\n", quads[q][0], quads[q][1], quads[q][2], quads[q][3], q == 2 ? " 255 0 0" : "");
  fclose(f);
}

/* the checks of a unit cube read (x = scale x + offset) and built */
static void check_cube_mesh(const char *what, const double *soup, int n, const tri_list *want, double scale,
                            const double *offset)
{
  gs_mesh_data d;
  char err[GS_ERRLEN] = "", why[256] = "";
  int i, k, same = 1, corners = 1, unit = 1, seen[8] = {0};
  GS_CHECK(n == 12, "%s: 12 triangles read (got %d)", what, n);
  if (n != 12) return;
  for (i = 0; i < 9 * n; i++)
    if (soup[i] != scale * want->x[i] + offset[i % 3]) same = 0;
  GS_CHECK(same, "%s: the triangles read are the ones written, x = %g x_file + (%g %g %g)", what, scale, offset[0],
           offset[1], offset[2]);
  if (gs_mesh_build(soup, n, &d, err) != 0) {
    GS_CHECK(0, "%s: the mesh builds (got: %s)", what, err);
    return;
  }
  GS_CHECK(d.ntri == 12 && d.nvert == 8 && d.nedge == 18, "%s: 12 triangles, 8 vertices, 18 edges (got %d %d %d)",
           what, d.ntri, d.nvert, d.nedge);
  GS_CHECK(closed_topology(&d, why), "%s: every edge has 2 triangles, topology consistent %s", what, why);
  for (i = 0; i < d.nvert; i++) {
    int c[3], bad = 0;
    for (k = 0; k < 3; k++) {
      const double u = (d.vert[3 * i + k] - offset[k]) / scale;
      c[k] = u == 1.0;
      bad |= u != 0.0 && u != 1.0;
    }
    if (bad) corners = 0;
    else seen[c[0] + 2 * c[1] + 4 * c[2]]++;
  }
  for (i = 0; i < 8; i++)
    if (seen[i] != 1) corners = 0;
  GS_CHECK(corners, "%s: the 8 vertices are the corners (%g %g %g) + %g {0,1}^3", what, offset[0], offset[1],
           offset[2], scale);
  for (k = 0; k < 3; k++)
    if (d.lo[k] != offset[k] || d.hi[k] != offset[k] + scale) corners = 0;
  GS_CHECK(corners, "%s: bounding box (%g %g %g) - (%g %g %g)", what, d.lo[0], d.lo[1], d.lo[2], d.hi[0], d.hi[1],
           d.hi[2]);
  for (i = 0; i < d.ntri; i++) {
    const double *a = d.vert + 3 * d.tri_vert[3 * i], *b = d.vert + 3 * d.tri_vert[3 * i + 1],
                 *c = d.vert + 3 * d.tri_vert[3 * i + 2], *nt = d.normal + 3 * i;
    double out[3];
    for (k = 0; k < 3; k++) out[k] = (a[k] + b[k] + c[k]) / 3.0 - (offset[k] + 0.5 * scale);
    if (fabs(gs_len3(nt) - 1.0) > 1e-15 || gs_dot3(nt, out) < 0.49 * scale || fabs(fabs(nt[0]) + fabs(nt[1]) +
                                                                                    fabs(nt[2]) - 1.0) > 1e-15)
      unit = 0;
  }
  GS_CHECK(unit, "%s: normals are unit, along an axis and outward (the winding's)", what);
  gs_mesh_data_free(&d);
}

static void test_readers(void)
{
  static const double zero[3] = {0.0, 0.0, 0.0}, shift[3] = {1.0, 0.0, 0.0};
  tri_list want = {NULL, 0, 0};
  int quads[6][4], n;
  char path[128];
  double *soup = NULL;
  char err[GS_ERRLEN] = "";
  cube(&want, quads);

  tmp_path(path, "cube_ascii.stl");
  write_ascii_stl(path, &want);
  n = gs_mesh_read(path, 1.0, zero, &soup, err);
  GS_CHECK(n == 12, "ASCII STL: read (%d triangles; %s)", n, n < 0 ? err : "no error");
  if (n > 0) {
    check_cube_mesh("ASCII STL", soup, n, &want, 1.0, zero);
    free(soup);
  }

  tmp_path(path, "cube_binary.stl");
  write_binary_stl(path, &want);
  n = gs_mesh_read(path, 1.0, zero, &soup, err);
  GS_CHECK(n == 12, "binary STL (header starting 'solid'): read by its size (%d triangles; %s)", n,
           n < 0 ? err : "no error");
  if (n > 0) {
    check_cube_mesh("binary STL", soup, n, &want, 1.0, zero);
    free(soup);
  }

  tmp_path(path, "cube.off");
  write_off_cube(path, quads);
  n = gs_mesh_read(path, 2.0, shift, &soup, err);
  GS_CHECK(n == 12, "OFF: 6 quads read as 12 triangles (%d; %s)", n, n < 0 ? err : "no error");
  if (n > 0) {
    check_cube_mesh("OFF, scale 2, offset (1 0 0)", soup, n, &want, 2.0, shift);
    free(soup);
  }

  /* scale and offset on an STL too, with coordinates that are not small integers */
  {
    tri_list odd = {NULL, 0, 0};
    static const double a[3] = {0.1, -0.2, 0.3}, b[3] = {1.7, 0.25, -3.1}, c[3] = {-0.6, 2.9, 1.0 / 3.0};
    const double off[3] = {-0.5, 1.25, 1e3};
    int i, same = 1;
    add_tri(&odd, a, b, c);
    tmp_path(path, "one.stl");
    write_ascii_stl(path, &odd);
    n = gs_mesh_read(path, 1e-3, off, &soup, err);
    GS_CHECK(n == 1, "ASCII STL, one triangle: read (%d; %s)", n, n < 0 ? err : "no error");
    if (n == 1) {
      for (i = 0; i < 9; i++)
        if (soup[i] != 1e-3 * odd.x[i] + off[i % 3]) same = 0;
      GS_CHECK(same, "ASCII STL: x = 1e-3 x_file + (-0.5 1.25 1000), %%.17g round trip exact");
      free(soup);
    }
    free(odd.x);
  }
  free(want.x);
}

/* ---- 2. bad input -------------------------------------------------------------------------------- */

static void expect_read_error(const char *name, const char *text, const char *needle, const char *what)
{
  static const double zero[3] = {0.0, 0.0, 0.0};
  char path[128], err[GS_ERRLEN] = "";
  double *soup = NULL;
  int n;
  tmp_path(path, name);
  if (text) write_text(path, text);
  n = gs_mesh_read(path, 1.0, zero, &soup, err);
  GS_CHECK(n == -1 && err[0] && strstr(err, needle), "%s: refused, naming '%s' (got %d: %s)", what, needle, n, err);
  if (n > 0) free(soup);
}

static void expect_build_error(const tri_list *s, const char *needle, const char *what)
{
  gs_mesh_data d;
  char err[GS_ERRLEN] = "";
  const int status = gs_mesh_build(s->x, s->n, &d, err);
  GS_CHECK(status == -1 && err[0] && strstr(err, needle), "%s: refused, naming '%s' (got %d: %s)", what, needle,
           status, err);
  if (status == 0) gs_mesh_data_free(&d);
}

static void test_bad_input(void)
{
  tri_list cubes = {NULL, 0, 0};
  char path[128], *text, *cut;
  long size;
  FILE *f;

  expect_read_error("no_such_file.stl", NULL, "cannot open", "missing file");
  expect_read_error("garbage.stl", "this is not a mesh\n1 2 3\n", "neither STL", "garbage text");
  expect_read_error("empty.stl", "solid empty\nendsolid empty\n", "no triangles", "ASCII STL without facets");

  /* the ASCII cube cut in the middle of its fourth facet's vertices */
  cube(&cubes, NULL);
  tmp_path(path, "cube_for_cut.stl");
  write_ascii_stl(path, &cubes);
  f = fopen(path, "rb");
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  text = (char *) calloc((size_t) size + 1, 1);
  if (fread(text, 1, (size_t) size, f) != (size_t) size) text[0] = '\0';
  fclose(f);
  {
    int facets = 0;
    for (cut = text; (cut = strstr(cut, "facet normal")) && ++facets < 4; cut++)
      ;
    cut = cut ? strstr(cut, "vertex") : NULL;
    cut = cut ? strstr(cut + 1, "vertex") : NULL; /* after its first vertex */
    if (cut) cut[0] = '\0';
  }
  expect_read_error("truncated.stl", text, "end of file", "ASCII STL truncated mid-facet");
  free(text);
  expect_read_error("bad_number.stl",
                    "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 zero\nvertex 0 1 0\n"
                    "endloop\nendfacet\nendsolid x\n",
                    "expected a number", "ASCII STL with a word for a number");
  {
    /* the binary cube less its last 10 bytes: its size no binary STL's, its header 'solid' read as text */
    FILE *in, *out;
    char bin[128], cutbin[128];
    unsigned char buf[1024];
    size_t got;
    tmp_path(bin, "cube_bin_for_cut.stl");
    tmp_path(cutbin, "truncated_binary.stl");
    write_binary_stl(bin, &cubes);
    in = fopen(bin, "rb");
    got = fread(buf, 1, sizeof(buf), in);
    fclose(in);
    out = fopen(cutbin, "wb");
    fwrite(buf, 1, got - 10, out);
    fclose(out);
    expect_read_error("truncated_binary.stl", NULL, "mesh file", "binary STL missing its last 10 bytes");
  }
  expect_read_error("two_vertex_face.off", "OFF\n4 2 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 1 2\n2 0 3\n",
                    "has 2 vertices", "OFF face of 2 vertices");
  expect_read_error("bad_index.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", "names vertex 3",
                    "OFF face naming a vertex beyond the list");
  expect_read_error("short.off", "OFF\n4 1 0\n0 0 0\n1 0 0\n0 1 0\n", "expected a number",
                    "OFF with fewer vertices than counted");
  /* counts no file of this length can hold: refused before anything is allocated for them (two
   * billion vertices crashed the reader, 1e11 faces were reported as -2147483648) */
  expect_read_error("huge_vertex_count.off", "OFF\n2000000000 1 0\n0 0 0\n1 0 0\n1 1 0\n3 0 1 2\n",
                    "vertex count '2000000000' is not a whole number the file can hold",
                    "OFF counting two billion vertices");
  expect_read_error("huge_face_count.off", "OFF\n3 99999999999 0\n0 0 0\n1 0 0\n1 1 0\n3 0 1 2\n",
                    "face count '99999999999'", "OFF counting 1e11 faces");
  expect_read_error("fractional_count.off", "OFF\n3.5 1 0\n0 0 0\n1 0 0\n1 1 0\n3 0 1 2\n",
                    "vertex count '3.5'", "OFF with a fractional vertex count");
  expect_read_error("huge_face_size.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n1 1 0\n3000000000 0 1 2\n",
                    "vertex count '3000000000'", "OFF face of three billion vertices");
  /* a coordinate that is no finite number, in each format (was: a zero-area triangle at nan) */
  expect_read_error("nan.off", "OFF\n3 1 0\nnan 0 0\n1 0 0\n1 1 0\n3 0 1 2\n",
                    "triangle 1, corner 1: coordinate nan is not a finite number", "OFF with a nan coordinate");
  expect_read_error("inf.stl",
                    "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 inf 0\n"
                    "endloop\nendfacet\nendsolid x\n",
                    "triangle 1, corner 3: coordinate inf is not a finite number", "ASCII STL with an inf coordinate");
  {
    tri_list bad = {NULL, 0, 0};
    char bin[128];
    cube(&bad, NULL);
    bad.x[9 * 5 + 4] = NAN;
    tmp_path(bin, "nan_binary.stl");
    write_binary_stl(bin, &bad);
    expect_read_error("nan_binary.stl", NULL, "triangle 6, corner 2: coordinate nan is not a finite number",
                      "binary STL with a nan coordinate");
    free(bad.x);
  }
  {
    /* finite in the file, beyond double precision once scaled */
    static const double zero[3] = {0.0, 0.0, 0.0};
    char big[128], err[GS_ERRLEN] = "";
    double *soup = NULL;
    int n;
    tmp_path(big, "big_coordinate.off");
    write_text(big, "OFF\n3 1 0\n1e300 0 0\n1 0 0\n1 1 0\n3 0 1 2\n");
    n = gs_mesh_read(big, 1e10, zero, &soup, err);
    GS_CHECK(n == -1 && strstr(err, "coordinate 1e+300 with the scale and offset is not a finite number"),
             "a coordinate scaled beyond double precision: refused (got %d: %s)", n, err);
    if (n > 0) free(soup);
  }

  /* a triangle count whose corner and coordinate counts overflow an int, and none: refused before
   * the triangles are read */
  {
    static const double one[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    gs_mesh_data d;
    char err[GS_ERRLEN] = "";
    int status = gs_mesh_build(one, INT_MAX / 9 + 1, &d, err);
    GS_CHECK(status == -1 && strstr(err, "this reader takes 1 to"), "a mesh of INT_MAX/9 + 1 triangles: refused (%s)",
             err);
    err[0] = '\0';
    status = gs_mesh_build(one, 0, &d, err);
    GS_CHECK(status == -1 && strstr(err, "a mesh of 0 triangles"), "a mesh of no triangles: refused (%s)", err);
  }
  /* three triangles on one edge */
  {
    tri_list s = {NULL, 0, 0};
    static const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, c[3] = {0, 1, 0}, d[3] = {0, -1, 0}, e[3] = {0, 0, 1};
    add_tri(&s, a, b, c);
    add_tri(&s, b, a, d);
    add_tri(&s, a, b, e);
    expect_build_error(&s, "not manifold", "three triangles sharing one edge");
    free(s.x);
  }
  /* a zero-area triangle among good ones: collinear corners, and a repeated corner */
  {
    tri_list s = {NULL, 0, 0}, r = {NULL, 0, 0};
    static const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, c[3] = {0, 1, 0}, d[3] = {2, 0, 0};
    add_tri(&s, a, b, c);
    add_tri(&s, a, b, d);
    expect_build_error(&s, "zero area", "a triangle with collinear corners");
    add_tri(&r, a, b, c);
    add_tri(&r, b, c, c);
    expect_build_error(&r, "zero area", "a triangle with a repeated corner");
    free(s.x);
    free(r.x);
  }
  free(cubes.x);
}

/* Vertices equal in all three coordinates are one (gs_mesh_build.h): -0.0 == 0.0, as an exporter
 * writes "-0" for a coordinate computed as a tiny negative number rounded */
static void test_signed_zero(void)
{
  tri_list s = {NULL, 0, 0};
  static const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, c[3] = {1, 1, 0}, d[3] = {0, 1, 0};
  const double a_neg[3] = {-0.0, 0, 0}, c_neg[3] = {1, 1, -0.0};
  gs_mesh_data md;
  char err[GS_ERRLEN] = "";
  /* the square a b c d as two triangles sharing the edge a c, written once as +0 and once as -0 */
  add_tri(&s, a, b, c);
  add_tri(&s, a_neg, c_neg, d);
  if (gs_mesh_build(s.x, s.n, &md, err) != 0) {
    GS_CHECK(0, "signed zero: the square builds (got: %s)", err);
  } else {
    int e, shared = 0;
    for (e = 0; e < md.nedge; e++) shared += md.edge_tri[2 * e + 1] >= 0;
    GS_CHECK(md.nvert == 4 && md.nedge == 5 && shared == 1,
             "vertices (0 0 0) and (-0 0 0) are one: a square of 2 triangles with 4 vertices, 5 edges, 1 shared "
             "(got %d vertices, %d edges, %d shared)",
             md.nvert, md.nedge, shared);
    gs_mesh_data_free(&md);
  }
  free(s.x);
}

/* near-equal vertices: within 1e-10 of the largest coordinate they are one, farther apart two */
static void test_vertex_merge(void)
{
  static const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, c[3] = {1, 1, 0}, d[3] = {0, 1, 0};
  const double eps[2] = {1e-13, 1e-6};
  int i;
  for (i = 0; i < 2; i++) {
    tri_list s = {NULL, 0, 0};
    const double a2[3] = {eps[i], -eps[i], 0}, c2[3] = {1 - eps[i], 1, eps[i]};
    gs_mesh_data md;
    char err[GS_ERRLEN] = "";
    add_tri(&s, a, b, c);
    add_tri(&s, a2, c2, d);
    if (gs_mesh_build(s.x, s.n, &md, err) != 0) {
      GS_CHECK(0, "vertex merge, offset %g: the square builds (got: %s)", eps[i], err);
    } else {
      const int want = i == 0 ? 4 : 6;
      GS_CHECK(md.nvert == want && md.nedge == (i == 0 ? 5 : 6),
               "vertex merge: corners %g apart are %s (got %d vertices, %d edges; want %d)", eps[i],
               i == 0 ? "one (within 1e-10 of the extent 1)" : "two", md.nvert, md.nedge, want);
      gs_mesh_data_free(&md);
    }
    free(s.x);
  }
}

/* ---- 3. flat floor ------------------------------------------------------------------------------- */

typedef struct tally {
  int count, bad;
  char first[400];
} tally;

static void tally_fail(tally *t, const char *fmt, double x, double y, double z, int n, const gs_mesh_contact *c)
{
  if (!t->bad++)
    snprintf(t->first, sizeof(t->first), fmt, x, y, z, n, n > 0 ? c->key : -1, n > 0 ? c->dx[0] : 0.0,
             n > 0 ? c->dx[1] : 0.0, n > 0 ? c->dx[2] : 0.0, n > 0 ? c->r : 0.0);
}

/* A sphere of radius 0.1 at height h above (or below) (x, y) of a flat mesh at z = 0: one contact
 * (tally `count`), with the plane wall's separation dx = (0 0 h), r = |h| to the bit (tally `exact`,
 * and the largest tangential |dx| there) */
typedef struct floor_tally {
  tally count, exact;
  double tangential;
} floor_tally;

static void floor_probe(const gs_mesh *g, double x, double y, double h, floor_tally *t)
{
  const double p[3] = {x, y, h};
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  const int n = gs_mesh_find_contacts(g, p, 0.1, list);
  t->count.count++;
  if (n != 1) {
    tally_fail(&t->count, "first at (%.17g %.17g %.17g): %d contacts, key %d, dx (%a %a %a), r %a", x, y, h, n, list);
    return;
  }
  t->exact.count++;
  if (list[0].dx[0] != 0.0 || list[0].dx[1] != 0.0 || list[0].dx[2] != h || list[0].r != fabs(h)) {
    tally_fail(&t->exact, "first at (%.17g %.17g %.17g): %d contact, key %d, dx (%a %a %a), r %a", x, y, h, n, list);
    t->tangential = fmax(t->tangential, fmax(fabs(list[0].dx[0]), fabs(list[0].dx[1])));
  }
}

static void floor_far(const gs_mesh *g, double x, double y, tally *t)
{
  const double p[3] = {x, y, 0.2};
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  const int n = gs_mesh_find_contacts(g, p, 0.1, list);
  t->count++;
  if (n != 0)
    tally_fail(t, "first at (%.17g %.17g %.17g): %d contacts, key %d, dx (%g %g %g), r %g", x, y, 0.2, n, list);
}

static void floor_report(const floor_tally *t, int ntri, double flat, const char *where)
{
  GS_CHECK(t->count.bad == 0, "floor of %d triangles, flat %g deg, %s: exactly 1 contact (%d positions, %d wrong; %s)",
           ntri, flat, where, t->count.count, t->count.bad, t->count.first);
  GS_CHECK(t->exact.bad == 0, "floor of %d triangles, flat %g deg, %s: dx == (0 0 h), r == |h| bit for bit, as a "
           "plane wall (%d positions, %d wrong, largest tangential |dx| %g; %s)", ntri, flat, where, t->exact.count,
           t->exact.bad, t->tangential, t->exact.first);
}

static void test_floor(int n, double flat)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  floor_tally on, below, seams;
  tally far = {0, 0, ""};
  int i, j, k;
  memset(&on, 0, sizeof(on));
  memset(&below, 0, sizeof(below));
  memset(&seams, 0, sizeof(seams));
  floor_mesh(&s, n);
  if (build(&s, flat, 30.0, &d, &g, "floor") == 0) {
    /* a grid of points, with the diagonal x == y of the two-triangle floor */
    for (i = 0; i <= 38; i++)
      for (j = 0; j <= 38; j++) {
        const double x = -0.95 + 0.05 * i, y = -0.95 + 0.05 * j;
        floor_probe(&g, x, y, 0.07, &on);
        floor_probe(&g, x, y, -0.07, &below);
        floor_far(&g, x, y, &far);
      }
    /* the tessellation's vertices, edges and diagonals: x = x_i exactly, midpoints, diagonal points */
    for (i = 1; i < n; i++)
      for (j = 1; j < n; j++) {
        const double xi = floor_coordinate(i, n), yj = floor_coordinate(j, n), xn = floor_coordinate(i + 1, n),
                     yn = floor_coordinate(j + 1, n);
        floor_probe(&g, xi, yj, 0.07, &seams);                           /* interior vertex */
        floor_probe(&g, xi, 0.5 * (yj + yn), 0.07, &seams);              /* edge along y */
        floor_probe(&g, 0.5 * (xi + xn), yj, 0.07, &seams);              /* edge along x */
        floor_probe(&g, 0.5 * (xi + xn), 0.5 * (yj + yn), 0.07, &seams); /* diagonal's midpoint */
        for (k = 1; k < 4; k++) floor_probe(&g, xi + 0.25 * k * (xn - xi), yj + 0.25 * k * (yn - yj), 0.07, &seams);
        floor_far(&g, xi, yj, &far);
      }
    for (i = 0; i < 2000; i++) {
      const double x = urange(-0.95, 0.95), y = urange(-0.95, 0.95);
      floor_probe(&g, x, y, 0.07, &on);
      floor_probe(&g, x, x, 0.07, &seams); /* on the two-triangle floor's diagonal */
      floor_far(&g, x, y, &far);
    }
    floor_report(&on, d.ntri, flat, "above a grid and random points");
    floor_report(&below, d.ntri, flat, "below a grid");
    floor_report(&seams, d.ntri, flat, "exactly on vertices, edges, diagonals");
    GS_CHECK(far.bad == 0, "floor of %d triangles: no contact at height 0.2 > radius 0.1 (%d positions, %d wrong; %s)",
             d.ntri, far.count, far.bad, far.first);
    gs_mesh_data_free(&d);
  }
  free(s.x);
}

/* ---- 4. convex ridge and apex --------------------------------------------------------------------- */

static void test_roof(void)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  const int samples = 1001;
  const double y = 0.0123, lift = 0.07 / cos(ROOF_SLOPE), reach = 0.1;
  int i, ones = 1, kinds[8], nkinds = 0, ridge_ok = 1, lip_r = 1, lip_n = 1, sides_ok = 1;
  double prev_n[3] = {0, 0, 0}, prev_r = 0.0, prev_x[3] = {0, 0, 0}, worst_r = 0.0, worst_n = 0.0, rmin = 1.0;
  char first[256] = "";
  roof_mesh(&s, 10, 20);
  if (build(&s, 10.0, 30.0, &d, &g, "roof") != 0) {
    free(s.x);
    return;
  }
  for (i = 0; i < samples; i++) {
    const double x = -0.5 + (double) i / (samples - 1);
    const double p[3] = {x, y, roof_z(x) + lift};
    gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
    const int n = gs_mesh_find_contacts(&g, p, reach, list);
    int kind;
    if (n != 1) {
      if (ones) sprintf(first, "first at x = %.17g: %d contacts", x, n);
      ones = 0;
      continue;
    }
    kind = key_kind(&g, list[0].key);
    if (nkinds == 0 || kinds[nkinds - 1] != kind) {
      if (nkinds < 8) kinds[nkinds] = kind;
      nkinds++;
    }
    if (kind == GS_MESH_EDGE) {
      /* the ridge: the edge's triangles on either side, its vertices at x = 0 */
      const int e = list[0].key - g.ntri, t0 = g.edge_tri[2 * e], t1 = g.edge_tri[2 * e + 1];
      if (t1 < 0 || g.normal[3 * t0] * g.normal[3 * t1] >= 0.0) ridge_ok = 0;
    } else if (kind == GS_MESH_FACE) {
      /* the face of the side the sphere is over, normal (-+sin, 0, cos) */
      const double *nt = g.normal + 3 * list[0].key;
      if (fabs(fabs(nt[0]) - sin(ROOF_SLOPE)) > 1e-14 || nt[0] * x <= 0.0 || fabs(list[0].r - 0.07) > 1e-14)
        sides_ok = 0;
    }
    rmin = fmin(rmin, list[0].r);
    if (i > 0) {
      /* the distance is 1-Lipschitz; outside a convex surface the contact normal turns at most by
       * |step| / r (I - projection is nonexpansive: 2 |step| / r bounds the unit normal's change) */
      double step[3], dn[3];
      gs_sub3(p, prev_x, step);
      gs_sub3(list[0].n, prev_n, dn);
      worst_r = fmax(worst_r, fabs(list[0].r - prev_r) / gs_len3(step));
      worst_n = fmax(worst_n, gs_len3(dn) / (gs_len3(step) / fmin(prev_r, list[0].r)));
      if (fabs(list[0].r - prev_r) > gs_len3(step) * (1 + 1e-9)) lip_r = 0;
      if (gs_len3(dn) > 2.0 * gs_len3(step) / fmin(prev_r, list[0].r)) lip_n = 0;
    }
    gs_copy3(list[0].n, prev_n);
    gs_copy3(p, prev_x);
    prev_r = list[0].r;
  }
  GS_CHECK(ones, "roof (slopes +-20 deg, %d triangles): exactly 1 contact along %d samples across the ridge %s",
           g.ntri, samples, first);
  GS_CHECK(nkinds == 3 && kinds[0] == GS_MESH_FACE && kinds[1] == GS_MESH_EDGE && kinds[2] == GS_MESH_FACE,
           "roof: the contact goes face -> edge -> face (got %d stretches: %s %s %s ...)", nkinds,
           nkinds > 0 ? kind_name(kinds[0]) : "", nkinds > 1 ? kind_name(kinds[1]) : "",
           nkinds > 2 ? kind_name(kinds[2]) : "");
  GS_CHECK(ridge_ok, "roof: the edge contacts are the ridge's (its triangles on either side)");
  GS_CHECK(sides_ok, "roof: the face contacts are the sloped faces under the sphere, r = 0.07");
  GS_CHECK(lip_r, "roof: r continuous, |dr| <= |step| (worst |dr| / |step| = %.6f)", worst_r);
  GS_CHECK(lip_n, "roof: normal continuous, |dn| <= 2 |step| / r (worst |dn| r / |step| = %.6f, r >= %.4f)", worst_n,
           rmin);
  gs_mesh_data_free(&d);
  free(s.x);
}

static void test_apex(void)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  static const double apex[3] = {0.0, 0.0, 0.5};
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  int n, ok = 1, i;
  char first[256] = "";
  pyramid(&s);
  if (build(&s, 10.0, 30.0, &d, &g, "pyramid") != 0) {
    free(s.x);
    return;
  }
  /* right above the apex, and a little off it (still in its region: the normals' cone) */
  for (i = 0; i < 3; i++) {
    const double p[3] = {i == 1 ? 0.005 : i == 2 ? -0.004 : 0.0, i == 1 ? 0.003 : i == 2 ? 0.006 : 0.0, 0.57};
    double want[3];
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    gs_sub3(p, apex, want);
    if (n != 1 || list[0].key < g.ntri + g.nedge ||
        memcmp(g.vert + 3 * (list[0].key - g.ntri - g.nedge), apex, sizeof(apex)) != 0 ||
        fabs(list[0].r - gs_len3(want)) > 1e-15 || fabs(list[0].dx[0] - want[0]) + fabs(list[0].dx[1] - want[1]) +
                                                       fabs(list[0].dx[2] - want[2]) > 1e-15) {
      if (ok)
        sprintf(first, "first at (%g %g %g): %d contacts, key %d (%s)", p[0], p[1], p[2], n, n > 0 ? list[0].key : -1,
                n > 0 ? kind_name(key_kind(&g, list[0].key)) : "");
      ok = 0;
    }
  }
  GS_CHECK(ok, "pyramid apex: 1 contact, the apex's vertex key (>= ntri + nedge = %d), dx = x - apex %s",
           g.ntri + g.nedge, first);
  /* above the edge from the apex to (1 1 0): 1 edge contact, that edge */
  {
    const double t = 0.3, p[3] = {t + 0.03, t + 0.03, 0.5 * (1 - t) + 0.08};
    int good;
    n = gs_mesh_find_contacts(&g, p, 0.2, list);
    good = n == 1 && key_kind(&g, list[0].key) == GS_MESH_EDGE;
    if (good) {
      const int e = list[0].key - g.ntri, t0 = g.edge_tri[2 * e], t1 = g.edge_tri[2 * e + 1];
      /* its triangles are the sides normal to +x.. and +y.. (0 and 3) */
      good = t1 >= 0 && ((t0 == 0 && t1 == 3) || (t0 == 3 && t1 == 0));
    }
    GS_CHECK(good, "pyramid edge: 1 edge contact, the edge between the sides toward +x and +y (got %d, key %d)", n,
             n > 0 ? list[0].key : -1);
  }
  gs_mesh_data_free(&d);
  free(s.x);
}

/* ---- 5. concave: inside a cube ------------------------------------------------------------------- */

static void test_inside_cube(void)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  int n, i, j, ok;
  cube(&s, NULL);
  if (build(&s, 10.0, 30.0, &d, &g, "cube") != 0) {
    free(s.x);
    return;
  }
  {
    const double p[3] = {0.05, 0.06, 0.07};
    double rsum = 0.0, worst = 0.0;
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    ok = n == 3;
    for (i = 0; i < n && ok; i++) {
      rsum += list[i].r;
      for (j = 0; j < i; j++) worst = fmax(worst, fabs(gs_dot3(list[i].n, list[j].n)));
      /* the normal points from the wall into the cube, along one axis */
      if (fabs(fabs(list[i].n[0]) + fabs(list[i].n[1]) + fabs(list[i].n[2]) - 1.0) > 1e-15 ||
          list[i].n[0] + list[i].n[1] + list[i].n[2] != 1.0)
        ok = 0;
    }
    GS_CHECK(ok && worst == 0.0 && fabs(rsum - 0.18) < 1e-15,
             "inside a cube, near a corner: 3 contacts, normals orthogonal, +x +y +z, r 0.05 0.06 0.07 (got %d, "
             "max |n_i.n_j| %g, sum r %.17g)", n, worst, rsum);
  }
  {
    /* equally near the three walls: each wall's point on its diagonal */
    const double p[3] = {0.05, 0.05, 0.05};
    double worst = 0.0;
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    for (i = 0; i < n; i++)
      for (j = 0; j < i; j++) worst = fmax(worst, fabs(gs_dot3(list[i].n, list[j].n)));
    ok = n == 3 && worst < 1e-14;
    for (i = 0; i < n; i++) ok = ok && fabs(list[i].r - 0.05) < 1e-15;
    GS_CHECK(ok, "inside a cube, on the walls' diagonals near a corner: 3 contacts, orthogonal, r 0.05 (got %d, "
             "max |n_i.n_j| %g)", n, worst);
  }
  {
    const double p[3] = {0.3, 0.45, 0.06};
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    GS_CHECK(n == 1 && list[0].n[2] == 1.0 && list[0].r == 0.06 && list[0].key < g.ntri,
             "inside a cube, near a wall's middle: 1 face contact, n = (0 0 1), r = 0.06 (got %d)", n);
  }
  {
    const double p[3] = {0.05, 0.4, 0.07};
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    ok = n == 2 && gs_dot3(list[0].n, list[1].n) == 0.0 && fabs(list[0].r + list[1].r - 0.12) < 1e-15;
    GS_CHECK(ok, "inside a cube, near an edge: 2 contacts, normals orthogonal, r 0.05 and 0.07 (got %d)", n);
  }
  {
    /* 0.05 from the wall x = 0 only, nearest on the far side of the edge-sharing walls: none else */
    const double p[3] = {0.5, 0.5, 0.5};
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    GS_CHECK(n == 0, "inside a cube, at its centre: no contact within 0.1 (got %d)", n);
  }
  gs_mesh_data_free(&d);
  free(s.x);
}

/* inside an octahedron, a sphere reaching all 8 faces: more directions than a particle may keep */
static void test_too_many(void)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  int i, k;
  for (i = 0; i < 8; i++) {
    double v[3][3];
    for (k = 0; k < 3; k++) {
      v[k][0] = v[k][1] = v[k][2] = 0.0;
      v[k][k] = (i >> k) & 1 ? -1.0 : 1.0;
    }
    /* outward: (e_x, e_y, e_z) counter-clockwise seen from outside when the signs' product is +1 */
    if (((i & 1) + ((i >> 1) & 1) + ((i >> 2) & 1)) % 2)
      add_tri(&s, v[0], v[2], v[1]);
    else
      add_tri(&s, v[0], v[1], v[2]);
  }
  if (build(&s, 10.0, 30.0, &d, &g, "octahedron") == 0) {
    const double centre[3] = {0.0, 0.0, 0.0}, near[3] = {0.0, 0.0, 0.7};
    const int n = gs_mesh_find_contacts(&g, centre, 0.6, list), m = gs_mesh_find_contacts(&g, near, 0.3, list);
    GS_CHECK(d.nvert == 6 && d.nedge == 12 && n == -1, "inside an octahedron (6 vertices, 12 edges: %d %d), reaching "
             "its 8 faces: -1, more than %d directions (got %d)", d.nvert, d.nedge, GS_MESH_MAX_CONTACTS, n);
    GS_CHECK(m == 4, "inside an octahedron near its apex (0 0 1): 4 contacts, one per face around it (got %d)", m);
    gs_mesh_data_free(&d);
  }
  free(s.x);
}

/* ---- 6. tessellated concave cylinder ------------------------------------------------------------- */

/* Spheres inside the cylinder of n facets at angles on seams (f = 0), facet centres (f = 0.5) and
 * between, heights on ring seams and between, at depth `gap` from the nearest facet's plane: with
 * the flat angle above 360/n one contact with r = gap; `seam_contacts` contacts at a seam (away
 * from ring seams and diagonals). */
static void test_cylinder(int n, int m, double flat, int seam_contacts)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  const double alpha = GS_PI_VALUE / n, apothem = cos(alpha);
  tally one = {0, 0, ""}, seam = {0, 0, ""};
  int k, j, i, q;
  cylinder(&s, n, m);
  if (build(&s, flat, 30.0, &d, &g, "cylinder") != 0) {
    free(s.x);
    return;
  }
  for (k = 0; k < n; k++)
    for (i = 0; i < 8; i++) {
      static const double fs[8] = {0.0, 0.5, 0.25, 0.9, 0.999, 1e-9, 0.1, 0.62};
      const double f = fs[i];
      /* a seam's direction as the vertices', else between */
      double dir[3], p[3];
      if (f == 0.0)
        cylinder_vertex(k, 0, n, m, dir);
      else
        dir[0] = cos(2.0 * GS_PI_VALUE * (k + f) / n), dir[1] = sin(2.0 * GS_PI_VALUE * (k + f) / n);
      for (j = 0; j < 6; j++) {
        /* heights: ring seams (exactly a vertex's z), else inside a ring */
        const double z = j < 3 ? 2.0 * (j + 2) / m : urange(0.3, 1.7);
        const double gap = j % 2 ? 0.03 : 0.07;
        /* the angle to the nearest facet's centre */
        const double theta = fabs(f - 0.5) * 2.0 * alpha, rho = (apothem - gap) / cos(theta);
        gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
        int count, good;
        p[0] = rho * dir[0];
        p[1] = rho * dir[1];
        p[2] = z;
        count = gs_mesh_find_contacts(&g, p, 0.1, list);
        good = count == 1 && fabs(list[0].r - gap) < 1e-12;
        if (good) {
          /* the normal: toward the axis, from one of the nearest facets */
          const double out[3] = {-dir[0], -dir[1], 0.0};
          good = gs_dot3(list[0].n, out) > cos(alpha) - 1e-12 && fabs(list[0].n[2]) < 1e-12;
        }
        one.count++;
        if (!good) tally_fail(&one, "first at (%.17g %.17g %.17g): %d contacts, key %d, dx (%g %g %g), r %.17g", p[0],
                              p[1], p[2], count, list);
        if (f == 0.0 && j >= 3) {
          seam.count++;
          good = count == seam_contacts;
          for (q = 0; q < count; q++) good = good && fabs(list[q].r - gap) < 1e-12;
          if (!good) tally_fail(&seam, "first at (%.17g %.17g %.17g): %d contacts, key %d, dx (%g %g %g), r %g",
                                p[0], p[1], p[2], count, list);
        }
      }
    }
  if (seam_contacts == 1)
    GS_CHECK(one.bad == 0, "cylinder inside, %d facets x %d rings, flat %g deg > 360/%d: 1 contact, r = gap, normal "
             "a nearest facet's, at %d positions incl. seams (%d wrong; %s)", n, m, flat, n, one.count, one.bad,
             one.first);
  GS_CHECK(seam.bad == 0, "cylinder inside, %d facets, flat %g deg: %d contact(s) with r = gap at the facets' seams "
           "(%d positions, %d wrong; %s)", n, flat, seam_contacts, seam.count, seam.bad, seam.first);
  gs_mesh_data_free(&d);
  free(s.x);
}

/* ---- 7. grid against brute force --------------------------------------------------------------- */

static int compare_contacts(const void *a, const void *b)
{
  return ((const gs_mesh_contact *) a)->key - ((const gs_mesh_contact *) b)->key;
}

static void test_grid(double flat)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g, all;
  int *every, *first_cell, i, k, differ = 0, touching = 0, multiple = 0, overflow = 0, zero_one[2] = {0, 0};
  int start[2];
  char first[400] = "";
  bumpy(&s, 50);
  if (build(&s, flat, 30.0, &d, &g, "bumpy surface") != 0) {
    free(s.x);
    return;
  }
  /* the same mesh with a single cell holding every triangle */
  all = g;
  every = (int *) malloc(sizeof(int) * (size_t) d.ntri);
  for (i = 0; i < d.ntri; i++) every[i] = i;
  all.grid_n[0] = all.grid_n[1] = all.grid_n[2] = 1;
  all.cell = 1e3;
  start[0] = 0;
  start[1] = d.ntri;
  all.cell_start = start;
  all.cell_tri = every;
  first_cell = (int *) calloc(3 * (size_t) d.ntri, sizeof(int)); /* every triangle starts in cell 0 */
  all.tri_cell = first_cell;
  for (i = 0; i < 2000; i++) {
    const double radius = urange(0.02, 0.3), x = urange(-2.3, 2.3), y = urange(-2.3, 2.3);
    const double p[3] = {x, y, bump(fmax(-2, fmin(2, x)), fmax(-2, fmin(2, y))) + urange(-1.2, 1.2) * radius};
    gs_mesh_contact a[GS_MESH_MAX_CONTACTS], b[GS_MESH_MAX_CONTACTS];
    const int na = gs_mesh_find_contacts(&g, p, radius, a), nb = gs_mesh_find_contacts(&all, p, radius, b);
    int same = na == nb;
    if (na < 0 || nb < 0) overflow++;
    if (na > 0) qsort(a, (size_t) na, sizeof(a[0]), compare_contacts);
    if (nb > 0) qsort(b, (size_t) nb, sizeof(b[0]), compare_contacts);
    for (k = 0; same && k < na; k++)
      same = a[k].key == b[k].key && a[k].dx[0] == b[k].dx[0] && a[k].dx[1] == b[k].dx[1] &&
             a[k].dx[2] == b[k].dx[2] && a[k].r == b[k].r;
    touching += na > 0;
    multiple += na > 1;
    if (na >= 0 && na <= 1) zero_one[na]++;
    if (!same) {
      if (!differ)
        snprintf(first, sizeof(first), "first at (%.17g %.17g %.17g) radius %.17g: grid %d contacts (key %d), all %d "
                 "(key %d)", p[0], p[1], p[2], radius, na, na > 0 ? a[0].key : -1, nb, nb > 0 ? b[0].key : -1);
      differ++;
    }
  }
  GS_CHECK(d.ntri >= 5000 && d.ncells > 100, "bumpy surface: %d triangles, grid of %d cells (%d x %d x %d)", d.ntri,
           d.ncells, d.grid_n[0], d.grid_n[1], d.grid_n[2]);
  GS_CHECK(differ == 0 && overflow == 0, "bumpy surface, flat %g deg: the grid's contacts (keys, dx, r) are the "
           "brute force's for 2000 spheres (%d differ, %d overflow; %s)", flat, differ, overflow, first);
  GS_CHECK(touching > 500 && zero_one[0] > 100 && (flat > 0.0 || multiple > 0),
           "bumpy surface, flat %g deg: the spheres cover misses, single%s contacts (%d none, %d one, %d several)",
           flat, flat > 0.0 ? "" : " and several", zero_one[0], zero_one[1], multiple);
  free(every);
  free(first_cell);
  gs_mesh_data_free(&d);
  free(s.x);
}

/* ---- 8. history transfer ------------------------------------------------------------------------- */

static void contact_at(gs_mesh_contact *c, int key, double degrees_from_z)
{
  const double a = degrees_from_z * GS_PI_VALUE / 180.0;
  memset(c, 0, sizeof(*c));
  c->key = key;
  c->n[0] = sin(a);
  c->n[2] = cos(a);
}

/* a row of nh = 2 history doubles: slot 0 key 5 normal +z, slot 1 key 9 normal +x */
static void two_slot_row(double *row)
{
  const int nh = 2, w = 4 + nh;
  memset(row, 0, sizeof(double) * (size_t) gs_mesh_row_width(nh));
  row[0] = 2;
  row[1] = 5;
  row[1 + 3] = 1.0;
  row[1 + 4] = 11.0;
  row[1 + w] = 9;
  row[1 + w + 1] = 1.0;
  row[1 + w + 4] = 22.0;
}

static void test_row_match(void)
{
  gs_mesh g;
  double row[64];
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  int from[GS_MESH_MAX_CONTACTS];
  memset(&g, 0, sizeof(g));
  g.transfer_cos = cos(30.0 * GS_PI_VALUE / 180.0);
  GS_CHECK(gs_mesh_row_width(2) == 1 + GS_MESH_MAX_CONTACTS * 6, "row width: 1 + %d slots of 4 + nh",
           GS_MESH_MAX_CONTACTS);
  two_slot_row(row);
  GS_CHECK(gs_mesh_row_used(row, 2) == 13, "row used: 1 + 2 slots of 6 (got %d)", gs_mesh_row_used(row, 2));

  /* the same features: by key, whatever their normals now and in whatever order */
  contact_at(&list[0], 9, 0.0);
  contact_at(&list[1], 5, 80.0);
  from[0] = from[1] = -7;
  gs_mesh_row_match(&g, row, 2, list, 2, from);
  GS_CHECK(from[0] == 1 && from[1] == 0, "row match: by key first, even where the normal turned (got %d %d)", from[0],
           from[1]);

  /* a new feature within the transfer angle of a slot's normal continues it */
  contact_at(&list[0], 7, 10.0);
  gs_mesh_row_match(&g, row, 2, list, 1, from);
  GS_CHECK(from[0] == 0, "row match: a new key 10 deg from slot 0's normal continues slot 0 (got %d)", from[0]);
  contact_at(&list[0], 7, 75.0);
  gs_mesh_row_match(&g, row, 2, list, 1, from);
  GS_CHECK(from[0] == 1, "row match: a new key 15 deg from slot 1's normal continues slot 1 (got %d)", from[0]);
  /* nearest within the angle: 25 deg from slot 0 (+z), 20 deg from a third slot at 45 deg */
  {
    double row3[64];
    const int w = 6;
    memcpy(row3, row, sizeof(row));
    row3[0] = 3;
    row3[1 + 2 * w] = 4;
    row3[1 + 2 * w + 1] = sin(45.0 * GS_PI_VALUE / 180.0);
    row3[1 + 2 * w + 3] = cos(45.0 * GS_PI_VALUE / 180.0);
    contact_at(&list[0], 7, 25.0);
    gs_mesh_row_match(&g, row3, 2, list, 1, from);
    GS_CHECK(from[0] == 2, "row match: of two slots within the angle, the one with the nearest normal (got %d)",
             from[0]);
  }
  /* beyond the transfer angle of every slot: new */
  contact_at(&list[0], 7, 40.0);
  gs_mesh_row_match(&g, row, 2, list, 1, from);
  GS_CHECK(from[0] == -1, "row match: a new key 40 deg from slot 0 and 50 from slot 1 is new (got %d)", from[0]);
  contact_at(&list[0], 7, -31.0);
  gs_mesh_row_match(&g, row, 2, list, 1, from);
  GS_CHECK(from[0] == -1, "row match: 31 deg beyond a 30 deg transfer angle is new (got %d)", from[0]);
  /* a slot taken by its key is not given to another */
  contact_at(&list[0], 7, 0.0);
  contact_at(&list[1], 5, 0.0);
  gs_mesh_row_match(&g, row, 2, list, 2, from);
  GS_CHECK(from[0] == -1 && from[1] == 0, "row match: the slot of the same key is not taken by a new key along the "
           "same normal (got %d %d)", from[0], from[1]);
  /* an empty row: all new */
  row[0] = 0;
  contact_at(&list[0], 5, 0.0);
  gs_mesh_row_match(&g, row, 2, list, 1, from);
  GS_CHECK(from[0] == -1, "row match: nothing continues from an empty row (got %d)", from[0]);
}

/* ---- 9. separation from a feature's extension --------------------------------------------------- */

static void test_feature_separation(void)
{
  tri_list s = {NULL, 0, 0};
  gs_mesh_data d;
  gs_mesh g;
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  double dx[3];
  int n;
  /* a face of the roof's left side: the plane z = tan(20) x, beyond the triangle */
  roof_mesh(&s, 10, 20);
  if (build(&s, 10.0, 30.0, &d, &g, "roof") == 0) {
    const double p[3] = {-0.45, 0.31, roof_z(-0.45) + 0.05}, far[3] = {3.0, -7.0, 0.4};
    n = gs_mesh_find_contacts(&g, p, 0.1, list);
    GS_CHECK(n == 1 && list[0].key < g.ntri, "separation: a face contact on the roof's left side (got %d)", n);
    if (n == 1) {
      const double sn = sin(ROOF_SLOPE), cs = cos(ROOF_SLOPE), dist = (far[2] - tan(ROOF_SLOPE) * far[0]) * cs;
      gs_mesh_feature_separation(&g, &list[0], far, dx);
      GS_CHECK(fabs(dx[0] + dist * sn) < 1e-14 && dx[1] == 0.0 && fabs(dx[2] - dist * cs) < 1e-14,
               "separation, face: the plane's, from a point far outside the triangle (got %g %g %g, want %g 0 %g)",
               dx[0], dx[1], dx[2], -dist * sn, dist * cs);
    }
    /* the ridge: perpendicular to the y axis, from anywhere along it */
    {
      const double q[3] = {0.004, 0.0123, 0.08}, away[3] = {-0.3, 5.0, 0.6};
      n = gs_mesh_find_contacts(&g, q, 0.1, list);
      GS_CHECK(n == 1 && key_kind(&g, list[0].key) == GS_MESH_EDGE, "separation: an edge contact at the ridge (got %d)",
               n);
      if (n == 1) {
        gs_mesh_feature_separation(&g, &list[0], away, dx);
        GS_CHECK(fabs(dx[0] - away[0]) < 1e-15 && fabs(dx[1]) < 1e-15 && fabs(dx[2] - away[2]) < 1e-15,
                 "separation, edge: perpendicular to the edge's line, beyond its ends (got %g %g %g, want -0.3 0 0.6)",
                 dx[0], dx[1], dx[2]);
      }
    }
    gs_mesh_data_free(&d);
  }
  free(s.x);
  /* a tilted edge: the pyramid's from the apex to (1 1 0) */
  s.n = 0;
  s.x = NULL;
  s.cap = 0;
  pyramid(&s);
  if (build(&s, 10.0, 30.0, &d, &g, "pyramid") == 0) {
    const double q[3] = {0.33, 0.33, 0.43}, away[3] = {2.0, 1.0, -1.0}, apex[3] = {0.0, 0.0, 0.5};
    n = gs_mesh_find_contacts(&g, q, 0.2, list);
    if (n == 1 && key_kind(&g, list[0].key) == GS_MESH_EDGE) {
      /* x - apex less its part along the edge (1 1 -0.5)/1.5 */
      const double u[3] = {1.0 / 1.5, 1.0 / 1.5, -0.5 / 1.5};
      double rel[3], want[3];
      int k;
      gs_sub3(away, apex, rel);
      for (k = 0; k < 3; k++) want[k] = rel[k] - gs_dot3(rel, u) * u[k];
      gs_mesh_feature_separation(&g, &list[0], away, dx);
      GS_CHECK(fabs(dx[0] - want[0]) + fabs(dx[1] - want[1]) + fabs(dx[2] - want[2]) < 1e-14,
               "separation, tilted edge: perpendicular to the edge's line (got %g %g %g, want %g %g %g)", dx[0], dx[1],
               dx[2], want[0], want[1], want[2]);
    } else {
      GS_CHECK(0, "separation: an edge contact on the pyramid (got %d)", n);
    }
    {
      const double top[3] = {0.001, 0.0, 0.6};
      n = gs_mesh_find_contacts(&g, top, 0.2, list);
      if (n == 1 && key_kind(&g, list[0].key) == GS_MESH_VERTEX) {
        gs_mesh_feature_separation(&g, &list[0], away, dx);
        GS_CHECK(dx[0] == 2.0 && dx[1] == 1.0 && dx[2] == -1.5, "separation, vertex: x - vertex (got %g %g %g)", dx[0],
                 dx[1], dx[2]);
      } else {
        GS_CHECK(0, "separation: a vertex contact at the apex (got %d)", n);
      }
    }
    gs_mesh_data_free(&d);
  }
  free(s.x);
}

int main(void)
{
  char cmd[128];
  strcpy(tmpdir, "/tmp/gs_test_mesh.XXXXXX");
  if (!mkdtemp(tmpdir)) {
    GS_CHECK(0, "a temporary directory");
    return gs_check_summary();
  }
  test_readers();
  test_bad_input();
  test_signed_zero();
  test_vertex_merge();
  /* flat 1 deg: the fix's default; 23 x 23: triangles whose area's reciprocal is inexact */
  test_floor(1, 0.0);
  test_floor(1, 1.0);
  test_floor(20, 0.0);
  test_floor(20, 1.0);
  test_floor(23, 1.0);
  test_roof();
  test_apex();
  test_inside_cube();
  test_too_many();
  test_cylinder(64, 8, 8.0, 1);
  test_cylinder(12, 8, 35.0, 1);
  test_cylinder(64, 8, 0.5, 2);
  test_grid(0.0);
  test_grid(5.0);
  test_row_match();
  test_feature_separation();
  sprintf(cmd, "rm -rf %s", tmpdir);
  if (system(cmd) != 0) printf("(could not remove %s)\n", tmpdir);
  return gs_check_summary();
}
