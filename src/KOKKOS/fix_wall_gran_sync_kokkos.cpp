/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix wall/gran/sync: one atom per work item through gs_wall_contact() of the
   C core (src/core/gs_wall.h), like the CPU fix; the per-atom wall history is a DualView that
   travels with migrating atoms on the device.
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "kokkos.h"
#include "memory_kokkos.h"

#include "gransync_kokkos_check.h"
#include "gransync_kokkos_wall_atoms.h"
#include "gransync_kokkos_heat.h"
#include "gransync_kokkos_rows.h"
#include "update.h"

#include "gs_wall.h"

using namespace LAMMPS_NS;

template <class DeviceType>
FixWallGranSyncKokkos<DeviceType>::FixWallGranSyncKokkos(LAMMPS *lmp, int narg, char **arg) :
    // checked before the base class registers its per-atom arrays
    FixWallGranSync((require_matching_kokkos(lmp->error, "fix wall/gran/sync/kk"), lmp), narg, arg, true)
{
  kokkosable = 1;
  exchange_comm_device = sort_device = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK;
  datamask_modify = F_MASK | TORQUE_MASK;

  if (size_history > 0) {
    // the base class grew a plain host array; replace it by a DualView
    memory->destroy(history);
    history = nullptr;
    grow_arrays(atom->nmax);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }
}

template <class DeviceType> FixWallGranSyncKokkos<DeviceType>::~FixWallGranSyncKokkos()
{
  if (copymode) return;
  memoryKK->destroy_kokkos(k_history, history);
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::init()
{
  FixWallGranSync::init();
  keep_integrators_unfused(modify);
  if (update->whichflag == 2)
    error->all(FLERR, "fix wall/gran/sync/kk: minimize runs with the CPU style wall/gran/sync (without '-sf kk')");
  if (fix_halfstep && !dynamic_cast<HalfStepRecordsOnDevice<DeviceType> *>(fix_halfstep))
    error->all(FLERR, "fix wall/gran/sync/kk needs the half-step records on the device: use fix "
                      "nve/sphere/sync/kk (e.g. with '-sf kk'), not fix {}", fix_halfstep->style);
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::post_force(int /*vflag*/)
{
  const double dt = update->dt;
  gs_wall_step step;
  gs_wall_step_init(&wall, model.ordering, (update->ntimestep - time_origin) * dt, dt, update->setupflag == 0, &step);

  GransyncWallAtoms<DeviceType> atoms;
  atoms.begin(atomKK, execution_space, datamask_read, fix_halfstep, model, dt);
  k_history.template sync<DeviceType>();
  auto d_history = k_history.template view<DeviceType>();
  const gs_model wall_model = model;
  const gs_wall wall_geometry = wall;
  const int bit = groupbit, nhistory = size_history, sync = atoms.sync, consistent = atoms.consistent;
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

  const auto d_centred = centred.begin();
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KOKKOS_LAMBDA(const int i, double &stored) {
        if (!(atoms.mask(i) & bit)) return;
        double x[3], v[3], xh[3], vh[3], omega[3], next[6], f[3] = {0.0, 0.0, 0.0},
            torque[3] = {0.0, 0.0, 0.0};
        double hist[GS_MAX_HISTORY + 1];    // + a JKR contact's flag
        atoms.gather(i, x, v, omega, xh, vh, next);
        for (int k = 0; k < nhistory; k++) hist[k] = d_history(i, k);
        gs_contact c;
        const int touching = gs_wall_contact(&wall_model, &wall_geometry, &step, x, v, sync ? xh : x, sync ? vh : v,
                                             omega, consistent ? next : nullptr, atoms.radius(i), atoms.rmass(i),
                                             nhistory ? hist : nullptr, f, torque, &c, nullptr);
        if (touching == GS_WALL_CENTRED) Kokkos::atomic_inc(&d_centred());
        if (touching > 0) {
          gs_wall_contact_outputs(&wall_model, &c, x, atoms.radius(i), with_heat ? d_temperature(i) : 0.0, twall,
                                  with_heat ? &d_heatflow(i) : nullptr, columns ? &d_output(i, 0) : nullptr);
          const double e = gs_wall_stored_energy(&wall_model, &c, nhistory ? hist : nullptr);
          stored += e;
          if (with_atom_energy) d_atom_energy(i, 0) = e;
        }
        for (int k = 0; k < nhistory; k++) d_history(i, k) = hist[k];
        // f(t+dt) + wall force in the CPU fix's order: f[i] += c.force
        for (int k = 0; k < 3; k++) {
          atoms.f(i, k) += f[k];
          atoms.torque(i, k) += torque[k];
        }
      },
      energy_here);
  if (const int centred_atoms = centred.end())
    error->one(FLERR, "fix {}: the centres of {} atoms lie on the wall, where a contact has no normal", style,
               centred_atoms);
  atomKK->modified(execution_space, datamask_modify);
  atom_energy.end(eatom, atom->nlocal, with_atom_energy);
  k_history.template modify<DeviceType>();
  if (with_heat) heat.end(atom->heatflow, atom->nlocal);
  output.end(array_atom, atom->nlocal, columns);
}

/* ---- per-atom history ----------------------------------------------------------------------- */

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::grow_arrays(int nmax)
{
  grow_output(nmax);
  if (size_history == 0) return;
  k_history.template sync<DeviceType>();    // resize keeps the device copy
  memoryKK->grow_kokkos(k_history, history, nmax, size_history, "wall/gran/sync:history");
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  k_history.sync_host();
  FixWallGranSync::copy_arrays(i, j, delflag);
  k_history.modify_host();
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::set_arrays(int i)
{
  k_history.sync_host();
  FixWallGranSync::set_arrays(i);
  k_history.modify_host();
}

template <class DeviceType> int FixWallGranSyncKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  k_history.sync_host();
  return FixWallGranSync::pack_exchange(i, buf);
}

template <class DeviceType> int FixWallGranSyncKokkos<DeviceType>::unpack_exchange(int i, double *buf)
{
  k_history.sync_host();
  const int n = FixWallGranSync::unpack_exchange(i, buf);
  k_history.modify_host();
  return n;
}

template <class DeviceType> int FixWallGranSyncKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  k_history.sync_host();
  return FixWallGranSync::pack_restart(i, buf);
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  k_history.sync_host();
  FixWallGranSync::unpack_restart(nlocal, nth);
  k_history.modify_host();
}

template <class DeviceType>
void FixWallGranSyncKokkos<DeviceType>::sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter)
{
  if (size_history == 0) return;
  k_history.sync_device();
  sorter.sort(LMPDeviceType(), k_history.view_device());
  k_history.modify_device();
}

template <class DeviceType>
int FixWallGranSyncKokkos<DeviceType>::pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf,
                                                            DAT::tdual_int_1d k_sendlist, DAT::tdual_int_1d k_copylist,
                                                            ExecutionSpace space)
{
  if (size_history == 0) return 0;
  GransyncRows::pack(k_history, size_history, size_history, 0, nsend, k_buf, k_sendlist, k_copylist, space);
  return size_history * nsend;
}

template <class DeviceType>
void FixWallGranSyncKokkos<DeviceType>::unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf,
                                                               DAT::tdual_int_1d &k_indices, int nrecv,
                                                               int /*nrecv1*/, int /*nextrarecv1*/,
                                                               ExecutionSpace space)
{
  if (size_history == 0) return;
  GransyncRows::unpack(k_history, size_history, size_history, 0, nrecv, k_buf, k_indices, space);
}

namespace LAMMPS_NS {
template class FixWallGranSyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
