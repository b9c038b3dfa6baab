/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   pair_style granular/sync/kk: the contact loop of granular/sync on the Kokkos device; settings,
   coefficients, mixing and restarts are the CPU style's.
------------------------------------------------------------------------- */

#ifndef LMP_PAIR_GRANULAR_SYNC_KOKKOS_H
#define LMP_PAIR_GRANULAR_SYNC_KOKKOS_H

#include "kokkos_type.h"
#include "pair_granular_sync.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixNeighHistoryKokkos;

template <class DeviceType> class PairGranularSyncKokkos : public PairGranularSync {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  PairGranularSyncKokkos(class LAMMPS *);
  ~PairGranularSyncKokkos() override;
  void compute(int, int) override;
  void init_style() override;
  double single(int, int, int, int, double, double, double, double &) override;

 protected:
  const char *history_fix_style() const override;
  void stored_history(int i, int j, double *history) override;

 private:
  int neighflag;
  Kokkos::View<gs_model *, DeviceType> d_models;    // (ntypes+1)^2, as `models`
  DAT::ttransform_kkacc_1d_6 k_vatom;
  // host copies of the neighbor list for single(), taken at its first call after a force
  // computation (LAMMPS' build counter neighbor->ncalls restarts at every run's setup)
  typename AT::t_neighbors_2d::host_mirror_type h_neighbors;
  typename AT::t_int_1d::host_mirror_type h_numneigh;
  bool h_list_current;

  void upload_models();
  template <int NEIGHFLAG> void run_kernel(int inum, EV_FLOAT &ev);
};

}    // namespace LAMMPS_NS

#endif
