/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The mdr model's per-atom state; the physics is the core's (src/core/gs_mdr.h).
------------------------------------------------------------------------- */

#include "fix_granular_mdr_sync.h"

#include "atom.h"
#include "atom_vec.h"
#include "comm.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "gransync_args.h"
#include "gransync_mdr_screening.h"
#include "force.h"
#include "lammps.h"
#include "modify.h"
#include "neigh_list.h"
#include "restart_twin.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

using namespace LAMMPS_NS;
using namespace FixConst;

// stock's names, in gs_mdr_vector's order
static const char *const vector_names[] = {"Ro", "Vcaps", "Vgeo", "Velas", "eps_bar", "dRnumerator", "dRdenominator",
                                           "Acon0", "Acon1", "Atot", "Atot_sum", "ddelta_bar", "psi",
                                           "history_setup_flag", "sigmaxx", "sigmayy", "sigmazz", "dRavg"};

FixGranularMDRSync::FixGranularMDRSync(LAMMPS *lmp, int narg, char **arg) :
    MdrState(lmp, narg, arg), id_state(nullptr), pair(nullptr), comm_stage(0)
{
  if (narg != 3) error->all(FLERR, "fix granular/mdr/sync takes no arguments (pair granular/sync creates it)");
  comm_forward = GS_MDR_NGHOST;
  create_attribute = 1;
  for (int &k : index) k = -1;
}

FixGranularMDRSync::~FixGranularMDRSync()
{
  if (id_state && modify->get_fix_by_id(id_state)) modify->delete_fix(id_state);
  delete[] id_state;
}

int FixGranularMDRSync::setmask()
{
  return PRE_FORCE;
}

void FixGranularMDRSync::post_constructor()
{
  id_state = utils::strdup(std::string(id) + "_STATE");
  std::string cmd = fmt::format("{} all {}", id_state, state_fix_style());
  for (const char *name : vector_names) {
    int flag, cols;
    if (atom->find_custom(name, flag, cols) >= 0)
      error->all(FLERR, "fix granular/mdr/sync: per-atom vector {} exists already (pair granular/sync creates this "
                 "fix itself: do not define it, nor vectors of mdr's names)", name);
    cmd += fmt::format(" d_{}", name);
  }
  // (the grains' state of a restart file written with Kokkos on read with it off, or the other way)
  gransync::adopt_twin_restart(lmp, modify->add_fix(cmd + " ghost yes", 0));
  for (int k = 0; k < GS_MDR_NVECTORS; k++) {
    int flag, cols;
    index[k] = atom->find_custom(vector_names[k], flag, cols);
  }
}

const char *FixGranularMDRSync::state_fix_style() const
{
  return lmp->kokkos ? "property/atom/kk" : "property/atom";
}

double *FixGranularMDRSync::vec(int v) const
{
  return atom->dvector[index[v]];
}

void FixGranularMDRSync::host_vectors(double **v) const
{
  for (int k = 0; k < GS_MDR_NVECTORS; k++) v[k] = vec(k);
}

gs_mdr_atoms FixGranularMDRSync::atoms() const
{
  double *v[GS_MDR_NVECTORS];
  host_vectors(v);
  return gs_mdr_atoms_of(v);
}

// the pair, which creates this fix in its init_style(): before the walls' init() asks for its model
GranularSyncPair *FixGranularMDRSync::mdr_pair() const
{
  auto *p = GranularSyncPair::find(force);
  if (!p || !p->uses_mdr())
    error->all(FLERR, "fix granular/mdr/sync needs pair granular/sync with normal model mdr (and creates itself)");
  return p;
}

const gs_model &FixGranularMDRSync::mdr_model() const
{
  return mdr_pair()->contact_model(1, 1);
}

void FixGranularMDRSync::init()
{
  pair = mdr_pair();
  for (int k = 0; k < GS_MDR_NVECTORS; k++) {
    int flag, cols;
    index[k] = atom->find_custom(vector_names[k], flag, cols);
    if (index[k] < 0)
      error->all(FLERR, "fix granular/mdr/sync: per-atom vector {} was deleted (fix {} holds mdr's state)",
                 vector_names[k], id_state);
  }
  // the state advances once per time step, before the forces
  require_verlet(error, update, "pair granular/sync with normal mdr");
  if (update->whichflag == 2)
    error->all(FLERR, "pair granular/sync with normal mdr cannot be minimized: its state advances once per time step");
  // the forces sum into ghosts' state too, which only newton off computes where the atom is owned
  if (force->newton_pair)
    error->all(FLERR, "pair granular/sync with normal mdr requires newton off (as stock): its per-atom sums are "
                      "made where each atom is owned");

  walls.clear();
  for (auto *fix : modify->get_fix_list()) {
    auto *wall = dynamic_cast<MdrWallContacts *>(fix);
    if (!wall) continue;
    if (wall->mdr_wall_model().normal != GS_NORMAL_MDR)
      error->all(FLERR, "fix {} ({}) must use normal mdr with pair granular/sync's mdr model (as stock): a grain's "
                 "state counts all its contacts", fix->id, fix->style);
    walls.push_back(wall);
  }

  // mdr grows radii, which ghost atoms must get at every step, as LAMMPS' fix adapt requires
  const auto &comm_fields = atom->avec->fields_comm;
  if (std::find(comm_fields.begin(), comm_fields.end(), "radius") == comm_fields.end())
    error->all(FLERR, "pair granular/sync with normal mdr changes atom radii, but the atom style does not send "
                      "them to ghost atoms at every step: use atom_style sphere 1");
}

void FixGranularMDRSync::setup_pre_force(int vflag)
{
  pre_force(vflag);
}

void FixGranularMDRSync::pre_force(int /*vflag*/)
{
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  const gs_model &m = mdr_model();
  const bool setup = update->setupflag;
  double *v[GS_MDR_NVECTORS];
  host_vectors(v);

  for (int i = 0; i < nall; i++) gs_mdr_atom_begin_step(&m, atom->radius, v, i, i < nlocal, setup);
  comm_stage = 0;
  comm->forward_comm(this, GS_MDR_NGHOST);

  for (int i = 0; i < nall; i++) gs_mdr_atom_clear_sums(v, i, setup);
  if (!setup) {
    screen_contacts();
    sum_surface_increments();
    sum_wall_surface_increments();
  }
  comm_stage = 1;
  comm->forward_comm(this, 1);
}

// The penalty of each contact (gransync_mdr_screening.h), on LAMMPS' list
void FixGranularMDRSync::screen_contacts()
{
  NeighList *list = pair->list;
  const int nh = pair->history_values();
  struct Rows {
    double **position, **firstvalue;
    const double *radii;
    const int *numneigh;
    int **firstneigh;
    int nh;
    double x(int a, int d) const { return position[a][d]; }
    double radius(int a) const { return radii[a]; }
    int count(int a) const { return numneigh[a]; }
    int partner(int a, int n) const { return firstneigh[a][n] & NEIGHMASK; }
    void add(int a, int n, int, double penalty) const { firstvalue[a][nh * n + GS_MDR_PENALTY] += penalty; }
  };
  const Rows rows{atom->x, pair->contact_history()->firstvalue, atom->radius, list->numneigh, list->firstneigh, nh};

  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    for (int jj = 0; jj < list->numneigh[i]; jj++) rows.firstvalue[i][nh * jj + GS_MDR_PENALTY] = 0.0;
  }
  for (int ii = 0; ii < list->inum; ii++) {
    int missing[2];
    if (gransync::mdr_screen_row(rows, list->ilist[ii], atom->nlocal, missing))
      error->one(FLERR, "pair granular/sync, normal mdr: atoms {} and {} touch but are not in each other's neighbor "
                 "list; build neighbor lists more often or with a larger skin", atom->tag[missing[0]],
                 atom->tag[missing[1]]);
  }
}

// Each grain's mean surface displacement increment: its sides' overlap increments since the last
// step, weighted by their share of its contact area.
void FixGranularMDRSync::sum_surface_increments()
{
  NeighList *list = pair->list;
  FixNeighHistory *history = pair->contact_history();
  const int nh = pair->history_values();
  double **x = atom->x;
  const double *radius = atom->radius;
  const tagint *tag = atom->tag;
  const double *acon0 = vec(GS_MDR_V_ACON0);
  double *ddelta_bar = vec(GS_MDR_V_DDELTA_BAR);
  gs_contact c{};    // the touch test's input
  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      const int j = list->firstneigh[i][jj] & NEIGHMASK;
      gs_sub3(x[i], x[j], c.dx);
      c.radi = radius[i];
      c.radj = radius[j];
      if (!gs_pair_touching(&c)) continue;
      const double *h = &history->firstvalue[i][nh * jj];
      const int side0 = tag[i] > tag[j] ? i : j, side1 = side0 == i ? j : i;
      double sum[2];
      gs_mdr_pair_surface_increments(h, radius[i] + radius[j] - sqrt(gs_dot3(c.dx, c.dx)), radius[side0],
                                     radius[side1], acon0[side0], acon0[side1], sum);
      ddelta_bar[side0] += sum[0];
      ddelta_bar[side1] += sum[1];
    }
  }
}

void FixGranularMDRSync::sum_wall_surface_increments()
{
  const double *acon0 = vec(GS_MDR_V_ACON0);
  double *ddelta_bar = vec(GS_MDR_V_DDELTA_BAR);
  for (MdrWallContacts *wall : walls) wall->add_mdr_surface_increments(acon0, ddelta_bar);
}

void FixGranularMDRSync::set_arrays(int i)
{
  vec(GS_MDR_V_SETUP_FLAG)[i] = 0.0;
}

int FixGranularMDRSync::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  int m = 0;
  for (int k = 0; k < n; k++) {
    const int j = list[k];
    if (comm_stage == 0)
      for (int k = 0; k < GS_MDR_NGHOST; k++) buf[m++] = vec(gs_mdr_ghost_vector(k))[j];
    else if (comm_stage == 1)
      buf[m++] = vec(GS_MDR_V_DDELTA_BAR)[j];
    else
      buf[m++] = atom->radius[j];
  }
  return m;
}

void FixGranularMDRSync::unpack_forward_comm(int n, int first, double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++) {
    if (comm_stage == 0)
      for (int k = 0; k < GS_MDR_NGHOST; k++) vec(gs_mdr_ghost_vector(k))[i] = buf[m++];
    else if (comm_stage == 1)
      vec(GS_MDR_V_DDELTA_BAR)[i] = buf[m++];
    else
      atom->radius[i] = buf[m++];
  }
}
