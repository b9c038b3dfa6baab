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
#include "gransync_kokkos_spaces.h"
#include "gransync_kokkos_wall.h"

namespace LAMMPS_NS {

template <class DeviceType>
class FixWallGranSyncKokkos : public GransyncWallKokkos<FixWallGranSync, DeviceType> {
 public:
  FixWallGranSyncKokkos(class LAMMPS *, int, char **);
  void post_force(int) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
