/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The contact history fix of granular/sync (and, through the template, of granular/sync/kk):
   LAMMPS' fix neigh/history, with two changes for restart files.

   - LAMMPS' fix copies the history from the neighbor list to the atoms in its write_restart(),
     so that a restart file written during a run is not one step old. Between runs that copy
     comes too late: the run's end (post_run) has already made it, and the write_restart command
     has since wrapped, migrated and re-bordered the atoms, so the old list's indices name other
     atoms. Both the file and the continuing run then got other pairs' history (a 10x wrong
     tangential force on a periodic bed; the overflow of lammps/lammps#3022 is the same cause).
     Here the copy is made only when the pair style has advanced the history in the list since
     the last copy.
   - A restart record with another number of values per contact (the contact models changed
     after read_restart) was read out of place; here those contacts start without history, and
     a warning says so.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(NEIGH_HISTORY/SYNC,FixNeighHistorySync);
// clang-format on
#else

#ifndef LMP_FIX_NEIGH_HISTORY_SYNC_H
#define LMP_FIX_NEIGH_HISTORY_SYNC_H

#include "fix_neigh_history.h"
#include "gransync_args.h"
#include "gransync_interface.h"
#include "lammps.h"
#include "pair.h"
#include "restart_twin.h"

#include <cstdio>
#include <functional>

namespace LAMMPS_NS {

template <class HistoryFix> class RestartSafeHistory : public HistoryFix, public ContactHistoryOptions {
 public:
  using HistoryFix::HistoryFix;

  // the history a CPU run's restart file holds, read by a /kk run (and the other way); the fix keeps
  // its contacts by the partners' atom IDs, so it says so: LAMMPS then refuses reset_atoms id, which
  // stock's fix lets hand each history to whichever atom took the ID
  void post_constructor() override
  {
    HistoryFix::post_constructor();
    gransync::adopt_twin_restart(this->lmp, this);
    this->stores_ids = 1;
  }

  int setmask() override
  {
    return HistoryFix::setmask() | FixConst::POST_FORCE | FixConst::MIN_POST_FORCE | FixConst::POST_FORCE_RESPA;
  }

  // after every force computation of a step: the pair style has advanced the history in the list
  void post_force(int) override { list_is_newer = true; }
  void min_post_force(int) override { list_is_newer = true; }
  void post_force_respa(int, int, int) override { list_is_newer = true; }

  void pre_exchange() override
  {
    copy_history_to_atoms();
    list_is_newer = false;
  }

  // keep_opened_contacts (ContactHistoryOptions): LAMMPS' list marks only the pairs that touch at
  // the build, and the fix drops the others' history. The forces are the same either way.

  void post_neighbor() override
  {
    if (refresh_list) refresh_list();
    const int beyond_contact = this->pair->beyond_contact;
    if (keep_opened_contacts) this->pair->beyond_contact = 1;
    HistoryFix::post_neighbor();
    this->pair->beyond_contact = beyond_contact;
  }

  void write_restart(FILE *fp) override
  {
    if (list_is_newer) this->pre_exchange();
    write_global_record(fp);
  }

  // a record of another layout (contact models changed after read_restart) starts without history
  void unpack_restart(int nlocal, int nth) override
  {
    if (restart_record_fits(nlocal, nth)) {
      HistoryFix::unpack_restart(nlocal, nth);
    } else {
      if (!this->ipage_atom) this->allocate_pages();
      this->npartner[nlocal] = 0;
    }
  }

  void init() override
  {
    HistoryFix::init();
    refuse_tiled_comm();
    warn_restart_history_dropped(this->comm, this->error, this->world, "pair granular/sync", this->dnum,
                                 restart_atoms_dropped);
  }

 protected:
  // LAMMPS' comm_style tiled (4 Jul 2026) carries contact history only without newton and without
  // Kokkos, for stock's styles as for these; it is refused here before a run fails or runs out of memory
  void refuse_tiled_comm()
  {
    if (this->comm->style != Comm::TILED) return;
    if (this->force->newton_pair)
      this->error->all(FLERR, "pair granular/sync: contact history with comm_style tiled needs newton off (LAMMPS' "
                       "tiled communication cannot return a ghost atom's contacts to its owner: 'Reverse comm fix "
                       "variable not yet supported by CommTiled'); allowed: newton off, or comm_style brick");
    if (this->lmp->kokkos)
      this->error->all(FLERR, "pair granular/sync: contact history with comm_style tiled is not supported with "
                       "Kokkos (LAMMPS' CommTiledKokkos enlarges its exchange buffer 1.5 times at every exchange "
                       "when a fix's exchange size varies, as contact history's does, until memory runs out; stock "
                       "gran/*/kk styles alike); allowed: comm_style brick (fix balance shift balances it)");
  }

  // whether atom nlocal's restart record (length, partner count, then a tag and dnum values per
  // partner) holds this fix's number of values per partner; counts the atoms whose record does not
  bool restart_record_fits(int nlocal, int nth)
  {
    const double *record = restart_record(this->atom, nlocal, nth);
    const int length = static_cast<int>(record[0]), count = static_cast<int>(record[1]);
    if (length == (this->dnum + 1) * count + 2) return true;
    restart_atoms_dropped++;
    return false;
  }

  // the contacts' history from the list to the atoms' partner arrays (LAMMPS' pre_exchange())
  virtual void copy_history_to_atoms() { HistoryFix::pre_exchange(); }

  // the fix's global restart record: empty, as LAMMPS' fix writes it
  virtual void write_global_record(FILE *fp)
  {
    if (this->comm->me != 0) return;
    const int size = 0;
    fwrite(&size, sizeof(int), 1, fp);
  }

 private:
  // the list holds newer history than the atoms: true from a step's forces until the next copy
  // (re-neighboring, the run's end, a restart file written during the run)
  bool list_is_newer = false;
  int restart_atoms_dropped = 0;
};

using FixNeighHistorySync = RestartSafeHistory<FixNeighHistory>;

}    // namespace LAMMPS_NS

#endif
#endif
