/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   compute dissipation/sync: reports the per-atom accumulators that pair granular/sync and the
   gransync walls fill with the C core's dissipation by channel (gs_contact_evaluate_dissipating).
------------------------------------------------------------------------- */

#include "compute_dissipation_sync.h"

#include "atom.h"
#include "error.h"
#include "gransync_args.h"
#include "memory.h"
#include "modify.h"
#include "update.h"

using namespace LAMMPS_NS;

static constexpr int NCH = GS_DISSIPATION_CHANNELS;
static constexpr int WIDTH = FixDissipationSync::WIDTH;

FixDissipationSync::FixDissipationSync(LAMMPS *lmp, int narg, char **arg) :
    DissipationStore(lmp, narg, arg), energy(nullptr), step(nullptr), step_dt(0.0), pending_dt(update->dt)
{
  if (narg != 3) error->all(FLERR, "fix DISSIPATION/SYNC is created by compute dissipation/sync, not by hand");
  restart_peratom = 1;
  create_attribute = 1;
  maxexchange = WIDTH;
  FixDissipationSync::grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixDissipationSync::~FixDissipationSync()
{
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(energy);
  memory->destroy(step);
}

int FixDissipationSync::setmask()
{
  return FixConst::PRE_FORCE | FixConst::END_OF_STEP;
}

// A run's set-up recomputes the forces that its first half kick applies: the pending halves of
// the last step's loads and lever give way to those of the set-up's, which the contributing styles
// add() next, at the velocities and spins they have now.
void FixDissipationSync::setup_pre_force(int /*vflag*/)
{
  scale_pending(0.0);
  pending_dt = update->dt;
}

// scales every atom's pending halves (0: takes them back), leaving what is reported unchanged
void FixDissipationSync::scale_pending(double scale)
{
  for (int i = 0; i < atom->nlocal; i++)
    for (int k = 0; k < NCH; k++) {
      energy[i][k] += (scale - 1.0) * energy[i][NCH + k];
      energy[i][NCH + k] *= scale;
    }
}

void FixDissipationSync::add(int i, const double *share, const double *load)
{
  for (int k = 0; k < GS_DISSIPATION_LEVER; k++) energy[i][k] += share[k];
  if (update->setupflag) {
    // only the first half kick's half: pending until that kick
    for (int k = 0; k < NCH; k++) {
      const double half = 0.5 * (k == GS_DISSIPATION_LEVER ? share[k]
                                                           : gs_damping_dissipation(load + 6 * k, atom->v[i],
                                                                                    atom->omega[i], update->dt));
      energy[i][k] += half;
      energy[i][NCH + k] += half;
    }
    return;
  }
  step[i][LOADS] += share[GS_DISSIPATION_LEVER];
  for (int k = 0; k < LOADS; k++) step[i][k] += load[k];
}

// the step's first half kick has applied the last step's (or the set-up's) pending halves
void FixDissipationSync::pre_force(int /*vflag*/)
{
  step_dt = update->dt;
  pending_dt = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int k = 0; k < STEP; k++) step[i][k] = 0.0;
}

// this step's loads at its end-of-step velocities and spins, and its lever energy (computed with
// this step's timestep): the final half kick's half now, the next first half kick's pending, at
// the timestep that kick will take (as set now; reset_dt() follows a later change)
void FixDissipationSync::end_of_step()
{
  double **v = atom->v, **omega = atom->omega;
  const double next = 0.5 * update->dt / step_dt;
  for (int i = 0; i < atom->nlocal; i++) {
    for (int l = 0; l < GS_DISSIPATION_LOADS; l++) {
      const double e = gs_damping_dissipation(step[i] + 6 * l, v[i], omega[i], step_dt);
      energy[i][l] += 0.5 * e + next * e;
      energy[i][NCH + l] = next * e;
    }
    const double lever = step[i][LOADS];
    energy[i][GS_DISSIPATION_LEVER] += 0.5 * lever + next * lever;
    energy[i][NCH + GS_DISSIPATION_LEVER] = next * lever;
  }
  pending_dt = update->dt;
}

// a new timestep before the next step's first half kick: the pending halves take it
void FixDissipationSync::reset_dt()
{
  if (pending_dt == 0.0 || update->dt == pending_dt) return;
  scale_pending(update->dt / pending_dt);
  pending_dt = update->dt;
}

void FixDissipationSync::grow_arrays(int nmax)
{
  memory->grow(energy, nmax, WIDTH, "dissipation/sync:energy");
  memory->grow(step, nmax, STEP, "dissipation/sync:step");
}

void FixDissipationSync::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < WIDTH; k++) energy[j][k] = energy[i][k];
}

void FixDissipationSync::set_arrays(int i)
{
  for (int k = 0; k < WIDTH; k++) energy[i][k] = 0.0;
  for (int k = 0; k < STEP; k++) step[i][k] = 0.0;
}

int FixDissipationSync::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < WIDTH; k++) buf[k] = energy[i][k];
  return WIDTH;
}

int FixDissipationSync::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < WIDTH; k++) energy[nlocal][k] = buf[k];
  return WIDTH;
}

int FixDissipationSync::pack_restart(int i, double *buf)
{
  buf[0] = WIDTH + 1;
  for (int k = 0; k < WIDTH; k++) buf[k + 1] = energy[i][k];
  return WIDTH + 1;
}

void FixDissipationSync::unpack_restart(int nlocal, int nth)
{
  const double *record = restart_record(atom, nlocal, nth);
  if (static_cast<int>(record[0]) != WIDTH + 1)
    error->one(FLERR, "compute dissipation/sync: the restart file keeps {} values per atom for its accumulators, "
                      "this version {}: it was written by another version of gransync",
               static_cast<int>(record[0]) - 1, WIDTH);
  for (int k = 0; k < WIDTH; k++) energy[nlocal][k] = record[k + 1];
}

double FixDissipationSync::memory_usage()
{
  return (double) atom->nmax * (WIDTH + STEP) * sizeof(double);
}

DissipationStore *DissipationStore::find(LAMMPS *lmp, const char *what)
{
  auto computes = lmp->modify->get_compute_by_style("^dissipation/sync$");
  if (computes.empty()) return nullptr;
  if (what)
    lmp->error->all(FLERR, "compute dissipation/sync: {} does not accumulate dissipation; use the CPU styles "
                           "(pair granular/sync, fix wall/gran/sync, fix wall/gran/sync/region, fix "
                           "wall/gran/sync/mesh)", what);
  FixDissipationSync *store = dynamic_cast<ComputeDissipationSync *>(computes.front())->store();
  if (!store) lmp->error->all(FLERR, "compute dissipation/sync: its accumulators were deleted (unfix)");
  store->contributors++;
  return store;
}

/* ---------------------------------------------------------------------- */

ComputeDissipationSync::ComputeDissipationSync(LAMMPS *lmp, int narg, char **arg) :
    Compute(lmp, narg, arg), id_fix(nullptr), fix(nullptr), nmax(0), output(nullptr)
{
  if (narg != 3) error->all(FLERR, "compute dissipation/sync: takes no arguments ('compute ID group dissipation/sync')");
  const auto others = modify->get_compute_by_style("^dissipation/sync$");
  if (!others.empty())
    error->all(FLERR, "compute dissipation/sync: only one per input (compute {} exists); its group selects what "
                      "it reports, and every contact is accumulated", others.front()->id);

  vector_flag = 1;
  size_vector = NCH + 1;
  extvector = 1;
  peratom_flag = 1;
  size_peratom_cols = NCH + 1;

  // the accumulators live in a fix so that they migrate and go into restart files; a compute of
  // the same ID defined after read_restart gets them back
  id_fix = utils::strdup(std::string(id) + "_DISSIPATION");
  fix = dynamic_cast<FixDissipationSync *>(modify->add_fix(fmt::format("{} all DISSIPATION/SYNC", id_fix)));
}

ComputeDissipationSync::~ComputeDissipationSync()
{
  if (modify->get_fix_by_id(id_fix)) modify->delete_fix(id_fix);
  delete[] id_fix;
  memory->destroy(output);
  delete[] vector;
}

// the accumulators, looked up by ID: the fix may have been deleted by unfix
FixDissipationSync *ComputeDissipationSync::store() const
{
  return dynamic_cast<FixDissipationSync *>(modify->get_fix_by_id(id_fix));
}

void ComputeDissipationSync::init()
{
  fix = store();
  if (!fix) error->all(FLERR, "compute dissipation/sync: its accumulators (fix {}) were deleted", id_fix);
  // the loads' energy is taken at the end of each velocity-Verlet step
  require_verlet(error, update, "compute dissipation/sync");
  if (!vector) vector = new double[NCH + 1];
}

// checked at a run's set-up, not at every init(): commands such as write_restart init() too, maybe
// before the pair style is defined. The contributing styles registered in their init().
void ComputeDissipationSync::setup()
{
  if (fix->contributors == 0)
    error->all(FLERR, "compute dissipation/sync: nothing accumulates dissipation: it needs pair granular/sync, fix "
                      "wall/gran/sync, fix wall/gran/sync/region or fix wall/gran/sync/mesh");
  fix->contributors = 0;
}

void ComputeDissipationSync::compute_vector()
{
  invoked_vector = update->ntimestep;
  const int *mask = atom->mask;
  double here[NCH + 1] = {0.0};
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    for (int k = 0; k < NCH; k++) {
      const double e = fix->dissipated(i, k);
      here[k] += e;
      here[NCH] += e;
    }
  }
  MPI_Allreduce(here, vector, NCH + 1, MPI_DOUBLE, MPI_SUM, world);
}

void ComputeDissipationSync::compute_peratom()
{
  invoked_peratom = update->ntimestep;
  if (atom->nmax > nmax) {
    memory->destroy(output);
    nmax = atom->nmax;
    memory->create(output, nmax, NCH + 1, "dissipation/sync:output");
    array_atom = output;
  }
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    output[i][NCH] = 0.0;
    for (int k = 0; k < NCH; k++) {
      output[i][k] = mask[i] & groupbit ? fix->dissipated(i, k) : 0.0;
      output[i][NCH] += output[i][k];
    }
  }
}

double ComputeDissipationSync::memory_usage()
{
  return (double) nmax * (NCH + 1) * sizeof(double);
}
