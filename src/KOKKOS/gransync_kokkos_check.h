/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The /kk styles index LAMMPS' Kokkos views with the precision, layout and backend they were
   compiled for; a LAMMPS built otherwise (e.g. a user's LAMMPS_ROOT with KOKKOS_PREC=single or
   KOKKOS_LAYOUT=default) would be read wrongly without any error. Each /kk style checks first.

   LAMMPS' Kokkos Verlet fuses a step's last half kick with the next step's first (stock fix
   nve/sphere/kk: v += 2 dtf f/m, which rounds otherwise than two kicks) except on output steps
   and a run's last step, so a run's trajectory would depend on its output cadence and run
   lengths. Each /kk style keeps the integrators unfused while it is defined.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_CHECK_H
#define LMP_GRANSYNC_KOKKOS_CHECK_H

#include "error.h"
#include "info.h"
#include "kokkos_type.h"
#include "modify.h"

#include <string>

namespace LAMMPS_NS {

inline void require_matching_kokkos(Error *error, const char *style)
{
#if defined(LMP_KOKKOS_DOUBLE_DOUBLE)
  const char *precision = "double";
#elif defined(LMP_KOKKOS_SINGLE_DOUBLE)
  const char *precision = "mixed";
#else
  const char *precision = "single";
#endif
#if defined(LMP_KOKKOS_LAYOUT_LEGACY)
  const char *layout = "legacy";
#else
  const char *layout = "default";
#endif
#if defined(KOKKOS_ENABLE_CUDA)
  const char *api = "cuda";
#elif defined(KOKKOS_ENABLE_HIP)
  const char *api = "hip";
#elif defined(KOKKOS_ENABLE_SYCL)
  const char *api = "sycl";
#elif defined(KOKKOS_ENABLE_OPENMP)
  const char *api = "openmp";
#else
  const char *api = "serial";
#endif
  if (Info::has_accelerator_feature("KOKKOS", "precision", precision) &&
      Info::has_accelerator_feature("KOKKOS", "layout", layout) && Info::has_accelerator_feature("KOKKOS", "api", api))
    return;
  std::string lammps;
  for (const char *p : {"single", "mixed", "double"})
    if (Info::has_accelerator_feature("KOKKOS", "precision", p)) lammps += std::string(" precision ") + p;
  for (const char *l : {"legacy", "default"})
    if (Info::has_accelerator_feature("KOKKOS", "layout", l)) lammps += std::string(", layout ") + l;
  for (const char *a : {"cuda", "hip", "sycl", "openmp", "serial"})
    if (Info::has_accelerator_feature("KOKKOS", "api", a)) lammps += std::string(", ") + a;
  error->all(FLERR, "{}: this LAMMPS' KOKKOS package was built with{}; gransync's /kk styles were compiled for "
                    "precision {}, layout {}, {}: build gransync against this LAMMPS (doc/build.md)",
             style, lammps, precision, layout, api);
}

// called from init(), which LAMMPS runs before every run: a fix defined since is covered too
inline void keep_integrators_unfused(Modify *modify)
{
  for (Fix *fix : modify->get_fix_list()) fix->fuse_integrate_flag = 0;
}

}    // namespace LAMMPS_NS

#endif
