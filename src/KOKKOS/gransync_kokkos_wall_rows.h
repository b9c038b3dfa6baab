/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The per-atom contact rows of a /kk wall fix whose CPU class (Base) keeps them in `contacts`,
   `row_width` doubles per atom: here in a DualView. LAMMPS' host callbacks (grow, copy, exchange,
   restart) run the CPU class's code on the synced host copy; Kokkos' sort and exchange move the
   rows on the device. One implementation for the region and mesh walls.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_WALL_ROWS_H
#define LMP_GRANSYNC_KOKKOS_WALL_ROWS_H

#include "atom.h"
#include "gransync_kokkos_rows.h"
#include "kokkos_base.h"
#include "kokkos_type.h"
#include "memory_kokkos.h"

#include <string>
#include <utility>

namespace LAMMPS_NS {

template <class Base> class GransyncWallRows : public Base, public KokkosBase {
 public:
  template <class... Args> GransyncWallRows(Args &&...args) : Base(std::forward<Args>(args)...)
  {
    // the CPU class grew a plain host array: its rows move into the DualView
    this->memory->destroy(this->contacts);
    this->contacts = nullptr;
    grow_arrays(this->atom->nmax);
    for (int i = 0; i < this->atom->nlocal; i++) set_arrays(i);
  }
  ~GransyncWallRows() override
  {
    if (this->copymode) return;
    this->memoryKK->destroy_kokkos(k_contacts, this->contacts);
  }

  void grow_arrays(int nmax) override
  {
    k_contacts.sync_device();    // resize keeps the device copy
    this->memoryKK->grow_kokkos(k_contacts, this->contacts, nmax, this->row_width,
                                (std::string(this->style) + ":contacts").c_str());
    this->grow_output(nmax);
  }
  void copy_arrays(int i, int j, int delflag) override
  {
    k_contacts.sync_host();
    Base::copy_arrays(i, j, delflag);
    k_contacts.modify_host();
  }
  void set_arrays(int i) override
  {
    k_contacts.sync_host();
    Base::set_arrays(i);
    k_contacts.modify_host();
  }
  int pack_exchange(int i, double *buf) override
  {
    k_contacts.sync_host();
    return Base::pack_exchange(i, buf);
  }
  int unpack_exchange(int nlocal, double *buf) override
  {
    k_contacts.sync_host();
    const int n = Base::unpack_exchange(nlocal, buf);
    k_contacts.modify_host();
    return n;
  }
  int pack_restart(int i, double *buf) override
  {
    k_contacts.sync_host();
    return Base::pack_restart(i, buf);
  }
  void unpack_restart(int nlocal, int nth) override
  {
    k_contacts.sync_host();
    Base::unpack_restart(nlocal, nth);
    k_contacts.modify_host();
  }
  int size_restart(int nlocal) override
  {
    k_contacts.sync_host();
    return Base::size_restart(nlocal);
  }

  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter) override
  {
    k_contacts.sync_device();
    sorter.sort(LMPDeviceType(), k_contacts.view_device());
    k_contacts.modify_device();
  }
  int pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d k_sendlist,
                           DAT::tdual_int_1d k_copylist, ExecutionSpace space) override
  {
    GransyncRows::pack(k_contacts, this->row_width, this->row_width, 0, nsend, k_buf, k_sendlist, k_copylist, space);
    return this->row_width * nsend;
  }
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_indices, int nrecv,
                              int /*nrecv1*/, int /*nextrarecv1*/, ExecutionSpace space) override
  {
    GransyncRows::unpack(k_contacts, this->row_width, this->row_width, 0, nrecv, k_buf, k_indices, space);
  }

 protected:
  DAT::tdual_double_2d_lr k_contacts;
};

}    // namespace LAMMPS_NS

#endif
