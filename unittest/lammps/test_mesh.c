/* SPDX-License-Identifier: GPL-2.0-or-later
 * fix wall/gran/sync/mesh, in LAMMPS:
 *   flat:      a floor of two triangles, and a fine tessellation of it, equals fix wall/gran/sync
 *              zplane to 1e-12 (both orderings, every normal and tangential model, rolling,
 *              twisting, cohesion, scheme consistent), the mesh read as ASCII STL, binary STL, OFF;
 *   cylinder:  a tessellated cylinder approaches the zcylinder wall as the tessellation refines
 *              (force magnitude second order in the facet angle, direction first, measured);
 *   seams:     spheres rolling, sliding and hopping across the convex edges, vertices and flat
 *              diagonals of a polyhedral dome: no spike in the force from step to step, no
 *              contact lost for a step (shallow concave creases step: doc/fix_wall_gran_sync_mesh.rst);
 *   drum:      a rotating box mesh equals the same rotation of a block region wall, both orderings
 *              (run on 1 and 2 ranks by ctest);
 *   restart:   a rotating mesh's histories and motion continue through a restart;
 *   errors:    unreadable, non-manifold, zero-area and out-of-units meshes, bad keywords.
 * usage: test_mesh flat|cylinder|seams|drum|restart|errors */
#include "gs_check.h"
#include "gs_combos.h"
#include "gs_lmp.h"
#include "gs_mesh_files.h"

#include <math.h>

/* ---- flat: a floor mesh equals the plane wall ------------------------------------------------------ */

static const char *const wall_model =
    "hertz/material 1e5 0.7 0.3 damping coeff_restitution tangential mindlin NULL 1.0 0.4 "
    "rolling sds 50 0.02 0.1 twisting marshall";

/* 100 spheres on the floor of a periodic box 0..2 (spheres of gs_lmp.h), the wall given */
static void *floor_run(const char *wall, const char *integrator)
{
  void *lmp = gs_lmp_open();
  gs_spheres(lmp, "p p fm", "0 2 0 2 0 2", "50 vector 0.4 0.1 -1", NULL);
  gs_cmd(lmp, "unfix integrate");
  gs_cmd(lmp, "fix integrate all %s", integrator);
  gs_lines(lmp, wall);
  return lmp;
}

static void flat_case(const char *mesh, const char *model, const char *ordering, const char *integrator,
                      const char *label)
{
  char plane[2048], ours[2048];
  void *a, *b;
  double worst;
  snprintf(plane, sizeof(plane), "fix wall all wall/gran/sync granular %s zplane 0 NULL ordering %s", model, ordering);
  snprintf(ours, sizeof(ours), "fix wall all wall/gran/sync/mesh granular %s file %s ordering %s", model, mesh,
           ordering);
  a = floor_run(plane, integrator);
  b = floor_run(ours, integrator);
  worst = gs_run_diff_close(b, a, 600, 1);
  GS_CHECK(worst <= 1e-12, "%s, %s, %s, %s: the mesh floor equals the plane wall (max rel diff %.2e)", label, model,
           ordering, integrator, worst);
}

static void test_flat(void)
{
  static const char *const orderings[] = {"standard", "synchronized"};
  static const char *const cohesive[] = {
      "dmt 1e5 0.7 0.3 5 damping viscoelastic tangential linear_history 800 0.5 0.5",
      "jkr 1e5 0.7 0.3 5 damping viscoelastic tangential mindlin NULL 1.0 0.5 rolling sds 50 0.02 0.1"};
  tri t[2 * 20 * 20];
  char words[512];
  int n, o, k;
  /* a floor beyond the periodic box, in two triangles and in 800 */
  n = height_field(t, -0.5, 2.5, -0.5, 2.5, 1, zero_height);
  write_stl_ascii("gs_mesh_floor2.stl", t, n);
  write_stl_binary("gs_mesh_floor2b.stl", t, n);
  n = height_field(t, -0.5, 2.5, -0.5, 2.5, 20, zero_height);
  write_stl_ascii("gs_mesh_floor800.stl", t, n);
  write_off("gs_mesh_floor800.off", t, n);
  MPI_Barrier(MPI_COMM_WORLD);
  for (o = 0; o < 2; o++) {
    /* every normal and tangential model, with and without rolling and twisting */
    for (k = 0; k < GS_COMBO_NORMALS * GS_COMBO_TANGENTIALS; k++) {
      const int normal = k % GS_COMBO_NORMALS, tangential = k / GS_COMBO_NORMALS;
      const int rolling = k % 2, twisting = gs_combo_valid(tangential, 2) ? 2 * (k % 2) : k % 2;
      gs_model_words(words, sizeof(words), normal, k % GS_COMBO_DAMPINGS, tangential, rolling, twisting, 1.0);
      flat_case(k % 2 ? "gs_mesh_floor800.stl" : "gs_mesh_floor2.stl", words, orderings[o], "nve/sphere",
                k % 2 ? "800 triangles" : "2 triangles");
    }
    for (k = 0; k < 2; k++) flat_case("gs_mesh_floor800.off", cohesive[k], orderings[o], "nve/sphere", "OFF, 800");
    flat_case("gs_mesh_floor2b.stl", wall_model, orderings[o], "nve/sphere", "binary STL, 2");
  }
  flat_case("gs_mesh_floor800.stl", wall_model, "synchronized", "nve/sphere/sync scheme consistent",
            "800 triangles");
  flat_case("gs_mesh_floor800.stl", wall_model, "synchronized", "nve/sphere/sync", "800 triangles");
  if (gs_rank() == 0) {
    remove("gs_mesh_floor2.stl");
    remove("gs_mesh_floor2b.stl");
    remove("gs_mesh_floor800.stl");
    remove("gs_mesh_floor800.off");
  }
}

/* ---- cylinder: a tessellation converges to the smooth wall ---------------------------------------- */

/* The wall forces on 256 spheres pressed against the inside of the wall (positions fixed: one
 * force evaluation), at every 256th of a turn: on every facet's middle, where the facet is
 * nearest the axis, and on every edge for all tessellations below. Hooke, so that the flatness
 * of the facets (no curvature) does not enter. */
#define CYLINDER_SPHERES 256
static double *cylinder_forces(const char *wall)
{
  void *lmp = gs_lmp_open();
  double *f;
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f p;region box block -1.2 1.2 -1.2 1.2 "
                "0 2;create_box 1 box;variable a atom 2*PI*(id-1)/256;variable z atom 2*(id-0.5)/256;"
                "variable x atom 0.93*cos(v_a);variable y atom 0.93*sin(v_a)");
  gs_cmd(lmp, "create_atoms 1 random %d 331 NULL", CYLINDER_SPHERES);
  gs_lines(lmp, "set group all x v_x;set group all y v_y;set group all z v_z;set group all diameter 0.2;"
                "set group all density 1.0;pair_style zero 0.3;pair_coeff * *;fix integrate all nve/sphere");
  gs_lines(lmp, wall);
  gs_cmd(lmp, "run 0 post no");
  f = gs_gather3(lmp, "f");
  lammps_close(lmp);
  return f;
}

/* The force's magnitude converges as the square of the facet angle (the facets' distance from the
 * axis: the largest error at a facet's middle, (1 - cos(pi/n)) R k), its direction as the facet
 * angle (a facet's normal is not radial off its middle: pi/n at its edges). */
static void test_cylinder(void)
{
  const char *model = "hooke 1e4 0 tangential linear_nohistory 0 0";
  const int facets[4] = {16, 32, 64, 128};
  static tri t[4 * 2 * 128];
  double magnitude[4], direction[4], *smooth;
  char wall[1024];
  int k, i;
  snprintf(wall, sizeof(wall), "fix wall all wall/gran/sync granular %s zcylinder 1.0", model);
  smooth = cylinder_forces(wall);
  for (k = 0; k < 4; k++) {
    double *f, scale = 0.0;
    const int n = tessellated_cylinder(t, 1.0, facets[k]);
    write_stl_ascii("gs_mesh_cylinder.stl", t, n);
    MPI_Barrier(MPI_COMM_WORLD);
    /* flat: adjacent facets (360/n degrees apart) are one smooth surface */
    snprintf(wall, sizeof(wall), "fix wall all wall/gran/sync/mesh granular %s file gs_mesh_cylinder.stl flat 30",
             model);
    f = cylinder_forces(wall);
    magnitude[k] = direction[k] = 0.0;
    for (i = 0; i < CYLINDER_SPHERES; i++) {
      const double *a = f + 3 * i, *b = smooth + 3 * i;
      const double la = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]), lb = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
      const double cross[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
      magnitude[k] = fmax(magnitude[k], fabs(la - lb));
      direction[k] = fmax(direction[k], atan2(sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]),
                                              a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
      scale = fmax(scale, lb);
    }
    magnitude[k] /= scale;
    free(f);
  }
  free(smooth);
  if (gs_rank() == 0) remove("gs_mesh_cylinder.stl");
  for (k = 1; k < 4; k++) {
    const double order2 = log(magnitude[k - 1] / magnitude[k]) / log(2.0), order1 = log(direction[k - 1] / direction[k]) / log(2.0);
    GS_CHECK(order2 > 1.9 && order2 < 2.1, "tessellated cylinder, %d -> %d facets: the force magnitude's error "
             "%.3e -> %.3e falls as the facet angle squared (order %.2f)", facets[k - 1], facets[k], magnitude[k - 1],
             magnitude[k], order2);
    GS_CHECK(order1 > 0.9 && order1 < 1.1, "tessellated cylinder, %d -> %d facets: the force direction's error "
             "%.3e -> %.3e rad falls as the facet angle (order %.2f)", facets[k - 1], facets[k], direction[k - 1],
             direction[k], order1);
  }
}

/* ---- seams: no force jumps across edges and vertices --------------------------------------------- */

/* A dome: the paraboloid interpolated on the grid has convex ridges between squares and apexes at
 * the vertices, and flat diagonals (a square's four points lift onto one plane). */
static double dome(double x, double y)
{
  return 0.5 - 0.1 * (x * x + y * y);
}

/* Spheres launched across the dome roll, slide and hop over its edges and vertices (each run
 * step by step). The wall's force on a sphere changes smoothly from step to step, impacts
 * included: no step's change is a spike, several times the changes of the steps before and after
 * it. A doubled contact (the normal force twice), a lost history (the tangential force gone) or
 * a seam's ghost contact shows as such a spike at the step it begins or ends. */
static void test_seams(void)
{
  static tri t[2 * 24 * 24];
  const int n = height_field(t, -3.0, 3.0, -3.0, 3.0, 24, dome);
  const int steps = 6000, spheres = 4;
  /* per sphere: the force at the last step (if it touched then), the changes over the two steps
   * before (-1: none), the steps since it last touched */
  double last[4][3], change[4][2], worst = 0.0, all_worst, largest = 0.0;
  int had[4], gap[4], s, i, touching = 0, all_touching, crossings = 0, all_crossings, cell_of[4], blinks = 0,
      all_blinks;
  void *lmp;
  write_stl_ascii("gs_mesh_dome.stl", t, n);
  MPI_Barrier(MPI_COMM_WORLD);
  lmp = gs_lmp_open();
  gs_lines(lmp, "units lj;atom_style sphere;atom_modify map array;boundary f f f;comm_modify vel yes;"
                "region box block -3 3 -3 3 -2 2;create_box 1 box;"
                "create_atoms 1 single -1.0 -1.0 0.5;create_atoms 1 single -1.0 0.5 0.6;"
                "create_atoms 1 single 0.3 -1.2 0.6;create_atoms 1 single -0.5 0.8 0.6;"
                "set group all diameter 0.4;set group all density 1.0;"
                "velocity all set 1.5 0.9 0;pair_style zero 0.5;pair_coeff * *;"
                "fix integrate all nve/sphere/sync;fix gravity all gravity 20 vector 0 0 -1;timestep 1e-4");
  gs_cmd(lmp, "fix wall all wall/gran/sync/mesh granular hertz/material 1e5 0.5 0.3 damping tsuji "
              "tangential mindlin NULL 1.0 0.5 rolling sds 50 0.02 0.1 file gs_mesh_dome.stl contacts");
  gs_cmd(lmp, "run 1000 post no"); /* landed */
  for (i = 0; i < spheres; i++) {
    had[i] = 0;
    gap[i] = 100;
    cell_of[i] = -1;
  }
  for (s = 0; s < steps; s++) {
    double **c;
    const int *id;
    gs_cmd(lmp, "run 1 post no");
    c = (double **) lammps_extract_fix(lmp, "wall", LMP_STYLE_ATOM, LMP_TYPE_ARRAY, 0, 0);
    id = (const int *) lammps_extract_atom(lmp, "id");
    for (i = 0; i < *(int *) lammps_extract_global(lmp, "nlocal"); i++) {
      const int a = id[i] - 1;
      double d = 0.0;
      int k, cell;
      if (c[i][0] == 0.0) {
        had[a] = 0;
        gap[a]++;
        continue;
      }
      /* contact lost for a step or two while rolling: a hop lasts far longer */
      blinks += gap[a] > 0 && gap[a] <= 2;
      gap[a] = 0;
      touching++;
      /* the square of triangles under the contact point (columns 4, 5: its x and y) */
      cell = (int) floor((c[i][4] + 3.0) * 4.0) * 100 + (int) floor((c[i][5] + 3.0) * 4.0);
      crossings += cell_of[a] >= 0 && cell != cell_of[a];
      cell_of[a] = cell;
      for (k = 0; k < 3; k++) {
        d += (c[i][k + 1] - last[a][k]) * (c[i][k + 1] - last[a][k]);
        last[a][k] = c[i][k + 1];
        largest = fmax(largest, fabs(c[i][k + 1]));
      }
      d = sqrt(d);
      if (!had[a]) {
        had[a] = 1;
        change[a][0] = change[a][1] = -1.0;
        continue;
      }
      if (change[a][0] >= 0.0 && change[a][1] >= 0.0)
        worst = fmax(worst, change[a][1] / (fmax(change[a][0], d) + 1e-3 * largest));
      change[a][0] = change[a][1];
      change[a][1] = d;
    }
  }
  MPI_Allreduce(&worst, &all_worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&touching, &all_touching, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&crossings, &all_crossings, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&blinks, &all_blinks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  GS_CHECK(all_touching > spheres * steps / 2 && all_crossings >= 8, "the spheres roll over the dome (%d of %d "
           "sphere-steps in contact, %d crossings into another square of triangles)", all_touching, spheres * steps,
           all_crossings);
  GS_CHECK(all_worst < 3.0, "across edges and vertices no step's change of the wall force is a spike (largest: %.2f "
           "times the larger change of the steps around it)", all_worst);
  GS_CHECK(all_blinks == 0, "no contact is lost for one or two steps (%d times)", all_blinks);
  lammps_close(lmp);
  if (gs_rank() == 0) remove("gs_mesh_dome.stl");
}

/* ---- drum: a rotating mesh equals the rotating region ----------------------------------------- */

/* spheres tumbling in a box that turns about the y axis (a square drum) */
static void *drum_run(const char *wall)
{
  void *lmp = gs_lmp_open();
  gs_spheres(lmp, "f f f", "-1.8 1.8 -1.8 1.8 -1.8 1.8", "50 vector 0 0 -1", "block -0.8 0.8 -0.8 0.8 -0.8 0.8");
  gs_cmd(lmp, "unfix integrate");
  gs_cmd(lmp, "fix integrate all nve/sphere/sync");
  gs_lines(lmp, "variable omega equal 6.0;variable theta equal v_omega*step*dt");
  gs_lines(lmp, wall);
  return lmp;
}

/* The horizon: 1000 steps, where a 1e-15 change of the region's angle (region against region)
 * has grown to 1e-11 through the spheres' collisions (later it grows tenfold every 200 steps);
 * the box at rest differs by 1. */
static void test_drum(void)
{
  static const char *const orderings[] = {"standard", "synchronized"};
  tri t[12];
  int o;
  /* a file of its own: ctest runs the one-rank cases side by side in one folder */
  write_stl_ascii("gs_mesh_drum_box.stl", t, box_mesh(t));
  MPI_Barrier(MPI_COMM_WORLD);
  for (o = 0; o < 2; o++) {
    char region[1024], mesh[1024], still[1024];
    double worst, moved;
    snprintf(region, sizeof(region), "region drum block -1 1 -1 1 -1 1 side in rotate v_theta 0 0 0 0 1 0;"
             "fix wall all wall/gran/sync/region granular %s region drum ordering %s", wall_model, orderings[o]);
    snprintf(mesh, sizeof(mesh), "fix wall all wall/gran/sync/mesh granular %s file gs_mesh_drum_box.stl "
             "move rotate 0 0 0 0 1 0 v_omega ordering %s", wall_model, orderings[o]);
    snprintf(still, sizeof(still), "fix wall all wall/gran/sync/mesh granular %s file gs_mesh_drum_box.stl ordering %s",
             wall_model, orderings[o]);
    worst = gs_run_diff_close(drum_run(mesh), drum_run(region), 1000, 1);
    moved = gs_run_diff_close(drum_run(still), drum_run(region), 1000, 1);
    GS_CHECK(worst <= 1e-8 && moved > 1e-3, "ordering %s: a rotating box mesh equals the rotating block region wall "
             "after 1000 steps (max rel diff %.2e; against a box at rest %.2e)", orderings[o], worst, moved);
  }
  if (gs_rank() == 0) remove("gs_mesh_drum_box.stl");
}

/* ---- restart --------------------------------------------------------------------------------------- */

static void test_restart(void)
{
  static const char *const orderings[] = {"standard", "synchronized"};
  tri t[12];
  int o;
  write_stl_ascii("gs_mesh_restart_box.stl", t, box_mesh(t));
  MPI_Barrier(MPI_COMM_WORLD);
  for (o = 0; o < 2; o++) {
    char wall[1024], setup[2048];
    void *writer, *reference;
    double worst;
    /* the period's form (the drum's turns at the variable rate v_omega = 6) */
    snprintf(wall, sizeof(wall), "fix wall all wall/gran/sync/mesh granular %s file gs_mesh_restart_box.stl move "
             "rotate 0 0 0 0 1 0 %.17g ordering %s", wall_model, 2.0 * GS_PI / 6.0, orderings[o]);
    writer = drum_run(wall);
    reference = drum_run(wall);
    gs_cmd(writer, "run 1500 post no");
    gs_cmd(reference, "run 1500 post no");
    snprintf(setup, sizeof(setup), "fix integrate all nve/sphere/sync;fix gravity all gravity 50 vector 0 0 -1;"
             "variable omega equal 6.0;%s", wall);
    worst = gs_restart_diff(writer, reference, gs_lmp_open(), "gs_mesh.restart", setup, "", 500, 1);
    GS_CHECK(worst <= 1e-12, "ordering %s: a rotating mesh's contact histories and motion continue through a restart "
             "(max rel diff %.2e)", orderings[o], worst);
    lammps_close(writer);
  }
  if (gs_rank() == 0) remove("gs_mesh_restart_box.stl");
}

/* ---- errors ------------------------------------------------------------------------------------------ */

static void test_errors(void)
{
  static const char *const setup = "units lj;atom_style sphere;region box block -1 1 -1 1 -1 1;create_box 1 box;"
                                   "create_atoms 1 single 0 0 0.5;set group all diameter 0.2";
  static const char *const cases[][2] = {
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_none.stl",
       "cannot open mesh file gs_none.stl"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_garbage.stl",
       "neither STL"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_cut.stl",
       "expected 'vertex'"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_fan.stl",
       "not manifold"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_sliver.stl",
       "triangle 2 of the mesh has zero area"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "scale 1e4", "other length units"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "offset 100 0 0", "other length units"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl flat 95",
       "flat must be an angle from 0 to 90"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl offset 0 y 0",
       "fix wall/gran/sync/mesh: keyword offset must be a number, got 'y'"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "move spin 1", "move must be none, linear (or translate), wiggle or rotate"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "move rotate 0 0 0 0 0 1 0", "the period must be positive"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "move rotate 0 0 0 0 0 0 1", "the axis must not be zero"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.stl "
       "bogus 1", "unknown keyword 'bogus'"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 region r",
       "expected 'file <mesh file>'"},
      {"fix w all wall/gran/sync/mesh granular mdr 3e4 0.3 100 0.05 0.5 0.2 damping mdr 1 tangential "
       "linear_history 800 0.5 0.5 file gs_mesh_ok.stl", "normal mdr is not available on mesh walls"},
      {"fix w all wall/gran/sync/mesh granular hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_ok.off",
       "face 1 has 2 vertices"},
  };
  const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, c[3] = {0, 1, 0}, d[3] = {0, -1, 0}, e[3] = {0, 0, 1},
               mid[3] = {0.5, 0, 0};
  tri t[3];
  if (gs_rank() == 0) {
    FILE *fp = fopen("gs_mesh_garbage.stl", "w");
    fprintf(fp, "this is no mesh\n");
    fclose(fp);
    fp = fopen("gs_mesh_cut.stl", "w");
    fprintf(fp, "solid cut\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n");
    fclose(fp);
    fp = fopen("gs_mesh_ok.off", "w");
    fprintf(fp, "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n2 0 1\n");
    fclose(fp);
  }
  set_tri(&t[0], a, b, c);
  set_tri(&t[1], a, b, d);
  set_tri(&t[2], a, b, e);
  write_stl_ascii("gs_mesh_fan.stl", t, 3);
  set_tri(&t[1], a, mid, b); /* collinear */
  write_stl_ascii("gs_mesh_sliver.stl", t, 2);
  write_stl_ascii("gs_mesh_ok.stl", t, 1);
  MPI_Barrier(MPI_COMM_WORLD);
  gs_expect_errors(setup, cases, sizeof(cases) / sizeof(cases[0]));
  {
    /* a sphere on the axis of a 12-facet tube touches every facet: more contacts than an atom keeps,
     * and the message says why a larger flat is no way out */
    static tri tube[4 * 2 * 12];
    const int n = tessellated_cylinder(tube, 0.5, 12);
    void *lmp;
    const char *msg;
    write_stl_ascii("gs_mesh_tube.stl", tube, n);
    MPI_Barrier(MPI_COMM_WORLD);
    lmp = gs_lmp_open();
    gs_lines(lmp, "units lj;atom_style sphere;region box block -1 1 -1 1 -1 1;create_box 1 box;"
                  "create_atoms 1 single 0 0 0.5;set group all diameter 0.98;fix w all wall/gran/sync/mesh granular "
                  "hooke 1e4 0 tangential linear_nohistory 0 0 file gs_mesh_tube.stl");
    msg = gs_cmd_error(lmp, "run 0");
    GS_CHECK(strstr(msg, "more directions than its 6 contacts") != NULL && strstr(msg, "region wall") != NULL,
             "a sphere on the axis of a 12-facet tube: %s", msg[0] ? msg : "(no error)");
    lammps_close(lmp);
    if (gs_rank() == 0) remove("gs_mesh_tube.stl");
  }
  if (gs_rank() == 0) {
    remove("gs_mesh_garbage.stl");
    remove("gs_mesh_cut.stl");
    remove("gs_mesh_fan.stl");
    remove("gs_mesh_sliver.stl");
    remove("gs_mesh_ok.stl");
    remove("gs_mesh_ok.off");
  }
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  MPI_Init(&argc, &argv);
  if (strcmp(mode, "flat") == 0)
    test_flat();
  else if (strcmp(mode, "cylinder") == 0)
    test_cylinder();
  else if (strcmp(mode, "seams") == 0)
    test_seams();
  else if (strcmp(mode, "drum") == 0)
    test_drum();
  else if (strcmp(mode, "restart") == 0)
    test_restart();
  else if (strcmp(mode, "errors") == 0)
    test_errors();
  else {
    if (gs_rank() == 0) fprintf(stderr, "usage: test_mesh flat|cylinder|seams|drum|restart|errors\n");
    MPI_Finalize();
    return 2;
  }
  {
    const int status = gs_check_summary();
    MPI_Finalize();
    return status;
  }
}
