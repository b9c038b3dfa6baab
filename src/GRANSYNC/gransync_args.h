/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Argument parsing and restart-record helpers shared by the gransync styles.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_ARGS_H
#define LMP_GRANSYNC_ARGS_H

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "input.h"
#include "lammps.h"
#include "update.h"
#include "utils.h"
#include "variable.h"

#include <climits>
#include <cstdlib>
#include <mpi.h>
#include <string>

#include "gs_contact.h"
#include "gs_wall.h"

namespace LAMMPS_NS {

// a number argument, or an error naming the command (`what`) and what the number is for (`name`):
// utils::numeric's own message names neither
inline double number_arg(Error *error, const char *what, const std::string &name, const char *word)
{
  if (!utils::is_double(word)) error->all(FLERR, "{}: {} must be a number, got '{}'", what, name, word);
  return std::strtod(word, nullptr);
}

inline int integer_arg(Error *error, const char *what, const std::string &name, const char *word)
{
  const long value = utils::is_integer(word) ? std::strtol(word, nullptr, 10) : LONG_MAX;
  if (value < INT_MIN || value > INT_MAX)
    error->all(FLERR, "{}: {} must be a whole number, got '{}'", what, name, word);
  return static_cast<int>(value);
}

// the value of the `ordering` keyword at arg[iarg] (arg[iarg + 1] is the value); `what` names the
// command in messages
inline int parse_ordering(Error *error, const char *what, int iarg, int narg, char **arg)
{
  if (iarg + 1 >= narg) error->all(FLERR, "{}: keyword ordering needs a value (standard or synchronized)", what);
  const int ordering = gs_ordering_from_name(arg[iarg + 1]);
  if (ordering < 0) error->all(FLERR, "{}: ordering must be standard or synchronized, got '{}'", what, arg[iarg + 1]);
  return ordering;
}

// A wall's contact model from `granular <model words>` at arg[3...]. Sets `explicit_sync` when the
// words say synchronized_verlet; returns the index of the first word after the model.
inline int parse_wall_model(Error *error, const char *what, int narg, char **arg, gs_model &model, int &explicit_sync)
{
  char err[GS_ERRLEN];
  // parsed as standard first, so that an explicit synchronized_verlet can be told from the default
  const int used = gs_model_parse(&model, narg - 4, arg + 4, GS_GEOMETRY_WALL, GS_ORDERING_STANDARD, err);
  if (used < 0) error->all(FLERR, "{}: {}", what, err);
  if (model.cutoff > 0.0) error->all(FLERR, "{}: keyword cutoff does not apply to walls", what);
  explicit_sync = model.ordering == GS_ORDERING_SYNCHRONIZED;
  return used + 4;
}

// the wall's final ordering: synchronized unless `ordering standard` was given (-1: not given)
inline int wall_ordering(Error *error, const char *what, int explicit_sync, int ordering)
{
  if (explicit_sync && ordering == GS_ORDERING_STANDARD)
    error->all(FLERR, "{}: synchronized_verlet conflicts with ordering standard", what);
  return explicit_sync || ordering != GS_ORDERING_STANDARD ? GS_ORDERING_SYNCHRONIZED : GS_ORDERING_STANDARD;
}

// The gransync fixes integrate, record and apply wall forces once per velocity-Verlet step (under
// rRESPA they would silently do nothing), and the synchronized ordering needs that step's half.
inline void require_verlet(Error *error, Update *update, const char *what, const char *allowed = "run_style verlet")
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{} does not support run_style respa (allowed: {})", what, allowed);
}

// Atom nlocal's per-atom restart record of the nth fix: records follow each other in atom->extra,
// each starting with its own length.
inline const double *restart_record(const Atom *atom, int nlocal, int nth)
{
  const double *record = atom->extra[nlocal];
  for (int i = 0; i < nth; i++) record += static_cast<int>(record[0]);
  return record;
}

// A wall's per-atom restart record names the sub-models its history belongs to: two models whose
// histories have the same length but other meanings (e.g. mindlin_rescale vs mindlin + twisting)
// must not read each other's values.
inline double history_layout_signature(const gs_model &m)
{
  return ((m.normal * 16.0 + m.tangential) * 4.0 + m.rolling) * 4.0 + m.twisting;
}

// After restart files whose contact history did not fit the current contact model (it was changed
// after read_restart): one warning naming how many atoms restart their contacts without history.
// Collective; resets `dropped`.
inline void warn_restart_history_dropped(Comm *comm, Error *error, MPI_Comm world, const char *what,
                                         int values_per_contact, int &dropped)
{
  int dropped_all;
  MPI_Allreduce(&dropped, &dropped_all, 1, MPI_INT, MPI_SUM, world);
  dropped = 0;
  if (dropped_all && comm->me == 0)
    error->warning(FLERR, "{}: the restart file's contact history does not fit the current contact model ({} values "
                          "per contact); {} atoms' contacts restart without history", what, values_per_contact,
                   dropped_all);
}

// mdr (pair or region wall): atoms created overlapping whose contacts are past yield at a run's
// setup, where no history is recorded; stock's warning, once per style instance and rank.
inline void warn_mdr_yield_unrecorded(Error *error, const gs_contact &c, bool &warned, const char *what)
{
  if (!c.mdr_yield_unrecorded || warned) return;
  error->warning(FLERR, "{}, normal mdr: atoms created overlapping are past yield at once; the model follows "
                        "plastic flattening step by step, so these contacts may behave unphysically", what);
  warned = true;
}

// Heat conduction (pair or wall) reads per-atom temperatures and adds to per-atom heat flows.
inline void require_heat_atoms(Error *error, Atom *atom, const char *what)
{
  if (!atom->temperature_flag || !atom->heatflow_flag)
    error->all(FLERR, "{}: heat conduction needs per-atom temperature and heatflow: add 'fix property/atom "
                      "temperature heatflow' (and fix heat/flow to integrate them)", what);
}

}    // namespace LAMMPS_NS

#endif
