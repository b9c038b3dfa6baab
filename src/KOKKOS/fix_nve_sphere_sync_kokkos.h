/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   fix nve/sphere/sync/kk: the integrator and the half-step records on the Kokkos device.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(nve/sphere/sync/kk,FixNVESphereSyncKokkos<LMPDeviceType>);
FixStyle(nve/sphere/sync/kk/device,FixNVESphereSyncKokkos<LMPDeviceType>);
FixStyle(nve/sphere/sync/kk/host,FixNVESphereSyncKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_NVE_SPHERE_SYNC_KOKKOS_H
#define LMP_FIX_NVE_SPHERE_SYNC_KOKKOS_H

#include "fix_nve_sphere_sync.h"
#include "gransync_kokkos_interface.h"
#include "gransync_kokkos_spaces.h"
#include "kokkos_base.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixNVESphereSyncKokkos : public FixNVESphereSync, public KokkosBase, public HalfStepRecordsOnDevice<DeviceType> {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  FixNVESphereSyncKokkos(class LAMMPS *, int, char **);
  ~FixNVESphereSyncKokkos() override;
  void init() override;
  void setup_pre_force(int) override;
  void initial_integrate(int) override;
  void post_integrate() override;
  void final_integrate() override;
  void end_of_step() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;

  int pack_forward_comm_kokkos(int, DAT::tdual_int_1d, DAT::tdual_double_1d &, int, int *) override;
  void unpack_forward_comm_kokkos(int, int, DAT::tdual_double_1d &) override;
  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &) override;
  int pack_exchange_kokkos(const int &, DAT::tdual_double_2d_lr &, DAT::tdual_int_1d, DAT::tdual_int_1d,
                           ExecutionSpace) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &, DAT::tdual_int_1d &, int, int, int,
                              ExecutionSpace) override;

  void records_on_device(typename AT::t_double_1d_3_lr &offset_out, typename AT::t_double_1d_3_lr &vhalf_out) override;
  void damping_on_device(typename AT::t_double_1d_6_lr &damping_out) override;
  // the same for host styles (a CPU pair or wall, the region wall, single()): copied from the device
  double **half_offset() override;
  double **half_velocity() override;
  double **damping_state() override;

 private:
  DAT::tdual_double_1d_3_lr k_xstart, k_offset, k_vhalf;
  DAT::tdual_double_1d_6_lr k_damping;    // scheme consistent only

  bool consistent() const { return scheme == GS_SCHEME_CONSISTENT; }
  void sync_records_device();
  void modified_records_device(bool with_xstart);
  void sync_records_host();
  void modified_records_host();
};

}    // namespace LAMMPS_NS

#endif
#endif
