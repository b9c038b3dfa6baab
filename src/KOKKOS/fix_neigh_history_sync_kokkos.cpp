/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "fix_neigh_history_sync_kokkos.h"

#include "atom.h"

#include <vector>

using namespace LAMMPS_NS;

// The restart record (written by FixNeighHistory::pack_restart: count, then per partner its tag
// and dnum values) is handed to the Kokkos fix's own unpack_exchange(), which fills the views and
// marks them modified on the host.
template <class DeviceType> void FixNeighHistorySyncKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  const double *record = this->atom->extra[nlocal];
  int m = 0;
  for (int i = 0; i < nth; i++) m += static_cast<int>(record[m]);
  m++;
  const int count = static_cast<int>(record[m++]);
  const int dnum = this->dnum;

  if (count > this->maxpartner) {
    this->maxpartner = count;
    this->grow_arrays(this->atom->nmax);
    this->maxexchange = (dnum + 1) * this->maxpartner + 2;
  }

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
