/* SPDX-License-Identifier: GPL-2.0-or-later
 * gs_params: pair_style granular/sync lines for a material card and a particle size range,
 * after Vyas et al., CPC 2025, sec. 5.1 (doc/tools.md). Exit status 2 on bad input. */
#include "gs_params.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *usage =
    "usage: gs_params MATERIAL [options]\n"
    "\n"
    "Prints pair_style granular/sync, pair_coeff and timestep lines for LAMMPS, with a comment per\n"
    "number saying where it comes from (Vyas et al., CPC 2025, sec. 2 and 5.1; doc/tools.md).\n"
    "\n"
    "MATERIAL   a card file, or a name looked up as NAME.material in $GRANSYNC_POTENTIALS and in\n"
    "           the gransync potentials/ folder (e.g. soda_lime_glass)\n"
    "\n"
    "options (lengths and velocities in the --units system):\n"
    "  --dmin D               smallest particle diameter\n"
    "  --dmax D               largest particle diameter (default: dmin)\n"
    "  --diameters D1,D2,...  the diameters present (instead of --dmin/--dmax)\n"
    "  --pairs all|unlike     which size pairs touch (default all; unlike: e.g. fines in a frozen bed)\n"
    "  --model hooke|hertz    linear_history or hertz/material + mindlin (default hooke)\n"
    "  --overlap F            tolerated overlap, fraction of the smaller diameter (0.001 or 0.1%):\n"
    "                         sets kn (eq. 27) or E (eq. 28); default: the card's E (eq. 1 for hooke)\n"
    "  --velocity V|gravity   characteristic relative velocity (default gravity: sqrt(2 g R_large))\n"
    "  --gravity G            g for --velocity gravity (default 9.81 m/s^2)\n"
    "  --steps-per-contact N  timestep = shortest contact duration / N, N >= 1 (default 40, sec. 5.1)\n"
    "  --energy-error TOL     instead: N such that loading a contact for one step creates TOL of its\n"
    "                         kinetic energy (Hanley & O'Sullivan 2016; linear N = pi (4 TOL)^(-1/4),\n"
    "                         Hertz N = 2.943 (4 TOL)^(-2/5)); hooke also prints the restitution at\n"
    "                         that step and the coefficient that gives the card's exactly\n"
    "  --xt X                 tangential / normal damping (default sqrt(kt/kn))\n"
    "  --units si|cgs         units of the options and of the printed lines (default si)\n"
    "  --help                 this text\n";

static const char *const options[] = {"--dmin", "--dmax", "--diameters", "--pairs", "--model", "--overlap", "--velocity",
                                      "--gravity", "--steps-per-contact", "--energy-error", "--xt", "--units"};

static int known_option(const char *opt)
{
  size_t k;
  for (k = 0; k < sizeof(options) / sizeof(options[0]); k++)
    if (strcmp(opt, options[k]) == 0) return 1;
  return 0;
}

static int bad(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "gs_params: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n(gs_params --help lists the options)\n");
  va_end(ap);
  return 2;
}

/* a finite number filling the whole word, optionally with a trailing % (then divided by 100) */
static int number(const char *word, int percent_ok, double *out)
{
  char *end;
  *out = strtod(word, &end);
  if (end == word) return 0;
  if (percent_ok && *end == '%') {
    *out /= 100.0;
    end++;
  }
  return *end == '\0' && isfinite(*out);
}

static int positive(const char *word, double *out) { return number(word, 0, out) && *out > 0.0; }

int main(int argc, char **argv)
{
  gs_params_request req;
  static gs_params_result res;
  gs_material mat;
  char err[GS_PARAMS_ERRLEN], path[GS_PARAMS_ERRLEN];
  const char *card = NULL;
  double dmin = 0.0, dmax = 0.0, gravity = 0.0, scale = 1.0;
  int i, steps_given = 0;

  gs_params_request_defaults(&req);
  for (i = 1; i < argc; i++) {
    const char *opt = argv[i];
    const char *val;
    if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    }
    if (opt[0] != '-') {
      if (card) return bad("more than one material given ('%s' and '%s')", card, opt);
      card = opt;
      continue;
    }
    if (!known_option(opt)) return bad("unknown option '%s'", opt);
    if (i + 1 >= argc) return bad("option %s needs a value", opt);
    val = argv[++i];
    if (strcmp(opt, "--dmin") == 0) {
      if (!positive(val, &dmin)) return bad("--dmin: '%s' is not a positive number", val);
    } else if (strcmp(opt, "--dmax") == 0) {
      if (!positive(val, &dmax)) return bad("--dmax: '%s' is not a positive number", val);
    } else if (strcmp(opt, "--diameters") == 0) {
      char buf[4096], *tok;
      if (strlen(val) >= sizeof(buf)) return bad("--diameters: list too long");
      if (val[0] == ',' || val[strlen(val) - 1] == ',' || strstr(val, ",,"))
        return bad("--diameters: empty entry in '%s'", val);
      strcpy(buf, val);
      req.ndiameters = 0;
      for (tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (req.ndiameters == GS_PARAMS_MAX_DIAMETERS) return bad("--diameters: more than %d values", GS_PARAMS_MAX_DIAMETERS);
        if (!positive(tok, &req.diameters[req.ndiameters++]))
          return bad("--diameters: '%s' is not a positive number", tok);
      }
      if (req.ndiameters == 0) return bad("--diameters: empty list");
    } else if (strcmp(opt, "--pairs") == 0) {
      if (strcmp(val, "all") != 0 && strcmp(val, "unlike") != 0) return bad("--pairs: '%s' is not all or unlike", val);
      req.unlike_only = strcmp(val, "unlike") == 0;
    } else if (strcmp(opt, "--model") == 0) {
      if (strcmp(val, "hooke") != 0 && strcmp(val, "hertz") != 0) return bad("--model: '%s' is not hooke or hertz", val);
      req.model = strcmp(val, "hooke") == 0 ? GS_PARAMS_HOOKE : GS_PARAMS_HERTZ;
    } else if (strcmp(opt, "--overlap") == 0) {
      if (!number(val, 1, &req.overlap) || !(req.overlap > 0.0 && req.overlap < 0.5))
        return bad("--overlap: '%s' is not a fraction in (0, 0.5) (e.g. 0.001 or 0.1%%)", val);
    } else if (strcmp(opt, "--velocity") == 0) {
      if (strcmp(val, "gravity") == 0)
        req.velocity = 0.0;
      else if (!positive(val, &req.velocity))
        return bad("--velocity: '%s' is neither a positive number nor gravity", val);
    } else if (strcmp(opt, "--gravity") == 0) {
      if (!positive(val, &gravity)) return bad("--gravity: '%s' is not a positive number", val);
    } else if (strcmp(opt, "--steps-per-contact") == 0) {
      if (!number(val, 0, &req.steps_per_contact) || req.steps_per_contact < 1.0)
        return bad("--steps-per-contact: '%s' is not a number >= 1", val);
      steps_given = 1;
    } else if (strcmp(opt, "--energy-error") == 0) {
      if (!number(val, 0, &req.energy_error) || !(req.energy_error > 0.0 && req.energy_error < 1.0))
        return bad("--energy-error: '%s' is not a fraction in (0, 1) (e.g. 1e-6)", val);
    } else if (strcmp(opt, "--xt") == 0) {
      if (!number(val, 0, &req.xt) || req.xt < 0.0) return bad("--xt: '%s' is not a number >= 0", val);
    } else if (strcmp(opt, "--units") == 0) {
      if (strcmp(val, "si") != 0 && strcmp(val, "cgs") != 0) return bad("--units: '%s' is not si or cgs", val);
      req.units = strcmp(val, "si") == 0 ? GS_PARAMS_SI : GS_PARAMS_CGS;
    }
  }

  if (!card) return bad("no material card given");
  if (steps_given && req.energy_error > 0.0) return bad("give --steps-per-contact or --energy-error, not both");
  if (gravity > 0.0 && req.velocity > 0.0) return bad("--gravity applies to --velocity gravity only, not to a given velocity");
  if (req.ndiameters > 0 && (dmin > 0.0 || dmax > 0.0)) return bad("give --diameters or --dmin/--dmax, not both");
  if (req.ndiameters == 0) {
    if (!(dmin > 0.0)) return bad("no diameters: give --dmin (and --dmax) or --diameters");
    if (dmax == 0.0) dmax = dmin;
    if (dmax < dmin) return bad("--dmax must not be smaller than --dmin");
    req.diameters[req.ndiameters++] = dmin;
    req.diameters[req.ndiameters++] = dmax;
  }
  /* options are in the chosen units, the calculator works in SI */
  if (req.units == GS_PARAMS_CGS) scale = 0.01;
  for (i = 0; i < req.ndiameters; i++) req.diameters[i] *= scale;
  req.velocity *= scale;
  if (gravity > 0.0) req.gravity = gravity * scale;

  if (gs_material_read(card, &mat, path, err) != 0) return bad("%s", err);
  if (gs_params_compute(&mat, &req, &res, err) != 0) return bad("%s", err);
  gs_params_print(stdout, &mat, path, &req, &res);
  return 0;
}
