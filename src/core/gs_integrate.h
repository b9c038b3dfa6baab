/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync: velocity-Verlet steps for one finite-size sphere (translation, rotation, dipole).
 * The arithmetic follows LAMMPS fix nve/sphere operation by operation, so fix nve/sphere/sync
 * reproduces it bit for bit. */
#ifndef GS_INTEGRATE_H
#define GS_INTEGRATE_H

#include "gs_vec.h"

#include <stddef.h>

/* Half kick of v and omega, then drift of x. dtf = dt/2 ftm2v, dtfrotate = dtf / inertia factor
 * (0.4 sphere, 0.5 disc). Unless vnext and omeganext are NULL, also predicts v and omega at t+dt
 * for scheme consistent's dashpots with the forces at t: v(t+dt/2) + dt/2 a(t), O(dt^2) from the
 * corrected ones, so that forces evaluated with them keep the step second order. */
GS_FN void gs_sphere_initial_integrate_predicting(double dtf, double dtv, double dtfrotate, double rmass,
                                                  double radius, const double *f, const double *torque, double *x,
                                                  double *v, double *omega, double *vnext, double *omeganext)
{
  const double dtfm = dtf / rmass;
  const double dtirotate = dtfrotate / (radius * radius * rmass);
  int k;
  v[0] += dtfm * f[0];
  v[1] += dtfm * f[1];
  v[2] += dtfm * f[2];
  x[0] += dtv * v[0];
  x[1] += dtv * v[1];
  x[2] += dtv * v[2];
  omega[0] += dtirotate * torque[0];
  omega[1] += dtirotate * torque[1];
  omega[2] += dtirotate * torque[2];
  if (!vnext) return;
  for (k = 0; k < 3; k++) {
    vnext[k] = v[k] + dtfm * f[k];
    omeganext[k] = omega[k] + dtirotate * torque[k];
  }
}

GS_FN void gs_sphere_initial_integrate(double dtf, double dtv, double dtfrotate, double rmass, double radius,
                                       const double *f, const double *torque, double *x, double *v, double *omega)
{
  gs_sphere_initial_integrate_predicting(dtf, dtv, dtfrotate, rmass, radius, f, torque, x, v, omega, 0, 0);
}

/* Second half kick of v and omega. */
GS_FN void gs_sphere_final_integrate(double dtf, double dtfrotate, double rmass, double radius, const double *f,
                                     const double *torque, double *v, double *omega)
{
  const double dtfm = dtf / rmass;
  const double dtirotate = dtfrotate / (radius * radius * rmass);
  v[0] += dtfm * f[0];
  v[1] += dtfm * f[1];
  v[2] += dtfm * f[2];
  omega[0] += dtirotate * torque[0];
  omega[1] += dtirotate * torque[1];
  omega[2] += dtirotate * torque[2];
}

/* The half-step record of an atom that velocity Verlet moved: v(t+dt/2), and its position then
 * relative to now, x(t+dt/2) - x(t+dt) = -dt/2 v(t+dt/2). */
GS_FN void gs_record_verlet_half_step(double dtv, const double *v, double *vhalf, double *offset)
{
  int k;
  for (k = 0; k < 3; k++) {
    vhalf[k] = v[k];
    offset[k] = -0.5 * dtv * v[k];
  }
}

/* A reader's view of an atom's half step relative to now (offset x(t+dt/2) - x(t+dt), and v(t+dt/2)):
 * the integrator's kept row, or, for an atom whose half step comes from its velocity (a
 * velocity-Verlet atom, or any atom without records), x - dt/2 v and v. Rows are not read then. */
GS_FN void gs_half_step_of(int from_velocity, double dtv, const double *v, const double *offset_row,
                           const double *vhalf_row, double *offset_out, double *vhalf_out)
{
  int k;
  if (from_velocity) {
    gs_record_verlet_half_step(dtv, v, vhalf_out, offset_out);
    return;
  }
  for (k = 0; k < 3; k++) {
    offset_out[k] = offset_row[k];
    vhalf_out[k] = vhalf_row[k];
  }
}

/* ... of an atom that something else moved from xstart to x in the step: its mean velocity, and
 * half the step back. A step of no time (timestep 0) has no mean velocity: the atom's velocity v
 * then, where the division would give 0/0. */
GS_FN void gs_record_moved_half_step(double dtv, const double *x, const double *xstart, const double *v, double *vhalf,
                                     double *offset)
{
  int k;
  for (k = 0; k < 3; k++) {
    const double step = x[k] - xstart[k];
    vhalf[k] = dtv != 0.0 ? step / dtv : v[k];
    offset[k] = -0.5 * step;
  }
}

/* The steps above over atoms [0, n) of a group (mask & groupbit), each array 3 doubles per atom in
 * one block (LAMMPS' layout). Through LAMMPS' row pointers a compiler must reload every row after
 * each store; over non-overlapping blocks it keeps the loop in registers. */
GS_FN void gs_spheres_initial_integrate(int n, const int *GS_RESTRICT mask, int groupbit, double dtf, double dtv,
                                        double dtfrotate, const double *GS_RESTRICT rmass,
                                        const double *GS_RESTRICT radius, const double *GS_RESTRICT f,
                                        const double *GS_RESTRICT torque, double *GS_RESTRICT x,
                                        double *GS_RESTRICT v, double *GS_RESTRICT omega)
{
  int i;
  for (i = 0; i < n; i++) {
    const size_t at = 3 * (size_t)i;
    if (!(mask[i] & groupbit)) continue;
    gs_sphere_initial_integrate(dtf, dtv, dtfrotate, rmass[i], radius[i], f + at, torque + at, x + at, v + at,
                                omega + at);
  }
}

GS_FN void gs_spheres_final_integrate(int n, const int *GS_RESTRICT mask, int groupbit, double dtf, double dtfrotate,
                                      const double *GS_RESTRICT rmass, const double *GS_RESTRICT radius,
                                      const double *GS_RESTRICT f, const double *GS_RESTRICT torque,
                                      double *GS_RESTRICT v, double *GS_RESTRICT omega)
{
  int i;
  for (i = 0; i < n; i++) {
    const size_t at = 3 * (size_t)i;
    if (mask[i] & groupbit)
      gs_sphere_final_integrate(dtf, dtfrotate, rmass[i], radius[i], f + at, torque + at, v + at, omega + at);
  }
}

/* Dipole carried by the sphere's rotation; mu[3] is its length, kept fixed. */
GS_FN void gs_dipole_rotate(double dtv, const double *omega, double *mu)
{
  double g[3], scale;
  g[0] = mu[0] + dtv * (omega[1] * mu[2] - omega[2] * mu[1]);
  g[1] = mu[1] + dtv * (omega[2] * mu[0] - omega[0] * mu[2]);
  g[2] = mu[2] + dtv * (omega[0] * mu[1] - omega[1] * mu[0]);
  scale = mu[3] / sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
  mu[0] = g[0] * scale;
  mu[1] = g[1] * scale;
  mu[2] = g[2] * scale;
}

/* ---- Dullweber-Leimkuhler-McLachlan symplectic splitting for the dipole ---------------------- */

/* Cayley rotation by a small angle about axis 0, 1 or 2 */
GS_FN void gs_small_rotation(int axis, double angle, double r[3][3])
{
  const double half_sq = angle * angle * 0.25;
  const double c = (1.0 - half_sq) / (1.0 + half_sq);
  const double s = angle / (1.0 + half_sq);
  int i, j;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) r[i][j] = i == j ? 1.0 : 0.0;
  if (axis == 0) {
    r[1][1] = c; r[1][2] = -s;
    r[2][1] = s; r[2][2] = c;
  } else if (axis == 1) {
    r[0][0] = c; r[0][2] = s;
    r[2][0] = -s; r[2][2] = c;
  } else {
    r[0][0] = c; r[0][1] = -s;
    r[1][0] = s; r[1][1] = c;
  }
}

GS_FN void gs_matvec3(double m[3][3], const double *v, double *out)
{
  out[0] = m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2];
  out[1] = m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2];
  out[2] = m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2];
}

GS_FN void gs_transpose_matvec3(double m[3][3], const double *v, double *out)
{
  out[0] = m[0][0] * v[0] + m[1][0] * v[1] + m[2][0] * v[2];
  out[1] = m[0][1] * v[0] + m[1][1] * v[1] + m[2][1] * v[2];
  out[2] = m[0][2] * v[0] + m[1][2] * v[1] + m[2][2] * v[2];
}

/* out = a^T b */
GS_FN void gs_transpose_times3(double a[3][3], double b[3][3], double out[3][3])
{
  int i, j;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) out[i][j] = a[0][i] * b[0][j] + a[1][i] * b[1][j] + a[2][i] * b[2][j];
}

/* dtf_rot = dtf / ftm2v. Updates omega and the dipole direction. */
GS_FN void gs_dipole_dlm(double dtf_rot, double *omega, double *mu)
{
  double a[3], q[3][3], qt[3][3], r[3][3], w[3], wt[3], s2, scale;
  const double inv_len = 1.0 / mu[3];
  a[0] = mu[0] * inv_len;
  a[1] = mu[1] * inv_len;
  a[2] = mu[2] * inv_len;
  s2 = a[0] * a[0] + a[1] * a[1];
  if (s2 != 0.0) {
    /* rotation taking z onto the dipole */
    scale = (1.0 - a[2]) / s2;
    q[0][0] = 1.0 - scale * a[0] * a[0];
    q[0][1] = -scale * a[0] * a[1];
    q[0][2] = -a[0];
    q[1][0] = -scale * a[0] * a[1];
    q[1][1] = 1.0 - scale * a[1] * a[1];
    q[1][2] = -a[1];
    q[2][0] = a[0];
    q[2][1] = a[1];
    q[2][2] = 1.0 - scale * (a[0] * a[0] + a[1] * a[1]);
  } else {
    int i, j;
    for (i = 0; i < 3; i++)
      for (j = 0; j < 3; j++) q[i][j] = i == j ? 1.0 / a[2] : 0.0;
  }
  gs_copy3(omega, w);
  gs_matvec3(q, w, wt);
  gs_small_rotation(0, dtf_rot * wt[0], r);
  gs_matvec3(r, wt, w);
  gs_transpose_times3(r, q, qt);
  gs_small_rotation(1, dtf_rot * w[1], r);
  gs_matvec3(r, w, wt);
  gs_transpose_times3(r, qt, q);
  gs_small_rotation(2, 2.0 * dtf_rot * wt[2], r);
  gs_matvec3(r, wt, w);
  gs_transpose_times3(r, q, qt);
  gs_small_rotation(1, dtf_rot * w[1], r);
  gs_matvec3(r, w, wt);
  gs_transpose_times3(r, qt, q);
  gs_small_rotation(0, dtf_rot * wt[0], r);
  gs_matvec3(r, wt, w);
  gs_transpose_times3(r, q, qt);
  gs_transpose_matvec3(qt, w, wt);
  gs_copy3(wt, omega);
  mu[0] = qt[2][0] * mu[3];
  mu[1] = qt[2][1] * mu[3];
  mu[2] = qt[2][2] * mu[3];
}

#endif
