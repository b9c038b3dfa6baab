/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix wall/gran/sync/mesh: the mesh's arrays are copied to the device once, its
   motion is set on the host once per step, and each atom's contacts and their histories are
   computed on the device by gs_mesh_wall_atom() of the C core (src/core/gs_mesh.h).
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync_mesh_kokkos.h"

#include "kokkos.h"

using namespace LAMMPS_NS;

// a device copy of n values of a host array
template <class DeviceType, class T> static Kokkos::View<T *, DeviceType> to_device(const char *name, const T *host, int n)
{
  Kokkos::View<T *, DeviceType> view(name, n > 0 ? n : 1);
  if (n > 0)
    Kokkos::deep_copy(Kokkos::subview(view, Kokkos::make_pair(0, n)),
                      Kokkos::View<const T *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(host, n));
  return view;
}

template <class DeviceType>
FixWallGranSyncMeshKokkos<DeviceType>::FixWallGranSyncMeshKokkos(LAMMPS *lmp, int narg, char **arg) :
    GransyncWallKokkos<FixWallGranSyncMesh, DeviceType>("fix wall/gran/sync/mesh/kk", lmp, narg, arg)
{
  const gs_mesh_data &data = this->data;
  d_vert = to_device<DeviceType>("mesh:vert", data.vert, 3 * data.nvert);
  d_normal = to_device<DeviceType>("mesh:normal", data.normal, 3 * data.ntri);
  d_tri_vert = to_device<DeviceType>("mesh:tri_vert", data.tri_vert, 3 * data.ntri);
  d_tri_edge = to_device<DeviceType>("mesh:tri_edge", data.tri_edge, 3 * data.ntri);
  d_edge_tri = to_device<DeviceType>("mesh:edge_tri", data.edge_tri, 2 * data.nedge);
  d_vert_tri_start = to_device<DeviceType>("mesh:vert_tri_start", data.vert_tri_start, data.nvert + 1);
  d_vert_tri = to_device<DeviceType>("mesh:vert_tri", data.vert_tri, 3 * data.ntri);
  d_cell_start = to_device<DeviceType>("mesh:cell_start", data.cell_start, data.ncells + 1);
  d_cell_tri = to_device<DeviceType>("mesh:cell_tri", data.cell_tri, data.cell_start[data.ncells]);
  d_tri_cell = to_device<DeviceType>("mesh:tri_cell", data.tri_cell, 3 * data.ntri);
  device_mesh = this->mesh;
  device_mesh.vert = d_vert.data();
  device_mesh.normal = d_normal.data();
  device_mesh.tri_vert = d_tri_vert.data();
  device_mesh.tri_edge = d_tri_edge.data();
  device_mesh.edge_tri = d_edge_tri.data();
  device_mesh.vert_tri_start = d_vert_tri_start.data();
  device_mesh.vert_tri = d_vert_tri.data();
  device_mesh.cell_start = d_cell_start.data();
  device_mesh.cell_tri = d_cell_tri.data();
  device_mesh.tri_cell = d_tri_cell.data();
}

template <class DeviceType> void FixWallGranSyncMeshKokkos<DeviceType>::post_force(int /*vflag*/)
{
  const double dt = this->update->dt;
  const gs_mesh_motion mo = this->motion_now();
  const auto frame = this->begin_frame();
  const gs_model wall_model = this->model;
  const gs_mesh g = device_mesh;
  const int sync = frame.atoms.sync;
  const int overflows = this->for_each_atom(
      frame, KOKKOS_LAMBDA(const int i, typename GransyncWallFrame<DeviceType>::State &a, double &e) {
        return gs_mesh_wall_atom(&wall_model, &g, &mo, dt, frame.history_update, a.x, a.v, a.x_sync(sync),
                                 a.v_sync(sync), a.omega, frame.next(a), frame.atoms.radius(i), frame.atoms.rmass(i),
                                 frame.row(i), a.f, a.torque, frame.temperature_of(i), frame.twall,
                                 frame.heatflow_of(i), frame.output_of(i), &e, nullptr);
      });
  if (overflows)
    this->error->one(FLERR, "fix {}: {} atoms touch the mesh in more directions than their {} {}", this->style,
                     overflows, GS_MESH_MAX_CONTACTS, this->too_many_directions);
  this->end_frame(frame, "mesh");
}

namespace LAMMPS_NS {
template class FixWallGranSyncMeshKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncMeshKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
