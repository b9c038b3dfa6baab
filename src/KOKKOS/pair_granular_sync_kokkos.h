/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   pair_style granular/sync/kk: the contact loop of granular/sync on the Kokkos device; settings,
   coefficients, mixing and restarts are the CPU style's.
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(granular/sync/kk,PairGranularSyncKokkos<LMPDeviceType>);
PairStyle(granular/sync/kk/device,PairGranularSyncKokkos<LMPDeviceType>);
PairStyle(granular/sync/kk/host,PairGranularSyncKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_PAIR_GRANULAR_SYNC_KOKKOS_H
#define LMP_PAIR_GRANULAR_SYNC_KOKKOS_H

#include "gransync_kokkos_grid.h"
#include "gransync_kokkos_heat.h"
#include "gransync_kokkos_interface.h"
#include "gransync_kokkos_spaces.h"
#include "kokkos_type.h"
#include "pair_granular_sync.h"

#include <vector>

namespace LAMMPS_NS {

template <class DeviceType> class PairGranularSyncKokkos : public PairGranularSync {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  PairGranularSyncKokkos(class LAMMPS *);
  ~PairGranularSyncKokkos() override;
  void compute(int, int) override;
  void init_style() override;
  double memory_usage() override;
  double single(int, int, int, int, double, double, double, double &) override;

 protected:
  const char *own_lists_refusal() const override;
  const char *lammps_lists_refusal() const override;
  class NeighList *new_own_list() override;
  void build_own_list(double skin) override;
  void refuse_atoms_kept_outside();
  const char *history_fix_style() const override;
  const char *refuses_dissipation() const override { return "pair granular/sync/kk"; }
  const char *mdr_fix_style() const override;
  int row_history(int a, const std::function<bool(int)> &is_partner, double *history) override;

 private:
  int neighflag;
  // the partners' device sides, found by init_style()
  HalfStepRecordsOnDevice<DeviceType> *device_records = nullptr;
  HistoryRowsOnDevice<DeviceType> *history_rows = nullptr;
  MdrStateOnDevice<DeviceType> *device_mdr = nullptr;
  Kokkos::View<gs_model *, DeviceType> d_models;    // (ntypes+1)^2, as `models`
  DAT::ttransform_kkacc_1d_6 k_vatom;
  DAT::ttransform_kkacc_1d k_eatom;
  // host copies of the packed list rows and their history for single(), taken at its first call
  // after a force computation (LAMMPS' build counter neighbor->ncalls restarts at every run's setup)
  typename AT::t_int_1d::host_mirror_type h_numneigh;
  typename Kokkos::View<int *, DeviceType>::host_mirror_type h_start, h_neighbors, h_touch;
  typename Kokkos::View<KK_FLOAT *, DeviceType>::host_mirror_type h_values;
  std::vector<int> h_row_of;    // atom -> its row in the list, -1 without one
  bool h_list_current;
  // CPU threads on a half list: blocks of rows, one per thread; each atom's route (the one block
  // that adds into it, or its slot among the atoms several blocks add into: see the kernel); the
  // blocks' copies of f and torque for those atoms, kept zero from step to step
  Kokkos::View<KK_ACC_FLOAT ***, Kokkos::LayoutRight, DeviceType> spill;
  Kokkos::View<int *, DeviceType> block_rows, route, shared_atoms;
  Kokkos::View<bigint *, DeviceType> block_work;
  int nshared = 0;
  bool blocks_cut = false;
  bigint blocks_cut_at = 0;    // the neighbor build (its step), rows and atoms the cut was made for
  int blocks_inum = 0, blocks_nreceive = 0;
  GransyncHeat<DeviceType> heat;
  GridListsKokkos<DeviceType> grid;    // lists levels: the own list's rows, built on the device

  // derived from the models when they are uploaded: the sub-models every type pair shares, if
  // they all do, and whether a history slot needs the pair's orientation (a +1 transfer factor)
  gs_kinds shared_kinds;
  bool kinds_shared = false, oriented_history = false;

  void upload_models();
  template <int NEIGHFLAG> void select_kernel(EV_FLOAT &ev);
  template <int NEIGHFLAG, int NORMAL, int DAMPING, int TANGENTIAL, int ROLLING, int TWISTING>
  void run_compiled(EV_FLOAT &ev);
  template <int NEIGHFLAG, class Kinds, bool HEAT, bool MDR> void run_kernel(EV_FLOAT &ev);
  Kokkos::View<int[3], DeviceType> contact_counts;    // see the kernel
  bigint counts_checked_at = 0;    // the step of the counts' last check
  void check_contact_counts();

 public:    // (device lambdas cannot live in private members)
  // the kernel's packed rows (start, neighbors) and touch flags, empty where it has none
  using Rows = Kokkos::View<int *, DeviceType>;
  void prepare_blocks(int inum, int nreceive, const Rows &start, const Rows &packed, const Rows &touch, bool is_packed);
  void route_atoms(int nreceive, const Rows &start, const Rows &packed, bool is_packed);
  void add_spilled(const typename AT::t_kkacc_1d_3 &d_f, const typename AT::t_kkacc_1d_3 &d_torque,
                   const typename GransyncHeat<DeviceType>::Values &d_heat);
};

}    // namespace LAMMPS_NS

#endif
#endif
