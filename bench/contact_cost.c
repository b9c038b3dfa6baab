/* SPDX-License-Identifier: GPL-2.0-or-later
 * What one contact costs in the contact core, without LAMMPS: gs_contact_evaluate() on a fixed set
 * of persistent contacts of a size-ratio-10 bed, standard against synchronized ordering and its scheme
 * consistent (dashpots at t+dt), for the benchmarks' model and a full model. The LAMMPS benchmarks (run.sh) mix this cost with neighbor
 * lists, integration and communication; this isolates it, and its repetitions scatter far less.
 * Benchmarks never fail on timing.
 *   build/bench_contact [contacts] [passes] [repetitions]   (default 100000 100 5)
 */
#define _POSIX_C_SOURCE 199309L
#include "gs_model_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* per-contact inputs as a pair style gathers them */
typedef struct contact_input {
  double dx[3], vr[3], omegai[3], omegaj[3];
  double radi, radj, meff;
  double next_i[6], next_j[6]; /* scheme consistent: velocity and spin at t+dt of each */
} contact_input;

static double uniform(unsigned long long *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double) (*state >> 11) / 9007199254740992.0;
}

/* Large (d = 1) and fine (d = 0.1) spheres of density 1 in all three pairings, overlaps of 0.5-1% of
 * the radius sum, relative speeds (per unit radius sum) like those of the benchmarks' beds: mostly
 * sticking, and touching for 1000 steps of 1e-4. */
static void make_contacts(contact_input *in, int n)
{
  const double sphere_volume = 4.0 / 3.0 * acos(-1.0); /* per radius cubed; density 1 */
  unsigned long long state = 2026;
  int i, k;
  for (i = 0; i < n; i++) {
    contact_input *c = &in[i];
    const int pairing = i % 3;
    double dir[3], r, mi, mj;
    c->radi = pairing == 2 ? 0.05 : 0.5;
    c->radj = pairing == 0 ? 0.5 : 0.05;
    for (k = 0; k < 3; k++) dir[k] = 2.0 * uniform(&state) - 1.0;
    gs_norm3(dir);
    r = (c->radi + c->radj) * (1.0 - 0.005 * (1.0 + uniform(&state)));
    gs_scale3(r, dir, c->dx);
    for (k = 0; k < 3; k++) {
      c->vr[k] = 0.02 * (c->radi + c->radj) * (2.0 * uniform(&state) - 1.0);
      c->omegai[k] = 0.02 * (2.0 * uniform(&state) - 1.0) / c->radi;
      c->omegaj[k] = 0.02 * (2.0 * uniform(&state) - 1.0) / c->radj;
      c->next_i[k] = c->vr[k];
      c->next_j[k] = 0.0;
      c->next_i[3 + k] = c->omegai[k];
      c->next_j[3 + k] = c->omegaj[k];
    }
    mi = sphere_volume * c->radi * c->radi * c->radi;
    mj = sphere_volume * c->radj * c->radj * c->radj;
    c->meff = mi * mj / (mi + mj);
  }
}

/* seconds per contact evaluation over `passes` steps of all contacts, each pair moving apart in a
 * straight line at its relative velocity, as velocity Verlet moves it; the history advances */
static double sweep(const gs_model *m, const contact_input *in, int n, int passes, double *history,
                    double *force)
{
  struct timespec t0, t1;
  const double dt = 1e-4;
  int p, i;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (p = 0; p < passes; p++) {
    const double elapsed = p * dt;
    for (i = 0; i < n; i++) {
      const contact_input *ci = &in[i];
      gs_contact c;
      c.dx[0] = ci->dx[0] + elapsed * ci->vr[0];
      c.dx[1] = ci->dx[1] + elapsed * ci->vr[1];
      c.dx[2] = ci->dx[2] + elapsed * ci->vr[2];
      gs_copy3(ci->vr, c.vr);
      gs_copy3(ci->omegai, c.omegai);
      gs_copy3(ci->omegaj, c.omegaj);
      c.radi = ci->radi;
      c.radj = ci->radj;
      if (!gs_pair_touching(&c)) continue;
      c.meff = ci->meff;
      c.r = 0.0; /* an output for pairs */
      c.dt = dt;
      c.history_update = 1;
      /* without half-step records the pair style reconstructs the half step the same way */
      if (m->ordering == GS_ORDERING_SYNCHRONIZED) gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
      /* scheme consistent: the rows the pair style points at (velocity and spin at t+dt) */
      c.damp_i = ci->next_i;
      c.damp_j = ci->next_j;
      gs_contact_evaluate(m, &c, history + (size_t) i * GS_MAX_HISTORY);
      gs_add3(&force[3 * i], c.force, &force[3 * i]);
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return ((double) (t1.tv_sec - t0.tv_sec) + 1e-9 * (double) (t1.tv_nsec - t0.tv_nsec)) / ((double) n * passes);
}

int main(int argc, char **argv)
{
  static const char *const models[][2] = {
      {"benchmarks' model", "hooke 1000 0.5 damping coeff_restitution tangential linear_history 800 0.5 0.5"},
      {"full model", "hertz/material 1e6 0.5 0.3 damping tsuji tangential mindlin NULL 1.0 0.5 "
                     "rolling sds 500 0.3 0.3 twisting marshall"},
  };
  const int n = argc > 1 ? atoi(argv[1]) : 100000;
  const int passes = argc > 2 ? atoi(argv[2]) : 100;
  const int repetitions = argc > 3 ? atoi(argv[3]) : 5;
  contact_input *in;
  double *history, *force, checksum = 0.0;
  size_t k;
  int model, rep, variant;

  if (n < 1 || passes < 1 || repetitions < 1) {
    fprintf(stderr, "usage: %s [contacts >= 1] [passes >= 1] [repetitions >= 1]\n", argv[0]);
    return 2;
  }
  in = malloc(sizeof(*in) * (size_t) n);
  history = malloc(sizeof(*history) * (size_t) n * GS_MAX_HISTORY);
  force = malloc(sizeof(*force) * (size_t) n * 3);
  if (!in || !history || !force) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 1;
  }
  make_contacts(in, n);

  printf("# %d contacts, %d passes, best of %d interleaved repetitions\n", n, passes, repetitions);
  printf("%-18s %16s %16s %16s %10s %12s\n", "model", "standard ns", "synchronized ns", "consistent ns", "sync/std",
         "cons/sync");
  for (model = 0; model < 2; model++) {
    gs_model m[3];
    double best[3] = {1e30, 1e30, 1e30};
    m[0] = gs_model_from_words(models[model][1], GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
    m[1] = gs_model_from_words(models[model][1], GS_GEOMETRY_PAIR, GS_ORDERING_SYNCHRONIZED);
    m[2] = m[1];
    m[2].scheme = GS_SCHEME_CONSISTENT;
    /* alternate the orderings and schemes, each from zero history, so that a slow spell hits all alike */
    for (rep = 0; rep < repetitions; rep++) {
      for (variant = 0; variant < 3; variant++) {
        double t;
        for (k = 0; k < (size_t) n * GS_MAX_HISTORY; k++) history[k] = 0.0;
        for (k = 0; k < (size_t) n * 3; k++) force[k] = 0.0;
        t = sweep(&m[variant], in, n, passes, history, force);
        if (t < best[variant]) best[variant] = t;
        for (k = 0; k < (size_t) n * 3; k++) checksum += force[k];
      }
    }
    printf("%-18s %16.2f %16.2f %16.2f %10.3f %12.3f\n", models[model][0], 1e9 * best[0], 1e9 * best[1], 1e9 * best[2],
           best[1] / best[0], best[2] / best[1]);
  }
  /* printed so that no evaluation can be optimized away */
  printf("# checksum %.6e\n", checksum);
  free(in);
  free(history);
  free(force);
  return 0;
}
