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
#include "memory_kokkos.h"
#include "neigh_list_kokkos.h"
#include "pair.h"

using namespace LAMMPS_NS;

// LAMMPS' fix allocates its padded partner arrays in its constructor and keeps them private: released
// there, the pool takes their place
GRANSYNC_EXPOSE(DevicePartnerCount, FixNeighHistoryKokkos<LMPDeviceType>, DAT::tdual_int_1d, k_npartner)
GRANSYNC_EXPOSE(DevicePartnerTags, FixNeighHistoryKokkos<LMPDeviceType>, DAT::ttransform_tagint_2d, k_partner)
GRANSYNC_EXPOSE(DevicePartnerValues, FixNeighHistoryKokkos<LMPDeviceType>, DAT::ttransform_kkfloat_2d,
                k_valuepartner)
GRANSYNC_EXPOSE(DeviceCountView, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_int_1d, d_npartner)
GRANSYNC_EXPOSE(DeviceTagsView, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_tagint_2d, d_partner)
GRANSYNC_EXPOSE(DeviceValuesView, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_kkfloat_2d,
                d_valuepartner)
#ifdef LMP_KOKKOS_GPU
GRANSYNC_EXPOSE(HostPartnerCount, FixNeighHistoryKokkos<LMPHostType>, DAT::tdual_int_1d, k_npartner)
GRANSYNC_EXPOSE(HostPartnerTags, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_tagint_2d, k_partner)
GRANSYNC_EXPOSE(HostPartnerValues, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_kkfloat_2d, k_valuepartner)
GRANSYNC_EXPOSE(HostCountView, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_int_1d, d_npartner)
GRANSYNC_EXPOSE(HostTagsView, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_tagint_2d, d_partner)
GRANSYNC_EXPOSE(HostValuesView, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_kkfloat_2d,
                d_valuepartner)
#endif

namespace {
template <class DeviceType> struct PartnerArrays {
  using Count = gransync_access::DevicePartnerCount;
  using Tags = gransync_access::DevicePartnerTags;
  using Values = gransync_access::DevicePartnerValues;
  using CountView = gransync_access::DeviceCountView;
  using TagsView = gransync_access::DeviceTagsView;
  using ValuesView = gransync_access::DeviceValuesView;
};
#ifdef LMP_KOKKOS_GPU
template <> struct PartnerArrays<LMPHostType> {
  using Count = gransync_access::HostPartnerCount;
  using Tags = gransync_access::HostPartnerTags;
  using Values = gransync_access::HostPartnerValues;
  using CountView = gransync_access::HostCountView;
  using TagsView = gransync_access::HostTagsView;
  using ValuesView = gransync_access::HostValuesView;
};
#endif

// where received atom k's exchange record starts in LAMMPS' exchange buffer (its layout: the first
// atoms' offsets, then those of the atoms received in a second step)
template <class Buffer>
KOKKOS_INLINE_FUNCTION int received_record(const Buffer &buf, int k, int nrecv1, int nextrarecv1)
{
  if (k < nrecv1) return (int) d_ubuf(buf(k)).i;
  return nextrarecv1 + (int) d_ubuf(buf(nextrarecv1 + k - nrecv1)).i;
}
}    // namespace

template <class DeviceType>
FixNeighHistorySyncKokkos<DeviceType>::FixNeighHistorySyncKokkos(LAMMPS *lmp, int narg, char **arg) :
    RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>(lmp, narg, arg)
{
  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  auto &k_count = base->*member_of(typename Arrays::Count());
  auto &k_tags = base->*member_of(typename Arrays::Tags());
  auto &k_values = base->*member_of(typename Arrays::Values());
  this->memoryKK->destroy_kokkos(k_count, this->npartner);
  this->memoryKK->destroy_kokkos(k_tags, this->partner);
  this->memoryKK->destroy_kokkos(k_values, this->valuepartner);
  k_count = {};
  k_tags = {};
  k_values = {};
  base->*member_of(typename Arrays::CountView()) = {};
  base->*member_of(typename Arrays::TagsView()) = {};
  base->*member_of(typename Arrays::ValuesView()) = {};
  this->maxpartner = 0;
  this->maxexchange = 2;

  k_partner_count = DAT::tdual_int_1d("neigh_history/sync:partner_count", this->atom->nmax);
  k_partner_first = DAT::tdual_int_1d("neigh_history/sync:partner_first", this->atom->nmax);
  k_pool_tags = decltype(k_pool_tags)("neigh_history/sync:pool_tags", 0);
  k_pool_values = decltype(k_pool_values)("neigh_history/sync:pool_values", 0);
}

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

// LAMMPS' exchange sizes its buffers by the largest record an atom may send, and enlarges its send
// buffer by half of itself each time that grows: grown by one partner at a time, that buffer grew
// exponentially (hundreds of MB within a thousand steps of a settling bed). The partners it counts
// widen geometrically, in multiples of 8.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::agree_exchange_size(int most_here)
{
  const int most = most_partners_anywhere(most_here);
  if (most > exchange_partners) exchange_partners = (MAX(most, exchange_partners + exchange_partners / 2) + 7) / 8 * 8;
  this->maxexchange = (this->dnum + 1) * exchange_partners + 2;
}

// room for `slots` records; slots written so far stay. Kokkos' resize marks one side modified (the
// other resynced): both are brought level on the side the caller works on, which it then modifies.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::hold_pool(int slots, bool on_host)
{
  if ((int) k_pool_tags.extent(0) >= slots) return;
  const size_t size = (size_t) slots + slots / 5 + 64;
  k_pool_tags.resize(size);
  k_pool_values.resize(size * this->dnum);
  if (on_host) {
    k_pool_tags.sync_host();
    k_pool_values.sync_host();
  } else {
    k_pool_tags.template sync<DeviceType>();
    k_pool_values.template sync<DeviceType>();
  }
}

template <class DeviceType>
typename FixNeighHistorySyncKokkos<DeviceType>::Records FixNeighHistorySyncKokkos<DeviceType>::records_on_device()
{
  k_partner_count.template sync<DeviceType>();
  k_partner_first.template sync<DeviceType>();
  k_pool_tags.template sync<DeviceType>();
  k_pool_values.template sync<DeviceType>();
  return {k_partner_count.template view<DeviceType>(), k_partner_first.template view<DeviceType>(),
          k_pool_tags.template view<DeviceType>(), k_pool_values.template view<DeviceType>()};
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::sync_records_host()
{
  k_partner_count.sync_host();
  k_partner_first.sync_host();
  k_pool_tags.sync_host();
  k_pool_values.sync_host();
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::modified_records_host()
{
  k_partner_count.modify_host();
  k_partner_first.modify_host();
  k_pool_tags.modify_host();
  k_pool_values.modify_host();
}

// The packed rows' history into the atoms' partner records, in the place of LAMMPS' pre_exchange(),
// which reads arrays shaped like LAMMPS' list (every row as long as the longest, a large grain's:
// most of their memory on a polydisperse bed) and the atoms' tags on the device without syncing
// them (stale there after any host fix). Without a list since the records were filled (a restart
// file's), they hold the history already.
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
// host copies (LAMMPS' CPU fix's packing: only at re-neighboring). The pool is written anew, each
// atom's records from the sum of the counts before it.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::write_partners()
{
  const bool newton = this->force->newton_pair;
  const int natoms = MAX(this->nall_neigh, this->atom->nlocal + this->atom->nghost);
  const int nowned = this->nlocal_neigh;
  const int named_below = newton ? natoms : nowned;
  const int dnum = this->dnum;
  const auto tag = this->atomKK->k_tag.template view<DeviceType>();
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const auto atoms = std::make_pair(0, natoms);

  k_partner_count.template sync<DeviceType>();
  k_partner_first.template sync<DeviceType>();
  const auto count = k_partner_count.template view<DeviceType>();
  const auto first = k_partner_first.template view<DeviceType>();
  Kokkos::deep_copy(Kokkos::subview(count, atoms), 0);
  count_touching(count, named_below);
  k_partner_count.template modify<DeviceType>();
  if (newton) {
    k_partner_count.sync_host();
    this->commflag = this->NPARTNER;
    this->comm->reverse_comm(this, 1);    // owners now hold their totals, ghosts what passes through them
    k_partner_count.modify_host();
    k_partner_count.template sync<DeviceType>();
  }
  int slots = 0, most = 0;
  Kokkos::parallel_scan(
      Range(0, natoms),
      KOKKOS_LAMBDA(const int i, int &sum, const bool final) {
        if (final) first(i) = sum;
        sum += count(i);
      },
      slots);
  Kokkos::parallel_reduce(
      Range(0, nowned), KOKKOS_LAMBDA(const int i, int &m) {
        if (count(i) > m) m = count(i);
      },
      Kokkos::Max<int>(most));
  k_partner_first.template modify<DeviceType>();
  k_pool_tags.template sync<DeviceType>();
  k_pool_values.template sync<DeviceType>();
  hold_pool(slots, false);

  Kokkos::deep_copy(Kokkos::subview(count, atoms), 0);    // each atom's records written so far
  const auto tags = k_pool_tags.template view<DeviceType>();
  const auto values = k_pool_values.template view<DeviceType>();
  const auto ilist = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list)->d_ilist;
  const auto start = rows.start, neighbors = rows.neighbors, touch = rows.touch;
  const auto row_values = rows.values;
  Kokkos::parallel_for(Range(0, rows_inum), KOKKOS_LAMBDA(const int ii) {
    const int i = ilist(ii);
    for (int p = start(ii); p < start(ii + 1); p++) {
      if (!touch(p)) continue;
      const int j = neighbors(p) & NEIGHMASK;
      const int si = first(i) + Kokkos::atomic_fetch_add(&count(i), 1);
      tags(si) = tag(j);
      for (int k = 0; k < dnum; k++) values(dnum * si + k) = row_values(dnum * p + k);
      if (j >= named_below) continue;
      const int sj = first(j) + Kokkos::atomic_fetch_add(&count(j), 1);
      tags(sj) = tag(i);
      for (int k = 0; k < dnum; k++) values(dnum * sj + k) = -row_values(dnum * p + k);
    }
  });
  k_partner_count.template modify<DeviceType>();
  k_pool_tags.template modify<DeviceType>();
  k_pool_values.template modify<DeviceType>();
  if (newton) {
    sync_records_host();
    this->commflag = this->PERPARTNER;
    this->comm->reverse_comm_variable(this);
    for (int i = nowned; i < natoms; i++) k_partner_count.view_host()(i) = 0;    // the ghosts' records are passed on
    modified_records_host();
  }
  pool_used = slots;
  agree_exchange_size(most);
}

// LAMMPS' post_neighbor() zeroes its whole list-shaped arrays (atoms x longest row x values) and
// fills them from the partner arrays: on a size-ratio-10 bed most of that memory is padding, and
// the zeroing was 41% of a /kk mdr run's time on one thread. Here the packed rows are filled from
// the partner records directly, and LAMMPS' list-shaped arrays are never allocated.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::post_neighbor()
{
  if (this->refresh_list) this->refresh_list();
  this->atomKK->sync(this->execution_space, TAG_MASK);
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
  const bool own = this->own_rows.start.extent(0) > 0;    // the pair style's own list: its rows as they are
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  int slots = 0;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  if (own) {
    rows.start = this->own_rows.start;
    rows.neighbors = this->own_rows.neighbors;
    slots = this->own_rows.neighbors.extent(0);
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

  const auto records = records_on_device();
  const auto npartner = records.count, first = records.first;
  const auto partner = records.tags;
  const auto partner_values = records.values;
  const auto tag = this->atomKK->k_tag.template view<DeviceType>();
  const auto list_neighbors = list->d_neighbors;
  const bool use_bit_flag = this->use_bit_flag;
  const bool beyond_contact = this->pair->beyond_contact;
  const auto neighbors = rows.neighbors;
  const auto touch = rows.touch;
  const auto values = rows.values;
  Kokkos::parallel_for(Range(0, inum), KOKKOS_LAMBDA(const int ii) {
    const int i = ilist(ii);
    const int from = first(i), to = first(i) + npartner(i);
    for (int jj = 0, p = start(ii); p < start(ii + 1); jj++, p++) {
      const int j = own ? neighbors(p) : list_neighbors(i, jj);
      if (!own) neighbors(p) = j;
      const bool may_touch = !use_bit_flag || beyond_contact || ((j >> HISTBITS) & 1);
      int s = to;
      if (may_touch) {
        const tagint jtag = tag(j & NEIGHMASK);
        for (s = from; s < to; s++)
          if (partner(s) == jtag) break;
      }
      const bool found = s < to;
      touch(p) = found;
      for (int k = 0; k < dnum; k++) values(dnum * p + k) = found ? partner_values(dnum * s + k) : 0;
    }
  });
  rows_packed = true;
}

// the partner records and the packed rows (LAMMPS' fix's arrays are empty here)
template <class DeviceType> double FixNeighHistorySyncKokkos<DeviceType>::memory_usage()
{
  double bytes = (double) (k_partner_count.view_host().span() + k_partner_first.view_host().span()) * sizeof(int);
  bytes += (double) k_pool_tags.view_host().span() * sizeof(tagint) +
      (double) k_pool_values.view_host().span() * sizeof(KK_FLOAT);
  bytes += (double) rows.touch.span() * sizeof(int) + (double) rows.values.span() * sizeof(KK_FLOAT);
  if (this->own_rows.start.extent(0) == 0) bytes += (double) (rows.start.span() + rows.neighbors.span()) * sizeof(int);
  return bytes;
}

// the most partners of one atom on any rank: its exchange size once the file is read
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::maxsize_restart()
{
  k_partner_count.sync_host();
  int most = 0;
  for (int i = 0; i < this->atom->nlocal; i++) most = MAX(most, k_partner_count.view_host()(i));
  return (this->dnum + 1) * most_partners_anywhere(most) + 2;
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::write_global_record(FILE *fp)
{
  const double count = (maxsize_restart() - 2) / (this->dnum + 1);
  if (this->comm->me != 0) return;
  const int size = sizeof(double);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(&count, sizeof(double), 1, fp);
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::restart(char *buf)
{
  const int most = static_cast<int>(reinterpret_cast<double *>(buf)[0]);
  exchange_partners = MAX(exchange_partners, (most + 7) / 8 * 8);
  this->maxexchange = (this->dnum + 1) * exchange_partners + 2;
}

// Atom i's partners in the exchange layout (count, the partners' tags, then all their values)
template <class DeviceType> const double *FixNeighHistorySyncKokkos<DeviceType>::exchange_record(int i)
{
  k_partner_count.sync_host();
  record.resize(1 + (size_t) k_partner_count.view_host()(i) * (this->dnum + 1));
  pack_exchange(i, record.data());
  return record.data();
}

template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::size_restart(int i)
{
  return (this->dnum + 1) * static_cast<int>(exchange_record(i)[0]) + 2;
}

// Restart records hold each value as the CPU fix does, seen from the record's atom, so that either
// style reads the other's files; on the device they are oriented as history_orientation() says.
// Converts one partner's values either way (sigma squared is 1).
template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::orient_record(tagint own, tagint partner, double *values) const
{
  if (history_sigma(own, partner) > 0.0) return;
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

/* ---- the partner records as per-atom data: growth, copies, sorting, exchange, reverse comm ---- */

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::grow_arrays(int nmax)
{
  k_partner_count.template sync<DeviceType>();
  k_partner_first.template sync<DeviceType>();
  k_partner_count.resize(nmax);
  k_partner_first.resize(nmax);
}

// atom j takes atom i's records (they stay in the pool, the place is handed on)
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::copy_arrays(int i, int j, int)
{
  k_partner_count.sync_host();
  k_partner_first.sync_host();
  k_partner_count.view_host()(j) = k_partner_count.view_host()(i);
  k_partner_first.view_host()(j) = k_partner_first.view_host()(i);
  k_partner_count.modify_host();
  k_partner_first.modify_host();
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::set_arrays(int i)
{
  k_partner_count.sync_host();
  k_partner_count.view_host()(i) = 0;
  k_partner_count.modify_host();
}

template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::sort_kokkos(Kokkos::BinSort<KokkosBase::KeyViewType, KokkosBase::BinOp> &sorter)
{
  k_partner_count.sync_device();
  k_partner_first.sync_device();
  sorter.sort(LMPDeviceType(), k_partner_count.view_device());
  sorter.sort(LMPDeviceType(), k_partner_first.view_device());
  k_partner_count.modify_device();
  k_partner_first.modify_device();
}

template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  sync_records_host();
  const int count = k_partner_count.view_host()(i), first = k_partner_first.view_host()(i), dnum = this->dnum;
  int m = 0;
  buf[m++] = count;
  for (int n = 0; n < count; n++) buf[m++] = static_cast<double>(k_pool_tags.view_host()(first + n));
  for (int n = 0; n < count * dnum; n++) buf[m++] = k_pool_values.view_host()((size_t) first * dnum + n);
  return m;
}

// an arriving atom's records go to the pool's end
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::unpack_exchange(int nlocal, double *buf)
{
  sync_records_host();
  const int count = static_cast<int>(buf[0]), dnum = this->dnum;
  hold_pool(pool_used + count, true);
  k_partner_count.view_host()(nlocal) = count;
  k_partner_first.view_host()(nlocal) = pool_used;
  int m = 1;
  for (int n = 0; n < count; n++) k_pool_tags.view_host()(pool_used + n) = static_cast<tagint>(buf[m++]);
  for (int n = 0; n < count * dnum; n++) k_pool_values.view_host()((size_t) pool_used * dnum + n) = buf[m++];
  pool_used += count;
  modified_records_host();
  return m;
}

// The device exchange's layout, LAMMPS' fix's: the first nsend values hold each atom's offset in
// the buffer, then per atom its count and per partner its tag and values. An atom that moves into
// a leaving one's place (copylist) takes its records' place.
template <class DeviceType>
int FixNeighHistorySyncKokkos<DeviceType>::pack_exchange_records(int nsend, DAT::tdual_double_2d_lr &k_buf,
                                                                DAT::tdual_int_1d &k_sendlist,
                                                                DAT::tdual_int_1d &k_copylist)
{
  const auto records = records_on_device();
  const auto count = records.count, first = records.first;
  const auto tags = records.tags;
  const auto values = records.values;
  k_buf.template sync<DeviceType>();
  k_sendlist.template sync<DeviceType>();
  k_copylist.template sync<DeviceType>();
  const auto buf = flat(k_buf.template view<DeviceType>());
  const auto sendlist = k_sendlist.template view<DeviceType>();
  const auto copylist = k_copylist.template view<DeviceType>();
  const int dnum = this->dnum;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  int size = 0;
  Kokkos::parallel_scan(
      Range(0, nsend),
      KOKKOS_LAMBDA(const int mysend, int &offset, const bool final) {
        const int i = sendlist(mysend);
        if (final) {
          int m = nsend + offset;
          buf(mysend) = d_ubuf(m).d;
          buf(m++) = d_ubuf(count(i)).d;
          for (int s = first(i); s < first(i) + count(i); s++) {
            buf(m++) = d_ubuf(tags(s)).d;
            for (int k = 0; k < dnum; k++) buf(m++) = values(dnum * s + k);
          }
        }
        offset += 1 + count(i) * (dnum + 1);
      },
      size);
  Kokkos::parallel_for(Range(0, nsend), KOKKOS_LAMBDA(const int mysend) {
    const int j = copylist(mysend);
    if (j < 0) return;
    const int i = sendlist(mysend);
    count(i) = count(j);
    first(i) = first(j);
  });
  k_partner_count.template modify<DeviceType>();
  k_partner_first.template modify<DeviceType>();
  return nsend > 0 ? nsend + size : 0;
}

// the atoms kept here (index >= 0) append their records to the pool
template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::unpack_exchange_records(DAT::tdual_double_2d_lr &k_buf,
                                                                   DAT::tdual_int_1d &k_indices, int nrecv,
                                                                   int nrecv1, int nextrarecv1)
{
  const auto records = records_on_device();
  const auto count = records.count, first = records.first;
  const auto buf = flat(k_buf.template view<DeviceType>());
  const auto indices = k_indices.template view<DeviceType>();
  const int dnum = this->dnum, used = pool_used;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  int added = 0;
  Kokkos::parallel_scan(
      Range(0, nrecv),
      KOKKOS_LAMBDA(const int k, int &sum, const bool final) {
        const int index = indices(k);
        if (index < 0) return;
        const int n = (int) d_ubuf(buf(received_record(buf, k, nrecv1, nextrarecv1))).i;
        if (final) {
          count(index) = n;
          first(index) = used + sum;
        }
        sum += n;
      },
      added);
  hold_pool(used + added, false);
  const auto tags = k_pool_tags.template view<DeviceType>();
  const auto values = k_pool_values.template view<DeviceType>();
  Kokkos::parallel_for(Range(0, nrecv), KOKKOS_LAMBDA(const int k) {
    const int index = indices(k);
    if (index < 0) return;
    int m = received_record(buf, k, nrecv1, nextrarecv1) + 1;
    for (int s = first(index); s < first(index) + count(index); s++) {
      tags(s) = (tagint) d_ubuf(buf(m++)).i;
      for (int v = 0; v < dnum; v++) values(dnum * s + v) = buf(m++);
    }
  });
  pool_used = used + added;
  k_partner_count.template modify<DeviceType>();
  k_partner_first.template modify<DeviceType>();
  k_pool_tags.template modify<DeviceType>();
  k_pool_values.template modify<DeviceType>();
}

// With the exchange on the host (-pk kokkos comm host) MPI sends the host copy of the buffer: the
// records packed on the device go there ...
template <class DeviceType>
int FixNeighHistorySyncKokkos<DeviceType>::pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf,
                                                               DAT::tdual_int_1d k_sendlist,
                                                               DAT::tdual_int_1d k_copylist, ExecutionSpace space)
{
  const int n = pack_exchange_records(nsend, k_buf, k_sendlist, k_copylist);
  if (space != Device) {
    const auto used = std::make_pair(0, n);
    Kokkos::deep_copy(Kokkos::subview(flat(k_buf.view_host()), used),
                      Kokkos::subview(flat(k_buf.template view<DeviceType>()), used));
  }
  return n;
}

// ... and the received buffer and the atoms' new indices (written on the host) go to the device
template <class DeviceType>
void FixNeighHistorySyncKokkos<DeviceType>::unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf,
                                                                  DAT::tdual_int_1d &k_indices, int nrecv,
                                                                  int nrecv1, int nextrarecv1, ExecutionSpace space)
{
  if (space != Device) {
    Kokkos::deep_copy(flat(k_buf.template view<DeviceType>()), flat(k_buf.view_host()));
    Kokkos::deep_copy(k_indices.template view<DeviceType>(), k_indices.view_host());
  }
  unpack_exchange_records(k_buf, k_indices, nrecv, nrecv1, nextrarecv1);
}

// newton on (write_partners(), on the host copies): a ghost's count, then its records, go to its
// owner, whose place in the pool holds room for them
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::pack_reverse_comm_size(int n, int first)
{
  int m = 0;
  for (int i = first; i < first + n; i++) m += 1 + (this->dnum + 1) * k_partner_count.view_host()(i);
  return m;
}

template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::pack_reverse_comm(int n, int first, double *buf)
{
  const int dnum = this->dnum;
  int m = 0;
  for (int i = first; i < first + n; i++) {
    const int count = k_partner_count.view_host()(i);
    buf[m++] = count;
    if (this->commflag != this->PERPARTNER) continue;
    for (int s = k_partner_first.view_host()(i); s < k_partner_first.view_host()(i) + count; s++) {
      buf[m++] = ubuf(k_pool_tags.view_host()(s)).d;
      for (int k = 0; k < dnum; k++) buf[m++] = k_pool_values.view_host()((size_t) dnum * s + k);
    }
  }
  return m;
}

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::unpack_reverse_comm(int n, int *list, double *buf)
{
  const int dnum = this->dnum;
  int m = 0;
  for (int l = 0; l < n; l++) {
    const int j = list[l];
    const int count = static_cast<int>(buf[m++]);
    if (this->commflag != this->PERPARTNER) {
      k_partner_count.view_host()(j) += count;
      continue;
    }
    for (int r = 0; r < count; r++) {
      const int s = k_partner_first.view_host()(j) + k_partner_count.view_host()(j)++;
      k_pool_tags.view_host()(s) = static_cast<tagint>(ubuf(buf[m++]).i);
      for (int k = 0; k < dnum; k++) k_pool_values.view_host()((size_t) dnum * s + k) = buf[m++];
    }
  }
}

// The restart record (count, then per partner its tag and dnum values) is handed to unpack_exchange()
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  const double *record = restart_record(this->atom, nlocal, nth);
  const int count = this->restart_record_fits(nlocal, nth) ? static_cast<int>(record[1]) : 0;
  int m = 2;
  const int dnum = this->dnum;

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
  unpack_exchange(nlocal, buf.data());
}

namespace LAMMPS_NS {
template class FixNeighHistorySyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixNeighHistorySyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
