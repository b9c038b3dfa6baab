/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   What the /kk wall kernels read of an atom, as the core's wall functions take it: the atom's
   state at t+dt and, from fix nve/sphere/sync/kk, its half-step position and velocity (else
   reconstructed) and the dashpots' row of scheme consistent. One gather for every wall.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_WALL_ATOMS_H
#define LMP_GRANSYNC_KOKKOS_WALL_ATOMS_H

#include "atom_kokkos.h"
#include "gransync_kokkos_interface.h"
#include "kokkos_type.h"

#include "gs_contact.h"

#include <cstdint>
#include <type_traits>
#include <utility>

namespace LAMMPS_NS {

template <class DeviceType> struct GransyncWallAtoms {
  template <class Dual>
  using device_view = std::decay_t<decltype(std::declval<Dual &>().template view<DeviceType>())>;

  device_view<decltype(AtomKokkos::k_x)> x;
  device_view<decltype(AtomKokkos::k_v)> v;
  device_view<decltype(AtomKokkos::k_omega)> omega;
  device_view<decltype(AtomKokkos::k_f)> f;
  device_view<decltype(AtomKokkos::k_torque)> torque;
  device_view<decltype(AtomKokkos::k_radius)> radius;
  device_view<decltype(AtomKokkos::k_rmass)> rmass;
  device_view<decltype(AtomKokkos::k_mask)> mask;
  typename ArrayTypes<DeviceType>::t_double_1d_3_lr offset, vhalf;
  typename ArrayTypes<DeviceType>::t_double_1d_6_lr damping;
  int records = 0, velocity_bit = 0, sync = 0, consistent = 0;
  double dt = 0.0;

  // On the host before the kernel: the atom data `read` synced to `space` and this step's views;
  // `recorder`: the integrator's records (nullptr: none), for the wall's `model`.
  void begin(AtomKokkos *atomKK, ExecutionSpace space, uint64_t read, HalfStepRecorder *recorder,
             const gs_model &model, double step_dt)
  {
    atomKK->sync(space, read);
    x = atomKK->k_x.template view<DeviceType>();
    v = atomKK->k_v.template view<DeviceType>();
    omega = atomKK->k_omega.template view<DeviceType>();
    f = atomKK->k_f.template view<DeviceType>();
    torque = atomKK->k_torque.template view<DeviceType>();
    radius = atomKK->k_radius.template view<DeviceType>();
    rmass = atomKK->k_rmass.template view<DeviceType>();
    mask = atomKK->k_mask.template view<DeviceType>();
    records = recorder != nullptr;
    if (records) {
      auto &kk = dynamic_cast<HalfStepRecordsOnDevice<DeviceType> &>(*recorder);
      kk.records_on_device(offset, vhalf);
      kk.damping_on_device(damping);
      velocity_bit = recorder->velocity_bit();
    }
    sync = model.ordering == GS_ORDERING_SYNCHRONIZED;
    consistent = model.scheme == GS_SCHEME_CONSISTENT;
    dt = step_dt;
  }

  // atom i: xi, vi, wi at t+dt; xh, vh its half step (synchronized ordering only); next the
  // dashpots' velocity and spin at t+dt (scheme consistent only)
  KOKKOS_INLINE_FUNCTION void gather(int i, double *xi, double *vi, double *wi, double *xh, double *vh,
                                     double *next) const
  {
    for (int k = 0; k < 3; k++) {
      xi[k] = x(i, k);
      vi[k] = v(i, k);
      wi[k] = omega(i, k);
    }
    if (consistent)
      for (int k = 0; k < 6; k++) next[k] = damping(i, k);
    if (sync && records) {
      double relative[3];
      half_step_relative(i, v, offset, vhalf, mask, velocity_bit, dt, relative, vh);
      for (int k = 0; k < 3; k++) xh[k] = xi[k] + relative[k];
    } else if (sync) {
      gs_reconstruct_half_step(xi, vi, dt, xh);
      for (int k = 0; k < 3; k++) vh[k] = vi[k];
    }
  }
};

}    // namespace LAMMPS_NS

#endif
