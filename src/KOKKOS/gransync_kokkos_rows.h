/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Per-atom rows of fixed width that the /kk fixes keep in DualViews, moved with migrating atoms by
   LAMMPS' Kokkos exchange: one implementation for every such array.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_ROWS_H
#define LMP_GRANSYNC_KOKKOS_ROWS_H

#include "kokkos_type.h"

namespace LAMMPS_NS {

// a 2d exchange buffer as the one row of doubles LAMMPS' exchange fills and MPI sends
template <class View> auto flat(const View &v)
{
  return Kokkos::View<typename View::value_type *, typename View::device_type,
                      Kokkos::MemoryTraits<Kokkos::Unmanaged>>(v.data(), v.extent(0) * v.extent(1));
}

namespace GransyncRows {

  // LAMMPS' exchange runs on the device, or on the host (-pk kokkos comm host): the space where it
  // packs the atoms, whose copy of the buffer MPI sends, and where it wrote the receivers' indices.
  // The buffer's modified flags are not kept by LAMMPS; `space` says which copy is current.

  // Values k < width of each leaving atom go to buf[stride*m + first + k]; the slot it leaves is
  // refilled from the atom LAMMPS moves there (copylist >= 0), as the atom arrays are.
  template <class Space, class Rows>
  void pack_in(Rows &k_rows, int width, int stride, int first, int nsend, DAT::tdual_double_2d_lr &k_buf,
               DAT::tdual_int_1d &k_sendlist, DAT::tdual_int_1d &k_copylist)
  {
    k_rows.template sync<Space>();
    k_sendlist.template sync<Space>();
    k_copylist.template sync<Space>();
    auto rows = k_rows.template view<Space>();
    auto buf = flat(k_buf.template view<Space>());
    auto sendlist = k_sendlist.template view<Space>();
    auto copylist = k_copylist.template view<Space>();
    Kokkos::parallel_for(
        Kokkos::RangePolicy<Space>(0, nsend), KOKKOS_LAMBDA(const int m) {
          const int i = sendlist(m);
          for (int k = 0; k < width; k++) buf(stride * m + first + k) = rows(i, k);
          const int j = copylist(m);
          if (j > -1)
            for (int k = 0; k < width; k++) rows(i, k) = rows(j, k);
        });
    k_rows.template modify<Space>();
  }

  template <class Rows>
  void pack(Rows &k_rows, int width, int stride, int first, int nsend, DAT::tdual_double_2d_lr &k_buf,
            DAT::tdual_int_1d &k_sendlist, DAT::tdual_int_1d &k_copylist, ExecutionSpace space)
  {
    if (space == Device)
      pack_in<LMPDeviceType>(k_rows, width, stride, first, nsend, k_buf, k_sendlist, k_copylist);
    else
      pack_in<LMPHostType>(k_rows, width, stride, first, nsend, k_buf, k_sendlist, k_copylist);
  }

  // The received atoms' values, for those LAMMPS kept (indices >= 0).
  template <class Space, class Rows>
  void unpack_in(Rows &k_rows, int width, int stride, int first, int nrecv, DAT::tdual_double_2d_lr &k_buf,
                 DAT::tdual_int_1d &k_indices)
  {
    k_rows.template sync<Space>();
    auto rows = k_rows.template view<Space>();
    auto buf = flat(k_buf.template view<Space>());
    auto indices = k_indices.template view<Space>();
    Kokkos::parallel_for(
        Kokkos::RangePolicy<Space>(0, nrecv), KOKKOS_LAMBDA(const int m) {
          const int i = indices(m);
          if (i < 0) return;
          for (int k = 0; k < width; k++) rows(i, k) = buf(stride * m + first + k);
        });
    k_rows.template modify<Space>();
  }

  template <class Rows>
  void unpack(Rows &k_rows, int width, int stride, int first, int nrecv, DAT::tdual_double_2d_lr &k_buf,
              DAT::tdual_int_1d &k_indices, ExecutionSpace space)
  {
    if (space == Device)
      unpack_in<LMPDeviceType>(k_rows, width, stride, first, nrecv, k_buf, k_indices);
    else
      unpack_in<LMPHostType>(k_rows, width, stride, first, nrecv, k_buf, k_indices);
  }

}    // namespace GransyncRows
}    // namespace LAMMPS_NS

#endif
