/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The mdr model's per-atom state for granular/sync/kk (created by the pair style, as the CPU
   style creates fix granular/mdr/sync): the same passes before the forces, on the device.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(granular/mdr/sync/kk/device,FixGranularMDRSyncKokkos<LMPDeviceType>);
FixStyle(granular/mdr/sync/kk/host,FixGranularMDRSyncKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_GRANULAR_MDR_SYNC_KOKKOS_H
#define LMP_FIX_GRANULAR_MDR_SYNC_KOKKOS_H

#include "fix_granular_mdr_sync.h"
#include "gransync_kokkos_interface.h"
#include "gransync_kokkos_spaces.h"
#include "kokkos_base.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixGranularMDRSyncKokkos : public FixGranularMDRSync, public KokkosBase, public MdrStateOnDevice<DeviceType> {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  FixGranularMDRSyncKokkos(class LAMMPS *, int, char **);
  ~FixGranularMDRSyncKokkos() override;
  int setmask() override;
  void init() override;
  void setup_pre_exchange() override;
  void pre_exchange() override;
  void setup_post_neighbor() override;
  void post_neighbor() override;
  void pre_force(int) override;
  void grow_arrays(int) override;
  void set_arrays(int) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;
  int pack_forward_comm_kokkos(int, DAT::tdual_int_1d, DAT::tdual_double_1d &, int, int *) override;
  void unpack_forward_comm_kokkos(int, int, DAT::tdual_double_1d &) override;

  gs_mdr_atoms atoms_on_device() const override;

  // public for CUDA's device lambdas
  struct Vectors {
    double *v[GS_MDR_NVECTORS];
  };
  Vectors device_vectors() const;
  // the pair's list and contact history, row after row (fix_neigh_history_sync_kokkos.h)
  struct PairRows {
    Kokkos::View<int *, DeviceType> start, neighbors;
    Kokkos::View<KK_FLOAT *, DeviceType> values;
    typename AT::t_int_1d ilist, numneigh;
    int inum, nh;
  };
  PairRows pair_rows() const;
  void screen_contacts_on_device();
  void sum_surface_increments_on_device();

 private:
  // between exchange and neighbor build the state's host copy is written (migration, ghosts)
  bool host_written;
  void forward_comm(int stage, int size);
  uint64_t stage_mask() const;
};

}    // namespace LAMMPS_NS

#endif
#endif
