/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   mdr's screening over one row of a half neighbor list, stated once for the CPU fix (LAMMPS'
   list) and the /kk fix (the packed rows, in a kernel). For every two neighbors j, k of atom i
   that touch i and each other, the contact facing the longest side is seen through the grain
   opposite it (gs_mdr_screening()) and gets a penalty. Rows supplies, for atoms a:
     x(a, d), radius(a); count(a) the length of a's row (0 without one); partner(a, n) its n-th
     neighbor; add(a, n, other, penalty) to the contact in slot n of a's row, whose partner is other.
   Include after gs_contact.h's GS_WITH_MDR choice.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_MDR_SCREENING_H
#define LMP_GRANSYNC_MDR_SCREENING_H

#include "gs_mdr.h"

namespace LAMMPS_NS {
namespace gransync {

  // returns how many screened contacts j-k neither owned atom's row holds (missing[0..1]: the
  // last such pair); a contact j-k is kept by an owned one of the two (below nlocal)
  template <class Rows> GS_FN int mdr_screen_row(const Rows &rows, int i, int nlocal, int *missing)
  {
    int not_found = 0;
    const int jnum = rows.count(i);
    for (int jj = 0; jj < jnum; jj++) {
      const int j = rows.partner(i, jj);
      const double dij[3] = {rows.x(j, 0) - rows.x(i, 0), rows.x(j, 1) - rows.x(i, 1), rows.x(j, 2) - rows.x(i, 2)};
      const double r_ij = sqrt(gs_dot3(dij, dij));
      if (rows.radius(i) + rows.radius(j) - r_ij < 0.0) continue;
      for (int kk = jj + 1; kk < jnum; kk++) {
        const int k = rows.partner(i, kk);
        const double dik[3] = {rows.x(k, 0) - rows.x(i, 0), rows.x(k, 1) - rows.x(i, 1), rows.x(k, 2) - rows.x(i, 2)};
        const double r_ik = sqrt(gs_dot3(dik, dik));
        if (rows.radius(i) + rows.radius(k) - r_ik < 0.0) continue;
        const double djk[3] = {rows.x(k, 0) - rows.x(j, 0), rows.x(k, 1) - rows.x(j, 1), rows.x(k, 2) - rows.x(j, 2)};
        const double r_jk = sqrt(gs_dot3(djk, djk));
        if (rows.radius(j) + rows.radius(k) - r_jk < 0.0) continue;
        double penalty;
        const int which = gs_mdr_screening(dij, r_ij, dik, r_ik, djk, r_jk, &penalty);
        if (which == 0) {
          rows.add(i, jj, j, penalty);
        } else if (which == 1) {
          rows.add(i, kk, k, penalty);
        } else if (j < nlocal || k < nlocal) {
          bool found = false;
          for (int side = 0; side < 2 && !found; side++) {
            const int owner = side ? k : j, other = side ? j : k;
            if (owner >= nlocal) continue;
            for (int n = 0; n < rows.count(owner); n++)
              if (rows.partner(owner, n) == other) {
                rows.add(owner, n, other, penalty);
                found = true;
                break;
              }
          }
          if (!found) {
            not_found++;
            missing[0] = j;
            missing[1] = k;
          }
        }
      }
    }
    return not_found;
  }

}    // namespace gransync
}    // namespace LAMMPS_NS

#endif
