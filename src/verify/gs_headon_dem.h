/* SPDX-License-Identifier: GPL-2.0-or-later
 * Head-on collision of two free spheres integrated with the gransync contact core and velocity
 * Verlet, without LAMMPS: the measured restitution, peak overlap and contact duration
 * (unittest/core/test_restitution.c, unittest/core/test_params.c). */
#ifndef GS_HEADON_DEM_H
#define GS_HEADON_DEM_H

#include "gs_contact.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  double radi, radj;
  double mi, mj; /* masses, so each caller keeps its own density and formula */
  double v0;     /* impact speed (> 0): i moves towards j, which is at rest */
  double dt;     /* step (> 0) */
} gs_headon_params;

typedef struct {
  double e;           /* restitution: -(relative exit speed) / v0 */
  double max_overlap; /* largest overlap over the contact steps */
  double duration;    /* steps in contact times dt */
} gs_headon_result;

/* Start touching (zero overlap at t = 0, so every step size starts the contact on a step) and
 * integrate until the spheres separate. The dashpot force jumps at separation, so the exit step
 * costs O(2 zeta pi / steps per contact time) in e: callers take a fine step. */
gs_headon_result gs_headon_run(const gs_model *m, const gs_headon_params *p);

#ifdef __cplusplus
}
#endif

#endif
