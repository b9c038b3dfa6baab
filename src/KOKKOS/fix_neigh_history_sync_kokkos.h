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
     contact history; and its size_restart()/pack_restart(), which read the host copies of the
     partner arrays that pre_exchange() has just filled on the device (stale on a GPU).
   - With the exchange on the host (-pk kokkos comm host), LAMMPS' fix still packs and unpacks
     the device copy of the exchange buffer that MPI sends and receives from the host.
   - LAMMPS' fix refuses newton on. Here, as in LAMMPS' CPU fix, a pair's two atoms get its history
     from the one row that holds it, ghosts included, and the ghosts' records go to their owners
     by reverse communication (write_partners()).
   Between re-neighborings the pair style works on the list's rows packed one after another
   (packed_rows()): LAMMPS' arrays give every row the length of the longest, a large grain's, so a
   fine grain's few contacts lay a long row apart (a size-ratio-10 bed: 80 slots per row for 8
   neighbors on average, 10x the memory traffic). post_neighbor() fills them from the partner
   arrays and pre_exchange() writes the partner arrays from them; LAMMPS' list-shaped arrays are
   never allocated.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H

#include "fix_neigh_history_kokkos.h"
#include "fix_neigh_history_sync.h"

#include <vector>

namespace LAMMPS_NS {

template <class DeviceType>
class FixNeighHistorySyncKokkos : public RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>> {
 public:
  using RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>::RestartSafeHistory;
  void post_neighbor() override;
  void restart(char *) override;
  int size_restart(int) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int pack_exchange_kokkos(const int &, DAT::tdual_double_2d_lr &, DAT::tdual_int_1d, DAT::tdual_int_1d,
                           ExecutionSpace) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &, DAT::tdual_int_1d &, int, int, int,
                              ExecutionSpace) override;

  // the pair's list with its contact flags and history, row after row: row ii (atom ilist(ii))
  // holds slots start(ii) to start(ii + 1) - 1, slot p its neighbor, flag and values dnum*p...
  struct PackedRows {
    Kokkos::View<int *, DeviceType> start, neighbors, touch;
    Kokkos::View<KK_FLOAT *, DeviceType> values;
  };
  const PackedRows &packed_rows() const { return rows; }
  // A pair style with its own list (lists levels) sets its rows here after each build: row ii of
  // the list (atom ilist(ii)) holds neighbors(start(ii)) to neighbors(start(ii + 1) - 1). Empty:
  // LAMMPS' list, whose rows are copied.
  struct ListRows {
    Kokkos::View<int *, DeviceType> start, neighbors;
  } own_rows;
  double memory_usage() override;

  // public for CUDA's device lambdas
  template <class Counts> void count_touching(const Counts &count, int named_below);
  void pack_rows();
  void write_partners();

 protected:
  void copy_history_to_atoms() override;
  void write_global_record(FILE *) override;

 private:
  // one atom's exchange record (count, partner tags, then their values), read from the host copy
  std::vector<double> record;
  PackedRows rows;
  int rows_inum = 0;    // the list's rows when they were packed
  void orient_record(tagint own, tagint partner, double *values) const;
  bool rows_packed = false;    // the packed rows, not LAMMPS' arrays, hold the current history
  const double *exchange_record(int i);
  int most_partners_anywhere(int here);
  void hold_partners(int count);
};

}    // namespace LAMMPS_NS

#endif
