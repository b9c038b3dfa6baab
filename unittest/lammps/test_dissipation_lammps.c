/* SPDX-License-Identifier: GPL-2.0-or-later
 * compute dissipation/sync through LAMMPS:
 * - a sphere launched sliding on a rough floor loses m v0^2 / 7 to friction before it rolls
 *   (rigid-body mechanics), and the energy balance holds to the integrator's error;
 * - one step of a spinning loading contact creates Hanley & O'Sullivan's eq. 40 (with the slip lever
 *   r of stock's convention) or eq. 45 (sliding); a damped loading step their eq. 53 (equal masses,
 *   in their accounting) and v^2 dt^2 (kn^2 dt^2 - gamma^2) / (8 m*) in gransync's;
 * - a polydisperse damped frictional pour (hertz/material and hooke, rolling, twisting, a plane and a
 *   region wall, both orderings, and fix nve/sphere/sync scheme consistent): kinetic + rotational + gravitational + stored + dissipated stays
 *   constant up to an error that shrinks with the step (at least 4x for a step 4x smaller;
 *   measured: 10-12x, about second order); a channel left out would leave a gap that does not shrink;
 * - springs released as a contact opens are counted also when the neighbor list is rebuilt in that
 *   step;
 * - the accumulators survive write_restart/read_restart (against the same run split without a file)
 *   and migration (this binary on 2 ranks against one rank, newton on and off, through 10000 steps of
 *   the pour, where the runs agree to 1e-14: tolerance 1e-10);
 * - per-atom values sum to the global ones, the compute's group selects atoms;
 * - the pour's balance, restart and migration with its walls as triangle meshes (fix
 *   wall/gran/sync/mesh: contacts that move from facet to facet and end);
 * - what cannot work is refused with a message naming the command. */
#include "gs_lmp.h"
#include "gs_mesh_files.h"

static const char *const POUR_MODELS[] = {
    "hertz/material 1e7 0.5 0.3 damping coeff_restitution tangential linear_history 1e4 0.5 0.5 "
    "rolling sds 1000 1e-3 0.2 twisting sds 1e-4 1e-9 0.1",
    "hooke 2000 5000 damping mass_velocity tangential linear_history 1000 0.5 0.5 rolling sds 1000 1e-3 0.2 "
    "twisting sds 1e-4 1e-9 0.1"};

/* the balance's terms as variables: ke, rot, pe (pair, walls, gravity), diss (compute d) and total */
static void balance_variables(void *lmp)
{
  gs_lines(lmp, "compute rot all erotate/sphere;compute ke all ke;variable ke equal c_ke;variable rot equal c_rot;"
                "variable pe equal pe;variable diss equal c_d[9];variable total equal c_ke+c_rot+pe+c_d[9];"
                "thermo_style custom step c_ke c_rot pe c_d[9];thermo_modify norm no");
}

/* 300 spheres of two sizes (d = 4 and 1.5 mm) dropped into a cylinder with a floor */
static void pour_atoms(void *lmp, const char *newton)
{
  gs_cmd(lmp, "newton %s", newton);
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.05 0.05 -0.05 0.05 0 0.08;create_box 2 box;"
                "region fill cylinder z 0 0 0.04 0.003 0.07;"
                "create_atoms 1 random 300 4321 fill overlap 0.006 maxtry 200;"
                "set type 1 type/fraction 2 0.4 4321;set type 1 diameter 0.004 density 2500;"
                "set type 2 diameter 0.0015 density 2500;velocity all create 1e-3 4321 loop geom");
}

/* fix nve/sphere/sync's keywords in the pour */
static const char *pour_integrator = "";
/* the pour's walls: a plane and a region (0), or meshes of them (1: a floor of 72 triangles, a
 * cylinder of 64 facets whose flat angle makes it one surface) */
static int pour_meshes = 0;

static void write_pour_meshes(void)
{
  static tri t[8 * 64];
  write_stl_ascii("gs_dissipation_floor.stl", t, height_field(t, -0.06, 0.06, -0.06, 0.06, 6, zero_height));
  write_stl_ascii("gs_dissipation_drum.stl", t, tessellated_cylinder(t, 0.045, 64));
  MPI_Barrier(MPI_COMM_WORLD);
}

/* the pour's styles, which a restart file does not hold */
static void pour_styles(void *lmp, const char *ordering, const char *model, double dt)
{
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * %s", model);
  gs_cmd(lmp, "fix nve all nve/sphere/sync%s", pour_integrator);
  gs_lines(lmp, "fix grav all gravity 9.81 vector 0 0 -1;fix_modify grav energy yes;"
                "region drum cylinder z 0 0 0.045 -1 1 side in");
  if (pour_meshes) {
    gs_cmd(lmp, "fix floor all wall/gran/sync/mesh granular %s file gs_dissipation_floor.stl ordering %s", model,
           ordering);
    gs_cmd(lmp, "fix side all wall/gran/sync/mesh granular %s file gs_dissipation_drum.stl flat 10 ordering %s", model,
           ordering);
  } else {
    gs_cmd(lmp, "fix floor all wall/gran/sync granular %s zplane 0 NULL ordering %s", model, ordering);
    gs_cmd(lmp, "fix side all wall/gran/sync/region granular %s region drum ordering %s", model, ordering);
  }
  gs_lines(lmp, "fix_modify floor energy yes;fix_modify side energy yes;compute d all dissipation/sync");
  gs_cmd(lmp, "timestep %.17g", dt);
  balance_variables(lmp);
}

static void *pour_newton(const char *ordering, const char *model, double dt, MPI_Comm comm, const char *newton)
{
  const char *args[] = {"gs_test", "-log", "none", "-screen", "none", "-nocite"};
  void *lmp = lammps_open(6, (char **) args, comm, NULL);
  lammps_command(lmp, "plugin load " GRANSYNC_PLUGIN);
  pour_atoms(lmp, newton);
  pour_styles(lmp, ordering, model, dt);
  return lmp;
}

static void *pour(const char *ordering, const char *model, double dt, MPI_Comm comm)
{
  return pour_newton(ordering, model, dt, comm, "on");
}

/* the dissipation vector (channels and total) */
static void dissipation_vector(void *lmp, double *out)
{
  int k;
  for (k = 0; k < 9; k++) {
    char name[32];
    snprintf(name, sizeof name, "d%d", k + 1);
    gs_cmd(lmp, "variable %s equal c_d[%d]", name, k + 1);
    out[k] = gs_var(lmp, name);
  }
}

/* The sphere slides, friction spins it up until it rolls at 5/7 v0: friction takes m v0^2/7. */
static void test_slide(const char *ordering)
{
  void *lmp = gs_lmp_open();
  const double m = GS_PI / 6.0, v0 = 1.0, kn = 1e5;
  double e0, e1, diss[9], friction;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary p p f;comm_modify vel yes;"
                "region box block -50 50 -5 5 -1 5;create_box 1 box;create_atoms 1 single 0 0 0.5;"
                "set atom 1 diameter 1.0 density 1.0;pair_style granular/sync;pair_coeff * * hooke 1e5 0 "
                "tangential linear_history 1e5 0 0.5;fix nve all nve/sphere/sync;fix grav all gravity 1.0 vector 0 0 -1;"
                "fix_modify grav energy yes;compute d all dissipation/sync;timestep 1e-3");
  gs_cmd(lmp, "set atom 1 z %.17g vx %.17g", 0.5 - m / kn, v0); /* resting at the static overlap */
  gs_cmd(lmp, "fix floor all wall/gran/sync granular hooke 1e5 0 tangential linear_history 1e5 0.5 0.5 "
              "zplane 0 NULL ordering %s", ordering);
  gs_cmd(lmp, "fix_modify floor energy yes");
  balance_variables(lmp);
  gs_cmd(lmp, "run 0 post no");
  e0 = gs_var(lmp, "total");
  gs_cmd(lmp, "run 1500 post no"); /* rolling from t = 2 v0 / (7 mu g) = 0.57 */
  e1 = gs_var(lmp, "total");
  dissipation_vector(lmp, diss);
  friction = diss[1] + diss[2];
  GS_CHECK(fabs(friction - m * v0 * v0 / 7.0) < 1e-4 * m * v0 * v0 / 7.0,
           "%s: sliding sphere: friction dissipated %.10g (damping %.3g, slip %.10g), rigid-body mechanics m v0^2/7 "
           "= %.10g", ordering, friction, diss[1], diss[2], m * v0 * v0 / 7.0);
  GS_CHECK(fabs(e1 - e0) < 1e-6 * e0, "%s: sliding sphere: balance %.12g -> %.12g", ordering, e0, e1);
  GS_CHECK(diss[2] > 0.5 * friction, "%s: sliding sphere: slip %.6g of %.6g", ordering, diss[2], friction);
  lammps_close(lmp);
}

/* Two overlapping spheres fly apart, one spinning about the contact normal and across it: the
 * contact opens with its tangential and twisting springs loaded, and releasing them is counted as
 * slip. The same whether the neighbor list is rebuilt at every step (also in the step the contact
 * opens, where LAMMPS' list drops the history of pairs that do not touch at the build) or never. */
static void opening_dissipation(const char *ordering, const char *rebuild, double *out)
{
  void *lmp = gs_lmp_open();
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box;"
                "create_atoms 1 single -0.00099 0 0;create_atoms 1 single 0.00099 0 0;"
                "set atom * diameter 0.002 density 2500;set atom 1 omega 100 0 3000;neighbor 0.0005 bin;"
                "compute d all dissipation/sync;timestep 1e-6");
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * hooke 1e3 0.0 tangential linear_history 500 0.0 0.3 twisting sds 1e-6 0 0.1");
  gs_cmd(lmp, "fix nve all nve/sphere/sync");
  gs_cmd(lmp, "neigh_modify every %s delay 0 check no", rebuild);
  gs_cmd(lmp, "run 400 post no");
  gs_cmd(lmp, "variable apart equal x[2]-x[1]-0.002");
  GS_CHECK(gs_var(lmp, "apart") > 0.0, "%s, neigh_modify every %s: the spheres separated", ordering, rebuild);
  dissipation_vector(lmp, out);
  lammps_close(lmp);
}

static void test_opening_at_reneighboring(const char *ordering)
{
  double every_step[9], never[9];
  opening_dissipation(ordering, "1", every_step);
  opening_dissipation(ordering, "100000", never);
  GS_CHECK(never[2] > 0.0 && never[6] > 0.0 && gs_maxrel(every_step, never, 9) < 1e-12,
           "%s: released springs counted alike with the list rebuilt at every step and never: tangential slip %.12g "
           "and %.12g, twisting slip %.12g and %.12g, in all %.12g and %.12g", ordering, every_step[2], never[2],
           every_step[6], never[6], every_step[8], never[8]);
}

/* A damped head-on collision (hooke, mass_velocity damping, restitution about 0.5, some 230 steps
 * of contact) at a fixed step, in one run (variant 0) and split into five runs (1), and with a
 * timestep that changes every step (fix dt/reset, its end_of_step before (2) and after (3) the
 * compute's); returns how far the balance moves, relative to the energy dissipated. */
static double collision_gap(int variant, double *dissipated)
{
  void *lmp = gs_lmp_open();
  double e0, e1;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box;create_atoms 1 single 0 0 0;"
                "create_atoms 1 single 0.002 0 0;set group all diameter 0.002 density 2500;neighbor 1e-3 bin;"
                "set atom 1 vx 0.05;set atom 2 vx -0.05;pair_style granular/sync;"
                "pair_coeff * * hooke 1e5 5.9e4 damping mass_velocity tangential linear_history 8e4 0.5 0.5;"
                "fix nve all nve/sphere/sync;timestep 1e-7");
  /* dt/reset: 1e-7 at the start (5e-9 m at 0.05 m/s), longer as the spheres slow, at most 2e-7 */
  if (variant == 2) gs_cmd(lmp, "fix dt all dt/reset 1 5e-8 2e-7 5e-9 units box");
  gs_cmd(lmp, "compute d all dissipation/sync");
  if (variant == 3) gs_cmd(lmp, "fix dt all dt/reset 1 5e-8 2e-7 5e-9 units box");
  balance_variables(lmp);
  gs_cmd(lmp, "run 0 post no");
  e0 = gs_var(lmp, "total");
  if (variant == 1)
    gs_lines(lmp, "run 50 post no;run 20 post no;run 100 post no;run 50 post no;run 200 post no");
  else
    gs_cmd(lmp, "run %d post no", variant == 0 ? 420 : 400);
  e1 = gs_var(lmp, "total");
  *dissipated = gs_var(lmp, "diss");
  gs_cmd(lmp, "variable apart equal x[2]-x[1]-0.002");
  GS_CHECK(gs_var(lmp, "apart") > 0.0, "collision (variant %d): the spheres separated", variant);
  lammps_close(lmp);
  return (e1 - e0) / *dissipated;
}

/* A run's set-up recomputes the forces its first half kick applies: the compute takes their loads'
 * pending halves instead of the last step's, so a run split into several closes its balance as the
 * whole run does (6e-8 of the dissipated apart here; with the last step's halves, 4e-5). A timestep
 * that changes gives the pending halves the timestep of the kick that applies them: with fix
 * dt/reset the balance closes to 2e-6 (with the old timestep's halves, 4e-3). */
static void test_collision_timesteps(void)
{
  double dissipated, whole, split, gap;
  int variant;
  whole = collision_gap(0, &dissipated);
  split = collision_gap(1, &dissipated);
  GS_CHECK(fabs(whole) < 1e-4 && fabs(split - whole) < 1e-6,
           "collision: the balance moves by %.6g of the %.6g J dissipated in one run, by %.6g in five", whole,
           dissipated, split);
  for (variant = 2; variant <= 3; variant++) {
    gap = collision_gap(variant, &dissipated);
    GS_CHECK(dissipated > 0.5 * 1.0472e-5 * 0.05 * 0.05 && fabs(gap) < 1e-5,
             "collision with fix dt/reset defined %s the compute: the balance moves by %.3g of the %.6g J dissipated",
             variant == 2 ? "before" : "after", gap, dissipated);
  }
}

/* One damped loading step through LAMMPS (the core's check_one_damped_step in
 * unittest/core/test_dissipation.c): spheres made to touch on a step, one closing at v, hooke with
 * velocity damping gamma. In gransync's accounting (ke + pe + c_d[9] after less before) the step
 * creates v^2 dt^2 (kn^2 dt^2 - gamma^2) / (8 m*) for any masses; in Hanley & O'Sullivan's (strain
 * energy |F|^2 / (2 kn) of the total force, damping energy gamma v^2 dt) their eq. 53 for equal ones. */
static void test_damped_step(const char *ordering, double density_j)
{
  void *lmp = gs_lmp_open();
  const double kn = 1e5, gamma = 0.05, v = 0.3, r = 1e-3, dt = 1e-6;
  const double mi = 2500 * 4.0 / 3.0 * GS_PI * r * r * r, mj = density_j * 4.0 / 3.0 * GS_PI * r * r * r;
  const double mstar = mi * mj / (mi + mj), expected = v * v * dt * dt * (kn * kn * dt * dt - gamma * gamma) / (8 * mstar);
  double e0, e1, ke0, ke1, force;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box;create_atoms 1 single 0 0 0.002;"
                "create_atoms 1 single 0 0 0;set group all diameter 0.002;set atom 1 density 2500;neighbor 1e-3 bin;"
                "fix nve all nve/sphere/sync;variable fz equal fz[1]");
  gs_cmd(lmp, "set atom 2 density %.17g", density_j);
  gs_cmd(lmp, "set atom 1 vz %.17g", -v);
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * hooke %.17g %.17g damping velocity tangential linear_nohistory 0 0.5", kn, gamma);
  gs_cmd(lmp, "timestep %.17g", dt);
  gs_cmd(lmp, "compute d all dissipation/sync");
  balance_variables(lmp);
  gs_cmd(lmp, "run 0 post no");
  e0 = gs_var(lmp, "total");
  ke0 = gs_var(lmp, "ke");
  gs_cmd(lmp, "run 1 post no");
  e1 = gs_var(lmp, "total");
  ke1 = gs_var(lmp, "ke");
  force = gs_var(lmp, "fz");
  GS_CHECK(fabs(e1 - e0 - expected) <= 1e-9 * fabs(expected), "%s, masses %.3g and %.3g: a damped loading step "
           "creates %.12g, closed form v^2 dt^2 (kn^2 dt^2 - gamma^2) / (8 m*) %.12g", ordering, mi, mj, e1 - e0, expected);
  if (density_j == 2500) {
    const double eq53 = kn * kn * v * v * pow(dt, 4) / (4 * mi) +
                        gamma * v * v / (4 * mi * kn) * (2 * gamma * mi + kn * dt * (6 * mi + 2 * kn * dt * dt + gamma * dt));
    const double hanley = ke1 - ke0 + force * force / (2 * kn) + gamma * v * v * dt;
    GS_CHECK(fabs(hanley - eq53) <= 1e-9 * eq53, "%s: the same step in Hanley & O'Sullivan's accounting creates %.12g, "
             "their eq. 53 %.12g", ordering, hanley, eq53);
  }
  lammps_close(lmp);
}

/* One step through LAMMPS of Hanley & O'Sullivan's spinning contact (the core's check_spinning_step
 * in unittest/core/test_dissipation.c): ke + rotational + pe + c_d[9] after less before is their
 * eq. 40 with the slip lever r (sticking) and their eq. 45 (sliding), both orderings. */
static void test_spinning_step(const char *ordering, int sliding)
{
  void *lmp = gs_lmp_open();
  const double kn = 1e5, ks = 8e4, v = 0.3, w = 200.0, r = 1e-3, dt = 1e-6, mass = 4e-6;
  const double mu = sliding ? 0.05 : 10.0, poly = 28 * r * r - 20 * dt * v * r + 5 * dt * dt * v * v;
  const double expected = kn * kn * v * v * pow(dt, 4) / (4 * mass) +
                          (sliding ? mu * mu * kn * kn * v * v * pow(dt, 4) * poly / (32 * mass * r * r)
                                   : ks * ks * w * w * pow(dt, 4) * poly / (32 * mass));
  double e0, e1;
  gs_lines(lmp, "units si;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01;create_box 1 box;create_atoms 1 single 0 0 0.002;"
                "create_atoms 1 single 0 0 0;set group all diameter 0.002;neighbor 1e-3 bin;fix nve all nve/sphere/sync");
  gs_cmd(lmp, "set group all density %.17g", mass / (4.0 / 3.0 * GS_PI * r * r * r));
  gs_cmd(lmp, "set atom 1 vz %.17g omega %.17g 0 0", -v, w);
  gs_cmd(lmp, "pair_style granular/sync ordering %s", ordering);
  gs_cmd(lmp, "pair_coeff * * hooke %.17g 0 tangential linear_history %.17g 0 %.17g", kn, ks, mu);
  gs_cmd(lmp, "timestep %.17g", dt);
  gs_cmd(lmp, "compute d all dissipation/sync");
  balance_variables(lmp);
  gs_cmd(lmp, "run 0 post no");
  e0 = gs_var(lmp, "total");
  gs_cmd(lmp, "run 1 post no");
  e1 = gs_var(lmp, "total");
  GS_CHECK(fabs(e1 - e0 - expected) <= 1e-9 * expected,
           "%s, %s spinning loading step: creates %.12g, closed form (%s) %.12g", ordering,
           sliding ? "sliding" : "sticking", e1 - e0, sliding ? "eq. 45" : "eq. 40, slip lever r", expected);
  lammps_close(lmp);
}

/* the balance's change over 0.1 s of the pour at step dt, relative to the energy dissipated */
static double pour_gap(const char *ordering, const char *model, double dt, double *dissipated)
{
  void *lmp = pour(ordering, model, dt, MPI_COMM_WORLD);
  double e0, e1;
  gs_cmd(lmp, "run 0 post no");
  e0 = gs_var(lmp, "total");
  gs_cmd(lmp, "run %d post no", (int) (0.1 / dt + 0.5));
  e1 = gs_var(lmp, "total");
  *dissipated = gs_var(lmp, "diss");
  lammps_close(lmp);
  return (e1 - e0) / *dissipated;
}

static void test_pour_balance(const char *ordering, const char *model)
{
  const double dt = 5e-6;
  double d_coarse, d_fine;
  const double coarse = pour_gap(ordering, model, dt, &d_coarse);
  const double fine = pour_gap(ordering, model, dt / 4, &d_fine);
  GS_CHECK(d_coarse > 0.1 * 5.6e-3 && fabs(coarse) < 1e-3 && fabs(fine) * 4 < fabs(coarse),
           "%s%s, %s: the balance moves by %.3g of the %.4g J dissipated at dt = %g, by %.3g at dt/4 (%.4g J)",
           ordering, pour_integrator, model, coarse, d_coarse, dt, fine, d_fine);
}

/* a run split by a restart file against the same run split without one (a run's set-up recomputes
 * forces, which moves the trajectory at round-off: both have it) */
static void test_restart(const char *ordering)
{
  void *whole = pour(ordering, POUR_MODELS[0], 5e-6, MPI_COMM_WORLD);
  void *writer = pour(ordering, POUR_MODELS[0], 5e-6, MPI_COMM_WORLD);
  void *reader = gs_lmp_open();
  double a[9], b[9];
  gs_cmd(whole, "run 8000 post no");
  gs_cmd(writer, "run 8000 post no");
  dissipation_vector(writer, a);
  gs_cmd(writer, "write_restart dissipation.restart");
  lammps_close(writer);
  gs_cmd(reader, "read_restart dissipation.restart");
  gs_cmd(reader, "comm_modify vel yes");
  pour_styles(reader, ordering, POUR_MODELS[0], 5e-6);
  /* as written: what was reported and the halves still to come (which the next step overwrites) */
  gs_cmd(reader, "run 0 post no");
  dissipation_vector(reader, b);
  GS_CHECK(b[8] > 1e-5 && gs_maxrel(b, a, 9) < 1e-14, "%s: dissipated as read from the restart file %.15g, as "
           "written %.15g", ordering, b[8], a[8]);
  gs_cmd(whole, "run 2000 post no");
  gs_cmd(reader, "run 2000 post no");
  dissipation_vector(whole, a);
  dissipation_vector(reader, b);
  GS_CHECK(b[8] > 1e-5 && gs_maxrel(b, a, 9) < 1e-12,
           "%s: dissipated after a restart %.15g (slip %.15g), without one %.15g (slip %.15g)", ordering, b[8], b[2],
           a[8], a[2]);
  lammps_close(whole);
  lammps_close(reader);
  if (gs_rank() == 0) remove("dissipation.restart");
}

/* this run's ranks against one rank (each rank runs the one-rank copy); several ranks only */
static void test_ranks(const char *newton)
{
#ifndef GRANSYNC_NO_MPI
  void *here = pour_newton("synchronized", POUR_MODELS[0], 5e-6, MPI_COMM_WORLD, newton);
  void *alone = pour_newton("synchronized", POUR_MODELS[0], 5e-6, MPI_COMM_SELF, newton);
  double a[9], b[9];
  int nprocs;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  gs_cmd(here, "run 10000 post no");
  gs_cmd(alone, "run 10000 post no");
  dissipation_vector(here, a);
  dissipation_vector(alone, b);
  GS_CHECK(a[8] > 1e-5 && gs_maxrel(a, b, 9) < 1e-10, "%d ranks, newton %s: dissipated %.15g, one rank %.15g", nprocs,
           newton, a[8], b[8]);
  lammps_close(here);
  lammps_close(alone);
#else
  (void) newton;
#endif
}

/* per-atom columns sum to the vector; a compute of a group reports its atoms' part */
static void test_peratom(void)
{
  void *lmp = pour("synchronized", POUR_MODELS[0], 5e-6, MPI_COMM_WORLD);
  void *small = pour("synchronized", POUR_MODELS[0], 5e-6, MPI_COMM_WORLD);
  double part, sumpart;
  int k;
  gs_lines(lmp, "variable small atom type==2;"
                "compute sum all reduce sum c_d[1] c_d[2] c_d[3] c_d[4] c_d[5] c_d[6] c_d[7] c_d[8] c_d[9];"
                "variable dsmall atom c_d[9]*v_small;compute sumsmall all reduce sum v_dsmall;"
                "variable sumsmall equal c_sumsmall;run 6000 post no");
  gs_lines(small, "uncompute d;group small type 2;compute d small dissipation/sync;run 6000 post no");
  for (k = 0; k < 9; k++) {
    double global, summed;
    gs_cmd(lmp, "variable g equal c_d[%d]", k + 1);
    gs_cmd(lmp, "variable s equal c_sum[%d]", k + 1);
    global = gs_var(lmp, "g");
    summed = gs_var(lmp, "s");
    GS_CHECK(fabs(global - summed) <= 1e-12 * fabs(global), "channel %d: global %.15g, sum of per-atom %.15g",
             k + 1, global, summed);
  }
  sumpart = gs_var(lmp, "sumsmall");
  part = gs_var(small, "diss");
  GS_CHECK(part > 0.0 && part < gs_var(lmp, "diss") && fabs(part - sumpart) <= 1e-12 * part,
           "compute of group small: %.15g; per-atom sum over it %.15g; all %.15g", part, sumpart, gs_var(lmp, "diss"));
  lammps_close(lmp);
  lammps_close(small);
}

static void test_refused(void)
{
  const char *setup = "units si;atom_style sphere;boundary f f f;region box block 0 1 0 1 0 1;create_box 1 box;"
                      "create_atoms 1 single 0.5 0.5 0.5;set group all diameter 0.1 density 1;"
                      "comm_modify vel yes;fix nve all nve/sphere";
  static const char *const cases[][2] = {
      {"compute d all dissipation/sync extra", "compute dissipation/sync: takes no arguments"},
      {"fix f all DISSIPATION/SYNC x", "created by compute dissipation/sync"},
  };
  static const char *const nothing[][2] = {
      {"run 1", "compute dissipation/sync: nothing accumulates dissipation"},
  };
  static const char *const twice[][2] = {
      {"compute d2 all dissipation/sync", "compute dissipation/sync: only one per input"},
  };
  gs_expect_errors(setup, cases, sizeof cases / sizeof cases[0]);
  {
    char with_compute[1024];
    snprintf(with_compute, sizeof with_compute, "%s;pair_style granular;pair_coeff * * hooke 1 0 tangential "
             "linear_nohistory 0 0;compute d all dissipation/sync", setup);
    gs_expect_errors(with_compute, nothing, 1);
    snprintf(with_compute, sizeof with_compute, "%s;pair_style granular/sync ordering standard;pair_coeff * * hooke 1 0 tangential "
             "linear_nohistory 0 0;compute d all dissipation/sync", setup);
    gs_expect_errors(with_compute, twice, 1);
    {
      /* before the run: the loads' energy is taken at the end of velocity-Verlet steps; the
       * accumulators' fix deleted by hand */
      static const char *const before_run[][2] = {
          {"run_style respa 2 2", "compute dissipation/sync does not support run_style respa"},
          {"unfix d_DISSIPATION", "compute dissipation/sync: its accumulators"}};
      size_t k;
      for (k = 0; k < 2; k++) {
        void *lmp = gs_lmp_open();
        const char *msg;
        gs_lines(lmp, with_compute);
        gs_cmd(lmp, before_run[k][0]);
        msg = gs_cmd_error(lmp, "run 1");
        GS_CHECK(strstr(msg, before_run[k][1]) != NULL, "'%s', then run -> %s", before_run[k][0],
                 msg[0] ? msg : "(no error)");
        lammps_close(lmp);
      }
    }
  }
}

int main(int argc, char **argv)
{
  const char *orderings[] = {"standard", "synchronized"};
  int k, nprocs;
  MPI_Init(&argc, &argv);
  gs_check_silent = gs_rank() != 0;
  for (k = 0; k < 2; k++) {
    test_slide(orderings[k]);
    test_spinning_step(orderings[k], 0);
    test_damped_step(orderings[k], 2500);
    test_damped_step(orderings[k], 7000);
    test_spinning_step(orderings[k], 1);
    test_pour_balance(orderings[k], POUR_MODELS[k]);
    test_restart(orderings[k]);
    test_opening_at_reneighboring(orderings[k]);
  }
  test_pour_balance("synchronized", POUR_MODELS[0]);
  /* dashpots at t+dt: the loads are still the forces the half kicks apply */
  pour_integrator = " scheme consistent";
  test_pour_balance("synchronized", POUR_MODELS[1]);
  pour_integrator = "";
  test_collision_timesteps();
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs > 1) { /* (on one rank it would compare a run with itself) */
    test_ranks("on");
    test_ranks("off");
  }
  /* mesh walls: contacts moving from facet to facet, ending, restarting, migrating */
  write_pour_meshes();
  pour_meshes = 1;
  for (k = 0; k < 2; k++) test_pour_balance(orderings[k], POUR_MODELS[k]);
  test_restart("synchronized");
  if (nprocs > 1) test_ranks("on");
  pour_meshes = 0;
  if (gs_rank() == 0) {
    remove("gs_dissipation_floor.stl");
    remove("gs_dissipation_drum.stl");
  }
  test_peratom();
  test_refused();
  MPI_Barrier(MPI_COMM_WORLD);
  {
    const int failed = gs_check_summary();
    MPI_Finalize();
    return failed;
  }
}
