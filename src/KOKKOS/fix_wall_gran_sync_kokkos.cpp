/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix wall/gran/sync: one atom per work item through gs_wall_contact() of the
   C core (src/core/gs_wall.h), like the CPU fix; the per-atom wall history is a DualView that
   travels with migrating atoms on the device.
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync_kokkos.h"

#include "kokkos.h"

#include "gs_wall.h"

using namespace LAMMPS_NS;

template <class DeviceType>
FixWallGranSyncKokkos<DeviceType>::FixWallGranSyncKokkos(LAMMPS *lmp, int narg, char **arg) :
    GransyncWallKokkos<FixWallGranSync, DeviceType>("fix wall/gran/sync/kk", lmp, narg, arg)
{
}

template <class DeviceType> void FixWallGranSyncKokkos<DeviceType>::post_force(int /*vflag*/)
{
  const double dt = this->update->dt;
  gs_wall_step step;
  gs_wall_step_init(&this->wall, this->model.ordering, (this->update->ntimestep - this->time_origin) * dt, dt,
                    this->update->setupflag == 0, &step);
  const auto frame = this->begin_frame();
  const gs_model wall_model = this->model;
  const gs_wall wall_geometry = this->wall;
  const int nhistory = this->size_history, sync = frame.atoms.sync;
  const auto acts = KOKKOS_LAMBDA(const int i)
  {
    const double xi[3] = {frame.atoms.x(i, 0), frame.atoms.x(i, 1), frame.atoms.x(i, 2)};
    return gs_wall_acts(&wall_model, &wall_geometry, &step, xi, frame.atoms.radius(i),
                        nhistory ? frame.row(i) : nullptr) != 0;
  };
  this->for_each_atom(
      frame, acts, KOKKOS_LAMBDA(const int i, typename GransyncWallFrame<DeviceType>::State &a, double &e) {
        double hist[GS_MAX_HISTORY + 1];    // + a JKR contact's flag
        for (int k = 0; k < nhistory; k++) hist[k] = frame.rows(i, k);
        double f[3] = {0.0, 0.0, 0.0}, torque[3] = {0.0, 0.0, 0.0};
        gs_contact c;
        const int touching = gs_wall_contact(&wall_model, &wall_geometry, &step, a.x, a.v, a.x_sync(sync),
                                             a.v_sync(sync), a.omega, frame.next(a), frame.atoms.radius(i),
                                             frame.atoms.rmass(i), nhistory ? hist : nullptr, f, torque, &c, nullptr);
        if (touching > 0) {
          gs_wall_contact_outputs(&wall_model, &c, a.x, frame.atoms.radius(i), frame.temperature_of(i),
                                  frame.twall, frame.heatflow_of(i), frame.output_of(i));
          e = gs_wall_stored_energy(&wall_model, &c, nhistory ? hist : nullptr);
        }
        for (int k = 0; k < nhistory; k++) frame.rows(i, k) = hist[k];
        // f(t+dt) + wall force in the CPU fix's order: f[i] += c.force
        for (int k = 0; k < 3; k++) {
          a.f[k] += f[k];
          a.torque[k] += torque[k];
        }
        return touching;
      });
  this->end_frame(frame, "wall");
}

namespace LAMMPS_NS {
template class FixWallGranSyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixWallGranSyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
