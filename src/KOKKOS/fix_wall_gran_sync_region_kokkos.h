/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   fix wall/gran/sync/region/kk: region walls of wall/gran/sync/region on the Kokkos device.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync/region/kk,FixWallGranSyncRegionKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/region/kk/device,FixWallGranSyncRegionKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/region/kk/host,FixWallGranSyncRegionKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_REGION_KOKKOS_H
#define LMP_FIX_WALL_GRAN_SYNC_REGION_KOKKOS_H

#include "fix_wall_gran_sync_region.h"
#include "gransync_kokkos_spaces.h"
#include "gransync_kokkos_wall.h"

namespace LAMMPS_NS {

template <class DeviceType>
class FixWallGranSyncRegionKokkos : public GransyncWallKokkos<FixWallGranSyncRegion, DeviceType> {
 public:
  FixWallGranSyncRegionKokkos(class LAMMPS *, int, char **);
  void post_force(int) override;
  bool mdr_sums_on_device() const override { return on_device; }
  // mdr: on the device where the wall runs there (public for CUDA)
  void add_mdr_surface_increments(const double *acon0, double *ddelta_bar) override;

 protected:
  void init_geometry() override;
  bool runs_on_device() const override { return on_device; }
  void contact_rows_to_host() override { this->k_rows.sync_host(); }

 private:
  bool on_device;    // the region's shape is one the device knows; else the wall runs on the host
  MdrStateOnDevice<DeviceType> *device_mdr = nullptr;    // the grains' mdr state (init())
  Kokkos::View<int, DeviceType> mdr_counts;    // mdr: atoms whose wall force is not finite

  void check_region();
  void post_force_host(int);
};

}    // namespace LAMMPS_NS

#endif
#endif
