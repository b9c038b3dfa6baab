/* SPDX-License-Identifier: GPL-2.0-or-later
 * Contact parameters from material cards and a tolerated overlap (see gs_params.h). */
#include "gs_params.h"

#include "gs_headon_dem.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef GRANSYNC_POTENTIALS_DIR
#define GRANSYNC_POTENTIALS_DIR "potentials"
#endif

#define CARD_MAX_BYTES 65536
#define LINE_MAX_BYTES 1024

static const char *const key_names[GS_MAT_NKEYS] = {"density", "youngs_modulus", "poisson_ratio", "restitution",
                                                    "friction"};

static int fail(char *err, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, GS_PARAMS_ERRLEN, fmt, ap);
  va_end(ap);
  return -1;
}

char *gs_params_trim(char *s)
{
  char *end;
  while (isspace((unsigned char) *s)) s++;
  end = s + strlen(s);
  while (end > s && isspace((unsigned char) end[-1])) *--end = '\0';
  return s;
}

/* the whole word must be a finite number */
static int parse_number(const char *word, double *out)
{
  char *end;
  errno = 0;
  *out = strtod(word, &end);
  return end != word && *end == '\0' && errno == 0 && isfinite(*out);
}

int gs_material_parse(const char *text, const char *label, gs_material *mat, char *err)
{
  int have_value[GS_MAT_NKEYS] = {0}, have_source[GS_MAT_NKEYS] = {0};
  int lineno = 0, k;
  const char *p = text;

  memset(mat, 0, sizeof(*mat));
  while (*p) {
    char line[LINE_MAX_BYTES], *key, *rest, *hash;
    size_t len = strcspn(p, "\n");
    lineno++;
    if (len >= sizeof(line)) return fail(err, "%s:%d: line longer than %d characters", label, lineno, LINE_MAX_BYTES - 1);
    memcpy(line, p, len);
    line[len] = '\0';
    p += len + (p[len] == '\n');
    hash = strchr(line, '#');
    if (hash) *hash = '\0';
    key = gs_params_trim(line);
    if (*key == '\0') continue;
    rest = key + strcspn(key, " \t\r");
    if (*rest) *rest++ = '\0';
    rest = gs_params_trim(rest);
    if (*rest == '\0') return fail(err, "%s:%d: '%s' has no value", label, lineno, key);

    if (strcmp(key, "name") == 0) {
      if (mat->name[0]) return fail(err, "%s:%d: 'name' given twice", label, lineno);
      if (strlen(rest) >= sizeof(mat->name)) return fail(err, "%s:%d: name too long", label, lineno);
      strcpy(mat->name, rest);
      continue;
    }
    for (k = 0; k < GS_MAT_NKEYS; k++) {
      const size_t n = strlen(key_names[k]);
      if (strcmp(key, key_names[k]) == 0) {
        if (have_value[k]) return fail(err, "%s:%d: '%s' given twice", label, lineno, key);
        if (!parse_number(rest, &mat->value[k]))
          return fail(err, "%s:%d: %s: '%s' is not a number", label, lineno, key, rest);
        have_value[k] = 1;
        break;
      }
      if (strncmp(key, key_names[k], n) == 0 && strcmp(key + n, "_source") == 0) {
        if (have_source[k]) return fail(err, "%s:%d: '%s' given twice", label, lineno, key);
        if (strlen(rest) >= sizeof(mat->source[k])) return fail(err, "%s:%d: %s too long", label, lineno, key);
        strcpy(mat->source[k], rest);
        have_source[k] = 1;
        break;
      }
    }
    if (k == GS_MAT_NKEYS)
      return fail(err, "%s:%d: unknown key '%s' (allowed: name, density, youngs_modulus, poisson_ratio, restitution, "
                  "friction, and <key>_source for each value)", label, lineno, key);
  }

  if (!mat->name[0]) return fail(err, "%s: missing key 'name'", label);
  for (k = 0; k < GS_MAT_NKEYS; k++) {
    if (!have_value[k]) return fail(err, "%s: missing key '%s'", label, key_names[k]);
    if (!have_source[k]) return fail(err, "%s: missing key '%s_source' (every value needs its source)", label, key_names[k]);
  }
  if (!(mat->value[GS_MAT_DENSITY] > 0.0)) return fail(err, "%s: density must be > 0 kg/m^3", label);
  if (!(mat->value[GS_MAT_YOUNGS] > 0.0)) return fail(err, "%s: youngs_modulus must be > 0 Pa", label);
  if (!(mat->value[GS_MAT_POISSON] > -1.0 && mat->value[GS_MAT_POISSON] <= 0.5))
    return fail(err, "%s: poisson_ratio must be in (-1, 0.5]", label);
  if (!(mat->value[GS_MAT_RESTITUTION] > 0.0 && mat->value[GS_MAT_RESTITUTION] <= 1.0))
    return fail(err, "%s: restitution must be in (0, 1]", label);
  if (!(mat->value[GS_MAT_FRICTION] >= 0.0)) return fail(err, "%s: friction must be >= 0", label);
  return 0;
}

/* whole file into buf (CARD_MAX_BYTES); 0, -1 unreadable, -2 too large, -3 binary (holds NUL) */
static int slurp(const char *path, char *buf)
{
  FILE *f = fopen(path, "rb");
  size_t n;
  if (!f) return -1;
  n = fread(buf, 1, CARD_MAX_BYTES, f);
  if (ferror(f)) { /* a directory, say */
    fclose(f);
    return -1;
  }
  fclose(f);
  if (n == CARD_MAX_BYTES) return -2;
  buf[n] = '\0';
  return strlen(buf) == n ? 0 : -3;
}

int gs_material_read(const char *name_or_path, gs_material *mat, char *path, char *err)
{
  static char buf[CARD_MAX_BYTES + 1];
  const char *dirs[2];
  int rc, i;

  dirs[0] = getenv("GRANSYNC_POTENTIALS");
  dirs[1] = GRANSYNC_POTENTIALS_DIR;
  snprintf(path, GS_PARAMS_ERRLEN, "%s", name_or_path);
  rc = slurp(path, buf);
  /* a bare name is looked up in the card folders */
  for (i = 0; i < 2 && rc == -1 && !strchr(name_or_path, '/'); i++) {
    if (!dirs[i] || !dirs[i][0]) continue;
    snprintf(path, GS_PARAMS_ERRLEN, "%s/%s.material", dirs[i], name_or_path);
    rc = slurp(path, buf);
  }
  if (rc == -1)
    return fail(err, "material card '%s' not found (a readable file, or <name>.material in $GRANSYNC_POTENTIALS or %s)",
                name_or_path, GRANSYNC_POTENTIALS_DIR);
  if (rc == -2) return fail(err, "%s: larger than %d bytes, not a material card", path, CARD_MAX_BYTES);
  if (rc == -3) return fail(err, "%s: not a text file", path);
  return gs_material_parse(buf, path, mat, err);
}

/* ---- formulas -------------------------------------------------------------------------------- */

double gs_sphere_mass(double density, double diameter)
{
  return density * GS_PARAMS_PI / 6.0 * diameter * diameter * diameter;
}

double gs_series(double a, double b) { return a * b / (a + b); }

double gs_gravity_velocity(double g, double d_large) { return sqrt(g * d_large); }

double gs_estar(double youngs, double poisson) { return youngs / (2.0 * (1.0 - poisson * poisson)); }

double gs_gstar(double youngs, double poisson)
{
  const double shear = youngs / (2.0 * (1.0 + poisson));
  return shear / (2.0 * (2.0 - poisson));
}

double gs_youngs_from_estar(double estar, double poisson) { return 2.0 * (1.0 - poisson * poisson) * estar; }

/* 1/2 m* v^2 = 1/2 kn delta^2 */
double gs_kn_from_overlap(double meff, double v, double delta) { return meff * v * v / (delta * delta); }

double gs_linear_max_overlap(double meff, double kn, double v) { return v * sqrt(meff / kn); }

double gs_linear_contact_time(double meff, double kn) { return GS_PARAMS_PI * sqrt(meff / kn); }

/* damping ratio -ln e / sqrt(pi^2 + ln^2 e) of a linear oscillator that rebounds with e */
double gs_linear_damping(double meff, double kn, double e)
{
  const double loge = log(e);
  return 2.0 * sqrt(meff * kn) * -loge / sqrt(GS_PARAMS_PI * GS_PARAMS_PI + loge * loge);
}

/* 1/2 m* v^2 = int_0^delta 4/3 E* sqrt(R*) x^1.5 dx = 8/15 E* sqrt(R*) delta^2.5 */
double gs_hertz_estar_from_overlap(double meff, double reff, double v, double delta)
{
  return 15.0 * meff * v * v / (16.0 * sqrt(reff) * pow(delta, 2.5));
}

double gs_hertz_max_overlap(double meff, double reff, double estar, double v)
{
  return pow(15.0 * meff * v * v / (16.0 * estar * sqrt(reff)), 0.4);
}

/* I = int_0^1 (1 - x^p)^(-1/2) dx = Gamma(1/p) Gamma(1/2) / (p Gamma(1/p + 1/2)), p = 5/2 (1.4716) */
static double hertz_time_integral(void)
{
  return tgamma(0.4) * sqrt(GS_PARAMS_PI) / (2.5 * tgamma(0.9));
}

/* twice the time to stop: int_0^dmax d(delta) / (v sqrt(1 - (delta/dmax)^2.5)) = I dmax / v */
double gs_hertz_contact_time(double meff, double reff, double estar, double v)
{
  return 2.0 * hertz_time_integral() * gs_hertz_max_overlap(meff, reff, estar, v) / v;
}

double gs_kn_hertz_matched(double meff, double reff, double estar, double v)
{
  const double tc = gs_hertz_contact_time(meff, reff, estar, v);
  return meff * (GS_PARAMS_PI / tc) * (GS_PARAMS_PI / tc);
}

double gs_kt_ratio(double poisson) { return 2.0 * (1.0 - poisson) / (2.0 - poisson); }

double gs_mindlin_kt(double youngs, double poisson) { return 8.0 * gs_gstar(youngs, poisson); }

double gs_steps_for_energy_error(int model, double tol)
{
  if (model == GS_PARAMS_HERTZ) return 2.0 * hertz_time_integral() * pow(4.0 * tol, -0.4);
  return GS_PARAMS_PI * pow(4.0 * tol, -0.25);
}

/* one head-on collision through the contact core (src/verify/gs_headon_dem.h) */
double gs_vv_restitution(double kn, double e, double di, double dj, double density, double dt)
{
  char k[64], r[64], err[GS_ERRLEN];
  const char *words[] = {"hooke", k, r, "damping", "coeff_restitution", "tangential", "linear_nohistory", "0", "0"};
  gs_model m;
  gs_headon_params p;
  snprintf(k, sizeof k, "%.17g", kn);
  snprintf(r, sizeof r, "%.17g", e);
  if (gs_model_parse(&m, 9, words, GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD, err) != 9) return NAN;
  p.radi = 0.5 * di;
  p.radj = 0.5 * dj;
  p.mi = gs_sphere_mass(density, di);
  p.mj = gs_sphere_mass(density, dj);
  /* a linear contact's restitution does not depend on the speed: one whose largest overlap is about
   * 1e-3 of the smaller radius keeps the spheres from passing through each other at any scale */
  p.v0 = 1e-3 * fmin(p.radi, p.radj) * sqrt(kn / gs_series(p.mi, p.mj));
  p.dt = dt;
  return gs_headon_run(&m, &p).e;
}

double gs_vv_corrected_restitution(double kn, double e, double di, double dj, double density, double dt)
{
  double lo = 1e-6, hi = 1.0;
  int k;
  if (gs_vv_restitution(kn, hi, di, dj, density, dt) < e || gs_vv_restitution(kn, lo, di, dj, density, dt) > e)
    return NAN;
  for (k = 0; k < 100; k++) {
    const double mid = 0.5 * (lo + hi);
    if (gs_vv_restitution(kn, mid, di, dj, density, dt) < e) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/* ---- the calculator ---------------------------------------------------------------------------- */

/* x as printed with `digits` significant digits (%.<digits>g) */
static double as_printed(double x, int digits)
{
  char buf[64];
  snprintf(buf, sizeof buf, "%.*g", digits, x);
  return strtod(buf, NULL);
}

void gs_params_request_defaults(gs_params_request *req)
{
  memset(req, 0, sizeof(*req));
  req->model = GS_PARAMS_HOOKE;
  req->units = GS_PARAMS_SI;
  req->gravity = GS_PARAMS_GRAVITY;
  req->steps_per_contact = GS_PARAMS_STEPS_PER_CONTACT;
  req->xt = -1.0;
}

static int compare_double(const void *a, const void *b)
{
  const double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int gs_params_compute(const gs_material *mat, const gs_params_request *req, gs_params_result *res, char *err)
{
  double d[GS_PARAMS_MAX_DIAMETERS];
  const double nu = mat->value[GS_MAT_POISSON];
  int nd = 0, i, j, p;

  memset(res, 0, sizeof(*res));
  if (req->model != GS_PARAMS_HOOKE && req->model != GS_PARAMS_HERTZ) return fail(err, "model must be hooke or hertz");
  if (req->ndiameters < 1) return fail(err, "no particle diameters given");
  if (req->ndiameters > GS_PARAMS_MAX_DIAMETERS) return fail(err, "at most %d diameters", GS_PARAMS_MAX_DIAMETERS);
  for (i = 0; i < req->ndiameters; i++)
    if (!(req->diameters[i] > 0.0) || !isfinite(req->diameters[i]))
      return fail(err, "diameters must be > 0, got %g", req->diameters[i]);
  if (!(req->overlap >= 0.0 && req->overlap < 0.5))
    return fail(err, "overlap must be a fraction in (0, 0.5) of the smaller diameter, got %g", req->overlap);
  if (!(req->velocity >= 0.0 && isfinite(req->velocity))) return fail(err, "velocity must be > 0, got %g", req->velocity);
  if (req->velocity == 0.0 && !(req->gravity > 0.0)) return fail(err, "gravity must be > 0, got %g", req->gravity);
  if (!(req->energy_error >= 0.0 && req->energy_error < 1.0))
    return fail(err, "energy error must be a fraction in (0, 1), got %g", req->energy_error);
  res->steps_per_contact =
      req->energy_error > 0.0 ? gs_steps_for_energy_error(req->model, req->energy_error) : req->steps_per_contact;
  if (!(res->steps_per_contact >= 1.0))
    return fail(err, "steps per contact must be >= 1, got %g%s", res->steps_per_contact,
                req->energy_error > 0.0 ? " (the energy error asked for is too large)" : "");
  if (!isfinite(req->xt)) return fail(err, "xt must be >= 0, got %g", req->xt);
  if (!(mat->value[GS_MAT_DENSITY] > 0.0 && mat->value[GS_MAT_YOUNGS] > 0.0 && nu > -1.0 && nu <= 0.5 &&
        mat->value[GS_MAT_RESTITUTION] > 0.0 && mat->value[GS_MAT_RESTITUTION] <= 1.0))
    return fail(err, "material '%s': density, E, poisson_ratio or restitution out of range", mat->name);

  memcpy(d, req->diameters, req->ndiameters * sizeof(double));
  qsort(d, req->ndiameters, sizeof(double), compare_double);
  for (i = 0; i < req->ndiameters; i++)
    if (nd == 0 || d[i] != d[nd - 1]) d[nd++] = d[i];
  if (req->unlike_only && nd < 2) return fail(err, "contacts between unlike sizes need at least two different diameters");

  res->velocity = req->velocity > 0.0 ? req->velocity : gs_gravity_velocity(req->gravity, d[nd - 1]);
  res->restitution = mat->value[GS_MAT_RESTITUTION];
  res->friction = mat->value[GS_MAT_FRICTION];
  res->poisson = nu;
  for (i = 0; i < nd; i++) {
    for (j = req->unlike_only ? i + 1 : i; j < nd; j++) {
      gs_params_pair *q = &res->pair[res->npairs++];
      q->di = d[i];
      q->dj = d[j];
      q->meff = gs_series(gs_sphere_mass(mat->value[GS_MAT_DENSITY], d[i]), gs_sphere_mass(mat->value[GS_MAT_DENSITY], d[j]));
      q->reff = gs_series(0.5 * d[i], 0.5 * d[j]);
      if (!(q->meff > 0.0 && isfinite(q->meff)))
        return fail(err, "diameters %g and %g: their masses (density %g) leave double precision; give diameters "
                    "of particles in the --units system", d[i], d[j], mat->value[GS_MAT_DENSITY]);
    }
  }

  /* stiffness: the pair that needs the stiffest contact decides */
  if (req->model == GS_PARAMS_HOOKE) {
    const double estar = gs_estar(mat->value[GS_MAT_YOUNGS], nu);
    for (p = 0; p < res->npairs; p++) {
      const gs_params_pair *q = &res->pair[p];
      const double kn = req->overlap > 0.0 ? gs_kn_from_overlap(q->meff, res->velocity, req->overlap * q->di)
                                           : gs_kn_hertz_matched(q->meff, q->reff, estar, res->velocity);
      if (kn > res->kn) {
        res->kn = kn;
        res->stiffest = p;
      }
    }
    res->kt = gs_kt_ratio(nu) * res->kn;
  } else {
    res->estar = gs_estar(mat->value[GS_MAT_YOUNGS], nu);
    if (req->overlap > 0.0) {
      res->estar = 0.0;
      for (p = 0; p < res->npairs; p++) {
        const gs_params_pair *q = &res->pair[p];
        const double estar = gs_hertz_estar_from_overlap(q->meff, q->reff, res->velocity, req->overlap * q->di);
        if (estar > res->estar) {
          res->estar = estar;
          res->stiffest = p;
        }
      }
    }
    res->youngs = gs_youngs_from_estar(res->estar, nu);
    res->kt = gs_mindlin_kt(res->youngs, nu);
  }
  res->xt = req->xt >= 0.0 ? req->xt : sqrt(gs_kt_ratio(nu));

  /* per pair: contact duration, damping, overlap; the shortest contact decides the step */
  for (p = 0; p < res->npairs; p++) {
    gs_params_pair *q = &res->pair[p];
    if (req->model == GS_PARAMS_HOOKE) {
      q->tc = gs_linear_contact_time(q->meff, res->kn);
      q->eta_n = gs_linear_damping(q->meff, res->kn, res->restitution);
      q->overlap = gs_linear_max_overlap(q->meff, res->kn, res->velocity) / q->di;
    } else {
      q->tc = gs_hertz_contact_time(q->meff, q->reff, res->estar, res->velocity);
      q->overlap = gs_hertz_max_overlap(q->meff, q->reff, res->estar, res->velocity) / q->di;
    }
    if (p == 0 || q->tc < res->pair[res->shortest].tc) res->shortest = p;
  }
  res->tc = res->pair[res->shortest].tc;
  res->dt = res->tc / res->steps_per_contact;
  if (!(res->dt > 0.0 && isfinite(res->dt) && isfinite(res->kn) && isfinite(res->estar)))
    return fail(err, "diameters %g to %g: the stiffness (%g) or the timestep (%g) leaves double precision; give "
                "diameters of particles in the --units system", d[0], d[nd - 1],
                req->model == GS_PARAMS_HOOKE ? res->kn : res->estar, res->dt);
  if (req->model == GS_PARAMS_HOOKE) {
    /* with kn and dt as the printed lines give them to LAMMPS */
    const gs_params_pair *q = &res->pair[res->shortest];
    const double kn = as_printed(res->kn, 6), dt = as_printed(res->dt, 4), rho = mat->value[GS_MAT_DENSITY];
    res->e_step = gs_vv_restitution(kn, res->restitution, q->di, q->dj, rho, dt);
    res->e_corrected = gs_vv_corrected_restitution(kn, res->restitution, q->di, q->dj, rho, dt);
  }
  return 0;
}

/* ---- printing ---------------------------------------------------------------------------------- */

typedef struct {
  const char *name, *len, *vel, *stiff, *press, *damp;
  double l, m; /* one SI length and mass in these units */
} units_t;

static units_t units_of(int units)
{
  const units_t si = {"si", "m", "m/s", "N/m", "Pa", "N s/m", 1.0, 1.0};
  const units_t cgs = {"cgs", "cm", "cm/s", "dyne/cm", "dyne/cm^2", "dyne s/cm", 100.0, 1000.0};
  return units == GS_PARAMS_CGS ? cgs : si;
}

void gs_params_print(FILE *out, const gs_material *mat, const char *card, const gs_params_request *req,
                     const gs_params_result *res)
{
  const units_t u = units_of(req->units);
  const int hooke = req->model == GS_PARAMS_HOOKE;
  const gs_params_pair *stiff = &res->pair[res->stiffest], *shortest = &res->pair[res->shortest];
  const double e = res->restitution, mu = res->friction;
  int p;

  fprintf(out, "# gs_params: %s contacts for %s (%s), Vyas et al., CPC 2025, sec. 2 and 5.1\n",
          hooke ? "linear (hooke)" : "Hertz-Mindlin", mat->name, card);
  fprintf(out, "# needs: units %s, atom_style sphere, comm_modify vel yes, the gransync plugin\n", u.name);
  fprintf(out, "# diameters [%s]:", u.len);
  for (p = 0; p < res->npairs; p++)
    if (p == 0 || res->pair[p].di != res->pair[p - 1].di) fprintf(out, " %g", res->pair[p].di * u.l);
  if (res->pair[res->npairs - 1].dj != res->pair[res->npairs - 1].di) fprintf(out, " %g", res->pair[res->npairs - 1].dj * u.l);
  fprintf(out, "; contacts: %s\n", req->unlike_only ? "unlike sizes only" : "all size pairs");
  if (req->velocity > 0.0)
    fprintf(out, "# v = %.6g %s: characteristic relative velocity (given)\n", res->velocity * u.l, u.vel);
  else
    fprintf(out, "# v = %.6g %s: characteristic relative velocity sqrt(2 g R_large), g = %g %s^2 (sec. 5.1)\n",
            res->velocity * u.l, u.vel, req->gravity * u.l, u.vel);

  if (hooke) {
    if (req->overlap > 0.0)
      fprintf(out, "# kn = %.6g %s: eq. 27 kn = m* v^2 / delta^2, delta = %g x smaller diameter, stiffest pair %g + %g %s\n",
              res->kn * u.m, u.stiff, req->overlap, stiff->di * u.l, stiff->dj * u.l, u.len);
    else
      fprintf(out, "# kn = %.6g %s: eq. 1, linear contact as long as the Hertz one (card E = %g Pa, nu = %g), stiffest pair "
              "%g + %g %s\n", res->kn * u.m, u.stiff, mat->value[GS_MAT_YOUNGS], res->poisson, stiff->di * u.l,
              stiff->dj * u.l, u.len);
    fprintf(out, "# kt = %.6g %s: eq. 6 kt = 2 (1 - nu) / (2 - nu) kn, nu = %g (card: %s)\n", res->kt * u.m, u.stiff,
            res->poisson, mat->source[GS_MAT_POISSON]);
  } else {
    if (req->overlap > 0.0)
      fprintf(out, "# E = %.6g %s: eq. 28 with delta = %g x smaller diameter gives E* = %.6g %s, E = 2 (1 - nu^2) E*; "
              "stiffest pair %g + %g %s (card E = %g Pa)\n", res->youngs * u.m / u.l, u.press, req->overlap,
              res->estar * u.m / u.l, u.press, stiff->di * u.l, stiff->dj * u.l, u.len, mat->value[GS_MAT_YOUNGS]);
    else
      fprintf(out, "# E = %.6g %s: card (%s)\n", res->youngs * u.m / u.l, u.press, mat->source[GS_MAT_YOUNGS]);
    fprintf(out, "# nu = %g: card (%s)\n", res->poisson, mat->source[GS_MAT_POISSON]);
    fprintf(out, "# kt NULL: mindlin computes eq. 29 kt = 8 G* = %.6g %s from E and nu\n", res->kt * u.m / u.l, u.press);
  }
  fprintf(out, "# e = %g: restitution, card (%s); damping coeff_restitution makes every pair rebound with it "
          "(eq. %s)\n", e, mat->source[GS_MAT_RESTITUTION], hooke ? "31" : "32");
  fprintf(out, "# xt = %.4g: tangential damping / normal damping; %s\n", res->xt,
          req->xt >= 0.0 ? "given" : "sqrt(kt/kn), the normal damping ratio for the tangential spring");
  fprintf(out, "# mu = %g: friction, card (%s)\n", mu, mat->source[GS_MAT_FRICTION]);
  fprintf(out, "# t_c = %.4g s: eq. %s, elastic contact duration of pair %g + %g %s, the shortest\n", res->tc,
          hooke ? "7 t_c = pi sqrt(m*/kn)" : "30 t_c = 2.943 delta_max / v", shortest->di * u.l, shortest->dj * u.l, u.len);
  if (req->energy_error > 0.0)
    fprintf(out, "# dt = %.4g s: t_c / %.4g, the steps per contact at which loading a contact for one step creates "
            "%g of its kinetic energy (Hanley & O'Sullivan 2016, eq. %s: N = %s (4 TOL)^(-%s))\n", res->dt,
            res->steps_per_contact, req->energy_error, hooke ? "16" : "21", hooke ? "pi" : "2.943", hooke ? "1/4" : "2/5");
  else
    fprintf(out, "# dt = %.4g s: t_c / %g (sec. 5.1 takes 0.08 us for t_c = 3.2 us)\n", res->dt, res->steps_per_contact);
  if (hooke) {
    fprintf(out, "# e_dt = %.12g: the restitution velocity Verlet gives the shortest pair at dt (contact made on a "
            "step, as LAMMPS runs it)\n", res->e_step);
    if (isfinite(res->e_corrected))
      fprintf(out, "# e_corrected = %.12g: coeff_restitution that gives that pair e = %g exactly at dt\n",
              res->e_corrected, e);
    else
      fprintf(out, "# e_corrected: no coeff_restitution in (0, 1] gives that pair e = %g at dt\n", e);
  }
  fprintf(out, "# per pair: d_i d_j [%s], m* [%s], R* [%s], t_c [s], max overlap at v / smaller diameter", u.len,
          req->units == GS_PARAMS_CGS ? "g" : "kg", u.len);
  if (hooke) fprintf(out, ", eta_n that coeff_restitution applies (eq. 31) [%s]", u.damp);
  fprintf(out, "\n");
  for (p = 0; p < res->npairs; p++) {
    const gs_params_pair *q = &res->pair[p];
    fprintf(out, "#   %-10g %-10g %-11.4g %-11.4g %-11.4g", q->di * u.l, q->dj * u.l, q->meff * u.m, q->reff * u.l, q->tc);
    if (hooke)
      fprintf(out, " %-11.4g %.4g\n", q->overlap, q->eta_n * u.m);
    else
      fprintf(out, " %.4g\n", q->overlap);
  }

  fprintf(out, "pair_style granular/sync\n");
  if (hooke)
    fprintf(out, "pair_coeff * * hooke %.6g %g damping coeff_restitution tangential linear_history %.6g %.4g %g\n",
            res->kn * u.m, e, res->kt * u.m, res->xt, mu);
  else
    fprintf(out, "pair_coeff * * hertz/material %.6g %g %g damping coeff_restitution tangential mindlin NULL %.4g %g\n",
            res->youngs * u.m / u.l, e, res->poisson, res->xt, mu);
  fprintf(out, "timestep %.4g\n", res->dt);
}
