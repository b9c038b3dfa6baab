/* SPDX-License-Identifier: GPL-2.0-or-later
 * The model combinations the LAMMPS tests sweep: pair_coeff words for each choice of normal,
 * damping, tangential, rolling and twisting sub-model. */
#ifndef GS_COMBOS_H
#define GS_COMBOS_H

#include <stdio.h>

#define GS_COMBO_NORMALS 3
#define GS_COMBO_DAMPINGS 5
#define GS_COMBO_TANGENTIALS 6
#define GS_COMBO_ROLLINGS 2
#define GS_COMBO_TWISTINGS 3

static const char *const gs_combo_dampings[] = {"velocity", "mass_velocity", "viscoelastic", "tsuji", "coeff_restitution"};
static const char *const gs_combo_tangentials[] = {"linear_nohistory", "linear_history", "mindlin", "mindlin_rescale",
                                          "mindlin/force", "mindlin_rescale/force"};

/* pair_coeff words for one type; `s` scales the coefficients so that types 1 and 2 differ and 1-2 is mixed */
static inline void gs_model_words(char *out, size_t len, int n, int d, int t, int r, int w, double s)
{
  char normal[128], tangential[128], rolling[64] = "", twisting[64] = "";
  double damp;
  switch (d) {
    case 0: damp = 0.02 * s; break;   /* velocity: force / velocity */
    case 1: damp = 20.0 * s; break;   /* mass_velocity: 1 / time */
    case 2: damp = 200.0 * s; break;  /* viscoelastic: 1 / (time length) */
    default: damp = 0.6 + 0.2 * s; break; /* tsuji, coeff_restitution: restitution coefficient */
  }
  if (n == 0) snprintf(normal, sizeof(normal), "hooke %g %g", 1000.0 * s, damp);
  else if (n == 1) snprintf(normal, sizeof(normal), "hertz %g %g", 2e4 * s, damp);
  else snprintf(normal, sizeof(normal), "hertz/material %g %g %g", 3e4 * s, damp, 0.2 + 0.1 * s);
  if (t == 0) snprintf(tangential, sizeof(tangential), "linear_nohistory %g %g", 0.5 * s, 0.5 * s);
  else if (t == 1) snprintf(tangential, sizeof(tangential), "linear_history %g %g %g", 800.0 * s, 0.5 * s, 0.5 * s);
  else snprintf(tangential, sizeof(tangential), "%s %g %g %g", gs_combo_tangentials[t], 1.5e4 * s, 0.5 * s, 0.5 * s);
  if (r == 1) snprintf(rolling, sizeof(rolling), " rolling sds %g %g %g", 200.0 * s, 0.05 * s, 0.1 * s);
  if (w == 1) snprintf(twisting, sizeof(twisting), " twisting sds %g %g %g", 100.0 * s, 0.05 * s, 0.1 * s);
  if (w == 2) snprintf(twisting, sizeof(twisting), " twisting marshall");
  snprintf(out, len, "%s damping %s tangential %s%s%s", normal, gs_combo_dampings[d], tangential, rolling, twisting);
}

/* marshall twisting needs tangential history */
static inline int gs_combo_valid(int t, int w)
{
  return !(w == 2 && t == 0);
}

#endif
