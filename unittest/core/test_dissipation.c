/* SPDX-License-Identifier: GPL-2.0-or-later
 * The core's dissipation (gs_contact_evaluate_dissipating(), gs_contact_release()):
 * - the dashpots' loads are exactly what damping adds to the contact's force and torques (the same
 *   contact evaluated with and without its damping coefficients, sticking);
 * - a spring-slider driven through sticking, sliding and reversal: the driver's work (the trapezoid
 *   of the force over each step's displacement, as velocity Verlet does it) equals the change of
 *   the stored energy plus the slip energy, to round-off, for the tangential, rolling and twisting
 *   springs; steady sliding dissipates mu F |ds| per step;
 * - sliding with damping, the dashpot's force splits into damping and slider loads;
 * - a contact that opens loses k/2 s.(s + ds) (gs_contact_release()), and a load's energy is
 *   -(F.v + T.omega) dt;
 * - a dashpot alone (m v' = -c v) under the integrator's two schemes: scheme verlet's half-step
 *   velocity is stable for dt c/m < 2, scheme consistent's prediction v(t+dt/2) + dt/2 a(t) for
 *   dt c/m < 1 (its amplification matrix has the eigenvalue -1 at 1); doc/fix_nve_sphere_sync.rst;
 * - one damped loading step: Hanley & O'Sullivan's eq. 53 in their accounting, and its form in
 *   gransync's; one spinning loading step: their eqs. 40 (with gransync's slip lever) and 45. */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_integrate.h"
#include "gs_model_words.h"

#include <string.h>

/* a sphere on a flat wall, overlap 1e-4 along z, sliding velocity v and spin w */
static void wall_contact(gs_contact *c, const double *v, const double *w)
{
  memset(c, 0, sizeof(*c));
  c->radi = 0.01;
  c->dx[2] = 0.01 - 1e-4;
  c->r = c->dx[2];
  gs_copy3(c->dx, c->dx_half);
  gs_copy3(v, c->vr);
  gs_copy3(w, c->omegai);
  c->dt = 1e-5;
  c->meff = 0.05;
  c->history_update = 1;
}

/* two spheres along x with overlap 2e-4, relative velocity vr, spins wi, wj */
static void pair_contact(gs_contact *c, const double *vr, const double *wi, const double *wj)
{
  memset(c, 0, sizeof(*c));
  c->radi = 0.01;
  c->radj = 0.004;
  c->dx[0] = 0.014 - 2e-4;
  gs_copy3(c->dx, c->dx_half);
  gs_copy3(vr, c->vr);
  gs_copy3(wi, c->omegai);
  gs_copy3(wj, c->omegaj);
  c->dt = 1e-5;
  c->meff = 0.02;
  c->history_update = 1;
}

static void check_loads(int ordering)
{
  const char *damped = "hooke 1e5 20 damping velocity tangential linear_history 1e4 0.5 10 rolling sds 100 0.3 10 "
                       "twisting sds 10 0.2 10";
  const char *undamped = "hooke 1e5 0 damping velocity tangential linear_history 1e4 0 10 rolling sds 100 0 10 "
                         "twisting sds 10 0 10";
  const gs_model md = gs_model_from_words(damped, GS_GEOMETRY_PAIR, ordering);
  const gs_model mu = gs_model_from_words(undamped, GS_GEOMETRY_PAIR, ordering);
  const double vr[3] = {-0.3, 0.2, -0.1}, wi[3] = {3.0, -2.0, 5.0}, wj[3] = {-4.0, 1.0, 2.0};
  double hd[GS_MAX_HISTORY] = {0}, hu[GS_MAX_HISTORY] = {0}, fsum[3] = {0}, tisum[3] = {0}, tjsum[3] = {0};
  double worst = 0.0, scale = 0.0;
  gs_contact cd, cu;
  gs_dissipation d;
  int l, k;
  memset(&d, 0, sizeof d);
  pair_contact(&cd, vr, wi, wj);
  pair_contact(&cu, vr, wi, wj);
  gs_contact_evaluate_dissipating(&md, gs_model_kinds(&md), &cd, hd, &d);
  gs_contact_evaluate(&mu, &cu, hu);
  for (l = 0; l < GS_DISSIPATION_LOADS; l++) {
    const int slip = l == GS_DISSIPATION_TANGENTIAL_SLIP || l == GS_DISSIPATION_ROLLING_SLIP ||
                     l == GS_DISSIPATION_TWISTING_SLIP;
    const double size = gs_dot3(d.load_i[l], d.load_i[l]) + gs_dot3(d.load_i[l] + 3, d.load_i[l] + 3);
    gs_add3(fsum, d.load_i[l], fsum);
    gs_add3(tisum, d.load_i[l] + 3, tisum);
    gs_add3(tjsum, d.load_j[l] + 3, tjsum);
    GS_CHECK(slip ? size == 0.0 : size > 0.0, "%s, sticking: load of channel %d %s zero", gs_ordering_name(ordering),
             l, slip ? "is" : "is not");
    for (k = 0; k < 3; k++) worst = fmax(worst, fabs(d.load_i[l][k] + d.load_j[l][k]));
  }
  for (k = 0; k < 3; k++) {
    worst = fmax(worst, fabs(cd.force[k] - cu.force[k] - fsum[k]));
    worst = fmax(worst, fabs(cd.torquei[k] - cu.torquei[k] - tisum[k]));
    worst = fmax(worst, fabs(cd.torquej[k] - cu.torquej[k] - tjsum[k]));
    scale = fmax(scale, fmax(fabs(cd.force[k]), fmax(fabs(cd.torquei[k]), fabs(cd.torquej[k]))));
  }
  GS_CHECK(worst <= 1e-13 * scale && gs_dot3(fsum, fsum) > 0.0,
           "%s: the dashpots' loads are the force and torques damping adds (largest difference %.3g of %.3g)",
           gs_ordering_name(ordering), worst, scale);
  for (k = 0; k < GS_DISSIPATION_CHANNELS; k++)
    if (k == GS_DISSIPATION_LEVER)
      GS_CHECK(d.energy[k] != 0.0, "%s: a pair with spin has lever energy %.3g", gs_ordering_name(ordering), d.energy[k]);
    else
      GS_CHECK(fabs(d.energy[k]) <= 1e-30, "%s: sticking: channel %d energy %.3g", gs_ordering_name(ordering), k,
               d.energy[k]);
}

/* Drives a sphere on a wall through the velocities v(n), w(n) for n steps at a fixed overlap: the
 * trapezoid work of each spring-slider's force equals its stored energy's change plus its slip. */
static void check_driven(const char *words, double spin, const char *what)
{
  const gs_model m = gs_model_from_words(words, GS_GEOMETRY_WALL, GS_ORDERING_STANDARD);
  double hist[GS_MAX_HISTORY] = {0};
  double work = 0.0, slip = 0.0, spun = 0.0, fprev[3] = {0}, trq_prev = 0.0, rprev[3] = {0};
  gs_contact c;
  int n;
  const int steps = 4000;
  for (n = 0; n < steps; n++) {
    /* sticks, slides one way, reverses, and ends displaced; spins about x and z */
    const double t = (double) n / steps, a = sin(5.0 * t * GS_PI_VALUE);
    const double v[3] = {0.2 * a, 0.05 * a * a, 0.0}, w[3] = {spin * 600.0 * a, 0.0, spin * 100.0 * a};
    gs_dissipation d;
    double spring[3], roll[3];
    memset(&d, 0, sizeof d);
    wall_contact(&c, v, w);
    gs_contact_evaluate_dissipating(&m, gs_model_kinds(&m), &c, hist, &d);
    /* displacement of this step as the springs saw it: the slip velocity's, times dt */
    {
      double wr[3], wxn[3], n3[3] = {0, 0, 1}, vt[3], vrl[3];
      gs_scale3(c.radi, w, wr);
      gs_cross3(wr, n3, wxn);
      gs_copy3(v, vt);
      vt[2] = 0.0;
      gs_sub3(vt, wxn, vt);
      gs_copy3(c.fs, spring);
      gs_cross3(w, n3, vrl);
      gs_scale3(c.radi, vrl, vrl);
      gs_copy3(c.fr, roll);
      work -= 0.5 * (gs_dot3(fprev, vt) + gs_dot3(spring, vt)) * c.dt;
      work -= 0.5 * (gs_dot3(rprev, vrl) + gs_dot3(roll, vrl)) * c.dt;
      work -= 0.5 * (trq_prev + c.torque_twist) * w[2] * c.dt;
    }
    gs_copy3(spring, fprev);
    gs_copy3(roll, rprev);
    trq_prev = c.torque_twist;
    slip += d.energy[GS_DISSIPATION_TANGENTIAL_SLIP] + d.energy[GS_DISSIPATION_ROLLING_SLIP] +
            d.energy[GS_DISSIPATION_TWISTING_SLIP];
    spun += d.energy[GS_DISSIPATION_ROLLING_SLIP] + d.energy[GS_DISSIPATION_TWISTING_SLIP];
  }
  {
    const double stored = gs_spring_energy(&m, &c, hist);
    GS_CHECK(slip > 0.1 * work && stored > 0.01 * work && (spin == 0.0 || spun > 0.1 * slip) &&
                 fabs(work - stored - slip) <= 1e-11 * work,
             "%s: driver's work %.15g = stored %.15g + slip %.15g (rolling and twisting %.6g)", what, work, stored, slip,
             spun);
  }
}

/* Sliding with damping: the cap passes part of the dashpot's force on as damping, the rest slides
 * with the spring; together they are the dashpot's force, and with the reset spring the capped force. */
static void check_sliding_loads(void)
{
  const gs_model m = gs_model_from_words("hooke 1e5 2 damping velocity tangential linear_history 1e4 1.0 0.5",
                                         GS_GEOMETRY_WALL, GS_ORDERING_STANDARD);
  double hist[GS_MAX_HISTORY] = {0}, sum[3], spring[3], fdamp[3], capped;
  const double v[3] = {0.5, 0.1, 0.0}, w[3] = {0.0, 0.0, 0.0};
  gs_contact c;
  gs_dissipation d;
  int n;
  for (n = 0; n < 600; n++) {
    memset(&d, 0, sizeof d);
    wall_contact(&c, v, w);
    gs_contact_evaluate_dissipating(&m, gs_model_kinds(&m), &c, hist, &d);
  }
  gs_add3(d.load_i[GS_DISSIPATION_TANGENTIAL_DAMPING], d.load_i[GS_DISSIPATION_TANGENTIAL_SLIP], sum);
  gs_scale3(-2.0, v, fdamp); /* xt * damping prefactor = 1.0 * 2 */
  gs_scale3(-1e4, hist + m.hist_tangential, spring);
  capped = gs_len3(c.fs);
  GS_CHECK(fabs(capped - 0.5 * c.fn_total) <= 1e-12 * capped && gs_len3(d.load_i[GS_DISSIPATION_TANGENTIAL_SLIP]) > 0.0,
           "sliding with damping: capped force %.12g = mu F %.12g, slider's part of the dashpot %.6g", capped,
           0.5 * c.fn_total, gs_len3(d.load_i[GS_DISSIPATION_TANGENTIAL_SLIP]));
  GS_CHECK(fabs(sum[0] - fdamp[0]) + fabs(sum[1] - fdamp[1]) <= 1e-12 * gs_len3(fdamp) &&
               fabs(spring[0] + sum[0] - c.fs[0]) + fabs(spring[1] + sum[1] - c.fs[1]) <= 1e-12 * capped,
           "sliding with damping: damping and slider loads (%.6g, %.6g) sum to the dashpot (%.6g, %.6g), and with the "
           "spring to the capped force", sum[0], sum[1], fdamp[0], fdamp[1]);
}

/* steady sliding: mu F |ds| per step */
static void check_steady_slip(void)
{
  const gs_model m = gs_model_from_words("hooke 1e5 0 tangential linear_history 1e4 0 0.5", GS_GEOMETRY_WALL,
                                         GS_ORDERING_STANDARD);
  double hist[GS_MAX_HISTORY] = {0};
  const double v[3] = {0.2, 0.0, 0.0}, w[3] = {0.0, 0.0, 0.0};
  gs_contact c;
  gs_dissipation d;
  int n;
  for (n = 0; n < 400; n++) { /* slides from step 250 */
    memset(&d, 0, sizeof d);
    wall_contact(&c, v, w);
    gs_contact_evaluate_dissipating(&m, gs_model_kinds(&m), &c, hist, &d);
  }
  GS_CHECK_REL(d.energy[GS_DISSIPATION_TANGENTIAL_SLIP], 0.5 * 1e5 * 1e-4 * 0.2 * 1e-5, 1e-12,
               "steady sliding dissipates mu F |ds| per step");
}

/* a contact that opens: k/2 s.(s + ds) for each spring; a load: -(F.v + T.omega) dt */
static void check_release_and_loads(void)
{
  const gs_model m = gs_model_from_words("hooke 1e5 0 tangential linear_history 1e4 0 0.5 rolling sds 100 0 0.3 "
                                         "twisting sds 10 0 0.2", GS_GEOMETRY_WALL, GS_ORDERING_STANDARD);
  const double v[3] = {0.2, -0.1, -0.3}, w[3] = {1.0, 2.0, 3.0};
  double hist[GS_MAX_HISTORY] = {0};
  double s[3] = {1e-5, -2e-5, 0.0}, r[3] = {3e-5, 1e-5, 0.0}, ds[3], dr[3], ex;
  gs_contact c;
  gs_dissipation d;
  const double load[6] = {1.0, -2.0, 3.0, 0.5, 0.25, -1.0};
  memset(&d, 0, sizeof d);
  wall_contact(&c, v, w);
  c.dx[2] = c.r = 0.0101; /* apart */
  gs_copy3(s, hist + m.hist_tangential);
  gs_copy3(r, hist + m.hist_rolling);
  hist[m.hist_twisting] = 0.01;
  gs_contact_release(&m, &c, hist, &d);
  ds[0] = (v[0] - c.radi * w[1]) * c.dt; /* v_t - (r w) x n, n = z */
  ds[1] = (v[1] + c.radi * w[0]) * c.dt;
  ds[2] = 0.0;
  dr[0] = c.radi * w[1] * c.dt; /* r (w x n) */
  dr[1] = -c.radi * w[0] * c.dt;
  dr[2] = 0.0;
  gs_add3(ds, s, ds);
  gs_add3(dr, r, dr);
  ex = 0.5 * 1e4 * gs_dot3(s, ds);
  GS_CHECK_REL(d.energy[GS_DISSIPATION_TANGENTIAL_SLIP], ex, 1e-13, "release: tangential spring");
  GS_CHECK_REL(d.energy[GS_DISSIPATION_ROLLING_SLIP], 0.5 * 100 * gs_dot3(r, dr), 1e-13, "release: rolling spring");
  GS_CHECK_REL(d.energy[GS_DISSIPATION_TWISTING_SLIP], 0.5 * 10 * 0.01 * (0.01 + w[2] * c.dt), 1e-13,
               "release: twisting spring");
  GS_CHECK_REL(gs_damping_dissipation(load, v, w, 0.1), -0.1 * (0.2 + 0.2 - 0.9 + 0.5 + 0.5 - 3.0), 1e-14,
               "a load's energy");

  /* a pair (normal along x) that opened: both spins turn the surfaces at their radii; rolling with
   * R* = ri rj / (ri + rj) */
  {
    const gs_model mp = gs_model_from_words("hooke 1e5 0 tangential linear_history 1e4 0 0.5 rolling sds 100 0 0.3 "
                                            "twisting sds 10 0 0.2", GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
    const double wj[3] = {-0.5, 1.5, 4.0};
    double rel[3], reff;
    memset(hist, 0, sizeof hist);
    memset(&d, 0, sizeof d);
    pair_contact(&c, v, w, wj);
    c.dx[0] = 0.0141; /* apart */
    s[0] = 0.0;
    s[2] = 3e-5; /* in the plane normal to x */
    r[0] = 0.0;
    r[2] = -2e-5;
    gs_copy3(s, hist + mp.hist_tangential);
    gs_copy3(r, hist + mp.hist_rolling);
    hist[mp.hist_twisting] = -0.02;
    gs_contact_release(&mp, &c, hist, &d);
    /* v_t - (ri wi + rj wj) x n with n = x: components y and z */
    ds[0] = 0.0;
    ds[1] = (v[1] - (c.radi * w[2] + c.radj * wj[2])) * c.dt;
    ds[2] = (v[2] + (c.radi * w[1] + c.radj * wj[1])) * c.dt;
    gs_sub3(w, wj, rel);
    reff = c.radi * c.radj / (c.radi + c.radj);
    dr[0] = 0.0; /* R* (wi - wj) x n */
    dr[1] = reff * rel[2] * c.dt;
    dr[2] = -reff * rel[1] * c.dt;
    gs_add3(ds, s, ds);
    gs_add3(dr, r, dr);
    GS_CHECK_REL(d.energy[GS_DISSIPATION_TANGENTIAL_SLIP], 0.5 * 1e4 * gs_dot3(s, ds), 1e-13,
                 "pair release: tangential spring");
    GS_CHECK_REL(d.energy[GS_DISSIPATION_ROLLING_SLIP], 0.5 * 100 * gs_dot3(r, dr), 1e-13, "pair release: rolling spring");
    GS_CHECK_REL(d.energy[GS_DISSIPATION_TWISTING_SLIP], 0.5 * 10 * -0.02 * (-0.02 + rel[0] * c.dt), 1e-13,
                 "pair release: twisting spring");
  }
}

/* One velocity-Verlet step of a viscously damped linear contact made on a step (spheres closing at
 * v, the damping force -gamma v from the half-step velocity, as LAMMPS' and Hanley & O'Sullivan's
 * step). Their eq. 53 (equal masses m, strain energy |F|^2/(2 kn) of the total contact force, PFC's,
 * and damping energy gamma v^2 dt) holds for the core's step; in gransync's accounting (stored
 * kn d^2/2, the dashpot's load at the end-of-step velocities, half of the last step's still to come)
 * the step creates v^2 dt^2 (kn^2 dt^2 - gamma^2) / (8 m*): eq. 14 when gamma = 0, and second order
 * in dt for a damped contact. */
static void check_one_damped_step(double mi, double mj)
{
  const double kn = 1e5, gamma = 3.0, v = 0.3, r = 1e-3, dt = 2e-5;
  const double mstar = mi * mj / (mi + mj);
  const gs_model m = gs_model_from_words("hooke 1e5 3 damping velocity tangential linear_nohistory 0 0.5",
                                         GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
  double x[2][3] = {{0, 0, 2 * r}, {0, 0, 0}}, vel[2][3] = {{0, 0, -v}, {0, 0, 0}}, w[2][3] = {{0}};
  double f[2][3] = {{0}}, t[2][3] = {{0}}, hist[GS_MAX_HISTORY] = {0}, mass[2];
  double before, after, dashpot, eps_gs, eps_hanley, fmag;
  gs_contact c;
  gs_dissipation d;
  int a;
  mass[0] = mi;
  mass[1] = mj;
  before = 0.5 * mi * v * v;
  for (a = 0; a < 2; a++)
    gs_sphere_initial_integrate(0.5 * dt, dt, 0.5 * dt / 0.4, mass[a], r, f[a], t[a], x[a], vel[a], w[a]);
  memset(&c, 0, sizeof c);
  memset(&d, 0, sizeof d);
  gs_sub3(x[0], x[1], c.dx);
  c.radi = c.radj = r;
  c.meff = mstar;
  c.dt = dt;
  c.history_update = 1;
  gs_sub3(vel[0], vel[1], c.vr);
  gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
  gs_contact_evaluate_dissipating(&m, gs_model_kinds(&m), &c, hist, &d);
  gs_copy3(c.force, f[0]);
  gs_scale3(-1.0, c.force, f[1]);
  for (a = 0; a < 2; a++) gs_sphere_final_integrate(0.5 * dt, 0.5 * dt / 0.4, mass[a], r, f[a], t[a], vel[a], w[a]);
  after = 0.5 * mi * gs_dot3(vel[0], vel[0]) + 0.5 * mj * gs_dot3(vel[1], vel[1]);
  dashpot = gs_damping_dissipation(d.load_i[0], vel[0], w[0], dt) + gs_damping_dissipation(d.load_j[0], vel[1], w[1], dt);
  fmag = gs_len3(c.force);
  eps_gs = after - before + gs_contact_stored_energy(&m, &c, hist) + 0.5 * dashpot;
  GS_CHECK_REL(eps_gs, v * v * dt * dt * (kn * kn * dt * dt - gamma * gamma) / (8 * mstar), 1e-9,
               "damped loading step, gransync's accounting: v^2 dt^2 (kn^2 dt^2 - gamma^2) / (8 m*)");
  if (mi == mj) {
    eps_hanley = after - before + fmag * fmag / (2 * kn) + gamma * v * v * dt;
    GS_CHECK_REL(eps_hanley,
                 kn * kn * v * v * pow(dt, 4) / (4 * mi) +
                     gamma * v * v / (4 * mi * kn) * (2 * gamma * mi + kn * dt * (6 * mi + 2 * kn * dt * dt + gamma * dt)),
                 1e-9, "damped loading step, Hanley & O'Sullivan's accounting: their eq. 53");
  }
}

/* One velocity-Verlet step of two equal spheres (mass m, radius r) made to touch on a step, one
 * closing at v and spinning at w about an axis normal to the line of centres, a linear contact with
 * a tangential spring (Hanley & O'Sullivan's setting of eqs. 40 and 45). Their slip increment uses
 * the lever r - delta/2; gransync's (stock's) uses r, with r - delta/2 as the torque arm and the
 * difference in the lever channel, reported like the loads (half now, half in the next step). In
 * that accounting the step creates their eq. 40 with the lever (2r - v dt)/2 replaced by r while
 * sticking, kn^2 v^2 dt^4/(4m) + ks^2 w^2 dt^4 (28 r^2 - 20 dt v r + 5 dt^2 v^2)/(32 m), and exactly
 * their eq. 45 while sliding (derived with sympy, which gives eqs. 40 and 45 as printed for their
 * lever). */
static void check_spinning_step(int sliding)
{
  const double kn = 1e5, ks = 8e4, v = 0.3, w = 200.0, r = 1e-3, dt = 1e-6, mass = 4e-6;
  const double mu = sliding ? 0.05 : 10.0, inertia = 0.4 * mass * r * r;
  char words[200];
  gs_model m;
  double x[2][3] = {{0, 0, 2 * r}, {0, 0, 0}}, vel[2][3] = {{0, 0, -v}, {0, 0, 0}}, spin[2][3] = {{w, 0, 0}, {0}};
  double f[2][3] = {{0}}, t[2][3] = {{0}}, hist[GS_MAX_HISTORY] = {0};
  double before, after, lever, slip, expected, poly;
  gs_contact c;
  gs_dissipation d;
  int a;
  snprintf(words, sizeof words, "hooke %g 0 tangential linear_history %g 0 %g", kn, ks, mu);
  m = gs_model_from_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
  before = 0.5 * mass * v * v + 0.5 * inertia * w * w;
  for (a = 0; a < 2; a++)
    gs_sphere_initial_integrate(0.5 * dt, dt, 0.5 * dt / 0.4, mass, r, f[a], t[a], x[a], vel[a], spin[a]);
  memset(&c, 0, sizeof c);
  memset(&d, 0, sizeof d);
  gs_sub3(x[0], x[1], c.dx);
  c.radi = c.radj = r;
  c.meff = 0.5 * mass;
  c.dt = dt;
  c.history_update = 1;
  gs_sub3(vel[0], vel[1], c.vr);
  gs_copy3(spin[0], c.omegai);
  gs_copy3(spin[1], c.omegaj);
  gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
  gs_contact_evaluate_dissipating(&m, gs_model_kinds(&m), &c, hist, &d);
  gs_copy3(c.force, f[0]);
  gs_scale3(-1.0, c.force, f[1]);
  gs_copy3(c.torquei, t[0]);
  gs_copy3(c.torquej, t[1]);
  for (a = 0; a < 2; a++) gs_sphere_final_integrate(0.5 * dt, 0.5 * dt / 0.4, mass, r, f[a], t[a], vel[a], spin[a]);
  after = 0;
  for (a = 0; a < 2; a++) after += 0.5 * mass * gs_dot3(vel[a], vel[a]) + 0.5 * inertia * gs_dot3(spin[a], spin[a]);
  lever = d.energy[GS_DISSIPATION_LEVER];
  slip = d.energy[GS_DISSIPATION_TANGENTIAL_SLIP];
  poly = 28 * r * r - 20 * dt * v * r + 5 * dt * dt * v * v;
  expected = kn * kn * v * v * pow(dt, 4) / (4 * mass) +
             (sliding ? mu * mu * kn * kn * v * v * pow(dt, 4) * poly / (32 * mass * r * r)
                      : ks * ks * w * w * pow(dt, 4) * poly / (32 * mass));
  GS_CHECK(sliding ? slip > 0.0 : slip == 0.0, "spinning step: %s (slip energy %.6g)", sliding ? "slides" : "sticks",
           slip);
  GS_CHECK_REL(after + gs_contact_stored_energy(&m, &c, hist) + slip + 0.5 * lever - before, expected, 1e-9,
               sliding ? "spinning loading step, sliding: Hanley & O'Sullivan's eq. 45 in gransync's accounting"
                       : "spinning loading step, sticking: their eq. 40 with the slip lever r (gransync's)");
}

/* |v| after 400 steps of a sphere held back by a dashpot alone, dt c/m = x, from |v| = 1 */
static double dashpot_amplification(double x, int consistent)
{
  const double m = 2.0, dt = 1e-3, c = x * m / dt, r = 0.1;
  double pos[3] = {0, 0, 0}, v[3] = {1, 0, 0}, w[3] = {0, 0, 0}, f[3] = {-c, 0, 0}, t[3] = {0, 0, 0};
  double vnext[3], wnext[3];
  int n, k;
  for (n = 0; n < 400; n++) {
    gs_sphere_initial_integrate_predicting(0.5 * dt, dt, 0.5 * dt / 0.4, m, r, f, t, pos, v, w, vnext, wnext);
    for (k = 0; k < 3; k++) f[k] = -c * (consistent ? vnext[k] : v[k]);
    gs_sphere_final_integrate(0.5 * dt, 0.5 * dt / 0.4, m, r, f, t, v, w);
  }
  return gs_len3(v);
}

static void check_dashpot_stability(void)
{
  const double verlet_below = dashpot_amplification(1.95, 0), verlet_above = dashpot_amplification(2.05, 0);
  const double consistent_below = dashpot_amplification(0.95, 1), consistent_above = dashpot_amplification(1.05, 1);
  GS_CHECK(verlet_below < 1e-3 && verlet_above > 1e3, "dashpot alone, scheme verlet: dt c/m 1.95 decays to %.1e, "
           "2.05 grows to %.1e in 400 steps", verlet_below, verlet_above);
  GS_CHECK(consistent_below < 1e-3 && consistent_above > 1e3, "dashpot alone, scheme consistent: dt c/m 0.95 decays "
           "to %.1e, 1.05 grows to %.1e in 400 steps", consistent_below, consistent_above);
}

int main(void)
{
  check_loads(GS_ORDERING_STANDARD);
  check_loads(GS_ORDERING_SYNCHRONIZED);
  check_driven("hooke 1e5 0 tangential linear_history 1e4 0 0.5", 0.0, "tangential spring-slider");
  check_driven("hooke 1e5 0 tangential linear_history 1e4 0 0.5 rolling sds 100 0 0.3 twisting sds 10 0 0.2", 1.0,
               "tangential, rolling and twisting spring-sliders, spinning");
  check_steady_slip();
  check_sliding_loads();
  check_one_damped_step(2e-3, 2e-3);
  check_one_damped_step(2e-3, 5e-4);
  check_spinning_step(0);
  check_spinning_step(1);
  check_release_and_loads();
  check_dashpot_stability();
  return gs_check_summary();
}
