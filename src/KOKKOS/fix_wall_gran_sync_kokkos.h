/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   fix wall/gran/sync/kk: plane and z-cylinder walls of wall/gran/sync on the Kokkos device.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync/kk,FixWallGranSyncKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/kk/device,FixWallGranSyncKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/kk/host,FixWallGranSyncKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_KOKKOS_H
#define LMP_FIX_WALL_GRAN_SYNC_KOKKOS_H

#include "fix_wall_gran_sync.h"
#include "gransync_kokkos_heat.h"
#include "gransync_kokkos_output.h"
#include "gransync_kokkos_spaces.h"
#include "kokkos_base.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixWallGranSyncKokkos : public FixWallGranSync, public KokkosBase {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  FixWallGranSyncKokkos(class LAMMPS *, int, char **);
  ~FixWallGranSyncKokkos() override;
  void init() override;
  void post_force(int) override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;

  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &) override;
  int pack_exchange_kokkos(const int &, DAT::tdual_double_2d_lr &, DAT::tdual_int_1d, DAT::tdual_int_1d,
                           ExecutionSpace) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &, DAT::tdual_int_1d &, int, int, int,
                              ExecutionSpace) override;

 protected:
  const char *refuses_dissipation() const override { return "fix wall/gran/sync/kk"; }

 private:
  DAT::tdual_double_2d_lr k_history;
  GransyncHeat<DeviceType> heat;
  GransyncWallOutput<DeviceType> output, atom_energy;
  GransyncCentredAtoms<DeviceType> centred;
};

}    // namespace LAMMPS_NS

#endif
#endif
