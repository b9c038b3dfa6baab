/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The contact history fix of granular/sync/kk: LAMMPS' fix neigh/history/kk, plus reading its
   own restart data, with the write_restart of the CPU fix (fix_neigh_history_sync.h). The Kokkos fix inherits the CPU fix's unpack_restart(), which points each
   atom's partner rows at fresh host pages instead of filling the Kokkos views, so a restarted
   /kk run started with no contact history.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H

#include "fix_neigh_history_kokkos.h"
#include "fix_neigh_history_sync.h"

namespace LAMMPS_NS {

template <class DeviceType>
class FixNeighHistorySyncKokkos : public RunAwareHistory<FixNeighHistoryKokkos<DeviceType>> {
 public:
  using RunAwareHistory<FixNeighHistoryKokkos<DeviceType>>::RunAwareHistory;
  void unpack_restart(int, int) override;
};

}    // namespace LAMMPS_NS

#endif
