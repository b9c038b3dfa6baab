/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The walls' `contacts` output for the /kk walls: the kernel writes each atom's row on the device
   (gs_wall_contact_outputs() of the C core), and the rows are copied at every step into the host
   array that LAMMPS' output, computes and fixes read (array_atom): one copy of `columns` doubles
   per local atom and step on a GPU, only when the keyword is given. The same for the walls'
   per-atom energies (one column, into the fix's eatom), only on steps that ask for them.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_OUTPUT_H
#define LMP_GRANSYNC_KOKKOS_OUTPUT_H

#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class GransyncWallOutput {
 public:
  using Rows = Kokkos::View<double **, Kokkos::LayoutRight, DeviceType>;

  // rows of `columns` values for atoms 0 to n - 1, cleared; an empty view when columns is 0
  Rows begin(int n, int columns)
  {
    if (columns == 0) return Rows();
    if ((int) rows.extent(0) < n || (int) rows.extent(1) != columns)
      rows = Rows("gransync:contacts", n + n / 5, columns);
    Kokkos::deep_copy(Kokkos::subview(rows, std::make_pair(0, n), Kokkos::ALL), 0.0);
    return rows;
  }

  // the rows of atoms 0 to n - 1 into the host array (LAMMPS' contiguous 2d array)
  void end(double **array_atom, int n, int columns)
  {
    if (columns == 0 || n == 0) return;
    end(array_atom[0], n, columns);
  }

  // ... given its first value
  void end(double *values, int n, int columns)
  {
    if (columns == 0 || n == 0) return;
    using Host = Kokkos::View<double **, Kokkos::LayoutRight, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Kokkos::deep_copy(Host(values, n, columns), Kokkos::subview(rows, std::make_pair(0, n), Kokkos::ALL));
  }

 private:
  Rows rows;
};

// Atoms whose centre lies on a wall, where a contact has no normal (the core's wall functions say
// so), counted by the kernel on the device; the fix stops the run after it, as the CPU fixes do.
template <class DeviceType> class GransyncCentredAtoms {
 public:
  using Count = Kokkos::View<int, DeviceType>;

  Count begin()
  {
    if (!count.data()) count = Count("gransync:centred");
    return count;
  }

  // the kernel's count (then zero again; read first: on a host backend the mirror is the view)
  int end()
  {
    const int n = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), count)();
    if (n) Kokkos::deep_copy(count, 0);
    return n;
  }

 private:
  Count count;
};

}    // namespace LAMMPS_NS

#endif
