/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The one /kk wall adapter (the CPU one: GRANSYNC/gransync_wall.h). GransyncWallKokkos<Base> runs
   a CPU wall class (Base) on the device: its per-atom rows in a DualView (LAMMPS' host callbacks
   run the CPU class's code on the synced host copy; Kokkos' sort and exchange move the rows on
   the device), the checks every /kk wall makes, and its kernel over the atoms (for_each_atom())
   with what it reads and writes of an atom besides the contacts (GransyncWallFrame). A geometry's
   post_force() is then begin_frame(), for_each_atom() with its contacts, end_frame().
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_WALL_H
#define LMP_GRANSYNC_KOKKOS_WALL_H

#include "atom.h"
#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "gransync_kokkos_check.h"
#include "gransync_kokkos_heat.h"
#include "gransync_kokkos_interface.h"
#include "gransync_kokkos_output.h"
#include "gransync_kokkos_rows.h"
#include "input.h"
#include "kokkos_base.h"
#include "kokkos_type.h"
#include "memory_kokkos.h"
#include "update.h"

#include "gs_contact.h"
#include "gs_wall.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace LAMMPS_NS {

// What a wall kernel reads of an atom, as the core's wall functions take it: its state at t+dt
// and, from fix nve/sphere/sync/kk, its half-step position and velocity (else reconstructed) and
// the dashpots' row of scheme consistent.
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

// A wall kernel's view of atom i besides its contacts: the atom (GransyncWallAtoms), its row, heat,
// outputs and energy; finish() stores what the contacts gave.
template <class DeviceType> struct GransyncWallFrame {
  GransyncWallAtoms<DeviceType> atoms;
  std::decay_t<decltype(std::declval<DAT::tdual_double_2d_lr &>().template view<DeviceType>())> rows;
  typename GransyncHeat<DeviceType>::Values temperature, heat;
  typename GransyncWallOutput<DeviceType>::Rows output, atom_energy;
  typename GransyncCentredAtoms<DeviceType>::Count centred;
  int bit = 0, history_update = 0, with_heat = 0, columns = 0, with_atom_energy = 0;
  double twall = 0.0;

  // atom i: x, v, omega at t+dt; xh, vh its half step; next the dashpots' row; f and torque so far
  struct State {
    double x[3], v[3], omega[3], xh[3], vh[3], next[6], f[3], torque[3];
    KOKKOS_INLINE_FUNCTION const double *x_sync(int sync) const { return sync ? xh : x; }
    KOKKOS_INLINE_FUNCTION const double *v_sync(int sync) const { return sync ? vh : v; }
  };

  KOKKOS_INLINE_FUNCTION bool in_group(int i) const { return atoms.mask(i) & bit; }
  KOKKOS_INLINE_FUNCTION void gather(int i, State &a) const
  {
    atoms.gather(i, a.x, a.v, a.omega, a.xh, a.vh, a.next);
    for (int k = 0; k < 3; k++) {
      a.f[k] = atoms.f(i, k);
      a.torque[k] = atoms.torque(i, k);
    }
  }
  KOKKOS_INLINE_FUNCTION const double *next(const State &a) const { return atoms.consistent ? a.next : nullptr; }
  KOKKOS_INLINE_FUNCTION double *row(int i) const { return &rows(i, 0); }
  KOKKOS_INLINE_FUNCTION double temperature_of(int i) const { return with_heat ? temperature(i) : 0.0; }
  KOKKOS_INLINE_FUNCTION double *heatflow_of(int i) const { return with_heat ? &heat(i) : nullptr; }
  KOKKOS_INLINE_FUNCTION double *output_of(int i) const { return columns ? &output(i, 0) : nullptr; }

  // after atom i's contacts: `touched` as the core's wall functions return it, e their stored energy
  KOKKOS_INLINE_FUNCTION void finish(int i, int touched, double e, const State &a, int &overflow,
                                     double &stored) const
  {
    if (touched == GS_WALL_CENTRED) Kokkos::atomic_inc(&centred());
    if (touched < 0) {
      overflow += touched == GS_WALL_CROWDED;
      return;
    }
    stored += e;
    if (with_atom_energy) atom_energy(i, 0) = e;
    for (int k = 0; k < 3; k++) {
      atoms.f(i, k) = a.f[k];
      atoms.torque(i, k) = a.torque[k];
    }
  }
};

// for_each_atom()'s `acts` of a geometry that cannot tell in advance (at namespace scope: CUDA's
// lambdas take no protected member types)
struct GransyncEveryAtom {
  KOKKOS_INLINE_FUNCTION bool operator()(int) const { return true; }
};

template <class Base, class DeviceType> class GransyncWallKokkos : public Base, public KokkosBase {
 public:
  typedef DeviceType device_type;

  // kk_style names the style in the refusal of a mismatched Kokkos build, which comes before the
  // base class registers its per-atom arrays
  GransyncWallKokkos(const char *kk_style, LAMMPS *lmp, int narg, char **arg) :
      Base((require_matching_kokkos(lmp->error, kk_style), lmp), narg, arg, true)
  {
    this->kokkosable = 1;
    this->exchange_comm_device = this->sort_device = 1;
    this->atomKK = (AtomKokkos *) this->atom;
    this->execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
    this->datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK;
    this->datamask_modify = F_MASK | TORQUE_MASK;
    if (this->row_width == 0) return;
    // the CPU class grew a plain host array: its rows move into the DualView
    this->memory->destroy(this->rows);
    this->rows = nullptr;
    grow_arrays(this->atom->nmax);
    for (int i = 0; i < this->atom->nlocal; i++) set_arrays(i);
  }
  ~GransyncWallKokkos() override
  {
    if (this->copymode) return;
    this->memoryKK->destroy_kokkos(k_rows, this->rows);
  }

  void init() override
  {
    refusal = std::string("fix ") + this->style;
    Base::init();
    keep_integrators_unfused(this->modify);
    const std::string kk = this->style, cpu = kk.substr(0, kk.find("/kk"));
    if (this->update->whichflag == 2)
      this->error->all(FLERR, "fix {}: minimize runs with the CPU style {} (without '-sf kk')", kk, cpu);
    if (runs_on_device() && this->fix_halfstep &&
        !dynamic_cast<HalfStepRecordsOnDevice<DeviceType> *>(this->fix_halfstep))
      this->error->all(FLERR, "fix {} needs the half-step records on the device: use fix nve/sphere/sync/kk (e.g. "
                              "with '-sf kk'), not fix {}", kk, this->fix_halfstep->style);
  }

  // The kernel over the group's atoms: contacts(i, a, e) adds atom i's contacts to a.f and
  // a.torque, sets their stored energy e and returns what the core's wall functions return (public
  // for CUDA's lambdas). Returns the count of atoms with more contacts than their row holds.
  // acts(i): whether atom i's contacts would act (touch, or clear a row); a geometry that can tell
  // from the atom's position, radius and row skips gathering the others (the frame's outputs
  // start at zero).
  template <class Contacts>
  int for_each_atom(const GransyncWallFrame<DeviceType> &frame, const Contacts &contacts)
  {
    return for_each_atom(frame, GransyncEveryAtom(), contacts);
  }
  template <class Acts, class Contacts>
  int for_each_atom(const GransyncWallFrame<DeviceType> &frame, const Acts &acts, const Contacts &contacts)
  {
    int overflows = 0;
    Kokkos::parallel_reduce(
        Kokkos::RangePolicy<DeviceType>(0, this->atom->nlocal),
        KOKKOS_LAMBDA(const int i, int &overflow, double &stored) {
          if (!frame.in_group(i) || !acts(i)) return;
          typename GransyncWallFrame<DeviceType>::State a;
          frame.gather(i, a);
          double e = 0.0;
          const int touched = contacts(i, a, e);
          frame.finish(i, touched, e, a, overflow, stored);
        },
        overflows, this->energy_here);
    return overflows;
  }

  void grow_arrays(int nmax) override
  {
    if (this->row_width > 0) {
      k_rows.sync_device();    // resize keeps the device copy
      this->memoryKK->grow_kokkos(k_rows, this->rows, nmax, this->row_width,
                                  (std::string(this->style) + ":rows").c_str());
    }
    this->grow_output(nmax);
  }
  void copy_arrays(int i, int j, int delflag) override
  {
    k_rows.sync_host();
    Base::copy_arrays(i, j, delflag);
    k_rows.modify_host();
  }
  void set_arrays(int i) override
  {
    k_rows.sync_host();
    Base::set_arrays(i);
    k_rows.modify_host();
  }
  int pack_exchange(int i, double *buf) override
  {
    k_rows.sync_host();
    return Base::pack_exchange(i, buf);
  }
  int unpack_exchange(int nlocal, double *buf) override
  {
    k_rows.sync_host();
    const int n = Base::unpack_exchange(nlocal, buf);
    k_rows.modify_host();
    return n;
  }
  int pack_restart(int i, double *buf) override
  {
    k_rows.sync_host();
    return Base::pack_restart(i, buf);
  }
  void unpack_restart(int nlocal, int nth) override
  {
    k_rows.sync_host();
    Base::unpack_restart(nlocal, nth);
    k_rows.modify_host();
  }
  int size_restart(int nlocal) override
  {
    k_rows.sync_host();
    return Base::size_restart(nlocal);
  }
  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter) override
  {
    if (this->row_width == 0) return;
    k_rows.sync_device();
    sorter.sort(LMPDeviceType(), k_rows.view_device());
    k_rows.modify_device();
  }
  int pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d k_sendlist,
                           DAT::tdual_int_1d k_copylist, ExecutionSpace space) override
  {
    if (this->row_width == 0) return 0;
    GransyncRows::pack(k_rows, this->row_width, this->row_width, 0, nsend, k_buf, k_sendlist, k_copylist, space);
    return this->row_width * nsend;
  }
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_indices, int nrecv,
                              int /*nrecv1*/, int /*nextrarecv1*/, ExecutionSpace space) override
  {
    if (this->row_width == 0) return;
    GransyncRows::unpack(k_rows, this->row_width, this->row_width, 0, nrecv, k_buf, k_indices, space);
  }

 protected:
  DAT::tdual_double_2d_lr k_rows;

  // whether the wall's kernel runs on the device (a region of a shape the device does not know
  // runs the CPU class's post_force() on the host)
  virtual bool runs_on_device() const { return true; }
  const char *refuses_dissipation() const override { return refusal.c_str(); }

  // before the kernel: the atoms, rows, heat and outputs on the device, the energy sums begun
  GransyncWallFrame<DeviceType> begin_frame()
  {
    GransyncWallFrame<DeviceType> frame;
    frame.atoms.begin(this->atomKK, this->execution_space, this->datamask_read, this->fix_halfstep, this->model,
                      this->update->dt);
    if (this->row_width > 0) k_rows.template sync<DeviceType>();
    frame.rows = k_rows.template view<DeviceType>();
    frame.bit = this->groupbit;
    frame.history_update = this->update->setupflag == 0;
    frame.with_heat = this->model.heat != GS_HEAT_UNSET;
    frame.twall = frame.with_heat ? this->wall_temperature.now(this->input) : 0.0;
    if (frame.with_heat) heat.begin(this->atom->temperature, this->atom->nlocal, this->atom->heatflow, this->atom->nlocal);
    frame.temperature = heat.temperature;
    frame.heat = heat.heat;
    frame.columns = this->peratom_flag ? this->size_peratom_cols : 0;
    frame.output = output.begin(this->atom->nlocal, frame.columns);
    this->begin_energy();
    frame.with_atom_energy = this->eflag_atom ? 1 : 0;    // (eflag_atom is a bit of eflag)
    frame.atom_energy = atom_energy.begin(this->atom->nlocal, frame.with_atom_energy);
    frame.centred = centred.begin();
    return frame;
  }
  // after it: atoms whose centre lay on the wall (`surface`: "wall", "mesh") stop the run; the
  // forces, rows, heat and outputs back
  void end_frame(const GransyncWallFrame<DeviceType> &frame, const char *surface)
  {
    if (const int centred_atoms = centred.end())
      this->error->one(FLERR, "fix {}: the centres of {} atoms lie on the {}, where a contact has no normal",
                       this->style, centred_atoms, surface);
    this->atomKK->modified(this->execution_space, this->datamask_modify);
    if (this->row_width > 0) k_rows.template modify<DeviceType>();
    if (frame.with_heat) heat.end(this->atom->heatflow, this->atom->nlocal);
    output.end(this->array_atom, this->atom->nlocal, frame.columns);
    atom_energy.end(this->eatom, this->atom->nlocal, frame.with_atom_energy);
  }

 private:
  std::string refusal;    // the wall cannot accumulate dissipation
  GransyncHeat<DeviceType> heat;
  GransyncWallOutput<DeviceType> output, atom_energy;
  GransyncCentredAtoms<DeviceType> centred;
};

}    // namespace LAMMPS_NS

#endif
