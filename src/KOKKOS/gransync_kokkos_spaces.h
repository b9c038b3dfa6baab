/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The execution space of the /kk/host styles. LAMMPS' suffix convention: /kk and /kk/device run on
   the device, /kk/host on the host. Without a GPU backend both are the device space, for which the
   styles are instantiated (in the split-memory build LMPHostType is another space, Serial).
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_SPACES_H
#define LMP_GRANSYNC_KOKKOS_SPACES_H

#include "kokkos_type.h"

namespace LAMMPS_NS {
#ifdef LMP_KOKKOS_GPU
using GransyncHostType = LMPHostType;
#else
using GransyncHostType = LMPDeviceType;
#endif
}    // namespace LAMMPS_NS

#endif
