/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rigid-body analytic solution of the three-sphere problem (Vyas et al.,
 * CPC 2025, Appendix 1). See gs_three_sphere.h for geometry/conventions.
 *
 * Method:
 *  Phase 1 (pure rolling): energy gives thetadot(theta) in closed form and
 *   the sliding onset angle solves a monotone scalar equation. t(theta) =
 *   int dtheta/thetadot has an integrable 1/sqrt singularity at theta0;
 *   the substitution theta = theta0 + u^2 turns it into the analytic
 *   integral t(u) = int_0^u 2/sqrt(A sin(theta0+s^2/2) sinc(s^2/2)) ds,
 *   evaluated with composite 5-point Gauss-Legendre (spectrally accurate),
 *   and theta(t) is recovered by safeguarded Newton in u (dt/du > 0, so
 *   the inversion is well conditioned even at t = 0).
 *  Phase 2 (rolling with sliding): classical RK4 at a fixed step from the
 *   sliding onset; the separation event (N = 0) is located by bisection on
 *   the length of the last RK4 step, so state_at() reproduces exactly the
 *   same discrete trajectory as events_compute().
 *  Phase 3: free flight (parabola, constant spin).
 */
#include "gs_three_sphere.h"

#include <math.h>
#include <stddef.h>

#define GS_PI 3.14159265358979323846
#define GS_HALF_PI 1.57079632679489661923

/* default internal resolution; step_scale multiplies both */
#define GS_RK4_STEP_REL 1.0e-4 /* RK4 step / sqrt(rho/g) */
#define GS_PANEL_MAX 0.02      /* Gauss-Legendre panel width in u (sqrt(rad)) */
#define GS_MAX_STEPS 1.0e8 /* >> any physical phase-2 duration */

typedef struct {
  double R, r, mu, g, theta0;
  int mu_inf;
  double a;         /* pull-off force per contact over the mass */
  double hN_sep;    /* separation where h_N = g cos(theta) - rho thetadot^2 falls to -hN_sep */
  double rho, c, rp, kappa, m, I;
  double A;         /* thetadot^2 = A (cos theta0 - cos theta) in phase 1 */
  double th_roll_sep; /* pure rolling's separation angle; pi where it holds the grain to the bottom */
  int roll_holds;
  double T;         /* sqrt(rho/g) */
  double h2;        /* RK4 step */
  double du;        /* max quadrature panel width in u */
} gs_ctx;

static int gs_check(const gs_three_sphere_params *p)
{
  if (!p) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(p->R) && p->R > 0.0)) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(p->r) && p->r > 0.0)) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(p->density) && p->density > 0.0)) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(p->g) && p->g > 0.0)) return GS_THREE_SPHERE_EPARAM;
  if (!(p->mu >= 0.0)) return GS_THREE_SPHERE_EPARAM; /* also rejects NaN */
  if (!(p->theta0 > 0.0 && p->theta0 < GS_HALF_PI)) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(p->pulloff) && p->pulloff >= 0.0)) return GS_THREE_SPHERE_EPARAM;
  return GS_THREE_SPHERE_OK;
}

static int gs_init(const gs_three_sphere_params *p, double scale, gs_ctx *c)
{
  int rc = gs_check(p);
  double Rr, q, cos_sep;
  if (rc) return rc;
  if (!(isfinite(scale) && scale > 0.0)) return GS_THREE_SPHERE_EPARAM;
  c->R = p->R;
  c->r = p->r;
  c->mu = p->mu;
  c->g = p->g;
  c->theta0 = p->theta0;
  c->mu_inf = isinf(p->mu) ? 1 : 0;
  Rr = p->R + p->r;
  /* (R+r)^2 - R^2 = r (2R + r), written without cancellation */
  c->rho = sqrt(p->r * (2.0 * p->R + p->r));
  c->c = Rr / c->rho; /* = 1/cos(beta) = r/r_p */
  c->rp = p->r / c->c;
  q = 0.4 * c->c * c->c; /* (2/5)(r/r_p)^2 */
  c->kappa = 1.0 + q;
  c->m = p->density * (4.0 / 3.0) * GS_PI * p->r * p->r * p->r;
  c->I = 0.4 * c->m * p->r * p->r;
  c->A = 2.0 * p->g / (c->rho * c->kappa);
  c->a = p->pulloff / c->m;
  c->hN_sep = 2.0 * c->a / c->c;
  cos_sep = (2.0 * cos(p->theta0) - c->kappa * c->hN_sep / p->g) / (2.0 + c->kappa);
  c->roll_holds = cos_sep <= -1.0;
  c->th_roll_sep = c->roll_holds ? GS_PI : acos(cos_sep);
  c->T = sqrt(c->rho / p->g);
  c->h2 = scale * GS_RK4_STEP_REL * c->T;
  /* the integrand has complex singularities at |s| ~ sqrt(2 theta0):
   * keep panels well below that distance */
  c->du = scale * fmin(GS_PANEL_MAX, 0.1 * sqrt(2.0 * p->theta0));
  return GS_THREE_SPHERE_OK;
}

/* ---------------------------------------------------------------- phase 1 */

static double gs_sinc(double x)
{
  if (fabs(x) < 1.0e-4) return 1.0 - x * x / 6.0 + x * x * x * x / 120.0;
  return sin(x) / x;
}

/* dt/du with theta = theta0 + u^2 */
static double gs_p1_dtdu(const gs_ctx *c, double u)
{
  double h = 0.5 * u * u;
  return 2.0 / sqrt(c->A * sin(c->theta0 + h) * gs_sinc(h));
}

/* t(u) = int_0^u dt/du, composite 5-point Gauss-Legendre */
static double gs_p1_time(const gs_ctx *c, double u)
{
  static const double x[5] = {-0.9061798459386639927976269, -0.5384693101056830910363144, 0.0,
                              0.5384693101056830910363144, 0.9061798459386639927976269};
  static const double w[5] = {0.2369268850561890875142640, 0.4786286704993664680412915,
                              0.5688888888888888888888889, 0.4786286704993664680412915,
                              0.2369268850561890875142640};
  double n, hw, sum = 0.0, i;
  int k;
  if (u <= 0.0) return 0.0;
  n = ceil(u / c->du);
  if (n < 1.0) n = 1.0;
  hw = 0.5 * u / n;
  for (i = 0.0; i < n; i += 1.0) {
    double mid = (2.0 * i + 1.0) * hw, ps = 0.0;
    for (k = 0; k < 5; ++k) ps += w[k] * gs_p1_dtdu(c, mid + hw * x[k]);
    sum += ps;
  }
  return sum * hw;
}

/* thetadot for pure rolling; cos(theta0)-cos(theta) without cancellation */
static double gs_p1_thetadot(const gs_ctx *c, double u)
{
  double h = 0.5 * u * u;
  return sqrt(c->A * 2.0 * sin(c->theta0 + h) * sin(h));
}

/* Sliding onset: F_t/2 = mu (N_c + 2F). With the phase-1 thetadot, thetaddot:
 *   F_t/2  = m g sin(theta) (2/5) c^2 / (2 kappa)
 *   mu (N_c + 2F) = mu m g c ((kappa+2) cos(theta) - 2 cos(theta0) + 4 kappa a/(g c)) / (2 kappa)
 * residual f = 0.4 c sin(theta) - mu ((kappa+2) cos(theta) - 2 cos(theta0) + 2 kappa hN_sep/g),
 * strictly increasing on (0, theta_max), tan(theta_max) = -0.4 c/(mu (kappa+2)), theta_max in
 * [pi/2, pi), and decreasing after it. Without cohesion f > 0 at th_roll_sep (where N = 0). */
static double gs_slide_residual(const gs_ctx *c, double th)
{
  return 0.4 * c->c * sin(th) -
         c->mu * ((c->kappa + 2.0) * cos(th) - 2.0 * cos(c->theta0) + 2.0 * c->kappa * c->hN_sep / c->g);
}

/* the first angle of phase 1 at which friction reaches its limit; NaN if none before th_roll_sep */
static double gs_theta_slide(const gs_ctx *c)
{
  const double th_max = GS_PI - atan2(0.4 * c->c, c->mu * (c->kappa + 2.0));
  double lo = c->theta0, hi = fmin(c->th_roll_sep, th_max);
  int it;
  if (gs_slide_residual(c, lo) >= 0.0) return lo; /* slides from rest */
  if (gs_slide_residual(c, hi) < 0.0) return NAN; /* rolls until it separates or reaches the bottom */
  for (it = 0; it < 200; ++it) {
    double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (gs_slide_residual(c, mid) < 0.0) lo = mid;
    else hi = mid;
  }
  return hi; /* first representable angle at which friction limit is reached */
}

/* end of phase 1, as u = sqrt(theta_end - theta0); *slides: whether phase 2 follows */
static double gs_p1_end_u(const gs_ctx *c, double *theta_end, int *slides)
{
  double th = c->mu_inf ? NAN : gs_theta_slide(c);
  *slides = !isnan(th);
  if (!*slides) th = c->th_roll_sep;
  *theta_end = th;
  return sqrt(th - c->theta0);
}

/* invert t(u) = t on [0, u_hi] (t(u_hi) = t_hi) by safeguarded Newton */
static double gs_p1_u_of_t(const gs_ctx *c, double t, double u_hi, double t_hi)
{
  double lo = 0.0, hi = u_hi, u;
  double alpha = 0.5 * c->A * sin(c->theta0); /* thetaddot at release */
  int it;
  if (t <= 0.0) return 0.0;
  if (t >= t_hi) return u_hi;
  u = t * sqrt(0.5 * alpha); /* theta - theta0 ~ alpha t^2 / 2 */
  if (!(u > lo && u < hi)) u = u_hi * t / t_hi;
  for (it = 0; it < 100; ++it) {
    double f = gs_p1_time(c, u) - t, un;
    if (f < 0.0) lo = u;
    else hi = u;
    un = u - f / gs_p1_dtdu(c, u);
    if (!(un > lo && un < hi)) un = 0.5 * (lo + hi);
    if (fabs(un - u) <= 2.0e-16 * u_hi) {
      u = un;
      break;
    }
    u = un;
  }
  return u;
}

/* ---------------------------------------------------------------- phase 2 */

/* g cos(theta) - rho thetadot^2 = 2 N_c / (m c) */
static double gs_hN(const gs_ctx *c, const double y[3])
{
  return c->g * cos(y[0]) - c->rho * y[1] * y[1];
}

static double gs_slip(const gs_ctx *c, const double y[3])
{
  return c->rho * y[1] + c->rp * y[2];
}

/* y = (theta, thetadot, omega_x). Friction per contact mu (N_c + 2F) along
 * -e_t (slip stays > 0, see header); 2 mu (N_c + 2F) / m = mu c (hN + 2 hN_sep)
 * and the torque -2 mu (N_c + 2F) r_p / I reduces to -(5/2) mu (hN + 2 hN_sep) / r
 * since c r_p = r. */
static void gs_p2_rhs(const gs_ctx *c, const double y[3], double dy[3])
{
  double hF = gs_hN(c, y) + 2.0 * c->hN_sep;
  dy[0] = y[1];
  dy[1] = (c->g * sin(y[0]) - c->mu * c->c * hF) / c->rho;
  dy[2] = -2.5 * c->mu * hF / c->r;
}

/* > 0 while phase 2 goes on: in contact and above the bottom */
static double gs_p2_event(const gs_ctx *c, const double y[3])
{
  return fmin(gs_hN(c, y) + c->hN_sep, GS_PI - y[0]);
}

static void gs_rk4(const gs_ctx *c, const double y[3], double h, double out[3])
{
  double k1[3], k2[3], k3[3], k4[3], tmp[3];
  int i;
  gs_p2_rhs(c, y, k1);
  for (i = 0; i < 3; ++i) tmp[i] = y[i] + 0.5 * h * k1[i];
  gs_p2_rhs(c, tmp, k2);
  for (i = 0; i < 3; ++i) tmp[i] = y[i] + 0.5 * h * k2[i];
  gs_p2_rhs(c, tmp, k3);
  for (i = 0; i < 3; ++i) tmp[i] = y[i] + h * k3[i];
  gs_p2_rhs(c, tmp, k4);
  for (i = 0; i < 3; ++i) out[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

/* Integrate phase 2 from (t0, y0) on the fixed grid t0 + n h towards
 * t_target (may be +INFINITY). Returns 0 if t_target was reached, 1 if the
 * separation event came first, 2 if the bottom did (yout/tout = event state,
 * on the side before it), -1 on model failure. */
static int gs_p2_integrate(const gs_ctx *c, const double y0[3], double t0, double t_target,
                           double yout[3], double *tout)
{
  double y[3], y1[3], n = 0.0, h = c->h2;
  int i;
  for (i = 0; i < 3; ++i) y[i] = y0[i];
  for (;;) {
    double tn = t0 + n * h, step = h;
    int last = 0;
    if (t0 + (n + 1.0) * h >= t_target) {
      step = t_target - tn;
      last = 1;
    }
    gs_rk4(c, y, step, y1);
    if (gs_p2_event(c, y1) <= 0.0) {
      double lo = 0.0, hi = step;
      for (;;) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        gs_rk4(c, y, mid, y1);
        if (gs_p2_event(c, y1) > 0.0) lo = mid;
        else hi = mid;
      }
      gs_rk4(c, y, hi, y1);
      gs_rk4(c, y, lo, yout);
      *tout = tn + lo;
      return gs_hN(c, y1) + c->hN_sep <= 0.0 ? 1 : 2;
    }
    /* thetaddot > 0 and slip > 0 throughout phase 2 (see header) */
    if (y1[1] < 0.0 || gs_slip(c, y1) < -1.0e-9 * c->rho * fabs(y1[1])) return -1;
    if (last) {
      for (i = 0; i < 3; ++i) yout[i] = y1[i];
      *tout = t_target;
      return 0;
    }
    for (i = 0; i < 3; ++i) y[i] = y1[i];
    n += 1.0;
    if (n > GS_MAX_STEPS) return -1;
  }
}

/* ---------------------------------------------------------------- output */

static void gs_fill_contact(const gs_ctx *c, double t, int phase, const double y[3],
                            gs_three_sphere_state *s)
{
  double hN = gs_hN(c, y), st = sin(y[0]), ct = cos(y[0]);
  s->t = t;
  s->phase = phase;
  s->theta = y[0];
  s->thetadot = y[1];
  s->omega = y[2];
  s->normal_per_contact = 0.5 * c->m * c->c * hN;
  if (phase == 1) /* F_t/2 = I rho thetaddot / (2 r_p^2) */
    s->friction_per_contact = 0.5 * c->I * c->g * st / (c->kappa * c->rp * c->rp);
  else
    s->friction_per_contact = c->mu * (s->normal_per_contact + 2.0 * c->a * c->m);
  s->slip_velocity = gs_slip(c, y);
  s->y = c->rho * st;
  s->z = c->rho * ct;
  s->vy = c->rho * y[1] * ct;
  s->vz = -c->rho * y[1] * st;
}

static void gs_fill_flight(const gs_ctx *c, double t, double t_sep, const double ysep[3],
                           gs_three_sphere_state *s)
{
  double tau = t - t_sep, st = sin(ysep[0]), ct = cos(ysep[0]);
  double y = c->rho * st, z = c->rho * ct;
  double vy = c->rho * ysep[1] * ct, vz = -c->rho * ysep[1] * st;
  s->t = t;
  s->phase = 3;
  s->y = y + vy * tau;
  s->z = z + vz * tau - 0.5 * c->g * tau * tau;
  s->vy = vy;
  s->vz = vz - c->g * tau;
  s->theta = atan2(s->y, s->z);
  s->thetadot = (s->z * s->vy - s->y * s->vz) / (s->y * s->y + s->z * s->z);
  s->omega = ysep[2];
  s->normal_per_contact = 0.0;
  s->friction_per_contact = 0.0;
  s->slip_velocity = NAN;
}

static void gs_p1_y(const gs_ctx *c, double u, double y[3])
{
  y[0] = c->theta0 + u * u;
  y[1] = gs_p1_thetadot(c, u);
  y[2] = -c->rho * y[1] / c->rp; /* rolling: rho thetadot + r_p omega = 0 */
}

/* ---------------------------------------------------------------- API */

int gs_three_sphere_derived_compute(const gs_three_sphere_params *p, gs_three_sphere_derived *d)
{
  gs_ctx c;
  int rc = gs_init(p, 1.0, &c);
  if (rc) return rc;
  if (!d) return GS_THREE_SPHERE_EPARAM;
  d->rho = c.rho;
  d->r_p = c.rp;
  d->cos_beta = 1.0 / c.c;
  d->kappa = c.kappa;
  d->mass = c.m;
  d->inertia = c.I;
  d->theta_sep_rolling = c.roll_holds ? NAN : c.th_roll_sep;
  d->time_scale = c.T;
  return GS_THREE_SPHERE_OK;
}

int gs_three_sphere_events_compute(const gs_three_sphere_params *p, gs_three_sphere_events *ev)
{
  return gs_three_sphere_events_compute_ex(p, 1.0, ev);
}

int gs_three_sphere_state_at(const gs_three_sphere_params *p, double t, gs_three_sphere_state *s)
{
  return gs_three_sphere_state_at_ex(p, 1.0, t, s);
}

/* phase 1's end: the state there, its time, and whether sliding follows */
static void gs_p1_end(const gs_ctx *c, double y1[3], double *t_end, double *u_end, int *slides)
{
  double th_end;
  *u_end = gs_p1_end_u(c, &th_end, slides);
  *t_end = gs_p1_time(c, *u_end);
  gs_p1_y(c, *u_end, y1);
  y1[0] = th_end; /* exact end angle rather than theta0 + u^2 */
}

static void gs_set_end(gs_three_sphere_events *ev, int held, double t, const double y[3])
{
  ev->held = held;
  ev->t_bottom = held ? t : NAN;
  ev->t_sep = held ? NAN : t;
  ev->theta_sep = held ? NAN : y[0];
  ev->thetadot_sep = held ? NAN : y[1];
  ev->omega_sep = held ? NAN : y[2];
}

int gs_three_sphere_events_compute_ex(const gs_three_sphere_params *p, double step_scale,
                                      gs_three_sphere_events *ev)
{
  gs_ctx c;
  double u_end, t_end, y1[3], ys[3], ts;
  int slides, rc = gs_init(p, step_scale, &c);
  if (rc) return rc;
  if (!ev) return GS_THREE_SPHERE_EPARAM;

  gs_p1_end(&c, y1, &t_end, &u_end, &slides);
  ev->slides = slides;
  if (!slides) {
    ev->t_slide = ev->theta_slide = ev->thetadot_slide = ev->omega_slide = NAN;
    gs_set_end(ev, c.roll_holds, t_end, y1);
    return GS_THREE_SPHERE_OK;
  }
  ev->t_slide = t_end;
  ev->theta_slide = y1[0];
  ev->thetadot_slide = y1[1];
  ev->omega_slide = y1[2];
  rc = gs_p2_integrate(&c, y1, t_end, INFINITY, ys, &ts);
  if (rc != 1 && rc != 2) return GS_THREE_SPHERE_EMODEL;
  gs_set_end(ev, rc == 2, ts, ys);
  return GS_THREE_SPHERE_OK;
}

int gs_three_sphere_state_at_ex(const gs_three_sphere_params *p, double step_scale, double t,
                                gs_three_sphere_state *s)
{
  gs_ctx c;
  double u_end, t_end, y1[3], ys[3], ts;
  int i, slides, rc = gs_init(p, step_scale, &c);
  if (rc) return rc;
  if (!s) return GS_THREE_SPHERE_EPARAM;
  if (!(isfinite(t) && t >= 0.0)) return GS_THREE_SPHERE_ERANGE;

  gs_p1_end(&c, y1, &t_end, &u_end, &slides);

  /* phase 1 is [0, t_slide) when sliding occurs, [0, t_sep] or [0, t_bottom] otherwise */
  if (t < t_end || (!slides && t == t_end)) {
    double y[3];
    if (t == t_end) {
      for (i = 0; i < 3; ++i) y[i] = y1[i];
    } else {
      gs_p1_y(&c, gs_p1_u_of_t(&c, t, u_end, t_end), y);
    }
    gs_fill_contact(&c, t, 1, y, s);
    return GS_THREE_SPHERE_OK;
  }
  if (!slides) {
    if (c.roll_holds) return GS_THREE_SPHERE_ERANGE;
    gs_fill_flight(&c, t, t_end, y1, s);
    return GS_THREE_SPHERE_OK;
  }
  rc = gs_p2_integrate(&c, y1, t_end, t, ys, &ts);
  if (rc < 0) return GS_THREE_SPHERE_EMODEL;
  if (rc == 0 || ts >= t) gs_fill_contact(&c, t, 2, ys, s);
  else if (rc == 2) return GS_THREE_SPHERE_ERANGE;
  else gs_fill_flight(&c, t, ts, ys, s);
  return GS_THREE_SPHERE_OK;
}
