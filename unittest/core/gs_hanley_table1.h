/* SPDX-License-Identifier: GPL-2.0-or-later
 * The multi-contact configurations of Hanley & O'Sullivan (2016), Table I, for the core's and the
 * LAMMPS tests. */
#ifndef GS_HANLEY_TABLE1_H
#define GS_HANLEY_TABLE1_H

/* Several spheres alpha, each touching a sphere beta at rest at time t and closing on it at speed v
 * along their line of centres; all spheres alike (mass m). The paper's figure was lost from the text;
 * the geometries follow from the table and the text. With every force zero at t, one step moves each
 * alpha by v dt along an unchanged normal, so each overlap is delta = v dt and the step's forces do
 * the work -sum_c F_c delta. The energy created (kinetic plus stored, after less before) is then
 *   eps = dt^2 / (8 m) sum_i |F_i|^2 - (1 - 2 p) sum_c F_c delta,
 * p the stored energy's share of F delta (1/2 linear, so the last term vanishes; 2/5 Hertz). With F
 * the contact force and S the sum of the alphas' unit directions from beta, sum_i |F_i|^2 =
 * (N_c + |S|^2) F^2: beta carries F |S|. The text's "summed difference in net force resolved along the
 * branch vectors" is the same sum, sum_c (F + F S.d_c). Directions giving the table's multiples of
 * eq. 14 (two spheres, k^2 v^2 dt^4 / (4 m), i.e. N_c + |S|^2 = 2):
 *   a: +x, -x (1); b: +x, +y (2); c: +x, -x, +y (2); d: +-x, +-y (2); e: +x, +y, +z (3);
 *   f: +x, +y, -(x+y)/sqrt 2 (3 - sqrt 2: the text's resolved differences 2F - F/sqrt 2 at two
 *   contacts and 2F - sqrt 2 F at the third fix it).
 * The table's unlabelled last row, (4 - sqrt 2) x eq. 14, has no geometry left in the text. */
typedef struct table1_case {
  const char *name;
  int n;                /* contacts */
  double dir[4][3];     /* unit directions from beta to each alpha */
  double multiple;      /* of eq. 14 */
} table1_case;

#define GS_SQRT1_2 0.70710678118654752440
static const table1_case table1[] = {
    {"a", 2, {{1, 0, 0}, {-1, 0, 0}}, 1.0},
    {"b", 2, {{1, 0, 0}, {0, 1, 0}}, 2.0},
    {"c", 3, {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}}, 2.0},
    {"d", 4, {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}}, 2.0},
    {"e", 3, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 3.0},
    {"f", 3, {{1, 0, 0}, {0, 1, 0}, {-GS_SQRT1_2, -GS_SQRT1_2, 0}}, 3.0 - 2.0 * GS_SQRT1_2},
};

#endif
