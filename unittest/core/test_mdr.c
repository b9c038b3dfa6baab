/* SPDX-License-Identifier: GPL-2.0-or-later
 * Unit tests of the core's mdr model (src/core/gs_mdr.h) against its analytic elastic limit; its
 * agreement with stock LAMMPS is tested on LAMMPS' own mdr examples (lammps_examples.*). */
#define GS_WITH_MDR /* the test gives the per-atom state */
#include "gs_check.h"
#include "gs_contact.h"
#include "gs_model_words.h"

#include <math.h>
#include <string.h>

/* mdr's elastic limit (Zunker and Kamrin 2024, part I): a sphere pressed on a rigid flat to a small
 * depth d pushes back with Hertz's force 4/3 E/(1-nu^2) sqrt(R) d^1.5; two equal spheres take half
 * the overlap each, i.e. Hertz with E* = E/(2(1-nu^2)) and R* = R/2. Deviation O(d/R). */
static void test_mdr_elastic(void)
{
  const double e = 1e6, nu = 0.3, r = 1e-3, eeff = e / (1 - nu * nu);
  double ro[2] = {r, r}, vgeo[2], velas[2], acon0[2] = {0, 0}, psi[2] = {1, 1}, ddb[2] = {0, 0};
  double sums[9][2] = {{0}};
  double hist[GS_MDR_HISTORY + 3];
  gs_mdr_atoms at;
  gs_model m = gs_model_from_words("mdr 1e6 0.3 1e9 0 0.5 0 damping mdr 1 tangential linear_history 800 0 0.5",
                                  GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
  gs_contact c;
  double ratio;
  int k;
  for (k = 0; k < 2; k++) vgeo[k] = velas[k] = 4.0 / 3.0 * 3.14159265358979 * r * r * r;
  at.ro = ro;
  at.vgeo = vgeo;
  at.velas = velas;
  at.acon0 = acon0;
  at.psi = psi;
  at.ddelta_bar = ddb;
  at.vcaps = sums[0];
  at.eps_bar = sums[1];
  at.dr_num = sums[2];
  at.dr_den = sums[3];
  at.acon1 = sums[4];
  at.atot_sum = sums[5];
  at.sigmaxx = sums[6];
  at.sigmayy = sums[7];
  at.sigmazz = sums[8];
  GS_CHECK(m.size_history == GS_MDR_HISTORY + 3, "mdr history before the tangential: %d", m.size_history);

  ratio = gs_mdr_indenter_force(1e-7, 1.0 / (4 * r), eeff, 4 * r, 2 * r) / (4.0 / 3.0 * eeff * sqrt(r) * pow(1e-7, 1.5));
  GS_CHECK(fabs(ratio - 1) < 1e-5 && ratio < 1, "indenter at d/R = 1e-4 is Hertz: ratio %.9f", ratio);

  memset(hist, 0, sizeof(hist));
  memset(&c, 0, sizeof(c));
  c.radi = c.radj = r;
  c.dx[2] = 2 * r - 2e-6;
  c.dt = 1e-6;
  c.meff = 1e-6;
  c.mdr_atoms = &at;
  c.mdr_i = 0;
  c.mdr_j = 1;
  c.mdr_i_side0 = 1;
  c.history_update = 1;
  gs_contact_evaluate(&m, &c, hist);
  ratio = c.fn_total / (4.0 / 3.0 * (eeff / 2) * sqrt(r / 2) * pow(2e-6, 1.5));
  GS_CHECK(fabs(ratio - 1) < 1e-3, "two equal spheres at delta/R = 2e-3 are Hertz: ratio %.9f", ratio);
  GS_CHECK_REL(hist[GS_MDR_DELTA], 1e-6, 1e-9, "side 0 takes half the overlap");
  GS_CHECK_REL(hist[GS_MDR_DELTA + 1], 1e-6, 1e-9, "side 1 takes half the overlap");
  GS_CHECK(hist[GS_MDR_YFLAG] == 0.0 && sums[4][0] > 0 && sums[4][1] > 0,
           "elastic (no yield at Y = 1e9), contact areas summed for both atoms");
  /* a yield stress well below the Hertz pressure flattens the contact: a smaller force */
  m = gs_model_from_words("mdr 1e6 0.3 1e3 0 0.5 0 damping mdr 1 tangential linear_history 800 0 0.5",
                          GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD);
  memset(hist, 0, sizeof(hist));
  gs_contact_evaluate(&m, &c, hist);
  GS_CHECK(hist[GS_MDR_YFLAG] == 1.0 && c.fn_total < ratio * 4.0 / 3.0 * (eeff / 2) * sqrt(r / 2) * pow(2e-6, 1.5),
           "yielded contact carries less than Hertz: %g", c.fn_total);
}

int main(void)
{
  test_mdr_elastic();
  return gs_check_summary();
}
