/* SPDX-License-Identifier: GPL-2.0-or-later
 * The stored energy of the core (gs_contact_stored_energy()):
 * - its gradient is the elastic force: central differences against gs_contact_evaluate()'s forces,
 *   in the overlap for every normal model, in the spring coordinates for tangential, rolling and
 *   twisting springs;
 * - one velocity-Verlet step of two spheres through the core's integrator creates exactly the
 *   energy Hanley & O'Sullivan (2016) derive: eq. 16 for a linear loading step, eq. 21 for Hertz
 *   with its zero-error step (eq. 23), the unloading step's reverse (eq. 49), and the dt exponents
 *   of their Tables II and III (4 for linear, tending to 2.5 for Hertz), and the multi-contact
 *   rows a-f of their Table I (geometries reconstructed below). Their derivation is that
 *   of LAMMPS' step (velocity Verlet, normal force from the full-step overlap), so the closed forms
 *   hold as printed; both orderings, which do not differ for a central contact. */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_integrate.h"
#include "gs_hanley_table1.h"
#include "gs_model_words.h"

#include <string.h>

static gs_model model_of(const char *words, int geometry, int ordering)
{
  return gs_model_from_words(words, geometry, ordering);
}

/* a contact at rest with overlap delta along z; a wall has radj = 0 */
static void contact_at(gs_contact *c, const gs_model *m, double radi, double radj, double delta)
{
  memset(c, 0, sizeof(*c));
  c->radi = radi;
  c->radj = radj;
  c->dx[2] = (m->geometry == GS_GEOMETRY_WALL ? radi : radi + radj) - delta;
  c->r = c->dx[2];
  gs_copy3(c->dx, c->dx_half);
  c->dt = 1e-6;
  c->meff = 1.0;
}

static double energy_at(const gs_model *m, double radi, double radj, double delta, double *force)
{
  double hist[GS_MAX_HISTORY] = {0};
  gs_contact c;
  contact_at(&c, m, radi, radj, delta);
  gs_contact_evaluate(m, &c, hist);
  if (force) *force = c.force[2];
  return gs_contact_stored_energy(m, &c, hist);
}

/* dU/ddelta by central differences against the elastic normal force (no damping: the contacts
 * are at rest) */
static void check_normal_gradient(const char *words, int geometry, double delta, const char *what)
{
  const gs_model m = model_of(words, geometry, GS_ORDERING_STANDARD);
  const double radi = 1e-3, radj = geometry == GS_GEOMETRY_WALL ? 0.0 : 4e-4;
  const double h = 1e-4 * fabs(delta);
  double force;
  const double up = energy_at(&m, radi, radj, delta + h, NULL), down = energy_at(&m, radi, radj, delta - h, NULL);
  energy_at(&m, radi, radj, delta, &force);
  GS_CHECK_REL((up - down) / (2 * h), force, 1e-8, what);
}

static void test_normal_gradients(void)
{
  const char *nofriction = " tangential linear_nohistory 0 0.5";
  char words[256];
  const char *const normals[] = {"hooke 1e5 0", "hertz 2e8 0", "hertz/material 7e9 0 0.3", "dmt 7e9 0 0.3 0.05",
                                 "jkr 7e7 0 0.25 0.05"};
  int k, wall;
  for (wall = 0; wall <= 1; wall++)
    for (k = 0; k < 5; k++) {
      char what[300];
      snprintf(words, sizeof words, "%s%s", normals[k], nofriction);
      snprintf(what, sizeof what, "%s %s: dU/ddelta = elastic force at delta 2e-6", wall ? "wall" : "pair", normals[k]);
      check_normal_gradient(words, wall ? GS_GEOMETRY_WALL : GS_GEOMETRY_PAIR, 2e-6, what);
    }
  /* JKR beyond touching (negative overlap, still held) */
  {
    const gs_model m = model_of("jkr 7e7 0 0.25 0.05 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, 0);
    const double reach = gs_pulloff_distance(&m, 1e-3 * 4e-4 / 1.4e-3);
    snprintf(words, sizeof words, "jkr 7e7 0 0.25 0.05%s", nofriction);
    check_normal_gradient(words, GS_GEOMETRY_PAIR, -0.5 * reach, "pair jkr: dU/ddelta = force at half the pull-off distance");
  }
  /* zero where the force starts: hooke, hertz and DMT at touching */
  {
    const gs_model m = model_of("dmt 7e9 0 0.3 0.05 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, 0);
    GS_CHECK(fabs(energy_at(&m, 1e-3, 4e-4, 1e-300, NULL)) < 1e-280, "dmt: U = 0 at touching");
  }
  {
    const gs_model m = model_of("hooke 1e5 0 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, 0);
    GS_CHECK_REL(energy_at(&m, 1e-3, 4e-4, 1e-5, NULL), 0.5 * 1e5 * 1e-10, 1e-14, "hooke: U = k delta^2 / 2");
  }
}

/* The springs: the energy's derivative in the spring's coordinates is minus the spring's force (its
 * torque for twisting). Forces only (no history update), no damping, friction far from its limit. */
static void check_spring_gradient(const char *words, int slot, int ncomp, int force_history, const char *what)
{
  const gs_model m = model_of(words, GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
  double hist[GS_MAX_HISTORY] = {0}, base[GS_MAX_HISTORY];
  gs_contact c;
  int k, first = slot == 0 ? m.hist_tangential : slot == 1 ? m.hist_rolling : m.hist_twisting;
  const double scale = force_history ? 1e-3 : 1e-7;
  double worst = 0.0;
  /* in the tangent plane (normal along z) */
  hist[first] = 0.7 * scale;
  if (ncomp == 3) hist[first + 1] = -0.4 * scale;
  if (m.tangential == GS_TANGENTIAL_MINDLIN_RESCALE || m.tangential == GS_TANGENTIAL_MINDLIN_RESCALE_FORCE)
    hist[m.hist_tangential + 3] = 0.0; /* no earlier contact radius larger than now: no rescale */
  memcpy(base, hist, sizeof base);
  contact_at(&c, &m, 1e-3, 4e-4, 2e-6);
  gs_contact_evaluate(&m, &c, hist);
  for (k = 0; k < ncomp; k++) {
    const double h = 1e-4 * scale;
    double up, down, expected, stiffness = 0.0;
    gs_contact cu = c, cd = c;
    memcpy(hist, base, sizeof hist);
    hist[first + k] += h;
    /* the springs' part alone: the normal energy, constant here, would bury them in round-off */
    up = gs_spring_energy(&m, &cu, hist);
    hist[first + k] -= 2 * h;
    down = gs_spring_energy(&m, &cd, hist);
    if (slot == 0) {
      expected = -c.fs[k];
      /* a force history is a force: U = |F|^2 / (2k), dU/dF = F / k */
      if (force_history) {
        stiffness = m.kt * c.contact_radius;
        expected = c.fs[k] / stiffness;
      }
    } else if (slot == 1) {
      expected = -c.fr[k];
    } else {
      expected = -c.torque_twist;
    }
    if (fabs((up - down) / (2 * h) - expected) > worst * fabs(expected))
      worst = fabs((up - down) / (2 * h) - expected) / fabs(expected);
  }
  GS_CHECK(worst < 1e-8, "%s (largest relative difference %.2e)", what, worst);
}

static void test_spring_gradients(void)
{
  const char *n = "hertz/material 7e9 0 0.3";
  char words[256];
  const char *const tangential[] = {"linear_history 1e5 0 10", "linear_history_classic 1e5 0 10",
                                    "mindlin NULL 0 10", "mindlin_rescale NULL 0 10", "mindlin_classic 3e9 0 10"};
  int k;
  for (k = 0; k < 5; k++) {
    char what[300];
    snprintf(words, sizeof words, "%s tangential %s", n, tangential[k]);
    snprintf(what, sizeof what, "tangential %s: dU/ds = -F", tangential[k]);
    check_spring_gradient(words, 0, 3, 0, what);
  }
  snprintf(words, sizeof words, "%s tangential mindlin/force NULL 0 10", n);
  check_spring_gradient(words, 0, 3, 1, "tangential mindlin/force: dU/dF = F / (kt a)");
  snprintf(words, sizeof words, "%s tangential mindlin_rescale/force NULL 0 10", n);
  check_spring_gradient(words, 0, 3, 1, "tangential mindlin_rescale/force: dU/dF = F / (kt a)");
  snprintf(words, sizeof words, "%s tangential linear_history 1e5 0 10 rolling sds 3e3 0 10", n);
  check_spring_gradient(words, 1, 3, 0, "rolling sds: dU/ds = -F");
  snprintf(words, sizeof words, "%s tangential linear_history 1e5 0 10 twisting sds 2e2 0 10", n);
  check_spring_gradient(words, 2, 1, 0, "twisting sds: dU/dtheta = -torque");
  snprintf(words, sizeof words, "%s tangential mindlin NULL 0 10 twisting marshall", n);
  check_spring_gradient(words, 2, 1, 0, "twisting marshall: dU/dtheta = -torque");
}

/* ---- one velocity-Verlet step of two spheres, i above j, closing at speed v -------------------- */
typedef struct two_spheres {
  double x[2][3], v[2][3], w[2][3], f[2][3], t[2][3], m[2], r[2];
  double hist[GS_MAX_HISTORY];
} two_spheres;

static double stored_now(const gs_model *m, two_spheres *s, double dt, int update, double *energy)
{
  gs_contact c;
  memset(&c, 0, sizeof c);
  gs_sub3(s->x[0], s->x[1], c.dx);
  c.radi = s->r[0];
  c.radj = s->r[1];
  c.meff = s->m[0] * s->m[1] / (s->m[0] + s->m[1]);
  c.dt = dt;
  c.history_update = update;
  gs_sub3(s->v[0], s->v[1], c.vr);
  gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
  gs_copy3(s->w[0], c.omegai);
  gs_copy3(s->w[1], c.omegaj);
  memset(s->f, 0, sizeof s->f);
  memset(s->t, 0, sizeof s->t);
  *energy = 0.0;
  if (!gs_pair_in_contact(m, &c, 0)) return 0.0;
  gs_contact_evaluate(m, &c, s->hist);
  gs_copy3(c.force, s->f[0]);
  gs_scale3(-1.0, c.force, s->f[1]);
  gs_copy3(c.torquei, s->t[0]);
  gs_copy3(c.torquej, s->t[1]);
  *energy = gs_contact_stored_energy(m, &c, s->hist);
  return c.fn_total;
}

static double kinetic(const two_spheres *s)
{
  double e = 0.0;
  int a;
  for (a = 0; a < 2; a++) e += 0.5 * s->m[a] * gs_dot3(s->v[a], s->v[a]) + 0.2 * s->m[a] * s->r[a] * s->r[a] * gs_dot3(s->w[a], s->w[a]);
  return e;
}

/* spheres of masses mi, mj at overlap delta0 closing at relative speed v (negative: opening) */
static void place(two_spheres *s, double mi, double mj, double delta0, double v)
{
  memset(s, 0, sizeof *s);
  s->m[0] = mi;
  s->m[1] = mj;
  s->r[0] = 1e-3;
  s->r[1] = 6e-4;
  s->x[0][2] = s->r[0] + s->r[1] - delta0;
  s->v[0][2] = -v * mj / (mi + mj);
  s->v[1][2] = v * mi / (mi + mj);
}

/* energy created by one step: kinetic plus stored after it, less before it */
static double step_energy_error(const gs_model *m, two_spheres *s, double dt)
{
  double before, after, e0, e1;
  int a;
  stored_now(m, s, dt, 0, &e0);
  before = kinetic(s) + e0;
  for (a = 0; a < 2; a++) gs_sphere_initial_integrate(0.5 * dt, dt, 0.5 * dt / 0.4, s->m[a], s->r[a], s->f[a], s->t[a], s->x[a], s->v[a], s->w[a]);
  stored_now(m, s, dt, 1, &e1);
  for (a = 0; a < 2; a++) gs_sphere_final_integrate(0.5 * dt, 0.5 * dt / 0.4, s->m[a], s->r[a], s->f[a], s->t[a], s->v[a], s->w[a]);
  after = kinetic(s) + e1;
  return after - before;
}

static void test_one_step_linear(int ordering)
{
  const double k = 1e5, mi = 2e-3, mj = 5e-4, mstar = mi * mj / (mi + mj), v = 0.3;
  const double dt = 0.2 * sqrt(mstar / k);
  const double expected = k * k * v * v * pow(dt, 4) / (8 * mstar);
  const gs_model m = model_of("hooke 1e5 0 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, ordering);
  two_spheres s;
  double err, after_load[2][3];
  const char *o = gs_ordering_name(ordering);
  char what[200];

  place(&s, mi, mj, 0.0, v);
  err = step_energy_error(&m, &s, dt);
  snprintf(what, sizeof what, "%s: linear loading step creates k^2 v^2 dt^4 / (8 m*) (eq. 16)", o);
  GS_CHECK_REL(err, expected, 1e-9, what);

  /* unloading (eq. 49): the same step backwards, from the loaded state with the velocities reversed */
  memcpy(after_load, s.v, sizeof after_load);
  {
    const double delta1 = s.r[0] + s.r[1] - (s.x[0][2] - s.x[1][2]);
    const double vrel = after_load[1][2] - after_load[0][2]; /* closing speed after loading */
    place(&s, mi, mj, delta1, -vrel);
    err = step_energy_error(&m, &s, dt);
    snprintf(what, sizeof what, "%s: the unloading step creates the negative (eq. 49)", o);
    GS_CHECK_REL(err, -expected, 1e-9, what);
  }

  /* dt ladder: exponent 4 (Table II) */
  {
    double e1, e2;
    place(&s, mi, mj, 0.0, v);
    e1 = step_energy_error(&m, &s, dt);
    place(&s, mi, mj, 0.0, v);
    e2 = step_energy_error(&m, &s, 0.5 * dt);
    snprintf(what, sizeof what, "%s: linear, error exponent in dt", o);
    GS_CHECK_REL(log(e1 / e2) / log(2.0), 4.0, 1e-6, what);
  }
}

/* Hertz: F = K delta^1.5 with K = kn sqrt(R*) (pair_granular's hertz) */
static void test_one_step_hertz(int ordering)
{
  const double kn = 2e8, mi = 2e-3, mj = 5e-4, mstar = mi * mj / (mi + mj), v = 0.3;
  const double reff = 1e-3 * 6e-4 / 1.6e-3, big_k = kn * sqrt(reff);
  const gs_model m = model_of("hertz 2e8 0 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, ordering);
  const double dt0 = pow(0.8 * mstar / (big_k * sqrt(v)), 0.4); /* eq. 23 */
  const char *o = gs_ordering_name(ordering);
  const double dts[3] = {0.5 * dt0, dt0, 2 * dt0};
  double err[3], e_small[2];
  char what[200];
  two_spheres s;
  int q;

  for (q = 0; q < 3; q++) {
    const double dt = dts[q];
    const double expected = big_k * big_k * v * v * v * pow(dt, 5) / (8 * mstar) - 0.1 * big_k * pow(v * dt, 2.5);
    place(&s, mi, mj, 0.0, v);
    err[q] = step_energy_error(&m, &s, dt);
    if (q != 1) {
      snprintf(what, sizeof what, "%s: Hertz loading step at %.1f x the zero-error step (eq. 21)", o, dts[q] / dt0);
      GS_CHECK_REL(err[q], expected, 1e-9, what);
    }
  }
  /* eq. 23: no error at dt0, negative below, positive above */
  GS_CHECK(fabs(err[1]) < 1e-9 * 0.1 * big_k * pow(v * dt0, 2.5) && err[0] < 0.0 && err[2] > 0.0,
           "%s: Hertz error %.3e at the zero-error step of eq. 23 (%.3e below it, %.3e above)", o, err[1], err[0], err[2]);
  /* dt ladder: exponent tending to 2.5 (Table III) */
  place(&s, mi, mj, 0.0, v);
  e_small[0] = step_energy_error(&m, &s, 1e-3 * dt0);
  place(&s, mi, mj, 0.0, v);
  e_small[1] = step_energy_error(&m, &s, 0.5e-3 * dt0);
  snprintf(what, sizeof what, "%s: Hertz, error exponent in dt at dt0 / 1000", o);
  GS_CHECK(fabs(log(e_small[0] / e_small[1]) / log(2.0) - 2.5) < 1e-3, "%s: %.6f", what,
           log(e_small[0] / e_small[1]) / log(2.0));
}

#define GS_CLUSTER_MAX 5
typedef struct cluster {
  int n; /* spheres: beta first */
  double x[GS_CLUSTER_MAX][3], v[GS_CLUSTER_MAX][3], w[GS_CLUSTER_MAX][3];
  double f[GS_CLUSTER_MAX][3], t[GS_CLUSTER_MAX][3], m, r;
  double hist[GS_CLUSTER_MAX][GS_MAX_HISTORY]; /* beta's contact with each alpha */
} cluster;

/* forces and torques on every sphere from beta's contacts; returns their stored energy */
static double cluster_forces(const gs_model *m, cluster *s, double dt, int update)
{
  double energy = 0.0;
  int a;
  memset(s->f, 0, sizeof s->f);
  memset(s->t, 0, sizeof s->t);
  for (a = 1; a < s->n; a++) {
    gs_contact c;
    memset(&c, 0, sizeof c);
    gs_sub3(s->x[0], s->x[a], c.dx);
    c.radi = c.radj = s->r;
    c.meff = 0.5 * s->m;
    c.dt = dt;
    c.history_update = update;
    gs_sub3(s->v[0], s->v[a], c.vr);
    gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
    gs_copy3(s->w[0], c.omegai);
    gs_copy3(s->w[a], c.omegaj);
    if (!gs_pair_in_contact(m, &c, 0)) continue;
    gs_contact_evaluate(m, &c, s->hist[a]);
    gs_add3(s->f[0], c.force, s->f[0]);
    gs_sub3(s->f[a], c.force, s->f[a]);
    gs_add3(s->t[0], c.torquei, s->t[0]);
    gs_add3(s->t[a], c.torquej, s->t[a]);
    energy += gs_contact_stored_energy(m, &c, s->hist[a]);
  }
  return energy;
}

static double cluster_kinetic(const cluster *s)
{
  double e = 0.0;
  int a;
  for (a = 0; a < s->n; a++)
    e += 0.5 * s->m * gs_dot3(s->v[a], s->v[a]) + 0.2 * s->m * s->r * s->r * gs_dot3(s->w[a], s->w[a]);
  return e;
}

/* the case's alphas touching beta (at the origin) and closing at v; returns the energy one step creates */
static double table1_step(const gs_model *m, const table1_case *tc, double mass, double radius, double v, double dt)
{
  cluster s;
  double before, after;
  int a, d;
  memset(&s, 0, sizeof s);
  s.n = tc->n + 1;
  s.m = mass;
  s.r = radius;
  for (a = 1; a < s.n; a++)
    for (d = 0; d < 3; d++) {
      s.x[a][d] = 2 * radius * tc->dir[a - 1][d];
      s.v[a][d] = -v * tc->dir[a - 1][d];
    }
  before = cluster_kinetic(&s) + cluster_forces(m, &s, dt, 0);
  for (a = 0; a < s.n; a++) gs_sphere_initial_integrate(0.5 * dt, dt, 0.5 * dt / 0.4, s.m, s.r, s.f[a], s.t[a], s.x[a], s.v[a], s.w[a]);
  after = cluster_forces(m, &s, dt, 1);
  for (a = 0; a < s.n; a++) gs_sphere_final_integrate(0.5 * dt, 0.5 * dt / 0.4, s.m, s.r, s.f[a], s.t[a], s.v[a], s.w[a]);
  after += cluster_kinetic(&s);
  return after - before;
}

static void test_table1(int ordering)
{
  const double k = 1e5, mass = 2e-3, radius = 1e-3, v = 0.3, dt = 0.2 * sqrt(mass / k);
  const double eq14 = k * k * v * v * pow(dt, 4) / (4 * mass);
  const gs_model linear = model_of("hooke 1e5 0 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, ordering);
  const gs_model hertz = model_of("hertz 2e8 0 tangential linear_nohistory 0 0.5", GS_GEOMETRY_PAIR, ordering);
  const double big_k = 2e8 * sqrt(0.5 * radius), dt_hertz = 2e-5;
  const char *o = gs_ordering_name(ordering);
  size_t q;
  char what[200];
  for (q = 0; q < sizeof table1 / sizeof table1[0]; q++) {
    snprintf(what, sizeof what, "%s: Table I case %s (linear) creates %.4f x eq. 14", o, table1[q].name, table1[q].multiple);
    GS_CHECK_REL(table1_step(&linear, &table1[q], mass, radius, v, dt), table1[q].multiple * eq14, 1e-9, what);
  }
  /* case b with Hertz: twice eq. 22, K^2 v^3 dt^5 / (2 m) - K (v dt)^2.5 / 5 */
  snprintf(what, sizeof what, "%s: Table I case b (Hertz) creates 2 x eq. 22", o);
  GS_CHECK_REL(table1_step(&hertz, &table1[1], mass, radius, v, dt_hertz),
               big_k * big_k * v * v * v * pow(dt_hertz, 5) / (2 * mass) - 0.2 * big_k * pow(v * dt_hertz, 2.5), 1e-9, what);
}

int main(void)
{
  int ordering;
  test_normal_gradients();
  test_spring_gradients();
  for (ordering = 0; ordering <= 1; ordering++) {
    test_one_step_linear(ordering);
    test_one_step_hertz(ordering);
    test_table1(ordering);
  }
  return gs_check_summary();
}
