/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: reading and building triangle meshes on the host (gs_mesh_build.h). */
#include "gs_mesh_build.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading ------------------------------------------------------------------------------------ */

static char *read_whole_file(const char *path, long *size, char *err)
{
  FILE *f = fopen(path, "rb");
  char *buf;
  if (!f) {
    snprintf(err, GS_ERRLEN, "cannot open mesh file %s: %s", path, strerror(errno));
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = (char *) malloc((size_t) *size + 1);
  if (*size < 0 || !buf || fread(buf, 1, (size_t) *size, f) != (size_t) *size) {
    snprintf(err, GS_ERRLEN, "cannot read mesh file %s", path);
    free(buf);
    fclose(f);
    return NULL;
  }
  buf[*size] = '\0';
  fclose(f);
  return buf;
}

/* a growing array of triangles, 9 doubles each */
typedef struct soup {
  double *x;
  int n, cap;
} soup;

/* room for one more triangle, or NULL when memory runs out */
static double *soup_next(soup *s)
{
  if (s->n == s->cap) {
    double *grown;
    if (s->cap > INT_MAX / 2) return NULL;
    grown = (double *) realloc(s->x, sizeof(double) * 9 * (size_t) (s->cap ? 2 * s->cap : 64));
    if (!grown) return NULL;
    s->x = grown;
    s->cap = s->cap ? 2 * s->cap : 64;
  }
  return s->x + 9 * (size_t) s->n++;
}

static int out_of_memory(const char *path, int ntri, char *err)
{
  snprintf(err, GS_ERRLEN, "mesh file %s: out of memory after %d triangles", path, ntri);
  return -1;
}

/* whitespace-separated words of a text, with its line number */
typedef struct words {
  const char *p;
  int line;
  char word[64];
} words;

static const char *next_word(words *w)
{
  int n = 0;
  while (*w->p && isspace((unsigned char) *w->p)) w->line += *w->p++ == '\n';
  if (!*w->p) return NULL;
  while (*w->p && !isspace((unsigned char) *w->p)) {
    if (n < (int) sizeof(w->word) - 1) w->word[n++] = *w->p;
    w->p++;
  }
  w->word[n] = '\0';
  return w->word;
}

static int expect_word(words *w, const char *want, const char *path, char *err)
{
  const char *got = next_word(w);
  if (got && strcmp(got, want) == 0) return 0;
  snprintf(err, GS_ERRLEN, "mesh file %s, line %d: expected '%s', found '%s' (ASCII STL)", path, w->line, want,
           got ? got : "end of file");
  return -1;
}

static int number_word(words *w, double *value, const char *path, char *err)
{
  const char *got = next_word(w);
  char *end;
  if (got) {
    *value = strtod(got, &end);
    if (end != got && *end == '\0') return 0;
  }
  snprintf(err, GS_ERRLEN, "mesh file %s, line %d: expected a number, found '%s'", path, w->line,
           got ? got : "end of file");
  return -1;
}

static int read_stl_ascii(const char *text, const char *path, soup *s, char *err)
{
  words w = {text, 1, {0}};
  const char *word = next_word(&w);
  double dummy;
  int k;
  while (word) {
    if (strcmp(word, "solid") != 0) {
      snprintf(err, GS_ERRLEN, "mesh file %s, line %d: expected 'solid', found '%s' (ASCII STL)", path, w.line, word);
      return -1;
    }
    /* the solid's name, up to its first facet */
    while ((word = next_word(&w)) && strcmp(word, "facet") != 0 && strcmp(word, "endsolid") != 0)
      ;
    while (word && strcmp(word, "facet") == 0) {
      double *t = soup_next(s);
      if (!t) return out_of_memory(path, s->n, err);
      if (expect_word(&w, "normal", path, err)) return -1;
      for (k = 0; k < 3; k++)
        if (number_word(&w, &dummy, path, err)) return -1;
      if (expect_word(&w, "outer", path, err) || expect_word(&w, "loop", path, err)) return -1;
      for (k = 0; k < 3; k++) {
        if (expect_word(&w, "vertex", path, err)) return -1;
        if (number_word(&w, &t[3 * k], path, err) || number_word(&w, &t[3 * k + 1], path, err) ||
            number_word(&w, &t[3 * k + 2], path, err))
          return -1;
      }
      if (expect_word(&w, "endloop", path, err) || expect_word(&w, "endfacet", path, err)) return -1;
      word = next_word(&w);
    }
    if (!word || strcmp(word, "endsolid") != 0) {
      snprintf(err, GS_ERRLEN, "mesh file %s, line %d: expected 'facet' or 'endsolid', found '%s' (ASCII STL)", path,
               w.line, word ? word : "end of file");
      return -1;
    }
    /* the name after endsolid, up to the next solid */
    while ((word = next_word(&w)) && strcmp(word, "solid") != 0)
      ;
  }
  return 0;
}

static int read_stl_binary(const unsigned char *data, uint32_t n, const char *path, soup *s, char *err)
{
  uint32_t i;
  int k;
  for (i = 0; i < n; i++) {
    const unsigned char *rec = data + 84 + 50 * (size_t) i + 12; /* after the normal */
    double *t = soup_next(s);
    if (!t) return out_of_memory(path, s->n, err);
    for (k = 0; k < 9; k++) {
      float value;
      memcpy(&value, rec + 4 * k, 4);
      t[k] = value;
    }
  }
  return 0;
}

/* an OFF count: a whole number no larger than the file's length (each item takes at least a
 * character), so that a wrong count is refused before anything is allocated for it */
static int count_word(words *w, const char *what, long limit, int *count, const char *path, char *err)
{
  double value;
  if (number_word(w, &value, path, err)) return -1;
  if (value >= 0.0 && value <= (double) limit && value == floor(value)) {
    *count = (int) value;
    return 0;
  }
  snprintf(err, GS_ERRLEN,
           "mesh file %s, line %d: %s '%s' is not a whole number the file can hold (0 to %ld, its length in "
           "characters)", path, w->line, what, w->word, limit);
  return -1;
}

/* OFF: "OFF", counts of vertices, faces, edges, the vertices, then faces as "k i1 .. ik" */
static int read_off(const char *text, const char *path, soup *s, char *err)
{
  const char *p;
  int nv = 0, nf = 0, i, k;
  double *v = NULL;
  /* the text without comments */
  char *clean = (char *) malloc(strlen(text) + 1), *q = clean;
  for (p = text; *p; p++) {
    if (*p == '#')
      while (*p && *p != '\n') p++;
    if (!*p) break;
    *q++ = *p;
  }
  *q = '\0';
  {
    words w = {clean, 1, {0}};
    double value;
    const char *word = next_word(&w);
    if (!word || strcmp(word, "OFF") != 0) {
      snprintf(err, GS_ERRLEN, "mesh file %s: expected 'OFF' first", path);
      free(clean);
      return -1;
    }
    const size_t length = strlen(clean);
    const long limit = length < (size_t) INT_MAX ? (long) length : INT_MAX;
    if (count_word(&w, "the vertex count", limit, &nv, path, err) ||
        count_word(&w, "the face count", limit, &nf, path, err) || number_word(&w, &value, path, err))
      goto fail;
    if (nv < 3 || nf < 1) {
      snprintf(err, GS_ERRLEN, "mesh file %s: OFF counts %d vertices and %d faces: no surface", path, nv, nf);
      goto fail;
    }
    v = (double *) malloc(sizeof(double) * 3 * (size_t) nv);
    if (!v) {
      snprintf(err, GS_ERRLEN, "mesh file %s: out of memory for %d vertices", path, nv);
      goto fail;
    }
    for (i = 0; i < 3 * nv; i++)
      if (number_word(&w, &v[i], path, err)) goto fail;
    for (i = 0; i < nf; i++) {
      int count, first = 0, prev = 0;
      if (count_word(&w, "a face's vertex count", limit, &count, path, err)) goto fail;
      if (count < 3) {
        snprintf(err, GS_ERRLEN, "mesh file %s, line %d: face %d has %d vertices; a mesh wall is made of surfaces "
                 "(polygons of 3 or more vertices)", path, w.line, i + 1, count);
        goto fail;
      }
      for (k = 0; k < count; k++) {
        int index;
        if (number_word(&w, &value, path, err)) goto fail;
        index = (int) value;
        if (index < 0 || index >= nv || value != index) {
          snprintf(err, GS_ERRLEN, "mesh file %s, line %d: face %d names vertex %g of %d", path, w.line, i + 1, value,
                   nv);
          goto fail;
        }
        if (k == 0) first = index;
        if (k >= 2) {
          double *t = soup_next(s);
          if (!t) {
            out_of_memory(path, s->n, err);
            goto fail;
          }
          memcpy(t, v + 3 * first, 3 * sizeof(double));
          memcpy(t + 3, v + 3 * prev, 3 * sizeof(double));
          memcpy(t + 6, v + 3 * index, 3 * sizeof(double));
        }
        prev = index;
      }
      /* the rest of the face's line (colours) is not geometry */
      while (*w.p && *w.p != '\n') w.p++;
    }
  }
  free(v);
  free(clean);
  return 0;
fail:
  free(v);
  free(clean);
  return -1;
}

int gs_mesh_read(const char *path, double scale, const double *offset, double **out, char *err)
{
  long size = 0;
  char *data = read_whole_file(path, &size, err);
  soup s = {NULL, 0, 0};
  const char *start;
  int status = 0;
  size_t i;
  if (!data) return -1;
  /* (an OFF file may open with comments) */
  for (start = data; *start && (isspace((unsigned char) *start) || *start == '#'); start++)
    if (*start == '#')
      while (start[1] && start[1] != '\n') start++;
  if (size >= 84) {
    uint32_t n;
    memcpy(&n, data + 80, 4);
    if ((long) (84 + 50 * (uint64_t) n) == size) {
      status = read_stl_binary((const unsigned char *) data, n, path, &s, err);
      goto read;
    }
  }
  if (strncmp(start, "solid", 5) == 0)
    status = read_stl_ascii(data, path, &s, err);
  else if (strncmp(start, "OFF", 3) == 0)
    status = read_off(data, path, &s, err);
  else {
    snprintf(err, GS_ERRLEN, "mesh file %s is neither STL (ASCII: starts with 'solid'; binary: 84 + 50 bytes per "
             "triangle) nor OFF", path);
    status = -1;
  }
read:
  free(data);
  if (status == 0 && s.n == 0) {
    snprintf(err, GS_ERRLEN, "mesh file %s holds no triangles", path);
    status = -1;
  }
  if (status) {
    free(s.x);
    return -1;
  }
  for (i = 0; i < 9 * (size_t) s.n; i++) {
    const double read = s.x[i];
    s.x[i] = scale * read + offset[i % 3];
    if (!isfinite(s.x[i])) {
      snprintf(err, GS_ERRLEN, "mesh file %s: triangle %zu, corner %zu: coordinate %g%s is not a finite number", path,
               i / 9 + 1, i % 9 / 3 + 1, read, isfinite(read) ? " with the scale and offset" : "");
      free(s.x);
      return -1;
    }
  }
  *out = s.x;
  return s.n;
}

/* ---- building ----------------------------------------------------------------------------------- */

static int compare_pairs(const void *a, const void *b)
{
  const int *p = (const int *) a, *q = (const int *) b;
  if (p[0] != q[0]) return p[0] - q[0];
  if (p[1] != q[1]) return p[1] - q[1];
  return p[2] - q[2];
}

static int find_root(int *parent, int i)
{
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

/* a corner's cell of side `tol` (its index in each direction) and the corner */
typedef struct cell_point {
  long long c[3];
  int point;
} cell_point;

static int compare_cells(const void *a, const void *b)
{
  const cell_point *p = (const cell_point *) a, *q = (const cell_point *) b;
  int k;
  for (k = 0; k < 3; k++)
    if (p->c[k] != q->c[k]) return p->c[k] < q->c[k] ? -1 : 1;
  return p->point - q->point;
}

/* the first of the n sorted cells not before cell c */
static int lower_cell(const cell_point *cells, int n, const long long *c)
{
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    int k, before = 0;
    for (k = 0; k < 3; k++)
      if (cells[mid].c[k] != c[k]) {
        before = cells[mid].c[k] < c[k];
        break;
      }
    if (before)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* what gs_mesh_build() answers when an allocation fails: d freed, -1 */
static int out_of_memory_building(gs_mesh_data *d, char *err)
{
  snprintf(err, GS_ERRLEN, "a mesh of %d triangles: out of memory for its lookup structures", d->ntri);
  gs_mesh_data_free(d);
  return -1;
}

/* Vertices closer than `tol` in every coordinate are one (the lowest-numbered corner's position):
 * STL files repeat each vertex per triangle, and exporters may round a vertex differently from one
 * triangle to the next. Corners are binned in cells of side tol; each is compared with those in
 * its own and the 26 neighbouring cells. */
static int merge_vertices(const double *soup, int ntri, double tol, gs_mesh_data *d)
{
  const int np = 3 * ntri;
  cell_point *cells = (cell_point *) malloc(sizeof(cell_point) * (size_t) np);
  int *parent = (int *) malloc(sizeof(int) * (size_t) np), *index = (int *) malloc(sizeof(int) * (size_t) np);
  int i, j, k, a, b, c;
  d->tri_vert = (int *) malloc(sizeof(int) * (size_t) np);
  d->vert = (double *) malloc(sizeof(double) * 3 * (size_t) np);
  if (!cells || !parent || !index || !d->tri_vert || !d->vert) {
    free(cells);
    free(parent);
    free(index);
    return -1;
  }
  if (!(tol > 0.0)) tol = 1e-300;
  for (i = 0; i < np; i++) {
    parent[i] = i;
    cells[i].point = i;
    for (k = 0; k < 3; k++) cells[i].c[k] = (long long) floor(soup[3 * (size_t) i + k] / tol);
  }
  qsort(cells, (size_t) np, sizeof(cell_point), compare_cells);
  for (i = 0; i < np; i++) {
    const double *p = soup + 3 * (size_t) cells[i].point;
    for (a = -1; a <= 1; a++)
      for (b = -1; b <= 1; b++)
        for (c = -1; c <= 1; c++) {
          const long long near[3] = {cells[i].c[0] + a, cells[i].c[1] + b, cells[i].c[2] + c};
          for (j = lower_cell(cells, np, near);
               j < np && cells[j].c[0] == near[0] && cells[j].c[1] == near[1] && cells[j].c[2] == near[2]; j++) {
            const double *q = soup + 3 * (size_t) cells[j].point;
            if (fabs(q[0] - p[0]) <= tol && fabs(q[1] - p[1]) <= tol && fabs(q[2] - p[2]) <= tol) {
              const int r = find_root(parent, cells[i].point), s = find_root(parent, cells[j].point);
              if (r < s)
                parent[s] = r;
              else
                parent[r] = s;
            }
          }
        }
  }
  d->nvert = 0;
  for (i = 0; i < np; i++) {
    const int root = find_root(parent, i);
    if (root == i) {
      index[i] = d->nvert++;
      for (k = 0; k < 3; k++) d->vert[3 * index[i] + k] = soup[3 * (size_t) i + k];
    }
    d->tri_vert[i] = index[root];
  }
  free(cells);
  free(parent);
  free(index);
  return 0;
}

/* edges from the triangles' sides; -1 (message in err) where more than two triangles share one,
 * or memory runs out */
static int build_edges(gs_mesh_data *d, char *err)
{
  const int ns = 3 * d->ntri;
  int *sides = (int *) malloc(sizeof(int) * 3 * (size_t) ns), i, k;
  d->tri_edge = (int *) malloc(sizeof(int) * (size_t) ns);
  d->edge_tri = (int *) malloc(sizeof(int) * 2 * (size_t) ns);
  if (!sides || !d->tri_edge || !d->edge_tri) {
    free(sides);
    snprintf(err, GS_ERRLEN, "a mesh of %d triangles: out of memory for its edges", d->ntri);
    return -1;
  }
  for (i = 0; i < d->ntri; i++)
    for (k = 0; k < 3; k++) {
      const int a = d->tri_vert[3 * i + k], b = d->tri_vert[3 * i + (k + 1) % 3];
      int *s = sides + 3 * (3 * i + k);
      s[0] = a < b ? a : b;
      s[1] = a < b ? b : a;
      s[2] = 3 * i + k;
    }
  qsort(sides, (size_t) ns, 3 * sizeof(int), compare_pairs);
  d->nedge = 0;
  for (i = 0; i < ns; i++) {
    const int *s = sides + 3 * i;
    if (i > 0 && s[0] == s[-3] && s[1] == s[-2]) {
      int *around = d->edge_tri + 2 * (d->nedge - 1);
      if (around[1] >= 0) {
        const double *a = d->vert + 3 * s[0], *b = d->vert + 3 * s[1];
        snprintf(err, GS_ERRLEN, "the mesh is not manifold: triangles %d, %d and %d share the edge (%g %g %g) - "
                 "(%g %g %g)", around[0] + 1, around[1] + 1, s[2] / 3 + 1, a[0], a[1], a[2], b[0], b[1], b[2]);
        free(sides);
        return -1;
      }
      around[1] = s[2] / 3;
    } else {
      d->edge_tri[2 * d->nedge] = s[2] / 3;
      d->edge_tri[2 * d->nedge + 1] = -1;
      d->nedge++;
    }
    d->tri_edge[s[2]] = d->nedge - 1;
  }
  free(sides);
  return 0;
}

static int build_vertex_triangles(gs_mesh_data *d)
{
  int i, k, *fill = (int *) malloc(sizeof(int) * (size_t) d->nvert);
  d->vert_tri_start = (int *) calloc((size_t) d->nvert + 1, sizeof(int));
  d->vert_tri = (int *) malloc(sizeof(int) * 3 * (size_t) d->ntri);
  if (!fill || !d->vert_tri_start || !d->vert_tri) {
    free(fill);
    return -1;
  }
  for (i = 0; i < 3 * d->ntri; i++) d->vert_tri_start[d->tri_vert[i] + 1]++;
  for (i = 0; i < d->nvert; i++) d->vert_tri_start[i + 1] += d->vert_tri_start[i];
  for (i = 0; i < d->nvert; i++) fill[i] = d->vert_tri_start[i];
  for (i = 0; i < d->ntri; i++)
    for (k = 0; k < 3; k++) d->vert_tri[fill[d->tri_vert[3 * i + k]]++] = i;
  free(fill);
  return 0;
}

/* the grid: cells about the size of an edge, at most a few per triangle, each listing the
 * triangles whose bounding box it overlaps */
static int build_grid(gs_mesh_data *d, double mean_edge)
{
  const double cap = 8.0 * d->ntri + 64.0;
  double cell = mean_edge, extent[3], tlo[3], thi[3];
  int k, i, j, ix, iy, iz, lo[3], hi[3], *fill = NULL;
  gs_mesh g;
  for (k = 0; k < 3; k++) extent[k] = d->hi[k] - d->lo[k];
  for (;;) {
    double cells = 1.0;
    for (k = 0; k < 3; k++) cells *= floor(extent[k] / cell) + 1.0;
    if (cells <= cap) break;
    cell *= 1.25;
  }
  d->cell = cell;
  d->ncells = 1;
  for (k = 0; k < 3; k++) {
    d->grid_lo[k] = d->lo[k];
    d->grid_n[k] = (int) floor(extent[k] / cell) + 1;
    d->ncells *= d->grid_n[k];
  }
  gs_mesh_view(d, 0.0, 0.0, &g);
  d->cell_start = (int *) calloc((size_t) d->ncells + 1, sizeof(int));
  d->tri_cell = (int *) malloc(sizeof(int) * 3 * (size_t) d->ntri);
  fill = (int *) malloc(sizeof(int) * (size_t) d->ncells);
  if (!d->cell_start || !d->tri_cell || !fill) {
    free(fill);
    return -1;
  }
  /* two passes over the triangles' cells: count, then fill */
  for (j = 0; j < 2; j++) {
    if (j == 1) {
      for (i = 0; i < d->ncells; i++) d->cell_start[i + 1] += d->cell_start[i];
      d->cell_tri = (int *) malloc(sizeof(int) * ((size_t) d->cell_start[d->ncells] + 1));
      if (!d->cell_tri) {
        free(fill);
        return -1;
      }
      for (i = 0; i < d->ncells; i++) fill[i] = d->cell_start[i];
    }
    for (i = 0; i < d->ntri; i++) {
      for (k = 0; k < 3; k++) {
        const double *v = d->vert + 3 * d->tri_vert[3 * i];
        tlo[k] = thi[k] = v[k];
      }
      for (k = 1; k < 3; k++) {
        const double *v = d->vert + 3 * d->tri_vert[3 * i + k];
        int a;
        for (a = 0; a < 3; a++) {
          tlo[a] = v[a] < tlo[a] ? v[a] : tlo[a];
          thi[a] = v[a] > thi[a] ? v[a] : thi[a];
        }
      }
      gs_mesh_cells(&g, tlo, thi, 0.0, lo, hi);
      for (k = 0; k < 3; k++) d->tri_cell[3 * i + k] = lo[k];
      for (iz = lo[2]; iz <= hi[2]; iz++)
        for (iy = lo[1]; iy <= hi[1]; iy++)
          for (ix = lo[0]; ix <= hi[0]; ix++) {
            const int c = (iz * d->grid_n[1] + iy) * d->grid_n[0] + ix;
            if (j == 0)
              d->cell_start[c + 1]++;
            else
              d->cell_tri[fill[c]++] = i;
          }
    }
  }
  free(fill);
  return 0;
}

int gs_mesh_build(const double *soup, int ntri, gs_mesh_data *d, char *err)
{
  double mean_edge = 0.0;
  int i, k;
  memset(d, 0, sizeof(*d));
  d->ntri = ntri;
  if (ntri < 1 || ntri > INT_MAX / 9) {
    snprintf(err, GS_ERRLEN, "a mesh of %d triangles: this reader takes 1 to %d", ntri, INT_MAX / 9);
    return -1;
  }
  {
    /* the merge tolerance: round-off on the mesh's scale */
    double extent = 0.0;
    for (i = 0; i < 9 * ntri; i++) extent = fmax(extent, fabs(soup[i]));
    if (merge_vertices(soup, ntri, 1e-10 * extent, d)) return out_of_memory_building(d, err);
  }
  for (k = 0; k < 3; k++) {
    d->lo[k] = d->hi[k] = d->vert[k];
    for (i = 1; i < d->nvert; i++) {
      d->lo[k] = d->vert[3 * i + k] < d->lo[k] ? d->vert[3 * i + k] : d->lo[k];
      d->hi[k] = d->vert[3 * i + k] > d->hi[k] ? d->vert[3 * i + k] : d->hi[k];
    }
  }
  d->normal = (double *) malloc(sizeof(double) * 3 * (size_t) ntri);
  if (!d->normal) return out_of_memory_building(d, err);
  d->min_edge = 1e300;
  d->max_edge = 0.0;
  for (i = 0; i < ntri; i++) {
    const double *a = d->vert + 3 * d->tri_vert[3 * i], *b = d->vert + 3 * d->tri_vert[3 * i + 1],
                 *c = d->vert + 3 * d->tri_vert[3 * i + 2];
    double ab[3], ac[3], bc[3], n[3], area2, longest;
    gs_sub3(b, a, ab);
    gs_sub3(c, a, ac);
    gs_sub3(c, b, bc);
    gs_cross3(ab, ac, n);
    area2 = gs_len3(n);
    longest = fmax(gs_len3(ab), fmax(gs_len3(ac), gs_len3(bc)));
    if (!(area2 > 1e-12 * longest * longest)) {
      snprintf(err, GS_ERRLEN, "triangle %d of the mesh has zero area: (%g %g %g), (%g %g %g), (%g %g %g)", i + 1,
               soup[9 * i], soup[9 * i + 1], soup[9 * i + 2], soup[9 * i + 3], soup[9 * i + 4], soup[9 * i + 5],
               soup[9 * i + 6], soup[9 * i + 7], soup[9 * i + 8]);
      gs_mesh_data_free(d);
      return -1;
    }
    /* divided, not scaled by the reciprocal: an axis-aligned triangle's normal is exactly a unit axis */
    for (k = 0; k < 3; k++) d->normal[3 * i + k] = n[k] / area2;
    mean_edge += (gs_len3(ab) + gs_len3(ac) + gs_len3(bc)) / (3.0 * ntri);
    d->min_edge = fmin(d->min_edge, fmin(gs_len3(ab), fmin(gs_len3(ac), gs_len3(bc))));
    d->max_edge = fmax(d->max_edge, longest);
  }
  if (build_edges(d, err)) {
    gs_mesh_data_free(d);
    return -1;
  }
  if (build_vertex_triangles(d) || build_grid(d, mean_edge)) return out_of_memory_building(d, err);
  return 0;
}

void gs_mesh_view(const gs_mesh_data *d, double flat_degrees, double transfer_degrees, gs_mesh *g)
{
  int k;
  g->ntri = d->ntri;
  g->nvert = d->nvert;
  g->nedge = d->nedge;
  g->vert = d->vert;
  g->normal = d->normal;
  g->tri_vert = d->tri_vert;
  g->tri_edge = d->tri_edge;
  g->edge_tri = d->edge_tri;
  g->vert_tri_start = d->vert_tri_start;
  g->vert_tri = d->vert_tri;
  for (k = 0; k < 3; k++) {
    g->grid_lo[k] = d->grid_lo[k];
    g->grid_n[k] = d->grid_n[k];
  }
  g->cell = d->cell;
  g->cell_start = d->cell_start;
  g->cell_tri = d->cell_tri;
  g->tri_cell = d->tri_cell;
  g->flat_cos = cos(flat_degrees * GS_PI_VALUE / 180.0);
  g->transfer_cos = cos(transfer_degrees * GS_PI_VALUE / 180.0);
}

void gs_mesh_data_free(gs_mesh_data *d)
{
  free(d->vert);
  free(d->normal);
  free(d->tri_vert);
  free(d->tri_edge);
  free(d->edge_tri);
  free(d->vert_tri_start);
  free(d->vert_tri);
  free(d->cell_start);
  free(d->cell_tri);
  free(d->tri_cell);
  memset(d, 0, sizeof(*d));
}
