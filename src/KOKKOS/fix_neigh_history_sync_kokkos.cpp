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
// ... and the views its pre_exchange() reads, which post_neighbor() sets (it is replaced here)
GRANSYNC_EXPOSE(DeviceListFlags, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_int_2d,
                d_firstflag)
GRANSYNC_EXPOSE(DeviceListValues, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_kkfloat_2d,
                d_firstvalue)
GRANSYNC_EXPOSE(DeviceTags, FixNeighHistoryKokkos<LMPDeviceType>, ArrayTypes<LMPDeviceType>::t_tagint_1d, tag)
#ifdef LMP_KOKKOS_GPU
GRANSYNC_EXPOSE(HostPartnerCount, FixNeighHistoryKokkos<LMPHostType>, DAT::tdual_int_1d, k_npartner)
GRANSYNC_EXPOSE(HostPartnerTags, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_tagint_2d, k_partner)
GRANSYNC_EXPOSE(HostPartnerValues, FixNeighHistoryKokkos<LMPHostType>, DAT::ttransform_kkfloat_2d, k_valuepartner)
GRANSYNC_EXPOSE(HostListFlags, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_int_2d, d_firstflag)
GRANSYNC_EXPOSE(HostListValues, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_kkfloat_2d,
                d_firstvalue)
GRANSYNC_EXPOSE(HostTags, FixNeighHistoryKokkos<LMPHostType>, ArrayTypes<LMPHostType>::t_tagint_1d, tag)
#endif

namespace {
template <class DeviceType> struct PartnerArrays {
  using Count = gransync_access::DevicePartnerCount;
  using Tags = gransync_access::DevicePartnerTags;
  using Values = gransync_access::DevicePartnerValues;
  using ListFlags = gransync_access::DeviceListFlags;
  using ListValues = gransync_access::DeviceListValues;
  using AtomTags = gransync_access::DeviceTags;
};
#ifdef LMP_KOKKOS_GPU
template <> struct PartnerArrays<LMPHostType> {
  using Count = gransync_access::HostPartnerCount;
  using Tags = gransync_access::HostPartnerTags;
  using Values = gransync_access::HostPartnerValues;
  using ListFlags = gransync_access::HostListFlags;
  using ListValues = gransync_access::HostListValues;
  using AtomTags = gransync_access::HostTags;
};
#endif
}    // namespace

// Adds to count(i) the touching pairs of the pair's current list that atom i belongs to: those of
// its row, and those naming it from another row if i < named_below (the owned atoms, or with newton
// on owned and ghost atoms). count must be zero before.
template <class DeviceType>
template <class Counts>
void FixNeighHistorySyncKokkos<DeviceType>::count_touching(const Counts &count, const int named_below)
{
  if (!this->pair->list || this->nlocal_neigh == 0) return;
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  this->k_firstflag.template sync<DeviceType>();
  const auto touched = this->k_firstflag.template view<DeviceType>();
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  const auto neighbors = list->d_neighbors;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<typename DeviceType::execution_space>(0, list->inum), KOKKOS_LAMBDA(const int ii) {
        const int i = ilist(ii);
        for (int jj = 0; jj < numneigh(i); jj++) {
          if (!touched(i, jj)) continue;
          Kokkos::atomic_inc(&count(i));
          const int j = neighbors(i, jj) & NEIGHMASK;
          if (j < named_below) Kokkos::atomic_inc(&count(j));
        }
      });
}

// partners each local atom will get from the current list in LAMMPS' pre_exchange(): one per
// touching pair of its row, and one for each touching pair naming it from another local row
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::most_partners_here()
{
  const int nlocal_neigh = this->nlocal_neigh;
  if (!this->pair->list || nlocal_neigh == 0) return 0;
  if ((int) partner_count.extent(0) < nlocal_neigh)
    partner_count = Kokkos::View<int *, DeviceType>("neigh_history/sync:count", this->atom->nmax);
  else
    Kokkos::deep_copy(partner_count, 0);
  const auto count = partner_count;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  count_touching(count, nlocal_neigh);
  int most = 0;
  Kokkos::parallel_reduce(
      Range(0, nlocal_neigh), KOKKOS_LAMBDA(const int i, int &m) {
        if (count(i) > m) m = count(i);
      },
      Kokkos::Max<int>(most));
  return most;
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

// LAMMPS' pre_exchange() reads the atoms' tags on the device without syncing them: after a host
// style marked the atom data modified (any fix without a /kk twin does, every step) they are
// stale there, and the partners' tags written from them are wrong.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::copy_history_to_atoms()
{
  unpack_rows();
  this->atomKK->sync(this->execution_space, TAG_MASK);
  if (this->force->newton_pair) {
    partners_with_newton();
  } else {
    hold_partners(most_partners_anywhere(MAX(most_partners_here(), this->maxpartner)));
    FixNeighHistoryKokkos<DeviceType>::pre_exchange();
  }
}

// Newton on: a pair lies in one row of one rank's list, its other atom possibly a ghost. Both
// atoms' partner records are written for owned and ghost atoms alike; reverse communication then
// adds each ghost's count, and after that its records, to its owner, on the host copies (LAMMPS'
// CPU fix's packing: only at re-neighboring).
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::partners_with_newton()
{
  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  auto &k_count = base->*member_of(typename Arrays::Count());
  auto &k_tags = base->*member_of(typename Arrays::Tags());
  auto &k_values = base->*member_of(typename Arrays::Values());
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  const int inum = list && this->nlocal_neigh > 0 ? list->inum : 0;
  const int natoms = MAX(this->nall_neigh, this->atom->nlocal + this->atom->nghost);
  const int dnum = this->dnum;
  const auto tag = this->atomKK->k_tag.template view<DeviceType>();
  this->k_firstflag.template sync<DeviceType>();
  this->k_firstvalue.template sync<DeviceType>();
  const auto touched = this->k_firstflag.template view<DeviceType>();
  const auto list_values = this->k_firstvalue.template view<DeviceType>();
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const auto clear_counts = [&]() {
    k_count.template sync<DeviceType>();
    Kokkos::deep_copy(Kokkos::subview(k_count.template view<DeviceType>(), std::make_pair(0, natoms)), 0);
  };

  clear_counts();
  count_touching(k_count.template view<DeviceType>(), natoms);
  k_count.template modify<DeviceType>();
  k_count.sync_host();
  this->commflag = this->NPARTNER;
  this->comm->reverse_comm(this, 1);
  // owners now hold their totals, ghosts what passes through them: all must fit
  int most = 0;
  for (int i = 0; i < natoms; i++) most = MAX(most, this->npartner[i]);
  hold_partners(most_partners_anywhere(most));

  clear_counts();
  if (inum) {
    const auto count = k_count.template view<DeviceType>();
    const auto tags = k_tags.template view<DeviceType>();
    const auto values = k_values.template view<DeviceType>();
    const auto ilist = list->d_ilist;
    const auto numneigh = list->d_numneigh;
    const auto neighbors = list->d_neighbors;
    k_tags.template sync<DeviceType>();
    k_values.template sync<DeviceType>();
    Kokkos::parallel_for(Range(0, inum), KOKKOS_LAMBDA(const int ii) {
      const int i = ilist(ii);
      for (int jj = 0; jj < numneigh(i); jj++) {
        if (!touched(i, jj)) continue;
        const int j = neighbors(i, jj) & NEIGHMASK;
        const int mi = Kokkos::atomic_fetch_add(&count(i), 1), mj = Kokkos::atomic_fetch_add(&count(j), 1);
        tags(i, mi) = tag(j);
        tags(j, mj) = tag(i);
        for (int k = 0; k < dnum; k++) {
          values(i, dnum * mi + k) = list_values(i, dnum * jj + k);
          values(j, dnum * mj + k) = -list_values(i, dnum * jj + k);
        }
      }
    });
  }
  k_count.template modify<DeviceType>();
  k_tags.template modify<DeviceType>();
  k_values.template modify<DeviceType>();
  k_count.sync_host();
  k_tags.sync_host();
  k_values.sync_host();
  this->commflag = this->PERPARTNER;
  this->comm->reverse_comm_variable(this);
  for (int i = this->nlocal_neigh; i < natoms; i++) this->npartner[i] = 0;    // the ghosts' records are passed on
  // to the device, where LAMMPS' fix reads them next (its unpack_exchange_kokkos() marks them
  // modified there without syncing first)
  k_count.modify_host();
  k_tags.modify_host();
  k_values.modify_host();
  k_count.template sync<DeviceType>();
  k_tags.template sync<DeviceType>();
  k_values.template sync<DeviceType>();
  this->maxexchange = (dnum + 1) * this->maxpartner + 2;
}

// LAMMPS' post_neighbor() zeroes its whole list-shaped arrays (atoms x longest row x values) and
// fills them from the partner arrays, and pack_rows() then copied them into the packed rows: on a
// size-ratio-10 bed most of that memory is padding, and the zeroing was 41% of a /kk mdr run's time
// on one thread. Here the packed rows are filled from the partner arrays directly; LAMMPS' arrays
// are only sized (their rows are written back, up to each row's length, before its pre_exchange()
// reads them).
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::post_neighbor()
{
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  FixNeighHistoryKokkos<DeviceType> *base = this;
  using Arrays = PartnerArrays<DeviceType>;
  this->atomKK->sync(this->execution_space, TAG_MASK);
  base->*member_of(typename Arrays::AtomTags()) = this->atomKK->k_tag.template view<DeviceType>();
  this->nlocal_neigh = this->atom->nlocal;
  this->nall_neigh = this->atom->nlocal + this->atom->nghost;
  if (this->atom->nlocal > this->maxatom || list->maxneighs > (int) this->k_firstflag.extent(1)) {
    this->maxatom = this->atom->nmax;
    this->k_firstflag = DAT::tdual_int_2d("neighbor_history:firstflag", this->maxatom, list->maxneighs);
    this->k_firstvalue =
        DAT::tdual_kkfloat_2d("neighbor_history:firstvalue", this->maxatom, list->maxneighs * this->dnum);
    base->*member_of(typename Arrays::ListFlags()) = this->k_firstflag.template view<DeviceType>();
    base->*member_of(typename Arrays::ListValues()) = this->k_firstvalue.template view<DeviceType>();
  }
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
  hold(rows.start, inum + 1, "neigh_history/sync:start");
  const auto start = rows.start;
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  int slots = 0;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  Kokkos::parallel_scan(
      Range(0, inum),
      KOKKOS_LAMBDA(const int ii, int &sum, const bool final) {
        if (final) start(ii) = sum;
        sum += numneigh(ilist(ii));
        if (final && ii == inum - 1) start(inum) = sum;
      },
      slots);
  const int dnum = this->dnum;
  hold(rows.neighbors, slots, "neigh_history/sync:neighbors");
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
    for (int jj = 0, p = start(ii); jj < numneigh(i); jj++, p++) {
      const int j = list_neighbors(i, jj);
      neighbors(p) = j;
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

// the packed rows back into LAMMPS' list-shaped arrays, whose pre_exchange() reads them
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::unpack_rows()
{
  if (!rows_packed) return;
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  const int dnum = this->dnum;
  this->k_firstflag.template sync<DeviceType>();
  this->k_firstvalue.template sync<DeviceType>();
  const auto list_touch = this->k_firstflag.template view<DeviceType>();
  const auto list_values = this->k_firstvalue.template view<DeviceType>();
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  const auto start = rows.start;
  const auto touch = rows.touch;
  const auto values = rows.values;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<typename DeviceType::execution_space>(0, list->inum), KOKKOS_LAMBDA(const int ii) {
        const int i = ilist(ii);
        for (int jj = 0, p = start(ii); jj < numneigh(i); jj++, p++) {
          list_touch(i, jj) = touch(p);
          for (int k = 0; k < dnum; k++) list_values(i, dnum * jj + k) = values(dnum * p + k);
        }
      });
  this->k_firstflag.template modify<DeviceType>();
  this->k_firstvalue.template modify<DeviceType>();
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
