/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "run_dem_variational.h"

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "fix_gravity.h"
#include "gransync_args.h"
#include "gransync_interface.h"
#include "force.h"
#include "gransync_member_access.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "output.h"
#include "timer.h"
#include "update.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

// fix gravity keeps whether its acceleration varies protected; a varying one is refused
GRANSYNC_EXPOSE(GravityVarflag, LAMMPS_NS::FixGravity, int, varflag)

using namespace LAMMPS_NS;
using namespace FixConst;

static constexpr int DOF = 6;    // per sphere: position and rotation angles (the paper's q)
static constexpr double SPHERE_INERTIA = 0.4;    // I = 0.4 m r^2, as atom style sphere

namespace {
// Carries the run style's per-atom 6-vectors to ghosts (forward) and ghosts' sums to their owners
// (reverse); a fix only because LAMMPS' communication takes one. Never added to modify.
class VariationalComm : public Fix {
 public:
  VariationalComm(LAMMPS *lmp, int narg, char **arg, RunDemVariational *run) : Fix(lmp, narg, arg), run(run)
  {
    comm_forward = comm_reverse = DOF;
  }
  int setmask() override { return 0; }
  int pack_forward_comm(int n, int *list, double *buf, int, int *) override
  {
    int m = 0;
    for (int k = 0; k < n; k++)
      for (int d = 0; d < DOF; d++) buf[m++] = run->exchanged[DOF * list[k] + d];
    return m;
  }
  void unpack_forward_comm(int n, int first, double *buf) override
  {
    int m = 0;
    for (int k = first; k < first + n; k++)
      for (int d = 0; d < DOF; d++) run->exchanged[DOF * k + d] = buf[m++];
  }
  int pack_reverse_comm(int n, int first, double *buf) override
  {
    int m = 0;
    for (int k = first; k < first + n; k++)
      for (int d = 0; d < DOF; d++) buf[m++] = run->exchanged[DOF * k + d];
    return m;
  }
  void unpack_reverse_comm(int n, int *list, double *buf) override
  {
    int m = 0;
    for (int k = 0; k < n; k++)
      for (int d = 0; d < DOF; d++) run->exchanged[DOF * list[k] + d] += buf[m++];
  }

 private:
  RunDemVariational *run;
};
}    // namespace

RunDemVariational::RunDemVariational(LAMMPS *lmp, int narg, char **arg) : Verlet(lmp, narg, arg)
{
  const char *usage = "alpha A (0 to 1), tol T (> 0), maxiter N (> 0), on_fail error|warn";
  for (int iarg = 0; iarg < narg; iarg += 2) {
    if (iarg + 1 >= narg) error->all(FLERR, "run_style dem/variational: {} needs a value ({})", arg[iarg], usage);
    if (strcmp(arg[iarg], "alpha") == 0) {
      alpha = number_arg(error, "run_style dem/variational", "alpha", arg[iarg + 1]);
      if (alpha < 0.0 || alpha > 1.0) error->all(FLERR, "run_style dem/variational: alpha {} is not in 0 to 1", alpha);
    } else if (strcmp(arg[iarg], "tol") == 0) {
      newton_tol = number_arg(error, "run_style dem/variational", "tol", arg[iarg + 1]);
      if (!(newton_tol > 0.0)) error->all(FLERR, "run_style dem/variational: tol must be positive");
    } else if (strcmp(arg[iarg], "maxiter") == 0) {
      max_newton = integer_arg(error, "run_style dem/variational", "maxiter", arg[iarg + 1]);
      if (max_newton < 1) error->all(FLERR, "run_style dem/variational: maxiter must be at least 1");
    } else if (strcmp(arg[iarg], "on_fail") == 0) {
      if (strcmp(arg[iarg + 1], "error") == 0) fail_is_error = true;
      else if (strcmp(arg[iarg + 1], "warn") == 0) fail_is_error = false;
      else error->all(FLERR, "run_style dem/variational: on_fail {} is not error or warn", arg[iarg + 1]);
    } else {
      error->all(FLERR, "run_style dem/variational: unknown keyword {} (allowed: {})", arg[iarg], usage);
    }
  }
  const char *fix_args[] = {"GS_VARIATIONAL_COMM", "all", "GS_VARIATIONAL_COMM"};
  comm_fix = new VariationalComm(lmp, 3, const_cast<char **>(fix_args), this);
}

RunDemVariational::~RunDemVariational()
{
  delete comm_fix;
}

void RunDemVariational::init()
{
  Verlet::init();
  if (lmp->kokkos) error->all(FLERR, "run_style dem/variational: not with the KOKKOS package (no /kk version)");
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag)
    error->all(FLERR, "run_style dem/variational: needs atom style sphere (radius, rmass, omega)");
  if (force->ftm2v != 1.0)
    error->all(FLERR, "run_style dem/variational: needs units where force/mass is an acceleration (si, cgs, lj)");
  if (domain->triclinic) error->all(FLERR, "run_style dem/variational: not for triclinic boxes");
}

// What the step integrates, read once all styles are initialised: the pair's models, the fixes.
void RunDemVariational::setup(int flag)
{
  // granular/sync alone: under pair hybrid the other sub-styles' forces would be left out
  if (!force->pair_style || strcmp(force->pair_style, "granular/sync") != 0)
    error->all(FLERR, "run_style dem/variational: needs pair style granular/sync (alone, not under hybrid)");
  pair = GranularSyncPair::find(force);
  if (force->bond || force->angle || force->dihedral || force->improper || force->kspace)
    error->all(FLERR, "run_style dem/variational: bond, angle, dihedral, improper and kspace styles are not "
                      "integrated (only granular/sync contacts)");
  for (int k = 1; k < 4; k++)
    if (force->special_lj[k] != 0.0 && force->special_lj[k] != 1.0)
      error->all(FLERR, "run_style dem/variational: special_bonds lj {} is neither 0 nor 1 (contacts are taken "
                        "whole or not at all)", force->special_lj[k]);
  if (domain->dimension != 3) error->all(FLERR, "run_style dem/variational: 3d only (spheres, I = 0.4 m r^2)");
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++)
      if (const char *what = gs_vi_model_refusal(&pair->contact_model(i, j)))
        error->all(FLERR, "run_style dem/variational: pair granular/sync, types {} {}: sub-model {}", i, j, what);
  if (comm->me == 0)
    error->warning(FLERR, "run_style dem/variational: tangential linear_nohistory acts as an unbounded dashpot "
                          "(De Klerk et al.'s frictionless model): its friction coefficient is not applied");

  integrate_groupbit = 0;
  walls.clear();
  gravities.clear();
  const auto &fixes = modify->get_fix_list();
  for (std::size_t k = 0; k < fixes.size(); k++) {
    Fix *fix = fixes[k];
    const std::string style = fix->style;
    if (fix->time_integrate) {
      if (style != "nve/sphere" && style != "nve/sphere/sync")
        error->all(FLERR, "run_style dem/variational: fix {} ({}) integrates atoms; only nve/sphere and "
                          "nve/sphere/sync mark the atoms this run style advances", fix->id, style);
      integrate_groupbit |= fix->groupbit;
    } else if (style == "gravity") {
      if (static_cast<FixGravity *>(fix)->*member_of(gransync_access::GravityVarflag()) != 0)
        error->all(FLERR, "run_style dem/variational: fix gravity {} varies in time (only a constant one)", fix->id);
      if (fix->thermo_energy)
        error->all(FLERR, "run_style dem/variational: fix gravity {} with fix_modify energy yes (its energy is "
                          "not computed under this run style)", fix->id);
      int dim;
      gravities.push_back({static_cast<const double *>(fix->extract("gvec", dim)), fix->groupbit});
    } else if (style == "wall/gran/sync") {
      if (fix->thermo_energy)
        error->all(FLERR, "run_style dem/variational: fix wall/gran/sync {} with fix_modify energy yes (its energy is "
                          "not computed under this run style)", fix->id);
      auto *wall_fix = dynamic_cast<PlaneWall *>(fix);
      const gs_wall &w = wall_fix->geometry();
      if (const char *what = gs_vi_model_refusal(&wall_fix->plane_contact_model()))
        error->all(FLERR, "run_style dem/variational: fix wall/gran/sync {}: sub-model {}", fix->id, what);
      if (w.style == GS_WALL_ZCYLINDER) {
        walls.push_back({wall_fix, 0, fix->groupbit});
      } else {
        for (int side = 0; side < 2; side++)
          if (std::fabs(side == 0 ? w.lo : w.hi) < GS_WALL_ABSENT)
            walls.push_back({wall_fix, side, fix->groupbit});
      }
    } else if (style == "DISSIPATION/SYNC") {
      // compute dissipation/sync's accumulators: the user defined the compute, not this fix
      const auto computes = modify->get_compute_by_style("^dissipation/sync$");
      error->all(FLERR, "run_style dem/variational: compute dissipation/sync {} is not supported (this run style "
                        "does not split a step's energy into its channels; use run_style verlet)",
                 computes.empty() ? fix->id : computes.front()->id);
    } else if (modify->fmask[k] & (INITIAL_INTEGRATE | POST_INTEGRATE | PRE_FORCE | PRE_REVERSE | POST_FORCE |
                                     FINAL_INTEGRATE)) {
      error->all(FLERR, "run_style dem/variational: fix {} ({}) acts within a step, which this run style does "
                        "not call (allowed: nve/sphere, nve/sphere/sync, gravity, wall/gran/sync, and "
                        "fixes acting at the end of a step)", fix->id, style);
    }
  }
  if (!integrate_groupbit) error->all(FLERR, "run_style dem/variational: no fix nve/sphere or nve/sphere/sync");
  steps_done = newton_total = products_total = unconverged = beyond_skin = stalled = 0;
  stalled_residual = 0.0;
  as_verlet([&]() { Verlet::setup(flag); });
}

// (rerun's set-up)
void RunDemVariational::setup_minimal(int flag)
{
  as_verlet([&]() { Verlet::setup_minimal(flag); });
}

// Fixes' setup() (gravity, walls) applies their forces only where the run style's name starts with
// verlet, and takes any other for rRESPA (fix gravity then crashed): a set-up here is Verlet's.
template <class Fn> void RunDemVariational::as_verlet(Fn &&setup)
{
  // restored also where the set-up stops with an error (LAMMPS throws): Update deletes the name
  struct Restore {
    Update *update;
    char *style;
    ~Restore() { update->integrate_style = style; }
  } restore{update, update->integrate_style};
  update->integrate_style = const_cast<char *>("verlet");
  setup();
}

// the spring and dashpots of a touching pair, from its pair_coeff
gs_vi_spring RunDemVariational::spring(int i, int j) const
{
  const double mi = atom->rmass[i], mj = atom->rmass[j];
  return gs_vi_pair_spring(&pair->contact_model(atom->type[i], atom->type[j]), atom->radius[i], atom->radius[j],
                           mi * mj / (mi + mj));
}

// the walls where `clock` puts them at this step, for wall() to give each sphere its law
void RunDemVariational::place_walls(const WallClock &clock)
{
  placed.clear();
  const double dt = update->dt;
  for (const Wall &w : walls) {
    // the step's start, in steps since the wall was defined
    const double start = static_cast<double>(update->ntimestep - 1 - w.fix->defined_at());
    placed.push_back(gs_vi_wall_of(&w.fix->geometry(), w.side, (start + clock.at) * dt, (start + clock.from) * dt,
                                   (start + clock.to) * dt));
  }
}

gs_vi_wall RunDemVariational::wall(std::size_t k, int i) const
{
  gs_vi_wall w = placed[k];
  gs_vi_wall_law(&walls[k].fix->plane_contact_model(), atom->radius[i], atom->rmass[i], &w);
  return w;
}

// fn(i, j, d, spring) for each pair of the pair style's list (d = qx_i - qx_j at the positions qx)
template <class Fn> void RunDemVariational::for_each_pair(const double *qx, Fn &&fn) const
{
  pair->refresh_contact_list();
  NeighList *list = pair->list;
  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      int j = list->firstneigh[i][jj];
      if (force->special_lj[j >> SBBITS & 3] == 0.0) continue;
      j &= NEIGHMASK;
      double d[3];
      for (int k = 0; k < 3; k++) d[k] = qx[3 * i + k] - qx[3 * j + k];
      fn(i, j, d, spring(i, j));
    }
  }
}

void RunDemVariational::forward(std::vector<double> &v)
{
  exchanged = v.data();
  comm->forward_comm(comm_fix);
}

// ghosts' sums to their owners: with newton off every rank holding a pair adds to its own atom
void RunDemVariational::reverse(std::vector<double> &v)
{
  if (!force->newton_pair) return;
  exchanged = v.data();
  comm->reverse_comm(comm_fix);
}

// out = -spring_scale grad V(qx) + dashpot_scale F_d(qx, v) on the owned atoms (v: 6 per atom,
// owned and ghost; ignored where dashpot_scale is 0)
void RunDemVariational::add_forces(const double *qx, const double *v, double spring_scale, double dashpot_scale,
                                   const WallClock &clock, std::vector<double> &out)
{
  place_walls(clock);
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  std::fill_n(out.begin(), DOF * nall, 0.0);
  const double *radius = atom->radius;
  for_each_pair(qx, [&](int i, int j, const double *d, const gs_vi_spring &s) {
    double g[3];
    double *oi = &out[DOF * i], *oj = &out[DOF * j];
    gs_vi_spring_gradient(&s, d, g);
    for (int k = 0; k < 3; k++) {
      oi[k] -= spring_scale * g[k];
      oj[k] += spring_scale * g[k];
    }
    if (dashpot_scale != 0.0)
      gs_vi_pair_dashpots_add(&s, d, radius[i], radius[j], &v[DOF * i], &v[DOF * j], dashpot_scale, oi, oj);
  });
  reverse(out);
  for (int i = 0; i < nlocal; i++) {
    double *oi = &out[DOF * i];
    for (const Gravity &gravity : gravities)
      if (atom->mask[i] & gravity.groupbit)
        for (int k = 0; k < 3; k++) oi[k] += spring_scale * atom->rmass[i] * gravity.acceleration[k];
    for (std::size_t k = 0; k < walls.size(); k++) {
      if (!(atom->mask[i] & walls[k].groupbit)) continue;
      const gs_vi_wall w = wall(k, i);
      double g[3];
      gs_vi_wall_gradient(&w, &qx[3 * i], radius[i], g);
      for (int d = 0; d < 3; d++) oi[d] -= spring_scale * g[d];
      if (dashpot_scale != 0.0)
        gs_vi_wall_dashpots_add(&w, &qx[3 * i], radius[i], &v[DOF * i], dashpot_scale, 1, oi);
    }
  }
}

// out = (M / h + h alpha (1 - alpha) H + D / 2) u on the owned atoms; atoms not integrated keep
// u = 0 and out = u (their rows of the system are the identity)
void RunDemVariational::apply_operator(const double *qx, std::vector<double> &u, std::vector<double> &out)
{
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  const double h = update->dt, c = h * alpha * (1.0 - alpha);
  const double *radius = atom->radius;
  place_walls({alpha, alpha, alpha});
  for (int i = 0; i < nlocal; i++)
    if (dof_mass[DOF * i] == 0.0) std::fill_n(&u[DOF * i], DOF, 0.0);
  forward(u);
  std::fill_n(out.begin(), DOF * nall, 0.0);
  for_each_pair(qx, [&](int i, int j, const double *d, const gs_vi_spring &s) {
    gs_vi_pair_operator_add(&s, d, radius[i], radius[j], c, &u[DOF * i], &u[DOF * j], &out[DOF * i], &out[DOF * j]);
  });
  reverse(out);
  for (int i = 0; i < nlocal; i++) {
    for (std::size_t k = 0; k < walls.size(); k++)
      if (atom->mask[i] & walls[k].groupbit) {
        const gs_vi_wall w = wall(k, i);
        gs_vi_wall_operator_add(&w, &qx[3 * i], radius[i], c, &u[DOF * i], &out[DOF * i]);
      }
    for (int d = 0; d < DOF; d++) {
      const int a = DOF * i + d;
      out[a] = dof_mass[a] == 0.0 ? u[a] : out[a] + dof_mass[a] / h * u[a];
    }
  }
  products_total++;
}

// a . b and c . e over all ranks in one reduction
void RunDemVariational::dot_owned2(const std::vector<double> &a, const std::vector<double> &b,
                                   const std::vector<double> &c, const std::vector<double> &e, double *sums) const
{
  double here[2] = {0.0, 0.0};
  for (int k = 0; k < DOF * atom->nlocal; k++) {
    here[0] += a[k] * b[k];
    here[1] += c[k] * e[k];
  }
  MPI_Allreduce(here, sums, 2, MPI_DOUBLE, MPI_SUM, world);
}

double RunDemVariational::dot_owned(const std::vector<double> &a, const std::vector<double> &b) const
{
  double here = 0.0, all = 0.0;
  for (int k = 0; k < DOF * atom->nlocal; k++) here += a[k] * b[k];
  MPI_Allreduce(&here, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

// Conjugate gradients for the Newton correction sol from res, to |r| <= 1e-15 |res| (the paper's),
// preconditioned by the diagonal M / h: a sphere's rotations weigh I / h = 0.4 m r^2 / h against its
// translations' m / h, and unpreconditioned CG took most of its iterations to balance the two.
void RunDemVariational::solve(const double *qx)
{
  const int n = DOF * atom->nlocal;
  const double h = update->dt;
  const auto precondition = [&]() {
    for (int k = 0; k < n; k++) cg_z[k] = dof_mass[k] == 0.0 ? cg_r[k] : h / dof_mass[k] * cg_r[k];
  };
  std::fill_n(sol.begin(), n, 0.0);
  std::copy_n(res.begin(), n, cg_r.begin());
  precondition();
  std::copy_n(cg_z.begin(), n, cg_dir.begin());
  double sums[2];
  dot_owned2(cg_r, cg_r, cg_r, cg_z, sums);
  double rr = sums[0], rz = sums[1];
  const double stop = 1e-30 * rr;
  const bigint limit = 10 * DOF * atom->natoms;
  for (bigint it = 0; it < limit && rr > stop; it++) {
    apply_operator(qx, cg_dir, cg_adir);
    const double step = rz / dot_owned(cg_dir, cg_adir);
    for (int k = 0; k < n; k++) {
      sol[k] += step * cg_dir[k];
      cg_r[k] -= step * cg_adir[k];
    }
    precondition();
    dot_owned2(cg_r, cg_r, cg_r, cg_z, sums);
    for (int k = 0; k < n; k++) cg_dir[k] = cg_z[k] + sums[1] / rz * cg_dir[k];
    rr = sums[0];
    rz = sums[1];
  }
}

// One step (the driver gs_vi_step() in src/verify, across ranks): dq holds the new positions'
// and rotation angles' increments; the momenta p = M v live in v and omega.
void RunDemVariational::step()
{
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  const double h = update->dt;
  for (auto *v : {&dq, &dq_from, &vel0, &vel, &past, &load, &res, &sol, &cg_r, &cg_z, &cg_dir, &cg_adir})
    if (v->size() < static_cast<std::size_t>(DOF * nall)) v->resize(DOF * atom->nmax);
  if (dof_mass.size() < static_cast<std::size_t>(DOF * nlocal)) dof_mass.resize(DOF * atom->nmax);
  if (qx.size() < static_cast<std::size_t>(3 * nall)) qx.resize(3 * atom->nmax);

  double **x = atom->x, **v = atom->v, **omega = atom->omega;
  for (int i = 0; i < nall; i++) {
    const bool moves = atom->mask[i] & integrate_groupbit;
    for (int k = 0; k < 3; k++) {
      vel0[DOF * i + k] = moves ? v[i][k] : 0.0;
      vel0[DOF * i + 3 + k] = moves ? omega[i][k] : 0.0;
    }
  }
  for (int i = 0; i < nlocal; i++) {
    const bool moves = atom->mask[i] & integrate_groupbit;
    const double m = atom->rmass[i], r = atom->radius[i];
    for (int k = 0; k < 3; k++) {
      dof_mass[DOF * i + k] = moves ? m : 0.0;
      dof_mass[DOF * i + 3 + k] = moves ? SPHERE_INERTIA * m * r * r : 0.0;
    }
  }
  // the dashpots' half at the start (the paper's Q^p), at q0: LAMMPS' positions, 3 per atom in a row
  add_forces(positions(), vel0.data(), 0.0, 0.5 * h, {0.0, 0.0, 0.0}, past);
  // first guess: free flight
  for (int a = 0; a < DOF * nall; a++) dq[a] = h * vel0[a];

  double first_dq = 0.0, size_here = 0.0, size = 0.0;
  for (int i = 0; i < nlocal; i++)
    for (int k = 0; k < 3; k++) size_here += x[i][k] * x[i][k];
  MPI_Allreduce(&size_here, &size, 1, MPI_DOUBLE, MPI_SUM, world);
  // the residual at the increments dq (res), its squared length
  double res_floor = 0.0;
  const auto residual = [&]() {
    for (int a = 0; a < DOF * nall; a++) vel[a] = dq[a] / h;
    for (int i = 0; i < nall; i++)
      for (int k = 0; k < 3; k++) qx[3 * i + k] = x[i][k] + alpha * dq[DOF * i + k];
    // -h (1 - alpha) grad V and the dashpots' half at the end (Q^-), at q_alpha
    add_forces(qx.data(), vel.data(), h * (1.0 - alpha), 0.5 * h, {alpha, 0.0, 1.0}, load);
    // and the size of its terms, whose round-off bounds how far it can fall
    double here[2] = {0.0, 0.0}, sums[2];
    for (int a = 0; a < DOF * nlocal; a++) {
      if (dof_mass[a] == 0.0) {
        res[a] = 0.0;
        continue;
      }
      res[a] = dof_mass[a] * (vel0[a] - vel[a]) + load[a] + past[a];
      const double terms = dof_mass[a] * (std::fabs(vel0[a]) + std::fabs(vel[a])) + std::fabs(load[a]) +
          std::fabs(past[a]);
      here[0] += res[a] * res[a];
      here[1] += terms * terms;
    }
    MPI_Allreduce(here, sums, 2, MPI_DOUBLE, MPI_SUM, world);
    const double round_off = 64.0 * DBL_EPSILON;
    res_floor = round_off * round_off * sums[1];
    return sums[0];
  };
  double res_len = residual();
  const double first_res = res_len, tol2 = newton_tol * newton_tol;
  int it;
  // a free flight (no contact, no gravity) is solved by the first guess
  bool converged = res_len <= res_floor;
  for (it = 1; it <= max_newton && !converged; it++) {
    solve(qx.data());
    // Backtracking until the residual falls: with many spheres a contact at its onset can flip on
    // and off between iterations, and plain Newton then cycles (measured on the box fill: two
    // iterates in turn for 200 iterations; with 4 halvings at most, four). Where no fraction of
    // the correction lowers it, the step's solution lies on a contact's onset: the dashpots act
    // only while the spheres overlap, so their force jumps there (by eta v_n) and the residual
    // has no zero; the step ends at the iterate reached (counted, reported at the run's end).
    std::copy_n(dq.begin(), DOF * nlocal, dq_from.begin());
    double fraction = 1.0, trial_len = res_len;
    bool lowered = false;
    for (int halving = 0; halving <= 30 && !lowered; halving++, fraction *= 0.5) {
      for (int a = 0; a < DOF * nlocal; a++) dq[a] = dq_from[a] + fraction * sol[a];
      forward(dq);
      trial_len = residual();
      lowered = trial_len < res_len;
    }
    if (!lowered) {
      std::copy_n(dq_from.begin(), DOF * nlocal, dq.begin());
      forward(dq);
      residual();
      if (res_len > res_floor) {
        stalled++;
        stalled_residual = std::max(stalled_residual, std::sqrt(res_len / first_res));
      }
      converged = true;
      continue;
    }
    fraction *= 2.0;
    res_len = trial_len;
    const double step_len = fraction * fraction * dot_owned(sol, sol);
    if (it == 1) first_dq = step_len;
    // the paper's rule, or the correction below the positions' round-off (as the driver), or the
    // residual below its terms' round-off
    converged = res_len <= tol2 * first_res || step_len <= tol2 * first_dq ||
        step_len <= 16.0 * DBL_EPSILON * DBL_EPSILON * size || res_len <= res_floor;
  }
  newton_total += it - 1;
  steps_done++;
  if (!converged) {
    unconverged++;
    if (fail_is_error)
      error->all(FLERR, "run_style dem/variational: Newton did not converge in {} iterations at step {} "
                        "(on_fail warn continues; tol or maxiter loosen it)", max_newton, update->ntimestep);
    if (unconverged == 1 && comm->me == 0)
      error->warning(FLERR, "run_style dem/variational: Newton did not converge in {} iterations at step {} "
                            "(further steps counted at the run's end)", max_newton, update->ntimestep);
  }

  // momenta p1 = M dq / h - h alpha grad V(q_alpha) (qx: q_alpha of the final dq, from its residual);
  // positions q1
  add_forces(qx.data(), nullptr, 1.0, 0.0, {alpha, alpha, alpha}, load);
  for (int i = 0; i < nlocal; i++) {
    if (dof_mass[DOF * i] == 0.0) continue;
    for (int k = 0; k < 3; k++) {
      v[i][k] = dq[DOF * i + k] / h + h * alpha * load[DOF * i + k] / dof_mass[DOF * i + k];
      omega[i][k] = dq[DOF * i + 3 + k] / h;
    }
  }
  for (int i = 0; i < nall; i++)
    for (int k = 0; k < 3; k++) x[i][k] += dq[DOF * i + k];

  // atoms beyond half the skin from their last neighbor build may have missed a contact
  beyond_skin += beyond_half_skin(0.0);
}

// whether an owned atom's displacement since the last neighbor build plus its free flight over
// `flight` time exceeds half the skin, on any rank (never, where LAMMPS checks no distances)
bool RunDemVariational::beyond_half_skin(double flight) const
{
  double **xhold = neighbor->get_xhold();
  if (!neighbor->dist_check || !xhold) return false;
  const double half_skin = 0.5 * neighbor->skin;
  int far_here = 0, far = 0;
  for (int i = 0; i < atom->nlocal && !far_here; i++) {
    double dsq = 0.0, vsq = 0.0;
    for (int k = 0; k < 3; k++) {
      dsq += (atom->x[i][k] - xhold[i][k]) * (atom->x[i][k] - xhold[i][k]);
      vsq += atom->v[i][k] * atom->v[i][k];
    }
    far_here = std::sqrt(dsq) + flight * std::sqrt(vsq) > half_skin;
  }
  MPI_Allreduce(&far_here, &far, 1, MPI_INT, MPI_MAX, world);
  return far;
}

// LAMMPS' positions of owned and ghost atoms, one block of 3 per atom
const double *RunDemVariational::positions() const
{
  return atom->nmax > 0 ? atom->x[0] : nullptr;
}

// f and torque: the generalised forces at the step's end (thermo, dumps and computes read them);
// on energy steps the pair's energy as the springs'
void RunDemVariational::write_forces()
{
  const double *qx = positions();
  if ((eflag & ENERGY_ATOM) || (vflag & (VIRIAL_ATOM | VIRIAL_CENTROID)))
    error->all(FLERR, "run_style dem/variational: per-atom energy and virial (compute pe/atom, stress/atom) are "
                      "not computed");
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  // as the step saw them: atoms not integrated at rest
  for (int i = 0; i < nall; i++) {
    const bool moves = atom->mask[i] & integrate_groupbit;
    for (int k = 0; k < 3; k++) {
      vel[DOF * i + k] = moves ? atom->v[i][k] : 0.0;
      vel[DOF * i + 3 + k] = moves ? atom->omega[i][k] : 0.0;
    }
  }
  forward(vel);
  add_forces(qx, vel.data(), 1.0, 1.0, {1.0, 1.0, 1.0}, load);
  for (int i = 0; i < nlocal; i++)
    for (int k = 0; k < 3; k++) {
      atom->f[i][k] = load[DOF * i + k];
      atom->torque[i][k] = load[DOF * i + 3 + k];
    }
  const bool energy = eflag & ENERGY_GLOBAL, virial = vflag & (VIRIAL_PAIR | VIRIAL_FDOTR);
  if (!energy && !virial) return;
  double spring_energy = 0.0, w[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  const double *radius = atom->radius;
  for_each_pair(qx, [&](int i, int j, const double *d, const gs_vi_spring &s) {
    // newton off: a pair with a ghost is held by both ranks
    const double share = j < nlocal || force->newton_pair ? 1.0 : 0.5;
    if (energy) spring_energy += share * gs_vi_spring_energy(&s, d);
    if (virial) {
      double g[3], fi[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, fj[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
      gs_vi_spring_gradient(&s, d, g);
      gs_vi_pair_dashpots_add(&s, d, radius[i], radius[j], &vel[DOF * i], &vel[DOF * j], 1.0, fi, fj);
      for (int k = 0; k < 3; k++) fi[k] -= g[k];
      const double v[6] = {d[0] * fi[0], d[1] * fi[1], d[2] * fi[2], d[0] * fi[1], d[0] * fi[2], d[1] * fi[2]};
      for (int k = 0; k < 6; k++) w[k] += share * v[k];
    }
  });
  if (energy) pair->eng_vdwl = spring_energy;
  if (virial)
    for (int k = 0; k < 6; k++) pair->virial[k] = w[k];
}

void RunDemVariational::run(int n)
{
  const int n_end_of_step = modify->n_end_of_step;
  const int sortflag = atom->sortfreq > 0;
  for (int i = 0; i < n; i++) {
    if (timer->check_timeout(i)) {
      update->nsteps = i;
      break;
    }
    const bigint ntimestep = ++update->ntimestep;
    ev_set(ntimestep);
    timer->stamp();

    // the step starts from positions whose ghosts are current and whose list holds every pair the
    // step can bring into contact: also rebuilt where an atom's free flight over the step would
    // take it beyond half the skin (LAMMPS' check looks at the step's start only)
    if (!neighbor->decide() && !beyond_half_skin(update->dt)) {
      comm->forward_comm();
      timer->stamp(Timer::COMM);
    } else {
      if (modify->n_pre_exchange) modify->pre_exchange();
      domain->pbc();
      if (domain->box_change) {
        domain->reset_box();
        comm->setup();
        if (neighbor->style) neighbor->setup_bins();
      }
      comm->exchange();
      if (sortflag && ntimestep >= atom->nextsort) atom->sort();
      comm->borders();
      timer->stamp(Timer::COMM);
      if (modify->n_pre_neighbor) modify->pre_neighbor();
      neighbor->build(1);
      if (modify->n_post_neighbor) modify->post_neighbor();
      timer->stamp(Timer::NEIGH);
    }

    step();
    write_forces();
    timer->stamp(Timer::PAIR);

    if (n_end_of_step) modify->end_of_step();
    timer->stamp(Timer::MODIFY);
    if (ntimestep == output->next) {
      output->write(ntimestep);
      timer->stamp(Timer::OUTPUT);
    }
  }
}

void RunDemVariational::cleanup()
{
  if (comm->me == 0 && steps_done > 0) {
    utils::logmesg(lmp,
                   "run_style dem/variational: {} steps, {:.3g} Newton iterations and {:.3g} operator products "
                   "per step, {} unconverged\n",
                   steps_done, double(newton_total) / steps_done, double(products_total) / steps_done,
                   unconverged);
    if (stalled)
      utils::logmesg(lmp,
                     "run_style dem/variational: {} steps ended where no fraction of Newton's correction lowered "
                     "the residual, as at a contact's onset, where the dashpots' force jumps (largest left: {:.2g} "
                     "of the step's first)\n",
                     stalled, stalled_residual);
    if (beyond_skin)
      error->warning(FLERR, "run_style dem/variational: in {} steps atoms moved beyond half the neighbor skin "
                            "within the step (contacts may have been missed: a larger skin or smaller timestep)",
                     beyond_skin);
  }
  Verlet::cleanup();
}
