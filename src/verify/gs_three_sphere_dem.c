/* SPDX-License-Identifier: GPL-2.0-or-later
 * Three-sphere DEM run with the gransync core, mirroring examples/three_sphere/in.three_sphere. */
#include "gs_three_sphere_dem.h"

#include "gs_contact.h"
#include "gs_integrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GS_PI 3.14159265358979323846

/* LAMMPS substitutes ${var} into input lines with 15 significant digits */
static double as_substituted(double x)
{
  char buf[64];
  snprintf(buf, sizeof(buf), "%.15g", x);
  return strtod(buf, NULL);
}

void gs_tsd_defaults(gs_tsd_params *p, double ratio, double mu, double theta0, int ordering)
{
  p->R = 1.0e-3;
  p->r = p->R / ratio;
  p->density = 2500;
  p->mu = mu;
  p->g = 9.81;
  p->theta0 = theta0;
  p->kn = 1.0e3;
  p->kt_ratio = 2.0 / 7.0;
  p->restitution = 0.8;
  p->xt = 1.0;
  p->steps_per_tc = 50;
  p->ordering = ordering;
}

double gs_tsd_critical_ratio(double mu)
{
  return (1.0 + sqrt(1.0 + mu * mu)) / (mu * mu);
}

struct body {
  double x[3], v[3], omega[3], f[3], torque[3];
  double radius, mass;
};

static double gap_of(const gs_tsd_params *p, const double *x)
{
  return sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] - 2 * fabs(x[0]) * p->R + p->R * p->R) - (p->R + p->r);
}

/* contact forces of the two fixed large spheres on the fine one, plus gravity */
static void forces(const gs_model *m, const gs_tsd_params *p, struct body *fine, const struct body *large,
                   const double *offset, double dt, int history_update, double hist[2][8])
{
  int k;
  gs_zero3(fine->f);
  gs_zero3(fine->torque);
  for (k = 0; k < 2; k++) {
    gs_contact c;
    memset(&c, 0, sizeof(c));
    gs_sub3(fine->x, large[k].x, c.dx);
    c.radi = fine->radius;
    c.radj = large[k].radius;
    if (!gs_pair_touching(&c)) {
      memset(hist[k], 0, sizeof(hist[k]));
      continue;
    }
    c.meff = fine->mass; /* the large spheres are frozen */
    c.dt = dt;
    c.history_update = history_update;
    gs_copy3(fine->omega, c.omegai);
    gs_zero3(c.omegaj);
    if (m->ordering == GS_ORDERING_SYNCHRONIZED) {
      /* recorded half-step data (fix nve/sphere/sync): fine from its Verlet step, large at rest */
      gs_copy3(fine->v, c.vr);
      gs_add3(c.dx, offset, c.dx_half);
    } else {
      gs_copy3(fine->v, c.vr);
    }
    gs_contact_evaluate(m, &c, hist[k]);
    gs_add3(fine->f, c.force, fine->f);
    gs_add3(fine->torque, c.torquei, fine->torque);
  }
  fine->f[2] += fine->mass * (p->g * -1.0);
}

int gs_tsd_run(const gs_tsd_params *p, double t_end, int check_every, const double *times, int n_samples,
               gs_tsd_state *samples, gs_tsd_state *final_state)
{
  char words[512], err[GS_ERRLEN];
  const char *argv[32];
  char *tok;
  int argc = 0, next = 0;
  long step, nsteps;
  gs_model m;
  struct body fine, large[2];
  double hist[2][8];
  double offset[3] = {0.0, 0.0, 0.0};
  double rho, mfine_expr, dt, dtf, dtfrotate;

  if (!(p->R > 0 && p->r > 0 && p->density > 0 && p->mu >= 0 && p->kn > 0 && p->steps_per_tc > 0)) return -1;

  snprintf(words, sizeof(words),
           "hooke %.17g %.17g damping coeff_restitution tangential linear_history %.17g %.17g %.17g", p->kn,
           p->restitution, as_substituted(p->kn * p->kt_ratio), p->xt, p->mu);
  for (tok = strtok(words, " "); tok && argc < 32; tok = strtok(NULL, " ")) argv[argc++] = tok;
  if (gs_model_parse(&m, argc, argv, GS_GEOMETRY_PAIR, p->ordering, err) != argc) return -1;

  memset(&fine, 0, sizeof(fine));
  memset(large, 0, sizeof(large));
  memset(hist, 0, sizeof(hist));
  rho = sqrt((p->R + p->r) * (p->R + p->r) - p->R * p->R);
  large[0].x[0] = -p->R;
  large[1].x[0] = p->R;
  large[0].radius = large[1].radius = 0.5 * as_substituted(2 * p->R);
  fine.x[1] = as_substituted(rho * sin(p->theta0));
  fine.x[2] = as_substituted(rho * cos(p->theta0));
  fine.radius = 0.5 * as_substituted(2 * p->r);
  fine.mass = 4.0 * GS_PI / 3.0 * fine.radius * fine.radius * fine.radius * p->density;
  mfine_expr = p->density * 4 / 3 * GS_PI * p->r * p->r * p->r;
  dt = as_substituted(GS_PI * sqrt(mfine_expr / p->kn) / p->steps_per_tc);
  dtf = 0.5 * dt;
  dtfrotate = dtf / 0.4;

  /* setup: forces from the initial state, history untouched */
  forces(&m, p, &fine, large, offset, dt, 0, hist);
  nsteps = (long) ceil(t_end / dt - 1e-9);
  for (step = 1; step <= nsteps; step++) {
    int k;
    gs_sphere_initial_integrate(dtf, dt, dtfrotate, fine.mass, fine.radius, fine.f, fine.torque, fine.x, fine.v,
                                fine.omega);
    for (k = 0; k < 3; k++) offset[k] = -0.5 * dt * fine.v[k];
    forces(&m, p, &fine, large, offset, dt, 1, hist);
    gs_sphere_final_integrate(dtf, dtfrotate, fine.mass, fine.radius, fine.f, fine.torque, fine.v, fine.omega);

    while (samples && next < n_samples && step == (long) floor(times[next] / dt + 0.5)) {
      samples[next].t = step * dt;
      samples[next].theta = atan2(fine.x[1], fine.x[2]);
      samples[next].omegax = fine.omega[0];
      samples[next].gap = gap_of(p, fine.x);
      next++;
    }
    if (check_every > 0 && step % check_every == 0 && gap_of(p, fine.x) > 0.0) break;
  }
  if (step > nsteps) step = nsteps;
  if (final_state) {
    final_state->t = step * dt;
    final_state->theta = atan2(fine.x[1], fine.x[2]);
    final_state->omegax = fine.omega[0];
    final_state->gap = gap_of(p, fine.x);
  }
  return 0;
}
