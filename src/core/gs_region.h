/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: the surfaces of LAMMPS' plane, block, sphere, cylinder and cone regions (side in/out,
 * open faces, move/rotate, variable shape) as plain data and functions usable on a device, for
 * region walls that run there (fix wall/gran/sync/region/kk). The host fills a gs_region from the
 * LAMMPS region once per step; gs_region_surface() then lists one particle's contacts exactly as
 * LAMMPS' Region::surface() does (same faces, same iwall numbers, same arithmetic), so the device
 * wall agrees with the CPU fix, which asks the LAMMPS region itself. */
#ifndef GS_REGION_H
#define GS_REGION_H

#include "gs_contact.h"
#include "gs_wall.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gs_region_shape { GS_REGION_PLANE, GS_REGION_BLOCK, GS_REGION_SPHERE, GS_REGION_CYLINDER, GS_REGION_CONE };

#define GS_REGION_MAX_CONTACTS 6 /* a block's six faces */

typedef struct gs_region_contact {
  double r;      /* distance from the surface */
  double del[3]; /* from the surface point to the particle */
  double radius; /* curvature radius for the effective radius (0: flat, < 0: concave) */
  int iwall;     /* the face, for matching histories from step to step */
  int varflag;   /* the face moves when the shape changes */
} gs_region_contact;

typedef struct gs_region {
  int shape;
  int interior; /* side in */
  int open;     /* any face open: contacts from both sides */
  int open_faces[6];
  int axis; /* cylinder, cone: 0, 1, 2 */
  /* plane: point, normal; block: lo, hi; sphere: center, radius; cylinder: c1, c2 (the two other
   * axes in order), radius, lo, hi along the axis; cone: as cylinder, radiuslo/hi, maxradius */
  double point[3], normal[3];
  double lo3[3], hi3[3];
  double center[3];
  double c1, c2, radius, lo, hi, radiuslo, radiushi, maxradius;
  /* motion (LAMMPS: move, rotate): rotation about rot_point along rot_unit by theta, then disp */
  int move, rotate, varshape;
  double disp[3], theta, rot_point[3], rot_unit[3];
  /* sin and cos of theta and -theta, taken on the host: a device's sin/cos may differ in the last bits */
  double sin_fwd, cos_fwd, sin_inv, cos_inv;
  /* wall velocity, differenced over the step by LAMMPS (Region::set_velocity) */
  double v[3], omega[3], rpoint[3], xcenter[3], rprev, dt;
} gs_region;

/* ---- motion ------------------------------------------------------------------------------------ */

/* right-hand rotation of x by an angle (its sine, cosine) around the line through rot_point along rot_unit */
GS_FN void gs_region_rotate(const gs_region *g, double *x, double sine, double cosine)
{
  double d[3], c[3], a[3], b[3], along;
  int k;
  gs_sub3(x, g->rot_point, d);
  along = gs_dot3(d, g->rot_unit);
  gs_scale3(along, g->rot_unit, c);
  gs_sub3(d, c, a);
  gs_cross3(g->rot_unit, a, b);
  for (k = 0; k < 3; k++) x[k] = g->rot_point[k] + c[k] + (a[k] * cosine + b[k] * sine);
}

/* from the moved region to its definition: undo the displacement, then the rotation */
GS_FN void gs_region_inverse_transform(const gs_region *g, double *x)
{
  if (g->move) gs_sub3(x, g->disp, x);
  if (g->rotate) gs_region_rotate(g, x, g->sin_inv, g->cos_inv);
}

GS_FN void gs_region_forward_transform(const gs_region *g, double *x)
{
  if (g->rotate) gs_region_rotate(g, x, g->sin_fwd, g->cos_fwd);
  if (g->move) gs_add3(x, g->disp, x);
}

/* ---- shapes, in the region's own frame --------------------------------------------------------- */

GS_FN void gs_region_flat_contact(gs_region_contact *c, double r, int dim, double del, int iwall)
{
  c->r = r;
  gs_zero3(c->del);
  c->del[dim] = del;
  c->radius = 0.0;
  c->iwall = iwall;
  c->varflag = 0;
}

/* contact from surface point p to x (LAMMPS' Region::add_contact) */
GS_FN void gs_region_point_contact(gs_region_contact *c, const double *x, const double *p)
{
  gs_sub3(x, p, c->del);
  c->r = gs_len3(c->del);
  c->radius = 0.0;
  c->iwall = 0;
  c->varflag = 0;
}

/* a sphere's contact (gap r) for a particle at offset d from its centre, distance dist;
 * curvature: -R seen from inside, R from outside */
GS_FN void gs_region_sphere_contact(gs_region_contact *c, const gs_region *g, const double *d, double dist, double r,
                                    double curvature)
{
  int k;
  c->r = r;
  for (k = 0; k < 3; k++) c->del[k] = d[k] * (1.0 - g->radius / dist);
  c->radius = curvature;
  c->iwall = 0;
  c->varflag = 1;
}

/* the point of segment a-b nearest to x */
GS_FN void gs_region_nearest_on_segment(const double *a, const double *b, const double *x, double *p)
{
  double ba[3], xa[3], t;
  gs_sub3(b, a, ba);
  gs_sub3(x, a, xa);
  t = gs_dot3(xa, ba) / gs_dot3(ba, ba);
  if (t <= 0.0)
    gs_copy3(a, p);
  else if (t >= 1.0)
    gs_copy3(b, p);
  else {
    p[0] = a[0] + t * ba[0];
    p[1] = a[1] + t * ba[1];
    p[2] = a[2] + t * ba[2];
  }
}

GS_FN int gs_region_inside(const gs_region *g, const double *x)
{
  const int a = g->axis, t1 = a == 0 ? 1 : 0, t2 = a == 2 ? 1 : 2;
  switch (g->shape) {
  case GS_REGION_PLANE: {
    double d[3];
    gs_sub3(x, g->point, d);
    return gs_dot3(d, g->normal) >= 0.0;
  }
  case GS_REGION_BLOCK:
    return x[0] >= g->lo3[0] && x[0] <= g->hi3[0] && x[1] >= g->lo3[1] && x[1] <= g->hi3[1] && x[2] >= g->lo3[2] &&
           x[2] <= g->hi3[2];
  case GS_REGION_SPHERE: {
    double d[3];
    gs_sub3(x, g->center, d);
    return gs_len3(d) <= g->radius;
  }
  default: {
    const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
    const double dist = sqrt(del1 * del1 + del2 * del2);
    const double radius = g->shape == GS_REGION_CYLINDER
                              ? g->radius
                              : g->radiuslo + (x[a] - g->lo) * (g->radiushi - g->radiuslo) / (g->hi - g->lo);
    return dist <= radius && x[a] >= g->lo && x[a] <= g->hi;
  }
  }
}

/* the caps of a cylinder or cone seen from inside: lo (iwall 0), hi (iwall 1) */
GS_FN int gs_region_caps_interior(const gs_region *g, const double *x, double cutoff, gs_region_contact *c, int n)
{
  const int a = g->axis;
  double delta = x[a] - g->lo;
  if (delta < cutoff && !g->open_faces[0]) gs_region_flat_contact(&c[n++], delta, a, delta, 0);
  delta = g->hi - x[a];
  if (delta < cutoff && !g->open_faces[1]) gs_region_flat_contact(&c[n++], delta, a, -delta, 1);
  return n;
}

GS_FN int gs_region_surface_interior(const gs_region *g, const double *x, double cutoff, gs_region_contact *c)
{
  const int a = g->axis, t1 = a == 0 ? 1 : 0, t2 = a == 2 ? 1 : 2;
  int n = 0, k;
  switch (g->shape) {
  case GS_REGION_PLANE: {
    double d[3], dot;
    gs_sub3(x, g->point, d);
    dot = gs_dot3(d, g->normal);
    if (!(dot < cutoff && dot >= 0.0)) return 0;
    c[0].r = dot;
    gs_scale3(dot, g->normal, c[0].del);
    c[0].radius = 0.0;
    c[0].iwall = 0;
    c[0].varflag = 0;
    return 1;
  }
  case GS_REGION_BLOCK:
    if (!gs_region_inside(g, x)) return 0;
    for (k = 0; k < 3; k++) {
      double delta = x[k] - g->lo3[k];
      if (delta < cutoff && !g->open_faces[2 * k]) gs_region_flat_contact(&c[n++], delta, k, delta, 2 * k);
      delta = g->hi3[k] - x[k];
      if (delta < cutoff && !g->open_faces[2 * k + 1]) gs_region_flat_contact(&c[n++], delta, k, -delta, 2 * k + 1);
    }
    return n;
  case GS_REGION_SPHERE: {
    double d[3], r;
    gs_sub3(x, g->center, d);
    r = gs_len3(d);
    if (r > g->radius || r == 0.0 || !(g->radius - r < cutoff)) return 0;
    gs_region_sphere_contact(&c[0], g, d, r, g->radius - r, -g->radius);
    return 1;
  }
  case GS_REGION_CYLINDER: {
    const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
    const double r = sqrt(del1 * del1 + del2 * del2);
    const double delta = g->radius - r;
    if (r > g->radius || x[a] < g->lo || x[a] > g->hi) return 0;
    if (delta < cutoff && r > 0.0 && !g->open_faces[2]) {
      c[0].r = delta;
      c[0].del[a] = 0.0;
      c[0].del[t1] = del1 * (1.0 - g->radius / r);
      c[0].del[t2] = del2 * (1.0 - g->radius / r);
      c[0].radius = -2.0 * g->radius;
      c[0].iwall = 2;
      c[0].varflag = 1;
      n = 1;
    }
    return gs_region_caps_interior(g, x, cutoff, c, n);
  }
  default: { /* cone */
    const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
    const double r = sqrt(del1 * del1 + del2 * del2);
    if (r > g->radiuslo + (x[a] - g->lo) * (g->radiushi - g->radiuslo) / (g->hi - g->lo) || x[a] < g->lo ||
        x[a] > g->hi)
      return 0;
    if (r > 0.0 && !g->open_faces[2]) {
      /* the nearest point on the cone's line through x's azimuth */
      double surflo[3], surfhi[3], xs[3], del[3], dist;
      surflo[a] = g->lo;
      surflo[t1] = g->c1 + del1 * g->radiuslo / r;
      surflo[t2] = g->c2 + del2 * g->radiuslo / r;
      surfhi[a] = g->hi;
      surfhi[t1] = g->c1 + del1 * g->radiushi / r;
      surfhi[t2] = g->c2 + del2 * g->radiushi / r;
      gs_region_nearest_on_segment(surflo, surfhi, x, xs);
      gs_sub3(x, xs, del);
      dist = gs_len3(del);
      if (dist < cutoff) {
        c[0].r = dist;
        gs_copy3(del, c[0].del);
        c[0].radius = -2.0 * (g->radiuslo + (xs[a] - g->lo) * (g->radiushi - g->radiuslo) / (g->hi - g->lo));
        c[0].iwall = 2;
        c[0].varflag = 0;
        n = 1;
      }
    }
    return gs_region_caps_interior(g, x, cutoff, c, n);
  }
  }
}

/* nearest point of a cylinder's surface (closed or with open faces) to an outside x */
GS_FN void gs_region_cylinder_nearest(const gs_region *g, const double *x, double *p, double *crad, int *varflag)
{
  const int a = g->axis, t1 = a == 0 ? 1 : 0, t2 = a == 2 ? 1 : 2;
  const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
  const double r = sqrt(del1 * del1 + del2 * del2);
  *crad = 0.0;
  *varflag = 0;
  if (!g->open) {
    if (r > g->radius) {
      p[t1] = g->c1 + del1 * g->radius / r;
      p[t2] = g->c2 + del2 * g->radius / r;
      *crad = 2.0 * g->radius;
      *varflag = 1;
    } else {
      p[t1] = x[t1];
      p[t2] = x[t2];
    }
    p[a] = x[a] < g->lo ? g->lo : (x[a] > g->hi ? g->hi : x[a]);
  } else {
    /* the nearest of the closed faces: the curved one, then the caps if nearer */
    const double dr = r - g->radius, dr2 = dr * dr;
    double d2prev = 1.0e20, d2, dax;
    int cap;
    /* on the rim when outside the curved face (LAMMPS leaves this point unset when that face is open) */
    p[t1] = r < g->radius ? x[t1] : g->c1 + del1 * g->radius / r;
    p[t2] = r < g->radius ? x[t2] : g->c2 + del2 * g->radius / r;
    p[a] = x[a];
    if (!g->open_faces[2]) {
      p[t1] = g->c1 + del1 * g->radius / r;
      p[t2] = g->c2 + del2 * g->radius / r;
      if (x[a] < g->lo) {
        dax = g->lo - x[a];
        p[a] = g->lo;
      } else if (x[a] > g->hi) {
        dax = x[a] - g->hi;
        p[a] = g->hi;
      } else {
        dax = 0.0;
        p[a] = x[a];
      }
      d2prev = dr2 + dax * dax;
      if (r > g->radius) {
        *crad = 2.0 * g->radius;
        *varflag = 1;
      }
    }
    for (cap = 0; cap < 2; cap++) {
      const double level = cap ? g->hi : g->lo;
      if (g->open_faces[cap]) continue;
      dax = level - x[a];
      d2 = r < g->radius ? dax * dax : dr2 + dax * dax;
      if (d2 < d2prev) {
        p[a] = level;
        if (r < g->radius) {
          p[t1] = x[t1];
          p[t2] = x[t2];
        }
        d2prev = d2;
      }
    }
  }
}

/* nearest point of a cone's surface to an outside x, and its curvature radius; 0 if every face is open */
GS_FN int gs_region_cone_nearest(const gs_region *g, const double *x, double *nearest, double *crad)
{
  const int a = g->axis, t1 = a == 0 ? 1 : 0, t2 = a == 2 ? 1 : 2;
  const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
  const double r = sqrt(del1 * del1 + del2 * del2);
  /* the half trapezoid of the cone in the plane of the axis and x: rim lo, rim hi, axis lo, axis hi */
  double corner[4][3], p[3], d[3], distsq = 1.0e20, rsq;
  const int segment[3][2] = {{0, 1}, {0, 2}, {1, 3}};
  const int face[3] = {2, 0, 1};
  int s, closed = 0;
  corner[0][a] = g->lo;
  corner[0][t1] = g->c1 + del1 * g->radiuslo / r;
  corner[0][t2] = g->c2 + del2 * g->radiuslo / r;
  corner[1][a] = g->hi;
  corner[1][t1] = g->c1 + del1 * g->radiushi / r;
  corner[1][t2] = g->c2 + del2 * g->radiushi / r;
  corner[2][a] = g->lo;
  corner[3][a] = g->hi;
  corner[2][t1] = corner[3][t1] = g->c1;
  corner[2][t2] = corner[3][t2] = g->c2;
  *crad = 0.0;
  for (s = 0; s < 3; s++) {
    if (g->open_faces[face[s]]) continue;
    closed = 1;
    gs_region_nearest_on_segment(corner[segment[s][0]], corner[segment[s][1]], x, p);
    gs_sub3(x, p, d);
    rsq = gs_dot3(d, d);
    if (rsq < distsq) {
      gs_copy3(p, nearest);
      distsq = rsq;
      *crad = 0.0;
    }
    /* LAMMPS takes the curved face's curvature at the nearest point found so far */
    if (s == 0) *crad = -2.0 * (g->radiuslo + (nearest[a] - g->lo) * (g->radiushi - g->radiuslo) / (g->hi - g->lo));
  }
  return closed;
}

GS_FN int gs_region_surface_exterior(const gs_region *g, const double *x, double cutoff, gs_region_contact *c)
{
  const int a = g->axis, t1 = a == 0 ? 1 : 0, t2 = a == 2 ? 1 : 2;
  double p[3] = {0.0, 0.0, 0.0};
  switch (g->shape) {
  case GS_REGION_PLANE: {
    double d[3], dot;
    gs_sub3(x, g->point, d);
    dot = -gs_dot3(d, g->normal);
    if (!(dot < cutoff && dot >= 0.0)) return 0;
    c[0].r = dot;
    gs_scale3(-dot, g->normal, c[0].del);
    c[0].radius = 0.0;
    c[0].iwall = 0;
    c[0].varflag = 0;
    return 1;
  }
  case GS_REGION_BLOCK: {
    int k;
    for (k = 0; k < 3; k++)
      if (x[k] <= g->lo3[k] - cutoff || x[k] >= g->hi3[k] + cutoff) return 0;
    if (x[0] > g->lo3[0] && x[0] < g->hi3[0] && x[1] > g->lo3[1] && x[1] < g->hi3[1] && x[2] > g->lo3[2] &&
        x[2] < g->hi3[2])
      return 0;
    /* open faces are refused by the adapter: the nearest point of a closed box */
    for (k = 0; k < 3; k++) p[k] = x[k] < g->lo3[k] ? g->lo3[k] : (x[k] > g->hi3[k] ? g->hi3[k] : x[k]);
    gs_region_point_contact(&c[0], x, p);
    return c[0].r < cutoff;
  }
  case GS_REGION_SPHERE: {
    double d[3], r;
    gs_sub3(x, g->center, d);
    r = gs_len3(d);
    if (r < g->radius || !(r - g->radius < cutoff)) return 0;
    gs_region_sphere_contact(&c[0], g, d, r, r - g->radius, g->radius);
    return 1;
  }
  case GS_REGION_CYLINDER: {
    const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
    const double r = sqrt(del1 * del1 + del2 * del2);
    double crad;
    int varflag;
    if (r >= g->radius + cutoff || x[a] <= g->lo - cutoff || x[a] >= g->hi + cutoff) return 0;
    if (r < g->radius && x[a] > g->lo && x[a] < g->hi) return 0;
    gs_region_cylinder_nearest(g, x, p, &crad, &varflag);
    gs_region_point_contact(&c[0], x, p);
    c[0].radius = crad;
    c[0].varflag = varflag;
    return c[0].r < cutoff;
  }
  default: { /* cone */
    const double del1 = x[t1] - g->c1, del2 = x[t2] - g->c2;
    const double r = sqrt(del1 * del1 + del2 * del2);
    const double current = g->radiuslo + (x[a] - g->lo) * (g->radiushi - g->radiuslo) / (g->hi - g->lo);
    double crad;
    if (r >= g->maxradius + cutoff || x[a] <= g->lo - cutoff || x[a] >= g->hi + cutoff) return 0;
    if (r < current && x[a] > g->lo && x[a] < g->hi) return 0;
    if (!gs_region_cone_nearest(g, x, p, &crad)) return 0;
    gs_region_point_contact(&c[0], x, p);
    c[0].radius = crad;
    return c[0].r < cutoff;
  }
  }
}

/* ---- LAMMPS' Region::match() and Region::surface() ------------------------------------------------ */

GS_FN int gs_region_match(const gs_region *g, const double *xin)
{
  double x[3];
  gs_copy3(xin, x);
  gs_region_inverse_transform(g, x);
  if (g->open) return 1;
  return gs_region_inside(g, x) == g->interior;
}

/* Contacts of a particle at xin with the surface within cutoff; del in the moved frame. */
GS_FN int gs_region_surface(const gs_region *g, const double *xin, double cutoff, gs_region_contact *c)
{
  double x[3];
  int n, k;
  gs_copy3(xin, x);
  gs_region_inverse_transform(g, x);
  if (!g->open)
    n = g->interior ? gs_region_surface_interior(g, x, cutoff, c) : gs_region_surface_exterior(g, x, cutoff, c);
  else /* at most one side reports contacts */
    n = gs_region_surface_exterior(g, x, cutoff, c) + gs_region_surface_interior(g, x, cutoff, c);
  if (g->rotate)
    for (k = 0; k < n; k++) {
      double xs[3];
      gs_sub3(x, c[k].del, xs);
      gs_region_forward_transform(g, xs);
      gs_sub3(xin, xs, c[k].del);
    }
  return n;
}

/* Velocity of the surface at contact c of a particle at x (LAMMPS' Region::velocity_contact()). */
GS_FN void gs_region_velocity(const gs_region *g, const double *x, const gs_region_contact *c, double *vwall)
{
  double xc[3];
  gs_sub3(x, c->del, xc);
  gs_zero3(vwall);
  if (g->move) gs_copy3(g->v, vwall);
  if (g->rotate) {
    vwall[0] += g->omega[1] * (xc[2] - g->rpoint[2]) - g->omega[2] * (xc[1] - g->rpoint[1]);
    vwall[1] += g->omega[2] * (xc[0] - g->rpoint[0]) - g->omega[0] * (xc[2] - g->rpoint[2]);
    vwall[2] += g->omega[0] * (xc[1] - g->rpoint[1]) - g->omega[1] * (xc[0] - g->rpoint[0]);
  }
  if (g->varshape && c->varflag) {
    /* a cylinder grows normal to its axis only */
    const double growth = 1 - g->rprev / g->radius;
    int k;
    for (k = 0; k < 3; k++)
      if (g->shape != GS_REGION_CYLINDER || k != g->axis) vwall[k] += (xc[k] - g->xcenter[k]) * growth / g->dt;
  }
}

/* ---- per-atom contact records ------------------------------------------------------------------
 * One row per atom: row[0] the number of faces in contact; face m at row[1 + m (1 + nh)], its
 * nh history values after it. Rows are plain doubles so they travel as one block. */

GS_FN int gs_region_row_width(int tmax, int nh)
{
  return 1 + tmax * (1 + nh);
}

/* the history of the contact with face iwall, NULL if there is none */
GS_FN double *gs_region_row_find(double *row, int nh, int iwall)
{
  const int count = (int) row[0];
  int m;
  for (m = 0; m < count; m++) {
    double *slot = row + 1 + m * (1 + nh);
    if ((int) slot[0] == iwall) return slot + 1;
  }
  return 0;
}

/* the history of the contact with face iwall, created (zero) if new */
GS_FN double *gs_region_row_history(double *row, int nh, int iwall)
{
  const int count = (int) row[0];
  double *slot = gs_region_row_find(row, nh, iwall);
  int k;
  if (slot) return slot;
  slot = row + 1 + count * (1 + nh);
  slot[0] = iwall;
  for (k = 0; k < nh; k++) slot[1 + k] = 0.0;
  row[0] = count + 1;
  return slot + 1;
}

/* drop the faces not among touched[0..kept) (contacts that ended) */
GS_FN void gs_region_row_forget(double *row, int nh, const int *touched, int kept)
{
  int m = 0, k;
  while (m < (int) row[0]) {
    double *slot = row + 1 + m * (1 + nh), *last;
    int alive = 0;
    for (k = 0; k < kept; k++) alive |= touched[k] == (int) slot[0];
    if (alive) {
      m++;
      continue;
    }
    row[0] -= 1.0;
    last = row + 1 + (int) row[0] * (1 + nh);
    for (k = 0; k < 1 + nh; k++) slot[k] = last[k];
  }
}

/* One particle against a region wall, as fix wall/gran/sync/region does it with a LAMMPS region.
 * x, v at t+dt; xhalf, vhalf its half-step position and velocity (synchronized ordering); next its
 * velocity (0-2) and spin (3-5) at t+dt for the dashpots (scheme consistent only; a moving region's
 * velocity is its mean over the step, exact for steady motion). Adds to
 * force and torque and, face by face, what gs_wall_contact_outputs() adds to *heat and writes to
 * output (each unless NULL; output ends with the last face touched, as stock) and to *energy (unless
 * NULL) the contacts' stored energy; returns the number of faces touched, GS_WALL_CROWDED if more
 * than tmax, or GS_WALL_CENTRED, adding nothing, if the particle's centre lies on a face it touches.
 * mdr: the grains' state and the particle's index there (NULL and unread for other models). */
GS_FN int gs_region_wall_atom(const gs_model *m, const gs_region *g, int tmax, double dt, int history_update,
                              const double *x, const double *v, const double *xhalf, const double *vhalf,
                              const double *omega, const double *next, double radius,
                              double rmass, double *row, double *force,
                              double *torque, double ti, double twall, double *heat, double *output,
                              double *energy, const gs_mdr_atoms *mdr, int index)
{
  const int sync = m->ordering == GS_ORDERING_SYNCHRONIZED;
  const int dynamic = g->move || g->rotate || g->varshape;
  gs_region_contact faces[GS_REGION_MAX_CONTACTS], half[GS_REGION_MAX_CONTACTS];
  int touched[GS_REGION_MAX_CONTACTS], touching[GS_REGION_MAX_CONTACTS];
  int nc = 0, kept = 0, ic;
  gs_contact c;
  if (gs_region_match(g, x)) nc = gs_region_surface(g, x, radius, faces);
  if (nc > tmax) return GS_WALL_CROWDED;
  c.dt = dt;
  c.history_update = history_update;
  c.radi = radius;
  c.mdr_atoms = mdr;
  c.mdr_i = c.mdr_j = index; /* (a wall has one side: mdr_j and mdr_i_side0 are unread) */
  c.mdr_i_side0 = 1;
  c.mdr_yield_unrecorded = 0;
  gs_zero3(c.omegaj);
  gs_zero3(c.dx_half); /* read by the synchronized ordering only */
  c.damp_i = c.damp_j = 0; /* read by scheme consistent only */
  /* contacts that ended leave the row before new ones enter it: at most tmax at any time */
  for (ic = 0; ic < nc; ic++) {
    c.r = faces[ic].r;
    touching[ic] = gs_wall_touching(&c);
    if (touching[ic] && c.r == 0.0) return GS_WALL_CENTRED;
    if (touching[ic]) touched[kept++] = faces[ic].iwall;
  }
  gs_region_row_forget(row, m->size_history, touched, kept);
  for (ic = 0; ic < nc; ic++) {
    /* the wall's velocity (0-2), and no spin (3-5): the row scheme consistent's dashpots read */
    double vwall[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, *hist;
    if (!touching[ic]) continue;
    gs_copy3(faces[ic].del, c.dx);
    c.r = faces[ic].r;
    c.radj = faces[ic].radius;
    if (dynamic) gs_region_velocity(g, x, &faces[ic], vwall);
    hist = gs_region_row_history(row, m->size_history, faces[ic].iwall);
    c.meff = rmass;
    gs_copy3(omega, c.omegai);
    if (sync) {
      int found = 0, nh, ih;
      gs_sub3(vhalf, vwall, c.vr);
      /* static region: the same face at the half-step position; moving: relative motion */
      if (!dynamic) {
        nh = gs_region_surface(g, xhalf, 2.0 * radius, half);
        for (ih = 0; ih < nh && !found; ih++)
          if (half[ih].iwall == faces[ic].iwall) {
            gs_copy3(half[ih].del, c.dx_half);
            found = 1;
          }
      }
      if (!found) gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
      if (m->scheme == GS_SCHEME_CONSISTENT) {
        c.damp_i = next;
        c.damp_j = vwall;
      }
    } else {
      gs_sub3(v, vwall, c.vr);
    }
    gs_contact_evaluate(m, &c, hist);
    gs_add3(force, c.force, force);
    gs_add3(torque, c.torquei, torque);
    gs_wall_contact_outputs(m, &c, x, radius, ti, twall, heat, output);
    if (energy) *energy += gs_contact_stored_energy(m, &c, hist);
  }
  return kept;
}

/* mdr: adds a particle's contacts with a region wall to its mean surface displacement increment
 * (*ddelta_bar), face by face; acon0: its contact area at the last step (not zero). */
GS_FN void gs_region_mdr_surface_increments(const gs_region *g, int size_history, const double *x, double radius,
                                            double *row, double acon0, double *ddelta_bar)
{
  gs_region_contact faces[GS_REGION_MAX_CONTACTS];
  int nc = 0, ic;
  if (gs_region_match(g, x)) nc = gs_region_surface(g, x, radius, faces);
  for (ic = 0; ic < nc; ic++) {
    const double *h = gs_region_row_find(row, size_history, faces[ic].iwall);
    if (h) *ddelta_bar += gs_mdr_wall_surface_increment(h, radius, faces[ic].r, acon0); /* (none yet: new) */
  }
}

#ifdef __cplusplus
}
#endif

#endif
