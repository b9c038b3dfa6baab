/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Argument parsing and restart-record helpers shared by the gransync styles.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_ARGS_H
#define LMP_GRANSYNC_ARGS_H

#include "atom.h"
#include "comm.h"
#include "gransync_interface.h"
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

// What the wall fixes share beyond the contacts:
// - the stored energy of their contacts, reported as LAMMPS fixes report energy: the fix's global
//   scalar, added to pe with fix_modify energy yes, and then also per atom (compute pe/atom,
//   through the fix's eatom); post_force() sums it into energy_here, and into eatom when
//   eflag_atom after begin_energy();
// - minimize: post_force() at every force evaluation (it evaluates the contacts at rest, and
//   init() refuses walls whose energy is no potential of the positions, or is left out of it).
class GranularWall : public Fix {
 public:
  GranularWall(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
  {
    scalar_flag = 1;
    global_freq = 1;
    extscalar = 1;
    energy_global_flag = 1;
    energy_peratom_flag = 1;
  }
  void min_setup(int vflag) override { post_force(vflag); }
  void min_post_force(int vflag) override { post_force(vflag); }
  double compute_scalar() override
  {
    double all = 0.0;
    MPI_Allreduce(&energy_here, &all, 1, MPI_DOUBLE, MPI_SUM, world);
    return all;
  }

 protected:
  static constexpr int wall_mask = FixConst::POST_FORCE | FixConst::MIN_POST_FORCE;
  double energy_here = 0.0;    // this rank's atoms, at the last force computation
  class DissipationStore *dissipation = nullptr;    // compute dissipation/sync's accumulators

  // a style that cannot accumulate dissipation names itself here, refusing compute dissipation/sync
  virtual const char *refuses_dissipation() const { return nullptr; }
  void find_dissipation() { dissipation = DissipationStore::find(lmp, refuses_dissipation()); }
  // whether the contacts report to compute dissipation/sync: in dynamics (a run's set-up too: its
  // loads are what the first half kick applies), not in minimize
  bool dissipating() const { return dissipation && update->whichflag != 2; }

  // The step's energy request, as the integrator set it for this step (a pre_reverse() would tell
  // it too, but under Kokkos LAMMPS syncs and marks the atoms' forces around every pre_reverse())
  void begin_energy()
  {
    const int eflag = (update->eflag_global == update->ntimestep ? ENERGY_GLOBAL : 0) |
                      (update->eflag_atom == update->ntimestep ? ENERGY_ATOM : 0);
    ev_init(eflag, 0);
    energy_here = 0.0;
  }
  // minimize: what init() must refuse, besides the wall's own reasons (`at_rest_potential`)
  void check_minimize(const char *what, bool at_rest_potential)
  {
    if (update->whichflag != 2) return;
    if (!at_rest_potential)
      error->all(FLERR, "{}: minimize needs a wall at rest with a contact model without history (tangential "
                        "linear_nohistory, no rolling or twisting, normal hooke, hertz, hertz/material or dmt)", what);
    if (!thermo_energy)
      error->all(FLERR, "{}: minimize needs 'fix_modify {} energy yes': the wall's forces act, so its energy must be "
                        "part of what is minimized", what, id);
  }
};

// The walls' `temperature` keyword, which goes with a heat model: a number or v_name, an
// equal-style variable evaluated at every step (as stock fix wall/gran).
struct WallTemperature {
  bool given = false;
  double value = 0.0;
  std::string variable;
  int ivar = -1;

  // the keyword's value at arg[iarg + 1]
  void parse(LAMMPS *lmp, const char *what, int iarg, int narg, char **arg)
  {
    if (iarg + 1 >= narg) lmp->error->all(FLERR, "{}: keyword temperature needs a value (a number or v_name)", what);
    given = true;
    if (utils::strmatch(arg[iarg + 1], "^v_"))
      variable = arg[iarg + 1] + 2;
    else
      value = number_arg(lmp->error, what, "temperature", arg[iarg + 1]);
  }

  // the keyword and a heat model come together, and the atoms carry what heat needs (from init())
  void check(Error *error, Input *input, Atom *atom, const char *what, const gs_model &model)
  {
    const bool heat = model.heat != GS_HEAT_UNSET;
    if (heat && !given)
      error->all(FLERR, "{}: heat model {} needs the wall's temperature: add 'temperature <value or v_name>'", what,
                 gs_heat_name(model.heat));
    if (given && !heat)
      error->all(FLERR, "{}: keyword temperature needs a heat model in the contact model (heat area, radius or "
                        "none)", what);
    if (heat) require_heat_atoms(error, atom, what);
    if (!variable.empty()) {
      ivar = input->variable->find(variable.c_str());
      if (ivar < 0) error->all(FLERR, "{}: variable {} for keyword temperature does not exist", what, variable);
      if (!input->variable->equalstyle(ivar))
        error->all(FLERR, "{}: variable {} for keyword temperature must be equal-style", what, variable);
    }
  }

  double now(Input *input) const { return ivar >= 0 ? input->variable->compute_equal(ivar) : value; }
};

// The walls' `contacts` output (gs_wall_contact_outputs()): rows are rewritten at every step
// (cleared first); a particle touching several faces of a region reports the last one, as stock.
inline void clear_wall_contacts(Fix *fix, int nlocal)
{
  if (!fix->peratom_flag) return;
  for (int i = 0; i < nlocal; i++)
    for (int k = 0; k < fix->size_peratom_cols; k++) fix->array_atom[i][k] = 0.0;
}

// What a touching wall contact c of atom i adds besides force and torque: the heat from the wall,
// at temperature twall, and the atom's contacts row.
inline void add_wall_contact_outputs(Fix *fix, Atom *atom, const gs_model &m, const gs_contact &c, int i, double twall)
{
  const bool heat = m.heat != GS_HEAT_UNSET;
  gs_wall_contact_outputs(&m, &c, atom->x[i], atom->radius[i], heat ? atom->temperature[i] : 0.0, twall,
                          heat ? &atom->heatflow[i] : nullptr, fix->peratom_flag ? fix->array_atom[i] : nullptr);
}

}    // namespace LAMMPS_NS

#endif
