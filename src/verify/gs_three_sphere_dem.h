/* SPDX-License-Identifier: GPL-2.0-or-later
 * The three-sphere problem (Vyas et al., CPC 2025, Fig. 1) integrated with the gransync contact
 * core and velocity-Verlet steps, without LAMMPS: the same geometry, models and step as
 * examples/three_sphere/in.three_sphere, so both agree to round-off. */
#ifndef GS_THREE_SPHERE_DEM_H
#define GS_THREE_SPHERE_DEM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  double R, r;        /* large and fine radius */
  double density;     /* both spheres */
  double mu;          /* friction coefficient */
  double g;           /* gravity, along -z */
  double theta0;      /* release angle from +z, towards +y */
  double kn;          /* hooke stiffness */
  double kt_ratio;    /* kt / kn */
  double restitution; /* coeff_restitution */
  double xt;          /* tangential damping ratio */
  double steps_per_tc; /* dt = pi sqrt(m_fine / kn) / steps_per_tc */
  int ordering;       /* GS_ORDERING_STANDARD or GS_ORDERING_SYNCHRONIZED */
} gs_tsd_params;

/* Parameters of examples/three_sphere/in.three_sphere for size ratio 2R/2r, mu and theta0. */
void gs_tsd_defaults(gs_tsd_params *p, double ratio, double mu, double theta0, int ordering);

typedef struct {
  double t, theta, omegax, gap; /* gap > 0: the fine sphere has left both large spheres */
} gs_tsd_state;

/* Integrate up to time t_end (from rest at theta0); stop early at the first check (every
 * `check_every` steps, 0 = never) that finds the grain separated. Returns 0, or -1 for bad params.
 * `samples` (may be NULL) receives the state at the n_samples times times[k] (ascending). */
int gs_tsd_run(const gs_tsd_params *p, double t_end, int check_every, const double *times, int n_samples,
               gs_tsd_state *samples, gs_tsd_state *final_state);

/* Critical size ratio above which friction can hold the grain in the groove (Vyas et al. eq. 22
 * in the form derived in unittest/lammps/test_three_sphere_lammps.c): (1 + sqrt(1 + mu^2)) / mu^2. */
double gs_tsd_critical_ratio(double mu);

#ifdef __cplusplus
}
#endif

#endif
