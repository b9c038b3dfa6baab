/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync contact core: model parsing, validation, mixing (host side). */
#include "gs_contact.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GS_PI 3.14159265358979323846

static const char *const normal_names[] = {"", "hooke", "hertz", "hertz/material", "dmt", "jkr", "mdr"};
static const char *const damping_names[] = {"", "velocity", "mass_velocity", "viscoelastic", "tsuji",
                                            "coeff_restitution", "mdr"};
static const char *const tangential_names[] = {"", "linear_nohistory", "linear_history", "mindlin",
                                               "mindlin_rescale", "mindlin/force", "mindlin_rescale/force",
                                               "linear_history_classic", "mindlin_classic"};
static const char *const rolling_names[] = {"none", "sds"};
static const char *const twisting_names[] = {"none", "sds", "marshall"};
static const char *const heat_names[] = {"", "none", "area", "radius"};
static const char *const ordering_names[] = {"standard", "synchronized"};

#define COUNT(a) ((int) (sizeof(a) / sizeof((a)[0])))

static const char *name_of(const char *const *names, int n, int kind)
{
  return (kind >= 0 && kind < n) ? names[kind] : "?";
}

const char *gs_normal_name(int kind) { return name_of(normal_names, COUNT(normal_names), kind); }
const char *gs_damping_name(int kind) { return name_of(damping_names, COUNT(damping_names), kind); }
const char *gs_tangential_name(int kind) { return name_of(tangential_names, COUNT(tangential_names), kind); }
const char *gs_rolling_name(int kind) { return name_of(rolling_names, COUNT(rolling_names), kind); }
const char *gs_twisting_name(int kind) { return name_of(twisting_names, COUNT(twisting_names), kind); }
const char *gs_heat_name(int kind) { return name_of(heat_names, COUNT(heat_names), kind); }
const char *gs_ordering_name(int ordering) { return name_of(ordering_names, COUNT(ordering_names), ordering); }

int gs_ordering_from_name(const char *name)
{
  int i;
  for (i = 0; i < COUNT(ordering_names); i++)
    if (strcmp(name, ordering_names[i]) == 0) return i;
  return -1;
}

static int fail(char *err, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, GS_ERRLEN, fmt, ap);
  va_end(ap);
  return -1;
}

/* "a, b, c" list of the names from index `first` on, for messages */
static const char *allowed(const char *const *names, int n, int first)
{
  static char buf[256];
  int i;
  buf[0] = '\0';
  for (i = first; i < n; i++) {
    if (i > first) strncat(buf, ", ", sizeof(buf) - strlen(buf) - 1);
    strncat(buf, names[i], sizeof(buf) - strlen(buf) - 1);
  }
  return buf;
}

static int lookup(const char *const *names, int n, int first, const char *word)
{
  int i;
  for (i = first; i < n; i++)
    if (strcmp(word, names[i]) == 0) return i;
  return -1;
}

/* Stock pair granular models that gransync does not implement get a message of their own. */
static int stock_only(const char *word)
{
  static const char *const names[] = {"none"};
  int i;
  for (i = 0; i < COUNT(names); i++)
    if (strcmp(word, names[i]) == 0) return 1;
  return 0;
}

/* Read `count` numbers after a sub-model name. `null_ok` allows NULL (stored as -1) for the first. */
static int read_coeffs(const char *what, const char *model, int count, const char *const *names,
                       int narg, const char *const *arg, int iarg, double *out, int null_ok, char *err)
{
  int i;
  if (iarg + count > narg)
    return fail(err, "%s %s needs %d coefficient%s (%s), got %d", what, model, count, count == 1 ? "" : "s",
                names[0], narg - iarg);
  for (i = 0; i < count; i++) {
    const char *word = arg[iarg + i];
    char *end;
    double value;
    if (strcmp(word, "NULL") == 0) {
      if (i == 0 && null_ok) {
        out[i] = -1.0;
        continue;
      }
      return fail(err, "%s %s: coefficient %s cannot be NULL", what, model, names[i + 1]);
    }
    errno = 0;
    value = strtod(word, &end);
    if (end == word || *end != '\0' || errno == ERANGE || !isfinite(value))
      return fail(err, "%s %s: coefficient %s expects a number, got '%s' (%s)", what, model,
                  names[i + 1], word, names[0]);
    out[i] = value;
  }
  return iarg + count;
}

/* dmt and jkr: E damp poisson cohesion */
static int gs_normal_cohesive(int kind)
{
  return kind == GS_NORMAL_DMT || kind == GS_NORMAL_JKR;
}

/* mindlin, mindlin_rescale and their /force variants: kt may be NULL (8 G*) */
static int gs_tangential_mindlin_family(int kind)
{
  return kind >= GS_TANGENTIAL_MINDLIN && kind <= GS_TANGENTIAL_MINDLIN_RESCALE_FORCE;
}

int gs_model_parse(gs_model *m, int narg, const char *const *arg, int geometry, int ordering, char *err)
{
  static const char *const hooke_args[] = {"k damp", "k", "damp"};
  static const char *const material_args[] = {"E damp poisson", "E", "damp", "poisson"};
  static const char *const dmt_args[] = {"E damp poisson cohesion", "E", "damp", "poisson", "cohesion"};
  static const char *const mdr_args[] = {"E poisson Y gamma psi_b damp", "E", "poisson", "Y", "gamma", "psi_b", "damp"};
  static const char *const mdr_damping_args[] = {"type", "type"};
  static const char *const nohist_args[] = {"xt mu", "xt", "mu"};
  static const char *const hist_args[] = {"kt xt mu", "kt", "xt", "mu"};
  static const char *const sds_args[] = {"k gamma mu", "k", "gamma", "mu"};
  int iarg = 0, kind, tangential_seen = 0;

  memset(m, 0, sizeof(*m));
  m->geometry = geometry;
  m->ordering = ordering;
  m->cutoff = -1.0;
  m->damping = GS_DAMPING_VISCOELASTIC; /* stock default */

  if (narg < 1) return fail(err, "missing normal model (allowed: %s)", allowed(normal_names, COUNT(normal_names), 1));
  kind = lookup(normal_names, COUNT(normal_names), 1, arg[0]);
  if (kind < 0) {
    if (stock_only(arg[0]))
      return fail(err, "normal model '%s' is not supported by gransync (allowed: %s)", arg[0],
                  allowed(normal_names, COUNT(normal_names), 1));
    return fail(err, "unknown normal model '%s' (allowed: %s)", arg[0], allowed(normal_names, COUNT(normal_names), 1));
  }
  m->normal = kind;
  if (kind == GS_NORMAL_MDR)
    iarg = read_coeffs("normal", arg[0], 6, mdr_args, narg, arg, 1, m->normal_coeffs, 0, err);
  else
    iarg = read_coeffs("normal", arg[0], gs_normal_cohesive(kind) ? 4 : (kind == GS_NORMAL_HERTZ_MATERIAL ? 3 : 2),
                       gs_normal_cohesive(kind) ? dmt_args : (kind == GS_NORMAL_HERTZ_MATERIAL ? material_args : hooke_args),
                       narg, arg, 1, m->normal_coeffs, 0, err);
  if (iarg < 0) return -1;

  while (iarg < narg) {
    const char *key = arg[iarg];
    if (strcmp(key, "tangential") == 0 || strcmp(key, "damping") == 0 || strcmp(key, "rolling") == 0 ||
        strcmp(key, "twisting") == 0) {
      const char *name;
      if (iarg + 1 >= narg) return fail(err, "keyword %s needs a model name", key);
      name = arg[iarg + 1];
      if (strcmp(key, "tangential") == 0) {
        kind = lookup(tangential_names, COUNT(tangential_names), 1, name);
        if (kind < 0)
          return fail(err, "%s tangential model '%s' (allowed: %s)", stock_only(name) ? "unsupported" : "unknown",
                      name, allowed(tangential_names, COUNT(tangential_names), 1));
        m->tangential = kind;
        tangential_seen = 1;
        if (kind == GS_TANGENTIAL_LINEAR_NOHISTORY)
          iarg = read_coeffs("tangential", name, 2, nohist_args, narg, arg, iarg + 2, m->tangential_coeffs + 1, 0, err);
        else
          iarg = read_coeffs("tangential", name, 3, hist_args, narg, arg, iarg + 2, m->tangential_coeffs,
                             gs_tangential_mindlin_family(kind), err);
      } else if (strcmp(key, "damping") == 0) {
        kind = lookup(damping_names, COUNT(damping_names), 1, name);
        if (kind < 0)
          return fail(err, "%s damping model '%s' (allowed: %s)", stock_only(name) ? "unsupported" : "unknown",
                      name, allowed(damping_names, COUNT(damping_names), 1));
        m->damping = kind;
        iarg += 2;
        if (kind == GS_DAMPING_MDR) {
          iarg = read_coeffs("damping", name, 1, mdr_damping_args, narg, arg, iarg, &m->damping_coeff, 0, err);
          if (iarg < 0) return -1;
        }
      } else if (strcmp(key, "rolling") == 0) {
        kind = lookup(rolling_names, COUNT(rolling_names), 0, name);
        if (kind < 0)
          return fail(err, "unknown rolling model '%s' (allowed: %s)", name, allowed(rolling_names, COUNT(rolling_names), 0));
        m->rolling = kind;
        iarg += 2;
        if (kind == GS_ROLLING_SDS)
          iarg = read_coeffs("rolling", name, 3, sds_args, narg, arg, iarg, m->rolling_coeffs, 0, err);
      } else {
        kind = lookup(twisting_names, COUNT(twisting_names), 0, name);
        if (kind < 0)
          return fail(err, "unknown twisting model '%s' (allowed: %s)", name,
                      allowed(twisting_names, COUNT(twisting_names), 0));
        m->twisting = kind;
        iarg += 2;
        if (kind == GS_TWISTING_SDS)
          iarg = read_coeffs("twisting", name, 3, sds_args, narg, arg, iarg, m->twisting_coeffs, 0, err);
      }
      if (iarg < 0) return -1;
    } else if (strcmp(key, "cutoff") == 0) {
      static const char *const cut_args[] = {"cutoff", "cutoff"};
      iarg = read_coeffs("keyword", "cutoff", 1, cut_args, narg, arg, iarg + 1, &m->cutoff, 0, err);
      if (iarg < 0) return -1;
      if (m->cutoff <= 0.0) return fail(err, "keyword cutoff must be > 0, got %g", m->cutoff);
    } else if (strcmp(key, "limit_damping") == 0) {
      m->limit_damping = 1;
      iarg++;
    } else if (strcmp(key, "synchronized_verlet") == 0) {
      m->ordering = GS_ORDERING_SYNCHRONIZED;
      iarg++;
    } else if (strcmp(key, "heat") == 0) {
      static const char *const area_args[] = {"h", "h"};
      static const char *const radius_args[] = {"k", "k"};
      if (iarg + 1 >= narg)
        return fail(err, "keyword heat needs a model name (allowed: %s)", allowed(heat_names, COUNT(heat_names), 1));
      kind = lookup(heat_names, COUNT(heat_names), 1, arg[iarg + 1]);
      if (kind < 0)
        return fail(err, "unknown heat model '%s' (allowed: %s)", arg[iarg + 1], allowed(heat_names, COUNT(heat_names), 1));
      m->heat = kind;
      iarg += 2;
      if (kind != GS_HEAT_NONE) {
        iarg = read_coeffs("heat", arg[iarg - 1], 1, kind == GS_HEAT_AREA ? area_args : radius_args, narg, arg, iarg,
                           &m->heat_coeff, 0, err);
        if (iarg < 0) return -1;
      }
    } else {
      break; /* the caller decides whether more words are allowed */
    }
  }
  if (!tangential_seen) {
    if (iarg < narg)
      return fail(err, "unexpected argument '%s' (expected a keyword: tangential, damping, rolling, twisting, "
                  "heat, cutoff, limit_damping, synchronized_verlet; a tangential model is required)", arg[iarg]);
    return fail(err, "missing tangential model: add 'tangential <model> ...' (allowed: %s)",
                allowed(tangential_names, COUNT(tangential_names), 1));
  }
  if (gs_model_finalize(m, err) != 0) return -1;
  return iarg;
}

static double mix_geom(double a, double b) { return sqrt(a * b); }

/* effective Young's modulus of two materials, and of one material against a rigid wall */
static double mix_stiffness_e(double e1, double e2, double nu1, double nu2)
{
  double f1 = (1 - nu1 * nu1) / e1;
  double f2 = (1 - nu2 * nu2) / e2;
  return 1 / (f1 + f2);
}

static double mix_stiffness_g(double e1, double e2, double nu1, double nu2)
{
  double f1 = 2 * (2 - nu1) * (1 + nu1) / e1;
  double f2 = 2 * (2 - nu2) * (1 + nu2) / e2;
  return 1 / (f1 + f2);
}

static double wall_stiffness_e(double e, double nu) { return e / (2 * (1 - nu * nu)); }
static double wall_stiffness_g(double e, double nu) { return e / (4.0 * (2 - nu) * (1 + nu)); }

/* Tsuji et al.'s fit; powers by repeated squaring, as LAMMPS' powint(), so that the constant is
 * bitwise the stock one */
static double tsuji_damping(double e)
{
  const double e2 = e * e, e4 = e2 * e2;
  double d = 1.2728 - 4.2783 * e + 11.087 * e2;
  d += -22.348 * (e * e * e) + 27.467 * e4;
  d += -18.022 * (e * e4) + 4.8218 * (e2 * e4);
  return d;
}

/* mdr's coefficients, as stock checks them, and its moduli; damping mdr goes with it only */
static int finalize_mdr(gs_model *m, char *err)
{
  const double *nc = m->normal_coeffs;
  if (m->normal != GS_NORMAL_MDR)
    return fail(err, "damping mdr needs normal model mdr, got %s (allowed dampings: velocity, mass_velocity, "
                "viscoelastic, tsuji, coeff_restitution)", gs_normal_name(m->normal));
  if (m->damping != GS_DAMPING_MDR)
    return fail(err, "normal mdr needs damping mdr 1 or damping mdr 2, got damping %s", gs_damping_name(m->damping));
  if (!(m->damping_coeff == 1.0 || m->damping_coeff == 2.0))
    return fail(err, "damping mdr: type must be 1 (scaled by the contact) or 2 (constant), got %g", m->damping_coeff);
  if (!(nc[0] > 0.0)) return fail(err, "normal mdr: E must be > 0, got %g", nc[0]);
  if (!(nc[1] >= 0.0 && nc[1] < 0.5)) return fail(err, "normal mdr: poisson must be in [0, 0.5), got %g", nc[1]);
  if (!(nc[2] >= 0.0)) return fail(err, "normal mdr: Y (yield stress) must be >= 0, got %g", nc[2]);
  if (!(nc[3] >= 0.0)) return fail(err, "normal mdr: gamma (surface energy) must be >= 0, got %g", nc[3]);
  if (!(nc[4] >= 0.0 && nc[4] <= 1.0)) return fail(err, "normal mdr: psi_b must be in [0, 1], got %g", nc[4]);
  if (!(nc[5] >= 0.0)) return fail(err, "normal mdr: damp must be >= 0, got %g", nc[5]);
  m->emod = nc[0];
  m->poiss = nc[1];
  m->mdr_yield = nc[2];
  m->cohesion = nc[3];
  m->mdr_psi_b = nc[4];
  m->damp_normal = nc[5];
  m->mdr_damp_type = (int) m->damping_coeff;
  m->mdr_shear = nc[0] / (2.0 * (1.0 + nc[1]));
  m->mdr_bulk = nc[0] / (3.0 * (1.0 - 2.0 * nc[1]));
  m->mdr_eeff = nc[0] / (1.0 - nc[1] * nc[1]);
  return 0;
}

int gs_model_finalize(gs_model *m, char *err)
{
  const double *nc = m->normal_coeffs;
  const double *tc = m->tangential_coeffs;
  const char *nname = gs_normal_name(m->normal);
  const char *tname = gs_tangential_name(m->tangential);
  int history_tangential = m->tangential != GS_TANGENTIAL_LINEAR_NOHISTORY;
  int nn, nt, nr, ntw;

  /* normal */
  if (m->normal == GS_NORMAL_MDR || m->damping == GS_DAMPING_MDR) {
    if (finalize_mdr(m, err) != 0) return -1;
  } else if (m->normal == GS_NORMAL_HERTZ_MATERIAL || gs_normal_cohesive(m->normal)) {
    if (!(nc[0] > 0.0)) return fail(err, "normal %s: E must be > 0, got %g", nname, nc[0]);
    if (!(nc[2] > -1.0 && nc[2] <= 0.5))
      return fail(err, "normal %s: poisson must be in (-1, 0.5], got %g", nname, nc[2]);
    m->emod = nc[0];
    m->poiss = nc[2];
    if (m->mixed)
      m->emix = nc[0];
    else if (m->geometry == GS_GEOMETRY_PAIR)
      m->emix = mix_stiffness_e(nc[0], nc[0], nc[2], nc[2]);
    else
      m->emix = wall_stiffness_e(nc[0], nc[2]);
    m->kn = (4.0 / 3.0) * m->emix;
  } else {
    if (!(nc[0] >= 0.0)) return fail(err, "normal %s: k must be >= 0, got %g", nname, nc[0]);
    m->kn = nc[0];
  }
  if (m->normal != GS_NORMAL_MDR && !(nc[1] >= 0.0)) return fail(err, "normal %s: damp must be >= 0, got %g", nname, nc[1]);
  if (gs_normal_cohesive(m->normal)) {
    m->cohesion = nc[3];
    if (!(m->cohesion >= 0.0)) return fail(err, "normal %s: cohesion must be >= 0, got %g", nname, nc[3]);
    /* as stock: these damp with the elastic force, which cohesion makes negative */
    if (m->damping == GS_DAMPING_TSUJI || m->damping == GS_DAMPING_COEFF_RESTITUTION)
      return fail(err, "damping %s cannot be used with a cohesive normal model, %s (allowed: velocity, "
                  "mass_velocity, viscoelastic)", gs_damping_name(m->damping), nname);
    if (m->limit_damping)
      return fail(err, "limit_damping cannot be used with a cohesive normal model, %s", nname);
  }

  /* damping: tsuji and coeff_restitution read the normal model's damp as a restitution coefficient */
  if (m->damping == GS_DAMPING_TSUJI || m->damping == GS_DAMPING_COEFF_RESTITUTION) {
    const double e = nc[1];
    if (!(e > 0.0 && e <= 1.0))
      return fail(err, "damping %s: the normal model's damp coefficient is the restitution coefficient and "
                  "must be in (0, 1], got %g", gs_damping_name(m->damping), e);
    if (m->damping == GS_DAMPING_TSUJI) {
      m->damp_normal = tsuji_damping(e);
    } else {
      const double loge = log(e);
      if (m->normal == GS_NORMAL_HOOKE) {
        m->damp_normal = -2 * loge / sqrt(GS_PI * GS_PI + loge * loge);
      } else {
        /* Brilliantov et al. for Hertz; sqrt(3/2) because F/delta = (2/3) dF/ddelta */
        m->damp_normal = -1.22474487139158894067 * 1.82574185835055380345 * loge;
        m->damp_normal /= sqrt(GS_PI * GS_PI + loge * loge);
      }
    }
  } else if (m->normal != GS_NORMAL_MDR) {
    m->damp_normal = nc[1];
  }

  /* tangential */
  m->xt = tc[1];
  m->mut = tc[2];
  if (tc[0] == -1.0 && gs_tangential_mindlin_family(m->tangential)) {
    if (m->normal != GS_NORMAL_HERTZ_MATERIAL && !gs_normal_cohesive(m->normal) && m->normal != GS_NORMAL_MDR)
      return fail(err, "tangential %s: kt NULL needs normal model hertz/material, dmt, jkr or mdr (E, poisson), got %s",
                  tname, nname);
    if (!m->mixed) /* gs_model_mix() sets kt of mixed models from both materials */
      m->kt = m->geometry == GS_GEOMETRY_PAIR ? 8.0 * mix_stiffness_g(m->emod, m->emod, m->poiss, m->poiss)
                                              : 8.0 * wall_stiffness_g(m->emod, m->poiss);
  } else if (history_tangential) {
    m->kt = tc[0];
    if (!(m->kt > 0.0)) return fail(err, "tangential %s: kt must be > 0, got %g", tname, tc[0]);
  } else {
    m->kt = 0.0;
  }
  if (!(m->xt >= 0.0)) return fail(err, "tangential %s: xt must be >= 0, got %g", tname, m->xt);
  if (!(m->mut >= 0.0)) return fail(err, "tangential %s: mu must be >= 0, got %g", tname, m->mut);

  /* rolling and twisting */
  if (m->rolling == GS_ROLLING_SDS) {
    m->kr = m->rolling_coeffs[0];
    m->gammar = m->rolling_coeffs[1];
    m->mur = m->rolling_coeffs[2];
    if (!(m->kr > 0.0)) return fail(err, "rolling sds: k must be > 0, got %g", m->kr);
    if (!(m->gammar >= 0.0)) return fail(err, "rolling sds: gamma must be >= 0, got %g", m->gammar);
    if (!(m->mur >= 0.0)) return fail(err, "rolling sds: mu must be >= 0, got %g", m->mur);
  }
  if (m->twisting == GS_TWISTING_SDS) {
    m->ktw = m->twisting_coeffs[0];
    m->gammatw = m->twisting_coeffs[1];
    m->mutw = m->twisting_coeffs[2];
    if (!(m->ktw > 0.0)) return fail(err, "twisting sds: k must be > 0, got %g", m->ktw);
    if (!(m->gammatw >= 0.0)) return fail(err, "twisting sds: gamma must be >= 0, got %g", m->gammatw);
    if (!(m->mutw >= 0.0)) return fail(err, "twisting sds: mu must be >= 0, got %g", m->mutw);
  } else if (m->twisting == GS_TWISTING_MARSHALL && !history_tangential) {
    return fail(err, "twisting marshall takes its stiffness from the tangential model and needs one with "
                "history (linear_history, mindlin* or a classic one), got %s", tname);
  }

  if (!(m->heat_coeff >= 0.0))
    return fail(err, "heat %s: %s must be >= 0, got %g", gs_heat_name(m->heat), m->heat == GS_HEAT_AREA ? "h" : "k",
                m->heat_coeff);

  m->needs_contact_radius = m->heat > GS_HEAT_NONE || m->normal != GS_NORMAL_HOOKE || m->damping == GS_DAMPING_VISCOELASTIC ||
                            (history_tangential && m->tangential != GS_TANGENTIAL_LINEAR_HISTORY &&
                             m->tangential != GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC) ||
                            m->twisting == GS_TWISTING_MARSHALL;

  gs_model_history_sizes(m, &nn, &nt, &nr, &ntw);
  m->hist_normal = 0;
  m->hist_tangential = nn;
  m->hist_rolling = nn + nt;
  m->hist_twisting = nn + nt + nr;
  m->size_history = nn + nt + nr + ntw;
  return 0;
}

void gs_model_history_sizes(const gs_model *m, int *normal, int *tangential, int *rolling, int *twisting)
{
  *normal = m->normal == GS_NORMAL_MDR ? GS_MDR_HISTORY : 0;
  if (m->tangential == GS_TANGENTIAL_LINEAR_NOHISTORY)
    *tangential = 0;
  else if (m->tangential == GS_TANGENTIAL_MINDLIN_RESCALE || m->tangential == GS_TANGENTIAL_MINDLIN_RESCALE_FORCE)
    *tangential = 4; /* + contact radius at the last update */
  else
    *tangential = 3;
  *rolling = m->rolling == GS_ROLLING_SDS ? 3 : 0;
  *twisting = m->twisting != GS_TWISTING_NONE ? 1 : 0;
}

int gs_model_mix(const gs_model *a, const gs_model *b, gs_model *out, char *err)
{
  int i;
  if (a->normal != b->normal || a->damping != b->damping || a->tangential != b->tangential ||
      a->rolling != b->rolling || a->twisting != b->twisting || a->heat != b->heat) {
    const char *what = a->normal != b->normal         ? "normal"
                       : a->damping != b->damping     ? "damping"
                       : a->tangential != b->tangential ? "tangential"
                       : a->rolling != b->rolling     ? "rolling"
                       : a->twisting != b->twisting   ? "twisting"
                                                      : "heat";
    return fail(err, "cannot mix %s models of different kinds; set this type pair explicitly with pair_coeff", what);
  }
  if (a->normal == GS_NORMAL_MDR) {
    /* stock has one mdr model per pair style */
    for (i = 0; i < 6; i++)
      if (a->normal_coeffs[i] != b->normal_coeffs[i])
        return fail(err, "mdr models with other coefficients cannot be mixed; give both types one mdr model");
    if (a->damping_coeff != b->damping_coeff) return fail(err, "damping mdr types differ; give both types one");
  }
  *out = *a;
  out->mixed = 1;
  out->ordering = a->ordering > b->ordering ? a->ordering : b->ordering;
  out->limit_damping = a->limit_damping || b->limit_damping;
  out->cutoff = a->cutoff > b->cutoff ? a->cutoff : b->cutoff;
  if (a->normal == GS_NORMAL_HERTZ_MATERIAL || gs_normal_cohesive(a->normal)) {
    out->normal_coeffs[0] = mix_stiffness_e(a->normal_coeffs[0], b->normal_coeffs[0], a->normal_coeffs[2], b->normal_coeffs[2]);
    out->normal_coeffs[1] = mix_geom(a->normal_coeffs[1], b->normal_coeffs[1]);
    out->normal_coeffs[2] = mix_geom(a->normal_coeffs[2], b->normal_coeffs[2]);
    out->normal_coeffs[3] = mix_geom(a->normal_coeffs[3], b->normal_coeffs[3]);
  } else if (a->normal != GS_NORMAL_MDR) { /* mdr's are equal, checked above */
    for (i = 0; i < 2; i++) out->normal_coeffs[i] = mix_geom(a->normal_coeffs[i], b->normal_coeffs[i]);
  }
  for (i = 0; i < 3; i++) {
    out->tangential_coeffs[i] = mix_geom(a->tangential_coeffs[i], b->tangential_coeffs[i]);
    out->rolling_coeffs[i] = mix_geom(a->rolling_coeffs[i], b->rolling_coeffs[i]);
    out->twisting_coeffs[i] = mix_geom(a->twisting_coeffs[i], b->twisting_coeffs[i]);
  }
  out->heat_coeff = mix_geom(a->heat_coeff, b->heat_coeff);
  if (a->tangential_coeffs[0] == -1.0 || b->tangential_coeffs[0] == -1.0) out->tangential_coeffs[0] = -1.0;
  if (gs_model_finalize(out, err) != 0) return -1;
  if (out->tangential_coeffs[0] == -1.0) {
    /* 8 G* from both materials (stock LAMMPS instead feeds the mixed E* back in as if it were E) */
    if (a->tangential_coeffs[0] != -1.0 || b->tangential_coeffs[0] != -1.0)
      return fail(err, "cannot mix tangential kt NULL with a numeric kt; set this type pair explicitly");
    out->kt = 8.0 * mix_stiffness_g(a->emod, b->emod, a->poiss, b->poiss);
  }
  return 0;
}
