/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "restart_twin.h"

#include "atom.h"
#include "comm.h"
#include "fix.h"
#include "gransync_member_access.h"
#include "lammps.h"
#include "modify.h"
#include "utils.h"

#include <cctype>
#include <cstring>

// Modify keeps the restart file's per-atom fix records protected, with no accessor
GRANSYNC_EXPOSE(RestartIds, LAMMPS_NS::Modify, char **, id_restart_peratom)
GRANSYNC_EXPOSE(RestartStyles, LAMMPS_NS::Modify, char **, style_restart_peratom)
GRANSYNC_EXPOSE(RestartIndex, LAMMPS_NS::Modify, int *, index_restart_peratom)
GRANSYNC_EXPOSE(RestartUsed, LAMMPS_NS::Modify, int *, used_restart_peratom)

using namespace LAMMPS_NS;

// the style without a Kokkos suffix (/kk, /kk/host, /kk/device, any case)
static std::string style_without_kokkos_suffix(const std::string &style)
{
  std::string lower(style);
  for (auto &ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const char *suffix : {"/kk/host", "/kk/device", "/kk"}) {
    const std::string tail(suffix);
    if (lower.size() > tail.size() && lower.compare(lower.size() - tail.size(), tail.size(), tail) == 0)
      return style.substr(0, style.size() - tail.size());
  }
  return style;
}

void gransync::adopt_twin_restart(LAMMPS *lmp, Fix *fix)
{
  Modify *modify = lmp->modify;
  if (!fix->restart_peratom || modify->nfix_restart_peratom == 0) return;
  char **ids = modify->*member_of(gransync_access::RestartIds());
  char **styles = modify->*member_of(gransync_access::RestartStyles());
  const int *index = modify->*member_of(gransync_access::RestartIndex());
  int *used = modify->*member_of(gransync_access::RestartUsed());
  const std::string own = style_without_kokkos_suffix(fix->style);
  for (int r = 0; r < modify->nfix_restart_peratom; r++) {
    // an exact match is LAMMPS' own to hand over
    if (used[r] || strcmp(ids[r], fix->id) != 0 || strcmp(styles[r], fix->style) == 0) continue;
    if (style_without_kokkos_suffix(styles[r]) != own) continue;
    for (int i = 0; i < lmp->atom->nlocal; i++) fix->unpack_restart(i, index[r]);
    used[r] = 1;
    fix->restart_reset = 1;
    if (lmp->comm->me == 0)
      utils::logmesg(lmp, "Resetting peratom fix info from restart file:\n  fix style: {} (written by {}), fix "
                     "ID: {}\n", fix->style, styles[r], fix->id);
  }
}
