/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The contact history fix of granular/sync (and, through the template, of granular/sync/kk):
   LAMMPS' fix neigh/history, except in the write_restart command between runs.

   LAMMPS' fix copies the history from the neighbor list to the atoms in its write_restart(), so
   that a restart file written during a run is not one step old. Between runs that copy comes
   too late: the run's end (post_run) has already made it, and the write_restart command has
   since wrapped, migrated and re-bordered the atoms, so the old list's indices name other atoms.
   Both the file and the continuing run then got other pairs' history (a 10x wrong tangential
   force on a periodic bed; the overflow of lammps/lammps#3022 is the same cause).
------------------------------------------------------------------------- */

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_H

#include "comm.h"
#include "fix_neigh_history.h"

#include <cstdio>

namespace LAMMPS_NS {

template <class HistoryFix> class RunAwareHistory : public HistoryFix {
 public:
  using HistoryFix::HistoryFix;

  void post_neighbor() override
  {
    HistoryFix::post_neighbor();
    history_in_list = true;
  }

  void post_run() override
  {
    HistoryFix::post_run();
    history_in_list = false;
  }

  // between runs the atoms already hold the history
  void write_restart(FILE *fp) override
  {
    if (history_in_list) this->pre_exchange();
    write_global_record(fp);
  }

 protected:
  // the fix's global restart record: empty, as LAMMPS' fix writes it
  virtual void write_global_record(FILE *fp)
  {
    if (this->comm->me != 0) return;
    const int size = 0;
    fwrite(&size, sizeof(int), 1, fp);
  }

 private:
  // true from a neighbor-list build until the run ends: the list then holds the newest history
  // and still matches the atoms
  bool history_in_list = false;
};

using FixNeighHistorySync = RunAwareHistory<FixNeighHistory>;

}    // namespace LAMMPS_NS

#endif
