/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: spheres against a rigid triangle mesh (fix wall/gran/sync/mesh and its /kk twin).
 *
 * The mesh is plain arrays in its own (body) frame, with its topology (edges and the triangles
 * around each edge and vertex) and a uniform grid of cells listing the triangles whose bounding
 * box they overlap. A rigid motion places it at t+dt: x = rot x_body + shift. The host builds the
 * arrays once (gs_mesh_build.c); gs_mesh_wall_atom() then handles one particle on host or device.
 *
 * Contacts. A triangle within reach offers its point nearest the particle, on its face, an edge or
 * a vertex (a feature). A point on an edge or vertex is a contact of that feature only if every
 * triangle around the feature has it as its nearest point too; else a neighbour is strictly
 * nearer and the point is a seam's ghost. Contacts whose normals are closer than the `flat` angle
 * are one contact (the deepest): a smooth surface's tessellation, or one point reached through
 * several triangles. A contact keeps its history from the last step's contact of the same
 * feature, else from the one whose normal is nearest within the transfer angle, so that history
 * follows a sphere rolling across edges and vertices. */
#ifndef GS_MESH_H
#define GS_MESH_H

#include "gs_contact.h"
#include "gs_wall.h"

#ifdef __cplusplus
extern "C" {
#endif

/* most contacts one particle keeps with one mesh (a box's corner has three) */
#define GS_MESH_MAX_CONTACTS 6

typedef struct gs_mesh {
  int ntri, nvert, nedge;
  const double *vert;       /* 3 per vertex */
  const double *normal;     /* 3 per triangle, unit, (v1 - v0) x (v2 - v0) */
  const int *tri_vert;      /* 3 per triangle */
  const int *tri_edge;      /* 3 per triangle: edge k joins its vertices k and (k + 1) % 3 */
  const int *edge_tri;      /* 2 per edge, the second -1 on the mesh's boundary */
  const int *vert_tri_start; /* nvert + 1: the triangles around vertex v are */
  const int *vert_tri;       /* vert_tri[vert_tri_start[v] .. vert_tri_start[v + 1]) */
  /* grid over the mesh's bounding box */
  double grid_lo[3], cell;
  int grid_n[3];
  const int *cell_start; /* ncells + 1: the triangles of cell c are cell_tri[cell_start[c] ..) */
  const int *cell_tri;
  const int *tri_cell; /* 3 per triangle: the first cell (per direction) its bounding box overlaps */
  double flat_cos;     /* contacts with normals closer than this cosine are one */
  double transfer_cos; /* a history moves to another feature's contact within this cosine */
} gs_mesh;

/* The mesh's place and velocity at t+dt. x = rot x_body + shift; a material point's velocity is
 * v + omega x (x - center), the motion's mean over the step (as a moving region's). */
typedef struct gs_mesh_motion {
  int moving;
  double rot[9], shift[3];
  double v[3], omega[3], center[3];
} gs_mesh_motion;

/* one contact of a particle with the mesh, in the body frame */
typedef struct gs_mesh_contact {
  int key;         /* the feature: triangle t (face), ntri + edge, ntri + nedge + vertex */
  int tri;         /* a triangle holding the feature */
  double dx[3], r; /* from the nearest point to the particle, its length */
  double n[3];     /* dx / r (a face's normal, signed, where r is 0) */
} gs_mesh_contact;

enum gs_mesh_feature { GS_MESH_FACE = 0, GS_MESH_EDGE = 1, GS_MESH_VERTEX = 2 };

/* ---- one triangle ------------------------------------------------------------------------------ */

/* The point of triangle t nearest x, and which feature holds it: *kind (gs_mesh_feature) and
 * *local, the triangle's vertex (0-2) or edge (0-2, from vertex k to k + 1). Voronoi regions of
 * the triangle as in Ericson, Real-Time Collision Detection, 5.1.5. */
GS_FN void gs_mesh_nearest(const gs_mesh *g, int t, const double *x, double *p, int *kind, int *local)
{
  const double *a = g->vert + 3 * g->tri_vert[3 * t], *b = g->vert + 3 * g->tri_vert[3 * t + 1],
               *c = g->vert + 3 * g->tri_vert[3 * t + 2];
  double ab[3], ac[3], ap[3], bp[3], cp[3], d1, d2, d3, d4, d5, d6, va, vb, vc, s, w;
  int k;
  gs_sub3(b, a, ab);
  gs_sub3(c, a, ac);
  gs_sub3(x, a, ap);
  d1 = gs_dot3(ab, ap);
  d2 = gs_dot3(ac, ap);
  *kind = GS_MESH_VERTEX;
  if (d1 <= 0.0 && d2 <= 0.0) {
    *local = 0;
    gs_copy3(a, p);
    return;
  }
  gs_sub3(x, b, bp);
  d3 = gs_dot3(ab, bp);
  d4 = gs_dot3(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) {
    *local = 1;
    gs_copy3(b, p);
    return;
  }
  gs_sub3(x, c, cp);
  d5 = gs_dot3(ab, cp);
  d6 = gs_dot3(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) {
    *local = 2;
    gs_copy3(c, p);
    return;
  }
  *kind = GS_MESH_EDGE;
  vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    s = d1 / (d1 - d3);
    for (k = 0; k < 3; k++) p[k] = a[k] + s * ab[k];
    *local = 0;
    return;
  }
  va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
    s = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    for (k = 0; k < 3; k++) p[k] = b[k] + s * (c[k] - b[k]);
    *local = 1;
    return;
  }
  vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    s = d2 / (d2 - d6);
    for (k = 0; k < 3; k++) p[k] = a[k] + s * ac[k];
    *local = 2;
    return;
  }
  *kind = GS_MESH_FACE;
  *local = 0;
  s = vb / (va + vb + vc);
  w = vc / (va + vb + vc);
  for (k = 0; k < 3; k++) p[k] = a[k] + ab[k] * s + ac[k] * w;
}

/* the feature's key (gs_mesh_contact) */
GS_FN int gs_mesh_key(const gs_mesh *g, int t, int kind, int local)
{
  if (kind == GS_MESH_FACE) return t;
  if (kind == GS_MESH_EDGE) return g->ntri + g->tri_edge[3 * t + local];
  return g->ntri + g->nedge + g->tri_vert[3 * t + local];
}

/* whether triangle u's nearest point to x is p (to round-off on the mesh's scale `tol2`, squared) */
GS_FN int gs_mesh_same_nearest(const gs_mesh *g, int u, const double *x, const double *p, double tol2)
{
  double q[3], d[3];
  int kind, local;
  gs_mesh_nearest(g, u, x, q, &kind, &local);
  gs_sub3(q, p, d);
  return gs_dot3(d, d) <= tol2;
}

/* Whether the point p of feature (kind, local) of triangle t is a contact: no triangle around the
 * feature is nearer, and t is the lowest-numbered of them (each contact is found once). */
GS_FN int gs_mesh_feature_contact(const gs_mesh *g, int t, int kind, int local, const double *x, const double *p,
                                  double tol2)
{
  int j;
  if (kind == GS_MESH_FACE) return 1;
  if (kind == GS_MESH_EDGE) {
    const int *around = g->edge_tri + 2 * g->tri_edge[3 * t + local];
    for (j = 0; j < 2; j++)
      if (around[j] >= 0 && around[j] != t) {
        if (!gs_mesh_same_nearest(g, around[j], x, p, tol2)) return 0;
        if (around[j] < t) return 0;
      }
    return 1;
  }
  {
    const int v = g->tri_vert[3 * t + local];
    for (j = g->vert_tri_start[v]; j < g->vert_tri_start[v + 1]; j++) {
      const int u = g->vert_tri[j];
      if (u == t) continue;
      if (!gs_mesh_same_nearest(g, u, x, p, tol2)) return 0;
      if (u < t) return 0;
    }
  }
  return 1;
}

/* ---- all contacts of one particle -------------------------------------------------------------- */

/* adds contact `c` to list[0..*n): one contact per direction within the flat angle, and per
 * point (closer than sqrt(tol2)), the deepest (at equal depth the lower key); 0 if the list is full */
GS_FN int gs_mesh_merge(const gs_mesh *g, gs_mesh_contact *list, int *n, const gs_mesh_contact *c, double tol2)
{
  int j;
  for (j = 0; j < *n; j++) {
    double d[3];
    gs_sub3(list[j].dx, c->dx, d);
    /* the same point found on two features (x on a seam, to round-off) is one contact too */
    if (gs_dot3(list[j].n, c->n) > g->flat_cos || gs_dot3(d, d) <= tol2) {
      if (c->r < list[j].r || (c->r == list[j].r && c->key < list[j].key)) list[j] = *c;
      return 1;
    }
  }
  if (*n == GS_MESH_MAX_CONTACTS) return 0;
  list[(*n)++] = *c;
  return 1;
}

/* the cell range [lo, hi] per axis of the box [a - reach, b + reach]; 0 if it misses the grid */
GS_FN int gs_mesh_cells(const gs_mesh *g, const double *a, const double *b, double reach, int *lo, int *hi)
{
  int k, inside = 1;
  for (k = 0; k < 3; k++) {
    const double l = (a[k] - reach - g->grid_lo[k]) / g->cell, h = (b[k] + reach - g->grid_lo[k]) / g->cell;
    inside &= h >= 0.0 && l < g->grid_n[k];
    lo[k] = l < 0.0 ? 0 : (l >= g->grid_n[k] ? g->grid_n[k] - 1 : (int) l);
    hi[k] = h < 0.0 ? 0 : (h >= g->grid_n[k] ? g->grid_n[k] - 1 : (int) h);
  }
  return inside;
}

/* The contacts of a particle at x (body frame) whose surface is within `reach` of the mesh, into
 * list; their number, or -1 if more than GS_MESH_MAX_CONTACTS directions. */
GS_FN int gs_mesh_find_contacts(const gs_mesh *g, const double *x, double reach, gs_mesh_contact *list)
{
  /* points closer than this are one: round-off on the scale of the particle's place and size */
  const double scale = fmax(fmax(fabs(x[0]), fabs(x[1])), fmax(fabs(x[2]), reach)), tol2 = 1e-24 * scale * scale;
  int lo[3], hi[3], ix, iy, iz, n = 0;
  if (!gs_mesh_cells(g, x, x, reach, lo, hi)) return 0;
  for (iz = lo[2]; iz <= hi[2]; iz++)
    for (iy = lo[1]; iy <= hi[1]; iy++)
      for (ix = lo[0]; ix <= hi[0]; ix++) {
        const int cell = (iz * g->grid_n[1] + iy) * g->grid_n[0] + ix;
        int m;
        for (m = g->cell_start[cell]; m < g->cell_start[cell + 1]; m++) {
          const int t = g->cell_tri[m];
          const double *nt = g->normal + 3 * t;
          const int *tl = g->tri_cell + 3 * t;
          double p[3], plane, d[3];
          int kind, local;
          gs_mesh_contact c;
          /* a triangle listed in several cells of the range is taken in the first */
          if ((tl[0] > lo[0] ? tl[0] : lo[0]) != ix || (tl[1] > lo[1] ? tl[1] : lo[1]) != iy ||
              (tl[2] > lo[2] ? tl[2] : lo[2]) != iz)
            continue;
          gs_sub3(x, g->vert + 3 * g->tri_vert[3 * t], d);
          plane = gs_dot3(d, nt);
          if (plane >= reach || -plane >= reach) continue;
          gs_mesh_nearest(g, t, x, p, &kind, &local);
          if (kind == GS_MESH_FACE) {
            /* along the normal: a flat mesh's separation is exactly a plane wall's */
            gs_scale3(plane, nt, c.dx);
            c.r = fabs(plane);
          } else {
            double along[3], off[3];
            gs_sub3(x, p, c.dx);
            c.r = gs_len3(c.dx);
            /* x over the edge or vertex along the face's normal (a seam of coplanar triangles):
             * a contact of the face, to the bit a plane wall's (its neighbours' are merged) */
            gs_scale3(plane, nt, along);
            gs_sub3(c.dx, along, off);
            if (gs_dot3(off, off) <= tol2) {
              gs_copy3(along, c.dx);
              c.r = fabs(plane);
              kind = GS_MESH_FACE;
            }
          }
          if (!(c.r * c.r < reach * reach) || !gs_mesh_feature_contact(g, t, kind, local, x, p, tol2)) continue;
          c.key = gs_mesh_key(g, t, kind, local);
          c.tri = t;
          if (c.r > 0.0)
            gs_scale3(1.0 / c.r, c.dx, c.n);
          else
            gs_copy3(nt, c.n);
          if (!gs_mesh_merge(g, list, &n, &c, tol2)) return -1;
        }
      }
  return n;
}

/* The separation of x (body frame) from contact c's feature, extended beyond it: the face's
 * plane, the edge's line, the vertex (the same surface at the half step's position). */
GS_FN void gs_mesh_feature_separation(const gs_mesh *g, const gs_mesh_contact *c, const double *x, double *dx)
{
  const int *tv = g->tri_vert + 3 * c->tri;
  double d[3];
  int k;
  if (c->key < g->ntri) {
    gs_sub3(x, g->vert + 3 * tv[0], d);
    gs_scale3(gs_dot3(d, g->normal + 3 * c->tri), g->normal + 3 * c->tri, dx);
  } else if (c->key < g->ntri + g->nedge) {
    /* the edge's end vertices: found among the triangle's */
    const int e = c->key - g->ntri;
    double ab[3], s;
    for (k = 0; k < 3 && g->tri_edge[3 * c->tri + k] != e; k++)
      ;
    {
      const double *a = g->vert + 3 * tv[k], *b = g->vert + 3 * tv[(k + 1) % 3];
      gs_sub3(b, a, ab);
      gs_sub3(x, a, d);
      s = gs_dot3(d, ab) / gs_dot3(ab, ab);
      for (k = 0; k < 3; k++) dx[k] = d[k] - s * ab[k];
    }
  } else {
    gs_sub3(x, g->vert + 3 * (c->key - g->ntri - g->nedge), dx);
  }
}

/* ---- motion ------------------------------------------------------------------------------------ */

GS_FN void gs_mesh_to_body(const gs_mesh_motion *mo, const double *x, double *xb)
{
  double d[3];
  int k;
  if (!mo->moving) {
    gs_copy3(x, xb);
    return;
  }
  gs_sub3(x, mo->shift, d);
  for (k = 0; k < 3; k++) xb[k] = mo->rot[k] * d[0] + mo->rot[3 + k] * d[1] + mo->rot[6 + k] * d[2];
}

GS_FN void gs_mesh_rotate_out(const gs_mesh_motion *mo, const double *vb, double *v)
{
  int k;
  if (!mo->moving) {
    gs_copy3(vb, v);
    return;
  }
  for (k = 0; k < 3; k++) v[k] = mo->rot[3 * k] * vb[0] + mo->rot[3 * k + 1] * vb[1] + mo->rot[3 * k + 2] * vb[2];
}

/* the mesh's velocity at point p (t+dt) */
GS_FN void gs_mesh_velocity(const gs_mesh_motion *mo, const double *p, double *v)
{
  double arm[3], w[3];
  gs_sub3(p, mo->center, arm);
  gs_cross3(mo->omega, arm, w);
  gs_add3(mo->v, w, v);
}

/* ---- per-atom contact records ------------------------------------------------------------------
 * One row of doubles per atom: the number of contacts, then per contact its key, its normal in the
 * body frame (for the transfer of history) and the model's history doubles. */

GS_FN int gs_mesh_row_width(int nh)
{
  return 1 + GS_MESH_MAX_CONTACTS * (4 + nh);
}

GS_FN int gs_mesh_row_used(const double *row, int nh)
{
  return 1 + (int) row[0] * (4 + nh);
}

/* Which slot of `row` each of the n contacts continues (from[], -1: new): first the slots of the
 * same feature, then, for the rest, the slot whose normal is nearest within the transfer angle. */
GS_FN void gs_mesh_row_match(const gs_mesh *g, const double *row, int nh, const gs_mesh_contact *list, int n,
                             int *from)
{
  const int count = (int) row[0];
  int taken[GS_MESH_MAX_CONTACTS], m, ic;
  for (m = 0; m < count; m++) taken[m] = 0;
  for (ic = 0; ic < n; ic++) {
    from[ic] = -1;
    for (m = 0; m < count && from[ic] < 0; m++)
      if (!taken[m] && (int) row[1 + m * (4 + nh)] == list[ic].key) {
        from[ic] = m;
        taken[m] = 1;
      }
  }
  for (ic = 0; ic < n; ic++) {
    double best = g->transfer_cos;
    int found = -1;
    if (from[ic] >= 0) continue;
    for (m = 0; m < count; m++) {
      const double cosine = gs_dot3(row + 1 + m * (4 + nh) + 1, list[ic].n);
      if (!taken[m] && cosine > best) {
        best = cosine;
        found = m;
      }
    }
    if (found >= 0) taken[found] = 1;
    from[ic] = found;
  }
}

/* the triangle holding feature `key` (gs_mesh_contact) */
GS_FN int gs_mesh_key_triangle(const gs_mesh *g, int key)
{
  if (key < g->ntri) return key;
  if (key < g->ntri + g->nedge) return g->edge_tri[2 * (key - g->ntri)];
  return g->vert_tri[g->vert_tri_start[key - g->ntri - g->nedge]];
}

/* Contact mc (body frame) of a particle at x (t+dt) as the core reads it: its separation in the
 * lab frame and the velocity relative to the mesh at the ordering's time level (v, or vhalf when
 * synchronized); the mesh's velocity there into vwall (0-2; 3-5, no spin, untouched). */
GS_FN void gs_mesh_contact_motion(const gs_model *m, const gs_mesh_motion *mo, const gs_mesh_contact *mc,
                                  const double *x, const double *v, const double *vhalf, double *vwall, gs_contact *c)
{
  gs_mesh_rotate_out(mo, mc->dx, c->dx);
  c->r = mc->r;
  if (mo->moving) {
    double p[3];
    gs_sub3(x, c->dx, p);
    gs_mesh_velocity(mo, p, vwall);
  }
  gs_sub3(m->ordering == GS_ORDERING_SYNCHRONIZED ? vhalf : v, vwall, c->vr);
}

/* One particle against the mesh; arguments as gs_region_wall_atom() (src/core/gs_region.h), with
 * the mesh at motion `mo`, and `dissipation` (NULL: none) receiving the step's slip energies and
 * dashpot loads (gs_dissipation), including the springs of contacts that ended. Returns the number
 * of contacts, GS_WALL_CROWDED if more than GS_MESH_MAX_CONTACTS, or GS_WALL_CENTRED, adding
 * nothing, if the particle's centre lies on the mesh (gs_wall.h). */
GS_FN int gs_mesh_wall_atom(const gs_model *m, const gs_mesh *g, const gs_mesh_motion *mo, double dt,
                            int history_update, const double *x, const double *v, const double *xhalf,
                            const double *vhalf, const double *omega, const double *next, double radius,
                            double rmass, double *row, double *force, double *torque, double ti, double twall,
                            double *heat, double *output, double *energy, gs_dissipation *dissipation)
{
  const int nh = m->size_history, width = 4 + nh, count = (int) row[0];
  /* a JKR contact holds beyond touching until pull-off */
  const double reach = radius + gs_pulloff_distance(m, radius);
  gs_mesh_contact list[GS_MESH_MAX_CONTACTS];
  double kept_row[1 + GS_MESH_MAX_CONTACTS * (4 + GS_MAX_HISTORY)];
  int from[GS_MESH_MAX_CONTACTS], continued[GS_MESH_MAX_CONTACTS];
  double xb[3];
  int n, ic, k, kept = 0;
  gs_contact c;
  gs_mesh_to_body(mo, x, xb);
  n = gs_mesh_find_contacts(g, xb, reach, list);
  if (n < 0) return GS_WALL_CROWDED;
  for (ic = 0; ic < n; ic++)
    if (list[ic].r == 0.0) return GS_WALL_CENTRED;
  gs_mesh_row_match(g, row, nh, list, n, from);
  c.dt = dt;
  c.history_update = history_update;
  c.radi = radius;
  c.radj = 0.0;
  c.meff = rmass;
  c.mdr_atoms = 0;
  c.mdr_i = c.mdr_j = 0;
  c.mdr_i_side0 = 1;
  c.mdr_yield_unrecorded = 0;
  gs_copy3(omega, c.omegai);
  gs_zero3(c.omegaj);
  gs_zero3(c.dx_half); /* read by the synchronized ordering only */
  c.damp_i = c.damp_j = 0; /* read by scheme consistent only */
  for (k = 0; k < count; k++) continued[k] = 0;
  for (ic = 0; ic < n; ic++) {
    /* the wall's velocity (0-2), and no spin (3-5): the row scheme consistent's dashpots read */
    double vwall[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, *slot, *hist;
    /* beyond touching (JKR) only a contact that was made */
    if (!(list[ic].r * list[ic].r < radius * radius) && from[ic] < 0) continue;
    slot = kept_row + 1 + kept * width;
    kept++;
    slot[0] = list[ic].key;
    gs_copy3(list[ic].n, slot + 1);
    hist = slot + 4;
    if (from[ic] >= 0) continued[from[ic]] = 1;
    for (k = 0; k < nh; k++) hist[k] = from[ic] >= 0 ? row[1 + from[ic] * width + 4 + k] : 0.0;

    gs_mesh_contact_motion(m, mo, &list[ic], x, v, vhalf, vwall, &c);
    if (m->ordering == GS_ORDERING_SYNCHRONIZED) {
      /* mesh at rest: the same feature at the half-step position; moving: relative motion */
      if (mo->moving)
        gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
      else
        gs_mesh_feature_separation(g, &list[ic], xhalf, c.dx_half);
      if (m->scheme == GS_SCHEME_CONSISTENT) {
        c.damp_i = next;
        c.damp_j = vwall;
      }
    }
    if (dissipation)
      gs_contact_evaluate_dissipating(m, gs_model_kinds(m), &c, hist, dissipation);
    else
      gs_contact_evaluate(m, &c, hist);
    gs_add3(force, c.force, force);
    gs_add3(torque, c.torquei, torque);
    gs_wall_contact_outputs(m, &c, x, radius, ti, twall, heat, output);
    if (energy) *energy += gs_contact_stored_energy(m, &c, hist);
  }
  /* the springs of contacts that ended release their energy, on their feature extended */
  for (k = 0; dissipation && nh && k < count; k++) {
    double vwall[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    gs_mesh_contact ended;
    if (continued[k]) continue;
    ended.key = (int) row[1 + k * width];
    ended.tri = gs_mesh_key_triangle(g, ended.key);
    gs_mesh_feature_separation(g, &ended, xb, ended.dx);
    ended.r = gs_len3(ended.dx);
    if (!(ended.r > 0.0)) { /* no direction: the last step's normal */
      gs_copy3(row + 1 + k * width + 1, ended.dx);
      ended.r = 1.0;
    }
    gs_mesh_contact_motion(m, mo, &ended, x, v, vhalf, vwall, &c);
    gs_contact_release(m, &c, row + 1 + k * width + 4, dissipation);
  }
  kept_row[0] = kept;
  for (k = 0; k < 1 + kept * width; k++) row[k] = kept_row[k];
  return kept;
}

#ifdef __cplusplus
}
#endif

#endif
