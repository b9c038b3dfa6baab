/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix wall/gran/sync/mesh: the mesh's arrays are copied to the device once, its
   motion is set on the host once per step, and each atom's contacts and their histories are
   computed on the device by gs_mesh_wall_atom() of the C core (src/core/gs_mesh.h).
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync_mesh_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "kokkos.h"
#include "update.h"

#include "gransync_kokkos_check.h"
#include "gransync_kokkos_wall_atoms.h"

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
    // checked before the base class registers its per-atom arrays
    GransyncWallRows<FixWallGranSyncMesh>((require_matching_kokkos(lmp->error, "fix wall/gran/sync/mesh/kk"), lmp),
                                          narg, arg, true)
{
  kokkosable = 1;
  exchange_comm_device = sort_device = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK;
  datamask_modify = F_MASK | TORQUE_MASK;


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
  device_mesh = mesh;
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

template <class DeviceType> void FixWallGranSyncMeshKokkos<DeviceType>::init()
{
  FixWallGranSyncMesh::init();
  keep_integrators_unfused(modify);
  if (update->whichflag == 2)
    error->all(FLERR, "fix wall/gran/sync/mesh/kk: minimize runs with the CPU style wall/gran/sync/mesh (without "
                      "'-sf kk')");
  if (fix_halfstep && !dynamic_cast<HalfStepRecordsOnDevice<DeviceType> *>(fix_halfstep))
    error->all(FLERR, "fix wall/gran/sync/mesh/kk needs the half-step records on the device: use fix "
                      "nve/sphere/sync/kk (e.g. with '-sf kk'), not fix {}", fix_halfstep->style);
}

template <class DeviceType> void FixWallGranSyncMeshKokkos<DeviceType>::post_force(int /*vflag*/)
{
  const double dt = update->dt;
  const gs_mesh_motion mo = motion_now();
  GransyncWallAtoms<DeviceType> atoms;
  atoms.begin(atomKK, execution_space, datamask_read, fix_halfstep, model, dt);
  k_contacts.template sync<DeviceType>();
  auto d_contacts = k_contacts.template view<DeviceType>();
  const gs_model wall_model = model;
  const gs_mesh g = device_mesh;
  const int bit = groupbit, history_update = update->setupflag == 0;
  const int sync = atoms.sync, consistent = atoms.consistent;
  const int with_heat = model.heat != GS_HEAT_UNSET;
  const double twall = with_heat ? wall_temperature.now(input) : 0.0;
  if (with_heat) heat.begin(atom->temperature, atom->nlocal, atom->heatflow, atom->nlocal);
  const auto d_temperature = heat.temperature;
  const auto d_heatflow = heat.heat;
  const int columns = peratom_flag ? size_peratom_cols : 0;
  const auto d_output = output.begin(atom->nlocal, columns);
  begin_energy();
  const int with_atom_energy = eflag_atom ? 1 : 0;    // (eflag_atom is a bit of eflag)
  const auto d_atom_energy = atom_energy.begin(atom->nlocal, with_atom_energy);

  int overflows = 0;
  const auto d_centred = centred.begin();
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
      KOKKOS_LAMBDA(const int i, int &overflow, double &stored) {
        if (!(atoms.mask(i) & bit)) return;
        double x[3], v[3], xh[3], vh[3], omega[3], next[6], f[3], torque[3];
        atoms.gather(i, x, v, omega, xh, vh, next);
        for (int k = 0; k < 3; k++) {
          f[k] = atoms.f(i, k);
          torque[k] = atoms.torque(i, k);
        }
        double e = 0.0;
        const int touched = gs_mesh_wall_atom(&wall_model, &g, &mo, dt, history_update, x, v, sync ? xh : x,
                                              sync ? vh : v, omega, consistent ? next : nullptr, atoms.radius(i),
                                              atoms.rmass(i), &d_contacts(i, 0), f, torque,
                                              with_heat ? d_temperature(i) : 0.0, twall,
                                              with_heat ? &d_heatflow(i) : nullptr,
                                              columns ? &d_output(i, 0) : nullptr, &e, nullptr);
        if (touched == GS_WALL_CENTRED) Kokkos::atomic_inc(&d_centred());
        if (touched < 0) {
          overflow += touched == GS_WALL_CROWDED;
          return;
        }
        stored += e;
        if (with_atom_energy) d_atom_energy(i, 0) = e;
        for (int k = 0; k < 3; k++) {
          atoms.f(i, k) = f[k];
          atoms.torque(i, k) = torque[k];
        }
      },
      overflows, energy_here);
  if (const int centred_atoms = centred.end())
    error->one(FLERR, "fix {}: the centres of {} atoms lie on the mesh, where a contact has no normal", style,
               centred_atoms);
  if (overflows)
    error->one(FLERR, "fix wall/gran/sync/mesh/kk: {} atoms touch the mesh in more directions than their {} {}",
               overflows, GS_MESH_MAX_CONTACTS, too_many_directions);
  atomKK->modified(execution_space, datamask_modify);
  k_contacts.template modify<DeviceType>();
  if (with_heat) heat.end(atom->heatflow, atom->nlocal);
  output.end(array_atom, atom->nlocal, columns);
  atom_energy.end(eatom, atom->nlocal, with_atom_energy);
}

namespace LAMMPS_NS {
template class FixWallGranSyncMeshKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncMeshKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
