/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix nve/sphere/sync: the same C integrator steps (src/core/gs_integrate.h),
   run on the device; the half-step records live in DualViews, travel with migrating atoms and
   reach ghost atoms through device-side forward communication.
------------------------------------------------------------------------- */

#include "fix_nve_sphere_sync_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "kokkos.h"
#include "memory_kokkos.h"

#include "gransync_kokkos_check.h"
#include "gransync_kokkos_rows.h"

#include "gs_integrate.h"

using namespace LAMMPS_NS;

template <class DeviceType>
FixNVESphereSyncKokkos<DeviceType>::FixNVESphereSyncKokkos(LAMMPS *lmp, int narg, char **arg) :
    // checked before the base class registers its per-atom arrays
    FixNVESphereSync((require_matching_kokkos(lmp->error, "fix nve/sphere/sync/kk"), lmp), narg, arg, true)
{
  kokkosable = 1;
  forward_comm_device = 1;
  exchange_comm_device = sort_device = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;

  if (records) {
    // the base class grew plain host arrays; replace them by DualViews
    memory->destroy(xstart);
    memory->destroy(offset);
    memory->destroy(vhalf);
    memory->destroy(damping);
    xstart = offset = vhalf = damping = nullptr;
    grow_arrays(atom->nmax);
    atomKK->sync(Host, X_MASK | V_MASK | OMEGA_MASK);
    for (int i = 0; i < atom->nlocal; i++) FixNVESphereSync::set_arrays(i);
    modified_records_host();
  }
}

template <class DeviceType> FixNVESphereSyncKokkos<DeviceType>::~FixNVESphereSyncKokkos()
{
  if (copymode) return;
  memoryKK->destroy_kokkos(k_xstart, xstart);
  memoryKK->destroy_kokkos(k_offset, offset);
  memoryKK->destroy_kokkos(k_vhalf, vhalf);
  memoryKK->destroy_kokkos(k_damping, damping);
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::init()
{
  atomKK->sync(Host, MASK_MASK | RADIUS_MASK);
  FixNVESphereSync::init();
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::sync_records_host()
{
  k_xstart.sync_host();
  k_offset.sync_host();
  k_vhalf.sync_host();
  if (consistent()) k_damping.sync_host();
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::modified_records_host()
{
  k_xstart.modify_host();
  k_offset.modify_host();
  k_vhalf.modify_host();
  if (consistent()) k_damping.modify_host();
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::sync_records_device()
{
  k_xstart.template sync<DeviceType>();
  k_offset.template sync<DeviceType>();
  k_vhalf.template sync<DeviceType>();
  if (consistent()) k_damping.template sync<DeviceType>();
}

// the records a step writes (xstart too at set-up)
template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::modified_records_device(bool with_xstart)
{
  if (with_xstart) k_xstart.template modify<DeviceType>();
  k_offset.template modify<DeviceType>();
  k_vhalf.template modify<DeviceType>();
  if (consistent()) k_damping.template modify<DeviceType>();
}

template <class DeviceType>
void FixNVESphereSyncKokkos<DeviceType>::records_on_device(typename AT::t_double_1d_3_lr &offset_out,
                                                           typename AT::t_double_1d_3_lr &vhalf_out)
{
  k_offset.template sync<DeviceType>();
  k_vhalf.template sync<DeviceType>();
  offset_out = k_offset.template view<DeviceType>();
  vhalf_out = k_vhalf.template view<DeviceType>();
}

template <class DeviceType>
void FixNVESphereSyncKokkos<DeviceType>::damping_on_device(typename AT::t_double_1d_6_lr &damping_out)
{
  if (!consistent()) return;
  k_damping.template sync<DeviceType>();
  damping_out = k_damping.template view<DeviceType>();
}

template <class DeviceType> double **FixNVESphereSyncKokkos<DeviceType>::damping_state()
{
  sync_records_host();
  return FixNVESphereSync::damping_state();
}

template <class DeviceType> double **FixNVESphereSyncKokkos<DeviceType>::half_offset()
{
  sync_records_host();
  return FixNVESphereSync::half_offset();
}

template <class DeviceType> double **FixNVESphereSyncKokkos<DeviceType>::half_velocity()
{
  sync_records_host();
  return FixNVESphereSync::half_velocity();
}

/* ---- integration ---------------------------------------------------------------------------- */

// the core's half-step record of atom i, which velocity Verlet moved (through copies: any layout)
template <class VelocityView, class RecordView>
KOKKOS_INLINE_FUNCTION static void store_verlet_record(double dtv, const VelocityView &v_of, int i,
                                                       const RecordView &vhalf_of, const RecordView &offset_of)
{
  double v[3], vhalf[3], offset[3];
  for (int k = 0; k < 3; k++) v[k] = v_of(i, k);
  gs_record_verlet_half_step(dtv, v, vhalf, offset);
  for (int k = 0; k < 3; k++) {
    vhalf_of(i, k) = vhalf[k];
    offset_of(i, k) = offset[k];
  }
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::initial_integrate(int /*vflag*/)
{
  atomKK->sync(execution_space,
               X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK);
  auto d_x = atomKK->k_x.template view<DeviceType>();
  auto d_v = atomKK->k_v.template view<DeviceType>();
  auto d_omega = atomKK->k_omega.template view<DeviceType>();
  auto d_f = atomKK->k_f.template view<DeviceType>();
  auto d_torque = atomKK->k_torque.template view<DeviceType>();
  auto d_rmass = atomKK->k_rmass.template view<DeviceType>();
  auto d_radius = atomKK->k_radius.template view<DeviceType>();
  auto d_mask = atomKK->k_mask.template view<DeviceType>();
  const int bit = groupbit;
  const double step_dtf = dtf, step_dtv = dtv, dtfrotate = dtf / inertia;
  const int n = (igroup == atom->firstgroup) ? atom->nfirst : atom->nlocal;
  // scheme consistent: the dashpots' velocities at t+dt, predicted with the forces at t
  const bool predicts = consistent();
  if (predicts) k_damping.template sync<DeviceType>();
  auto d_damping = k_damping.template view<DeviceType>();

  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int i) {
        if (!(d_mask(i) & bit)) return;
        double x[3], v[3], omega[3], f[3], torque[3], next[6];
        for (int k = 0; k < 3; k++) {
          x[k] = d_x(i, k);
          v[k] = d_v(i, k);
          omega[k] = d_omega(i, k);
          f[k] = d_f(i, k);
          torque[k] = d_torque(i, k);
        }
        gs_sphere_initial_integrate_predicting(step_dtf, step_dtv, dtfrotate, d_rmass(i), d_radius(i), f, torque, x, v,
                                               omega, predicts ? next : nullptr, predicts ? next + 3 : nullptr);
        for (int k = 0; k < 3; k++) {
          d_x(i, k) = x[k];
          d_v(i, k) = v[k];
          d_omega(i, k) = omega[k];
        }
        if (predicts)
          for (int k = 0; k < 6; k++) d_damping(i, k) = next[k];
      });
  atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);
  if (predicts) k_damping.template modify<DeviceType>();
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::final_integrate()
{
  atomKK->sync(execution_space, V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK);
  auto d_v = atomKK->k_v.template view<DeviceType>();
  auto d_omega = atomKK->k_omega.template view<DeviceType>();
  auto d_f = atomKK->k_f.template view<DeviceType>();
  auto d_torque = atomKK->k_torque.template view<DeviceType>();
  auto d_rmass = atomKK->k_rmass.template view<DeviceType>();
  auto d_radius = atomKK->k_radius.template view<DeviceType>();
  auto d_mask = atomKK->k_mask.template view<DeviceType>();
  const int bit = groupbit;
  const double step_dtf = dtf, dtfrotate = dtf / inertia;
  const int n = (igroup == atom->firstgroup) ? atom->nfirst : atom->nlocal;

  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int i) {
        if (!(d_mask(i) & bit)) return;
        double v[3], omega[3], f[3], torque[3];
        for (int k = 0; k < 3; k++) {
          v[k] = d_v(i, k);
          omega[k] = d_omega(i, k);
          f[k] = d_f(i, k);
          torque[k] = d_torque(i, k);
        }
        gs_sphere_final_integrate(step_dtf, dtfrotate, d_rmass(i), d_radius(i), f, torque, v, omega);
        for (int k = 0; k < 3; k++) {
          d_v(i, k) = v[k];
          d_omega(i, k) = omega[k];
        }
      });
  atomKK->modified(execution_space, V_MASK | OMEGA_MASK);
}

/* ---- half-step records ---------------------------------------------------------------------- */

// setup: no step has been taken, so the records come from the current velocities
template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::setup_pre_force(int /*vflag*/)
{
  if (!records) return;
  atomKK->sync(execution_space, X_MASK | V_MASK | OMEGA_MASK);
  sync_records_device();
  auto d_x = atomKK->k_x.template view<DeviceType>();
  auto d_v = atomKK->k_v.template view<DeviceType>();
  auto d_omega = atomKK->k_omega.template view<DeviceType>();
  auto d_xstart = k_xstart.template view<DeviceType>();
  auto d_offset = k_offset.template view<DeviceType>();
  auto d_vhalf = k_vhalf.template view<DeviceType>();
  auto d_damping = k_damping.template view<DeviceType>();
  const double step_dtv = dtv;
  const bool predicts = consistent();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KOKKOS_LAMBDA(const int i) {
        store_verlet_record(step_dtv, d_v, i, d_vhalf, d_offset);
        for (int k = 0; k < 3; k++) {
          d_xstart(i, k) = d_x(i, k);
          if (predicts) {
            d_damping(i, k) = d_v(i, k);
            d_damping(i, 3 + k) = d_omega(i, k);
          }
        }
      });
  modified_records_device(true);
  comm->forward_comm(this);
}

// after every integrator moved its atoms: group atoms from their Verlet step, others from their
// actual displacement (same rule as the CPU fix)
template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::post_integrate()
{
  if (every_atom_from_velocity) return;
  const bool predicts = consistent();
  atomKK->sync(execution_space, X_MASK | V_MASK | MASK_MASK | (predicts ? OMEGA_MASK : 0));
  sync_records_device();
  auto d_x = atomKK->k_x.template view<DeviceType>();
  auto d_v = atomKK->k_v.template view<DeviceType>();
  auto d_omega = atomKK->k_omega.template view<DeviceType>();
  auto d_mask = atomKK->k_mask.template view<DeviceType>();
  auto d_xstart = k_xstart.template view<DeviceType>();
  auto d_offset = k_offset.template view<DeviceType>();
  auto d_vhalf = k_vhalf.template view<DeviceType>();
  auto d_damping = k_damping.template view<DeviceType>();
  const double step_dtv = dtv;
  const int bit = groupbit;
  const bool records_kept = !records_from_velocity;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KOKKOS_LAMBDA(const int i) {
        if (d_mask(i) & bit) {
          if (records_kept) store_verlet_record(step_dtv, d_v, i, d_vhalf, d_offset);
          return;    // (its dashpots' velocities were predicted in initial_integrate())
        }
        double x[3], xstart[3], v[3], vhalf[3], offset[3];
        for (int k = 0; k < 3; k++) {
          x[k] = d_x(i, k);
          xstart[k] = d_xstart(i, k);
          v[k] = d_v(i, k);
        }
        gs_record_moved_half_step(step_dtv, x, xstart, v, vhalf, offset);
        for (int k = 0; k < 3; k++) {
          d_vhalf(i, k) = vhalf[k];
          d_offset(i, k) = offset[k];
        }
        if (predicts)
          for (int k = 0; k < 3; k++) {
            d_damping(i, k) = d_v(i, k);
            d_damping(i, 3 + k) = d_omega(i, k);
          }
      });
  modified_records_device(false);
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::end_of_step()
{
  if (every_atom_from_velocity) return;
  atomKK->sync(execution_space, X_MASK | MASK_MASK);
  k_xstart.template sync<DeviceType>();
  auto d_x = atomKK->k_x.template view<DeviceType>();
  auto d_mask = atomKK->k_mask.template view<DeviceType>();
  auto d_xstart = k_xstart.template view<DeviceType>();
  const int bit = groupbit;
  // x(t) of the atoms outside the group (the group's records come from their velocities)
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KOKKOS_LAMBDA(const int i) {
        if (d_mask(i) & bit) return;
        for (int k = 0; k < 3; k++) d_xstart(i, k) = d_x(i, k);
      });
  k_xstart.template modify<DeviceType>();
}

/* ---- per-atom arrays: growth, sorting, migration -------------------------------------------- */

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::grow_arrays(int nmax)
{
  sync_records_device();    // resize keeps the device copy
  memoryKK->grow_kokkos(k_xstart, xstart, nmax, "nve/sphere/sync:xstart");
  memoryKK->grow_kokkos(k_offset, offset, nmax, "nve/sphere/sync:offset");
  memoryKK->grow_kokkos(k_vhalf, vhalf, nmax, "nve/sphere/sync:vhalf");
  if (consistent()) memoryKK->grow_kokkos(k_damping, damping, nmax, "nve/sphere/sync:damping");
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  sync_records_host();
  FixNVESphereSync::copy_arrays(i, j, delflag);
  modified_records_host();
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::set_arrays(int i)
{
  atomKK->sync(Host, X_MASK | V_MASK | OMEGA_MASK);
  sync_records_host();
  FixNVESphereSync::set_arrays(i);
  modified_records_host();
}

template <class DeviceType> int FixNVESphereSyncKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  sync_records_host();
  return FixNVESphereSync::pack_exchange(i, buf);
}

template <class DeviceType> int FixNVESphereSyncKokkos<DeviceType>::unpack_exchange(int i, double *buf)
{
  sync_records_host();
  const int n = FixNVESphereSync::unpack_exchange(i, buf);
  modified_records_host();
  return n;
}

template <class DeviceType>
void FixNVESphereSyncKokkos<DeviceType>::sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter)
{
  for (auto *record : {&k_xstart, &k_offset, &k_vhalf}) {
    record->sync_device();
    sorter.sort(LMPDeviceType(), record->view_device());
    record->modify_device();
  }
  if (consistent()) {
    k_damping.sync_device();
    sorter.sort(LMPDeviceType(), k_damping.view_device());
    k_damping.modify_device();
  }
}

template <class DeviceType>
int FixNVESphereSyncKokkos<DeviceType>::pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf,
                                                             DAT::tdual_int_1d k_sendlist,
                                                             DAT::tdual_int_1d k_copylist, ExecutionSpace space)
{
  // the host fix's layout: xstart, offset, vhalf, then the dashpots' v and omega
  DAT::tdual_double_1d_3_lr *records[3] = {&k_xstart, &k_offset, &k_vhalf};
  for (int r = 0; r < 3; r++)
    GransyncRows::pack(*records[r], 3, record_doubles(), 3 * r, nsend, k_buf, k_sendlist, k_copylist, space);
  if (consistent()) GransyncRows::pack(k_damping, 6, record_doubles(), 9, nsend, k_buf, k_sendlist, k_copylist, space);
  return record_doubles() * nsend;
}

template <class DeviceType>
void FixNVESphereSyncKokkos<DeviceType>::unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf,
                                                                DAT::tdual_int_1d &k_indices, int nrecv,
                                                                int /*nrecv1*/, int /*nextrarecv1*/,
                                                                ExecutionSpace space)
{
  DAT::tdual_double_1d_3_lr *records[3] = {&k_xstart, &k_offset, &k_vhalf};
  for (int r = 0; r < 3; r++)
    GransyncRows::unpack(*records[r], 3, record_doubles(), 3 * r, nrecv, k_buf, k_indices, space);
  if (consistent()) GransyncRows::unpack(k_damping, 6, record_doubles(), 9, nrecv, k_buf, k_indices, space);
}

/* ---- ghost atoms ------------------------------------------------------------------------------ */

// offsets and velocities are differences: periodic images need no shift
template <class DeviceType>
int FixNVESphereSyncKokkos<DeviceType>::pack_forward_comm_kokkos(int n, DAT::tdual_int_1d k_sendlist,
                                                                 DAT::tdual_double_1d &k_buf, int /*pbc_flag*/,
                                                                 int * /*pbc*/)
{
  // per atom: offset, vhalf, then (scheme consistent) the dashpots' v and omega; every row, so no flag
  // (the host layout's first double)
  k_offset.template sync<DeviceType>();
  k_vhalf.template sync<DeviceType>();
  if (consistent()) k_damping.template sync<DeviceType>();
  auto d_sendlist = k_sendlist.template view<DeviceType>();
  auto d_buf = k_buf.template view<DeviceType>();
  auto d_offset = k_offset.template view<DeviceType>();
  auto d_vhalf = k_vhalf.template view<DeviceType>();
  auto d_damping = k_damping.template view<DeviceType>();
  const int width = comm_forward - 1;
  const bool predicts = consistent();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int m) {
        const int j = d_sendlist(m);
        for (int k = 0; k < 3; k++) {
          d_buf(width * m + k) = d_offset(j, k);
          d_buf(width * m + 3 + k) = d_vhalf(j, k);
        }
        if (predicts)
          for (int k = 0; k < 6; k++) d_buf(width * m + 6 + k) = d_damping(j, k);
      });
  return width * n;
}

template <class DeviceType>
void FixNVESphereSyncKokkos<DeviceType>::unpack_forward_comm_kokkos(int n, int first, DAT::tdual_double_1d &k_buf)
{
  k_offset.template sync<DeviceType>();
  k_vhalf.template sync<DeviceType>();
  if (consistent()) k_damping.template sync<DeviceType>();
  auto d_buf = k_buf.template view<DeviceType>();
  auto d_offset = k_offset.template view<DeviceType>();
  auto d_vhalf = k_vhalf.template view<DeviceType>();
  auto d_damping = k_damping.template view<DeviceType>();
  const int width = comm_forward - 1;
  const bool predicts = consistent();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int m) {
        for (int k = 0; k < 3; k++) {
          d_offset(first + m, k) = d_buf(width * m + k);
          d_vhalf(first + m, k) = d_buf(width * m + 3 + k);
        }
        if (predicts)
          for (int k = 0; k < 6; k++) d_damping(first + m, k) = d_buf(width * m + 6 + k);
      });
  k_offset.template modify<DeviceType>();
  k_vhalf.template modify<DeviceType>();
  if (predicts) k_damping.template modify<DeviceType>();
}

template <class DeviceType>
int FixNVESphereSyncKokkos<DeviceType>::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  atomKK->sync(Host, MASK_MASK);    // which rows are kept (the borders set ghosts' masks on the device)
  sync_records_host();
  return FixNVESphereSync::pack_forward_comm(n, list, buf, pbc_flag, pbc);
}

template <class DeviceType> void FixNVESphereSyncKokkos<DeviceType>::unpack_forward_comm(int n, int first, double *buf)
{
  atomKK->sync(Host, MASK_MASK);
  sync_records_host();
  FixNVESphereSync::unpack_forward_comm(n, first, buf);
  modified_records_host();
}

namespace LAMMPS_NS {
template class FixNVESphereSyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixNVESphereSyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
