/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "fix_neigh_history_sync_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "force.h"
#include "gransync_member_access.h"
#include "gransync_kokkos_rows.h"
#include "neigh_list_kokkos.h"
#include "pair.h"

using namespace LAMMPS_NS;

// LAMMPS' fix keeps the partner arrays private; packing reads them (pack_rows()), newton on fills them
GRANSYNC_EXPOSE(DevicePartnerCount, FixNeighHistoryKokkos<LMPDeviceType>, DAT::tdual_int_1d, k_npartner)
GRANSYNC_EXPOSE(DevicePartnerTags, FixNeighHistoryKokkos<LMPDeviceType>, DAT::ttransform_tagint_2d, k_partner)
GRANSYNC_EXPOSE(DevicePartnerValues, FixNeighHistoryKokkos<LMPDeviceType>, DAT::ttransform_kkfloat_2d,
                k_valuepartner)
GRANSYNC_EXPOSE(DeviceTags, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_tagint_1d, tag)
#ifdef LMP_KOKKOS_GPU
GRANSYNC_EXPOSE(HostPartnerCount, FixNeighHistoryKokkos<LMPHostType>, DAT::tdual_int_1d, k_npartner)
GRANSYNC_EXPOSE(HostPartnerTags, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_tagint_2d, k_partner)
GRANSYNC_EXPOSE(HostPartnerValues, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_kkfloat_2d, k_valuepartner)
GRANSYNC_EXPOSE(HostTags, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_tagint_1d, tag)
#endif

namespace {
template <class DeviceType> struct PartnerArrays {
  using Count = gransync_access::DevicePartnerCount;
  using Tags = gransync_access::DevicePartnerTags;
  using Values = gransync_access::DevicePartnerValues;
  using AtomTags = gransync_access::DeviceTags;
};
#ifdef LMP_KOKKOS_GPU
template <> struct PartnerArrays<LMPHostType> {
  using Count = gransync_access::HostPartnerCount;
  using Tags = gransync_access::HostPartnerTags;
  using Values = gransync_access::HostPartnerValues;
  using AtomTags = gransync_access::HostTags;
};
#endif
}    // namespace

// Adds to count(i) the touching pairs of the packed rows that atom i belongs to: those of its row,
// and those naming it from another row if i < named_below (the owned atoms, or with newton on
// owned and ghost atoms). count must be zero before.
template <class DeviceType>
template <class Counts>
void FixNeighHistorySyncKokkos<DeviceType>::count_touching(const Counts &count, const int named_below)
{
  const auto ilist = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list)->d_ilist;
  const auto start = rows.start, neighbors = rows.neighbors, touch = rows.touch;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<typename DeviceType::execution_space>(0, rows_inum), KOKKOS_LAMBDA(const int ii) {
        const int i = ilist(ii);
        for (int p = start(ii); p < start(ii + 1); p++) {
          if (!touch(p)) continue;
          Kokkos::atomic_inc(&count(i));
          const int j = neighbors(p) & NEIGHMASK;
          if (j < named_below) Kokkos::atomic_inc(&count(j));
        }
      });
}

template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::most_partners_anywhere(int here)
{
  int anywhere;
  MPI_Allreduce(&here, &anywhere, 1, MPI_INT, MPI_MAX, this->world);
  return anywhere;
}

// Widens geometrically, in multiples of 8: LAMMPS' exchange enlarges its send buffer by half of
// itself each time an atom's largest exchange record grows, so widening by one partner at a time
// grew that buffer exponentially (gigabytes while a pile exploded).
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::hold_partners(int count)
{
  if (count <= this->maxpartner) return;
  const int wider = MAX(count, this->maxpartner + this->maxpartner / 2);
  this->maxpartner = (wider + 7) / 8 * 8;
  this->grow_arrays(this->atom->nmax);    // also points the fix's device views at the new arrays
  this->maxexchange = (this->dnum + 1) * this->maxpartner + 2;
}

// The packed rows' history into the atoms' partner arrays, in the place of LAMMPS' pre_exchange(),
// which reads arrays shaped like LAMMPS' list (every row as long as the longest, a large grain's:
// most of their memory on a polydisperse bed) and the atoms' tags on the device without syncing
// them (stale there after any host fix). Without a list since the partner arrays were filled (a
// restart file's), they hold the history already.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::copy_history_to_atoms()
{
  if (!rows_packed) return;
  this->atomKK->sync(this->execution_space, TAG_MASK);
  write_partners();
}

// Both atoms of a touching pair get its record (the second with the values negated), the second
// one only if it is owned (newton off: LAMMPS' pre_exchange()) or, with newton on, also when it is
// a ghost: a pair lies in one row of one rank's list then, its other atom possibly a ghost, and
// reverse communication adds each ghost's count, and after that its records, to its owner, on the
// host copies (LAMMPS' CPU fix's packing: only at re-neighboring).
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::write_partners()
{
  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  auto &k_count = base->*member_of(typename Arrays::Count());
  auto &k_tags = base->*member_of(typename Arrays::Tags());
  auto &k_values = base->*member_of(typename Arrays::Values());
  const bool newton = this->force->newton_pair;
  const int natoms = MAX(this->nall_neigh, this->atom->nlocal + this->atom->nghost);
  const int named_below = newton ? natoms : this->nlocal_neigh;
  const int dnum = this->dnum;
  const auto tag = this->atomKK->k_tag.template view<DeviceType>();
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const auto clear_counts = [&]() {
    k_count.template sync<DeviceType>();
    Kokkos::deep_copy(k_count.template view<DeviceType>(), 0);
  };

  clear_counts();
  count_touching(k_count.template view<DeviceType>(), named_below);
  k_count.template modify<DeviceType>();
  int most = 0;
  if (newton) {
    k_count.sync_host();
    this->commflag = this->NPARTNER;
    this->comm->reverse_comm(this, 1);
    // owners now hold their totals, ghosts what passes through them: all must fit
    for (int i = 0; i < natoms; i++) most = MAX(most, this->npartner[i]);
  } else {
    const auto count = k_count.template view<DeviceType>();
    Kokkos::parallel_reduce(
        Range(0, this->nlocal_neigh), KOKKOS_LAMBDA(const int i, int &m) {
          if (count(i) > m) m = count(i);
        },
        Kokkos::Max<int>(most));
  }
  hold_partners(most_partners_anywhere(MAX(most, this->maxpartner)));

  clear_counts();
  const auto count = k_count.template view<DeviceType>();
  const auto tags = k_tags.template view<DeviceType>();
  const auto values = k_values.template view<DeviceType>();
  const auto ilist = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list)->d_ilist;
  const auto start = rows.start, neighbors = rows.neighbors, touch = rows.touch;
  const auto row_values = rows.values;
  k_tags.template sync<DeviceType>();
  k_values.template sync<DeviceType>();
  Kokkos::parallel_for(Range(0, rows_inum), KOKKOS_LAMBDA(const int ii) {
    const int i = ilist(ii);
    for (int p = start(ii); p < start(ii + 1); p++) {
      if (!touch(p)) continue;
      const int j = neighbors(p) & NEIGHMASK;
      const int mi = Kokkos::atomic_fetch_add(&count(i), 1);
      tags(i, mi) = tag(j);
      for (int k = 0; k < dnum; k++) values(i, dnum * mi + k) = row_values(dnum * p + k);
      if (j >= named_below) continue;
      const int mj = Kokkos::atomic_fetch_add(&count(j), 1);
      tags(j, mj) = tag(i);
      for (int k = 0; k < dnum; k++) values(j, dnum * mj + k) = -row_values(dnum * p + k);
    }
  });
  k_count.template modify<DeviceType>();
  k_tags.template modify<DeviceType>();
  k_values.template modify<DeviceType>();
  if (newton) {
    k_count.sync_host();
    k_tags.sync_host();
    k_values.sync_host();
    this->commflag = this->PERPARTNER;
    this->comm->reverse_comm_variable(this);
    for (int i = this->nlocal_neigh; i < natoms; i++) this->npartner[i] = 0;    // the ghosts' records are passed on
    // to the device, where the fix reads them next (LAMMPS' unpack_exchange_kokkos() marks them
    // modified there without syncing first)
    k_count.modify_host();
    k_tags.modify_host();
    k_values.modify_host();
    k_count.template sync<DeviceType>();
    k_tags.template sync<DeviceType>();
    k_values.template sync<DeviceType>();
  }
  this->maxexchange = (dnum + 1) * this->maxpartner + 2;
}

// LAMMPS' post_neighbor() zeroes its whole list-shaped arrays (atoms x longest row x values) and
// fills them from the partner arrays: on a size-ratio-10 bed most of that memory is padding, and
// the zeroing was 41% of a /kk mdr run's time on one thread. Here the packed rows are filled from
// the partner arrays directly, and LAMMPS' list-shaped arrays are never allocated.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::post_neighbor()
{
  if (this->refresh_list) this->refresh_list();
  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  this->atomKK->sync(this->execution_space, TAG_MASK);
  base->*member_of(typename Arrays::AtomTags()) = this->atomKK->k_tag.template view<DeviceType>();
  this->nlocal_neigh = this->atom->nlocal;
  this->nall_neigh = this->atom->nlocal + this->atom->nghost;
  pack_rows();
}

// grows a packed array by a fifth more than asked, so that a list growing slowly does not
// reallocate at every re-neighboring
template <class View> static void hold(View &view, size_t size, const char *label)
{
  if (view.extent(0) < size) view = View(label, size + size / 5);
}

// The new list's rows, packed, with each pair's history from the atoms' partner arrays: a pair
// gets the history its first atom holds for the second, and is touching only if that record
// exists and the list marks the pair as possibly in contact (its history bit, or a model acting
// beyond touching).
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::pack_rows()
{
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  const int inum = list->inum;
  rows_inum = inum;
  const bool own = own_rows.start.extent(0) > 0;    // the pair style's own list: its rows as they are
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  int slots = 0;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  if (own) {
    rows.start = own_rows.start;
    rows.neighbors = own_rows.neighbors;
    slots = own_rows.neighbors.extent(0);
  } else {
    hold(rows.start, inum + 1, "neigh_history/sync:start");
    const auto start = rows.start;
    Kokkos::parallel_scan(
        Range(0, inum),
        KOKKOS_LAMBDA(const int ii, int &sum, const bool final) {
          if (final) start(ii) = sum;
          sum += numneigh(ilist(ii));
          if (final && ii == inum - 1) start(inum) = sum;
        },
        slots);
    hold(rows.neighbors, slots, "neigh_history/sync:neighbors");
  }
  const auto start = rows.start;
  const int dnum = this->dnum;
  hold(rows.touch, slots, "neigh_history/sync:touch");
  hold(rows.values, (size_t) slots * dnum, "neigh_history/sync:values");

  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  auto &k_count = base->*member_of(typename Arrays::Count());
  auto &k_tags = base->*member_of(typename Arrays::Tags());
  auto &k_values = base->*member_of(typename Arrays::Values());
  k_count.template sync<DeviceType>();
  k_tags.template sync<DeviceType>();
  k_values.template sync<DeviceType>();
  const auto npartner = k_count.template view<DeviceType>();
  const auto partner = k_tags.template view<DeviceType>();
  const auto partner_values = k_values.template view<DeviceType>();
  const auto tag = this->atomKK->k_tag.template view<DeviceType>();
  const auto list_neighbors = list->d_neighbors;
  const bool use_bit_flag = this->use_bit_flag;
  const bool beyond_contact = this->pair->beyond_contact;
  const auto neighbors = rows.neighbors;
  const auto touch = rows.touch;
  const auto values = rows.values;
  Kokkos::parallel_for(Range(0, inum), KOKKOS_LAMBDA(const int ii) {
    const int i = ilist(ii);
    for (int jj = 0, p = start(ii); p < start(ii + 1); jj++, p++) {
      const int j = own ? neighbors(p) : list_neighbors(i, jj);
      if (!own) neighbors(p) = j;
      const bool may_touch = !use_bit_flag || beyond_contact || ((j >> HISTBITS) & 1);
      int m = npartner(i);
      if (may_touch) {
        const tagint jtag = tag(j & NEIGHMASK);
        for (m = 0; m < npartner(i); m++)
          if (partner(i, m) == jtag) break;
      }
      const bool found = m < npartner(i);
      touch(p) = found;
      for (int k = 0; k < dnum; k++) values(dnum * p + k) = found ? partner_values(i, dnum * m + k) : 0;
    }
  });
  rows_packed = true;
}

// LAMMPS' fix counts its partner arrays (and its list-shaped ones, empty here); the packed rows too
template <class DeviceType> double FixNeighHistorySyncKokkos<DeviceType>::memory_usage()
{
  double bytes = FixNeighHistoryKokkos<DeviceType>::memory_usage();
  bytes += (double) rows.touch.span() * sizeof(int) + (double) rows.values.span() * sizeof(KK_FLOAT);
  if (own_rows.start.extent(0) == 0) bytes += (double) (rows.start.span() + rows.neighbors.span()) * sizeof(int);
  return bytes;
}

// the partner count every rank holds, so that the atoms the file hands to any rank fit
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::write_global_record(FILE *fp)
{
  const double count = most_partners_anywhere(this->maxpartner);
  if (this->comm->me != 0) return;
  const int size = sizeof(double);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(&count, sizeof(double), 1, fp);
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::restart(char *buf)
{
  hold_partners(static_cast<int>(reinterpret_cast<double *>(buf)[0]));
}

// Atom i's partners through the Kokkos fix's own pack_exchange(), which reads the host copy of the
// partner arrays after syncing it (LAMMPS' size_restart()/pack_restart() read it unsynced).
template <class DeviceType> const double *FixNeighHistorySyncKokkos<DeviceType>::exchange_record(int i)
{
  record.resize(1 + (size_t) this->maxpartner * (this->dnum + 1));
  this->pack_exchange(i, record.data());
  return record.data();
}

template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::size_restart(int i)
{
  return (this->dnum + 1) * static_cast<int>(exchange_record(i)[0]) + 2;
}

// Restart records hold each value as the CPU fix does, seen from the record's atom, so that either
// style reads the other's files; on the device the slots whose history is symmetric under
// i <-> j are held multiplied by sigma = +1 when the atom's tag is below its partner's, else -1
// (pair_granular_sync_kokkos.cpp). Converts one partner's values either way (sigma squared is 1).
template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::orient_record(tagint own, tagint partner, double *values) const
{
  if (own < partner) return;
  const int dnum = this->dnum;
  // the pair's transfer factor of each slot: -1 where the history changes sign with the pair
  std::vector<double> ones(dnum, 1.0), factor(dnum, -1.0);
  this->force->pair->transfer_history(ones.data(), factor.data(), 1, 1);
  for (int k = 0; k < dnum; k++)
    if (factor[k] > 0.0) values[k] = -values[k];
}

// restart layout (FixNeighHistory's): length, count, then per partner its tag and dnum values
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  const double *exchange = exchange_record(i);
  const int count = static_cast<int>(exchange[0]), dnum = this->dnum;
  const tagint own = this->atom->tag[i];
  int m = 1;
  buf[m++] = count;
  for (int n = 0; n < count; n++) {
    const auto partner = static_cast<tagint>(exchange[1 + n]);
    buf[m++] = ubuf(partner).d;
    for (int k = 0; k < dnum; k++) buf[m + k] = exchange[1 + count + (size_t) n * dnum + k];
    orient_record(own, partner, buf + m);
    m += dnum;
  }
  buf[0] = m;
  return m;
}

// LAMMPS' fix packs on the device whatever `space` says. With the exchange on the host, MPI sends
// the host copy of the buffer: the packed records go there.
template <class DeviceType>
int FixNeighHistorySyncKokkos<DeviceType>::pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf,
                                                               DAT::tdual_int_1d k_sendlist,
                                                               DAT::tdual_int_1d k_copylist, ExecutionSpace space)
{
  const int n = RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>::pack_exchange_kokkos(
      nsend, k_buf, k_sendlist, k_copylist, space);
  if (space != Device) {
    const auto used = std::make_pair(0, n);
    Kokkos::deep_copy(Kokkos::subview(flat(k_buf.view_host()), used),
                      Kokkos::subview(flat(k_buf.template view<DeviceType>()), used));
  }
  return n;
}

// ... and unpacks from the device copy, so with the exchange on the host the received buffer and
// the atoms' new indices (written on the host) go to the device first
template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf,
                                                                  DAT::tdual_int_1d &k_indices, int nrecv,
                                                                  int nrecv1, int nextrarecv1, ExecutionSpace space)
{
  if (space != Device) {
    Kokkos::deep_copy(flat(k_buf.template view<DeviceType>()), flat(k_buf.view_host()));
    Kokkos::deep_copy(k_indices.template view<DeviceType>(), k_indices.view_host());
  }
  RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>::unpack_exchange_kokkos(k_buf, k_indices, nrecv, nrecv1,
                                                                                nextrarecv1, space);
}

// The restart record (count, then per partner its tag and dnum values) is handed to the Kokkos
// fix's own unpack_exchange(), which fills the views and marks them modified on the host.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  const double *record = restart_record(this->atom, nlocal, nth);
  const int count = this->restart_record_fits(nlocal, nth) ? static_cast<int>(record[1]) : 0;
  int m = 2;
  const int dnum = this->dnum;
  hold_partners(count);

  // exchange layout: count, the partners' tags, then all their values
  std::vector<double> buf(1 + (size_t) count * (dnum + 1));
  buf[0] = count;
  const tagint own = this->atom->tag[nlocal];
  for (int n = 0; n < count; n++) {
    const tagint partner = ubuf(record[m++]).i;
    buf[1 + n] = static_cast<double>(partner);
    double *values = &buf[1 + count + (size_t) n * dnum];
    for (int k = 0; k < dnum; k++) values[k] = record[m++];
    orient_record(own, partner, values);
  }
  this->unpack_exchange(nlocal, buf.data());
}

namespace LAMMPS_NS {
template class FixNeighHistorySyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixNeighHistorySyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
