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
    GranularWall(lmp, narg, arg, on_device), wall{}, time_origin(0)
{
  wall.lo = -BIG;
  wall.hi = BIG;
  if (narg < 5 || strcmp(arg[3], "granular") != 0)
    error->all(FLERR, "fix wall/gran/sync: expected 'fix ID group wall/gran/sync granular <normal model> ... "
                      "<xplane|yplane|zplane|zcylinder> args [wiggle|shear ...] [ordering ...]'");
  int explicit_sync;
  int iarg = parse_model(narg, arg, explicit_sync);
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
    // the cylinder's axis is x = y = 0: across a periodic boundary its images would cut the box
    for (int d = 0; d < 2; d++)
      if (domain->periodicity[d] && (-wall.cylradius < domain->boxlo[d] || wall.cylradius > domain->boxhi[d]))
        error->all(FLERR, "fix wall/gran/sync: zcylinder of radius {} about {} = 0 crosses the box's periodic {} "
                   "boundaries ({} to {}); make {} non-periodic, or the cylinder fit inside the box",
                   wall.cylradius, "xy"[d], "xy"[d], domain->boxlo[d], domain->boxhi[d], "xy"[d]);
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
    } else if (!common_keyword(iarg, narg, arg, ordering)) {
      error->all(FLERR, "fix wall/gran/sync: unknown keyword '{}' (allowed: wiggle, shear, ordering, temperature, "
                        "contacts)", arg[iarg]);
    }
  }
  if (wall.wiggle && wall.shear) error->all(FLERR, "fix wall/gran/sync: a wall cannot both wiggle and shear");
  if (wall.shear && wall.axis == wall.style) error->all(FLERR, "fix wall/gran/sync: shear must be along the wall, not its normal");
  if (wall.style == GS_WALL_ZCYLINDER && (wall.wiggle || wall.shear) && wall.axis != 2)
    error->all(FLERR, "fix wall/gran/sync: a zcylinder moves along z only");

  time_origin = update->ntimestep;
  restart_global = wall.wiggle;    // the wiggle's phase continues across restarts (as fix move's)
  size_history = gs_wall_history_size(&model);
  begin_rows(size_history, explicit_sync, ordering);
}

void FixWallGranSync::clear_row(double *row) const
{
  for (int k = 0; k < size_history; k++) row[k] = 0.0;
}

void FixWallGranSync::post_force(int /*vflag*/)
{
  const Step s = begin_step();
  gs_wall_step step;
  gs_wall_step_init(&wall, model.ordering, (update->ntimestep - time_origin) * s.dt, s.dt, update->setupflag == 0,
                    &step);
  const int *mask = atom->mask;
  gs_dissipation dissipated{};    // zero again after each atom that adds to it
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double *hist = size_history ? rows[i] : nullptr;
    if (!gs_wall_acts(&model, &wall, &step, atom->x[i], atom->radius[i], hist)) continue;
    AtomState a;
    atom_state(s, i, a);
    gs_contact c;
    const bool held = s.dissipates && gs_wall_history_held(&model, hist);
    const int touching = gs_wall_contact(&model, &wall, &step, a.x, a.v, a.x_sync, a.v_sync, a.omega, a.next,
                                         atom->radius[i], atom->rmass[i], hist, atom->f[i], atom->torque[i], &c,
                                         s.dissipates ? &dissipated : nullptr);
    if (touching == GS_WALL_CENTRED)
      error->one(FLERR, "{}: the centre of atom {} lies on the wall, where a contact has no normal", what(),
                 atom->tag[i]);
    if (s.dissipates && (touching || held)) {
      dissipation->add(i, dissipated.energy, &dissipated.load_i[0][0]);
      dissipated = gs_dissipation{};
    }
    if (!touching) continue;
    add_contact_outputs(c, i, s.twall);
    add_energy(i, gs_wall_stored_energy(&model, &c, hist));
  }
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
