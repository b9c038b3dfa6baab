/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   fix wall/gran/sync/mesh/kk: mesh walls of wall/gran/sync/mesh on the Kokkos device.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/gran/sync/mesh/kk,FixWallGranSyncMeshKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/mesh/kk/device,FixWallGranSyncMeshKokkos<LMPDeviceType>);
FixStyle(wall/gran/sync/mesh/kk/host,FixWallGranSyncMeshKokkos<GransyncHostType>);
// clang-format on
#else

#ifndef LMP_FIX_WALL_GRAN_SYNC_MESH_KOKKOS_H
#define LMP_FIX_WALL_GRAN_SYNC_MESH_KOKKOS_H

#include "fix_wall_gran_sync_mesh.h"
#include "gransync_kokkos_spaces.h"
#include "gransync_kokkos_wall.h"

namespace LAMMPS_NS {

template <class DeviceType>
class FixWallGranSyncMeshKokkos : public GransyncWallKokkos<FixWallGranSyncMesh, DeviceType> {
 public:
  FixWallGranSyncMeshKokkos(class LAMMPS *, int, char **);
  void post_force(int) override;

 private:
  // the mesh's arrays on the device, and the view of them the kernels read
  Kokkos::View<double *, DeviceType> d_vert, d_normal;
  Kokkos::View<int *, DeviceType> d_tri_vert, d_tri_edge, d_edge_tri, d_vert_tri_start, d_vert_tri, d_cell_start,
      d_cell_tri, d_tri_cell;
  gs_mesh device_mesh;
};

}    // namespace LAMMPS_NS

#endif
#endif
