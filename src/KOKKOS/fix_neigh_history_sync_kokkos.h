/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The contact history fix of granular/sync/kk: LAMMPS' fix neigh/history/kk with the
   write_restart of the CPU fix (fix_neigh_history_sync.h), and its partner records kept otherwise:
   - LAMMPS' fix keeps them in per-atom arrays as wide as the most partners of any atom (a large
     grain's, for every atom and ghost: most of a polydisperse /kk run's memory), grows them inside
     pre_exchange() while writing through the views it held before (past their end), and grows
     them per rank, so an atom arriving with more partners than the receiving rank holds
     overflows them. Here the records (a partner's tag and its values) lie in one pool, each
     atom's one after another, as many as it has: pre_exchange() rewrites the pool from the packed
     rows; an arriving atom appends its records; one that leaves or moves within the arrays takes
     only its place (first record, count) with it. Exchange buffers are sized by the most records
     of an atom on any rank, agreed before atoms move and carried by restart files.
   - LAMMPS' fix inherits the CPU fix's unpack_restart(), which points each atom's partner rows at
     fresh host pages instead of filling the Kokkos views, so a restarted /kk run started with no
     contact history; and its size_restart()/pack_restart(), which read host copies that
     pre_exchange() has just filled on the device (stale on a GPU).
   - With the exchange on the host (-pk kokkos comm host), LAMMPS' fix still packs and unpacks
     the device copy of the exchange buffer that MPI sends and receives from the host.
   - LAMMPS' fix refuses newton on. Here, as in LAMMPS' CPU fix, a pair's two atoms get its history
     from the one row that holds it, ghosts included, and the ghosts' records go to their owners
     by reverse communication (write_partners()).
   Between re-neighborings the pair style works on the list's rows packed one after another
   (packed_rows()): LAMMPS' arrays give every row the length of the longest, a large grain's, so a
   fine grain's few contacts lay a long row apart (a size-ratio-10 bed: 80 slots per row for 8
   neighbors on average, 10x the memory traffic). post_neighbor() fills them from the partner
   records and pre_exchange() writes the partner records from them; LAMMPS' list-shaped arrays are
   never allocated.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(NEIGH_HISTORY/SYNC/KK/DEVICE,FixNeighHistorySyncKokkos<LMPDeviceType>);
FixStyle(NEIGH_HISTORY/SYNC/KK/HOST,FixNeighHistorySyncKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_KOKKOS_H

#include "fix_neigh_history_kokkos.h"
#include "fix_neigh_history_sync.h"
#include "gransync_kokkos_interface.h"
#include "gransync_kokkos_spaces.h"

#include <type_traits>
#include <utility>
#include <vector>

namespace LAMMPS_NS {

template <class DeviceType>
class FixNeighHistorySyncKokkos : public RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>,
                                  public HistoryRowsOnDevice<DeviceType> {
 public:
  FixNeighHistorySyncKokkos(class LAMMPS *, int, char **);
  void post_neighbor() override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  void sort_kokkos(Kokkos::BinSort<KokkosBase::KeyViewType, KokkosBase::BinOp> &) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_reverse_comm_size(int, int) override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  int maxsize_restart() override;
  void restart(char *) override;
  int size_restart(int) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int pack_exchange_kokkos(const int &, DAT::tdual_double_2d_lr &, DAT::tdual_int_1d, DAT::tdual_int_1d,
                           ExecutionSpace) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &, DAT::tdual_int_1d &, int, int, int,
                              ExecutionSpace) override;

  using PackedRows = typename HistoryRowsOnDevice<DeviceType>::PackedRows;
  const PackedRows &packed_rows() const override { return rows; }
  double memory_usage() override;

  // public for CUDA's device lambdas
  template <class Counts> void count_touching(const Counts &count, int named_below);
  void pack_rows();
  void write_partners();
  int pack_exchange_records(int nsend, DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_sendlist,
                            DAT::tdual_int_1d &k_copylist);
  void unpack_exchange_records(DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_indices, int nrecv, int nrecv1,
                               int nextrarecv1);

 protected:
  void copy_history_to_atoms() override;
  void write_global_record(FILE *) override;

 private:
  // atom i's records: partner_count(i) of them from pool slot partner_first(i) on; slot s holds a
  // partner's tag pool_tags(s) and its values pool_values(dnum * s + k)
  using PoolTags = Kokkos::DualView<tagint *, LMPDeviceType>;
  using PoolValues = Kokkos::DualView<KK_FLOAT *, LMPDeviceType>;
  template <class Dual> using On = std::decay_t<decltype(std::declval<Dual &>().template view<DeviceType>())>;
  DAT::tdual_int_1d k_partner_count, k_partner_first;
  PoolTags k_pool_tags;
  PoolValues k_pool_values;
  struct Records {
    On<DAT::tdual_int_1d> count, first;
    On<PoolTags> tags;
    On<PoolValues> values;
  };
  Records records_on_device();    // synced there
  int pool_used = 0;    // slots written since the pool was last rewritten (some left by departed atoms)
  int exchange_partners = 0;    // the partners of one atom that maxexchange holds room for
  void hold_pool(int slots, bool on_host);
  void sync_records_host();
  void modified_records_host();
  // one atom's exchange record (count, partner tags, then their values), read from the host copy
  std::vector<double> record;
  PackedRows rows;
  int rows_inum = 0;    // the list's rows when they were packed
  void orient_record(tagint own, tagint partner, double *values) const;
  bool rows_packed = false;    // the packed rows, not the partner records, hold the current history
  const double *exchange_record(int i);
  int most_partners_anywhere(int here);
  void agree_exchange_size(int most_here);
};

}    // namespace LAMMPS_NS

#endif
#endif
