/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Thin adapter: wall geometry and motion here, contact physics in the C core.
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "gransync_args.h"
#include "input.h"
#include "math_const.h"
#include "memory.h"
#include "modify.h"
#include "restart_twin.h"
#include "update.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static constexpr double BIG = GS_WALL_ABSENT;

FixWallGranSync::FixWallGranSync(LAMMPS *lmp, int narg, char **arg, bool on_device) :
    GranularWall(lmp, narg, arg), wall{}, time_origin(0), size_history(0), history(nullptr), fix_halfstep(nullptr)
{
  if (on_device && !lmp->kokkos) error->all(FLERR, "fix wall/gran/sync/kk requires Kokkos: run LAMMPS with '-k on'");
  wall.lo = -BIG;
  wall.hi = BIG;
  if (narg < 5 || strcmp(arg[3], "granular") != 0)
    error->all(FLERR, "fix wall/gran/sync: expected 'fix ID group wall/gran/sync granular <normal model> ... "
                      "<xplane|yplane|zplane|zcylinder> args [wiggle|shear ...] [ordering ...]'");
  create_attribute = 1;

  int explicit_sync;
  int iarg = parse_wall_model(error, "fix wall/gran/sync", narg, arg, model, explicit_sync);
  if (model.normal == GS_NORMAL_MDR)
    error->all(FLERR, "fix wall/gran/sync: normal mdr is supported on region walls only (as stock): use fix "
                      "wall/gran/sync/region with a plane or cylinder region");

  if (iarg >= narg)
    error->all(FLERR, "fix wall/gran/sync: missing wall style (allowed: xplane, yplane, zplane, zcylinder)");
  const char *style_name = arg[iarg];
  if (strcmp(style_name, "xplane") == 0 || strcmp(style_name, "yplane") == 0 || strcmp(style_name, "zplane") == 0) {
    wall.style = style_name[0] - 'x';
    if (iarg + 2 >= narg) error->all(FLERR, "fix wall/gran/sync: {} needs lo and hi (a number or NULL)", style_name);
    const std::string plane = style_name;
    const char *what = "fix wall/gran/sync";
    if (strcmp(arg[iarg + 1], "NULL") != 0) wall.lo = number_arg(error, what, plane + " lo", arg[iarg + 1]);
    if (strcmp(arg[iarg + 2], "NULL") != 0) wall.hi = number_arg(error, what, plane + " hi", arg[iarg + 2]);
    if (wall.lo == -BIG && wall.hi == BIG) error->all(FLERR, "fix wall/gran/sync: {} needs lo, hi or both, not NULL NULL", style_name);
    if (wall.lo >= wall.hi) error->all(FLERR, "fix wall/gran/sync: {} lo must be below hi", style_name);
    if (domain->periodicity[wall.style])
      error->all(FLERR, "fix wall/gran/sync: {} wall in a periodic dimension", style_name);
    iarg += 3;
  } else if (strcmp(style_name, "zcylinder") == 0) {
    wall.style = GS_WALL_ZCYLINDER;
    if (iarg + 1 >= narg) error->all(FLERR, "fix wall/gran/sync: zcylinder needs a radius");
    wall.cylradius = number_arg(error, "fix wall/gran/sync", "zcylinder radius", arg[iarg + 1]);
    if (wall.cylradius <= 0.0) error->all(FLERR, "fix wall/gran/sync: zcylinder radius must be > 0, got {}", arg[iarg + 1]);
    iarg += 2;
  } else {
    error->all(FLERR, "fix wall/gran/sync: unknown wall style '{}' (allowed: xplane, yplane, zplane, zcylinder)",
               style_name);
  }

  int ordering = -1;
  while (iarg < narg) {
    auto dim = [&](const char *word) {
      if (strcmp(word, "x") == 0) return 0;
      if (strcmp(word, "y") == 0) return 1;
      if (strcmp(word, "z") == 0) return 2;
      error->all(FLERR, "fix wall/gran/sync: motion direction must be x, y or z, got '{}'", word);
      return -1;
    };
    if (strcmp(arg[iarg], "wiggle") == 0) {
      if (iarg + 3 >= narg) error->all(FLERR, "fix wall/gran/sync: wiggle needs dim amplitude period");
      wall.axis = dim(arg[iarg + 1]);
      wall.amplitude = number_arg(error, "fix wall/gran/sync", "wiggle amplitude", arg[iarg + 2]);
      const double period = number_arg(error, "fix wall/gran/sync", "wiggle period", arg[iarg + 3]);
      if (period <= 0.0) error->all(FLERR, "fix wall/gran/sync: wiggle period must be > 0, got {}", arg[iarg + 3]);
      wall.wiggle_omega = 2.0 * MathConst::MY_PI / period;
      wall.wiggle = 1;
      iarg += 4;
    } else if (strcmp(arg[iarg], "shear") == 0) {
      if (iarg + 2 >= narg) error->all(FLERR, "fix wall/gran/sync: shear needs dim velocity");
      wall.axis = dim(arg[iarg + 1]);
      wall.vshear = number_arg(error, "fix wall/gran/sync", "shear velocity", arg[iarg + 2]);
      wall.shear = 1;
      iarg += 3;
    } else if (strcmp(arg[iarg], "ordering") == 0) {
      ordering = parse_ordering(error, "fix wall/gran/sync", iarg, narg, arg);
      iarg += 2;
    } else if (strcmp(arg[iarg], "temperature") == 0) {
      wall_temperature.parse(lmp, "fix wall/gran/sync", iarg, narg, arg);
      iarg += 2;
    } else if (strcmp(arg[iarg], "contacts") == 0) {
      peratom_flag = 1;
      iarg++;
    } else {
      error->all(FLERR, "fix wall/gran/sync: unknown keyword '{}' (allowed: wiggle, shear, ordering, temperature, "
                        "contacts)", arg[iarg]);
    }
  }
  if (wall.wiggle && wall.shear) error->all(FLERR, "fix wall/gran/sync: a wall cannot both wiggle and shear");
  if (wall.shear && wall.axis == wall.style) error->all(FLERR, "fix wall/gran/sync: shear must be along the wall, not its normal");
  if (wall.style == GS_WALL_ZCYLINDER && (wall.wiggle || wall.shear) && wall.axis != 2)
    error->all(FLERR, "fix wall/gran/sync: a zcylinder moves along z only");
  model.ordering = wall_ordering(error, "fix wall/gran/sync", explicit_sync, ordering);

  time_origin = update->ntimestep;
  restart_global = wall.wiggle;    // the wiggle's phase continues across restarts (as fix move's)
  size_history = gs_wall_history_size(&model);
  maxexchange = size_history;    // sizes comm buffers for migrating atoms
  restart_peratom = size_history > 0;
  if (peratom_flag) {
    size_peratom_cols = gs_wall_output_columns(&model);
    peratom_freq = 1;
  }
  if (size_history > 0 || peratom_flag) {
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    if (size_history > 0) atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }
}

FixWallGranSync::~FixWallGranSync()
{
  if (size_history > 0 || peratom_flag) atom->delete_callback(id, Atom::GROW);
  if (size_history > 0) atom->delete_callback(id, Atom::RESTART);
  memory->destroy(history);
  memory->destroy(array_atom);
}

// the contacts of a restart file written by the other of the CPU and /kk styles
void FixWallGranSync::post_constructor()
{
  gransync::adopt_twin_restart(lmp, this);
}

int FixWallGranSync::setmask()
{
  return wall_mask;
}

void FixWallGranSync::init()
{
  require_verlet(error, update, "fix wall/gran/sync");
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag)
    error->all(FLERR, "fix wall/gran/sync requires atom attributes radius, rmass and omega (use atom_style sphere)");
  fix_halfstep = HalfStepRecorder::find(modify);
  model.scheme = fix_halfstep ? fix_halfstep->contact_scheme() : GS_SCHEME_VERLET;
  wall_temperature.check(error, input, atom, (std::string("fix ") + style).c_str(), model);
  check_minimize("fix wall/gran/sync", size_history == 0 && !wall.wiggle && !wall.shear);
  find_dissipation();
  warn_restart_history_dropped(comm, error, world, "fix wall/gran/sync", size_history, restart_atoms_dropped);
}

void FixWallGranSync::setup(int vflag)
{
  post_force(vflag);
}

void FixWallGranSync::post_force(int /*vflag*/)
{
  const double dt = update->dt;
  gs_wall_step step;
  gs_wall_step_init(&wall, model.ordering, (update->ntimestep - time_origin) * dt, dt, update->setupflag == 0, &step);

  double **x = atom->x, **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
  const double *radius = atom->radius, *rmass = atom->rmass;
  const int *mask = atom->mask;
  const HalfStepSource halfstep = HalfStepSource::of(fix_halfstep, atom->v, atom->mask);
  double **damping = fix_halfstep ? fix_halfstep->damping_state() : nullptr;
  const int sync = model.ordering == GS_ORDERING_SYNCHRONIZED;
  const bool heat = model.heat != GS_HEAT_UNSET;
  const double twall = heat ? wall_temperature.now(input) : 0.0;
  clear_wall_contacts(this, atom->nlocal);
  begin_energy();

  // minimize: at rest (the damping acts on velocities, which a minimization ignores)
  const bool minimizing = update->whichflag == 2;
  const double rest[3] = {0.0, 0.0, 0.0}, rest6[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  const bool dissipates = dissipating();
  gs_dissipation dissipated{};    // zero again after each atom that adds to it
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double xh[3], vh[3];
    if (sync && !minimizing) halfstep.of_atom(i, x, dt, xh, vh);
    const double *vi = minimizing ? rest : v[i], *wi = minimizing ? rest : omega[i];
    const double *next = damping && !minimizing ? damping[i] : rest6;
    gs_contact c;
    double *hist = size_history ? history[i] : nullptr;
    const bool held = dissipates && gs_wall_history_held(&model, hist);
    const int touching = gs_wall_contact(&model, &wall, &step, x[i], vi, sync && !minimizing ? xh : x[i],
                                         sync && !minimizing ? vh : vi, wi, next, radius[i], rmass[i], hist, f[i],
                                         torque[i], &c, dissipates ? &dissipated : nullptr);
    if (touching == GS_WALL_CENTRED)
      error->one(FLERR, "fix {}: the centre of atom {} lies on the wall, where a contact has no normal", style,
                 atom->tag[i]);
    if (dissipates && (touching || held)) {
      dissipation->add(i, dissipated.energy, &dissipated.load_i[0][0]);
      dissipated = gs_dissipation{};
    }
    if (!touching) continue;
    add_wall_contact_outputs(this, atom, model, c, i, twall);
    const double e = gs_wall_stored_energy(&model, &c, hist);
    energy_here += e;
    if (eflag_atom) eatom[i] += e;
  }
}

// the contacts output is rewritten at every step: it is kept in order but not migrated
void FixWallGranSync::grow_arrays(int nmax)
{
  if (size_history > 0) memory->grow(history, nmax, size_history, "wall/gran/sync:history");
  grow_output(nmax);
}

void FixWallGranSync::grow_output(int nmax)
{
  if (peratom_flag) memory->grow(array_atom, nmax, size_peratom_cols, "wall/gran/sync:contacts");
}

void FixWallGranSync::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < size_history; k++) history[j][k] = history[i][k];
  for (int k = 0; peratom_flag && k < size_peratom_cols; k++) array_atom[j][k] = array_atom[i][k];
}

void FixWallGranSync::set_arrays(int i)
{
  for (int k = 0; k < size_history; k++) history[i][k] = 0.0;
  for (int k = 0; peratom_flag && k < size_peratom_cols; k++) array_atom[i][k] = 0.0;
}

int FixWallGranSync::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < size_history; k++) buf[k] = history[i][k];
  return size_history;
}

int FixWallGranSync::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < size_history; k++) history[nlocal][k] = buf[k];
  return size_history;
}

// record: its length, the model's signature, the history
int FixWallGranSync::pack_restart(int i, double *buf)
{
  buf[0] = size_history + 2;
  buf[1] = history_layout_signature(model);
  for (int k = 0; k < size_history; k++) buf[k + 2] = history[i][k];
  return size_history + 2;
}

void FixWallGranSync::unpack_restart(int nlocal, int nth)
{
  const double *record = restart_record(atom, nlocal, nth);
  const bool fits = static_cast<int>(record[0]) == size_history + 2 && record[1] == history_layout_signature(model);
  if (!fits) restart_atoms_dropped++;
  for (int k = 0; k < size_history; k++) history[nlocal][k] = fits ? record[2 + k] : 0.0;
}

int FixWallGranSync::size_restart(int /*nlocal*/)
{
  return size_history + 2;
}

int FixWallGranSync::maxsize_restart()
{
  return size_history + 2;
}

// the step the wiggle's time counts from
void FixWallGranSync::write_restart(FILE *fp)
{
  if (comm->me != 0) return;
  const double origin = static_cast<double>(time_origin);
  const int size = sizeof(origin);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(&origin, sizeof(double), 1, fp);
}

void FixWallGranSync::restart(char *buf)
{
  double origin;
  memcpy(&origin, buf, sizeof(origin));
  time_origin = static_cast<bigint>(origin);
}

double FixWallGranSync::memory_usage()
{
  return (double) atom->nmax * (size_history + (peratom_flag ? size_peratom_cols : 0)) * sizeof(double);
}
