/* SPDX-License-Identifier: GPL-2.0-or-later
 * Contact parameters for polydisperse DEM from material data and a tolerated overlap, following
 * Vyas et al., Comput. Phys. Commun. (2025), sections 2 and 5.1 (eqs. 1-7, 27-31), and material
 * cards (potentials/<name>.material). Plain C99, SI units throughout; usable from C++.
 *
 * The equations were partly lost in the text extraction of the paper; the forms used here are
 * reconstructed from the physics they name and checked against the paper's worked numbers
 * (unittest/core/test_params.c, doc/tools.md):
 *   eq. 27  kn = m* v^2 / delta^2            (kinetic energy of the pair stored in a linear spring)
 *   eq. 28  delta = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5)   (Hertz, Johnson, Contact Mechanics 11.2)
 *   eq. 30  t_c = 2 I delta / v, I = int_0^1 dx / sqrt(1 - x^(5/2)) = 1.4716 (Hertz, elastic)
 *   eq. 1   kn = m* (pi / t_c,Hertz)^2       (linear spring with the Hertz contact duration)
 *   eq. 6   kt / kn = 2 (1 - nu) / (2 - nu)  (Mindlin kt = 8 G* a over Hertz kn = 2 E* a, like materials)
 *   eq. 29  mindlin kt = 8 G*, G* = G / (2 (2 - nu)), G = E / (2 (1 + nu))
 *   eq. 7   t_c = pi sqrt(m* / kn)           (elastic linear contact: the shortest)
 *   eq. 31  eta_n = sqrt(4 m* kn / (1 + (pi / ln e)^2))   (linear spring-dashpot with restitution e)
 * and, for a step chosen by the energy one velocity-Verlet step creates when a contact is loaded
 * (Hanley & O'Sullivan 2016, eq. 16 linear, eq. 21 Hertz; TOL relative to the collision's kinetic
 * energy m* v^2 / 2, the Hertz form's leading term for small steps):
 *   linear  TOL = (pi / N)^4 / 4           ->  N = pi (4 TOL)^(-1/4)
 *   Hertz   TOL = (2 I / N)^(5/2) / 4      ->  N = 2 I (4 TOL)^(-2/5), 2 I = 2.943
 * N steps per elastic contact duration; both independent of v, m* and the stiffness.
 */
#ifndef GS_PARAMS_H
#define GS_PARAMS_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_PARAMS_PI 3.14159265358979323846
#define GS_PARAMS_GRAVITY 9.81 /* m/s^2, the paper's value (sec. 5.2) */
#define GS_PARAMS_ERRLEN 512

/* ---- material cards ---------------------------------------------------------------------- */

enum gs_material_key {
  GS_MAT_DENSITY = 0,  /* kg/m^3 */
  GS_MAT_YOUNGS,       /* Pa */
  GS_MAT_POISSON,      /* - */
  GS_MAT_RESTITUTION,  /* - */
  GS_MAT_FRICTION,     /* - */
  GS_MAT_NKEYS
};

typedef struct gs_material {
  char name[128];
  double value[GS_MAT_NKEYS];
  char source[GS_MAT_NKEYS][256];
} gs_material;

/* Parse the text of a card; `label` names it in messages. 0, or -1 with err filled. */
int gs_material_parse(const char *text, const char *label, gs_material *mat, char *err);

/* Read a card: `name_or_path` is a readable file, or a name looked up as <name>.material in
 * $GRANSYNC_POTENTIALS and then in the source tree's potentials/. The path used goes to `path`
 * (GS_PARAMS_ERRLEN chars). 0, or -1 with err filled. */
int gs_material_read(const char *name_or_path, gs_material *mat, char *path, char *err);

/* Strip white space from both ends of s in place; returns the first kept character. Public for
 * the tests' own text readers (unittest/lammps/test_peer_suite.c). */
char *gs_params_trim(char *s);

/* ---- formulas (SI) --------------------------------------------------------------------------- */

double gs_sphere_mass(double density, double diameter);
double gs_series(double a, double b); /* a b / (a + b): effective mass and radius */
/* sec. 5.1: v = sqrt(2 g R_large), the speed after a fall through one large radius */
double gs_gravity_velocity(double g, double d_large);
double gs_estar(double youngs, double poisson);  /* like materials: E / (2 (1 - nu^2)) */
double gs_gstar(double youngs, double poisson);  /* like materials: G / (2 (2 - nu)) */
double gs_youngs_from_estar(double estar, double poisson);

double gs_kn_from_overlap(double meff, double v, double delta);                   /* eq. 27 */
double gs_linear_max_overlap(double meff, double kn, double v);                   /* eq. 27 solved for delta */
double gs_linear_contact_time(double meff, double kn);                            /* eq. 7 */
double gs_linear_damping(double meff, double kn, double e);                       /* eq. 31 */
double gs_hertz_estar_from_overlap(double meff, double reff, double v, double delta); /* eq. 28 */
double gs_hertz_max_overlap(double meff, double reff, double estar, double v);    /* eq. 28 */
double gs_hertz_contact_time(double meff, double reff, double estar, double v);   /* eq. 30 */
double gs_kn_hertz_matched(double meff, double reff, double estar, double v);     /* eq. 1 */
double gs_kt_ratio(double poisson);                                               /* eq. 6 */
double gs_mindlin_kt(double youngs, double poisson);                              /* eq. 29: 8 G* */
/* steps per contact for a tolerated energy error of one loading step (see the top) */
double gs_steps_for_energy_error(int model, double tol);
/* The restitution velocity Verlet gives a hooke contact with damping coeff_restitution e at step dt
 * between spheres of diameters di, dj (the contact made on a step, as LAMMPS runs it, through the
 * contact core), and the coefficient that makes it rebound with e exactly (NAN if none in (0, 1]
 * does). */
double gs_vv_restitution(double kn, double e, double di, double dj, double density, double dt);
double gs_vv_corrected_restitution(double kn, double e, double di, double dj, double density, double dt);

/* ---- the calculator -------------------------------------------------------------------------- */

#define GS_PARAMS_MAX_DIAMETERS 32
#define GS_PARAMS_MAX_PAIRS (GS_PARAMS_MAX_DIAMETERS * (GS_PARAMS_MAX_DIAMETERS + 1) / 2)
/* sec. 5.1's example takes dt = 0.08 us for t_c = 3.2 us; the general bound of sec. 2 was lost */
#define GS_PARAMS_STEPS_PER_CONTACT 40.0

enum gs_params_model { GS_PARAMS_HOOKE = 0, GS_PARAMS_HERTZ };
enum gs_params_units { GS_PARAMS_SI = 0, GS_PARAMS_CGS };

typedef struct gs_params_request {
  int model;                                  /* enum gs_params_model */
  int units;                                  /* printing only; everything here is SI */
  int ndiameters;
  double diameters[GS_PARAMS_MAX_DIAMETERS];  /* m, any order, duplicates allowed */
  int unlike_only;     /* only contacts between different diameters (e.g. fines in a frozen bed) */
  double overlap;      /* tolerated overlap / smaller diameter; 0: stiffness from the card's E */
  double velocity;     /* characteristic relative velocity, m/s; 0: sqrt(2 g R_large) (sec. 5.1) */
  double gravity;      /* g for that default, m/s^2 */
  double steps_per_contact;
  double energy_error; /* > 0: steps_per_contact from gs_steps_for_energy_error() */
  double xt;           /* tangential damping / normal damping; < 0: sqrt(kt / kn) */
} gs_params_request;

typedef struct gs_params_pair {
  double di, dj, meff, reff;
  double tc;           /* elastic contact duration, s */
  double eta_n;        /* hooke: the damping coeff_restitution applies (eq. 31), N s/m; hertz: 0 */
  double overlap;      /* maximum overlap at v / smaller diameter */
} gs_params_pair;

typedef struct gs_params_result {
  int npairs;
  gs_params_pair pair[GS_PARAMS_MAX_PAIRS]; /* diameters ascending, di <= dj */
  int stiffest;        /* pair that decides kn (hooke) or E (hertz) */
  int shortest;        /* pair with the shortest contact: decides the timestep */
  double kn;           /* hooke: N/m */
  double youngs;       /* hertz: Pa (the card's, or the overlap's minimum) */
  double estar;        /* hertz: E* of like materials */
  double kt;           /* hooke: linear_history kt, N/m; hertz: mindlin 8 G*, Pa */
  double xt, restitution, friction, poisson;
  double velocity;     /* the characteristic velocity used, m/s */
  double tc, dt;
  double steps_per_contact;
  /* hooke: the shortest pair's restitution at dt, and the coeff_restitution value that gives e */
  double e_step, e_corrected;
} gs_params_result;

/* Defaults: hooke, SI, no diameters, all pairs, overlap 0, velocity from gravity
 * (GS_PARAMS_GRAVITY), GS_PARAMS_STEPS_PER_CONTACT, xt from kt/kn. */
void gs_params_request_defaults(gs_params_request *req);

/* 0, or -1 with err filled (bad request or material). */
int gs_params_compute(const gs_material *mat, const gs_params_request *req, gs_params_result *res, char *err);

/* The LAMMPS lines with one comment per number. `card` names the card in the header. */
void gs_params_print(FILE *out, const gs_material *mat, const char *card, const gs_params_request *req,
                     const gs_params_result *res);

#ifdef __cplusplus
}
#endif

#endif
