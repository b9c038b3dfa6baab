/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rigid-body analytic solution of the "three-sphere problem" of
 * Vyas et al., Comput. Phys. Commun. (2025), Section 2 and Appendix 1:
 * a fine sphere released from rest in the groove between two fixed,
 * touching large spheres rolls, then rolls with sliding, then separates.
 *
 * Plain C99, no globals, no allocation; usable from C++.
 *
 * Geometry and conventions (a LAMMPS test relies on these, keep them):
 *   - Large spheres: radius R, centres A1 = (-R,0,0), A2 = (+R,0,0).
 *   - Fine sphere: radius r, mass m = density*(4/3)*pi*r^3,
 *     I = (2/5) m r^2. While in contact its centre is
 *       P = (0, rho*sin(theta), rho*cos(theta)),
 *       rho = sqrt((R+r)^2 - R^2),
 *     theta measured from +z towards +y; gravity g along -z.
 *     e_r = (0, sin, cos) (outward from the x axis),
 *     e_t = (0, cos, -sin) (direction of increasing theta).
 *   - Contact k (k=1 with A1, k=2 with A2):
 *       unit normal (large -> fine)  n_k = (+-R x_hat + rho e_r)/(R+r)
 *       (+R for k=1, -R for k=2), cos(beta) = rho/(R+r);
 *       contact point  C_k = P - r n_k, i.e. both contact points lie on a
 *       line parallel to x at distance r_p = r*rho/(R+r) from P.
 *   - omega is the +x component of the fine sphere's angular velocity
 *     (the other components vanish by mirror symmetry in x). Rolling
 *     without slip at C_k requires rho*thetadot + r_p*omega = 0, hence
 *     omega = -rho*thetadot/r_p: omega is NEGATIVE while theta increases.
 *   - slip velocity (contact point velocity along e_t) is
 *     u = rho*thetadot + r_p*omega; zero in phase 1, > 0 in phase 2.
 *   - Forces on the fine sphere at contact k:
 *       normal   = normal_per_contact   * n_k
 *       friction = -friction_per_contact * e_t
 *     (friction_per_contact > 0 means it opposes the downhill motion).
 *
 * Phases: 1 = pure rolling on both contacts, 2 = rolling with sliding
 * (Coulomb friction mu*N per contact), 3 = free flight after separation
 * (the free trajectory never re-contacts: the distance from the x axis
 * is convex in time with zero slope at separation).
 *
 * Without cohesion, for any finite mu sliding always starts before
 * separation, because the static friction needed for rolling stays finite
 * while N -> 0. Pure rolling up to separation (slides == 0) then only
 * occurs for mu = +INFINITY, which is accepted.
 *
 * Cohesion (pulloff = F > 0, e.g. LAMMPS dmt 4 pi gamma R*, jkr
 * 3 pi gamma R*, R* = R r/(R+r)): a rigid contact holds any net normal
 * force N_c >= -F and the Coulomb limit is mu (N_c + 2F), as LAMMPS' dmt
 * and jkr. With a = F/m, c = (R+r)/rho and h_N = g cos(theta) - rho thetadot^2
 * (N_c = m c h_N / 2):
 *   - separation where h_N = -2a/c;
 *   - rolling: thetadot^2 = 2g (cos(theta0) - cos(theta))/(rho kappa) as
 *     without cohesion (neither normal force nor static friction works);
 *     sliding starts where
 *       0.4 c sin(theta) = mu ((kappa+2) cos(theta) - 2 cos(theta0) + 4 kappa a/(g c)),
 *     and pure rolling would separate at
 *       cos(theta) = (2 cos(theta0) - 2 kappa a/(g c))/(kappa + 2),
 *     so rolling alone carries the grain past pi/2 (below the large
 *     spheres' centres) exactly when F >= m g c cos(theta0)/kappa;
 *   - sliding: rho thetaddot = g sin(theta) - mu (c h_N + 4a),
 *     omegadot = -2.5 mu (h_N + 4a/c)/r.
 * Cohesion can thus also end a rolling phase with separation for finite
 * mu (slides == 0). The solution follows the grain down to theta = pi, the
 * bottom; a grain still in contact there is reported held. Where friction
 * stops the slip before that (strong cohesion, small mu) the grain would
 * roll again; that is not followed (GS_THREE_SPHERE_EMODEL).
 */
#ifndef GS_THREE_SPHERE_H
#define GS_THREE_SPHERE_H

#ifdef __cplusplus
extern "C" {
#endif

/* return codes */
#define GS_THREE_SPHERE_OK 0
#define GS_THREE_SPHERE_EPARAM 1 /* invalid parameters */
#define GS_THREE_SPHERE_ERANGE 2 /* t < 0 or not finite */
#define GS_THREE_SPHERE_EMODEL 3 /* internal consistency failure (slip reversal, no separation) */

typedef struct {
  double R;       /* large sphere radius, > 0 */
  double r;       /* fine sphere radius, > 0 */
  double density; /* fine sphere density, > 0 (only scales forces) */
  double mu;      /* friction coefficient, >= 0; +INFINITY = never slides */
  double g;       /* gravitational acceleration, > 0 */
  double theta0;  /* release angle, 0 < theta0 < pi/2 */
  double pulloff; /* cohesion: pull-off force per contact, >= 0 (0: none; see above) */
} gs_three_sphere_params;

typedef struct {
  double rho;      /* distance of the fine centre from the x axis */
  double r_p;      /* projected radius r*rho/(R+r) */
  double cos_beta; /* rho/(R+r) */
  double kappa;    /* 1 + (2/5)(r/r_p)^2: effective inertia factor of rolling */
  double mass;     /* m */
  double inertia;  /* I = (2/5) m r^2 */
  double theta_sep_rolling; /* separation angle for pure rolling, acos(2 cos(theta0)/(2+kappa))
                               without cohesion; NaN where rolling would hold the grain past pi */
  double time_scale;        /* sqrt(rho/g) */
} gs_three_sphere_derived;

typedef struct {
  int slides;            /* 1 if phase 2 occurs (any finite mu), 0 otherwise */
  double t_slide;        /* start of sliding; NaN if slides == 0 */
  double theta_slide;    /* NaN if slides == 0 */
  double thetadot_slide; /* NaN if slides == 0 */
  double omega_slide;    /* NaN if slides == 0 */
  double t_sep;          /* separation: net normal force reaches zero */
  double theta_sep;
  double thetadot_sep;
  double omega_sep;      /* +x component, negative (see conventions) */
  int held;              /* 1: cohesion holds the grain in contact down to the bottom, theta = pi;
                            the t_sep fields are then NaN */
  double t_bottom;       /* held: when theta reaches pi (the end of the solution); NaN otherwise */
} gs_three_sphere_events;

typedef struct {
  double t;
  int phase;     /* 1 rolling, 2 rolling with sliding, 3 free flight */
  double theta;  /* phase 3: atan2(y, z) */
  double thetadot; /* phase 3: angular rate of P about the x axis */
  double omega;  /* +x component of the angular velocity */
  double normal_per_contact;   /* N_c >= 0; 0 in phase 3 */
  double friction_per_contact; /* along -e_t; 0 in phase 3 */
  double slip_velocity;        /* rho*thetadot + r_p*omega; NaN in phase 3 */
  double y, z, vy, vz;         /* centre position and velocity (x = vx = 0) */
} gs_three_sphere_state;

/* Derived geometric/inertial quantities. */
int gs_three_sphere_derived_compute(const gs_three_sphere_params *p,
                                    gs_three_sphere_derived *d);

/* Event times/angles of the whole motion. */
int gs_three_sphere_events_compute(const gs_three_sphere_params *p,
                                   gs_three_sphere_events *ev);

/* State at time t >= 0 (t > t_sep gives the ballistic phase 3; for a held
 * grain t <= t_bottom, else GS_THREE_SPHERE_ERANGE).
 * Recomputes the trajectory each call (cost ~ one phase-2 integration,
 * about 1e4 RK4 steps for the paper's case). */
int gs_three_sphere_state_at(const gs_three_sphere_params *p, double t,
                             gs_three_sphere_state *s);

/* Same, with step_scale (> 0) multiplying the internal resolution: the
 * phase-2 RK4 step (default 1e-4*sqrt(rho/g)) and the phase-1 quadrature
 * panel width. The plain functions use step_scale = 1, which is converged
 * to round-off; other values exist for convergence tests. */
int gs_three_sphere_events_compute_ex(const gs_three_sphere_params *p, double step_scale,
                                      gs_three_sphere_events *ev);
int gs_three_sphere_state_at_ex(const gs_three_sphere_params *p, double step_scale, double t,
                                gs_three_sphere_state *s);

#ifdef __cplusplus
}
#endif

#endif /* GS_THREE_SPHERE_H */
