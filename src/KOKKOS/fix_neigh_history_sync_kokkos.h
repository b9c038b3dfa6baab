/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The contact history fix of granular/sync/kk: LAMMPS' fix neigh/history/kk with the
   write_restart of the CPU fix (fix_neigh_history_sync.h), and with room for every partner:
   - LAMMPS' fix grows its per-atom partner arrays inside pre_exchange() when an atom has more
     partners than they hold, but keeps writing through the views it held before growing, past
     their end: the history of the extra partners was lost and memory overwritten. This fix makes
     room before LAMMPS' pre_exchange() runs.
   - Ranks grew their arrays independently, and an atom arriving with more partners than the
     receiving rank holds overflows them. Here every rank holds as many as the largest count on
     any rank: pre_exchange() agrees on it before atoms move, and restart files carry it.
   - LAMMPS' fix inherits the CPU fix's unpack_restart(), which points each atom's partner rows at
     fresh host pages instead of filling the Kokkos views, so a restarted /kk run started with no
     contact history.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H

#include "fix_neigh_history_kokkos.h"
#include "fix_neigh_history_sync.h"

namespace LAMMPS_NS {

template <class DeviceType>
class FixNeighHistorySyncKokkos : public RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>> {
 public:
  using RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>::RestartSafeHistory;
  void pre_exchange() override;
  void restart(char *) override;
  void unpack_restart(int, int) override;

  // public for CUDA's device lambdas
  int most_partners_here();

 protected:
  void write_global_record(FILE *) override;

 private:
  // the partners counted per local atom, reused from one re-neighboring to the next
  Kokkos::View<int *, DeviceType> partner_count;
  int most_partners_anywhere(int here);
  void hold_partners(int count);
};

}    // namespace LAMMPS_NS

#endif
