/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   What the /kk styles offer each other on the device, beside what gransync_interface.h says for
   the host. A /kk style implements these next to its CPU twin's interface; readers reach them by
   dynamic_cast from that interface (a /kk style checks at init() that its partners run on its
   device).
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_INTERFACE_H
#define LMP_GRANSYNC_KOKKOS_INTERFACE_H

#include "gransync_interface.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

// fix nve/sphere/sync/kk's records on the device (HalfStepRecorder on the host)
template <class DeviceType> class HalfStepRecordsOnDevice {
 public:
  using AT = ArrayTypes<DeviceType>;
  // x(t+dt/2) - x(t+dt) and v(t+dt/2), owned and ghost atoms (rows of velocity_bit()'s atoms not
  // kept: half_step_relative())
  virtual void records_on_device(typename AT::t_double_1d_3_lr &offset_out,
                                 typename AT::t_double_1d_3_lr &vhalf_out) = 0;
  // scheme consistent: the dashpots' v (columns 0-2) and omega (3-5) at t+dt (empty with verlet)
  virtual void damping_on_device(typename AT::t_double_1d_6_lr &damping_out) = 0;

 protected:
  ~HalfStepRecordsOnDevice() = default;    // not deleted through this class
};

// Atom i's half step relative to now, x(t+dt/2) - x(t+dt), and v(t+dt/2), in a kernel: the
// device's records read by the host's rule (gs_half_step_of())
template <class VelocityView, class RecordView, class MaskView>
KOKKOS_INLINE_FUNCTION void half_step_relative(int i, const VelocityView &v, const RecordView &offset,
                                               const RecordView &vhalf, const MaskView &mask, int velocity_bit,
                                               double dt, double *offset_out, double *vhalf_out)
{
  if (mask(i) & velocity_bit) {
    const double vi[3] = {v(i, 0), v(i, 1), v(i, 2)};
    gs_half_step_of(1, dt, vi, nullptr, nullptr, offset_out, vhalf_out);
  } else {
    gs_half_step_of(0, dt, nullptr, &offset(i, 0), &vhalf(i, 0), offset_out, vhalf_out);
  }
}

// mdr's per-atom state on the device (MdrState on the host)
template <class DeviceType> class MdrStateOnDevice {
 public:
  // the arrays the forces read and sum, in the device's copy (valid until atoms are added)
  virtual gs_mdr_atoms atoms_on_device() const = 0;

 protected:
  ~MdrStateOnDevice() = default;    // not deleted through this class
};

// The packed rows' orientation of the history: a slot whose value changes sign when the pair's
// atoms swap (gs_model_history_transfer_factor() -1: tangential) is held as seen from the row's
// atom; one that does not (+1: rolling, twisting, mdr) times sigma, +1 when the row's atom has the
// lower tag, else -1. So every slot reads the same whichever atom's row holds the pair, and LAMMPS'
// fix neigh/history/kk, which negates every value it hands to the other atom, keeps it right.
KOKKOS_INLINE_FUNCTION double history_sigma(tagint own, tagint partner)
{
  return own < partner ? 1.0 : -1.0;
}
KOKKOS_INLINE_FUNCTION double history_orientation(const gs_model *m, int slot, double sigma)
{
  return gs_model_history_transfer_factor(m, slot) > 0.0 ? sigma : 1.0;
}

// The pair's contact history on the device (fix NEIGH_HISTORY/SYNC/KK), as the pair's list rows.
template <class DeviceType> class HistoryRowsOnDevice {
 public:
  // the pair's list with its contact flags and history, row after row: row ii (atom ilist(ii))
  // holds slots start(ii) to start(ii + 1) - 1, slot p its neighbor, flag and values dnum*p...
  struct PackedRows {
    Kokkos::View<int *, DeviceType> start, neighbors, touch;
    Kokkos::View<KK_FLOAT *, DeviceType> values;
  };
  virtual const PackedRows &packed_rows() const = 0;
  // A pair style with its own list (lists levels) sets its rows here after each build: row ii of
  // the list (atom ilist(ii)) holds neighbors(start(ii)) to neighbors(start(ii + 1) - 1). Empty:
  // LAMMPS' list, whose rows are copied.
  struct ListRows {
    Kokkos::View<int *, DeviceType> start, neighbors;
  } own_rows;

 protected:
  ~HistoryRowsOnDevice() = default;    // not deleted through this class
};

}    // namespace LAMMPS_NS

#endif
