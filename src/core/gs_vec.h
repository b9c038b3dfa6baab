/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: 3-vector helpers and the sphere overlap test, shared by host and device code.
 * Plain C99 that also compiles as C++ and CUDA; no C-only syntax here. */
#ifndef GS_VEC_H
#define GS_VEC_H

#include <math.h>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define GS_FN static inline __host__ __device__
#define GS_FN_INLINE GS_FN
#elif defined(__GNUC__)
#define GS_FN static inline
/* the per-contact evaluator: inlined into the adapters' loops, which compilers otherwise decline
 * for its size */
#define GS_FN_INLINE static inline __attribute__((always_inline))
#else
#define GS_FN static inline
#define GS_FN_INLINE GS_FN
#endif

/* restrict for arrays that do not overlap: C99's keyword, the compilers' spelling in C++ and CUDA */
#if defined(__cplusplus) || defined(__CUDACC__) || defined(__HIPCC__)
#define GS_RESTRICT __restrict__
#else
#define GS_RESTRICT restrict
#endif

/* The arithmetic is written term by term in the same order as LAMMPS' MathExtra,
 * so that the `standard` ordering reproduces stock pair granular to round-off. */
GS_FN double gs_dot3(const double *a, const double *b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Two spheres at squared centre distance rsq overlap: rsq < (ri + rj)^2, strict, as LAMMPS tests a
 * contact and sets its lists' history bit. The contact test, the lists' touch bit and the pair
 * loops' prefilters all use this one test, so they agree on a pair at exactly the radii's sum. */
GS_FN int gs_spheres_overlap(double rsq, double ri, double rj)
{
  const double radsum = ri + rj;
  return rsq < radsum * radsum;
}

GS_FN double gs_len3(const double *a)
{
  return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

GS_FN void gs_scale3(double s, const double *a, double *out)
{
  out[0] = s * a[0];
  out[1] = s * a[1];
  out[2] = s * a[2];
}

GS_FN void gs_add3(const double *a, const double *b, double *out)
{
  out[0] = a[0] + b[0];
  out[1] = a[1] + b[1];
  out[2] = a[2] + b[2];
}

GS_FN void gs_sub3(const double *a, const double *b, double *out)
{
  out[0] = a[0] - b[0];
  out[1] = a[1] - b[1];
  out[2] = a[2] - b[2];
}

GS_FN void gs_copy3(const double *a, double *out)
{
  out[0] = a[0];
  out[1] = a[1];
  out[2] = a[2];
}

GS_FN void gs_zero3(double *a)
{
  a[0] = a[1] = a[2] = 0.0;
}

GS_FN void gs_cross3(const double *a, const double *b, double *out)
{
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

/* Normalize in place; a zero vector stays zero. */
GS_FN void gs_norm3(double *a)
{
  const double lensq = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
  if (lensq > 0.0) {
    const double inv = 1.0 / sqrt(lensq);
    a[0] *= inv;
    a[1] *= inv;
    a[2] *= inv;
  }
}

/* Project v onto the plane normal to unit vector n and restore its length:
 * carries a history vector from one contact frame to the next. Inlined: the standard ordering
 * calls it for most contacts at every step, and a call makes the contact spill its registers. */
GS_FN_INLINE void gs_rotate_rescale(double *v, const double *n)
{
  const double along = gs_dot3(v, n);
  const double len_before = gs_len3(v);
  double proj[3];
  double len_after, factor;
  gs_scale3(along, n, proj);
  gs_sub3(v, proj, v);
  len_after = gs_len3(v);
  factor = len_after > 0.0 ? len_before / len_after : 0.0;
  gs_scale3(factor, v, v);
}

/* The same map with one square root: |v|/|v_proj| = sqrt(|v|^2 / |v_proj|^2). Used where no
 * bitwise agreement with stock LAMMPS is owed (the synchronized ordering). */
GS_FN void gs_rotate_rescale_fast(double *v, const double *n)
{
  const double along = gs_dot3(v, n);
  const double lensq_before = gs_dot3(v, v);
  double lensq_after;
  v[0] -= along * n[0];
  v[1] -= along * n[1];
  v[2] -= along * n[2];
  lensq_after = gs_dot3(v, v);
  gs_scale3(lensq_after > 0.0 ? sqrt(lensq_before / lensq_after) : 0.0, v, v);
}

/* Carrying a vector from the plane normal to u into the plane normal to x (|x| = r): the rotation
 * about u x x that takes the direction of u onto that of x (Rodrigues), v - (v.n)/(1 + u^.n) (u^ + n)
 * for v in the u-plane, n = x/r, keeps length and tangency exactly without a square root.
 * gs_carry_setup() fills dir = (r u + |u| x) and returns 1/(|u| r + u.x), so that
 * dir / (|u| r + u.x) = (u^ + n)/(1 + u^.n): shared by every vector carried between the same
 * planes, and written without the unit vectors, which would chain a division after each square
 * root; a contact's time is its longest such chain. It returns 0 when u and x are near opposite
 * (normals half a step apart never are, short of a blown-up step) or u is zero; v is then
 * projected and rescaled, which needs no rotation axis. */
GS_FN_INLINE double gs_carry_setup_len(const double *u, double len_u, const double *x, double r, double *dir)
{
  const double scale = len_u * r + gs_dot3(u, x);
  dir[0] = r * u[0] + len_u * x[0];
  dir[1] = r * u[1] + len_u * x[1];
  dir[2] = r * u[2] + len_u * x[2];
  return scale > 1e-3 * len_u * r ? 1.0 / scale : 0.0;
}

GS_FN_INLINE double gs_carry_setup(const double *u, const double *x, double r, double *dir)
{
  return gs_carry_setup_len(u, sqrt(gs_dot3(u, u)), x, r, dir);
}

GS_FN_INLINE void gs_carry_to_plane(double *v, const double *n, const double *dir, double factor)
{
  if (factor > 0.0) {
    const double s = gs_dot3(v, n) * factor;
    v[0] -= s * dir[0];
    v[1] -= s * dir[1];
    v[2] -= s * dir[2];
  } else {
    gs_rotate_rescale_fast(v, n);
  }
}

#endif
