/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit test of the three-sphere analytic solution (gs_three_sphere.c).
 * Standalone: returns nonzero on failure, one line per check, final line
 * "N passed, M failed".
 *
 * Reference quantities are recomputed here from the geometry rather than
 * taken from the library, and phase 1/2 are cross-checked against
 * independent solutions (RK4 of the rolling ODE; closed-form thetadot^2(theta)
 * of the sliding phase, which is a linear first-order ODE in theta).
 */
#include "gs_three_sphere.h"

#include <math.h>
#include <stdio.h>

#define PI 3.14159265358979323846

static int n_pass = 0, n_fail = 0;

static void check(int ok, const char *label, const char *what, double value, double tol)
{
  if (ok) ++n_pass;
  else ++n_fail;
  printf("%s [%s] %s: %.3e (tol %.1e)\n", ok ? "PASS" : "FAIL", label, what, value, tol);
}

static void check_le(const char *label, const char *what, double value, double tol)
{
  check(value <= tol, label, what, value, tol); /* NaN fails */
}

static double rel(double a, double b)
{
  double d = fabs(b) > 0.0 ? fabs(b) : 1.0;
  return fabs(a - b) / d;
}

/* reference geometry, independent of the library */
typedef struct {
  double rho, rp, c, kappa, m, I;
} ref_geom;

static ref_geom make_ref(const gs_three_sphere_params *p)
{
  ref_geom G;
  double Rr = p->R + p->r;
  G.rho = sqrt(Rr * Rr - p->R * p->R);
  G.rp = p->r * G.rho / Rr;
  G.c = Rr / G.rho;
  G.kappa = 1.0 + 0.4 * (p->r / G.rp) * (p->r / G.rp);
  G.m = p->density * 4.0 / 3.0 * PI * p->r * p->r * p->r;
  G.I = 0.4 * G.m * p->r * p->r;
  return G;
}

static double energy(const gs_three_sphere_params *p, const ref_geom *G, const gs_three_sphere_state *s)
{
  return 0.5 * G->m * (s->vy * s->vy + s->vz * s->vz) + 0.5 * G->I * s->omega * s->omega +
      G->m * p->g * s->z;
}

/* one RK4 step of the pure-rolling ODE theta'' = a sin(theta) */
static void rolling_step(double a, double x, double v, double h, double *xn, double *vn)
{
  double k1x = v, k1v = a * sin(x);
  double k2x = v + 0.5 * h * k1v, k2v = a * sin(x + 0.5 * h * k1x);
  double k3x = v + 0.5 * h * k2v, k3v = a * sin(x + 0.5 * h * k2x);
  double k4x = v + h * k3v, k4v = a * sin(x + h * k3x);
  *xn = x + h / 6.0 * (k1x + 2 * k2x + 2 * k3x + k4x);
  *vn = v + h / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
}

/* independent RK4 of the rolling ODE from rest at theta0, a = g/(rho kappa) */
static void rolling_rk4(const gs_three_sphere_params *p, const ref_geom *G, double t, int n,
                        double *th, double *thd)
{
  double a = p->g / (G->rho * G->kappa), h = t / n, x = p->theta0, v = 0.0;
  int i;
  for (i = 0; i < n; ++i) rolling_step(a, x, v, h, &x, &v);
  *th = x;
  *thd = v;
}

/* closed-form thetadot^2 in phase 2: w' - a w = (2g/rho)(sin - (a/2) cos), a = 2 mu c */
static double sliding_w(const gs_three_sphere_params *p, const ref_geom *G, double ths, double ws,
                        double th)
{
  double a = 2.0 * p->mu * G->c, e = exp(a * (th - ths));
  double Q = -1.5 * a * sin(th) + (0.5 * a * a - 1.0) * cos(th);
  double Qs = -1.5 * a * sin(ths) + (0.5 * a * a - 1.0) * cos(ths);
  return e * ws + 2.0 * p->g / G->rho / (1.0 + a * a) * (Q - e * Qs);
}

static gs_three_sphere_state st(const gs_three_sphere_params *p, double t)
{
  gs_three_sphere_state s;
  if (gs_three_sphere_state_at(p, t, &s) != GS_THREE_SPHERE_OK) s.phase = -1, s.theta = NAN;
  return s;
}

/* checks for a case with finite mu > 0 that rolls first (t_slide > 0) */
static void run_case(const char *L, const gs_three_sphere_params *p)
{
  ref_geom G = make_ref(p);
  gs_three_sphere_events ev, ev2;
  double E0, err, ts, tp, mg;
  int i, ok;
  const int NS = 200;

  ok = gs_three_sphere_events_compute(p, &ev) == GS_THREE_SPHERE_OK;
  check(ok, L, "events_compute returns OK", 0.0, 0.0);
  if (!ok) return;
  printf("     [%s] t_slide=%.12g theta_slide=%.12g t_sep=%.12g theta_sep=%.12g "
         "thetadot_sep=%.12g omega_sep=%.12g\n",
         L, ev.t_slide, ev.theta_slide, ev.t_sep, ev.theta_sep, ev.thetadot_sep, ev.omega_sep);
  check(ev.slides == 1 && ev.t_slide > 0.0 && ev.t_slide < ev.t_sep && ev.theta_slide > p->theta0 &&
            ev.theta_slide < ev.theta_sep && ev.theta_sep < 0.5 * PI,
        L, "event ordering 0 < t_slide < t_sep, theta0 < theta_slide < theta_sep < pi/2", 0.0, 0.0);
  ts = ev.t_slide;
  tp = ev.t_sep;
  mg = G.m * p->g;

  /* phase 1: energy conservation, rolling constraint, phase flag */
  E0 = G.m * p->g * G.rho * cos(p->theta0);
  err = 0.0;
  ok = 1;
  for (i = 0; i <= NS; ++i) {
    gs_three_sphere_state s = st(p, ts * i / (NS + 1.0));
    double e = rel(energy(p, &G, &s), E0);
    if (s.phase != 1) ok = 0;
    if (!(e <= err)) err = e;
  }
  check(ok, L, "phase == 1 on [0, t_slide)", 0.0, 0.0);
  check_le(L, "phase 1 energy conservation (max rel. dev.)", err, 1e-9);
  err = 0.0;
  for (i = 0; i <= NS; ++i) {
    gs_three_sphere_state s = st(p, ts * i / (NS + 1.0));
    double roll = G.rho * s.thetadot / G.rp;
    double e = fabs(s.omega + roll) / (fabs(roll) + 1e-300);
    if (i > 0 && !(e <= err)) err = e;
    if (i > 0 && !(s.omega < 0.0)) err = INFINITY;
  }
  check_le(L, "phase 1 rolling constraint omega = -rho*thetadot/r_p (max rel.)", err, 1e-12);

  /* phase 1 against an independent RK4 of the rolling ODE */
  err = 0.0;
  for (i = 1; i <= 10; ++i) {
    double t = ts * i / 10.0, th, thd;
    gs_three_sphere_state s = st(p, t);
    rolling_rk4(p, &G, t, 20000, &th, &thd);
    if (!(rel(s.theta, th) <= err)) err = rel(s.theta, th);
    if (!(rel(s.thetadot, thd) <= err)) err = rel(s.thetadot, thd);
  }
  check_le(L, "phase 1 theta(t), thetadot(t) vs independent RK4 (max rel.)", err, 1e-10);

  /* friction limit reached exactly at t_slide (independent force formulas) */
  {
    double th = ev.theta_slide, thd = ev.thetadot_slide;
    double Ft2 = G.I * G.rho * (p->g * sin(th) / (G.rho * G.kappa)) / (2.0 * G.rp * G.rp);
    double Nc = G.m * (p->g * cos(th) - G.rho * thd * thd) * (p->R + p->r) / (2.0 * G.rho);
    gs_three_sphere_state s = st(p, ts), sb = st(p, ts * (1.0 - 1e-6));
    check_le(L, "F_t/2 = mu*N_c at theta_slide (rel.)", rel(Ft2, p->mu * Nc), 1e-10);
    check_le(L, "state_at(t_slide) friction = mu*N_c (rel.)",
             rel(s.friction_per_contact, p->mu * s.normal_per_contact), 1e-12);
    check(sb.phase == 1 && sb.friction_per_contact < p->mu * sb.normal_per_contact, L,
          "static friction below limit just before t_slide", sb.friction_per_contact / (p->mu * sb.normal_per_contact), 1.0);
  }

  /* continuity across t_slide */
  {
    double d = 1e-9 * tp;
    gs_three_sphere_state a = st(p, ts - d), b = st(p, ts + d);
    double e = rel(a.theta, b.theta);
    if (!(rel(a.thetadot, b.thetadot) <= e)) e = rel(a.thetadot, b.thetadot);
    if (!(rel(a.omega, b.omega) <= e)) e = rel(a.omega, b.omega);
    if (!(fabs(a.normal_per_contact - b.normal_per_contact) / mg <= e))
      e = fabs(a.normal_per_contact - b.normal_per_contact) / mg;
    if (!(fabs(a.friction_per_contact - b.friction_per_contact) / mg <= e))
      e = fabs(a.friction_per_contact - b.friction_per_contact) / mg;
    check(a.phase == 1 && b.phase == 2, L, "phase switches 1 -> 2 at t_slide", 0.0, 0.0);
    check_le(L, "state continuous across t_slide (+-1e-9 t_sep, max rel.)", e, 1e-6);
  }

  /* separation: N_net = 0 */
  {
    gs_three_sphere_state s = st(p, tp), sb = st(p, tp * (1.0 - 1e-6));
    check_le(L, "N_net = 0 at t_sep: |g cos - rho thetadot^2|/g",
             fabs(p->g * cos(ev.theta_sep) - G.rho * ev.thetadot_sep * ev.thetadot_sep) / p->g, 1e-12);
    check(s.phase == 2 && fabs(s.normal_per_contact) / mg <= 1e-10 && rel(s.theta, ev.theta_sep) <= 1e-14,
          L, "state_at(t_sep) = event state, phase 2, N_c/mg", fabs(s.normal_per_contact) / mg, 1e-10);
    check(sb.phase == 2 && sb.normal_per_contact > 0.0, L, "N_c > 0 just before t_sep",
          sb.normal_per_contact / mg, 0.0);
  }

  /* phase 2: slip > 0, omega < 0; thetadot^2(theta) against closed form */
  {
    double ws = ev.thetadot_slide * ev.thetadot_slide, lo, hi;
    err = 0.0;
    ok = 1;
    for (i = 1; i <= NS; ++i) {
      gs_three_sphere_state s = st(p, ts + (tp - ts) * i / (double) NS);
      double w = sliding_w(p, &G, ev.theta_slide, ws, s.theta);
      if (s.phase != 2 || !(s.slip_velocity > 0.0) || !(s.omega < 0.0)) ok = 0;
      if (!(rel(s.thetadot * s.thetadot, w) <= err)) err = rel(s.thetadot * s.thetadot, w);
    }
    check(ok, L, "phase 2: phase flag, slip velocity > 0, omega < 0", 0.0, 0.0);
    check_le(L, "phase 2 thetadot^2(theta) vs closed form (max rel.)", err, 1e-9);
    /* separation angle from the closed form: g cos = rho w */
    lo = ev.theta_slide;
    hi = 0.5 * PI;
    for (i = 0; i < 200; ++i) {
      double mid = 0.5 * (lo + hi);
      if (p->g * cos(mid) - G.rho * sliding_w(p, &G, ev.theta_slide, ws, mid) > 0.0) lo = mid;
      else hi = mid;
    }
    check_le(L, "theta_sep vs closed-form sliding solution (rel.)", rel(ev.theta_sep, lo), 1e-9);
  }

  /* Newton's laws by central differences of state_at, both phases:
   * m rho thetaddot = m g sin - 2F,  I omegadot = -2 F r_p */
  {
    double tt[2] = {0.5 * ts, 0.5 * (ts + tp)}, e1 = 0.0, e2 = 0.0;
    int k;
    for (k = 0; k < 2; ++k) {
      double d = 1e-6 * tp;
      gs_three_sphere_state a = st(p, tt[k] - d), s = st(p, tt[k]), b = st(p, tt[k] + d);
      double thdd = (b.thetadot - a.thetadot) / (2 * d), omd = (b.omega - a.omega) / (2 * d);
      double F = s.friction_per_contact;
      double r1 = fabs(G.m * G.rho * thdd - (mg * sin(s.theta) - 2 * F)) / mg;
      double r2 = fabs(G.I * omd + 2 * F * G.rp) / (2 * F * G.rp);
      if (!(r1 <= e1)) e1 = r1;
      if (!(r2 <= e2)) e2 = r2;
    }
    check_le(L, "tangential momentum balance (finite diff., /mg)", e1, 1e-6);
    check_le(L, "angular momentum balance (finite diff., rel.)", e2, 1e-6);
  }

  /* phase 2 energy: E(t_sep) - E(t_slide) = -int 2 mu N_c slip dt (Simpson) */
  {
    const int n = 400;
    double sum = 0.0, h = (tp - ts) / n, Ea, Eb;
    gs_three_sphere_state a = st(p, ts), b = st(p, tp);
    for (i = 0; i <= n; ++i) {
      gs_three_sphere_state s = st(p, ts + i * h);
      double f = 2.0 * p->mu * s.normal_per_contact * s.slip_velocity;
      sum += f * ((i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0));
    }
    sum *= h / 3.0;
    Ea = energy(p, &G, &a);
    Eb = energy(p, &G, &b);
    check_le(L, "phase 2 energy loss = friction work (rel. to mg rho)",
             fabs((Ea - Eb) - sum) / (mg * G.rho), 1e-9);
  }

  /* free flight after t_sep: no contact, continuous position */
  {
    gs_three_sphere_state s0 = st(p, tp);
    double dmin = INFINITY;
    ok = 1;
    for (i = 1; i <= 100; ++i) {
      gs_three_sphere_state s = st(p, tp * (1.0 + 0.02 * i));
      double dd = sqrt(s.y * s.y + s.z * s.z);
      if (s.phase != 3 || s.normal_per_contact != 0.0) ok = 0;
      if (dd < dmin) dmin = dd;
    }
    {
      gs_three_sphere_state s = st(p, tp * (1.0 + 1e-12));
      if (fabs(s.y - s0.y) + fabs(s.z - s0.z) > 1e-9 * G.rho) ok = 0;
    }
    check(ok && dmin >= G.rho * (1.0 - 1e-14), L, "phase 3: free flight stays off the large spheres",
          (dmin - G.rho) / G.rho, 0.0);
    /* ballistic: energy conserved after separation, spin constant */
    err = 0.0;
    for (i = 1; i <= 100; ++i) {
      gs_three_sphere_state s = st(p, tp * (1.0 + 0.02 * i));
      double e = fabs(energy(p, &G, &s) - energy(p, &G, &s0)) / (mg * G.rho);
      if (s.omega != s0.omega) e = INFINITY;
      if (!(e <= err)) err = e;
    }
    check_le(L, "phase 3: energy conserved, omega constant (rel. to mg rho)", err, 1e-11);
  }

  /* integrator convergence: halve the internal step */
  ok = gs_three_sphere_events_compute_ex(p, 0.5, &ev2) == GS_THREE_SPHERE_OK;
  err = ok ? rel(ev2.t_sep, ev.t_sep) : INFINITY;
  check_le(L, "t_sep change when halving internal step (rel.)", err, 1e-9);
  err = ok ? fmax(rel(ev2.theta_sep, ev.theta_sep), rel(ev2.omega_sep, ev.omega_sep)) : INFINITY;
  check_le(L, "theta_sep, omega_sep change when halving internal step (rel.)", err, 1e-9);

  /* the step control is live: at deliberately coarse steps the phase-2 RK4
   * error in omega_sep (independent of the phase-1 quadrature) is O(h^4) */
  {
    double e[3], sc[3] = {200.0, 100.0, 50.0}, order;
    for (i = 0; i < 3; ++i) {
      e[i] = gs_three_sphere_events_compute_ex(p, sc[i], &ev2) == GS_THREE_SPHERE_OK
          ? fabs(ev2.omega_sep - ev.omega_sep) : NAN;
    }
    order = 0.5 * (log2(e[0] / e[1]) + log2(e[1] / e[2]));
    check(order > 3.5 && order < 4.5, L, "observed RK4 order of convergence (omega_sep)", order, 4.0);
  }
}

static void bad_params(void)
{
  const gs_three_sphere_params good = {1e-3, 5e-5, 2500.0, 0.5, 9.81, 0.1, 0.0};
  gs_three_sphere_params b[14];
  const char *what[14] = {"R = 0", "R < 0", "r = 0", "r < 0", "mu < 0", "mu = NaN", "theta0 = 0",
                          "theta0 < 0", "theta0 = pi/2", "theta0 > pi/2", "density = 0", "g = 0",
                          "pulloff < 0", "pulloff = NaN"};
  gs_three_sphere_events ev;
  gs_three_sphere_state s;
  int i;
  for (i = 0; i < 14; ++i) b[i] = good;
  b[0].R = 0.0;
  b[1].R = -1e-3;
  b[2].r = 0.0;
  b[3].r = -5e-5;
  b[4].mu = -0.1;
  b[5].mu = NAN;
  b[6].theta0 = 0.0;
  b[7].theta0 = -0.1;
  b[8].theta0 = 0.5 * PI;
  b[9].theta0 = 2.0;
  b[10].density = 0.0;
  b[11].g = 0.0;
  b[12].pulloff = -1e-9;
  b[13].pulloff = NAN;
  for (i = 0; i < 14; ++i) {
    int r1 = gs_three_sphere_events_compute(&b[i], &ev);
    int r2 = gs_three_sphere_state_at(&b[i], 0.01, &s);
    check(r1 == GS_THREE_SPHERE_EPARAM && r2 == GS_THREE_SPHERE_EPARAM, "params", what[i], r1, 0.0);
  }
  check(gs_three_sphere_state_at(&good, -1e-3, &s) == GS_THREE_SPHERE_ERANGE, "params",
        "state_at(t < 0) is a range error", 0.0, 0.0);
  check(gs_three_sphere_events_compute(NULL, &ev) == GS_THREE_SPHERE_EPARAM, "params", "NULL params", 0.0, 0.0);
  check(gs_three_sphere_events_compute_ex(&good, 0.0, &ev) == GS_THREE_SPHERE_EPARAM &&
            gs_three_sphere_state_at_ex(&good, -1.0, 0.01, &s) == GS_THREE_SPHERE_EPARAM,
        "params", "step_scale <= 0", 0.0, 0.0);
}

/* rolling all the way (mu = inf) and the large-mu limit */
static void rolling_limit(void)
{
  gs_three_sphere_params p = {1e-3, 5e-5, 2500.0, INFINITY, 9.81, 0.1, 0.0};
  ref_geom G = make_ref(&p);
  double th_cf = acos(2.0 * cos(p.theta0) / (2.0 + G.kappa));
  gs_three_sphere_events ev, ev6;
  int ok;
  const char *L = "mu=inf";

  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && ev.slides == 0 && isnan(ev.t_slide) && isnan(ev.theta_slide), L,
        "no sliding, t_slide/theta_slide NaN", 0.0, 0.0);
  check_le(L, "theta_sep = acos(2 cos(theta0)/(2+kappa)) (rel.)", rel(ev.theta_sep, th_cf), 1e-13);
  check_le(L, "N_net = 0 at t_sep: |g cos - rho thetadot^2|/g",
           fabs(p.g * cos(ev.theta_sep) - G.rho * ev.thetadot_sep * ev.thetadot_sep) / p.g, 1e-12);
  check_le(L, "omega_sep = -rho thetadot_sep / r_p (rel.)",
           rel(ev.omega_sep, -G.rho * ev.thetadot_sep / G.rp), 1e-14);
  {
    /* independent: RK4 of the rolling ODE, bisection of the last step on N = 0 */
    double a = p.g / (G.rho * G.kappa), h = 1e-6, x = p.theta0, v = 0.0, t = 0.0, lo, hi, xn, vn;
    int k;
    for (;;) {
      rolling_step(a, x, v, h, &xn, &vn);
      if (p.g * cos(xn) - G.rho * vn * vn <= 0.0) break;
      x = xn;
      v = vn;
      t += h;
    }
    /* bisection on the last step length */
    lo = 0.0;
    hi = h;
    for (k = 0; k < 100; ++k) {
      double s = 0.5 * (lo + hi);
      rolling_step(a, x, v, s, &xn, &vn);
      if (p.g * cos(xn) - G.rho * vn * vn > 0.0) lo = s;
      else hi = s;
    }
    check_le(L, "t_sep vs independent RK4 with event location (rel.)", rel(ev.t_sep, t + lo), 1e-10);
  }
  {
    gs_three_sphere_state s = st(&p, ev.t_sep), s3 = st(&p, 1.01 * ev.t_sep);
    check(s.phase == 1 && s3.phase == 3 && fabs(s.normal_per_contact) / (G.m * p.g) <= 1e-12, L,
          "state_at: rolling up to t_sep, free flight after", fabs(s.normal_per_contact) / (G.m * p.g), 1e-12);
  }

  p.mu = 1e6;
  ok = gs_three_sphere_events_compute(&p, &ev6) == GS_THREE_SPHERE_OK;
  check(ok && ev6.slides == 1 && ev6.t_sep - ev6.t_slide < 1e-5 * ev6.t_sep, "mu=1e6",
        "sliding only in a vanishing interval before separation", (ev6.t_sep - ev6.t_slide) / ev6.t_sep, 1e-5);
  check_le("mu=1e6", "theta_sep -> rolling closed form (rel.)", rel(ev6.theta_sep, th_cf), 1e-5);
  check_le("mu=1e6", "t_sep -> mu=inf t_sep (rel.)", rel(ev6.t_sep, ev.t_sep), 1e-5);
}

/* mu = 0: sliding from release, frictionless closed form */
static void frictionless(void)
{
  gs_three_sphere_params p = {1e-3, 5e-5, 2500.0, 0.0, 9.81, 0.1, 0.0};
  ref_geom G = make_ref(&p);
  gs_three_sphere_events ev;
  const char *L = "mu=0";
  double err = 0.0, E0;
  int i, ok;

  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && ev.slides == 1 && ev.t_slide == 0.0 && ev.theta_slide == p.theta0, L,
        "slides from release (t_slide = 0)", ev.t_slide, 0.0);
  check_le(L, "theta_sep = acos(2 cos(theta0)/3) (rel.)",
           rel(ev.theta_sep, acos(2.0 * cos(p.theta0) / 3.0)), 1e-10);
  E0 = G.m * p.g * G.rho * cos(p.theta0);
  ok = 1;
  for (i = 0; i <= 100; ++i) {
    gs_three_sphere_state s = st(&p, ev.t_sep * i / 100.0);
    double e = rel(energy(&p, &G, &s), E0);
    if (s.phase != 2 || s.omega != 0.0 || s.friction_per_contact != 0.0) ok = 0;
    if (!(e <= err)) err = e;
  }
  check(ok, L, "phase 2 throughout, omega = 0, no friction", 0.0, 0.0);
  check_le(L, "energy conservation without friction (max rel.)", err, 1e-9);
}

/* net normal force per contact from the state, independent of the library: m c h_N / 2 */
static double normal_force(const gs_three_sphere_params *p, const ref_geom *G, double theta, double thetadot)
{
  return 0.5 * G->m * G->c * (p->g * cos(theta) - G->rho * thetadot * thetadot);
}

/* in contact and above the bottom */
static int rolling_goes_on(const gs_three_sphere_params *p, const ref_geom *G, double theta, double thetadot)
{
  return normal_force(p, G, theta, thetadot) > -p->pulloff && theta < PI;
}

/* independent RK4 of the rolling ODE from rest until N_c = -pulloff (*held = 0) or theta = pi
 * (*held = 1), the event located by bisection of the last step; returns its time */
static double rolling_event(const gs_three_sphere_params *p, const ref_geom *G, int *held)
{
  const double a = p->g / (G->rho * G->kappa), h = 1e-6;
  double x = p->theta0, v = 0.0, t = 0.0, lo = 0.0, hi = h, xn, vn;
  int k;
  for (;;) {
    rolling_step(a, x, v, h, &xn, &vn);
    if (!rolling_goes_on(p, G, xn, vn)) break;
    x = xn;
    v = vn;
    t += h;
  }
  *held = normal_force(p, G, xn, vn) > -p->pulloff;
  for (k = 0; k < 100; ++k) {
    double s = 0.5 * (lo + hi);
    rolling_step(a, x, v, s, &xn, &vn);
    if (rolling_goes_on(p, G, xn, vn)) lo = s;
    else hi = s;
  }
  return t + lo;
}

/* Cohesion (pull-off force F per contact): the contact holds N_c >= -F, friction limit mu (N_c + 2F) */
static void cohesive(void)
{
  gs_three_sphere_params p = {1e-3, 5e-5, 2500.0, INFINITY, 9.81, 0.1, 0.0};
  const ref_geom G = make_ref(&p);
  const double mg = G.m * p.g, F_hold = mg * G.c * cos(p.theta0) / G.kappa;
  gs_three_sphere_events ev;
  const char *L;
  int i, ok, held;

  /* pure rolling: closed-form separation angle, and the criterion for passing pi/2 */
  L = "cohesion,mu=inf";
  p.pulloff = 0.5 * F_hold;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  {
    const double a = p.pulloff / G.m;
    const double th = acos((2.0 * cos(p.theta0) - 2.0 * G.kappa * a / (p.g * G.c)) / (G.kappa + 2.0));
    check(ok && ev.slides == 0 && !ev.held, L, "rolls until it separates", 0.0, 0.0);
    check_le(L, "theta_sep = acos((2 cos(theta0) - 2 kappa a/(g c))/(kappa+2)) (rel.)", rel(ev.theta_sep, th),
             1e-13);
    check_le(L, "N_c = -F at t_sep (rel. to F)", rel(normal_force(&p, &G, ev.theta_sep, ev.thetadot_sep), -p.pulloff),
             1e-10);
    check_le(L, "t_sep vs independent RK4 with event location (rel.)", rel(ev.t_sep, rolling_event(&p, &G, &held)),
             1e-10);
  }
  p.pulloff = 0.99 * F_hold;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && !ev.held && ev.theta_sep < 0.5 * PI, L, "F = 0.99 m g c cos(theta0)/kappa: separates before pi/2",
        ev.theta_sep, 0.5 * PI);
  p.pulloff = 1.01 * F_hold;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && !ev.held && ev.theta_sep > 0.5 * PI, L, "F = 1.01 m g c cos(theta0)/kappa: still held at pi/2",
        ev.theta_sep, 0.5 * PI);
  /* held to the bottom: (2 cos(theta0) - 2 kappa a/(g c))/(kappa+2) <= -1 */
  p.pulloff = 1.01 * G.m * G.c * p.g * (2.0 * cos(p.theta0) + G.kappa + 2.0) / (2.0 * G.kappa);
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  {
    const double t_ref = rolling_event(&p, &G, &held);
    gs_three_sphere_state s = st(&p, ev.t_bottom), after;
    check(ok && ev.held && held && isnan(ev.t_sep), L, "held to the bottom where rolling cannot separate", 0.0,
          0.0);
    check_le(L, "t_bottom vs independent RK4 (rel.)", rel(ev.t_bottom, t_ref), 1e-10);
    check(s.phase == 1 && rel(s.theta, PI) <= 1e-14 &&
              gs_three_sphere_state_at(&p, 1.01 * ev.t_bottom, &after) == GS_THREE_SPHERE_ERANGE,
          L, "state_at: theta = pi at t_bottom, range error after", rel(s.theta, PI), 1e-14);
  }

  /* finite mu, weak cohesion: rolls, slides, separates */
  L = "cohesion,mu=0.5,F=0.4mg";
  p.mu = 0.5;
  p.pulloff = 0.4 * mg;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && ev.slides && !ev.held && ev.t_slide < ev.t_sep, L, "rolls, slides, then separates", 0.0, 0.0);
  {
    const double th = ev.theta_slide, thd = ev.thetadot_slide, ts = ev.t_slide, tp = ev.t_sep;
    const double Ft2 = G.I * G.rho * (p.g * sin(th) / (G.rho * G.kappa)) / (2.0 * G.rp * G.rp);
    double sum = 0.0, e1 = 0.0, e2 = 0.0, err = 0.0;
    const int n = 400;
    const double h = (tp - ts) / n;
    gs_three_sphere_state sb = st(&p, tp * (1.0 - 1e-6)), a = st(&p, ts), b = st(&p, tp);
    check_le(L, "F_t/2 = mu (N_c + 2F) at theta_slide (rel.)",
             rel(Ft2, p.mu * (normal_force(&p, &G, th, thd) + 2.0 * p.pulloff)), 1e-10);
    check_le(L, "N_c = -F at t_sep (rel. to F)",
             rel(normal_force(&p, &G, ev.theta_sep, ev.thetadot_sep), -p.pulloff), 1e-10);
    check(sb.phase == 2 && sb.normal_per_contact > -p.pulloff, L, "N_c > -F just before t_sep ((N_c + F)/F)",
          sb.normal_per_contact / p.pulloff + 1.0, 0.0);
    /* phase 1 energy */
    for (i = 0; i <= 100; ++i) {
      gs_three_sphere_state s = st(&p, ts * i / 101.0);
      const double e = rel(energy(&p, &G, &s), mg * G.rho * cos(p.theta0));
      if (!(e <= err)) err = e;
    }
    check_le(L, "phase 1 energy conservation (max rel. dev.)", err, 1e-9);
    /* phase 2: Newton's laws by central differences, friction mu (N_c + 2F) */
    for (i = 1; i <= 3; ++i) {
      const double t = ts + (tp - ts) * i / 4.0, d = 1e-6 * tp;
      gs_three_sphere_state sa = st(&p, t - d), s = st(&p, t), sc = st(&p, t + d);
      const double fric = p.mu * (normal_force(&p, &G, s.theta, s.thetadot) + 2.0 * p.pulloff);
      const double r1 = fabs(G.m * G.rho * (sc.thetadot - sa.thetadot) / (2 * d) - (mg * sin(s.theta) - 2 * fric)) / mg;
      const double r2 = fabs(G.I * (sc.omega - sa.omega) / (2 * d) + 2 * fric * G.rp) / (2 * fric * G.rp);
      if (!(r1 <= e1)) e1 = r1;
      if (!(r2 <= e2)) e2 = r2;
    }
    check_le(L, "phase 2 tangential momentum balance, friction mu (N_c + 2F) (/mg)", e1, 1e-6);
    check_le(L, "phase 2 angular momentum balance (rel.)", e2, 1e-6);
    /* phase 2 energy loss = friction work (Simpson) */
    for (i = 0; i <= n; ++i) {
      gs_three_sphere_state s = st(&p, ts + i * h);
      const double f = 2.0 * p.mu * (normal_force(&p, &G, s.theta, s.thetadot) + 2.0 * p.pulloff) * s.slip_velocity;
      sum += f * ((i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0));
    }
    sum *= h / 3.0;
    check_le(L, "phase 2 energy loss = work of mu (N_c + 2F) (rel. to mg rho)",
             fabs((energy(&p, &G, &a) - energy(&p, &G, &b)) - sum) / (mg * G.rho), 1e-9);
    {
      gs_three_sphere_events ev2;
      ok = gs_three_sphere_events_compute_ex(&p, 0.5, &ev2) == GS_THREE_SPHERE_OK;
      check_le(L, "t_sep change when halving internal step (rel.)", ok ? rel(ev2.t_sep, tp) : INFINITY, 1e-9);
    }
  }

  /* finite mu, cohesion that keeps the grain rolling until it separates */
  L = "cohesion,mu=0.5,F=1.6mg";
  p.pulloff = 1.6 * mg;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && !ev.slides && !ev.held, L, "rolls without sliding until it separates", 0.0, 0.0);
  {
    double worst = 0.0;
    for (i = 1; i <= 200; ++i) {
      gs_three_sphere_state s = st(&p, ev.t_sep * i / 201.0);
      const double use = s.friction_per_contact / (p.mu * (s.normal_per_contact + 2.0 * p.pulloff));
      if (s.phase != 1) worst = INFINITY;
      if (!(use <= worst)) worst = use;
    }
    check(worst < 1.0, L, "static friction below mu (N_c + 2F) all the way (max ratio)", worst, 1.0);
    check_le(L, "t_sep vs independent rolling RK4 (rel.)", rel(ev.t_sep, rolling_event(&p, &G, &held)), 1e-10);
  }

  /* finite mu, strong cohesion: held to the bottom */
  L = "cohesion,mu=0.5,F=4mg";
  p.pulloff = 4.0 * mg;
  ok = gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_OK;
  check(ok && ev.held && isnan(ev.t_sep), L, "held to the bottom", 0.0, 0.0);
  check_le(L, "t_bottom vs independent rolling RK4 (rel.)", rel(ev.t_bottom, rolling_event(&p, &G, &held)), 1e-10);

  /* strong cohesion, little friction: the slip stops before separation, which is not followed */
  L = "cohesion,mu=0.05,F=4mg";
  p.mu = 0.05;
  check(gs_three_sphere_events_compute(&p, &ev) == GS_THREE_SPHERE_EMODEL, L,
        "slip that stops before separation is reported, not followed (EMODEL)", 0.0, 0.0);
}

int main(void)
{
  gs_three_sphere_params ex = {1e-3, 5e-5, 2500.0, 0.5, 9.81, 0.1, 0.0};
  gs_three_sphere_params c2 = {2e-3, 1e-3, 1000.0, 0.2, 9.81, 0.3, 0.0};
  gs_three_sphere_params c3 = {1e-3, 1e-5, 2500.0, 0.9, 9.81, 0.05, 0.0};

  run_case("R/r=20,mu=0.5", &ex);
  run_case("R/r=2,mu=0.2", &c2);
  run_case("R/r=100,mu=0.9", &c3);
  rolling_limit();
  frictionless();
  cohesive();
  bad_params();

  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}
