/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync contact core: the physics of one granular contact.
 *
 * Every adapter (LAMMPS pair and wall styles, Kokkos kernels, the standalone drivers) gathers the
 * per-contact data into a gs_contact and calls gs_contact_evaluate(); nothing else computes forces.
 * The equations follow LAMMPS doc/src/pair_granular.rst; the `synchronized` ordering follows
 * Vyas et al., CPC 2025, section 4 (see doc/ordering.md for the exact differences to stock LAMMPS).
 */
#ifndef GS_CONTACT_H
#define GS_CONTACT_H

#include "gs_vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* values are stored in restart files: new kinds go at the end */
enum gs_normal_kind {
  GS_NORMAL_HOOKE = 1,
  GS_NORMAL_HERTZ,
  GS_NORMAL_HERTZ_MATERIAL,
  GS_NORMAL_DMT,
  GS_NORMAL_JKR,
  GS_NORMAL_MDR
};
enum gs_damping_kind {
  GS_DAMPING_VELOCITY = 1,
  GS_DAMPING_MASS_VELOCITY,
  GS_DAMPING_VISCOELASTIC,
  GS_DAMPING_TSUJI,
  GS_DAMPING_COEFF_RESTITUTION,
  GS_DAMPING_MDR
};
enum gs_tangential_kind {
  GS_TANGENTIAL_LINEAR_NOHISTORY = 1,
  GS_TANGENTIAL_LINEAR_HISTORY,
  GS_TANGENTIAL_MINDLIN,
  GS_TANGENTIAL_MINDLIN_RESCALE,
  GS_TANGENTIAL_MINDLIN_FORCE,
  GS_TANGENTIAL_MINDLIN_RESCALE_FORCE,
  GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC,
  GS_TANGENTIAL_MINDLIN_CLASSIC
};
enum gs_rolling_kind { GS_ROLLING_NONE = 0, GS_ROLLING_SDS };
enum gs_twisting_kind { GS_TWISTING_NONE = 0, GS_TWISTING_SDS, GS_TWISTING_MARSHALL };
/* heat conduction; UNSET: no heat keyword (a model with `heat none` still needs temperatures) */
enum gs_heat_kind { GS_HEAT_UNSET = 0, GS_HEAT_NONE, GS_HEAT_AREA, GS_HEAT_RADIUS };
enum gs_ordering { GS_ORDERING_STANDARD = 0, GS_ORDERING_SYNCHRONIZED = 1 };
/* The time level of the dashpots' velocities (fix nve/sphere/sync's `scheme`). VERLET: the half-step
 * velocities the history increments use. CONSISTENT (synchronized ordering only): velocities at t+dt,
 * predicted as v(t+dt/2) + dt/2 a(t), split on the full-step normal, so that a force evaluated at
 * t+dt is a function of the state at t+dt to O(dt^2) and the step stays second order. */
enum gs_scheme { GS_SCHEME_VERLET = 0, GS_SCHEME_CONSISTENT = 1 };
/* Pair contacts and wall contacts differ in material mixing and torque arms. */
enum gs_geometry { GS_GEOMETRY_PAIR = 0, GS_GEOMETRY_WALL = 1 };

/* Frame rotation of a history vector is skipped when its normal component is negligible
 * against the sliding limit (same threshold as stock LAMMPS). */
#define GS_FRAME_EPSILON 1e-10

#define GS_PI_VALUE 3.14159265358979323846
#define GS_2PI_VALUE 6.28318530717958647692

/* Most history doubles any model the /kk styles take carries: mindlin_rescale tangential (4),
 * rolling (3), twisting (1); mdr's (gs_mdr.h) are not among them. Device kernels keep one contact's
 * history in a local array of this size. */
#define GS_MAX_HISTORY 8

/* Energy a contact dissipates, by channel (gs_contact_evaluate_dissipating()). Values are the
 * columns of compute dissipation/sync: new channels go at the end. LEVER is not a loss of the
 * material but of the model: the torque arm r - delta/2 against the slip velocity at r (stock's
 * convention) makes the particles lose what the tangential spring does not receive; like a load's,
 * it is the power of forces at one time level, half of which the next step applies. */
enum gs_dissipation_channel {
  GS_DISSIPATION_NORMAL_DAMPING = 0,
  GS_DISSIPATION_TANGENTIAL_DAMPING,
  GS_DISSIPATION_TANGENTIAL_SLIP,
  GS_DISSIPATION_ROLLING_DAMPING,
  GS_DISSIPATION_ROLLING_SLIP,
  GS_DISSIPATION_TWISTING_DAMPING,
  GS_DISSIPATION_TWISTING_SLIP,
  GS_DISSIPATION_LEVER,
  GS_DISSIPATION_CHANNELS
};

/* Forces that depend on velocities (the dashpots, and a slider's part of a capped dashpot force)
 * dissipate through loads, force and torque on each atom, one per channel. Velocity Verlet changes
 * the kinetic energy by the trapezoid in time of each force's power at the full-step velocities
 * (plus dt^2/8m (|F_0|^2 - |F_N|^2), which telescopes), so a load dissipates -(F.v + T.omega) dt
 * at the end of its step (gs_damping_dissipation()), half in this step and half in the next
 * (whose first half kick applies the force again); the adapters evaluate it once the step is
 * complete. Springs dissipate by slip energy (gs_slip_energy3()). A contact evaluated without a
 * step (history_update 0: a run's set-up) gives its loads, for the half kick that will apply them,
 * and as slip only what a cap's reset takes from a spring. */
#define GS_DISSIPATION_LOADS GS_DISSIPATION_LEVER
typedef struct gs_dissipation {
  double energy[GS_DISSIPATION_CHANNELS];  /* slip and lever energy of the step */
  double load_i[GS_DISSIPATION_LOADS][6]; /* by channel, force (0-2) and torque (3-5) on i */
  double load_j[GS_DISSIPATION_LOADS][6]; /* on j (unused for walls) */
} gs_dissipation;

/* the energy a load (force, torque) dissipates over a step ending with velocity v and spin omega */
GS_FN double gs_damping_dissipation(const double *load, const double *v, const double *omega, double dt)
{
  return -(gs_dot3(load, v) + gs_dot3(load + 3, omega)) * dt;
}

/* One contact model (one type pair, or one wall): sub-model choices and derived constants. */
typedef struct gs_model {
  int normal, damping, tangential, rolling, twisting;
  int ordering;      /* enum gs_ordering */
  int scheme;        /* enum gs_scheme: set by the adapters from fix nve/sphere/sync, not by pair_coeff */
  int limit_damping; /* clamp attractive normal damping force to zero */
  int geometry;      /* enum gs_geometry */

  /* coefficients as the user gave them (NULL stored as -1), kept for mixing and restarts */
  double normal_coeffs[6]; /* dmt, jkr: E, damp, poisson, cohesion; mdr: E, poisson, Y, gamma, psi_b, damp */
  double damping_coeff;    /* damping mdr: its type, 1 or 2 */
  double tangential_coeffs[3];
  double rolling_coeffs[3];
  double twisting_coeffs[3];
  int heat;          /* enum gs_heat_kind */
  double heat_coeff; /* area: heat transfer coefficient h; radius: conductivity k */
  double cutoff; /* per-model cutoff, -1 when not given */
  int mixed;     /* built by gs_model_mix(): normal_coeffs[0] holds the mixed effective modulus */

  /* derived constants used by gs_contact_evaluate() */
  double kn;            /* hooke: F = kn delta; hertz: F = kn a delta */
  double damp_normal;   /* damping coefficient after the damping model's transform */
  double emod, poiss;   /* hertz/material, dmt, jkr, mdr */
  double cohesion;      /* dmt, jkr: surface energy per unit area of one surface (LAMMPS' gamma); mdr: its gamma */
  double emix;          /* jkr: the effective modulus E* (kn = 4/3 E*) */
  double kt, xt, mut;   /* tangential stiffness, damping ratio, friction */
  double kr, gammar, mur;
  double ktw, gammatw, mutw;

  int needs_contact_radius; /* some sub-model (or heat) uses a = sqrt(delta R*) */

  /* mdr: plane-strain modulus E/(1-nu^2), shear and bulk moduli, yield stress, the free-surface
   * fraction below which the bulk response acts, the damping type */
  double mdr_eeff, mdr_shear, mdr_bulk, mdr_yield, mdr_psi_b;
  int mdr_damp_type;

  /* layout of this model's history inside a contact's history array */
  int hist_normal, hist_tangential, hist_rolling, hist_twisting;
  int size_history;
} gs_model;

/* Per-contact data. The adapter fills the inputs; gs_contact_evaluate() fills the outputs. */
typedef struct gs_contact {
  /* inputs */
  double dx[3];      /* x_i - x_j at t+dt (wall: from the wall's contact point to x_i) */
  double r;          /* walls only, input: |dx| as the wall geometry computes it (pairs: output) */
  double dx_half[3]; /* the same separation at t+dt/2 (synchronized ordering only) */
  double radi, radj; /* radj = 0 for a flat wall */
  double meff;
  double vr[3];                 /* v_i - v_j at t+dt/2 (the velocities pair styles see) */
  double omegai[3], omegaj[3];  /* omegaj = 0 for a wall */
  /* scheme consistent only: the dashpots' velocity (0-2) and spin (3-5) at t+dt of i and of j (a
   * wall: its velocity and no spin); read in place, so that adapters copy nothing */
  const double *damp_i, *damp_j;
  double dt;
  int history_update; /* 0 during setup and single(): forces only, history unchanged */
  /* mdr only: the per-atom state, the atoms' indices in it, whether i is the contact's side 0 */
  const struct gs_mdr_atoms *mdr_atoms;
  int mdr_i, mdr_j, mdr_i_side0;

  /* outputs */
  double delta, contact_radius;
  double fn_total;     /* signed normal force magnitude (positive = repulsive) */
  double force[3];     /* on i (j gets the negative) */
  double torquei[3], torquej[3];
  double fs[3], fr[3]; /* tangential force, rolling pseudo-force */
  double torque_twist; /* twisting torque magnitude */
  double mdr_area;     /* mdr: the contact area */
  int mdr_yield_unrecorded; /* mdr: set (never cleared) when a new contact yields unrecorded (gs_mdr.h) */
} gs_contact;

#include "gs_mdr.h"

/* Half-step separation reconstructed from velocity-Verlet data: x(t+dt) - dt/2 v(t+dt/2).
 * Exact for atoms advanced by a plain velocity-Verlet step. */
GS_FN void gs_reconstruct_half_step(const double *dx, const double *vr, double dt, double *dx_half)
{
  dx_half[0] = dx[0] - 0.5 * dt * vr[0];
  dx_half[1] = dx[1] - 0.5 * dt * vr[1];
  dx_half[2] = dx[2] - 0.5 * dt * vr[2];
}

/* ---- JKR (Johnson-Kendall-Roberts) cohesion ---------------------------------------------------
 * A JKR contact, once made, holds beyond touching until the surfaces are the pull-off distance
 * apart; its contact radius solves the JKR relation between overlap and radius in closed form. */

/* the pull-off distance beyond touching: cbrt(3 pi^2 / 16) cbrt(R* gamma^2 / E*^2); 0 for other models */
GS_FN double gs_pulloff_distance(const gs_model *m, double reff)
{
  if (m->normal != GS_NORMAL_JKR || !(reff > 0.0)) return 0.0;
  return 1.2277228507842888 * cbrt(reff * m->cohesion * m->cohesion / (m->emix * m->emix));
}

/* contact radius a for the overlap delta (dr = delta R*, negative beyond touching); the
 * arithmetic follows stock LAMMPS' so that the standard ordering reproduces it */
GS_FN double gs_jkr_contact_radius(const gs_model *m, double dr, double reff)
{
  const double e = m->emix, w = m->cohesion;
  const double r2 = reff * reff, dr2 = dr * dr;
  const double base = w * w * r2 * r2 * e;
  const double t1 = 266.479318829412648029 * base; /* 27 pi^2 */
  const double t2 = 8.0 * dr * dr2 * e * e * e;
  const double t3 = 4.0 * dr2 * e;
  const double under1 = base * (t1 + 2.0 * t2);
  const double t4 = cbrt(t1 + t2 + 5.19615242270663202362 * GS_PI_VALUE * sqrt(under1 < 0.0 ? 0.0 : under1));
  const double t5 = t3 / t4 + t4 / e;
  const double under2 = 2.0 * dr + t5;
  const double t6 = sqrt(under2 < 0.0 ? 0.0 : under2);
  const double under3 = 4.0 * dr - t5 + 14.69693845669906728801 * w * GS_PI_VALUE * r2 / (e * t6);
  return 0.40824829046386307274 * (t6 + sqrt(under3 < 0.0 ? 0.0 : under3));
}

/* the centre distance below which a pair is in contact: the radii's sum, or (JKR, after having
 * touched) that plus the pull-off distance */
GS_FN double gs_pair_reach(const gs_model *m, double radi, double radj, int was_touching)
{
  const double radsum = radi + radj;
  return m->normal == GS_NORMAL_JKR && was_touching ? radsum + gs_pulloff_distance(m, radi * radj / radsum) : radsum;
}

/* whether a pair is in contact: overlapping, or (JKR) still held after having touched. A pair
 * overlapping is in contact whatever the model (the reach is never below the radii's sum), which
 * lets a neighbor loop test the overlap first. */
GS_FN int gs_pair_in_contact(const gs_model *m, const gs_contact *c, int was_touching)
{
  const double reach = gs_pair_reach(m, c->radi, c->radj, was_touching);
  return gs_dot3(c->dx, c->dx) < reach * reach;
}

/* whether a sphere touches a flat or curved wall (r, radi, radj), or (JKR) is still held by it */
GS_FN int gs_wall_in_contact(const gs_model *m, const gs_contact *c, int was_touching)
{
  double reach = c->radi;
  if (m->normal == GS_NORMAL_JKR && was_touching)
    reach += gs_pulloff_distance(m, c->radj == 0.0 ? c->radi : c->radi * c->radj / (c->radi + c->radj));
  return c->r * c->r < reach * reach;
}

/* overlap test of two spheres (dx, radi, radj) */
GS_FN int gs_pair_touching(const gs_contact *c)
{
  return gs_spheres_overlap(gs_dot3(c->dx, c->dx), c->radi, c->radj);
}

/* overlap test of a sphere and a wall (r, radi) */
GS_FN int gs_wall_touching(const gs_contact *c)
{
  return c->r * c->r < c->radi * c->radi;
}

/* Effective radius; radj = 0 means a flat wall (infinite radius). */
GS_FN double gs_effective_radius(const gs_model *m, double radi, double radj)
{
  if (m->geometry == GS_GEOMETRY_WALL && radj == 0.0) return radi;
  return radi * radj / (radi + radj);
}

/* Where a contact's history vectors live: the plane normal to n (at t+dt) after this step, the
 * plane normal to the previous step's normal before it. */
typedef struct gs_frame {
  double n[3];
  int exact;           /* synchronized ordering, history advanced: rotate from the normal at t exactly */
  double carry_dir[3]; /* exact only: gs_carry_setup() from the separation at t onto n */
  double carry_prev;   /* exact only: its factor */
} gs_frame;

/* Brings a history vector from the previous step's plane into the plane normal to f->n. Synchronized
 * ordering: the exact rotation taking the normal at t onto n. Then, in both orderings, stock's projection
 * and rescale wherever a normal component is left that the sliding limit could notice (weight:
 * the history's force per unit, limit: the sliding limit): all of it in the standard ordering, in
 * the synchronized one only what an inexact previous normal leaves (atoms not advanced by
 * velocity Verlet and without half-step records). */
GS_FN_INLINE void gs_history_to_plane(double *hist, const gs_frame *f, double weight, double limit)
{
  if (f->exact) gs_carry_to_plane(hist, f->n, f->carry_dir, f->carry_prev);
  if (fabs(gs_dot3(hist, f->n)) * weight > GS_FRAME_EPSILON * limit) gs_rotate_rescale(hist, f->n);
}

/* ---- dissipation: springs and sliders ---------------------------------------------------------
 * Over a step, a spring's forces do the trapezoid of their work on the particles, so a
 * spring-slider loses to slip k/2 (s0 + s1).(s_trial - s1): s0 its spring carried into this step's
 * plane, s_trial = s0 + the step's increment, s1 the spring after the sliding cap (0 while
 * sticking, mu F |ds| while sliding steadily). A force history h = -k s gives the same with 1/k
 * for k. */
GS_FN double gs_slip_energy3(double k, const double *s0, const double *strial, const double *s1)
{
  double mean[3], slip[3];
  gs_add3(s0, s1, mean);
  gs_sub3(strial, s1, slip);
  return 0.5 * k * gs_dot3(mean, slip);
}

/* A spring-dashpot-slider's velocity-dependent force f_d (its dashpot's), split between its channels:
 * while sliding the cap passes the fraction `passed` of it on as damping, the rest slides with the
 * spring (the slip channel's load). The cap resets the spring so that spring and f_d give the
 * capped force: slip is negative only where that loads the spring against the motion (a dashpot
 * force beyond the sliding limit), energy the model creates. */
GS_FN void gs_slider_loads(const double *fd, double passed, double *damping_load, double *slider_load)
{
  gs_scale3(passed, fd, damping_load);
  gs_scale3(1.0 - passed, fd, slider_load);
}

/* ---- tangential: linear history and the mindlin family ---------------------------------------
 * vtr: tangential velocity in the plane normal to f->n (in the synchronized ordering the half-step
 * velocity, already carried there). The history is brought into that plane and incremented.
 * vdamp: the dashpot's velocity in that plane (vtr, or with scheme consistent the full-step one). */
GS_FN_INLINE void gs_tangential_history(const gs_model *m, int tangential, gs_contact *c, double *hist,
                                        const double *vtr, const double *vdamp, const gs_frame *f,
                                        double damp_prefactor, double fncrit,
                                        gs_dissipation *dissipation, double *damping_load, double *slider_load)
{
  const int force_history =
      tangential == GS_TANGENTIAL_MINDLIN_FORCE || tangential == GS_TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const int rescale = tangential == GS_TANGENTIAL_MINDLIN_RESCALE || tangential == GS_TANGENTIAL_MINDLIN_RESCALE_FORCE;
  const int linear = tangential == GS_TANGENTIAL_LINEAR_HISTORY;
  const double damp = m->xt * damp_prefactor;
  const double fscrit = fncrit * m->mut;
  const double k = linear ? m->kt : m->kt * c->contact_radius;
  /* threshold weight: displacement history is compared as a force (k h), force history as is */
  const double kthresh = force_history ? 1.0 : k;
  double fdamp[3], inc[3], before[3] = {0.0, 0.0, 0.0}, trial[3] = {0.0, 0.0, 0.0}, damped = 1.0;

  if (rescale && c->contact_radius < hist[3]) gs_scale3(c->contact_radius / hist[3], hist, hist);

  if (c->history_update) {
    gs_history_to_plane(hist, f, kthresh, fscrit);
    if (force_history)
      gs_scale3(-k * c->dt, vtr, inc);
    else
      gs_scale3(c->dt, vtr, inc);
    gs_copy3(hist, before);
    gs_add3(hist, inc, hist);
    gs_copy3(hist, trial);
    if (rescale) hist[3] = c->contact_radius;
  } else {
    /* no step (set-up): only a cap's reset can change the spring */
    gs_copy3(hist, before);
    gs_copy3(hist, trial);
  }

  if (force_history)
    gs_copy3(hist, c->fs);
  else
    gs_scale3(-k, hist, c->fs);

  gs_scale3(-damp, vdamp, fdamp);
  gs_add3(c->fs, fdamp, c->fs);

  /* squares: the magnitude's square root is needed only while sliding */
  if (gs_dot3(c->fs, c->fs) > fscrit * fscrit) {
    const double fsmag = gs_len3(c->fs);
    if (gs_len3(hist) != 0.0) {
      /* sliding: cap the force and reset the spring so it carries exactly the capped force */
      damped = fscrit / fsmag;
      gs_scale3(damped, c->fs, c->fs);
      gs_sub3(c->fs, fdamp, hist);
      if (!force_history) gs_scale3(-1.0 / k, hist, hist);
    } else {
      gs_zero3(c->fs);
      gs_zero3(fdamp); /* the force is dropped: nothing acts */
    }
  }
  if (dissipation) {
    dissipation->energy[GS_DISSIPATION_TANGENTIAL_SLIP] += gs_slip_energy3(force_history ? 1.0 / k : k, before, trial, hist);
    gs_slider_loads(fdamp, damped, damping_load, slider_load);
  }
}

/* The classic variants (LAMMPS' gran/hooke/history, gran/hertz/history): the spring is incremented
 * first, then projected onto the tangent plane without rescaling, and the slip test uses the
 * spring's length before that projection. In the synchronized ordering the spring is first carried
 * exactly into the new plane, as every history is, so the projection removes only round-off. */
GS_FN_INLINE void gs_tangential_classic(const gs_model *m, int tangential, gs_contact *c, double *hist,
                                        const double *vtr, const double *vdamp, const gs_frame *f,
                                        double damp_prefactor, double fncrit,
                                        gs_dissipation *dissipation, double *damping_load, double *slider_load)
{
  const double damp = m->xt * damp_prefactor;
  const double fscrit = fncrit * m->mut;
  const double k = tangential == GS_TANGENTIAL_MINDLIN_CLASSIC ? m->kt * c->contact_radius : m->kt;
  double fdamp[3], inc[3], before[3] = {0.0, 0.0, 0.0}, trial[3] = {0.0, 0.0, 0.0}, damped = 1.0;
  int spring_loaded; /* before the projection; squares: no square root where only zero matters */

  if (c->history_update) {
    if (f->exact) gs_carry_to_plane(hist, f->n, f->carry_dir, f->carry_prev);
    gs_copy3(hist, before);
    gs_scale3(c->dt, vtr, inc);
    gs_add3(hist, inc, hist);
  }
  spring_loaded = gs_dot3(hist, hist) != 0.0;
  if (c->history_update) {
    gs_scale3(gs_dot3(hist, f->n), f->n, inc);
    gs_sub3(hist, inc, hist);
    gs_copy3(hist, trial);
  } else {
    /* no step (set-up): only a cap's reset can change the spring */
    gs_copy3(hist, before);
    gs_copy3(hist, trial);
  }
  gs_scale3(-k, hist, c->fs);
  gs_scale3(-damp, vdamp, fdamp);
  gs_add3(c->fs, fdamp, c->fs);

  /* squares: the magnitude's square root is needed only while sliding */
  if (gs_dot3(c->fs, c->fs) > fscrit * fscrit) {
    if (spring_loaded) {
      damped = fscrit / gs_len3(c->fs);
      gs_scale3(damped, c->fs, c->fs);
      gs_sub3(c->fs, fdamp, hist);
      gs_scale3(-1.0 / k, hist, hist);
    } else {
      gs_zero3(c->fs);
      gs_zero3(fdamp); /* the force is dropped: nothing acts */
    }
  }
  if (dissipation) {
    dissipation->energy[GS_DISSIPATION_TANGENTIAL_SLIP] += gs_slip_energy3(k, before, trial, hist);
    gs_slider_loads(fdamp, damped, damping_load, slider_load);
  }
}

/* vtr: the dashpot's velocity (as vdamp above) */
GS_FN_INLINE void gs_tangential_nohistory(const gs_model *m, gs_contact *c, const double *vtr, double damp_prefactor,
                                   double fncrit, gs_dissipation *dissipation, double *damping_load,
                                   double *slider_load)
{
  const double damp = m->xt * damp_prefactor;
  const double fscrit = m->mut * fncrit;
  const double vrel = gs_len3(vtr);
  const double fsmag = damp * vrel;
  double ft = 0.0;
  if (vrel != 0.0) ft = (fscrit < fsmag ? fscrit : fsmag) / vrel;
  gs_scale3(-ft, vtr, c->fs);
  /* a dashpot while below the sliding limit, a slider at it */
  if (dissipation) gs_copy3(c->fs, fscrit < fsmag ? slider_load : damping_load);
}

/* ---- rolling: spring-dashpot-slider (Luding) on the relative rolling displacement ---------- */
/* f, vrl and vdamp as for the tangential history */
GS_FN_INLINE void gs_rolling_sds(const gs_model *m, gs_contact *c, double *hist, const double *vrl, const double *vdamp,
                          const gs_frame *f, double fncrit, gs_dissipation *dissipation, double *damping_load,
                          double *slider_load)
{
  const double frcrit = m->mur * fncrit;
  double inc[3], before[3] = {0.0, 0.0, 0.0}, trial[3] = {0.0, 0.0, 0.0}, damped = 1.0, damping = m->gammar;

  if (c->history_update) {
    gs_history_to_plane(hist, f, m->kr, frcrit);
    gs_copy3(hist, before);
    gs_scale3(c->dt, vrl, inc);
    gs_add3(hist, inc, hist);
    gs_copy3(hist, trial);
  } else {
    gs_copy3(hist, before);
    gs_copy3(hist, trial);
  }

  c->fr[0] = -m->kr * hist[0] - m->gammar * vdamp[0];
  c->fr[1] = -m->kr * hist[1] - m->gammar * vdamp[1];
  c->fr[2] = -m->kr * hist[2] - m->gammar * vdamp[2];

  if (gs_dot3(c->fr, c->fr) > frcrit * frcrit) {
    const double frmag = gs_len3(c->fr);
    if (gs_len3(hist) != 0.0) {
      const double kinv = 1.0 / m->kr;
      const double frinv = 1.0 / frmag;
      double spring[3], dashpot[3];
      gs_scale3(-frcrit * kinv * frinv, c->fr, spring);
      gs_scale3(-m->gammar * kinv, vdamp, dashpot);
      if (c->history_update) gs_add3(spring, dashpot, hist);
      damped = frcrit * frinv;
      gs_scale3(damped, c->fr, c->fr);
    } else {
      gs_zero3(c->fr);
      damping = 0.0; /* the force is dropped: nothing acts */
    }
  }
  if (dissipation) {
    double fd[3];
    dissipation->energy[GS_DISSIPATION_ROLLING_SLIP] += gs_slip_energy3(m->kr, before, trial, hist);
    gs_scale3(-damping, vdamp, fd);
    gs_slider_loads(fd, damped, damping_load, slider_load);
  }
}

/* ---- twisting: torsional spring-dashpot-slider; marshall derives it from the tangential model
 * magtwist: the twisting rate that increments the spring; rate_damp: the dashpot's (as vdamp above) */
GS_FN_INLINE double gs_twisting(const gs_model *m, gs_contact *c, double *hist, double magtwist, double rate_damp,
                         double damp_prefactor, double fncrit, gs_dissipation *dissipation, double *damping_load,
                         double *slider_load)
{
  double k, damp, mu, torque, crit, sign, before = hist[0];
  if (m->twisting == GS_TWISTING_MARSHALL) {
    const double a = c->contact_radius;
    k = 0.5 * m->kt * a * a;
    damp = 0.5 * (m->xt * damp_prefactor) * a * a;
    mu = (2.0 / 3.0) * m->mut * a;
  } else {
    k = m->ktw;
    damp = m->gammatw;
    mu = m->mutw;
  }
  if (c->history_update) hist[0] += magtwist * c->dt;
  torque = -k * hist[0] - damp * rate_damp;
  sign = (rate_damp > 0) - (rate_damp < 0);
  crit = mu * fncrit;
  if (fabs(torque) > crit) {
    hist[0] = (crit * sign - damp * rate_damp) / k;
    torque = -crit * sign;
  }
  if (dissipation) {
    const double step = c->history_update ? magtwist * c->dt : 0.0;
    const double s0[3] = {before, 0.0, 0.0}, trial[3] = {before + step, 0.0, 0.0}, s1[3] = {hist[0], 0.0, 0.0};
    const double trial_torque = fabs(k * trial[0] + damp * rate_damp);
    const double passed = trial_torque > crit ? crit / trial_torque : 1.0;
    dissipation->energy[GS_DISSIPATION_TWISTING_SLIP] += gs_slip_energy3(k, s0, trial, s1);
    *damping_load = -passed * damp * rate_damp;
    *slider_load = -(1.0 - passed) * damp * rate_damp;
  }
  return torque;
}

/* A contact's sliding velocity for relative velocity vr and spins wi, wj: vr's part normal to n
 * less the surfaces' spin, (r_i w_i + r_j w_j) x n (the slip at the radii, as stock). Returns the
 * normal part, vr.n. */
GS_FN_INLINE double gs_sliding_velocity_of(const gs_contact *c, const double *vr, const double *wi, const double *wj,
                                           const double *n, double *vtr)
{
  double vn[3], wr[3], wxn[3];
  const double vnnr = gs_dot3(vr, n);
  gs_scale3(vnnr, n, vn);
  gs_sub3(vr, vn, vtr);
  wr[0] = c->radi * wi[0] + c->radj * wj[0];
  wr[1] = c->radi * wi[1] + c->radj * wj[1];
  wr[2] = c->radi * wi[2] + c->radj * wj[2];
  gs_cross3(wr, n, wxn);
  gs_sub3(vtr, wxn, vtr);
  return vnnr;
}

/* the sliding velocity of the velocities that increment the springs */
GS_FN_INLINE double gs_sliding_velocity(const gs_contact *c, const double *n, double *vtr)
{
  return gs_sliding_velocity_of(c, c->vr, c->omegai, c->omegaj, n, vtr);
}

/* rolling velocity, Wang et al., Particuology 23 (2015) eq. 31: R* (w_i - w_j) x n */
GS_FN_INLINE void gs_rolling_velocity(double reff, const double *relrot, const double *n, double *vrl)
{
  vrl[0] = reff * (relrot[1] * n[2] - relrot[2] * n[1]);
  vrl[1] = reff * (relrot[2] * n[0] - relrot[0] * n[2]);
  vrl[2] = reff * (relrot[0] * n[1] - relrot[1] * n[0]);
}

/* ---- one contact --------------------------------------------------------------------------
 * The sub-model choices the evaluator branches on. gs_contact_evaluate() reads them from the model;
 * an adapter that knows them at compile time passes constants to gs_contact_evaluate_as(), and the
 * compiler drops every other model's code (the /kk kernel's specializations). */
typedef struct gs_kinds {
  int normal, damping, tangential, rolling, twisting, ordering, scheme;
} gs_kinds;

GS_FN gs_kinds gs_model_kinds(const gs_model *m)
{
  gs_kinds k;
  k.normal = m->normal;
  k.damping = m->damping;
  k.tangential = m->tangential;
  k.rolling = m->rolling;
  k.twisting = m->twisting;
  k.ordering = m->ordering;
  k.scheme = m->scheme;
  return k;
}

/* Requires gs_pair_in_contact() (or gs_wall_in_contact(), or gs_wall_touching() for region walls) to be
 * true and `kinds` to be the model's. mdr needs per-atom state (gs_mdr.h): only the adapters that carry
 * it define GS_WITH_MDR before including this header; elsewhere (the flat walls, the /kk styles and
 * the standalone drivers, which refuse mdr and keep shorter histories) an mdr force is NaN.
 * `history` points at this contact's history (m->size_history doubles; may be NULL when the model
 * carries none). `dissipation`: NULL, or a gs_dissipation to which this step's slip and lever energy
 * and the dashpots' loads are added (steps that advance the history only); a constant NULL compiles it
 * away. */
GS_FN_INLINE void gs_contact_evaluate_dissipating(const gs_model *m, const gs_kinds kinds, gs_contact *c,
                                                  double *history, gs_dissipation *dissipation)
{
  const int sync = kinds.ordering == GS_ORDERING_SYNCHRONIZED;
  const int consistent = sync && kinds.scheme == GS_SCHEME_CONSISTENT;
  const int pair = m->geometry == GS_GEOMETRY_PAIR;
  const double radsum = pair ? c->radi + c->radj : c->radi;
  const double reff = gs_effective_radius(m, c->radi, c->radj);
  gs_frame frame;
  double *const n_full = frame.n;
  double rinv, n_half[3], carry_dir[3] = {0.0, 0.0, 0.0}, carry = 0.0;
  const double *n_vel; /* normal the half-step velocities are projected on */
  double vnnr, vtr[3], vn_damp, vt_full[3];
  const double *vt_damp; /* the dashpots' tangential velocity, in the full-step plane */
  double fnormal, fpulloff = 0.0, damp_prefactor, fdamp, fncrit, arm;
  double tangential_damping[3] = {0.0, 0.0, 0.0}, tangential_slider[3] = {0.0, 0.0, 0.0};

  c->mdr_area = 0.0;
  if (pair) c->r = sqrt(gs_dot3(c->dx, c->dx));
  rinv = 1.0 / c->r;
  c->delta = radsum - c->r;
  if (kinds.normal == GS_NORMAL_JKR)
    c->contact_radius = gs_jkr_contact_radius(m, c->delta * reff, reff);
  else
    c->contact_radius = m->needs_contact_radius ? sqrt(c->delta * reff) : 0.0;

  gs_scale3(rinv, c->dx, n_full);
  /* vector histories advanced this step in the synchronized ordering were left perpendicular to
   * the normal at t: x(t) = x(t+dt) + 2 (x(t+dt/2) - x(t+dt)) */
  frame.exact = sync && c->history_update &&
                (kinds.tangential != GS_TANGENTIAL_LINEAR_NOHISTORY || kinds.rolling != GS_ROLLING_NONE);
  if (frame.exact) {
    double dx_prev[3];
    dx_prev[0] = 2.0 * c->dx_half[0] - c->dx[0];
    dx_prev[1] = 2.0 * c->dx_half[1] - c->dx[1];
    dx_prev[2] = 2.0 * c->dx_half[2] - c->dx[2];
    frame.carry_prev = gs_carry_setup(dx_prev, c->dx, c->r, frame.carry_dir);
  } else { /* unused; set for compilers that cannot see it */
    gs_zero3(frame.carry_dir);
    frame.carry_prev = 0.0;
  }
  if (sync) {
    /* one square root for the carry and the half-step normal (gs_norm3()'s arithmetic) */
    const double len_half = sqrt(gs_dot3(c->dx_half, c->dx_half));
    carry = gs_carry_setup_len(c->dx_half, len_half, c->dx, c->r, carry_dir);
    gs_copy3(c->dx_half, n_half);
    if (len_half > 0.0) gs_scale3(1.0 / len_half, n_half, n_half);
    n_vel = n_half;
  } else {
    n_vel = n_full;
  }

  /* relative velocity at the contact, split on the normal of the velocities' own time level */
  vnnr = gs_sliding_velocity(c, n_vel, vtr);
  /* the half-step tangential velocity, carried into the full-step tangent plane where the history
   * lives and the forces act */
  if (sync) gs_carry_to_plane(vtr, n_full, carry_dir, carry);
  if (consistent) {
    double vr_damp[3];
    gs_sub3(c->damp_i, c->damp_j, vr_damp);
    vn_damp = gs_sliding_velocity_of(c, vr_damp, c->damp_i + 3, c->damp_j + 3, n_full, vt_full);
    vt_damp = vt_full;
  } else {
    vn_damp = vnnr;
    vt_damp = vtr;
  }

  /* normal force: elastic part from the full-step overlap, damping from the normal velocity */
  if (kinds.normal == GS_NORMAL_HOOKE) {
    fnormal = m->kn * c->delta;
  } else if (kinds.normal == GS_NORMAL_JKR) {
    /* Hertz's force at the JKR contact radius less the adhesion over the contact area; the
     * friction limit counts the pull-off force 3 pi gamma R* twice, as stock */
    const double a = c->contact_radius, a2 = a * a;
    fnormal = m->kn * a * a2 / reff - GS_2PI_VALUE * a2 * sqrt(4.0 * m->cohesion * m->emix / (GS_PI_VALUE * a));
    fpulloff = 3.0 * GS_PI_VALUE * m->cohesion * reff;
  } else if (kinds.normal == GS_NORMAL_MDR) {
#ifdef GS_WITH_MDR
    fnormal = gs_mdr_normal_force(m, c, history + m->hist_normal, n_full);
#else
    fnormal = NAN;
#endif
  } else {
    fnormal = m->kn * c->contact_radius * c->delta;
  }
  /* DMT: a constant adhesive pull while touching, the pull-off force 2 pi w R* (w = 2 gamma) */
  if (kinds.normal == GS_NORMAL_DMT) {
    fpulloff = 4.0 * GS_PI_VALUE * m->cohesion * reff;
    fnormal -= fpulloff;
  }

  switch (kinds.damping) {
    case GS_DAMPING_VELOCITY: damp_prefactor = m->damp_normal; break;
    case GS_DAMPING_MASS_VELOCITY: damp_prefactor = m->damp_normal * c->meff; break;
    case GS_DAMPING_VISCOELASTIC: damp_prefactor = m->damp_normal * c->meff * c->contact_radius; break;
#ifdef GS_WITH_MDR
    case GS_DAMPING_MDR: damp_prefactor = gs_mdr_damp_prefactor(m, history + m->hist_normal); break;
#endif
    default: { /* tsuji and coeff_restitution: eta = d sqrt(meff dF/ddelta) */
      double stiff = 0.0;
      if (c->delta > 0.0) {
        stiff = c->meff * fnormal / c->delta;
        if (stiff < 0.0) stiff = 0.0;
      }
      damp_prefactor = m->damp_normal * sqrt(stiff);
    }
  }
  fdamp = -damp_prefactor * vn_damp;
  c->fn_total = fnormal + fdamp;
  if (m->limit_damping && c->fn_total < 0.0) c->fn_total = 0.0;
  if (dissipation) {
    double load[3];
    gs_scale3(c->fn_total - fnormal, n_full, load);
    gs_add3(dissipation->load_i[GS_DISSIPATION_NORMAL_DAMPING], load, dissipation->load_i[GS_DISSIPATION_NORMAL_DAMPING]);
    gs_sub3(dissipation->load_j[GS_DISSIPATION_NORMAL_DAMPING], load, dissipation->load_j[GS_DISSIPATION_NORMAL_DAMPING]);
  }
  /* friction limit: the total normal force; DMT, JKR: the elastic force plus twice the pull-off
   * force (the adhesion presses the surfaces together as a load would, as in stock LAMMPS) */
  fncrit = kinds.normal == GS_NORMAL_DMT || kinds.normal == GS_NORMAL_JKR ? fabs(fnormal + 2.0 * fpulloff)
                                                                          : fabs(c->fn_total);

  if (kinds.tangential == GS_TANGENTIAL_LINEAR_NOHISTORY)
    gs_tangential_nohistory(m, c, vt_damp, damp_prefactor, fncrit, dissipation, tangential_damping, tangential_slider);
  else if (kinds.tangential == GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC || kinds.tangential == GS_TANGENTIAL_MINDLIN_CLASSIC)
    gs_tangential_classic(m, kinds.tangential, c, history + m->hist_tangential, vtr, vt_damp, &frame, damp_prefactor,
                          fncrit, dissipation, tangential_damping, tangential_slider);
  else
    gs_tangential_history(m, kinds.tangential, c, history + m->hist_tangential, vtr, vt_damp, &frame, damp_prefactor,
                          fncrit, dissipation, tangential_damping, tangential_slider);

  /* forces act along the full-step normal and in the full-step tangent plane */
  gs_scale3(c->fn_total, n_full, c->force);
  gs_add3(c->force, c->fs, c->force);

  gs_cross3(n_full, c->fs, c->torquei);
  gs_scale3(-1.0, c->torquei, c->torquei);
  if (pair) {
    gs_copy3(c->torquei, c->torquej);
    arm = c->radi - 0.5 * c->delta;
    gs_scale3(arm, c->torquei, c->torquei);
    arm = c->radj - 0.5 * c->delta;
    gs_scale3(arm, c->torquej, c->torquej);
  } else {
    gs_scale3(c->radi, c->torquei, c->torquei);
    gs_zero3(c->torquej);
  }
  if (dissipation) {
    /* the tangential loads, with the torque arms the force has */
    const int channel[2] = {GS_DISSIPATION_TANGENTIAL_DAMPING, GS_DISSIPATION_TANGENTIAL_SLIP};
    const double *const load[2] = {tangential_damping, tangential_slider};
    const double armi = pair ? c->radi - 0.5 * c->delta : c->radi, armj = c->radj - 0.5 * c->delta;
    int l;
    for (l = 0; l < 2; l++) {
      double *li = dissipation->load_i[channel[l]], *lj = dissipation->load_j[channel[l]], turn[3], arm[3];
      gs_cross3(load[l], n_full, turn); /* -(n x f) */
      gs_add3(li, load[l], li);
      gs_sub3(lj, load[l], lj);
      gs_scale3(armi, turn, arm);
      gs_add3(li + 3, arm, li + 3);
      gs_scale3(armj, turn, arm);
      gs_add3(lj + 3, arm, lj + 3);
    }
    if (pair) {
      /* the spring's force through arms r - delta/2 against its slip at r */
      double spring[3], spin[3], lever[3];
      gs_sub3(c->fs, tangential_damping, spring);
      gs_sub3(spring, tangential_slider, spring);
      gs_add3(c->omegai, c->omegaj, spin);
      gs_cross3(spin, n_full, lever);
      dissipation->energy[GS_DISSIPATION_LEVER] -= 0.5 * c->delta * gs_dot3(spring, lever) * c->dt;
    }
  }

  gs_zero3(c->fr);
  c->torque_twist = 0.0;
  if (kinds.rolling != GS_ROLLING_NONE || kinds.twisting != GS_TWISTING_NONE) {
    double relrot[3], relrot_damp[3] = {0.0, 0.0, 0.0};
    gs_sub3(c->omegai, c->omegaj, relrot);
    if (consistent) gs_sub3(c->damp_i + 3, c->damp_j + 3, relrot_damp);
    if (kinds.rolling == GS_ROLLING_SDS) {
      double vrl[3], vrl_full[3], torroll[3], rolling_damping[3] = {0.0, 0.0, 0.0}, rolling_slider[3] = {0.0, 0.0, 0.0};
      gs_rolling_velocity(reff, relrot, n_vel, vrl);
      if (sync) gs_carry_to_plane(vrl, n_full, carry_dir, carry);
      if (consistent) gs_rolling_velocity(reff, relrot_damp, n_full, vrl_full);
      gs_rolling_sds(m, c, history + m->hist_rolling, vrl, consistent ? vrl_full : vrl, &frame, fncrit, dissipation,
                     rolling_damping, rolling_slider);
      gs_cross3(n_full, c->fr, torroll);
      gs_scale3(reff, torroll, torroll);
      gs_add3(c->torquei, torroll, c->torquei);
      if (pair) gs_sub3(c->torquej, torroll, c->torquej);
      if (dissipation) {
        const int channel[2] = {GS_DISSIPATION_ROLLING_DAMPING, GS_DISSIPATION_ROLLING_SLIP};
        const double *const load[2] = {rolling_damping, rolling_slider};
        int l;
        for (l = 0; l < 2; l++) {
          gs_cross3(n_full, load[l], torroll);
          gs_scale3(reff, torroll, torroll);
          gs_add3(dissipation->load_i[channel[l]] + 3, torroll, dissipation->load_i[channel[l]] + 3);
          gs_sub3(dissipation->load_j[channel[l]] + 3, torroll, dissipation->load_j[channel[l]] + 3);
        }
      }
    }
    if (kinds.twisting != GS_TWISTING_NONE) {
      double tortwist[3], twisting_load[2] = {0.0, 0.0};
      const double magtwist = gs_dot3(relrot, n_vel);
      c->torque_twist = gs_twisting(m, c, history + m->hist_twisting, magtwist,
                                    consistent ? gs_dot3(relrot_damp, n_full) : magtwist, damp_prefactor, fncrit,
                                    dissipation, &twisting_load[0], &twisting_load[1]);
      gs_scale3(c->torque_twist, n_full, tortwist);
      gs_add3(c->torquei, tortwist, c->torquei);
      if (pair) gs_sub3(c->torquej, tortwist, c->torquej);
      if (dissipation) {
        const int channel[2] = {GS_DISSIPATION_TWISTING_DAMPING, GS_DISSIPATION_TWISTING_SLIP};
        int l;
        for (l = 0; l < 2; l++) {
          gs_scale3(twisting_load[l], n_full, tortwist);
          gs_add3(dissipation->load_i[channel[l]] + 3, tortwist, dissipation->load_i[channel[l]] + 3);
          gs_sub3(dissipation->load_j[channel[l]] + 3, tortwist, dissipation->load_j[channel[l]] + 3);
        }
      }
    }
  }
}

GS_FN_INLINE void gs_contact_evaluate_as(const gs_model *m, const gs_kinds kinds, gs_contact *c, double *history)
{
  gs_contact_evaluate_dissipating(m, kinds, c, history, 0);
}

GS_FN_INLINE void gs_contact_evaluate(const gs_model *m, gs_contact *c, double *history)
{
  gs_contact_evaluate_dissipating(m, gs_model_kinds(m), c, history, 0);
}

/* A contact that opened in this step (in contact at the last one, not now) loses what its springs
 * held, less what their last forces return to the particles over the step: for each spring
 * k/2 s.(s + ds), the slip energy of a spring cut to zero (gs_slip_energy3()), added to its slip
 * channel (at a run's set-up, ds = 0: k/2 |s|^2). Inputs as for gs_contact_evaluate() (walls: r
 * too); `history` is the contact's before it is cleared. Springs of constant stiffness only: mindlin's and marshall's vanish with the contact
 * radius, which the stored energy already shows. */
GS_FN void gs_contact_release(const gs_model *m, const gs_contact *c, const double *history, gs_dissipation *dissipation)
{
  /* at a run's set-up (no step, history_update 0) the springs vanish without moving */
  const double dt = c->history_update ? c->dt : 0.0;
  const double r = m->geometry == GS_GEOMETRY_PAIR ? sqrt(gs_dot3(c->dx, c->dx)) : c->r;
  const double reff = gs_effective_radius(m, c->radi, c->radj);
  const double zero[3] = {0.0, 0.0, 0.0};
  double n[3], relrot[3], trial[3], move[3];
  gs_scale3(1.0 / r, c->dx, n);
  gs_sub3(c->omegai, c->omegaj, relrot);
  if (m->tangential == GS_TANGENTIAL_LINEAR_HISTORY || m->tangential == GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC) {
    const double *s = history + m->hist_tangential;
    gs_sliding_velocity(c, n, move);
    gs_scale3(dt, move, move);
    gs_add3(s, move, trial);
    dissipation->energy[GS_DISSIPATION_TANGENTIAL_SLIP] += gs_slip_energy3(m->kt, s, trial, zero);
  }
  if (m->rolling == GS_ROLLING_SDS) {
    const double *s = history + m->hist_rolling;
    gs_rolling_velocity(reff, relrot, n, move);
    gs_scale3(dt, move, move);
    gs_add3(s, move, trial);
    dissipation->energy[GS_DISSIPATION_ROLLING_SLIP] += gs_slip_energy3(m->kr, s, trial, zero);
  }
  if (m->twisting == GS_TWISTING_SDS) {
    const double s = history[m->hist_twisting];
    dissipation->energy[GS_DISSIPATION_TWISTING_SLIP] += 0.5 * m->ktw * s * (s + gs_dot3(relrot, n) * dt);
  }
}

/* ---- stored energy ----------------------------------------------------------------------------
 * The elastic energy a contact evaluated by gs_contact_evaluate() holds (its springs after the
 * step's update): the potential whose derivatives are the elastic forces.
 * - normal: U(delta) with dU/ddelta the elastic normal force: hooke k d^2/2; hertz and
 *   hertz/material 2/5 F d; DMT Hertz's less the pull-off force times d; JKR the integral of its
 *   force along the equilibrium curve from a = 0 (elastic plus surface energy, zero for surfaces
 *   apart: what remains at pull-off is the adhesion hysteresis, lost when the contact breaks). mdr
 *   is elastic-plastic, without a potential of the overlap: 0.
 * - tangential, rolling and twisting springs: k |s|^2 / 2 of the spring s at the stiffness k of
 *   this step (mindlin: kt a, a the contact radius now; its force-history variants |F|^2 / (2 kt a)).
 *   A mindlin stiffness changing with a at fixed s is not conservative: the energy that change
 *   adds or takes shows up as a change of the stored energy, not as work of a force. */
GS_FN double gs_normal_energy(const gs_model *m, int normal, const gs_contact *c)
{
  const double d = c->delta;
  const double reff = m->geometry == GS_GEOMETRY_WALL && c->radj == 0.0 ? c->radi
                                                                        : c->radi * c->radj / (c->radi + c->radj);
  if (normal == GS_NORMAL_HOOKE) return 0.5 * m->kn * d * d;
  if (normal == GS_NORMAL_HERTZ || normal == GS_NORMAL_HERTZ_MATERIAL) return 0.4 * m->kn * sqrt(d * reff) * d * d;
  if (normal == GS_NORMAL_DMT) return 0.4 * m->kn * sqrt(d * reff) * d * d - 4.0 * GS_PI_VALUE * m->cohesion * reff * d;
  if (normal == GS_NORMAL_JKR) {
    /* F = kn a^3/R - B a^1.5 along d(a) = a^2/R - C a^0.5 (B = 4 sqrt(pi gamma E*), C = 2 sqrt(pi gamma/E*)),
     * integrated over a: 2 kn a^5/(5 R^2) - 2 B a^3.5/(3 R) + 2 pi gamma a^2 */
    const double a = c->contact_radius, a2 = a * a;
    const double b = 4.0 * sqrt(GS_PI_VALUE * m->cohesion * m->emix);
    return 0.4 * m->kn * a2 * a2 * a / (reff * reff) - 2.0 * b * a2 * a * sqrt(a) / (3.0 * reff) +
           GS_2PI_VALUE * m->cohesion * a2;
  }
  return 0.0;
}

/* the tangential, rolling and twisting springs' part */
GS_FN double gs_spring_energy(const gs_model *m, const gs_contact *c, const double *history)
{
  double e = 0.0;
  const double *h;
  if (m->tangential != GS_TANGENTIAL_LINEAR_NOHISTORY) {
    const double k = m->tangential == GS_TANGENTIAL_LINEAR_HISTORY || m->tangential == GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC
                         ? m->kt
                         : m->kt * c->contact_radius;
    h = history + m->hist_tangential;
    if (m->tangential == GS_TANGENTIAL_MINDLIN_FORCE || m->tangential == GS_TANGENTIAL_MINDLIN_RESCALE_FORCE) {
      if (k > 0.0) e += 0.5 * gs_dot3(h, h) / k;
    } else {
      e += 0.5 * k * gs_dot3(h, h);
    }
  }
  if (m->rolling == GS_ROLLING_SDS) {
    h = history + m->hist_rolling;
    e += 0.5 * m->kr * gs_dot3(h, h);
  }
  if (m->twisting != GS_TWISTING_NONE) {
    const double a = c->contact_radius;
    const double k = m->twisting == GS_TWISTING_MARSHALL ? 0.5 * m->kt * a * a : m->ktw;
    h = history + m->hist_twisting;
    e += 0.5 * k * h[0] * h[0];
  }
  return e;
}

GS_FN double gs_contact_stored_energy(const gs_model *m, const gs_contact *c, const double *history)
{
  return gs_normal_energy(m, m->normal, c) + gs_spring_energy(m, c, history);
}

/* Heat flowing into i through a touching contact evaluated by gs_contact_evaluate() (its contact
 * radius a), with temperatures ti and tj (a wall's for a wall): `area` conducts h pi a^2 (tj - ti),
 * `radius` 2 k a (tj - ti), as LAMMPS' heat models, term by term. Heat has no history and reads
 * no velocity, so both orderings conduct the same. */
GS_FN double gs_contact_heat(const gs_model *m, const gs_contact *c, double ti, double tj)
{
  if (m->heat == GS_HEAT_AREA) return m->heat_coeff * GS_PI_VALUE * c->contact_radius * c->contact_radius * (tj - ti);
  if (m->heat == GS_HEAT_RADIUS) return 2 * m->heat_coeff * c->contact_radius * (tj - ti);
  return 0.0;
}

/* ---- model set-up (gs_model.c; host only) -------------------------------------------------- */

#define GS_ERRLEN 512

/* Parse stock `pair_coeff ... granular` model words: arg[0] is the normal model name, followed by
 * its coefficients and the keywords tangential, damping, rolling, twisting, heat, cutoff,
 * limit_damping, synchronized_verlet. Stops at the first word that is none of these and returns its index
 * (narg if all were consumed); returns -1 and fills err on bad input. `ordering` is the default
 * ordering of the style; synchronized_verlet sets GS_ORDERING_SYNCHRONIZED. */
int gs_model_parse(gs_model *m, int narg, const char *const *arg, int geometry, int ordering, char *err);

/* Derive the constants of gs_contact_evaluate() from the user coefficients; 0 or -1 with err. */
int gs_model_finalize(gs_model *m, char *err);

/* Mixed model for unlike types i != j: sub-models must agree; coefficients mix like stock pair
 * granular (geometric means, effective modulus for hertz/material), and ordering and
 * limit_damping are kept when either side has them. 0 or -1 with err. */
int gs_model_mix(const gs_model *a, const gs_model *b, gs_model *out, char *err);

/* History doubles each sub-model needs (normal, tangential, rolling, twisting). */
void gs_model_history_sizes(const gs_model *m, int *normal, int *tangential, int *rolling, int *twisting);

/* Factor applied to history slot `slot` when a contact is seen from the other atom (j-i): -1 for
 * tangential vectors, +1 for the mindlin_rescale contact radius and for rolling and twisting
 * histories, whose defining rates do not change sign under i <-> j, and for mdr's (its sides are
 * named by tags, not by i and j). */
GS_FN double gs_model_history_transfer_factor(const gs_model *m, int slot)
{
  return slot >= m->hist_tangential && slot < m->hist_tangential + 3 ? -1.0 : 1.0;
}

/* Names for messages and restarts. */
const char *gs_normal_name(int kind);
const char *gs_damping_name(int kind);
const char *gs_tangential_name(int kind);
const char *gs_rolling_name(int kind);
const char *gs_twisting_name(int kind);
const char *gs_heat_name(int kind);
const char *gs_ordering_name(int ordering);
/* "standard" / "synchronized" -> enum, or -1 */
int gs_ordering_from_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
