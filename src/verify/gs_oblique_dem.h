/* SPDX-License-Identifier: GPL-2.0-or-later
 * Oblique impact of a sphere on a flat wall or on an equal free sphere, integrated with the
 * gransync contact core and the velocity-Verlet steps of fix nve/sphere/sync, without LAMMPS.
 * Used for the time-step convergence of the rebound (unittest/core/test_oblique.c). */
#ifndef GS_OBLIQUE_DEM_H
#define GS_OBLIQUE_DEM_H

#include "gs_contact.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gs_oblique_target { GS_OBLIQUE_WALL = 0, GS_OBLIQUE_SPHERE = 1 };

typedef struct {
  int target;          /* enum gs_oblique_target; the model's geometry must match */
  double radius;       /* both spheres */
  double density;
  double vn, vt;       /* the incoming sphere moves with (vt, 0, -vn); the other sphere is at rest */
  double steps_per_tc; /* dt = gs_oblique_contact_time() / steps_per_tc */
} gs_oblique_params;

typedef struct {
  double v[3], omega[3]; /* the incoming sphere after the contact */
  double duration;       /* steps in contact times dt */
  int stick_steps, slide_steps; /* contact steps below / at the Coulomb limit */
  int starts_sliding;           /* the first contact step is at the Coulomb limit */
  int transitions;              /* changes between sticking and sliding */
  int first_transition;         /* contact step of the first change, -1: none */
} gs_oblique_result;

/* Undamped contact time of the normal model at impact speed vn: pi sqrt(meff/kn) for hooke,
 * 2.9432 delta_max / vn for Hertz. */
double gs_oblique_contact_time(const gs_model *m, const gs_oblique_params *p);

/* Start touching (zero overlap at t = 0, so every step size starts the contact on a step) and
 * integrate until the contact ends. Returns 0, or -1 for bad parameters. */
int gs_oblique_run(const gs_model *m, const gs_oblique_params *p, gs_oblique_result *out);

#ifdef __cplusplus
}
#endif

#endif
