/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix wall/gran/sync/region: the LAMMPS region's shape and motion are read on
   the host once per step (region_geometry()), and each atom's contacts and their histories are
   computed on the device by gs_region_wall_atom() of the C core (src/core/gs_region.h). A region
   the core has no geometry for keeps the host fix's path, with the data synced around it.
------------------------------------------------------------------------- */

// the evaluator carries mdr (each atom's sums are added by the one thread that owns its row)
#ifdef GS_CONTACT_H
#error "GS_WITH_MDR must be defined before gs_contact.h is first included"
#endif
#define GS_WITH_MDR

#include "fix_wall_gran_sync_region_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "kokkos.h"
#include "region.h"
#include "update.h"

#include "gransync_kokkos_check.h"
#include "gransync_kokkos_wall_atoms.h"
#include "region_geometry.h"

using namespace LAMMPS_NS;

template <class DeviceType>
FixWallGranSyncRegionKokkos<DeviceType>::FixWallGranSyncRegionKokkos(LAMMPS *lmp, int narg, char **arg) :
    // checked before the base class registers its per-atom arrays
    GransyncWallRows<FixWallGranSyncRegion>(
        (require_matching_kokkos(lmp->error, "fix wall/gran/sync/region/kk"), lmp), narg, arg, true),
    on_device(true)
{
  kokkosable = 1;
  exchange_comm_device = sort_device = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK;
  datamask_modify = F_MASK | TORQUE_MASK;
  check_region();
}

// a region redefined under the same ID between runs may change what runs where
template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::check_region()
{
  std::string why;
  const bool supported = region_geometry_supported(region, why);
  if (!supported && on_device && comm->me == 0)
    error->warning(FLERR, "fix wall/gran/sync/region/kk: {}; this wall runs on the host", why);
  on_device = supported;
  // LAMMPS' Kokkos fix driver syncs the atom data to this space and marks it modified there
  execution_space = on_device ? ExecutionSpaceFromDevice<DeviceType>::space : Host;
}

template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::init()
{
  FixWallGranSyncRegion::init();
  keep_integrators_unfused(modify);
  if (update->whichflag == 2)
    error->all(FLERR, "fix wall/gran/sync/region/kk: minimize runs with the CPU style wall/gran/sync/region "
                      "(without '-sf kk')");
  check_region();
  device_mdr = dynamic_cast<MdrStateOnDevice<DeviceType> *>(fix_mdr);
  if (on_device && fix_mdr && !device_mdr)
    error->all(FLERR, "fix wall/gran/sync/region/kk with normal mdr needs the grains' mdr state on the device: use "
                      "pair_style granular/sync/kk (e.g. with '-sf kk'), not {}", force->pair_style);
  if (on_device && fix_halfstep && !dynamic_cast<HalfStepRecordsOnDevice<DeviceType> *>(fix_halfstep))
    error->all(FLERR, "fix wall/gran/sync/region/kk needs the half-step records on the device: use fix "
                      "nve/sphere/sync/kk (e.g. with '-sf kk'), not fix {}", fix_halfstep->style);
}

// the host fix's path, for regions the device has no geometry for (execution_space is Host)
template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::post_force_host(int vflag)
{
  // mdr: the forces read and sum the grains' state
  const uint64_t mdr_mask = model.normal == GS_NORMAL_MDR ? DVECTOR_MASK : EMPTY_MASK;
  atomKK->sync(Host, datamask_read | mdr_mask);
  k_contacts.sync_host();
  FixWallGranSyncRegion::post_force(vflag);
  k_contacts.modify_host();
  atomKK->modified(Host, datamask_modify | mdr_mask);
}

template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::contact_rows_to_host()
{
  k_contacts.sync_host();
}

// mdr, before the forces: the wall's part of each grain's mean surface displacement increment
// (fix granular/mdr/sync/kk), at the region's place at this step
template <class DeviceType>
void FixWallGranSyncRegionKokkos<DeviceType>::add_mdr_surface_increments(const double *acon0, double *ddelta_bar)
{
  if (!on_device) {
    FixWallGranSyncRegion::add_mdr_surface_increments(acon0, ddelta_bar);
    return;
  }
  if (region->dynamic_check()) region->prematch();
  gs_region geometry;
  region_geometry(region, update->dt, geometry);
  atomKK->sync(execution_space, X_MASK | RADIUS_MASK | MASK_MASK);
  k_contacts.template sync<DeviceType>();
  const auto d_x = atomKK->k_x.template view<DeviceType>();
  const auto d_radius = atomKK->k_radius.template view<DeviceType>();
  const auto d_mask = atomKK->k_mask.template view<DeviceType>();
  const auto d_contacts = k_contacts.template view<DeviceType>();
  const int bit = groupbit, nh = size_history;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KOKKOS_LAMBDA(const int i) {
        if (!(d_mask(i) & bit) || acon0[i] == 0.0) return;
        const double x[3] = {d_x(i, 0), d_x(i, 1), d_x(i, 2)};
        gs_region_mdr_surface_increments(&geometry, nh, x, d_radius(i), &d_contacts(i, 0), acon0[i],
                                         &ddelta_bar[i]);
      });
}

template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::post_force(int vflag)
{
  if (!on_device) {
    post_force_host(vflag);
    return;
  }
  const double dt = update->dt;
  if (region->dynamic_check()) {
    region->prematch();
    region->set_velocity();
  }
  gs_region geometry;
  region_geometry(region, dt, geometry);

  GransyncWallAtoms<DeviceType> atoms;
  atoms.begin(atomKK, execution_space, datamask_read, fix_halfstep, model, dt);
  k_contacts.template sync<DeviceType>();
  auto d_contacts = k_contacts.template view<DeviceType>();
  const gs_model wall_model = model;
  const int bit = groupbit, faces = tmax, history_update = update->setupflag == 0;
  const int sync = atoms.sync, consistent = atoms.consistent;
  const int with_heat = model.heat != GS_HEAT_UNSET;
  const double twall = with_heat ? wall_temperature.now(input) : 0.0;
  if (with_heat) heat.begin(atom->temperature, atom->nlocal, atom->heatflow, atom->nlocal);
  const auto d_temperature = heat.temperature;
  const auto d_heatflow = heat.heat;
  const int columns = peratom_flag ? size_peratom_cols : 0;
  const auto d_output = output.begin(atom->nlocal, columns);
  // mdr: the grains' state, read and summed (fix_mdr: set by init() for an mdr wall)
  gs_mdr_atoms mdr_atoms{};
  const int with_mdr = fix_mdr != nullptr;
  if (with_mdr) {
    atomKK->sync(execution_space, DVECTOR_MASK);
    mdr_atoms = device_mdr->atoms_on_device();
    if (!mdr_counts.data()) mdr_counts = decltype(mdr_counts)("wall/gran/sync/region/kk:mdr_counts");
  }
  const auto d_mdr_counts = mdr_counts;
  const auto d_centred = centred.begin();
  begin_energy();
  const int with_atom_energy = eflag_atom ? 1 : 0;    // (eflag_atom is a bit of eflag)
  const auto d_atom_energy = atom_energy.begin(atom->nlocal, with_atom_energy);

  int overflows = 0;
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
        // forces added face by face onto f(t+dt), in the CPU fix's order
        double e = 0.0;
        const int touched = gs_region_wall_atom(&wall_model, &geometry, faces, dt, history_update, x, v,
                                                sync ? xh : x, sync ? vh : v, omega, consistent ? next : nullptr,
                                                atoms.radius(i), atoms.rmass(i), &d_contacts(i, 0), f, torque,
                                                with_heat ? d_temperature(i) : 0.0, twall,
                                                with_heat ? &d_heatflow(i) : nullptr,
                                                columns ? &d_output(i, 0) : nullptr, &e,
                                                with_mdr ? &mdr_atoms : nullptr, i);
        if (touched == GS_WALL_CENTRED) Kokkos::atomic_inc(&d_centred());
        if (touched < 0) {
          overflow += touched == GS_WALL_CROWDED;
          return;
        }
        stored += e;
        if (with_atom_energy) d_atom_energy(i, 0) = e;
        if (with_mdr && !(Kokkos::isfinite(f[0]) && Kokkos::isfinite(f[1]) && Kokkos::isfinite(f[2])))
          Kokkos::atomic_inc(&d_mdr_counts());
        for (int k = 0; k < 3; k++) {
          atoms.f(i, k) = f[k];
          atoms.torque(i, k) = torque[k];
        }
      },
      overflows, energy_here);
  if (const int centred_atoms = centred.end())
    error->one(FLERR, "fix {}: the centres of {} atoms lie on the wall, where a contact has no normal", style,
               centred_atoms);
  if (overflows) error->one(FLERR, "fix wall/gran/sync/region/kk: more contacts than region {} reports", idregion);
  if (with_mdr) {
    auto h_count = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), mdr_counts);
    if (h_count())
      error->one(FLERR, "fix wall/gran/sync/region/kk, normal mdr: the force on {} atoms is not finite", h_count());
    atomKK->modified(execution_space, DVECTOR_MASK);
  }
  atomKK->modified(execution_space, datamask_modify);
  k_contacts.template modify<DeviceType>();
  if (with_heat) heat.end(atom->heatflow, atom->nlocal);
  output.end(array_atom, atom->nlocal, columns);
  atom_energy.end(eatom, atom->nlocal, with_atom_energy);
}

namespace LAMMPS_NS {
template class FixWallGranSyncRegionKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncRegionKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
