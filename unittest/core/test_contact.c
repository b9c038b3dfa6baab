/* SPDX-License-Identifier: GPL-2.0-or-later
 * Unit tests of the C contact core against analytic single-contact results. */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_model_words.h"

#include <stdlib.h>
#include <string.h>

static gs_model parse_model(const char *words, int ordering)
{
  return gs_model_from_words(words, GS_GEOMETRY_PAIR, ordering);
}

/* parse error message for `words`, or "" if it parsed */
static const char *parse_error(const char *words)
{
  static char err[GS_ERRLEN];
  gs_model m;
  gs_parse_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD, &m, err);
  return err;
}

static void static_contact(gs_contact *c, double radi, double radj, double delta)
{
  memset(c, 0, sizeof(*c));
  c->radi = radi;
  c->radj = radj;
  c->dx[2] = radi + radj - delta;
  c->dt = 1e-6;
  c->meff = 1.0;
  c->history_update = 1;
}

static void test_normal_forces(void)
{
  double hist[8] = {0};
  gs_contact c;
  gs_model m;
  const double delta = 1e-4, radi = 1e-3, radj = 5e-4, reff = radi * radj / (radi + radj);

  m = parse_model("hooke 1000 0 tangential linear_history 800 0 0.5", GS_ORDERING_STANDARD);
  static_contact(&c, radi, radj, delta);
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(c.force[2], 1000 * delta, 1e-12, "hooke: F = k delta");
  GS_CHECK(c.force[0] == 0.0 && c.force[1] == 0.0, "hooke: force along the normal");

  m = parse_model("hertz 2e6 0 tangential linear_history 800 0 0.5", GS_ORDERING_STANDARD);
  static_contact(&c, radi, radj, delta);
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(c.force[2], 2e6 * sqrt(reff * delta) * delta, 1e-12, "hertz: F = k sqrt(R* delta) delta");

  /* Hertz with material: F = 4/3 E* sqrt(R*) delta^1.5, E* = E / (2 (1 - nu^2)) for like materials */
  m = parse_model("hertz/material 7e10 0 0.25 tangential mindlin NULL 0 0.5", GS_ORDERING_STANDARD);
  static_contact(&c, radi, radj, delta);
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(c.force[2], 4.0 / 3.0 * 7e10 / (2 * (1 - 0.0625)) * sqrt(reff) * pow(delta, 1.5), 1e-12,
               "hertz/material: F = 4/3 E* sqrt(R*) delta^1.5");
  /* Mindlin NULL: kt = 8 G*, G* = E / (4 (2 - nu)(1 + nu)) for like materials */
  GS_CHECK_REL(m.kt, 8 * 7e10 / (4 * (2 - 0.25) * (1 + 0.25)), 1e-12, "mindlin NULL: kt = 8 G*");
}

/* DMT (Derjaguin-Muller-Toporov): Hertz plus a constant pull 2 pi w R* = 4 pi gamma R* (w = 2 gamma,
 * LAMMPS' gamma the energy of one surface); the friction limit grows with the adhesion as with a load */
static void test_dmt(void)
{
  double hist[8] = {0};
  gs_contact c;
  gs_model m;
  const double radi = 1e-3, radj = 5e-4, reff = radi * radj / (radi + radj), gamma = 0.05, delta = 1e-6;
  const double estar = 7e10 / (2 * (1 - 0.0625)), pulloff = 4 * GS_PI_VALUE * gamma * reff;
  const double elastic = 4.0 / 3.0 * estar * sqrt(reff) * pow(delta, 1.5);

  m = parse_model("dmt 7e10 1 0.25 0.05 damping velocity tangential linear_nohistory 1e9 0.5", GS_ORDERING_STANDARD);
  static_contact(&c, radi, radj, delta);
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(c.force[2], elastic - pulloff, 1e-12, "dmt: F = 4/3 E* sqrt(R*) delta^1.5 - 4 pi gamma R*");
  static_contact(&c, radi, radj, 1e-15);
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(-c.force[2], 2 * GS_PI_VALUE * (2 * gamma) * reff, 1e-6, "dmt: pull-off force 2 pi w R* at separation");

  /* sliding: |Ft| = mu (F_elastic + F_pulloff), larger than mu |F| */
  static_contact(&c, radi, radj, delta);
  c.vr[0] = 1.0;
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK_REL(sqrt(c.fs[0] * c.fs[0] + c.fs[1] * c.fs[1]), 0.5 * (elastic + pulloff), 1e-12,
               "dmt: sliding friction mu (F_elastic + F_pulloff)");

}

/* JKR: along the loading curve the most tensile force is the pull-off force 3/2 pi w R* = 3 pi
 * gamma R* (independent of E*); a contact, once made, holds beyond touching up to the pull-off
 * distance, a new one only from touching (the hysteresis loop) */
static void test_jkr(void)
{
  double hist[8] = {0}, fmin = 0.0, dmin = 0.0, reach, delta;
  gs_contact c;
  gs_model m;
  const double radi = 1e-3, radj = 5e-4, reff = radi * radj / (radi + radj), gamma = 0.05;
  int k;
  m = parse_model("jkr 7e7 0 0.25 0.05 damping velocity tangential linear_nohistory 0 0.5", GS_ORDERING_STANDARD);
  reach = gs_pulloff_distance(&m, reff);
  GS_CHECK(reach > 0.0 && reach < 0.1 * reff, "jkr: pull-off distance %.3e, beyond touching", reach);
  for (k = 0; k <= 200000; k++) {
    delta = -reach + 2.0 * reach * k / 200000.0;
    static_contact(&c, radi, radj, delta);
    gs_contact_evaluate(&m, &c, hist);
    if (c.force[2] < fmin) {
      fmin = c.force[2];
      dmin = delta;
    }
  }
  GS_CHECK(fabs(-fmin / (3 * GS_PI_VALUE * gamma * reff) - 1.0) < 1e-6,
           "jkr: most tensile force %.9e = 3/2 pi w R* = %.9e (at delta %.3e)", -fmin, 3 * GS_PI_VALUE * gamma * reff,
           dmin);
  static_contact(&c, radi, radj, -0.5 * reach);
  GS_CHECK(!gs_pair_in_contact(&m, &c, 0) && gs_pair_in_contact(&m, &c, 1),
           "jkr: apart by half the pull-off distance: no new contact, an existing one holds");
  static_contact(&c, radi, radj, -1.01 * reach);
  GS_CHECK(!gs_pair_in_contact(&m, &c, 1), "jkr: beyond the pull-off distance an existing contact lets go");
}

static double frand(void) { return 2.0 * rand() / (double) RAND_MAX - 1.0; }

static void test_rotate_rescale(void)
{
  int k, ok_len = 1, ok_perp = 1, ok_same = 1;
  for (k = 0; k < 1000; k++) {
    double v[3] = {frand(), frand(), frand()}, n[3] = {frand(), frand(), frand()}, w[3];
    double len0 = gs_len3(v);
    gs_norm3(n);
    gs_copy3(v, w);
    gs_rotate_rescale(v, n);
    gs_rotate_rescale_fast(w, n);
    if (fabs(gs_len3(v) - len0) > 1e-14 * len0 || fabs(gs_len3(w) - len0) > 1e-14 * len0) ok_len = 0;
    if (fabs(gs_dot3(v, n)) > 1e-14 * len0 || fabs(gs_dot3(w, n)) > 1e-14 * len0) ok_perp = 0;
    if (fabs(v[0] - w[0]) + fabs(v[1] - w[1]) + fabs(v[2] - w[2]) > 1e-14 * len0) ok_same = 0;
  }
  GS_CHECK(ok_len, "frame rotation preserves history magnitude, both variants (1000 random cases)");
  GS_CHECK(ok_perp, "frame rotation leaves history in the tangent plane, both variants (1000 random cases)");
  GS_CHECK(ok_same, "the one-square-root variant agrees with the stock-arithmetic one to round-off");
}

/* The synchronized ordering carries half-step vectors into the full-step plane by the rotation
 * about a x b taking a onto b, set up from separations along a and b of any lengths. Checked
 * against that rotation built from its axis and angle (Rodrigues' formula with sin and cos), for
 * angles up to 170 degrees; and near-opposite normals must still give a finite vector in the
 * b-plane. */
static void test_carry_to_plane(void)
{
  int k, ok_rot = 1, ok_len = 1, ok_perp = 1, ok_opposite = 1;
  for (k = 0; k < 1000; k++) {
    double a[3] = {frand(), frand(), frand()}, t[3] = {frand(), frand(), frand()}, b[3], axis[3], v[3], w[3];
    double kxv[3], expect[3], angle = 170.0 / 180.0 * acos(-1.0) * (k + 0.5) / 1000.0, len0, factor;
    /* separations along a and b, lengths between 0.5 and 1.5 */
    const double len_a = 1.0 + 0.5 * frand(), len_b = 1.0 + 0.5 * frand();
    double xa[3], xb[3], dir[3];
    int d;
    gs_norm3(a);
    gs_rotate_rescale(t, a); /* t: a unit tangent of the a-plane */
    gs_norm3(t);
    for (d = 0; d < 3; d++) b[d] = cos(angle) * a[d] + sin(angle) * t[d];
    gs_cross3(a, b, axis);
    gs_norm3(axis);
    v[0] = frand(), v[1] = frand(), v[2] = frand();
    gs_rotate_rescale(v, a);
    len0 = gs_len3(v);
    gs_copy3(v, w);
    gs_scale3(len_a, a, xa);
    gs_scale3(len_b, b, xb);
    factor = gs_carry_setup(xa, xb, len_b, dir);
    gs_carry_to_plane(w, b, dir, factor);
    gs_cross3(axis, v, kxv);
    for (d = 0; d < 3; d++)
      expect[d] = v[d] * cos(angle) + kxv[d] * sin(angle) + axis[d] * gs_dot3(axis, v) * (1 - cos(angle));
    if (fabs(w[0] - expect[0]) + fabs(w[1] - expect[1]) + fabs(w[2] - expect[2]) > 1e-12 * len0) ok_rot = 0;
    if (fabs(gs_len3(w) - len0) > 1e-12 * len0) ok_len = 0;
    if (fabs(gs_dot3(w, b)) > 1e-12 * len0) ok_perp = 0;
    /* near-opposite normals: no axis to rotate about, projected and rescaled instead */
    for (d = 0; d < 3; d++) b[d] = -a[d] + 1e-5 * t[d];
    gs_norm3(b);
    gs_copy3(v, w);
    gs_scale3(len_b, b, xb);
    factor = gs_carry_setup(xa, xb, len_b, dir);
    gs_carry_to_plane(w, b, dir, factor);
    if (!(fabs(gs_len3(w) - len0) <= 1e-10 * len0 && fabs(gs_dot3(w, b)) <= 1e-10 * len0)) ok_opposite = 0;
  }
  GS_CHECK(ok_rot, "carry between planes equals the rotation about a x b (1000 random cases, up to 170 deg)");
  GS_CHECK(ok_len, "carry between planes keeps length");
  GS_CHECK(ok_perp, "carry between planes lands in the target plane");
  GS_CHECK(ok_opposite, "near-opposite normals: a finite vector of the same length in the target plane");
}

/* Seen from j, a contact must give the opposite force, the same torques, and histories that match
 * the transfer factors fix neigh/history applies (tangential -1, rolling and twisting +1); with
 * scheme consistent too, the dashpots' rows of i and j swapped. */
static void test_pair_swap(int ordering, int scheme)
{
  gs_model m = parse_model("hertz/material 1e8 0.5 0.3 damping viscoelastic tangential mindlin_rescale NULL 1.0 0.4 "
                           "rolling sds 50 0.1 0.3 twisting sds 20 0.1 0.2",
                           ordering);
  gs_contact a, b;
  double ha[8] = {0}, hb[8] = {0}, next_i[6], next_j[6];
  double maxdiff = 0.0, scale = 0.0;
  int step, k;
  m.scheme = scheme;
  memset(&a, 0, sizeof(a));
  a.damp_i = next_i;
  a.damp_j = next_j;
  a.radi = 1e-3;
  a.radj = 2e-4;
  a.meff = 1e-6;
  a.dt = 1e-7;
  a.history_update = 1;
  for (step = 0; step < 200; step++) {
    double t = step * 1e-3;
    a.dx[0] = 1.19e-3 * cos(t);
    a.dx[1] = 1.19e-3 * sin(t);
    a.dx[2] = 1e-5 * sin(3 * t);
    a.vr[0] = 0.01 * cos(2 * t);
    a.vr[1] = 0.02;
    a.vr[2] = -0.005;
    a.omegai[0] = 3.0;
    a.omegai[2] = -1.0 + t;
    a.omegaj[1] = 20.0 * cos(t);
    for (k = 0; k < 3; k++) { /* the velocities and spins half a step later */
      next_i[k] = a.vr[k] + 1e-3 * (k + 1);
      next_j[k] = -2e-3 * k;
      next_i[3 + k] = a.omegai[k] + 0.5;
      next_j[3 + k] = a.omegaj[k] - 0.3 * k;
    }
    gs_reconstruct_half_step(a.dx, a.vr, a.dt, a.dx_half);
    b = a;
    b.damp_i = next_j;
    b.damp_j = next_i;
    gs_scale3(-1.0, a.dx, b.dx);
    gs_scale3(-1.0, a.dx_half, b.dx_half);
    gs_scale3(-1.0, a.vr, b.vr);
    b.radi = a.radj;
    b.radj = a.radi;
    gs_copy3(a.omegaj, b.omegai);
    gs_copy3(a.omegai, b.omegaj);
    for (k = 0; k < m.size_history; k++) hb[k] = gs_model_history_transfer_factor(&m, k) * ha[k];
    gs_contact_evaluate(&m, &a, ha);
    gs_contact_evaluate(&m, &b, hb);
    for (k = 0; k < 3; k++) {
      scale = fmax(scale, fabs(a.force[k]));
      scale = fmax(scale, fabs(a.torquei[k]) / a.radi);
      maxdiff = fmax(maxdiff, fabs(a.force[k] + b.force[k]));
      maxdiff = fmax(maxdiff, fabs(a.torquei[k] - b.torquej[k]) / a.radi);
      maxdiff = fmax(maxdiff, fabs(a.torquej[k] - b.torquei[k]) / a.radi);
    }
  }
  GS_CHECK(scale > 0 && maxdiff <= 1e-12 * scale,
           "%s, scheme %d: contact seen from j with transferred history gives the same forces and torques "
           "(max diff %.3g of %.3g)", gs_ordering_name(ordering), scheme, maxdiff, scale);
  if (scheme == GS_SCHEME_CONSISTENT) { /* the rows were read: verlet gives other dashpot forces */
    gs_contact v = a;
    gs_model mv = m;
    double hv[8];
    memcpy(hv, ha, sizeof(hv));
    mv.scheme = GS_SCHEME_VERLET;
    a.history_update = v.history_update = 0;
    gs_contact_evaluate(&m, &a, ha);
    gs_contact_evaluate(&mv, &v, hv);
    {
      /* (this model's normal and tangential dashpots are weak, and its twist slides) */
      double dfr[3];
      gs_sub3(a.fr, v.fr, dfr);
      GS_CHECK(gs_len3(dfr) > 1e-3 * gs_len3(v.fr),
               "synchronized, scheme consistent: the dashpots read the rows (rolling force changes by %.2g of "
               "verlet's)", gs_len3(dfr) / gs_len3(v.fr));
    }
    a.history_update = 1;
  }
  /* the stock convention (negating rolling and twisting history too) must visibly fail */
  {
    double hc[8];
    gs_contact c2 = b;
    for (k = 0; k < m.size_history; k++) hc[k] = -ha[k];
    memcpy(hb, hc, sizeof(hc));
    a.history_update = b.history_update = c2.history_update = 0;
    gs_contact_evaluate(&m, &a, ha);
    gs_contact_evaluate(&m, &c2, hc);
    GS_CHECK(gs_len3(a.fr) > 0 && fabs(a.fr[0] - c2.fr[0]) + fabs(a.fr[1] - c2.fr[1]) + fabs(a.fr[2] - c2.fr[2]) >
                                       1e-3 * gs_len3(a.fr),
             "%s: negating the rolling history on i<->j (stock fix neigh/history) changes the rolling force",
             gs_ordering_name(ordering));
  }
}

static void test_orderings_agree_at_rest(void)
{
  gs_model ms = parse_model("hooke 1000 1 tangential linear_history 800 1 0.5 rolling sds 10 0.1 0.2", GS_ORDERING_STANDARD);
  gs_model my = parse_model("hooke 1000 1 tangential linear_history 800 1 0.5 rolling sds 10 0.1 0.2", GS_ORDERING_SYNCHRONIZED);
  gs_contact a, b;
  double ha[8] = {1e-6, 2e-6, 0, 3e-7, 0, 0, 0, 0}, hb[8];
  memcpy(hb, ha, sizeof(ha));
  static_contact(&a, 1e-3, 1e-4, 1e-5);
  a.omegai[0] = 2.0; /* pure rotation: the contact frame does not move */
  a.dx_half[0] = a.dx[0];
  a.dx_half[1] = a.dx[1];
  a.dx_half[2] = a.dx[2];
  b = a;
  gs_contact_evaluate(&ms, &a, ha);
  gs_contact_evaluate(&my, &b, hb);
  GS_CHECK(fabs(a.force[0] - b.force[0]) + fabs(a.force[1] - b.force[1]) + fabs(a.force[2] - b.force[2]) <=
               1e-15 * gs_len3(a.force),
           "standard and synchronized agree when the contact frame does not move");
}

/* A pair turning rigidly about z, 0.005 rad per step for 200 steps, with spins that cancel the
 * sliding velocity: the spring must turn with the pair and nothing else. In the synchronized
 * ordering both frame changes are exact rotations, so its parts along the turning axis and along
 * the turning direction stay what they were (a projection with rescaling would lean it towards
 * the axis by about a b theta^2 / 2 per step, 1e-3 here). */
static void test_rigid_turn_keeps_history(void)
{
  gs_model m = parse_model("hooke 1000 0.5 damping velocity tangential linear_history 800 0.5 10 rolling sds 10 0.1 10",
                           GS_ORDERING_SYNCHRONIZED);
  const double theta = 0.005, radi = 1e-3, radj = 2e-4, r = radi + radj - 1e-5, dt = 1e-4;
  const double axial = 3e-7, along_turn = 4e-7;
  double hist[8] = {0};
  double n_prev[3] = {1, 0, 0}, turn[3];
  gs_contact c;
  int step;
  hist[1] = along_turn; /* the turning direction at angle 0 is +y */
  hist[2] = axial;
  hist[3 + 1] = along_turn; /* rolling history: the same test */
  hist[3 + 2] = axial;
  for (step = 1; step <= 200; step++) {
    const double n[3] = {cos(step * theta), sin(step * theta), 0};
    double spin;
    int k;
    memset(&c, 0, sizeof(c));
    c.radi = radi;
    c.radj = radj;
    c.meff = 1e-6;
    c.dt = dt;
    c.history_update = 1;
    for (k = 0; k < 3; k++) {
      c.dx[k] = r * n[k];
      c.vr[k] = r * (n[k] - n_prev[k]) / dt;
    }
    gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
    spin = gs_len3(c.vr) / (radi + radj); /* (R_i + R_j) w x n_h = v_r: no sliding */
    c.omegai[2] = c.omegaj[2] = spin;
    gs_contact_evaluate(&m, &c, hist);
    gs_copy3(n, n_prev);
  }
  turn[0] = -sin(200 * theta), turn[1] = cos(200 * theta), turn[2] = 0;
  GS_CHECK_REL(hist[2], axial, 1e-9, "rigid turn, synchronized: tangential history keeps its part along the axis");
  GS_CHECK_REL(gs_dot3(hist, turn), along_turn, 1e-9,
               "rigid turn, synchronized: tangential history turns with the pair");
  GS_CHECK_REL(hist[3 + 2], axial, 1e-9, "rigid turn, synchronized: rolling history keeps its part along the axis");
  GS_CHECK_REL(gs_dot3(hist + 3, turn), along_turn, 1e-9, "rigid turn, synchronized: rolling history turns with the pair");
}

/* linear_nohistory, synchronized: its damping force is carried into the full-step plane like every
 * force, so it has no normal part even while the normal turns within the step. */
static void test_nohistory_force_in_full_step_plane(void)
{
  gs_model m = parse_model("hooke 1000 0.5 damping velocity tangential linear_nohistory 0.8 10",
                           GS_ORDERING_SYNCHRONIZED);
  gs_contact c;
  double n_full[3];
  static_contact(&c, 1e-3, 2e-4, 1e-5);
  c.vr[0] = 3.0; /* tangential to the full-step normal (z): the normal turns by dt vr / r in the step */
  c.vr[2] = -0.1;
  c.omegai[1] = 50.0;
  c.history_update = 1;
  gs_reconstruct_half_step(c.dx, c.vr, c.dt, c.dx_half);
  gs_contact_evaluate(&m, &c, NULL);
  gs_scale3(1.0 / c.r, c.dx, n_full);
  GS_CHECK(gs_len3(c.fs) > 0.0 && fabs(gs_dot3(c.fs, n_full)) <= 1e-12 * gs_len3(c.fs),
           "linear_nohistory, synchronized: tangential force in the full-step plane (normal part %.1e of %.1e)",
           fabs(gs_dot3(c.fs, n_full)), gs_len3(c.fs));
}

/* Sliding contact: the tangential force is capped at mu Fn and the spring keeps exactly that force. */
static void test_coulomb_limit(void)
{
  gs_model m = parse_model("hooke 1000 0 tangential linear_history 800 0 0.3", GS_ORDERING_SYNCHRONIZED);
  gs_contact c;
  double hist[8] = {0};
  int step, capped = 1;
  for (step = 0; step < 100; step++) {
    static_contact(&c, 1e-3, 1e-3, 1e-5);
    c.vr[0] = 0.1;
    gs_reconstruct_half_step(c.dx, c.vr, c.dt, c.dx_half);
    gs_contact_evaluate(&m, &c, hist);
    if (gs_len3(c.fs) > 0.3 * c.fn_total * (1 + 1e-12)) capped = 0;
  }
  GS_CHECK(capped, "tangential force never exceeds mu Fn while sliding");
  GS_CHECK_REL(gs_len3(c.fs), 0.3 * c.fn_total, 1e-12, "sliding tangential force equals mu Fn");
  GS_CHECK_REL(800 * gs_len3(hist), 0.3 * c.fn_total, 1e-12, "spring is reset to carry mu Fn");
}

static int contains(const char *haystack, const char *needle) { return strstr(haystack, needle) != NULL; }

/* each case: model words, then up to two substrings the message must contain (any = "||": either) */
static void test_bad_input(void)
{
  static const char *const cases[][4] = {
      {"hookee 1 1 tangential linear_history 1 1 1", "unknown normal model 'hookee'", "hertz/material", "all"},
      {"none 1 1 tangential linear_history 1 1 1", "not supported", "mdr", "all"},
      {"mdr 1e6 0.3 1e4 0 0.5 0.2 tangential linear_history 1 1 1", "normal mdr needs damping mdr", "", "all"},
      {"jkr 1 0.5 0.3 1 damping tsuji tangential linear_history 1 1 1", "cohesive normal model, jkr", "", "all"},
      {"hooke 1 tangential linear_history 1 1 1", "coefficient damp expects a number", "needs 2 coefficients", "any"},
      {"hooke 1 1 0.5 tangential linear_history 1 1 1", "unexpected argument '0.5'", "", "all"},
      {"hooke 1 1 tangential linear_history 1 1 1 0.5", "stopped at '0.5'", "", "all"},
      {"hooke -1 1 tangential linear_history 1 1 1", "k must be >= 0", "", "all"},
      {"hooke 1 -1 tangential linear_history 1 1 1", "damp must be >= 0", "", "all"},
      {"hooke 1 1 tangential linear_history 1 1 -0.5", "mu must be >= 0", "", "all"},
      {"hooke 1 1.5 damping coeff_restitution tangential linear_history 1 1 1", "must be in (0, 1]", "", "all"},
      {"hooke 1 0 damping coeff_restitution tangential linear_history 1 1 1", "must be in (0, 1]", "", "all"},
      {"hooke 1 1 tangential mindlin NULL 1 1", "kt NULL needs normal model hertz/material", "", "all"},
      {"hooke 1 1 tangential linear_history 1 1 1 damping foo", "unknown damping model 'foo'", "coeff_restitution", "all"},
      {"hooke 1 1 tangential spring 1 1 1", "tangential model 'spring'", "mindlin_rescale/force", "all"},
      {"hooke 1 1 damping velocity", "missing tangential model", "", "all"},
      {"hooke 1 1 tangential linear_nohistory 1 1 twisting marshall", "marshall", "", "all"},
      {"hooke 1 1 tangential linear_history 1 1 1 rolling sds 0 1 1", "rolling sds: k must be > 0", "", "all"},
      {"hooke 1 abc tangential linear_history 1 1 1", "expects a number, got 'abc'", "", "all"},
      {"dmt 1 1 0.3 tangential linear_history 1 1 1", "coefficient cohesion expects a number", "needs 4 coefficients",
       "any"},
      {"dmt 1 1 0.3 -1 tangential linear_history 1 1 1", "cohesion must be >= 0", "", "all"},
      {"dmt 1 0.5 0.3 1 damping tsuji tangential linear_history 1 1 1", "cannot be used with a cohesive", "viscoelastic", "all"},
      {"dmt 1 0.5 0.3 1 damping coeff_restitution tangential linear_history 1 1 1", "cohesive normal model, dmt", "",
       "all"},
      {"dmt 1 1 0.3 1 tangential linear_history 1 1 1 limit_damping", "limit_damping cannot", "", "all"},
      {"hooke 1 1 damping none tangential linear_history 1 1 1", "unsupported damping model 'none'", "velocity", "all"},
  };
  size_t k;
  for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    const char *e = parse_error(cases[k][0]);
    const int first = contains(e, cases[k][1]);
    const int second = cases[k][2][0] == '\0' || contains(e, cases[k][2]);
    GS_CHECK(strcmp(cases[k][3], "any") == 0 ? first || second : first && second, "'%s' -> %s", cases[k][0],
             e[0] ? e : "(no error)");
  }
}

int main(void)
{
  test_normal_forces();
  test_dmt();
  test_jkr();
  test_rotate_rescale();
  test_carry_to_plane();
  test_pair_swap(GS_ORDERING_STANDARD, GS_SCHEME_VERLET);
  test_pair_swap(GS_ORDERING_SYNCHRONIZED, GS_SCHEME_VERLET);
  test_pair_swap(GS_ORDERING_SYNCHRONIZED, GS_SCHEME_CONSISTENT);
  test_orderings_agree_at_rest();
  test_rigid_turn_keeps_history();
  test_nohistory_force_in_full_step_plane();
  test_coulomb_limit();
  test_bad_input();
  return gs_check_summary();
}
