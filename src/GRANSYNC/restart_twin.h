/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Per-atom restart data across the CPU and /kk versions of a fix. LAMMPS hands a fix the per-atom
   data of a restart file only when the style written there is its own, letter for letter, so a
   run continued with -sf kk from a CPU run's file (or the other way) started every contact without
   its history. Both versions write the same records; adopt_twin_restart() gives a fix the data of
   its twin (same ID, style differing only by a Kokkos suffix). Call it from post_constructor(),
   where LAMMPS is about to match the exact style itself.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_RESTART_TWIN_H
#define LMP_GRANSYNC_RESTART_TWIN_H

namespace LAMMPS_NS {
class Fix;
class LAMMPS;

namespace gransync {
  void adopt_twin_restart(LAMMPS *lmp, Fix *fix);
}    // namespace gransync
}    // namespace LAMMPS_NS

#endif
