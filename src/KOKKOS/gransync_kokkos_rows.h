/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Per-atom rows of fixed width that the /kk fixes keep on the device, moved with migrating atoms
   by LAMMPS' device-side exchange: one implementation for every such array.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_ROWS_H
#define LMP_GRANSYNC_KOKKOS_ROWS_H

#include "kokkos_type.h"

namespace LAMMPS_NS {
namespace GransyncRows {

  // Values k < width of each leaving atom go to buf[stride*m + first + k]; the slot it leaves is
  // refilled from the atom LAMMPS moves there (copylist >= 0), as the atom arrays are.
  template <class DeviceType, class RowsView>
  void pack(RowsView rows, int width, int stride, int first, int nsend, DAT::tdual_double_2d_lr &k_buf,
            DAT::tdual_int_1d &k_sendlist, DAT::tdual_int_1d &k_copylist)
  {
    k_buf.template sync<DeviceType>();
    k_sendlist.template sync<DeviceType>();
    k_copylist.template sync<DeviceType>();
    typename ArrayTypes<DeviceType>::t_double_1d_um buf(k_buf.template view<DeviceType>().data(),
                                                        k_buf.extent(0) * k_buf.extent(1));
    auto sendlist = k_sendlist.template view<DeviceType>();
    auto copylist = k_copylist.template view<DeviceType>();
    Kokkos::parallel_for(
        Kokkos::RangePolicy<DeviceType>(0, nsend), KOKKOS_LAMBDA(const int m) {
          const int i = sendlist(m);
          for (int k = 0; k < width; k++) buf(stride * m + first + k) = rows(i, k);
          const int j = copylist(m);
          if (j > -1)
            for (int k = 0; k < width; k++) rows(i, k) = rows(j, k);
        });
    k_buf.template modify<DeviceType>();
  }

  // The received atoms' values, for those LAMMPS kept (indices >= 0).
  template <class DeviceType, class RowsView>
  void unpack(RowsView rows, int width, int stride, int first, int nrecv, DAT::tdual_double_2d_lr &k_buf,
              DAT::tdual_int_1d &k_indices)
  {
    typename ArrayTypes<DeviceType>::t_double_1d_um buf(k_buf.template view<DeviceType>().data(),
                                                        k_buf.extent(0) * k_buf.extent(1));
    auto indices = k_indices.template view<DeviceType>();
    Kokkos::parallel_for(
        Kokkos::RangePolicy<DeviceType>(0, nrecv), KOKKOS_LAMBDA(const int m) {
          const int i = indices(m);
          if (i < 0) return;
          for (int k = 0; k < width; k++) rows(i, k) = buf(stride * m + first + k);
        });
  }

}    // namespace GransyncRows
}    // namespace LAMMPS_NS

#endif
