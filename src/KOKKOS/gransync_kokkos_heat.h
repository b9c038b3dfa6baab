/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Heat conduction for the /kk styles. LAMMPS' Kokkos atoms carry no temperature: it lives in host
   arrays (fix property/atom), integrated by the host fix heat/flow, which also brings the ghosts'
   temperatures up to date and clears heatflow before the forces. So a /kk style copies the
   temperatures and heat flows to the device before its kernel, adds its heat there in the CPU
   style's order, and copies the heat flows back (copies each way per step on a GPU): the same bits
   as the CPU style. Separate allocations on every build, so that CPU runs go through the copies a
   GPU needs.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_HEAT_H
#define LMP_GRANSYNC_KOKKOS_HEAT_H

#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class GransyncHeat {
 public:
  using Values = Kokkos::View<double *, Kokkos::LayoutRight, DeviceType>;    // the kernels' scatter layout

  // the temperatures of atoms 0 to nread - 1 (a pair reads its ghosts' too) and the heat flows of
  // atoms 0 to n - 1 on the device
  void begin(const double *host_temperature, int nread, const double *host_heatflow, int n)
  {
    if ((int) temperature.extent(0) < nread) temperature = Values("gransync:temperature", nread + nread / 5);
    if ((int) heat.extent(0) < n) heat = Values("gransync:heat", n + n / 5);
    using Host = Kokkos::View<const double *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Kokkos::deep_copy(Kokkos::subview(temperature, std::make_pair(0, nread)), Host(host_temperature, nread));
    Kokkos::deep_copy(Kokkos::subview(heat, std::make_pair(0, n)), Host(host_heatflow, n));
  }

  // the device's heat flows of atoms 0 to n - 1 back to the host
  void end(double *host_heatflow, int n)
  {
    using Host = Kokkos::View<double *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Kokkos::deep_copy(Host(host_heatflow, n), Kokkos::subview(heat, std::make_pair(0, n)));
  }

  Values temperature, heat;    // heat: the heat flows
};

}    // namespace LAMMPS_NS

#endif
