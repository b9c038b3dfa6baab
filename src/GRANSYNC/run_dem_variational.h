/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   run_style dem/variational: the variational integrator of De Klerk et al. (2022) for
   granular/sync's Hooke or Hertz contacts with viscous normal and tangential dashpots (no friction). Each
   step solves the discrete Euler-Lagrange residual for the new positions and rotation increments of
   all integrated spheres by Newton's method with matrix-free conjugate gradients, the pair and wall
   terms from the C core (gs_variational.h), across ranks by forward and reverse communication.
------------------------------------------------------------------------- */

#ifdef INTEGRATE_CLASS
IntegrateStyle(dem/variational,RunDemVariational);
#else

#ifndef LMP_RUN_DEM_VARIATIONAL_H
#define LMP_RUN_DEM_VARIATIONAL_H

#include "verlet.h"

#include "gs_contact.h"
#include "gs_variational.h"

#include <vector>

namespace LAMMPS_NS {

class RunDemVariational : public Verlet {
 public:
  RunDemVariational(class LAMMPS *, int, char **);
  ~RunDemVariational() override;
  void init() override;
  void setup(int flag) override;
  void setup_minimal(int flag) override;
  void run(int) override;
  void cleanup() override;

  // what the helper fix's communication packs: the 6-vector per atom named here
  double *exchanged = nullptr;

 private:
  double alpha = 0.5, newton_tol = 1e-13;
  int max_newton = 200;
  bool fail_is_error = true;

  int integrate_groupbit = 0;
  struct Wall {
    const class PlaneWall *fix;
    int side;    // 0: its lo plane, 1: its hi one (a cylinder: 0)
    int groupbit;
  };
  std::vector<Wall> walls;
  // when the walls stand (at) and over which times their velocity is taken (from, to: their mean,
  // or at `to` where equal), in steps after the step's start
  struct WallClock {
    double at, from, to;
  };
  std::vector<gs_vi_wall> placed;    // the walls as place_walls() put them
  struct Gravity {
    const double *acceleration;
    int groupbit;
  };
  std::vector<Gravity> gravities;
  class GranularSyncPair *pair = nullptr;
  class Fix *comm_fix = nullptr;

  // 6 per atom (owned and ghost): position or rotation increment, velocity or spin, ...
  std::vector<double> dq, dq_from, vel0, vel, past, load, res, sol, cg_r, cg_z, cg_dir, cg_adir;
  std::vector<double> qx;          // q_alpha, 3 per atom (owned and ghost)
  std::vector<double> dof_mass;    // per owned atom: mass (0-2) and moment of inertia (3-5), 0: not integrated

  // statistics of this run
  bigint steps_done = 0, newton_total = 0, products_total = 0, unconverged = 0, beyond_skin = 0, stalled = 0;
  double stalled_residual = 0.0;

  void step();
  gs_vi_spring spring(int i, int j) const;
  template <class Fn> void for_each_pair(const double *qx, Fn &&fn) const;
  void place_walls(const WallClock &clock);
  gs_vi_wall wall(std::size_t k, int i) const;
  void forward(std::vector<double> &v);
  void reverse(std::vector<double> &v);
  void add_forces(const double *qx, const double *v, double spring_scale, double dashpot_scale,
                  const WallClock &clock, std::vector<double> &out);
  void apply_operator(const double *qx, std::vector<double> &u, std::vector<double> &out);
  double dot_owned(const std::vector<double> &a, const std::vector<double> &b) const;
  void dot_owned2(const std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &c,
                  const std::vector<double> &e, double *sums) const;
  void solve(const double *qx);
  void write_forces();
  bool beyond_half_skin(double flight) const;
  const double *positions() const;
  template <class Fn> void as_verlet(Fn &&setup);
};

}    // namespace LAMMPS_NS

#endif
#endif
