/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of pair granular/sync: gathers each contact into a gs_contact and calls the C
   core (src/core/gs_contact.h), like the CPU style, on the device.

   Contact history lives in fix neigh/history/kk's packed rows, oriented as
   history_orientation() says (gransync_kokkos_interface.h).
------------------------------------------------------------------------- */

// the evaluator carries mdr, whose per-atom sums several threads add to
#ifdef GS_CONTACT_H
#error "GS_WITH_MDR must be defined before gs_contact.h is first included"
#endif
#include <Kokkos_Core.hpp>
#define GS_WITH_MDR
#define GS_MDR_ADD(sum, value) Kokkos::atomic_add(sum, value)

#include "pair_granular_sync_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "gransync_args.h"
#include "force.h"
#include "kokkos.h"
#include "memory_kokkos.h"
#include "neigh_list_kokkos.h"
#include "neigh_request.h"
#include "neighbor.h"
#include "output.h"
#include "timer.h"
#include "update.h"

#include "gransync_kokkos_check.h"

#include "gs_contact.h"

#include <cstring>
#include <type_traits>

using namespace LAMMPS_NS;

namespace {

// The sub-models a kernel evaluates: read from each contact's model (any combination), or fixed
// at compile time for the common ones, so the compiler drops the other models' branches.
struct AnyKinds {
  KOKKOS_INLINE_FUNCTION static gs_kinds of(const gs_model *m) { return gs_model_kinds(m); }
};
// (the dashpots' time level, the integrator's, stays a run-time choice)
template <int NORMAL, int DAMPING, int TANGENTIAL, int ROLLING, int TWISTING, int ORDERING> struct FixedKinds {
  KOKKOS_INLINE_FUNCTION static gs_kinds of(const gs_model *m)
  {
    return {NORMAL, DAMPING, TANGENTIAL, ROLLING, TWISTING, ORDERING, m->scheme};
  }
};

// One half-list row (atom i and its neighbors) per work item; on CPU threads one block of rows.
// HEAT: with heat conduction, MDR: with mdr's per-atom state (only the generic kernel), so that
// the others carry none of it.
template <class DeviceType, int NEIGHFLAG, class Kinds, bool HEAT = false, bool MDR = false>
struct GranularSyncPairKernel {
  typedef DeviceType device_type;
  typedef EV_FLOAT value_type;
  typedef ArrayTypes<DeviceType> AT;

  // Several threads on a half list add into the same atoms: atomics on GPUs, plain adds on one
  // thread; on CPU threads the blocks below, and per-thread copies for the per-atom virial only.
  using Dup = NeedDup_v<NEIGHFLAG, DeviceType>;
  using Access = AtomicDup_v<NEIGHFLAG, DeviceType>;
  using KKDeviceType = typename KKDevice<DeviceType>::value;

  typename AT::t_kkfloat_1d_3_lr_randomread x;
  typename AT::t_kkfloat_1d_3_randomread v, omega;
  KKScatterView<KK_ACC_FLOAT *[3], typename DAT::t_kkacc_1d_3::array_layout, KKDeviceType, KKScatterSum, Dup> f, torque;
  KKScatterView<KK_ACC_FLOAT *[6], typename DAT::t_kkacc_1d_6::array_layout, KKDeviceType, KKScatterSum, Dup> vatom;
  KKScatterView<KK_ACC_FLOAT *, typename DAT::t_kkacc_1d::array_layout, KKDeviceType, KKScatterSum, Dup> eatom;
  // heat conduction: temperatures and heat flows of the local and ghost atoms (gransync_kokkos_heat.h)
  Kokkos::View<const double *, DeviceType> temperature;
  KKScatterView<double *, Kokkos::LayoutRight, KKDeviceType, KKScatterSum, Dup> heat;
  typename AT::t_int_1d_randomread type, mask;
  typename AT::t_tagint_1d_randomread tag;
  typename AT::t_kkfloat_1d_randomread rmass, radius;
  typename AT::t_neighbors_2d neighbors;
  typename AT::t_int_1d_randomread ilist, numneigh;
  // with contact history: the list row after row, from the history fix (packed_rows()); without,
  // on the own list (lists levels), its rows (start, packed_neighbors)
  Kokkos::View<int *, DeviceType> start, packed_neighbors, touch;
  Kokkos::View<KK_FLOAT *, DeviceType> history;
  typename AT::t_double_1d_3_lr offset, vhalf;    // empty: reconstruct the half step
  typename AT::t_double_1d_6_lr damping;    // scheme consistent: the dashpots' v and omega at t+dt
  Kokkos::View<gs_model *, DeviceType> models;
  // mdr: the per-atom state (device pointers)
  gs_mdr_atoms mdr_atoms;
  // counts of pairs at the same position (0: no contact normal), and with mdr of contacts whose
  // force is not finite (1) and of new contacts past yield where the history is not advanced (2:
  // see gs_mdr_side_force())
  Kokkos::View<int[3], DeviceType> contact_counts;

  // The scalars, which operator() copies to its stack: the compiler cannot tell that stores
  // through the views leave the kernel object alone, and reloaded them at every contact.
  struct Settings {
    double special_lj[4];
    double dt;
    // nreceive: atoms 0 to nreceive - 1 get forces (newton off: the owned ones; on: ghosts too)
    int stride, inum, nlocal, nreceive, size_history, oriented_history, use_history, history_update, records, velocity_bit, freeze_bit;
    int packed;    // rows one after another (start, packed_neighbors): with history or on the own list
    int vflag_global, vflag_atom, eflag_global, eflag_atom;
  } settings;

  // CPU threads on a half list: each thread takes one block of consecutive rows. An atom that only
  // one block adds into (route(k) = b, found at each cut: PairGranularSyncKokkos::route_atoms())
  // gets its adds straight; one that several do (route(k) = nblocks + its slot) gets them in each
  // block's own copy of f and torque, summed and cleared afterwards. Per-thread copies of all atoms
  // (Kokkos' ScatterView) cost two passes over every copy at every step; the shared atoms are the
  // few whose partners lie in two blocks (or, with newton on, ghosts such partners share).
  static constexpr bool blocks = std::is_same_v<Dup, KKScatterDuplicated>;
  typename AT::t_kkacc_1d_3 f_direct, torque_direct;
  typename GransyncHeat<DeviceType>::Values heat_direct;
  Kokkos::View<KK_ACC_FLOAT ***, Kokkos::LayoutRight, DeviceType> spill;    // (block, slot, f, torque, heat)
  Kokkos::View<int *, DeviceType> block_rows;    // block b: rows block_rows(b) to block_rows(b + 1) - 1
  Kokkos::View<int *, DeviceType> route;
  int nblocks = 0;

  struct TagBlocks {};
  struct TagRowChunks {};
  // one CPU thread without blocks (HALF): rows in chunks, so that the settings are copied per chunk
  static constexpr int chunk_rows = 256;

  KOKKOS_INLINE_FUNCTION auto direct_add() const
  {
    auto a_f = f.template access<Access>();
    auto a_torque = torque.template access<Access>();
    auto a_heat = heat.template access<Access>();
    return [=](int k, double fsign, const double *fk, double tscale, const double *tk, double q) {
      for (int d = 0; d < 3; d++) {
        a_f(k, d) += fsign * fk[d];
        a_torque(k, d) += tscale * tk[d];
      }
      if constexpr (HEAT) a_heat(k) += q;
    };
  }

  // without a virial to sum: a parallel_for
  KOKKOS_INLINE_FUNCTION void operator()(const int ii) const
  {
    EV_FLOAT unused;
    (*this)(ii, unused);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const int ii, EV_FLOAT &ev) const
  {
    const Settings s = settings;
    row(ii, s, ev, direct_add());
  }

  KOKKOS_INLINE_FUNCTION void operator()(TagRowChunks, const int chunk, EV_FLOAT &ev) const
  {
    const Settings s = settings;
    const auto add = direct_add();
    const int last = (chunk + 1) * chunk_rows < s.inum ? (chunk + 1) * chunk_rows : s.inum;
    for (int ii = chunk * chunk_rows; ii < last; ii++) row(ii, s, ev, add);
  }

  KOKKOS_INLINE_FUNCTION void operator()(TagBlocks, const int b, EV_FLOAT &ev) const
  {
    const Settings s = settings;
    const auto add = [&](int k, double fsign, const double *fk, double tscale, const double *tk, double q) {
      const int r = route(k);
      if (r == b) {
        for (int d = 0; d < 3; d++) {
          f_direct(k, d) += fsign * fk[d];
          torque_direct(k, d) += tscale * tk[d];
        }
        if constexpr (HEAT) heat_direct(k) += q;
      } else {
        const int slot = r - nblocks;
        for (int d = 0; d < 3; d++) {
          spill(b, slot, d) += fsign * fk[d];
          spill(b, slot, 3 + d) += tscale * tk[d];
        }
        if constexpr (HEAT) spill(b, slot, 6) += q;
      }
    };
    for (int ii = block_rows(b); ii < block_rows(b + 1); ii++) row(ii, s, ev, add);
  }

  // Neighbors scanned per pass of row(): on CPU threads a pass collects the ones that need work
  // (overlapping now, or touching at the last step; most neighbors of a bed are neither) in a
  // loop that keeps its state in registers; on a GPU one neighbor at a time.
  static constexpr int scan_block =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename DeviceType::memory_space>::accessible ? 64 : 1;

  // The contacts of row ii; add(atom, a, force, b, torque, q) adds a force, b torque and heat q to
  // an atom.
  template <class Add>
  KOKKOS_FORCEINLINE_FUNCTION void row(const int ii, const Settings &s, EV_FLOAT &ev, const Add &add) const
  {
    const int i = ilist(ii);
    const double xi[3] = {x(i, 0), x(i, 1), x(i, 2)};
    const double radi = radius(i);
    const gs_model *model_row = &models(type(i) * s.stride);
    const int jnum = numneigh(i);
    const int first_pair = s.packed ? start(ii) : 0;
    double fi[3] = {0.0, 0.0, 0.0}, ti[3] = {0.0, 0.0, 0.0}, qi = 0.0;
    for (int base = 0; base < jnum; base += scan_block) {
      const int end = base + scan_block < jnum ? base + scan_block : jnum;
      int candidate[scan_block];
      const int n = s.use_history ? scan<true, true>(i, first_pair, base, end, xi, radi, candidate)
          : s.packed              ? scan<true, false>(i, first_pair, base, end, xi, radi, candidate)
                                  : scan<false, false>(i, first_pair, base, end, xi, radi, candidate);
      for (int k = 0; k < n; k++) {
        const int jj = candidate[k];
        const int p = first_pair + jj;
        int j = s.packed ? packed_neighbors(p) : neighbors(i, jj);
        const double factor_lj = s.special_lj[(j >> SBBITS) & 3];
        j &= NEIGHMASK;
        if (factor_lj == 0.0) continue;

        const gs_model *m = model_row + type(j);
        const double dx[3] = {xi[0] - x(j, 0), xi[1] - x(j, 1), xi[2] - x(j, 2)};
        const double radj = radius(j);
        const int was_touching = s.use_history && touch(p);
        const double reach = gs_pair_reach(m, radi, radj, was_touching);
        if (!(gs_dot3(dx, dx) < reach * reach)) {
          if (was_touching) {
            touch(p) = 0;
            for (int h = 0; h < s.size_history; h++) history(s.size_history * p + h) = 0.0;
          }
          continue;
        }
        if (s.use_history) touch(p) = 1;
        KOKKOS_IF_ON_HOST((contact_on_host(s, ev, add, i, j, p, m, dx, radi, radj, factor_lj, fi, ti, qi);))
        KOKKOS_IF_ON_DEVICE((contact(s, ev, add, i, j, p, m, dx, radi, radj, factor_lj, fi, ti, qi);))
      }
    }
    if (NEIGHFLAG != HALF) add(i, 1.0, fi, 1.0, ti, qi);
  }

  // the neighbors base to end - 1 of row i that need work, into candidate; their number
  template <bool PACKED, bool HISTORY>
  KOKKOS_FORCEINLINE_FUNCTION int scan(const int i, const int first_pair, const int base, const int end,
                                       const double *xi, const double radi, int *candidate) const
  {
    // plain pointers, which stay in registers (the views' are reloaded after each store, and x's
    // stride multiplied): x as LAMMPS lays it out, 3 per atom (checked in init_style())
    const double *const xs = x.data();
    const int *const touched = touch.data() + first_pair;
    int n = 0;
    for (int jj = base; jj < end; jj++) {
      const int j = (PACKED ? packed_neighbors(first_pair + jj) : neighbors(i, jj)) & NEIGHMASK;
      const double *const xj = xs + 3 * static_cast<size_t>(j);
      const double dx[3] = {xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]};
      int work = gs_spheres_overlap(gs_dot3(dx, dx), radi, radius(j));
      // touch flags are 0 or 1 (written only here and by the history fix): or-ed in, no branch
      if constexpr (HISTORY) work |= touched[jj];
      candidate[n] = jj;
      n += work;
    }
    return n;
  }

  // On CPU threads a contact runs out of line, its evaluator inlined and compiled for the kernel's
  // sub-models: inlined into the row loop, GCC kept the loop's state in memory (bench/README.md).
  template <class Add>
  [[gnu::noinline]] void contact_on_host(const Settings &s, EV_FLOAT &ev, const Add &add, const int i, const int j,
                                         const int p, const gs_model *m, const double *dx, const double radi,
                                         const double radj, const double factor_lj, double *fi, double *ti,
                                         double &qi) const
  {
    contact(s, ev, add, i, j, p, m, dx, radi, radj, factor_lj, fi, ti, qi);
  }

  // one touching pair: its force and torques added (i's into fi, ti and qi unless one thread
  // adds straight), its history advanced
  template <class Add>
  KOKKOS_FORCEINLINE_FUNCTION void contact(const Settings &s, EV_FLOAT &ev, const Add &add, const int i,
                                           const int j, const int p, const gs_model *m, const double *dx,
                                           const double radi, const double radj, const double factor_lj,
                                           double *fi, double *ti, double &qi) const
  {
    if (dx[0] == 0.0 && dx[1] == 0.0 && dx[2] == 0.0) {
      Kokkos::atomic_inc(&contact_counts(0));
      return;
    }
    const gs_kinds kinds = Kinds::of(m);
    gs_contact c;
    for (int k = 0; k < 3; k++) c.dx[k] = dx[k];
    c.r = 0.0;    // the core computes it for pairs; set so flow analysis sees no uninitialized read
    c.radi = radi;
    c.radj = radj;
    const double mi = rmass(i), mj = rmass(j);
    c.meff = mi * mj / (mi + mj);
    if (mask(i) & s.freeze_bit) c.meff = mj;
    if (mask(j) & s.freeze_bit) c.meff = mi;
    c.dt = s.dt;
    c.history_update = s.history_update;
    for (int k = 0; k < 3; k++) {
      c.omegai[k] = omega(i, k);
      c.omegaj[k] = omega(j, k);
    }
    if (kinds.ordering == GS_ORDERING_SYNCHRONIZED && s.records) {
      double offset_i[3], offset_j[3], vhalf_i[3], vhalf_j[3];
      half_step_relative(i, v, offset, vhalf, mask, s.velocity_bit, c.dt, offset_i, vhalf_i);
      half_step_relative(j, v, offset, vhalf, mask, s.velocity_bit, c.dt, offset_j, vhalf_j);
      for (int k = 0; k < 3; k++) {
        c.vr[k] = vhalf_i[k] - vhalf_j[k];
        c.dx_half[k] = c.dx[k] + (offset_i[k] - offset_j[k]);
      }
    } else {
      for (int k = 0; k < 3; k++) c.vr[k] = v(i, k) - v(j, k);
      if (kinds.ordering == GS_ORDERING_SYNCHRONIZED) gs_reconstruct_half_step(c.dx, c.vr, c.dt, c.dx_half);
      else    // unread; set so flow analysis of the generic kernel sees no uninitialized read
        for (int k = 0; k < 3; k++) c.dx_half[k] = c.dx[k];
    }
    if (kinds.scheme == GS_SCHEME_CONSISTENT) {
      c.damp_i = &damping(i, 0);    // (rows of a LayoutRight view are contiguous)
      c.damp_j = &damping(j, 0);
    }

    // models with rolling or twisting history work on an oriented copy; the others in place,
    // without the tags' random read
    double oriented[MDR ? GS_MDR_HISTORY + GS_MAX_HISTORY : GS_MAX_HISTORY];
    gs_mdr_atoms at;
    if constexpr (MDR) {
      at = mdr_atoms;
      c.mdr_atoms = &at;
      c.mdr_i = i;
      c.mdr_j = j;
      c.mdr_i_side0 = tag(i) > tag(j);
      c.mdr_yield_unrecorded = 0;
    }
    double *hist = s.use_history ? &history(s.size_history * p) : nullptr;
    double sigma = 1.0;
    if (s.oriented_history) {
      sigma = history_sigma(tag(i), tag(j));
      for (int k = 0; k < s.size_history; k++) oriented[k] = hist[k] * history_orientation(m, k, sigma);
      hist = oriented;
    }
    gs_contact_evaluate_as(m, kinds, &c, hist);
    if (s.oriented_history)
      for (int k = 0; k < s.size_history; k++) history(s.size_history * p + k) = oriented[k] * history_orientation(m, k, sigma);

    if constexpr (MDR) {
      if (!Kokkos::isfinite(c.fn_total)) Kokkos::atomic_inc(&contact_counts(1));
      if (c.mdr_yield_unrecorded) Kokkos::atomic_inc(&contact_counts(2));
    }

    double fij[3];
    for (int k = 0; k < 3; k++) fij[k] = factor_lj * c.force[k];
    // as stock: heat is not scaled by special bonds
    const double q = HEAT ? gs_contact_heat(m, &c, temperature(i), temperature(j)) : 0.0;
    if (NEIGHFLAG == HALF) {
      add(i, 1.0, fij, factor_lj, c.torquei, q);    // one thread: add in the CPU style's order, so both give the same bits
    } else {
      for (int k = 0; k < 3; k++) {
        fi[k] += fij[k];
        ti[k] += factor_lj * c.torquei[k];
      }
      qi += q;
    }
    if (j < s.nreceive) add(j, -1.0, fij, factor_lj, c.torquej, -q);
    if (s.eflag_global || s.eflag_atom) {
      // the springs' energies are squares: the oriented copy gives the same
      const double e = factor_lj * gs_contact_stored_energy(m, &c, hist);
      const double share_j = j < s.nreceive ? 0.5 : 0.0;
      if (s.eflag_global) ev.evdwl += (0.5 + share_j) * e;
      if (s.eflag_atom) {
        auto a_eatom = eatom.template access<Access>();
        a_eatom(i) += 0.5 * e;
        if (j < s.nreceive) a_eatom(j) += 0.5 * e;
      }
    }
    if (s.vflag_global || s.vflag_atom) {
      const double w[6] = {c.dx[0] * fij[0], c.dx[1] * fij[1], c.dx[2] * fij[2],
                           c.dx[0] * fij[1], c.dx[0] * fij[2], c.dx[1] * fij[2]};
      const double share_j = j < s.nreceive ? 0.5 : 0.0;
      if (s.vflag_global)
        for (int k = 0; k < 6; k++) ev.v[k] += (0.5 + share_j) * w[k];
      if (s.vflag_atom) {
        auto a_vatom = vatom.template access<Access>();
        for (int k = 0; k < 6; k++) {
          a_vatom(i, k) += 0.5 * w[k];
          if (j < s.nreceive) a_vatom(j, k) += 0.5 * w[k];
        }
      }
    }
  }
};

// Cuts rows 0 to inum - 1 into consecutive blocks of about equal work: a touching pair (from the
// contact history, where there is one) costs about 16 times a neighbor out of contact (two threads'
// instructions in the kernel, callgrind: 10 left the chute's blocks 4.5% apart and the flowing
// bed's 3.2%, 16 3.7% and 0.8%; a row's own weight 4 or 0 did worse on one of them).
template <class DeviceType>
void partition_rows(const Kokkos::View<int *, DeviceType> &block_rows, Kokkos::View<bigint *, DeviceType> &prefix,
                    const typename ArrayTypes<DeviceType>::t_int_1d &ilist,
                    const typename ArrayTypes<DeviceType>::t_int_1d &numneigh,
                    const Kokkos::View<int *, DeviceType> &start, const Kokkos::View<int *, DeviceType> &touch,
                    const int inum)
{
  constexpr int contact_weight = 16;
  if ((int) prefix.extent(0) < inum + 1) prefix = Kokkos::View<bigint *, DeviceType>("granular/sync/kk:work", inum + 1);
  auto work = prefix;
  const bool with_touch = touch.extent(0) > 0;
  Kokkos::parallel_scan(
      Kokkos::RangePolicy<DeviceType>(0, inum), KOKKOS_LAMBDA(const int ii, bigint &sum, const bool final) {
        const int jnum = numneigh(ilist(ii));
        sum += 1 + jnum;
        if (with_touch)
          for (int p = start(ii); p < start(ii) + jnum; p++) sum += (contact_weight - 1) * touch(p);
        if (final) work(ii + 1) = sum;    // work(0) stays the zero it was allocated with
      });
  const int nblocks = block_rows.extent(0) - 1;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nblocks + 1), KOKKOS_LAMBDA(const int b) {
        const bigint target = work(inum) * b / nblocks;
        int lo = 0, hi = inum;    // the first row whose work prefix reaches the target
        while (lo < hi) {
          const int mid = (lo + hi) / 2;
          if (work(mid) < target) lo = mid + 1;
          else hi = mid;
        }
        block_rows(b) = b == nblocks ? inum : lo;
      });
}

}    // namespace

template <class DeviceType>
PairGranularSyncKokkos<DeviceType>::PairGranularSyncKokkos(LAMMPS *lmp) :
    PairGranularSync(lmp), neighflag(0), h_list_current(false)
{
  if (!lmp->kokkos) error->all(FLERR, "pair_style granular/sync/kk requires Kokkos: run LAMMPS with '-k on'");
  require_matching_kokkos(error, "pair_style granular/sync/kk");
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | TYPE_MASK | MASK_MASK | TAG_MASK |
      RMASS_MASK | RADIUS_MASK;
  datamask_modify = F_MASK | TORQUE_MASK;
}

template <class DeviceType> PairGranularSyncKokkos<DeviceType>::~PairGranularSyncKokkos()
{
  if (copymode) return;
  memoryKK->destroy_kokkos(k_vatom, vatom);
  memoryKK->destroy_kokkos(k_eatom, eatom);
  vatom = nullptr;
}

template <class DeviceType> const char *PairGranularSyncKokkos<DeviceType>::history_fix_style() const
{
  return std::is_same_v<DeviceType, LMPDeviceType> ? "NEIGH_HISTORY/SYNC/KK/DEVICE" : "NEIGH_HISTORY/SYNC/KK/HOST";
}

template <class DeviceType> const char *PairGranularSyncKokkos<DeviceType>::mdr_fix_style() const
{
  return std::is_same_v<DeviceType, LMPDeviceType> ? "granular/mdr/sync/kk/device" : "granular/mdr/sync/kk/host";
}

template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::init_style()
{
  PairGranularSync::init_style();
  keep_integrators_unfused(modify);
  if (update->whichflag == 2)
    error->all(FLERR, "pair_style granular/sync/kk: minimize runs with the CPU style granular/sync (without "
                      "'-sf kk' or with 'suffix off' before the pair style)");
  if (fix_rigid)
    error->all(FLERR, "pair_style granular/sync/kk: fix {} is not supported on the device; use granular/sync",
               fix_rigid->style);
  device_mdr = dynamic_cast<MdrStateOnDevice<DeviceType> *>(fix_mdr);
  if (mdr_flag && !device_mdr)
    error->all(FLERR, "pair_style granular/sync/kk: fix {} holds the mdr state of another pair style; redefine the "
                      "pair style", fix_mdr->style);
  device_records = dynamic_cast<HalfStepRecordsOnDevice<DeviceType> *>(fix_halfstep);
  if (fix_halfstep && !device_records)
    error->all(FLERR, "pair_style granular/sync/kk needs the half-step records on the device: use fix "
                      "nve/sphere/sync/kk (e.g. with '-sf kk'), not fix {}", fix_halfstep->style);

  // the kernel's neighbor scan reads x through a pointer, 3 doubles per atom; LAMMPS allocates x
  // unpadded, so what holds now holds after x grows
  const long x_stride = static_cast<long>(atomKK->k_x.template view<DeviceType>().stride(0));
  if (x_stride != 3)
    error->all(FLERR, "pair_style granular/sync/kk: this LAMMPS stores positions {} doubles apart, not 3 (padded "
               "views); use the CPU style granular/sync", x_stride);

  neighflag = lmp->kokkos->neighflag;
  if (!own_lists)
    if (const char *why = lammps_lists_refusal()) {
      // the other way out, where there is one: the style's own lists
      const char *own_refusal = own_lists_refusal();
      error->all(FLERR, "pair_style granular/sync/kk lists lammps: not available with {}; {}", why,
                 own_refusal ? fmt::format("the style's own lists are not available with {}", own_refusal)
                             : std::string("or let the style build its own: pair_style granular/sync lists levels or auto"));
    }
  if (own_lists) {
    neighflag = neighflag == HALF ? HALF : HALFTHREAD;    // the own list is a half list
  } else {
    auto request = neighbor->find_request(this);
    request->set_kokkos_host(std::is_same_v<DeviceType, LMPHostType> && !std::is_same_v<DeviceType, LMPDeviceType>);
    request->set_kokkos_device(std::is_same_v<DeviceType, LMPDeviceType>);
  }
  history_rows = dynamic_cast<HistoryRowsOnDevice<DeviceType> *>(fix_history);
  if (use_history) {
    history_rows->own_rows = {};
    // its post_neighbor() reads the list just built
    dynamic_cast<ContactHistoryOptions &>(*fix_history).refresh_list =
        own_lists ? std::function<void()>([this] { refresh_own_list(Timer::MODIFY); }) : nullptr;
  }
  d_models = Kokkos::View<gs_model *, DeviceType>();    // mixing in init_one() follows: upload on first compute
  counts_checked_at = update->ntimestep;
}

template <class DeviceType> const char *PairGranularSyncKokkos<DeviceType>::own_lists_refusal() const
{
  if (const char *why = PairGranularSync::own_lists_refusal()) return why;
  if (neighbor->nex_mol > 0) return "neigh_modify exclude molecule (on the device: type and group exclusions)";
  return nullptr;
}

// the kernel runs on half lists; LAMMPS' Kokkos package gives full ones with -pk kokkos neigh full
// (its default on GPUs), and bin lists only
template <class DeviceType> const char *PairGranularSyncKokkos<DeviceType>::lammps_lists_refusal() const
{
  if (lmp->kokkos->neighflag == FULL) return "-pk kokkos neigh full (the style takes half lists: add '-pk kokkos neigh half')";
  if (neighbor->style == Neighbor::MULTI) return "neighbor multi (LAMMPS' KOKKOS package builds bin lists only: use neighbor bin)";
  if (neighbor->style == Neighbor::NSQ) return "neighbor nsq (LAMMPS' KOKKOS package builds bin lists only: use neighbor bin)";
  return nullptr;
}

template <class DeviceType> NeighList *PairGranularSyncKokkos<DeviceType>::new_own_list()
{
  return new NeighListKokkos<DeviceType>(lmp);
}

// the own list built on the device (gransync_kokkos_grid.h), read as LAMMPS' Kokkos lists are
// (ilist, numneigh) with its rows one after another; the history fix packs its history along them
template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::build_own_list(double skin)
{
  const bool exclusions = gs_grid_has_exclusions(&grid_exclusions);
  atomKK->sync(execution_space, X_MASK | RADIUS_MASK | (exclusions ? TYPE_MASK | MASK_MASK : EMPTY_MASK));
  typename GridListsKokkos<DeviceType>::Input in;
  in.x = atomKK->k_x.template view<DeviceType>();
  in.radius = atomKK->k_radius.template view<DeviceType>();
  if (exclusions) {
    in.type = atomKK->k_type.template view<DeviceType>();
    in.mask = atomKK->k_mask.template view<DeviceType>();
  }
  in.n = atom->nlocal + atom->nghost;
  in.nowned = atom->nlocal;
  in.skin = skin;
  in.newton = force->newton_pair;
  in.exclude = grid_exclusions;
  in.touch_flag = use_history ? 1 << HISTBITS : 0;
  const std::string why = grid.build(in);
  if (!why.empty()) error->one(FLERR, "pair_style granular/sync/kk lists levels: {}", why);
  refuse_atoms_kept_outside();
  auto *l = static_cast<NeighListKokkos<DeviceType> *>(own_list);
  l->d_ilist = grid.ilist;
  l->d_numneigh = grid.numneigh;
  l->inum = atom->nlocal;
  l->gnum = 0;
  l->maxneighs = grid.longest_row;
  if (use_history) history_rows->own_rows = {grid.start, grid.neighbors};
}

// LAMMPS' Kokkos exchange does nothing on one rank (CommKokkos::exchange_device()), so an atom that
// leaves through a non-periodic boundary f stays outside the box instead of being lost as on the
// CPU (LAMMPS' Kokkos bins crash on it). The grid's build has just found the owned atoms' box.
template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::refuse_atoms_kept_outside()
{
  if (comm->nprocs > 1 || lmp->kokkos->exchange_comm_legacy) return;
  for (int d = 0; d < 3; d++) {
    const bool below = domain->boundary[d][0] == 1 && grid.grid.owned_lo[d] < domain->boxlo[d];
    const bool above = domain->boundary[d][1] == 1 && grid.grid.owned_hi[d] >= domain->boxhi[d];
    if (below || above)
      error->all(FLERR, "pair_style granular/sync/kk: an atom left the box through its non-periodic boundary (f) in "
                 "{}, which LAMMPS' Kokkos exchange does not remove on one rank (it stays outside the box): to lose it "
                 "as the CPU styles do, add '-pk kokkos comm/exchange no' or run on more ranks",
                 "xyz"[d]);
  }
}

template <class DeviceType> double PairGranularSyncKokkos<DeviceType>::memory_usage()
{
  return PairGranularSync::memory_usage() + (own_lists ? grid.memory_usage() : 0.0);
}

template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::upload_models()
{
  d_models = Kokkos::View<gs_model *, DeviceType>("granular/sync/kk:models", models.size());
  auto h_models = Kokkos::create_mirror_view(d_models);
  for (size_t k = 0; k < models.size(); k++) h_models(k) = models[k];
  Kokkos::deep_copy(d_models, h_models);

  shared_kinds = gs_model_kinds(&model_ref(1, 1));
  kinds_shared = true;
  oriented_history = false;
  for (int itype = 1; itype <= atom->ntypes; itype++)
    for (int jtype = 1; jtype <= atom->ntypes; jtype++) {
      const gs_model *m = &model_ref(itype, jtype);
      const gs_kinds kinds = gs_model_kinds(m);
      kinds_shared = kinds_shared && std::memcmp(&kinds, &shared_kinds, sizeof(gs_kinds)) == 0;
      for (int k = 0; k < size_history; k++)
        if (gs_model_history_transfer_factor(m, k) > 0.0) oriented_history = true;
    }
}

template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag, 0);
  refresh_own_list(Timer::PAIR);
  h_list_current = false;    // the list may have been rebuilt since single() last copied it
  if (d_models.extent(0) != models.size()) upload_models();
  if (eflag_atom) {
    memoryKK->destroy_kokkos(k_eatom, eatom);
    memoryKK->create_kokkos(k_eatom, eatom, maxeatom, "pair:eatom");
  }
  if (vflag_atom) {
    memoryKK->destroy_kokkos(k_vatom, vatom);
    memoryKK->create_kokkos(k_vatom, vatom, maxvatom, "pair:vatom");
  }

  // mdr: the forces read and sum the per-atom state
  const uint64_t mdr_mask = mdr_flag ? DVECTOR_MASK : EMPTY_MASK;
  atomKK->sync(execution_space, datamask_read | mdr_mask);
  atomKK->modified(execution_space, datamask_modify | mdr_mask);

  EV_FLOAT ev;
  if (neighflag == HALF)
    select_kernel<HALF>(ev);
  else
    select_kernel<HALFTHREAD>(ev);

  if (eflag_global) eng_vdwl += static_cast<double>(ev.evdwl);
  if (eflag_atom) {
    k_eatom.template modify<DeviceType>();
    k_eatom.sync_host();
  }
  if (vflag_global)
    for (int k = 0; k < 6; k++) virial[k] += static_cast<double>(ev.v[k]);
  if (vflag_atom) {
    k_vatom.template modify<DeviceType>();
    k_vatom.sync_host();
  }
}

// compute pair/local and friends: the CPU style's single() on host copies of the device data
template <class DeviceType>
double PairGranularSyncKokkos<DeviceType>::single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                                                  double factor_lj, double &fforce)
{
  atomKK->sync(Host, X_MASK | V_MASK | OMEGA_MASK | RADIUS_MASK | RMASS_MASK | MASK_MASK | TYPE_MASK | TAG_MASK |
                         (mdr_flag ? DVECTOR_MASK : EMPTY_MASK));
  return PairGranularSync::single(i, j, itype, jtype, rsq, factor_coul, factor_lj, fforce);
}

// the history in the packed row of owned atom i of the partner is_partner() names, as i sees it, and
// its touch flag; -1 if the row holds none
template <class DeviceType>
int PairGranularSyncKokkos<DeviceType>::row_history(int i, const std::function<bool(int)> &is_partner, double *history)
{
  const auto &rows = history_rows->packed_rows();
  if (!h_list_current) {
    // copies also where host and device share memory, so that CPU runs test what a GPU does
    auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(list);
    const auto copy = [](auto &host, const auto &device) {
      host = Kokkos::create_mirror(Kokkos::HostSpace(), device);
      Kokkos::deep_copy(host, device);
    };
    copy(h_numneigh, k_list->d_numneigh);
    copy(h_start, rows.start);
    copy(h_neighbors, rows.neighbors);
    copy(h_values, rows.values);
    copy(h_touch, rows.touch);
    typename AT::t_int_1d::host_mirror_type h_ilist;
    copy(h_ilist, k_list->d_ilist);
    h_row_of.assign(atom->nlocal + atom->nghost, -1);
    for (int ii = 0; ii < k_list->inum; ii++) h_row_of[h_ilist(ii)] = ii;
    h_list_current = true;
  }
  if (i >= (int) h_row_of.size() || h_row_of[i] < 0) return -1;
  const tagint *tag = atom->tag;
  for (int jj = 0, p = h_start(h_row_of[i]); jj < h_numneigh(i); jj++, p++) {
    const int j = h_neighbors(p) & NEIGHMASK;
    if (!is_partner(j)) continue;
    const gs_model *m = &model_ref(atom->type[i], atom->type[j]);
    const double sigma = history_sigma(tag[i], tag[j]);
    for (int k = 0; k < size_history; k++)
      history[k] = h_values(size_history * p + k) * history_orientation(m, k, sigma);
    return h_touch(p);
  }
  return -1;
}

// The CPU benchmarks' model (hooke, coeff_restitution, linear_history), stock gran/hooke/history's
// force law in model words (hooke, mass_velocity, linear_history: bench/gpu.sh's) and the full
// frictional model (hertz/material, tsuji, mindlin, rolling sds, twisting marshall), in either
// ordering, get kernels compiled for them when every type pair uses them; any other combination,
// heat conduction and mdr run the generic kernel.
template <class DeviceType> template <int NEIGHFLAG> void PairGranularSyncKokkos<DeviceType>::select_kernel(EV_FLOAT &ev)
{
  if (heat_flag && mdr_flag) run_kernel<NEIGHFLAG, AnyKinds, true, true>(ev);
  else if (mdr_flag) run_kernel<NEIGHFLAG, AnyKinds, false, true>(ev);
  else if (heat_flag) run_kernel<NEIGHFLAG, AnyKinds, true, false>(ev);
  if (heat_flag || mdr_flag) return;
  const gs_kinds &k = shared_kinds;
  const auto is = [&](int normal, int damping, int tangential, int rolling, int twisting) {
    return kinds_shared && k.normal == normal && k.damping == damping && k.tangential == tangential &&
        k.rolling == rolling && k.twisting == twisting;
  };
  if (is(GS_NORMAL_HOOKE, GS_DAMPING_COEFF_RESTITUTION, GS_TANGENTIAL_LINEAR_HISTORY, GS_ROLLING_NONE,
         GS_TWISTING_NONE))
    run_compiled<NEIGHFLAG, GS_NORMAL_HOOKE, GS_DAMPING_COEFF_RESTITUTION, GS_TANGENTIAL_LINEAR_HISTORY,
                 GS_ROLLING_NONE, GS_TWISTING_NONE>(ev);
  else if (is(GS_NORMAL_HOOKE, GS_DAMPING_MASS_VELOCITY, GS_TANGENTIAL_LINEAR_HISTORY, GS_ROLLING_NONE,
              GS_TWISTING_NONE))
    run_compiled<NEIGHFLAG, GS_NORMAL_HOOKE, GS_DAMPING_MASS_VELOCITY, GS_TANGENTIAL_LINEAR_HISTORY,
                 GS_ROLLING_NONE, GS_TWISTING_NONE>(ev);
  else if (is(GS_NORMAL_HERTZ_MATERIAL, GS_DAMPING_TSUJI, GS_TANGENTIAL_MINDLIN, GS_ROLLING_SDS,
              GS_TWISTING_MARSHALL))
    run_compiled<NEIGHFLAG, GS_NORMAL_HERTZ_MATERIAL, GS_DAMPING_TSUJI, GS_TANGENTIAL_MINDLIN, GS_ROLLING_SDS,
                 GS_TWISTING_MARSHALL>(ev);
  else
    run_kernel<NEIGHFLAG, AnyKinds, false, false>(ev);
}

// a compiled-in model in the ordering its type pairs share
template <class DeviceType>
template <int NEIGHFLAG, int NORMAL, int DAMPING, int TANGENTIAL, int ROLLING, int TWISTING>
void PairGranularSyncKokkos<DeviceType>::run_compiled(EV_FLOAT &ev)
{
  if (shared_kinds.ordering == GS_ORDERING_SYNCHRONIZED)
    run_kernel<NEIGHFLAG, FixedKinds<NORMAL, DAMPING, TANGENTIAL, ROLLING, TWISTING, GS_ORDERING_SYNCHRONIZED>, false, false>(ev);
  else
    run_kernel<NEIGHFLAG, FixedKinds<NORMAL, DAMPING, TANGENTIAL, ROLLING, TWISTING, GS_ORDERING_STANDARD>, false, false>(ev);
}

template <class DeviceType>
template <int NEIGHFLAG, class Kinds, bool HEAT, bool MDR>
void PairGranularSyncKokkos<DeviceType>::run_kernel(EV_FLOAT &ev)
{
  const int inum = list->inum;
  GranularSyncPairKernel<DeviceType, NEIGHFLAG, Kinds, HEAT, MDR> kernel;
  kernel.x = atomKK->k_x.template view<DeviceType>();
  kernel.v = atomKK->k_v.template view<DeviceType>();
  kernel.omega = atomKK->k_omega.template view<DeviceType>();
  using Kernel = GranularSyncPairKernel<DeviceType, NEIGHFLAG, Kinds, HEAT, MDR>;
  auto d_f = atomKK->k_f.template view<DeviceType>();
  auto d_torque = atomKK->k_torque.template view<DeviceType>();
  typename AT::t_kkacc_1d_6 d_vatom;
  if (vflag_atom) d_vatom = k_vatom.template view<DeviceType>();
  typename AT::t_kkacc_1d d_eatom;
  if (eflag_atom) d_eatom = k_eatom.template view<DeviceType>();
  const int nreceive = force->newton_pair ? atom->nlocal + atom->nghost : atom->nlocal;
  if constexpr (HEAT) {
    // ghosts are read; with newton on they get heat, which fix heat/flow sums into their owners
    heat.begin(atom->temperature, atom->nlocal + atom->nghost, atom->heatflow, nreceive);
    kernel.temperature = heat.temperature;
  }
  kernel.vatom = Kokkos::Experimental::create_scatter_view<KKScatterSum, typename Kernel::Dup>(d_vatom);
  kernel.eatom = Kokkos::Experimental::create_scatter_view<KKScatterSum, typename Kernel::Dup>(d_eatom);
  kernel.type = atomKK->k_type.template view<DeviceType>();
  kernel.mask = atomKK->k_mask.template view<DeviceType>();
  kernel.tag = atomKK->k_tag.template view<DeviceType>();
  kernel.rmass = atomKK->k_rmass.template view<DeviceType>();
  kernel.radius = atomKK->k_radius.template view<DeviceType>();

  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(list);
  kernel.neighbors = k_list->d_neighbors;
  kernel.ilist = k_list->d_ilist;
  kernel.numneigh = k_list->d_numneigh;

  if (use_history) {
    const auto &rows = history_rows->packed_rows();
    kernel.start = rows.start;
    kernel.packed_neighbors = rows.neighbors;
    kernel.touch = rows.touch;
    kernel.history = rows.values;
  } else if (own_lists) {
    kernel.start = grid.start;
    kernel.packed_neighbors = grid.neighbors;
  }
  kernel.settings.packed = use_history || own_lists;
  if constexpr (Kernel::blocks) {
    kernel.f_direct = d_f;
    kernel.torque_direct = d_torque;
    kernel.heat_direct = heat.heat;
    prepare_blocks(inum, nreceive, kernel.start, kernel.packed_neighbors, kernel.touch, kernel.settings.packed);
    kernel.spill = spill;
    kernel.block_rows = block_rows;
    kernel.route = route;
    kernel.nblocks = block_rows.extent(0) - 1;
  } else {
    kernel.f = Kokkos::Experimental::create_scatter_view<KKScatterSum, typename Kernel::Dup>(d_f);
    kernel.torque = Kokkos::Experimental::create_scatter_view<KKScatterSum, typename Kernel::Dup>(d_torque);
    kernel.heat = Kokkos::Experimental::create_scatter_view<KKScatterSum, typename Kernel::Dup>(heat.heat);
  }
  kernel.settings.records = 0;
  kernel.settings.velocity_bit = 0;
  if (fix_halfstep) {
    device_records->records_on_device(kernel.offset, kernel.vhalf);
    device_records->damping_on_device(kernel.damping);
    kernel.settings.records = 1;
    kernel.settings.velocity_bit = fix_halfstep->velocity_bit();
  }
  kernel.models = d_models;
  if constexpr (MDR) kernel.mdr_atoms = device_mdr->atoms_on_device();
  if (!contact_counts.data()) contact_counts = decltype(contact_counts)("granular/sync/kk:contact_counts");
  kernel.contact_counts = contact_counts;

  for (int k = 0; k < 4; k++) kernel.settings.special_lj[k] = force->special_lj[k];
  kernel.settings.dt = update->dt;
  kernel.settings.stride = ntypes_alloc + 1;
  kernel.settings.inum = inum;
  kernel.settings.nlocal = atom->nlocal;
  kernel.settings.nreceive = nreceive;
  kernel.settings.size_history = size_history;
  kernel.settings.oriented_history = oriented_history;
  kernel.settings.use_history = use_history;
  kernel.settings.history_update = update->setupflag == 0;
  kernel.settings.freeze_bit = freeze_group_bit;
  kernel.settings.vflag_global = vflag_global;
  kernel.settings.vflag_atom = vflag_atom;
  kernel.settings.eflag_global = eflag_global;
  kernel.settings.eflag_atom = eflag_atom;

  if constexpr (Kernel::blocks) {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType, typename Kernel::TagBlocks>(0, block_rows.extent(0) - 1),
                            kernel, ev);
    add_spilled(d_f, d_torque, heat.heat);
  } else {
    // dynamic: LAMMPS sorts atoms by height, and contacts need not be spread evenly over it (a
    // settled layer under a falling one), so equal index ranges are not equal work
    const Kokkos::RangePolicy<DeviceType, Kokkos::Schedule<Kokkos::Dynamic>> rows(0, inum);
    constexpr bool on_host = Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename DeviceType::memory_space>::accessible;
    if (on_host && NEIGHFLAG == HALF)
      Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType, typename Kernel::TagRowChunks>(
                                  0, (inum + Kernel::chunk_rows - 1) / Kernel::chunk_rows),
                              kernel, ev);
    else if (vflag_global || eflag_global || on_host)
      Kokkos::parallel_reduce(rows, kernel, ev);
    else
      Kokkos::parallel_for(rows, kernel);
    if constexpr (HEAT) Kokkos::Experimental::contribute(heat.heat, kernel.heat);
  }
  if (vflag_atom) Kokkos::Experimental::contribute(d_vatom, kernel.vatom);
  if (eflag_atom) Kokkos::Experimental::contribute(d_eatom, kernel.eatom);
  if constexpr (HEAT) heat.end(atom->heatflow, nreceive);
  // a copy to the host would stall a GPU at every step: the counts add up on the device until a
  // run's setup, a step that writes output, or a run's last step
  if (update->setupflag || update->ntimestep == output->next || update->ntimestep >= update->laststep)
    check_contact_counts();
}

// the CPU style's checks, from the kernel's counts since the last check
template <class DeviceType> void PairGranularSyncKokkos<DeviceType>::check_contact_counts()
{
  // read before zeroing: on a host backend the mirror is the view itself
  const auto h_counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), contact_counts);
  const int coincident = h_counts(0), not_finite = h_counts(1), yield_unrecorded = h_counts(2);
  if (coincident || not_finite || yield_unrecorded) Kokkos::deep_copy(contact_counts, 0);
  if (coincident)
    error->one(FLERR, "pair granular/sync/kk: atoms are at the same position in {} pair(s) (over the steps since step "
               "{}), where a contact has no normal (two atoms created at one point?)", coincident, counts_checked_at);
  if (not_finite)
    error->one(FLERR, "pair granular/sync/kk, normal mdr: the force of {} contacts is not finite (over the steps since "
               "step {})", not_finite, counts_checked_at);
  counts_checked_at = update->ntimestep;
  if (yield_unrecorded) {
    gs_contact c{};
    c.mdr_yield_unrecorded = 1;
    warn_mdr_yield_unrecorded(error, c, warned_mdr_yield, "pair granular/sync/kk");
  }
}

// One block of rows per CPU thread, cut anew at each run's setup and after each re-neighboring
// (any cut is right: a stale one only balances worse), and the atoms' routes for the rows then.
template <class DeviceType>
void PairGranularSyncKokkos<DeviceType>::prepare_blocks(const int inum, const int nreceive, const Rows &start,
                                                        const Rows &packed, const Rows &touch, const bool is_packed)
{
  const int nblocks = typename DeviceType::execution_space().concurrency();
  if ((int) block_rows.extent(0) != nblocks + 1) {
    block_rows = decltype(block_rows)("granular/sync/kk:blocks", nblocks + 1);
    blocks_cut = false;
  }
  if (blocks_cut && !update->setupflag && blocks_cut_at == neighbor->lastcall && blocks_inum == inum &&
      blocks_nreceive == nreceive)
    return;
  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(list);
  partition_rows(block_rows, block_work, k_list->d_ilist, k_list->d_numneigh, start, touch, inum);
  route_atoms(nreceive, start, packed, is_packed);
  blocks_cut = true;
  blocks_cut_at = neighbor->lastcall;
  blocks_inum = inum;
  blocks_nreceive = nreceive;
}

// route(k) for the atoms that get forces: the block whose rows alone name atom k (as a row's atom
// or a partner), else nblocks + its slot among the shared atoms (shared_atoms(slot) = k). Every
// pair of the rows counts, touching or not, so the routes hold until the rows change. The blocks'
// copies get a row per shared atom (zero: add_spilled() leaves them so).
template <class DeviceType>
void PairGranularSyncKokkos<DeviceType>::route_atoms(const int nreceive, const Rows &start, const Rows &packed,
                                                     const bool is_packed)
{
  const int nblocks = block_rows.extent(0) - 1;
  if ((int) route.extent(0) < nreceive) route = decltype(route)("granular/sync/kk:route", atom->nmax);
  auto d_route = route;
  auto d_block_rows = block_rows;
  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(list);
  auto d_ilist = k_list->d_ilist;
  auto d_numneigh = k_list->d_numneigh;
  auto d_neighbors = k_list->d_neighbors;
  constexpr int unnamed = -1;
  const int several = nblocks;
  Kokkos::deep_copy(Kokkos::subview(d_route, std::make_pair(0, nreceive)), unnamed);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nblocks), KOKKOS_LAMBDA(const int b) {
        // a plain read first: most atoms are named again and again by the same block
        const auto name = [&](const int k) {
          int seen = Kokkos::atomic_load(&d_route(k));
          while (seen != b && seen != several) {
            const int was = Kokkos::atomic_compare_exchange(&d_route(k), seen, seen == unnamed ? b : several);
            if (was == seen) break;
            seen = was;
          }
        };
        for (int ii = d_block_rows(b); ii < d_block_rows(b + 1); ii++) {
          const int i = d_ilist(ii);
          name(i);
          const int first_pair = is_packed ? start(ii) : 0;
          for (int jj = 0; jj < d_numneigh(i); jj++) {
            const int j = (is_packed ? packed(first_pair + jj) : d_neighbors(i, jj)) & NEIGHMASK;
            if (j < nreceive) name(j);
          }
        }
      });
  if ((int) shared_atoms.extent(0) < nreceive)
    shared_atoms = decltype(shared_atoms)("granular/sync/kk:shared_atoms", atom->nmax);
  auto d_shared = shared_atoms;
  int count = 0;
  Kokkos::parallel_scan(
      Kokkos::RangePolicy<DeviceType>(0, nreceive),
      KOKKOS_LAMBDA(const int k, int &slot, const bool final) {
        if (d_route(k) != several) return;
        if (final) {
          d_route(k) = several + slot;
          d_shared(slot) = k;
        }
        slot++;
      },
      count);
  nshared = count;
  const int columns = heat_flag ? 7 : 6;    // f, torque and heat
  if ((int) spill.extent(0) != nblocks || (int) spill.extent(1) < nshared || (int) spill.extent(2) != columns)
    spill = decltype(spill)("granular/sync/kk:spill", nblocks, nshared + nshared / 4 + 64, columns);
}

// adds what each block put into its copy to f and torque, and clears the copy for the next step
template <class DeviceType>
void PairGranularSyncKokkos<DeviceType>::add_spilled(const typename AT::t_kkacc_1d_3 &d_f,
                                                     const typename AT::t_kkacc_1d_3 &d_torque,
                                                     const typename GransyncHeat<DeviceType>::Values &d_heat)
{
  const int columns = spill.extent(2), nblocks = spill.extent(0);
  auto d_spill = spill;
  auto d_shared = shared_atoms;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nshared), KOKKOS_LAMBDA(const int slot) {
        const int k = d_shared(slot);
        for (int b = 0; b < nblocks; b++) {
          for (int d = 0; d < 3; d++) {
            d_f(k, d) += d_spill(b, slot, d);
            d_torque(k, d) += d_spill(b, slot, 3 + d);
          }
          if (columns > 6) d_heat(k) += d_spill(b, slot, 6);
          for (int d = 0; d < columns; d++) d_spill(b, slot, d) = 0.0;
        }
      });
}

namespace LAMMPS_NS {
template class PairGranularSyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairGranularSyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
