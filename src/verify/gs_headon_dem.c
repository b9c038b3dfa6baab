/* SPDX-License-Identifier: GPL-2.0-or-later
 * Head-on collision of two spheres with the gransync core (see gs_headon_dem.h). */
#include "gs_headon_dem.h"

#include <math.h>
#include <string.h>

static gs_headon_result undefined(void)
{
  gs_headon_result out;
  out.e = out.max_overlap = out.duration = NAN;
  return out;
}

gs_headon_result gs_headon_run(const gs_model *m, const gs_headon_params *p)
{
  const double mi = p->mi, mj = p->mj, dt = p->dt;
  double xi = 0.0, xj = p->radi + p->radj; /* touching at t = 0, i approaching j along x */
  double vi = p->v0, vj = 0.0, fi = 0.0;
  double hist[8] = {0};
  long steps_in_contact = 0;
  gs_headon_result out = {0.0, 0.0, 0.0};
  gs_contact c;
  int touched = 0;

  /* mdr keeps per-atom state (27 values); the loop below ends only when finite spheres separate */
  if (m->size_history > (int) (sizeof(hist) / sizeof(hist[0])) || !(dt > 0.0 && isfinite(dt)) ||
      !(mi > 0.0 && isfinite(mi)) || !(mj > 0.0 && isfinite(mj)) || !(p->v0 > 0.0 && isfinite(p->v0)))
    return undefined();
  for (;;) {
    vi += 0.5 * dt * fi / mi;
    vj -= 0.5 * dt * fi / mj;
    xi += dt * vi;
    xj += dt * vj;
    memset(&c, 0, sizeof(c));
    c.dx[0] = xi - xj;
    if (!isfinite(c.dx[0])) return undefined(); /* would never separate */
    c.radi = p->radi;
    c.radj = p->radj;
    c.meff = mi * mj / (mi + mj);
    c.vr[0] = vi - vj;
    c.dt = dt;
    c.history_update = 1;
    gs_reconstruct_half_step(c.dx, c.vr, dt, c.dx_half);
    fi = 0.0;
    if (gs_pair_touching(&c)) {
      touched = 1;
      gs_contact_evaluate(m, &c, hist);
      fi = c.force[0];
      steps_in_contact++;
      if (c.delta > out.max_overlap) out.max_overlap = c.delta;
    } else if (touched) {
      break;
    } else if (c.dx[0] > 0.0) {
      return undefined(); /* i stepped through j without touching it */
    }
    vi += 0.5 * dt * fi / mi;
    vj -= 0.5 * dt * fi / mj;
  }
  out.duration = steps_in_contact * dt;
  out.e = (vj - vi) / p->v0;
  return out;
}
