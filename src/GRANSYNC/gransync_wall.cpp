/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The one wall adapter (gransync_wall.h): per-atom rows, checks, outputs, energy.
------------------------------------------------------------------------- */

#include "gransync_wall.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "gransync_args.h"
#include "input.h"
#include "memory.h"
#include "modify.h"
#include "restart_twin.h"
#include "update.h"
#include "variable.h"

#include <cstring>
#include <mpi.h>

using namespace LAMMPS_NS;
using namespace FixConst;

void WallTemperature::parse(LAMMPS *lmp, const char *what, int iarg, int narg, char **arg)
{
  if (iarg + 1 >= narg) lmp->error->all(FLERR, "{}: keyword temperature needs a value (a number or v_name)", what);
  given = true;
  if (utils::strmatch(arg[iarg + 1], "^v_"))
    variable = arg[iarg + 1] + 2;
  else
    value = number_arg(lmp->error, what, "temperature", arg[iarg + 1]);
}

void WallTemperature::check(LAMMPS *lmp, const char *what, const gs_model &model)
{
  Error *error = lmp->error;
  const bool heat = model.heat != GS_HEAT_UNSET;
  if (heat && !given)
    error->all(FLERR, "{}: heat model {} needs the wall's temperature: add 'temperature <value or v_name>'", what,
               gs_heat_name(model.heat));
  if (given && !heat)
    error->all(FLERR, "{}: keyword temperature needs a heat model in the contact model (heat area, radius or none)",
               what);
  if (heat) require_heat_atoms(error, lmp->atom, what);
  if (!variable.empty()) {
    ivar = lmp->input->variable->find(variable.c_str());
    if (ivar < 0) error->all(FLERR, "{}: variable {} for keyword temperature does not exist", what, variable);
    if (!lmp->input->variable->equalstyle(ivar))
      error->all(FLERR, "{}: variable {} for keyword temperature must be equal-style", what, variable);
  }
}

double WallTemperature::now(Input *input) const
{
  return ivar >= 0 ? input->variable->compute_equal(ivar) : value;
}

/* ---------------------------------------------------------------------- */

GranularWall::GranularWall(LAMMPS *lmp, int narg, char **arg, bool on_device) : Fix(lmp, narg, arg)
{
  if (on_device && !lmp->kokkos) error->all(FLERR, "{} requires Kokkos: run LAMMPS with '-k on'", what());
  scalar_flag = 1;
  global_freq = 1;
  extscalar = 1;
  energy_global_flag = 1;
  energy_peratom_flag = 1;
  create_attribute = 1;
}

GranularWall::~GranularWall()
{
  if (row_width > 0 || peratom_flag) atom->delete_callback(id, Atom::GROW);
  if (restart_peratom) atom->delete_callback(id, Atom::RESTART);
  memory->destroy(rows);
  memory->destroy(array_atom);
}

// the contacts of a restart file written by the other of the CPU and /kk styles
void GranularWall::post_constructor()
{
  gransync::adopt_twin_restart(lmp, this);
}

int GranularWall::setmask()
{
  return POST_FORCE | MIN_POST_FORCE;
}

int GranularWall::parse_model(int narg, char **arg, int &explicit_sync)
{
  return parse_wall_model(error, what().c_str(), narg, arg, model, explicit_sync);
}

bool GranularWall::common_keyword(int &iarg, int narg, char **arg, int &ordering)
{
  if (strcmp(arg[iarg], "ordering") == 0) {
    ordering = parse_ordering(error, what().c_str(), iarg, narg, arg);
    iarg += 2;
  } else if (strcmp(arg[iarg], "temperature") == 0) {
    wall_temperature.parse(lmp, what().c_str(), iarg, narg, arg);
    iarg += 2;
  } else if (strcmp(arg[iarg], "contacts") == 0) {
    peratom_flag = 1;
    iarg++;
  } else {
    return false;
  }
  return true;
}

void GranularWall::begin_rows(int width, int explicit_sync, int ordering)
{
  model.ordering = wall_ordering(error, what().c_str(), explicit_sync, ordering);
  row_width = width;
  maxexchange = row_width;    // sizes comm buffers for migrating atoms
  restart_peratom = row_width > 0;
  if (peratom_flag) {
    size_peratom_cols = gs_wall_output_columns(&model);
    peratom_freq = 1;
  }
  if (row_width > 0 || peratom_flag) {
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    if (restart_peratom) atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }
}

void GranularWall::init()
{
  require_verlet(error, update, what().c_str());
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag)
    error->all(FLERR, "{} requires atom attributes radius, rmass and omega (use atom_style sphere)", what());
  init_geometry();
  if (update->whichflag == 2) {
    if (!at_rest_potential())
      error->all(FLERR, "{}: minimize needs a wall at rest with a contact model without history (tangential "
                        "linear_nohistory, no rolling or twisting, normal hooke, hertz, hertz/material or dmt)", what());
    if (!thermo_energy)
      error->all(FLERR, "{}: minimize needs 'fix_modify {} energy yes': the wall's forces act, so its energy must be "
                        "part of what is minimized", what(), id);
  }
  dissipation = DissipationStore::find(lmp, refuses_dissipation());
  fix_halfstep = HalfStepRecorder::find(modify);
  model.scheme = fix_halfstep ? fix_halfstep->contact_scheme() : GS_SCHEME_VERLET;
  wall_temperature.check(lmp, what().c_str(), model);
  warn_restart_history_dropped(comm, error, world, what().c_str(), size_history, restart_atoms_dropped);
}

double GranularWall::compute_scalar()
{
  double all = 0.0;
  MPI_Allreduce(&energy_here, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

// (a pre_reverse() would tell it too, but under Kokkos LAMMPS syncs and marks the atoms' forces
// around every pre_reverse())
void GranularWall::begin_energy()
{
  const int eflag = (update->eflag_global == update->ntimestep ? ENERGY_GLOBAL : 0) |
                    (update->eflag_atom == update->ntimestep ? ENERGY_ATOM : 0);
  ev_init(eflag, 0);
  energy_here = 0.0;
}

// The contacts output is rewritten at every step (a particle touching several faces of a region
// reports the last one, as stock).
GranularWall::Step GranularWall::begin_step()
{
  begin_energy();
  for (int i = 0; peratom_flag && i < atom->nlocal; i++)
    for (int k = 0; k < size_peratom_cols; k++) array_atom[i][k] = 0.0;

  Step s;
  s.dt = update->dt;
  s.sync = model.ordering == GS_ORDERING_SYNCHRONIZED;
  s.at_rest = update->whichflag == 2;    // minimize (the damping acts on velocities, which it ignores)
  // in dynamics (a run's set-up too: its loads are what the first half kick applies)
  s.dissipates = dissipation && !s.at_rest;
  s.halfstep = HalfStepSource::of(fix_halfstep, atom->v, atom->mask);
  s.damping = fix_halfstep ? fix_halfstep->damping_state() : nullptr;
  s.twall = model.heat != GS_HEAT_UNSET ? wall_temperature.now(input) : 0.0;
  return s;
}

void GranularWall::add_contact_outputs(const gs_contact &c, int i, double twall)
{
  const bool heat = model.heat != GS_HEAT_UNSET;
  gs_wall_contact_outputs(&model, &c, atom->x[i], atom->radius[i], heat ? atom->temperature[i] : 0.0, twall,
                          heat ? &atom->heatflow[i] : nullptr, peratom_flag ? array_atom[i] : nullptr);
}

/* ---- per-atom rows: kept in order and migrated; the contacts output is rewritten at every step -- */

void GranularWall::grow_arrays(int nmax)
{
  if (row_width > 0) memory->grow(rows, nmax, row_width, (std::string(style) + ":rows").c_str());
  grow_output(nmax);
}

void GranularWall::grow_output(int nmax)
{
  if (peratom_flag) memory->grow(array_atom, nmax, size_peratom_cols, (std::string(style) + ":contacts").c_str());
}

void GranularWall::copy_arrays(int i, int j, int /*delflag*/)
{
  if (row_width > 0) {
    const int used = row_length(rows[i], row_width);
    for (int k = 0; k < used; k++) rows[j][k] = rows[i][k];
  }
  for (int k = 0; peratom_flag && k < size_peratom_cols; k++) array_atom[j][k] = array_atom[i][k];
}

void GranularWall::set_arrays(int i)
{
  if (row_width > 0) clear_row(rows[i]);
  for (int k = 0; peratom_flag && k < size_peratom_cols; k++) array_atom[i][k] = 0.0;
}

int GranularWall::pack_exchange(int i, double *buf)
{
  if (row_width == 0) return 0;
  const int used = row_length(rows[i], row_width);
  for (int k = 0; k < used; k++) buf[k] = rows[i][k];
  return used;
}

int GranularWall::unpack_exchange(int nlocal, double *buf)
{
  if (row_width == 0) return 0;
  const int used = row_length(buf, row_width);
  for (int k = 0; k < used; k++) rows[nlocal][k] = buf[k];
  return used;
}

int GranularWall::restart_keys(double *keys) const
{
  keys[0] = history_layout_signature(model);
  return 1;
}

// record: its length, the keys, the atom's row
int GranularWall::pack_restart(int i, double *buf)
{
  const int nkeys = restart_keys(buf + 1);
  const int used = row_length(rows[i], row_width);
  for (int k = 0; k < used; k++) buf[1 + nkeys + k] = rows[i][k];
  buf[0] = 1 + nkeys + used;
  return 1 + nkeys + used;
}

void GranularWall::unpack_restart(int nlocal, int nth)
{
  const double *record = restart_record(atom, nlocal, nth);
  double keys[4];
  const int nkeys = restart_keys(keys);
  const int available = static_cast<int>(record[0]) - 1 - nkeys;
  bool fits = available >= 0;
  for (int k = 0; k < nkeys && fits; k++) fits = record[1 + k] == keys[k];
  const double *row = record + 1 + nkeys;
  fits = fits && row_length(row, available) == available;
  clear_row(rows[nlocal]);
  if (!fits) {
    restart_atoms_dropped++;
    return;
  }
  for (int k = 0; k < available; k++) rows[nlocal][k] = row[k];
}

int GranularWall::size_restart(int nlocal)
{
  double keys[4];
  return 1 + restart_keys(keys) + row_length(rows[nlocal], row_width);
}

int GranularWall::maxsize_restart()
{
  double keys[4];
  return 1 + restart_keys(keys) + row_width;
}

double GranularWall::memory_usage()
{
  return (double) atom->nmax * (row_width + (peratom_flag ? size_peratom_cols : 0)) * sizeof(double);
}
