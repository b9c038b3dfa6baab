/* SPDX-License-Identifier: GPL-2.0-or-later
 * Peer suite: the MFiX-DEM verification cases (DEM-01..DEM-11) that stock LAMMPS ships in
 * unittest/granular/tests/dem*.yaml, run with gransync's styles. The case file is read at test
 * time from the LAMMPS sources; its commands run with `pair_style granular` -> `granular/sync`,
 * `fix wall/gran granular` -> `fix wall/gran/sync granular`, `fix nve/sphere` ->
 * `fix nve/sphere/sync`, in three modes:
 *   stock:        the file unchanged (control: the stored reference holds for this LAMMPS build);
 *   standard:     must meet what the stock test asserts: the stored per-atom positions,
 *                 velocities, torques and spins after every run segment within the file's epsilon
 *                 (relative, as the stock test measures it), and the case's analytic check;
 *   synchronized: must meet the case's analytic check within its tolerance (the stored
 *                 trajectory is the standard ordering's, so it is not compared).
 * Newton on and off, like the stock test. The analytic checks are written here from the
 * descriptions in the stock test_analytic_models.cpp (closed forms named in the case files).
 * Usage: test_peer_suite CASE.yaml */
#include "gs_check.h"
#include "gs_lmp.h"
#include "gs_params.h"

#include <math.h>
#include <stdint.h>

#define MAXLINES 256
#define MAXREF 4096

/* ---- the case file: a small reader for the stock YAML layout ------------------------------- */

struct lines {
  int n;
  char *line[MAXLINES];
};

struct refrow {
  int seg, tag;
  double x[3];
};

struct refblock {
  int n;
  struct refrow row[MAXREF];
};

struct dem_case {
  double epsilon;
  struct lines pre, post, variables, pair_coeff;
  char pair_style[256];
  int nseg, seg[16];
  int analytic, analytic_segment;
  char analytic_model[64];
  double analytic_tol;
  struct refblock pos, vel, torque, omega;
};

static void add_line(struct lines *l, const char *s)
{
  if (l->n < MAXLINES) {
    l->line[l->n] = (char *) malloc(strlen(s) + 1);
    strcpy(l->line[l->n++], s);
  }
}

static void add_ref(struct refblock *b, const char *s)
{
  struct refrow r;
  if (b->n < MAXREF && sscanf(s, "%d %d %lf %lf %lf", &r.seg, &r.tag, &r.x[0], &r.x[1], &r.x[2]) == 5) b->row[b->n++] = r;
}

/* Reads the keys the stock driver uses; returns 0, or -1 if the file cannot be read. */
static int read_case(const char *path, struct dem_case *c)
{
  char buf[4096], key[64] = "";
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  memset(c, 0, sizeof(*c));
  c->epsilon = 1e-14; /* the stock default */
  c->analytic_segment = -1;
  c->analytic_tol = 1e-2;
  while (fgets(buf, sizeof(buf), f)) {
    char *colon, *value;
    if (buf[0] == ' ') { /* a line of the block under `key` */
      char *s = gs_params_trim(buf);
      if (!*s) continue;
      if (!strcmp(key, "pre_commands")) add_line(&c->pre, s);
      else if (!strcmp(key, "post_commands")) add_line(&c->post, s);
      else if (!strcmp(key, "variables")) add_line(&c->variables, s);
      else if (!strcmp(key, "pair_coeff")) add_line(&c->pair_coeff, s);
      else if (!strcmp(key, "run_segments")) {
        char *tok;
        for (tok = strtok(s, " "); tok && c->nseg < 16; tok = strtok(NULL, " ")) c->seg[c->nseg++] = atoi(tok);
      } else if (!strcmp(key, "run_pos")) add_ref(&c->pos, s);
      else if (!strcmp(key, "run_vel")) add_ref(&c->vel, s);
      else if (!strcmp(key, "run_torque")) add_ref(&c->torque, s);
      else if (!strcmp(key, "run_omega")) add_ref(&c->omega, s);
      continue;
    }
    colon = strchr(buf, ':');
    if (!colon) continue;
    *colon = '\0';
    snprintf(key, sizeof(key), "%s", gs_params_trim(buf));
    value = gs_params_trim(colon + 1);
    if (value[0] == '!') continue; /* a block follows */
    if (!strcmp(key, "epsilon")) c->epsilon = atof(value);
    else if (!strcmp(key, "pair_style")) snprintf(c->pair_style, sizeof(c->pair_style), "%s", value);
    else if (!strcmp(key, "analytic_enable")) c->analytic = !strcmp(value, "yes");
    else if (!strcmp(key, "analytic_model")) snprintf(c->analytic_model, sizeof(c->analytic_model), "%s", value);
    else if (!strcmp(key, "analytic_tol")) c->analytic_tol = atof(value);
    else if (!strcmp(key, "analytic_segment")) c->analytic_segment = atoi(value);
  }
  fclose(f);
  if (c->analytic_segment < 0) c->analytic_segment = c->nseg - 1;
  return 0;
}

/* numeric value of variable `name` in the case's variables block, or fallback */
static double var(const struct dem_case *c, const char *name, double fallback)
{
  int k;
  for (k = 0; k < c->variables.n; k++) {
    char word[64];
    double value;
    if (sscanf(c->variables.line[k], "%63s %lf", word, &value) == 2 && !strcmp(word, name)) return value;
  }
  return fallback;
}

/* ---- running a case ------------------------------------------------------------------------ */

enum mode { MODE_STOCK, MODE_STANDARD, MODE_SYNCHRONIZED };
static const char *const mode_names[] = {"stock", "standard", "synchronized"};

/* `line` with gransync's styles for `mode` (stock: unchanged) */
static void substitute(const char *line, enum mode mode, char *out, size_t len)
{
  const char *ordering = mode == MODE_STANDARD ? "standard" : "synchronized";
  const char *wall = strstr(line, " wall/gran granular ");
  const char *nve = strstr(line, " nve/sphere");
  if (mode == MODE_STOCK) {
    snprintf(out, len, "%s", line);
  } else if (wall) {
    snprintf(out, len, "%.*s wall/gran/sync granular %s ordering %s", (int) (wall - line), line,
             wall + strlen(" wall/gran granular "), ordering);
  } else if (nve && (nve[11] == '\0' || nve[11] == ' ')) {
    snprintf(out, len, "%.*s nve/sphere/sync%s", (int) (nve - line), line, nve + 11);
  } else {
    snprintf(out, len, "%s", line);
  }
}

static void *setup(const struct dem_case *c, const char *dir, enum mode mode, int newton)
{
  void *lmp = gs_lmp_open();
  char line[4096];
  int k;
  gs_cmd(lmp, "newton %s", newton ? "on" : "off");
  gs_cmd(lmp, "atom_modify map array"); /* for gathering by atom ID; changes no numbers */
  gs_cmd(lmp, "variable input_dir index %s", dir);
  for (k = 0; k < c->variables.n; k++) {
    char word[64];
    int used = 0;
    if (sscanf(c->variables.line[k], "%63s %n", word, &used) == 1)
      gs_cmd(lmp, "variable %s index %s", word, c->variables.line[k] + used);
  }
  for (k = 0; k < c->pre.n; k++) gs_cmd(lmp, "%s", c->pre.line[k]);
  if (mode == MODE_STOCK || strcmp(c->pair_style, "granular") != 0)
    gs_cmd(lmp, "pair_style %s", c->pair_style);
  else
    gs_cmd(lmp, "pair_style granular/sync ordering %s", mode == MODE_STANDARD ? "standard" : "synchronized");
  for (k = 0; k < c->pair_coeff.n; k++) gs_cmd(lmp, "pair_coeff %s", c->pair_coeff.line[k]);
  for (k = 0; k < c->post.n; k++) {
    substitute(c->post.line[k], mode, line, sizeof(line));
    gs_cmd(lmp, "%s", line);
  }
  gs_cmd(lmp, "run 0 post no");
  return lmp;
}

/* worst error of a per-atom vector against the stored rows of segment `seg`, measured like the
 * stock test: |a - b| / min(|a|, |b|), or |a - b| when one of them is 0 */
static double ref_error(void *lmp, const char *name, const struct refblock *b, int seg, int *rows)
{
  const int natoms = (int) lammps_get_natoms(lmp);
  double *q = gs_gather3(lmp, name), worst = 0.0;
  int k, d;
  *rows = 0;
  for (k = 0; k < b->n; k++) {
    if (b->row[k].seg != seg || b->row[k].tag < 1 || b->row[k].tag > natoms) continue;
    (*rows)++;
    for (d = 0; d < 3; d++) {
      const double a = q[3 * (b->row[k].tag - 1) + d], r = b->row[k].x[d];
      const double div = fmin(fabs(a), fabs(r));
      const double err = div == 0.0 ? fabs(a - r) : fabs(a - r) / div;
      worst = err > worst || err != err ? (err != err ? 1e300 : err) : worst;
    }
  }
  free(q);
  return worst;
}

/* ---- analytic checks (closed forms of the stock cases) --------------------------------------- */

struct atom1 {
  double x[3], v[3], omega[3], f[3], mass, radius;
};

static struct atom1 atom_state(void *lmp, int id)
{
  struct atom1 a;
  double *x = gs_gather3(lmp, "x"), *v = gs_gather3(lmp, "v"), *w = gs_gather3(lmp, "omega");
  double *f = gs_gather3(lmp, "f"), *m = gs_gather(lmp, "rmass", 1), *r = gs_gather(lmp, "radius", 1);
  int d;
  for (d = 0; d < 3; d++) {
    a.x[d] = x[3 * (id - 1) + d];
    a.v[d] = v[3 * (id - 1) + d];
    a.omega[d] = w[3 * (id - 1) + d];
    a.f[d] = f[3 * (id - 1) + d];
  }
  a.mass = m[id - 1];
  a.radius = r[id - 1];
  free(x);
  free(v);
  free(w);
  free(f);
  free(m);
  free(r);
  return a;
}

static double rel(double actual, double expected)
{
  return fabs(actual - expected) / fmax(fabs(expected), 1e-300);
}

/* Evaluates the case's analytic model; returns the worst (relative) deviation measured against
 * the case's tolerance, i.e. the check passes when the result is <= analytic_tol. `what` names
 * the quantity. Returns -1 for an unknown model. */
static double analytic_error(const struct dem_case *c, void *lmp, char *what, size_t len)
{
  const char *model = c->analytic_model;
  const double t = (double) *(int64_t *) lammps_extract_global(lmp, "ntimestep") *
                   *(double *) lammps_extract_global(lmp, "dt");
  const struct atom1 a = atom_state(lmp, 1);
  double worst = 0.0;
#define WORST(e) worst = fmax(worst, (e))
  snprintf(what, len, "%s", model);
  if (!strcmp(model, "freefall")) {
    const double g = var(c, "grav", 0), z0 = var(c, "z0", 0);
    WORST(rel(a.x[2], z0 - 0.5 * g * t * t));
    WORST(rel(a.v[2], -g * t));
  } else if (!strcmp(model, "bounce_height")) {
    /* hard-sphere apex after bounce k, from the free-flight state: r + e^2k (h0 - r) */
    const double g = var(c, "grav", 0), e = var(c, "restitution", var(c, "en", 1.0));
    const double r = var(c, "radius", 0), h0 = var(c, "h0", 0), k = var(c, "bounce_k", 1);
    WORST(rel(a.x[2] + a.v[2] * a.v[2] / (2 * g), r + pow(e, 2 * k) * (h0 - r)));
  } else if (!strcmp(model, "stack_energy")) {
    /* two spheres stacked along y between floor and ceiling: KE + gravity + spring energy */
    const double g = var(c, "grav", 0), kn = var(c, "knorm", 0), lo = var(c, "ylo", 0), hi = var(c, "yhi", 0);
    const struct atom1 b = atom_state(lmp, 2);
    const double y10 = var(c, "y1", 0), y20 = var(c, "y2", 0);
    double e0, e1, ov[3];
    ov[0] = fmax(0.0, a.radius - (y10 - lo));
    ov[1] = fmax(0.0, y20 + b.radius - hi);
    ov[2] = fmax(0.0, a.radius + b.radius - (y20 - y10));
    e0 = g * (a.mass * y10 + b.mass * y20) + 0.5 * kn * (ov[0] * ov[0] + ov[1] * ov[1] + ov[2] * ov[2]);
    ov[0] = fmax(0.0, a.radius - (a.x[1] - lo));
    ov[1] = fmax(0.0, b.x[1] + b.radius - hi);
    ov[2] = fmax(0.0, a.radius + b.radius - (b.x[1] - a.x[1]));
    e1 = 0.5 * (a.mass * a.v[1] * a.v[1] + b.mass * b.v[1] * b.v[1]) + g * (a.mass * a.x[1] + b.mass * b.x[1]) +
         0.5 * kn * (ov[0] * ov[0] + ov[1] * ov[1] + ov[2] * ov[2]);
    WORST(rel(e1, e0));
  } else if (!strcmp(model, "slip_cessation")) {
    /* sliding stops at u = 5/7 u0, then rolls: omega_y = u / r */
    const double u0 = var(c, "u0", 0), r = var(c, "radius", 0);
    WORST(rel(a.v[0], 5.0 * u0 / 7.0));
    WORST(rel(a.omega[1], 5.0 * u0 / 7.0 / r));
  } else if (!strcmp(model, "oblique_impact")) {
    /* gross sliding throughout: tangential impulse mu (1 + e) vz per unit mass */
    const double vx = var(c, "vx_in", 0), vz = var(c, "vz_in", 0), e = var(c, "en", 1), mu = var(c, "xmu", 0);
    const double r = var(c, "radius", 0), dvt = mu * (1 + e) * vz;
    WORST(rel(a.v[2], e * vz));
    WORST(rel(a.v[0], vx - dvt));
    WORST(rel(a.omega[1], 2.5 * dvt / r));
  } else if (!strcmp(model, "rolling_decay")) {
    /* Coulomb-capped rolling resistance mu_r R m g: spin falls linearly */
    const double g = var(c, "grav", 0), mur = var(c, "mur", 0), w0 = var(c, "omega0", 0);
    WORST(rel(a.omega[1], w0 - 5.0 * mur * g / (2.0 * a.radius) * t));
  } else if (!strcmp(model, "collision_restitution")) {
    const struct atom1 b = atom_state(lmp, 2);
    const double e = var(c, "en", 1), vin = var(c, "vin", 0);
    WORST(fabs(a.mass * a.v[0] + b.mass * b.v[0]) / ((a.mass + b.mass) * vin));
    WORST(rel(-(a.v[0] - b.v[0]) / (2 * vin), e));
  } else if (!strcmp(model, "hertz_normal_impact")) {
    /* at peak compression the relative kinetic energy is stored as (2/5) F delta */
    const double vrela = var(c, "vrela", 0), mred = var(c, "mred_factor", 1) * a.mass, floor = var(c, "floor", 0);
    double overlap;
    if (lammps_get_natoms(lmp) >= 2) {
      const struct atom1 b = atom_state(lmp, 2);
      const double d[3] = {a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]};
      overlap = a.radius + b.radius - sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    } else {
      overlap = a.radius - (a.x[2] - floor);
    }
    if (!(overlap > 0)) return 1e300;
    WORST(rel(0.4 * sqrt(a.f[0] * a.f[0] + a.f[1] * a.f[1] + a.f[2] * a.f[2]) * overlap, 0.5 * mred * vrela * vrela));
  } else if (!strcmp(model, "spin_impact")) {
    /* a spinning sphere on a rigid or much heavier partner, gross sliding throughout */
    const double vin = var(c, "vin", 0), w0 = var(c, "omega0", 0), e = var(c, "en", 1), mu = var(c, "xmu", 0);
    const double r = var(c, "radius", 0), dvt = mu * (1 + e) * vin;
    WORST(rel(a.v[2], e * vin));
    WORST(rel(a.v[0], dvt));
    WORST(rel(a.omega[1], w0 - 2.5 * dvt / r));
  } else if (!strcmp(model, "spin_no_friction")) {
    /* opposite spins: no slip at the contact, so no friction */
    WORST(rel(a.omega[1], var(c, "omega0", 0)));
    WORST(fabs(a.v[0]));
    WORST(fabs(a.v[1]));
  } else if (!strcmp(model, "angle_of_repose")) {
    /* atan(peak height / largest horizontal distance from the centroid) within [aor_lo, aor_hi]
     * (a band, so the tolerance does not apply: outside it fails) */
    const int n = (int) lammps_get_natoms(lmp);
    double *x = gs_gather3(lmp, "x"), xc = 0, yc = 0, zmax = -1e300, rmax = 0, angle;
    const double lo = var(c, "aor_lo", 0), hi = var(c, "aor_hi", 90);
    int i;
    for (i = 0; i < n; i++) {
      xc += x[3 * i] / n;
      yc += x[3 * i + 1] / n;
      zmax = fmax(zmax, x[3 * i + 2]);
    }
    for (i = 0; i < n; i++) rmax = fmax(rmax, hypot(x[3 * i] - xc, x[3 * i + 1] - yc));
    angle = rmax > 0 ? atan((zmax - var(c, "floor", 0)) / rmax) * 180.0 / 3.14159265358979323846 : 90.0;
    free(x);
    snprintf(what, len, "%s %.1f deg in [%g, %g]", model, angle, lo, hi);
    WORST(angle >= lo && angle <= hi ? 0.0 : 1e300);
  } else {
    return -1;
  }
#undef WORST
  return worst;
}

/* One case in one mode, newton on or off: the checks the mode owes (see the top). */
static void run_case(const struct dem_case *c, const char *dir, const char *name, enum mode mode, int newton)
{
  void *lmp = setup(c, dir, mode, newton);
  const int compare = c->pos.n > 0;
  double worst_ref = 0.0;
  int s, rows_total = 0;
  for (s = 0; s < c->nseg; s++) {
    gs_cmd(lmp, "run %d post no", c->seg[s]);
    if (compare) {
      const char *names[4] = {"x", "v", "torque", "omega"};
      const struct refblock *blocks[4] = {&c->pos, &c->vel, &c->torque, &c->omega};
      int q, rows;
      for (q = 0; q < 4; q++) {
        worst_ref = fmax(worst_ref, ref_error(lmp, names[q], blocks[q], s, &rows));
        rows_total += rows;
      }
    }
    if (c->analytic && s == c->analytic_segment) {
      char what[128];
      const double err = analytic_error(c, lmp, what, sizeof(what));
      GS_CHECK(err >= 0 && err <= c->analytic_tol, "%s %s newton %s: analytic %s within %g (measured %.3g)", name,
               mode_names[mode], newton ? "on" : "off", what, c->analytic_tol, err);
    }
  }
  if (compare && mode == MODE_SYNCHRONIZED) /* shown, not owed: it is the standard ordering's trajectory */
    printf("%s %s newton %s: differs from the stored reference by %.2g (relative, worst per-atom component)\n", name,
           mode_names[mode], newton ? "on" : "off", worst_ref);
  else if (compare)
    GS_CHECK(rows_total > 0 && worst_ref <= c->epsilon,
             "%s %s newton %s: stored reference (%d rows, %d segments) within %g (worst %.2g)", name, mode_names[mode],
             newton ? "on" : "off", rows_total / 4, c->nseg, c->epsilon, worst_ref);
  lammps_close(lmp);
}

int main(int argc, char **argv)
{
  static struct dem_case c;
  char dir[1024], name[256];
  const char *base;
  int mode, newton;
  MPI_Init(&argc, &argv);
  if (argc != 2 || read_case(argv[1], &c) != 0) {
    fprintf(stderr, "usage: test_peer_suite CASE.yaml (a stock unittest/granular/tests file)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  base = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
  snprintf(name, sizeof(name), "%.*s", (int) (strlen(base) > 5 ? strlen(base) - 5 : strlen(base)), base);
  snprintf(dir, sizeof(dir), "%.*s", (int) (base - argv[1] > 0 ? base - argv[1] - 1 : 1), base - argv[1] > 0 ? argv[1] : ".");
  GS_CHECK(c.analytic || c.pos.n > 0, "%s: the case has an analytic check or a stored reference", name);
  for (mode = MODE_STOCK; mode <= MODE_SYNCHRONIZED; mode++) {
    /* the synchronized ordering owes the analytic check only */
    if (mode == MODE_SYNCHRONIZED && !c.analytic) printf("%s synchronized: no analytic check in the case\n", name);
    for (newton = 1; newton >= 0; newton--) run_case(&c, dir, name, (enum mode) mode, newton);
  }
  MPI_Finalize();
  return gs_check_summary();
}
