/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Kokkos adapter of fix granular/mdr/sync: the atom update, the screening and the pair contacts'
   surface increments run on the device through the core (src/core/gs_mdr.h), on the state's
   device copy (fix property/atom/kk vectors), and so do the region walls' increments where the
   wall runs on the device (wall/gran/sync/region/kk on the shapes the core knows), and the forward
   communications where LAMMPS' Kokkos communication runs there.

   The state's vectors are LAMMPS' custom per-atom vectors, which LAMMPS' Kokkos communication
   exchanges and sends to ghosts on the host only ("legacy" communication): between the exchange
   and the neighbor build their host copy is written. This fix keeps the DualView's flags right
   around that: host synced before, host marked modified after, and marked modified at every
   growth in between, which would otherwise copy the unflagged device side over the host's
   new values.

   The pair's history is read as history_orientation() says (gransync_kokkos_interface.h).
------------------------------------------------------------------------- */

#include "fix_granular_mdr_sync_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "kokkos.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "neigh_list_kokkos.h"
#include "update.h"

#include "gransync_kokkos_check.h"
#include "gransync_mdr_screening.h"

#include <type_traits>
#include <utility>

using namespace LAMMPS_NS;
using namespace FixConst;

template <class DeviceType>
FixGranularMDRSyncKokkos<DeviceType>::FixGranularMDRSyncKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixGranularMDRSync((require_matching_kokkos(lmp->error, "pair granular/sync/kk with normal mdr"), lmp), narg,
                       arg),
    host_written(false)
{
  kokkosable = 1;
  forward_comm_device = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
  // before the state's fix property/atom registers its own: this fix's grow_arrays() runs first
  atom->add_callback(Atom::GROW);
}

template <class DeviceType> FixGranularMDRSyncKokkos<DeviceType>::~FixGranularMDRSyncKokkos()
{
  atom->delete_callback(id, Atom::GROW);
}

template <class DeviceType> int FixGranularMDRSyncKokkos<DeviceType>::setmask()
{
  return FixGranularMDRSync::setmask() | PRE_EXCHANGE | POST_NEIGHBOR;
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::init()
{
  FixGranularMDRSync::init();
  // the core reads each vector as one contiguous array
  if (atomKK->k_dvector.template view<DeviceType>().stride(1) != 1)
    error->all(FLERR, "pair granular/sync/kk with normal mdr needs LAMMPS' per-atom vectors laid out atom after "
                      "atom on the device (KOKKOS_LAYOUT=legacy)");
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::setup_pre_exchange()
{
  pre_exchange();
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::pre_exchange()
{
  atomKK->sync(Host, DVECTOR_MASK);
  atomKK->modified(Host, DVECTOR_MASK);
  host_written = true;
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::setup_post_neighbor()
{
  post_neighbor();
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::post_neighbor()
{
  if (host_written) atomKK->modified(Host, DVECTOR_MASK);
  host_written = false;
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::grow_arrays(int /*nmax*/)
{
  if (host_written) atomKK->modified(Host, DVECTOR_MASK);
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::set_arrays(int i)
{
  atomKK->sync(Host, DVECTOR_MASK);
  FixGranularMDRSync::set_arrays(i);
  atomKK->modified(Host, DVECTOR_MASK);
}

template <class DeviceType>
typename FixGranularMDRSyncKokkos<DeviceType>::Vectors FixGranularMDRSyncKokkos<DeviceType>::device_vectors() const
{
  auto d_dvector = atomKK->k_dvector.template view<DeviceType>();
  Vectors v;
  // (pointer arithmetic: a device view's operator() is not callable on the host of a GPU build)
  for (int k = 0; k < GS_MDR_NVECTORS; k++) v.v[k] = d_dvector.data() + (size_t) index[k] * d_dvector.stride(0);
  return v;
}

template <class DeviceType> gs_mdr_atoms FixGranularMDRSyncKokkos<DeviceType>::atoms_on_device() const
{
  return gs_mdr_atoms_of(device_vectors().v);
}

// sends stage 0 (the update), 1 (ddelta_bar) or 2 (radius) to the ghosts: on the device where
// LAMMPS' Kokkos communication does it there, else through the host copies
template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::forward_comm(int stage, int size)
{
  comm_stage = stage;
  comm->forward_comm(this, size);
}

template <class DeviceType> uint64_t FixGranularMDRSyncKokkos<DeviceType>::stage_mask() const
{
  return comm_stage == 2 ? RADIUS_MASK : DVECTOR_MASK;
}

template <class DeviceType>
int FixGranularMDRSyncKokkos<DeviceType>::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  atomKK->sync(Host, stage_mask());
  return FixGranularMDRSync::pack_forward_comm(n, list, buf, pbc_flag, pbc);
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::unpack_forward_comm(int n, int first, double *buf)
{
  atomKK->sync(Host, stage_mask());
  FixGranularMDRSync::unpack_forward_comm(n, first, buf);
  atomKK->modified(Host, stage_mask());
}

template <class DeviceType>
int FixGranularMDRSyncKokkos<DeviceType>::pack_forward_comm_kokkos(int n, DAT::tdual_int_1d k_sendlist,
                                                                   DAT::tdual_double_1d &k_buf, int /*pbc_flag*/,
                                                                   int * /*pbc*/)
{
  atomKK->sync(execution_space, stage_mask());
  const auto d_sendlist = k_sendlist.template view<DeviceType>();
  const auto d_buf = k_buf.template view<DeviceType>();
  const auto d_radius = atomKK->k_radius.template view<DeviceType>();
  const Vectors v = device_vectors();
  const int stage = comm_stage, size = stage == 0 ? GS_MDR_NGHOST : 1;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int m) {
        const int j = d_sendlist(m);
        if (stage == 0)
          for (int k = 0; k < GS_MDR_NGHOST; k++) d_buf(GS_MDR_NGHOST * m + k) = v.v[gs_mdr_ghost_vector(k)][j];
        else if (stage == 1)
          d_buf(m) = v.v[GS_MDR_V_DDELTA_BAR][j];
        else
          d_buf(m) = d_radius(j);
      });
  return size * n;
}

template <class DeviceType>
void FixGranularMDRSyncKokkos<DeviceType>::unpack_forward_comm_kokkos(int n, int first, DAT::tdual_double_1d &k_buf)
{
  atomKK->sync(execution_space, stage_mask());
  const auto d_buf = k_buf.template view<DeviceType>();
  const auto d_radius = atomKK->k_radius.template view<DeviceType>();
  const Vectors v = device_vectors();
  const int stage = comm_stage;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, n), KOKKOS_LAMBDA(const int m) {
        if (stage == 0)
          for (int k = 0; k < GS_MDR_NGHOST; k++) v.v[gs_mdr_ghost_vector(k)][first + m] = d_buf(GS_MDR_NGHOST * m + k);
        else if (stage == 1)
          v.v[GS_MDR_V_DDELTA_BAR][first + m] = d_buf(m);
        else
          d_radius(first + m) = d_buf(m);
      });
  atomKK->modified(execution_space, stage_mask());
}

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::pre_force(int /*vflag*/)
{
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  const gs_model m = mdr_model();
  const int setup = update->setupflag;

  // LAMMPS' Kokkos forward communication of atoms on the device leaves out the radius of atom_style
  // sphere 1 (its CPU communication sends it at every step): send it here, as that would have
  if (!lmp->kokkos->forward_comm_legacy) forward_comm(2, 1);

  atomKK->sync(execution_space, RADIUS_MASK | DVECTOR_MASK);
  double *radius = atomKK->k_radius.template view<DeviceType>().data();
  const Vectors v = device_vectors();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nall),
      KOKKOS_LAMBDA(const int i) { gs_mdr_atom_begin_step(&m, radius, v.v, i, i < nlocal, setup); });
  atomKK->modified(execution_space, RADIUS_MASK | DVECTOR_MASK);
  forward_comm(0, GS_MDR_NGHOST);

  atomKK->sync(execution_space, DVECTOR_MASK);
  const Vectors w = device_vectors();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nall), KOKKOS_LAMBDA(const int i) { gs_mdr_atom_clear_sums(w.v, i, setup); });
  if (!setup) {
    screen_contacts_on_device();
    sum_surface_increments_on_device();
  }
  atomKK->modified(execution_space, DVECTOR_MASK);
  // the region walls' parts, in the CPU fix's order: on the device where the wall runs there
  for (MdrWallContacts *wall : walls) {
    if (setup) break;
    if (wall->mdr_sums_on_device()) {
      atomKK->sync(execution_space, DVECTOR_MASK);
      const Vectors u = device_vectors();
      wall->add_mdr_surface_increments(u.v[GS_MDR_V_ACON0], u.v[GS_MDR_V_DDELTA_BAR]);
      atomKK->modified(execution_space, DVECTOR_MASK);
    } else {
      atomKK->sync(Host, X_MASK | RADIUS_MASK | MASK_MASK | DVECTOR_MASK);
      wall->add_mdr_surface_increments(vec(GS_MDR_V_ACON0), vec(GS_MDR_V_DDELTA_BAR));
      atomKK->modified(Host, DVECTOR_MASK);
    }
  }
  forward_comm(1, 1);
}

template <class DeviceType>
typename FixGranularMDRSyncKokkos<DeviceType>::PairRows FixGranularMDRSyncKokkos<DeviceType>::pair_rows() const
{
  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(pair->list);
  const auto &rows = dynamic_cast<HistoryRowsOnDevice<DeviceType> &>(*pair->contact_history()).packed_rows();
  return {rows.start, rows.neighbors, rows.values, k_list->d_ilist, k_list->d_numneigh, k_list->inum,
          pair->history_values()};
}

// The CPU fix's screen_contacts() on the packed rows (gransync_mdr_screening.h); a row's contacts
// get penalties from other rows' threads too, so every add is atomic. LAMMPS' Kokkos lists have
// ilist(ii) = ii: an atom's row is its index.
template <class DeviceType> struct MdrPackedRows {
  template <class Dual>
  using device_view = std::decay_t<decltype(std::declval<Dual &>().template view<DeviceType>())>;
  typename FixGranularMDRSyncKokkos<DeviceType>::PairRows r;
  device_view<decltype(AtomKokkos::k_x)> position;
  device_view<decltype(AtomKokkos::k_radius)> radii;
  device_view<decltype(AtomKokkos::k_tag)> tag;
  gs_model m;
  KOKKOS_INLINE_FUNCTION double x(int a, int d) const { return position(a, d); }
  KOKKOS_INLINE_FUNCTION double radius(int a) const { return radii(a); }
  KOKKOS_INLINE_FUNCTION int count(int a) const { return a < r.inum ? r.numneigh(a) : 0; }
  KOKKOS_INLINE_FUNCTION int partner(int a, int n) const { return r.neighbors(r.start(a) + n) & NEIGHMASK; }
  KOKKOS_INLINE_FUNCTION void add(int a, int n, int other, double penalty) const
  {
    const double sigma = history_orientation(&m, GS_MDR_PENALTY, history_sigma(tag(a), tag(other)));
    Kokkos::atomic_add(&r.values(r.nh * (r.start(a) + n) + GS_MDR_PENALTY), sigma * penalty);
  }
};

template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::screen_contacts_on_device()
{
  atomKK->sync(execution_space, X_MASK | RADIUS_MASK | TAG_MASK);
  const MdrPackedRows<DeviceType> rows{pair_rows(), atomKK->k_x.template view<DeviceType>(),
                                       atomKK->k_radius.template view<DeviceType>(),
                                       atomKK->k_tag.template view<DeviceType>(), mdr_model()};
  const auto r = rows.r;
  const int nlocal = atom->nlocal;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, r.inum), KOKKOS_LAMBDA(const int ii) {
        for (int p = r.start(ii); p < r.start(ii) + r.numneigh(r.ilist(ii)); p++) r.values(r.nh * p + GS_MDR_PENALTY) = 0.0;
      });
  int missing = 0;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<DeviceType>(0, r.inum),
      KOKKOS_LAMBDA(const int ii, int &miss) {
        int pair[2];
        miss += gransync::mdr_screen_row(rows, ii, nlocal, pair);
      },
      missing);
  if (missing)
    error->one(FLERR, "pair granular/sync/kk, normal mdr: {} touching pairs are not in each other's neighbor list; "
               "build neighbor lists more often or with a larger skin", missing);
}

// the CPU fix's sum_surface_increments(): each touching pair adds to both grains (ghosts too)
template <class DeviceType> void FixGranularMDRSyncKokkos<DeviceType>::sum_surface_increments_on_device()
{
  const PairRows r = pair_rows();
  const auto start = r.start, neighbors = r.neighbors;
  const auto d_ilist = r.ilist, d_numneigh = r.numneigh;
  const auto values = r.values;
  const int inum = r.inum, nh = r.nh;
  const gs_model m = mdr_model();
  const auto d_x = atomKK->k_x.template view<DeviceType>();
  const auto d_radius = atomKK->k_radius.template view<DeviceType>();
  const auto d_tag = atomKK->k_tag.template view<DeviceType>();
  const Vectors v = device_vectors();

  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, inum), KOKKOS_LAMBDA(const int ii) {
        const int i = d_ilist(ii), first = start(ii);
        const double *acon0 = v.v[GS_MDR_V_ACON0];
        double *ddelta_bar = v.v[GS_MDR_V_DDELTA_BAR];
        for (int jj = 0; jj < d_numneigh(i); jj++) {
          const int j = neighbors(first + jj) & NEIGHMASK;
          gs_contact c;
          for (int d = 0; d < 3; d++) c.dx[d] = d_x(i, d) - d_x(j, d);
          c.radi = d_radius(i);
          c.radj = d_radius(j);
          if (!gs_pair_touching(&c)) continue;
          // the history as the CPU style holds it (only the slots read here)
          const double sigma = history_sigma(d_tag(i), d_tag(j));
          double h[GS_MDR_HISTORY];
          for (int k = 0; k < GS_MDR_HISTORY; k++) h[k] = values(nh * (first + jj) + k) * history_orientation(&m, k, sigma);
          const int side0 = d_tag(i) > d_tag(j) ? i : j, side1 = side0 == i ? j : i;
          double sum[2];
          gs_mdr_pair_surface_increments(h, c.radi + c.radj - sqrt(gs_dot3(c.dx, c.dx)), d_radius(side0),
                                         d_radius(side1), acon0[side0], acon0[side1], sum);
          Kokkos::atomic_add(&ddelta_bar[side0], sum[0]);
          Kokkos::atomic_add(&ddelta_bar[side1], sum[1]);
        }
      });
}

namespace LAMMPS_NS {
template class FixGranularMDRSyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixGranularMDRSyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
