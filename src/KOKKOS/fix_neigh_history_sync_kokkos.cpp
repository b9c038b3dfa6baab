/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "fix_neigh_history_sync_kokkos.h"

#include "atom.h"
#include "comm.h"
#include "neigh_list_kokkos.h"
#include "pair.h"

#include <vector>

using namespace LAMMPS_NS;

// partners each local atom will get from the current list in LAMMPS' pre_exchange(): one per
// touching pair of its row, and one for each touching pair naming it from another local row
template <class DeviceType> int FixNeighHistorySyncKokkos<DeviceType>::most_partners_here()
{
  const int nlocal_neigh = this->nlocal_neigh;
  if (!this->pair->list || nlocal_neigh == 0) return 0;
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  this->k_firstflag.template sync<DeviceType>();
  const auto touched = this->k_firstflag.template view<DeviceType>();
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  const auto neighbors = list->d_neighbors;
  if ((int) partner_count.extent(0) < nlocal_neigh)
    partner_count = Kokkos::View<int *, DeviceType>("neigh_history/sync:count", this->atom->nmax);
  else
    Kokkos::deep_copy(partner_count, 0);
  const auto count = partner_count;
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;

  Kokkos::parallel_for(Range(0, list->inum), KOKKOS_LAMBDA(const int ii) {
    const int i = ilist(ii);
    const int jnum = numneigh(i);
    for (int jj = 0; jj < jnum; jj++) {
      if (!touched(i, jj)) continue;
      Kokkos::atomic_inc(&count(i));
      const int j = neighbors(i, jj) & NEIGHMASK;
      if (j < nlocal_neigh) Kokkos::atomic_inc(&count(j));
    }
  });
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

template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::pre_exchange()
{
  hold_partners(most_partners_anywhere(MAX(most_partners_here(), this->maxpartner)));
  RestartSafeHistory<FixNeighHistoryKokkos<DeviceType>>::pre_exchange();
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

// The restart record (written by FixNeighHistory::pack_restart: count, then per partner its tag
// and dnum values) is handed to the Kokkos fix's own unpack_exchange(), which fills the views and
// marks them modified on the host.
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
  for (int n = 0; n < count; n++) {
    buf[1 + n] = static_cast<double>(static_cast<tagint>(ubuf(record[m++]).i));
    for (int k = 0; k < dnum; k++) buf[1 + count + (size_t) n * dnum + k] = record[m++];
  }
  this->unpack_exchange(nlocal, buf.data());
}

namespace LAMMPS_NS {
template class FixNeighHistorySyncKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixNeighHistorySyncKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
