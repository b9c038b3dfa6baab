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
#include "fix_wall_gran_sync_region.h"
#include "gransync_args.h"
#include "force.h"
#include "modify.h"
#include "neigh_list.h"
#include "pair_granular_sync.h"
#include "region.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

using namespace LAMMPS_NS;
using namespace FixConst;

// stock's names, in Vector's order
static const char *const vector_names[] = {"Ro", "Vcaps", "Vgeo", "Velas", "eps_bar", "dRnumerator", "dRdenominator",
                                           "Acon0", "Acon1", "Atot", "Atot_sum", "ddelta_bar", "psi",
                                           "history_setup_flag", "sigmaxx", "sigmayy", "sigmazz", "dRavg"};

FixGranularMDRSync::FixGranularMDRSync(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), id_state(nullptr), pair(nullptr), comm_stage(0)
{
  if (narg != 3) error->all(FLERR, "fix granular/mdr/sync takes no arguments (pair granular/sync creates it)");
  comm_forward = 5;
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
  std::string cmd = fmt::format("{} all property/atom", id_state);
  for (const char *name : vector_names) {
    int flag, cols;
    if (atom->find_custom(name, flag, cols) >= 0)
      error->all(FLERR, "fix granular/mdr/sync: per-atom vector {} exists already (pair granular/sync creates this "
                 "fix itself: do not define it, nor vectors of mdr's names)", name);
    cmd += fmt::format(" d_{}", name);
  }
  modify->add_fix(cmd + " ghost yes");
  for (int k = 0; k < NVECTORS; k++) {
    int flag, cols;
    index[k] = atom->find_custom(vector_names[k], flag, cols);
  }
}

double *FixGranularMDRSync::vec(Vector v) const
{
  return atom->dvector[index[v]];
}

gs_mdr_atoms FixGranularMDRSync::atoms() const
{
  gs_mdr_atoms a;
  a.ro = vec(RO);
  a.vgeo = vec(VGEO);
  a.velas = vec(VELAS);
  a.acon0 = vec(ACON0);
  a.psi = vec(PSI);
  a.ddelta_bar = vec(DDELTA_BAR);
  a.vcaps = vec(VCAPS);
  a.eps_bar = vec(EPS_BAR);
  a.dr_num = vec(DR_NUM);
  a.dr_den = vec(DR_DEN);
  a.acon1 = vec(ACON1);
  a.atot_sum = vec(ATOT_SUM);
  a.sigmaxx = vec(SIGMAXX);
  a.sigmayy = vec(SIGMAYY);
  a.sigmazz = vec(SIGMAZZ);
  return a;
}

// the pair, which creates this fix in its init_style(): before the walls' init() asks for its model
PairGranularSync *FixGranularMDRSync::mdr_pair() const
{
  auto *p = dynamic_cast<PairGranularSync *>(force->pair_match("granular/sync", 1));
  if (!p || !p->has_mdr())
    error->all(FLERR, "fix granular/mdr/sync needs pair granular/sync with normal model mdr (and creates itself)");
  return p;
}

const gs_model &FixGranularMDRSync::mdr_model() const
{
  return mdr_pair()->model(1, 1);
}

void FixGranularMDRSync::init()
{
  pair = mdr_pair();
  for (int k = 0; k < NVECTORS; k++) {
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
    auto *wall = dynamic_cast<FixWallGranSyncRegion *>(fix);
    if (!wall) continue;
    if (wall->wall_model().normal != GS_NORMAL_MDR)
      error->all(FLERR, "fix {} (wall/gran/sync/region) must use normal mdr with pair granular/sync's mdr model "
                 "(as stock): a grain's state counts all its contacts", wall->id);
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
  double *radius = atom->radius;
  double *ro = vec(RO), *vgeo = vec(VGEO), *velas = vec(VELAS), *vcaps = vec(VCAPS), *eps_bar = vec(EPS_BAR);
  double *dr_num = vec(DR_NUM), *dr_den = vec(DR_DEN), *acon0 = vec(ACON0), *acon1 = vec(ACON1);
  double *atot = vec(ATOT), *atot_sum = vec(ATOT_SUM), *psi = vec(PSI), *ddelta_bar = vec(DDELTA_BAR);
  double *setup_flag = vec(SETUP_FLAG), *dravg = vec(DRAVG);
  double *sums[] = {vcaps, eps_bar, dr_num, dr_den, acon1, atot_sum, vec(SIGMAXX), vec(SIGMAYY), vec(SIGMAZZ)};
  const bool setup = update->setupflag;

  for (int i = 0; i < nall; i++) {
    bool created = false;
    if (setup_flag[i] < 1e-16) {    // a new atom: its radius now is its initial one
      ro[i] = radius[i];
      // (stock keeps dRavg, which a created atom may inherit from an atom that left its slot)
      acon0[i] = ddelta_bar[i] = dravg[i] = 0.0;
      for (double *sum : sums) sum[i] = 0.0;
      setup_flag[i] = 1.0;
      created = true;
    }
    // a run's setup repeats the last step's forces, whose sums were used already
    if (i < nlocal && (!setup || created))
      gs_mdr_atom_update(&m, radius, ro, vgeo, velas, vcaps, eps_bar, dr_num, dr_den, acon0, acon1, atot, atot_sum,
                         psi, dravg, i);
  }
  comm_stage = 0;
  comm->forward_comm(this, 5);

  for (int i = 0; i < nall; i++) {
    ddelta_bar[i] = 0.0;
    if (!setup)
      for (double *sum : sums) sum[i] = 0.0;
  }
  if (!setup) {
    screen_contacts();
    sum_surface_increments();
    sum_wall_surface_increments();
  }
  comm_stage = 1;
  comm->forward_comm(this, 1);
}

// The penalty of each contact: for every three grains touching each other, the contact opposite
// the grain in the middle (the one facing the longest side) is seen through it.
void FixGranularMDRSync::screen_contacts()
{
  NeighList *list = pair->list;
  FixNeighHistory *history = pair->history_fix();
  const int nh = pair->get_size_history();
  const int nlocal = atom->nlocal;
  double **x = atom->x;
  const double *radius = atom->radius;
  const int inum = list->inum;
  const int *ilist = list->ilist, *numneigh = list->numneigh;
  int **firstneigh = list->firstneigh;
  double **firstvalue = history->firstvalue;
  auto penalty = [&](int i, int jj) -> double & { return firstvalue[i][nh * jj + GS_MDR_PENALTY]; };

  for (int ii = 0; ii < inum; ii++) {
    const int i = ilist[ii];
    for (int jj = 0; jj < numneigh[i]; jj++) penalty(i, jj) = 0.0;
  }

  // the angle between two unit vectors
  auto angle = [](const double *a, const double *b) { return std::acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]); };
  for (int ii = 0; ii < inum; ii++) {
    const int i = ilist[ii];
    const int *jlist = firstneigh[i];
    const int jnum = numneigh[i];
    for (int jj = 0; jj < jnum; jj++) {
      const int j = jlist[jj] & NEIGHMASK;
      const double dij[3] = {x[j][0] - x[i][0], x[j][1] - x[i][1], x[j][2] - x[i][2]};
      const double r_ij = sqrt(dij[0] * dij[0] + dij[1] * dij[1] + dij[2] * dij[2]);
      if (radius[i] + radius[j] - r_ij < 0.0) continue;
      const double rinv_ij = 1.0 / r_ij;
      for (int kk = jj + 1; kk < jnum; kk++) {
        const int k = jlist[kk] & NEIGHMASK;
        const double dik[3] = {x[k][0] - x[i][0], x[k][1] - x[i][1], x[k][2] - x[i][2]};
        const double r_ik = sqrt(dik[0] * dik[0] + dik[1] * dik[1] + dik[2] * dik[2]);
        if (radius[i] + radius[k] - r_ik < 0.0) continue;
        const double rinv_ik = 1.0 / r_ik;
        const double djk[3] = {x[k][0] - x[j][0], x[k][1] - x[j][1], x[k][2] - x[j][2]};
        const double r_jk = sqrt(djk[0] * djk[0] + djk[1] * djk[1] + djk[2] * djk[2]);
        if (radius[j] + radius[k] - r_jk < 0.0) continue;
        const double rinv_jk = 1.0 / r_jk;

        const double r_max = MAX(r_ij, MAX(r_ik, r_jk));
        if (r_ij == r_max) {    // k in the middle: contact i-j
          const double a[3] = {-dik[0] * rinv_ik, -dik[1] * rinv_ik, -dik[2] * rinv_ik};
          const double b[3] = {-djk[0] * rinv_jk, -djk[1] * rinv_jk, -djk[2] * rinv_jk};
          penalty(i, jj) += gs_mdr_penalty(angle(a, b));
        } else if (r_ik == r_max) {    // j in the middle: contact i-k
          const double a[3] = {-dij[0] * rinv_ij, -dij[1] * rinv_ij, -dij[2] * rinv_ij};
          const double b[3] = {djk[0] * rinv_jk, djk[1] * rinv_jk, djk[2] * rinv_jk};
          penalty(i, kk) += gs_mdr_penalty(angle(a, b));
        } else if (j < nlocal || k < nlocal) {    // i in the middle: contact j-k, kept by an owned one
          const double a[3] = {dij[0] * rinv_ij, dij[1] * rinv_ij, dij[2] * rinv_ij};
          const double b[3] = {dik[0] * rinv_ik, dik[1] * rinv_ik, dik[2] * rinv_ik};
          double *pjk = nullptr;
          for (const auto &[owner, other] : {std::pair<int, int>{j, k}, std::pair<int, int>{k, j}}) {
            if (pjk || owner >= nlocal) continue;
            for (int n = 0; n < numneigh[owner]; n++)
              if ((firstneigh[owner][n] & NEIGHMASK) == other) {
                pjk = &penalty(owner, n);
                break;
              }
          }
          if (!pjk)
            error->one(FLERR, "pair granular/sync, normal mdr: atoms {} and {} touch but are not in each other's "
                       "neighbor list; build neighbor lists more often or with a larger skin",
                       atom->tag[j], atom->tag[k]);
          *pjk += gs_mdr_penalty(angle(a, b));
        }
      }
    }
  }
}

// Each grain's mean surface displacement increment: its sides' overlap increments since the last
// step, weighted by their share of its contact area.
void FixGranularMDRSync::sum_surface_increments()
{
  NeighList *list = pair->list;
  FixNeighHistory *history = pair->history_fix();
  const int nh = pair->get_size_history();
  double **x = atom->x;
  const double *radius = atom->radius;
  const tagint *tag = atom->tag;
  const double *acon0 = vec(ACON0);
  double *ddelta_bar = vec(DDELTA_BAR);
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
      double increment[2];
      gs_mdr_side_increments(h, radius[i] + radius[j] - sqrt(gs_dot3(c.dx, c.dx)), radius[side0], radius[side1],
                             increment);
      if (acon0[side0] != 0.0) ddelta_bar[side0] += h[GS_MDR_AC] / acon0[side0] * increment[0];
      if (acon0[side1] != 0.0) ddelta_bar[side1] += h[GS_MDR_AC + 1] / acon0[side1] * increment[1];
    }
  }
}

void FixGranularMDRSync::sum_wall_surface_increments()
{
  double **x = atom->x;
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  const double *acon0 = vec(ACON0);
  double *ddelta_bar = vec(DDELTA_BAR);
  for (FixWallGranSyncRegion *wall : walls) {
    Region *region = wall->wall_region();
    const int nh = wall->wall_model().size_history;
    if (region->dynamic_check()) region->prematch();
    for (int i = 0; i < atom->nlocal; i++) {
      if (!(mask[i] & wall->groupbit) || acon0[i] == 0.0) continue;
      if (!region->match(x[i][0], x[i][1], x[i][2])) continue;
      const int nc = region->surface(x[i][0], x[i][1], x[i][2], radius[i]);
      for (int ic = 0; ic < nc; ic++) {
        const double *h = gs_region_row_find(wall->contact_row(i), nh, region->contact[ic].iwall);
        if (!h) continue;    // a new contact: no area yet
        ddelta_bar[i] += h[GS_MDR_AC] / acon0[i] * (radius[i] - region->contact[ic].r - h[GS_MDR_DELTA]);
      }
    }
  }
}

void FixGranularMDRSync::set_arrays(int i)
{
  vec(SETUP_FLAG)[i] = 0.0;
}

int FixGranularMDRSync::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  int m = 0;
  for (int k = 0; k < n; k++) {
    const int j = list[k];
    if (comm_stage == 0)
      for (Vector v : {VGEO, VELAS, ACON0, ATOT, PSI}) buf[m++] = vec(v)[j];
    else
      buf[m++] = vec(DDELTA_BAR)[j];
  }
  return m;
}

void FixGranularMDRSync::unpack_forward_comm(int n, int first, double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++) {
    if (comm_stage == 0)
      for (Vector v : {VGEO, VELAS, ACON0, ATOT, PSI}) vec(v)[i] = buf[m++];
    else
      vec(DDELTA_BAR)[i] = buf[m++];
  }
}
