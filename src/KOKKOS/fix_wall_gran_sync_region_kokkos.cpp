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

#include "comm.h"
#include "force.h"
#include "kokkos.h"
#include "region.h"

#include "region_geometry.h"

using namespace LAMMPS_NS;

template <class DeviceType>
FixWallGranSyncRegionKokkos<DeviceType>::FixWallGranSyncRegionKokkos(LAMMPS *lmp, int narg, char **arg) :
    GransyncWallKokkos<FixWallGranSyncRegion, DeviceType>("fix wall/gran/sync/region/kk", lmp, narg, arg),
    on_device(true)
{
  check_region();
}

// a region redefined under the same ID between runs may change what runs where
template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::check_region()
{
  std::string why;
  const bool supported = region_geometry_supported(this->region, why);
  if (!supported && on_device && this->comm->me == 0)
    this->error->warning(FLERR, "fix wall/gran/sync/region/kk: {}; this wall runs on the host", why);
  on_device = supported;
  // LAMMPS' Kokkos fix driver syncs the atom data to this space and marks it modified there
  this->execution_space = on_device ? ExecutionSpaceFromDevice<DeviceType>::space : Host;
}

template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::init_geometry()
{
  FixWallGranSyncRegion::init_geometry();
  check_region();
  device_mdr = dynamic_cast<MdrStateOnDevice<DeviceType> *>(this->fix_mdr);
  if (on_device && this->fix_mdr && !device_mdr)
    this->error->all(FLERR, "fix wall/gran/sync/region/kk with normal mdr needs the grains' mdr state on the device: "
                            "use pair_style granular/sync/kk (e.g. with '-sf kk'), not {}", this->force->pair_style);
}

// the host fix's path, for regions the device has no geometry for (execution_space is Host)
template <class DeviceType> void FixWallGranSyncRegionKokkos<DeviceType>::post_force_host(int vflag)
{
  // mdr: the forces read and sum the grains' state
  const uint64_t mdr_mask = this->model.normal == GS_NORMAL_MDR ? DVECTOR_MASK : EMPTY_MASK;
  this->atomKK->sync(Host, this->datamask_read | mdr_mask);
  this->k_rows.sync_host();
  FixWallGranSyncRegion::post_force(vflag);
  this->k_rows.modify_host();
  this->atomKK->modified(Host, this->datamask_modify | mdr_mask);
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
  Region *region = this->region;
  if (region->dynamic_check()) region->prematch();
  gs_region geometry;
  region_geometry(region, this->update->dt, geometry);
  AtomKokkos *atomKK = this->atomKK;
  atomKK->sync(this->execution_space, X_MASK | RADIUS_MASK | MASK_MASK);
  this->k_rows.template sync<DeviceType>();
  const auto d_x = atomKK->k_x.template view<DeviceType>();
  const auto d_radius = atomKK->k_radius.template view<DeviceType>();
  const auto d_mask = atomKK->k_mask.template view<DeviceType>();
  const auto d_contacts = this->k_rows.template view<DeviceType>();
  const int bit = this->groupbit, nh = this->size_history;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, this->atom->nlocal), KOKKOS_LAMBDA(const int i) {
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
  const double dt = this->update->dt;
  Region *region = this->region;
  if (region->dynamic_check()) {
    region->prematch();
    region->set_velocity();
  }
  gs_region geometry;
  region_geometry(region, dt, geometry);

  const auto frame = this->begin_frame();
  const gs_model wall_model = this->model;
  const int faces = this->tmax, sync = frame.atoms.sync;
  // mdr: the grains' state, read and summed (device_mdr: set by init() for an mdr wall)
  gs_mdr_atoms mdr_atoms{};
  const int with_mdr = device_mdr != nullptr;
  if (with_mdr) {
    this->atomKK->sync(this->execution_space, DVECTOR_MASK);
    mdr_atoms = device_mdr->atoms_on_device();
    if (!mdr_counts.data()) mdr_counts = decltype(mdr_counts)("wall/gran/sync/region/kk:mdr_counts");
  }
  const auto d_mdr_counts = mdr_counts;

  const int overflows = this->for_each_atom(
      frame, KOKKOS_LAMBDA(const int i, typename GransyncWallFrame<DeviceType>::State &a, double &e) {
        // forces added face by face onto f(t+dt), in the CPU fix's order
        const int touched = gs_region_wall_atom(&wall_model, &geometry, faces, dt, frame.history_update, a.x, a.v,
                                                a.x_sync(sync), a.v_sync(sync), a.omega, frame.next(a),
                                                frame.atoms.radius(i), frame.atoms.rmass(i), frame.row(i), a.f,
                                                a.torque, frame.temperature_of(i), frame.twall, frame.heatflow_of(i),
                                                frame.output_of(i), &e, with_mdr ? &mdr_atoms : nullptr, i);
        if (touched >= 0 && with_mdr &&
            !(Kokkos::isfinite(a.f[0]) && Kokkos::isfinite(a.f[1]) && Kokkos::isfinite(a.f[2])))
          Kokkos::atomic_inc(&d_mdr_counts());
        return touched;
      });
  if (overflows)
    this->error->one(FLERR, "fix {}: more contacts than region {} reports", this->style, this->idregion);
  if (with_mdr) {
    auto h_count = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), mdr_counts);
    if (h_count())
      this->error->one(FLERR, "fix {}, normal mdr: the force on {} atoms is not finite", this->style, h_count());
    this->atomKK->modified(this->execution_space, DVECTOR_MASK);
  }
  this->end_frame(frame, "wall");
}

namespace LAMMPS_NS {
template class FixWallGranSyncRegionKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncRegionKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
