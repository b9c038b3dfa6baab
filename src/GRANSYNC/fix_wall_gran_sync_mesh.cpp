/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Thin adapter: the mesh file is read and indexed by the C core (gs_mesh_build.c), each atom's
   contacts are found and computed by gs_mesh_wall_atom() (gs_mesh.h).
------------------------------------------------------------------------- */

#include "fix_wall_gran_sync_mesh.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "gransync_args.h"
#include "input.h"
#include "memory.h"
#include "modify.h"
#include "restart_twin.h"
#include "update.h"
#include "variable.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static constexpr const char *WHAT = "fix wall/gran/sync/mesh";

FixWallGranSyncMesh::FixWallGranSyncMesh(LAMMPS *lmp, int narg, char **arg, bool on_device) :
    GranularWall(lmp, narg, arg, on_device)
{
  if (narg < 5 || strcmp(arg[3], "granular") != 0)
    error->all(FLERR, "{}: expected 'fix ID group wall/gran/sync/mesh granular <normal model> ... file <mesh file> "
                      "[keywords]'", WHAT);
  time_origin = update->ntimestep;

  int explicit_sync;
  int iarg = parse_model(narg, arg, explicit_sync);
  if (model.normal == GS_NORMAL_MDR)
    error->all(FLERR, "{}: normal mdr is not available on mesh walls (allowed: hooke, hertz, hertz/material, dmt, "
                      "jkr)", WHAT);
  if (iarg + 1 >= narg || strcmp(arg[iarg], "file") != 0)
    error->all(FLERR, "{}: expected 'file <mesh file>' (STL or OFF) after the model", WHAT);
  file = arg[iarg + 1];
  iarg += 2;

  double scale = 1.0, offset[3] = {0.0, 0.0, 0.0}, flat = 1.0;
  int ordering = -1;
  auto need = [&](int count, const char *what) {
    if (iarg + count >= narg) error->all(FLERR, "{}: keyword {} needs {}", WHAT, arg[iarg], what);
  };
  auto number = [&](int k) { return number_arg(error, WHAT, std::string("keyword ") + arg[iarg], arg[iarg + k]); };
  while (iarg < narg) {
    if (common_keyword(iarg, narg, arg, ordering)) {
      continue;
    } else if (strcmp(arg[iarg], "scale") == 0) {
      need(1, "a value");
      scale = number(1);
      if (!(scale > 0.0)) error->all(FLERR, "{}: scale must be positive, got {}", WHAT, arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "offset") == 0) {
      need(3, "three values (x y z)");
      for (int k = 0; k < 3; k++) offset[k] = number(k + 1);
      iarg += 4;
    } else if (strcmp(arg[iarg], "flat") == 0) {
      need(1, "an angle in degrees");
      flat = number(1);
      if (!(flat >= 0.0 && flat < 90.0))
        error->all(FLERR, "{}: flat must be an angle from 0 to 90 degrees (excluded), got {}", WHAT, arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "move") == 0) {
      need(1, "a style (none, linear, wiggle or rotate)");
      const char *style = arg[iarg + 1];
      if (strcmp(style, "none") == 0) {
        move = MOVE_NONE;
        iarg += 2;
      } else if (strcmp(style, "translate") == 0 || strcmp(style, "linear") == 0) {
        iarg++;
        need(3, "three velocities (vx vy vz)");
        move = MOVE_LINEAR;
        for (int k = 0; k < 3; k++) move_vector[k] = number(k + 1);
        iarg += 4;
      } else if (strcmp(style, "wiggle") == 0) {
        iarg++;
        need(4, "an amplitude (Ax Ay Az) and a period");
        move = MOVE_WIGGLE;
        for (int k = 0; k < 3; k++) move_vector[k] = number(k + 1);
        period = number(4);
        if (!(period > 0.0)) error->all(FLERR, "{}: move wiggle: the period must be positive", WHAT);
        iarg += 5;
      } else if (strcmp(style, "rotate") == 0) {
        iarg++;
        need(7, "a point (Px Py Pz), an axis (Ax Ay Az) and a period (a number) or v_name (the angular velocity)");
        move = MOVE_ROTATE;
        for (int k = 0; k < 3; k++) {
          point[k] = number(k + 1);
          axis[k] = number(k + 4);
        }
        const double length = gs_len3(axis);
        if (!(length > 0.0)) error->all(FLERR, "{}: move rotate: the axis must not be zero", WHAT);
        for (double &a : axis) a /= length;
        // a number is the period (as fix move and stock fix surface/global), a variable the rate
        if (utils::strmatch(arg[iarg + 7], "^v_")) {
          omega_variable = arg[iarg + 7] + 2;
        } else {
          const double turn = number(7);
          if (!(turn > 0.0))
            error->all(FLERR, "{}: move rotate: the period must be positive, got {} (or v_name: an equal-style "
                              "variable giving the angular velocity)", WHAT, arg[iarg + 7]);
          omega_value = GS_2PI_VALUE / turn;
        }
        iarg += 8;
      } else {
        error->all(FLERR, "{}: move must be none, linear (or translate), wiggle or rotate, got '{}'", WHAT, style);
      }
    } else {
      error->all(FLERR, "{}: unknown keyword '{}' (allowed: scale, offset, flat, move, ordering, temperature, "
                        "contacts)", WHAT, arg[iarg]);
    }
  }
  // the mesh's place follows the step number: LAMMPS then refuses reset_timestep (as with fix move)
  time_depend = move != MOVE_NONE;

  // every rank holds the whole mesh (as fix surface/global)
  char err[GS_ERRLEN];
  double *soup = nullptr;
  const int ntri = gs_mesh_read(file.c_str(), scale, offset, &soup, err);
  if (ntri < 0) error->all(FLERR, "{}: {}", WHAT, err);
  const int status = gs_mesh_build(soup, ntri, &data, err);
  free(soup);
  if (status) error->all(FLERR, "{}: {} (file {})", WHAT, err, file);
  // a history follows its contact to another feature within the flat angle, or 10 degrees
  gs_mesh_view(&data, flat, flat > 10.0 ? flat : 10.0, &mesh);
  signature = mesh_signature();

  // a mesh in other length units (mm for m) lies far outside the box or dwarfs it
  double box_extent = 0.0, mesh_extent = 0.0;
  bool overlaps = true;
  for (int k = 0; k < 3; k++) {
    const double lo = domain->boxlo[k], hi = domain->boxhi[k];
    box_extent = std::max(box_extent, hi - lo);
    mesh_extent = std::max(mesh_extent, data.hi[k] - data.lo[k]);
    if (move == MOVE_NONE && (data.hi[k] < lo || data.lo[k] > hi)) overlaps = false;
  }
  if (!overlaps || mesh_extent > 1e3 * box_extent) {
    const double lo[3] = {data.lo[0], data.lo[1], data.lo[2]}, hi[3] = {data.hi[0], data.hi[1], data.hi[2]};
    gs_mesh_data_free(&data);    // (the constructor ends here: no destructor frees it)
    error->all(FLERR, "{}: the mesh of {} spans ({} {} {}) - ({} {} {}) and the box ({} {} {}) - ({} {} {}): is it in "
                      "other length units? (keywords scale and offset)", WHAT, file, lo[0], lo[1], lo[2], hi[0],
               hi[1], hi[2], domain->boxlo[0], domain->boxlo[1], domain->boxlo[2], domain->boxhi[0], domain->boxhi[1],
               domain->boxhi[2]);
  }
  if (comm->me == 0)
    utils::logmesg(lmp, "{}: {} triangles, {} vertices, {} edges ({} on the boundary) from {}; grid {}x{}x{} of cell "
                        "{}\n", WHAT, data.ntri, data.nvert, data.nedge,
                   [&] {
                     int open = 0;
                     for (int e = 0; e < data.nedge; e++) open += data.edge_tri[2 * e + 1] < 0;
                     return open;
                   }(),
                   file, data.grid_n[0], data.grid_n[1], data.grid_n[2], data.cell);

  size_history = model.size_history;
  restart_global = 1;    // the motion's state
  begin_rows(gs_mesh_row_width(size_history), explicit_sync, ordering);
}

FixWallGranSyncMesh::~FixWallGranSyncMesh()
{
  gs_mesh_data_free(&data);
}

bool FixWallGranSyncMesh::at_rest_potential() const
{
  return size_history == 0 && model.normal != GS_NORMAL_JKR && move == MOVE_NONE;
}

void FixWallGranSyncMesh::init_geometry()
{
  if (!omega_variable.empty()) {
    omega_ivar = input->variable->find(omega_variable.c_str());
    if (omega_ivar < 0) error->all(FLERR, "{}: variable {} for move rotate does not exist", WHAT, omega_variable);
    if (!input->variable->equalstyle(omega_ivar))
      error->all(FLERR, "{}: variable {} for move rotate must be equal-style", WHAT, omega_variable);
  }
  if (restart_mismatch) {
    if (comm->me == 0)
      error->warning(FLERR, "{}: the restart file's mesh or motion is not this one's; the mesh's motion restarts "
                            "from its definition", WHAT);
    restart_mismatch = false;
  }
}

void FixWallGranSyncMesh::reset_dt()
{
  if (move == MOVE_LINEAR || move == MOVE_WIGGLE)
    error->all(FLERR, "{}: a mesh that moves by linear or wiggle cannot follow a change of the timestep (its "
                      "place is a function of the steps since its definition)", WHAT);
}

gs_mesh_motion FixWallGranSyncMesh::motion_now()
{
  gs_mesh_motion mo{};
  mo.moving = move != MOVE_NONE;
  if (!mo.moving) return mo;
  const double dt = update->dt;
  const bigint step = update->ntimestep;
  if (step != state_step) {
    if (state_step >= 0) {
      angle_before = angle;
      gs_copy3(shift, shift_before);
      before_step = state_step;
    }
    const double elapsed = (step - time_origin) * dt;
    if (move == MOVE_ROTATE) {
      const double rate = omega_ivar >= 0 ? input->variable->compute_equal(omega_ivar) : omega_value;
      angle += rate * dt * (step - (state_step >= 0 ? state_step : time_origin));
    } else if (move == MOVE_LINEAR) {
      gs_scale3(elapsed, move_vector, shift);
    } else {
      gs_scale3(sin(GS_2PI_VALUE * elapsed / period), move_vector, shift);
    }
    state_step = step;
  }
  // x = R (x0 - point) + point + shift: R about axis by angle (Rodrigues)
  const double c = cos(angle), s = sin(angle), u[3] = {axis[0], axis[1], axis[2]};
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      const double cross = (a == b) ? 0.0 : ((b == (a + 1) % 3) ? -u[(a + 2) % 3] : u[(a + 1) % 3]);
      mo.rot[3 * a + b] = (a == b ? c : 0.0) + (1.0 - c) * u[a] * u[b] + s * cross;
    }
  for (int a = 0; a < 3; a++)
    mo.shift[a] = point[a] + shift[a] - (mo.rot[3 * a] * point[0] + mo.rot[3 * a + 1] * point[1] +
                                         mo.rot[3 * a + 2] * point[2]);
  // the mean velocity over the step (none before the motion's first step, as a region's)
  if (before_step >= 0) {
    const double span = (state_step - before_step) * dt;
    for (int a = 0; a < 3; a++) {
      mo.v[a] = (shift[a] - shift_before[a]) / span;
      mo.omega[a] = (angle - angle_before) / span * axis[a];
    }
  }
  gs_add3(point, shift, mo.center);
  return mo;
}

void FixWallGranSyncMesh::post_force(int /*vflag*/)
{
  const gs_mesh_motion mo = motion_now();
  const Step s = begin_step();
  const int *mask = atom->mask;
  const bool heat = model.heat != GS_HEAT_UNSET;
  const int history_update = update->setupflag == 0;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    AtomState a;
    atom_state(s, i, a);
    double e = 0.0;
    gs_dissipation d{};
    const int n = gs_mesh_wall_atom(&model, &mesh, &mo, s.dt, history_update, a.x, a.v, a.x_sync, a.v_sync, a.omega,
                                    a.next, atom->radius[i], atom->rmass[i], rows[i], atom->f[i], atom->torque[i],
                                    heat ? atom->temperature[i] : 0.0, s.twall, heat ? &atom->heatflow[i] : nullptr,
                                    peratom_flag ? array_atom[i] : nullptr, &e, s.dissipates ? &d : nullptr);
    if (n == GS_WALL_CENTRED)
      error->one(FLERR, "{}: the centre of atom {} lies on the mesh, where a contact has no normal", what(),
                 atom->tag[i]);
    if (n == GS_WALL_CROWDED)
      error->one(FLERR, "{}: atom {} touches the mesh in more directions than its {} {}", what(), atom->tag[i],
                 GS_MESH_MAX_CONTACTS, too_many_directions);
    if (s.dissipates) dissipation->add(i, d.energy, &d.load_i[0][0]);
    add_energy(i, e);
  }
}

// a row: its count of contacts, then theirs (gs_mesh.h)
int FixWallGranSyncMesh::row_length(const double *row, int available) const
{
  if (available < 1 || row[0] > GS_MESH_MAX_CONTACTS) return -1;
  return gs_mesh_row_used(row, size_history);
}

// a fingerprint of the mesh: a restart's contact keys name its features
double FixWallGranSyncMesh::mesh_signature() const
{
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](const void *p, size_t n) {
    const unsigned char *b = static_cast<const unsigned char *>(p);
    for (size_t k = 0; k < n; k++) h = (h ^ b[k]) * 1099511628211ULL;
  };
  mix(data.vert, sizeof(double) * 3 * data.nvert);
  mix(data.tri_vert, sizeof(int) * 3 * data.ntri);
  return static_cast<double>(h >> 12);    // exact in a double
}

// a restart record's keys: the contact model's history layout, the mesh
int FixWallGranSyncMesh::restart_keys(double *keys) const
{
  keys[0] = history_layout_signature(model);
  keys[1] = signature;
  return 2;
}

// the motion's state: where the mesh is and was one step before
void FixWallGranSyncMesh::write_restart(FILE *fp)
{
  if (comm->me != 0) return;
  double list[13] = {signature, static_cast<double>(move), static_cast<double>(time_origin), angle,
                     angle_before, static_cast<double>(state_step), static_cast<double>(before_step)};
  for (int k = 0; k < 3; k++) {
    list[7 + k] = shift[k];
    list[10 + k] = shift_before[k];
  }
  int size = sizeof(list);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(list, sizeof(double), 13, fp);
}

void FixWallGranSyncMesh::restart(char *buf)
{
  const double *list = reinterpret_cast<const double *>(buf);
  if (list[0] != signature || static_cast<int>(list[1]) != move) {
    restart_mismatch = true;
    return;
  }
  time_origin = static_cast<bigint>(list[2]);
  angle = list[3];
  angle_before = list[4];
  state_step = static_cast<bigint>(list[5]);
  before_step = static_cast<bigint>(list[6]);
  for (int k = 0; k < 3; k++) {
    shift[k] = list[7 + k];
    shift_before[k] = list[10 + k];
  }
}

double FixWallGranSyncMesh::memory_usage()
{
  const double mesh_bytes = data.nvert * 3.0 * sizeof(double) + data.ntri * (3.0 * sizeof(double) + 9.0 * sizeof(int)) +
                            data.nedge * 2.0 * sizeof(int) + (data.nvert + 1.0 + 3.0 * data.ntri) * sizeof(int) +
                            (data.ncells + 1.0 + data.cell_start[data.ncells]) * sizeof(int);
  return GranularWall::memory_usage() + mesh_bytes;
}
