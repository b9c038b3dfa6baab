/* SPDX-License-Identifier: GPL-2.0-or-later
 * gransync contact core: the MDR model (method of dimensionality reduction; Zunker and Kamrin,
 * JMPS 2024, parts I and II; Zunker, Dunatunga et al. 2025), LAMMPS' `mdr` normal model.
 *
 * Each sphere of a contact is pressed against a rigid flat placed inside the overlap; the two
 * sides' forces are averaged. Plastic flattening, adhesion with tensile springs, a bulk response
 * once a grain is mostly enclosed, and radius growth from volume conservation make the model
 * carry per-contact history (GS_MDR_HISTORY values) and per-atom state (gs_mdr_atoms), updated
 * once per step before the forces (gs_mdr_atom_update()) and summed during them.
 * The arithmetic follows stock LAMMPS' term by term, so that the standard ordering reproduces it.
 * Included by gs_contact.h after its types. */
#ifndef GS_MDR_H
#define GS_MDR_H

/* a contact's history: two values (the two sides) for the first eleven, in stock's order */
enum gs_mdr_slot {
  GS_MDR_DELTA = 0,        /* the side's overlap */
  GS_MDR_DELTAO = 2,       /* the side's displacement from the initial radius */
  GS_MDR_DELTA_MDR = 4,    /* the MDR part of the overlap */
  GS_MDR_DELTA_BULK = 6,   /* the bulk part of the overlap */
  GS_MDR_DELTAMAX_MDR = 8, /* the largest MDR overlap so far */
  GS_MDR_YFLAG = 10,       /* yielded */
  GS_MDR_DELTAY = 12,      /* overlap at yield */
  GS_MDR_CA = 14,          /* contact area intercept */
  GS_MDR_AADH = 16,        /* adhesive contact radius */
  GS_MDR_AC = 18,          /* contact area */
  GS_MDR_EPS_BAR = 20,     /* the contact's share of the volume-averaged strain */
  GS_MDR_PENALTY = 22,     /* screening of contacts through a third grain (gs_mdr_penalty()) */
  GS_MDR_DELTA_MAX = 23,   /* the largest overlap so far */
  GS_MDR_DELTAP = 24,      /* where the rigid flat sits, per side */
  GS_MDR_DAMP_SCALE = 26,  /* damping mdr's scale, from the contact radius */
  GS_MDR_HISTORY = 27
};

#define GS_MDR_OVERLAP_LIMIT 0.95
#define GS_MDR_MAX_IT 100
#define GS_MDR_EPSILON1 1e-10
#define GS_MDR_EPSILON2 1e-16
#define GS_MDR_EPSILON3 1e-20

/* Adds to an atom's per-atom sum. Adapters whose threads share atoms (Kokkos) define it as an
 * atomic add before including gs_contact.h. */
#ifndef GS_MDR_ADD
#define GS_MDR_ADD(sum, value) (*(sum) += (value))
#endif

/* Per-atom MDR state (LAMMPS: fix property/atom vectors named as in stock), indexed by atom. */
typedef struct gs_mdr_atoms {
  /* set by gs_mdr_atom_update() before the forces */
  const double *ro;         /* initial radius */
  const double *vgeo;       /* geometric volume less the caps cut off by the contacts */
  const double *velas;      /* volume from linear elasticity */
  const double *acon0;      /* contact area at the last step */
  const double *psi;        /* free fraction of the surface */
  const double *ddelta_bar; /* mean surface displacement increment (gs_mdr_surface_increment()) */
  /* summed over an atom's contacts by the forces (zeroed by the adapter before them) */
  double *vcaps, *eps_bar, *dr_num, *dr_den, *acon1, *atot_sum;
  double *sigmaxx, *sigmayy, *sigmazz; /* the contact stress, an output */
} gs_mdr_atoms;

/* The side of a contact between spheres of radii r_side and r_other: its part of the overlap
 * `delta`, from the largest overlap so far and the flat's placement deltap (this side's, both
 * sides' sum). */
GS_FN double gs_mdr_side_overlap(double delta, double deltamax, double r_side, double r_other, double deltap_side,
                                 double deltap_sum)
{
  const double denom = 1.0 / (2.0 * (deltamax - r_side - r_other));
  const double opt1 = deltamax * (deltamax - 2.0 * r_other) * denom;
  const double opt2 = deltamax * (deltamax - 2.0 * r_side) * denom;
  const double lo = opt1 < opt2 ? opt1 : opt2, hi = opt1 < opt2 ? opt2 : opt1;
  /* geometric split of the largest overlap: the smaller sphere takes the larger part */
  double geo = r_side < r_other ? hi : lo;
  const double geo_other = r_side < r_other ? lo : hi;
  if (geo / r_side > GS_MDR_OVERLAP_LIMIT)
    geo = r_side * GS_MDR_OVERLAP_LIMIT;
  else if (geo_other / r_other > GS_MDR_OVERLAP_LIMIT)
    geo = deltamax - r_other * GS_MDR_OVERLAP_LIMIT;
  return geo + (deltap_side - geo) * (delta - deltamax) / (deltap_sum - deltamax);
}

/* A touching pair's overlap increments on its two sides since the last step (the grains' mean
 * surface displacement sums them), at overlap delta, side 0 of radius r0. The same split as
 * gs_mdr_side_overlap(), both sides at once and rounded as stock's pre-force pass rounds it (other
 * than its force pass), so that the standard ordering reproduces stock bit for bit. */
GS_FN void gs_mdr_side_increments(const double *h, double delta, double r0, double r1, double *increment)
{
  const double deltamax = delta > h[GS_MDR_DELTA_MAX] ? delta : h[GS_MDR_DELTA_MAX];
  const double deltap0 = h[GS_MDR_DELTAP], deltap1 = h[GS_MDR_DELTAP + 1], deltap = deltap0 + deltap1;
  const double opt1 = deltamax * (deltamax - 2.0 * r1) / (2.0 * (deltamax - r0 - r1));
  const double opt2 = deltamax * (deltamax - 2.0 * r0) / (2.0 * (deltamax - r0 - r1));
  const double lo = opt1 < opt2 ? opt1 : opt2, hi = opt1 < opt2 ? opt2 : opt1;
  double geo0 = r0 < r1 ? hi : lo, geo1 = r0 < r1 ? lo : hi;
  if (geo0 / r0 > GS_MDR_OVERLAP_LIMIT) {
    geo0 = r0 * GS_MDR_OVERLAP_LIMIT;
    geo1 = deltamax - geo0;
  } else if (geo1 / r1 > GS_MDR_OVERLAP_LIMIT) {
    geo1 = r1 * GS_MDR_OVERLAP_LIMIT;
    geo0 = deltamax - geo1;
  }
  increment[0] = geo0 + (deltap0 - geo0) / (deltap - deltamax) * (delta - deltamax) - h[GS_MDR_DELTA];
  increment[1] = geo1 + (deltap1 - geo1) / (deltap - deltamax) * (delta - deltamax) - h[GS_MDR_DELTA + 1];
}

/* A touching pair's parts of its two grains' mean surface displacement increments (side 0, side 1):
 * each side's overlap increment weighted by the side's share of its grain's contact area at the
 * last step (acon0 of that grain; none without area). */
GS_FN void gs_mdr_pair_surface_increments(const double *h, double delta, double r0, double r1, double acon0_side0,
                                          double acon0_side1, double *sum)
{
  double increment[2];
  gs_mdr_side_increments(h, delta, r0, r1, increment);
  sum[0] = acon0_side0 != 0.0 ? h[GS_MDR_AC] / acon0_side0 * increment[0] : 0.0;
  sum[1] = acon0_side1 != 0.0 ? h[GS_MDR_AC + 1] / acon0_side1 * increment[1] : 0.0;
}

/* The same for a grain of radius `radius` against a wall at distance r from its centre. */
GS_FN double gs_mdr_wall_surface_increment(const double *h, double radius, double r, double acon0)
{
  return h[GS_MDR_AC] / acon0 * (radius - r - h[GS_MDR_DELTA]);
}

/* the force of an elliptical indenter (height a, width b) pressed to depth d, no adhesion */
GS_FN double gs_mdr_indenter_force(double d, double ainv, double eeff, double a, double b)
{
  double f = acos(1.0 - 2.0 * d * ainv);
  f -= (2 - 4 * d * ainv) * sqrt(d * ainv - (d * ainv) * (d * ainv));
  return f * (0.25 * eeff * a * b);
}

GS_FN double gs_mdr_zero_round_off(double value)
{
  return value < 0.0 && value > -GS_MDR_EPSILON3 ? 0.0 : value;
}

/* the indenter's depth where its contact radius is aadh (height a, width b) */
GS_FN double gs_mdr_adhesive_depth(double a, double b, double aadh)
{
  return gs_mdr_zero_round_off(a * 0.5 - a * (1.0 / b) * sqrt(b * b * 0.25 - aadh * aadh));
}

/* the adhesive indenter's force with tensile springs at contact radius aadh, depth g there */
GS_FN double gs_mdr_adhesive_force(double deltae1d, double g, double aadh, double a, double ainv, double b,
                                   double eeff)
{
  return gs_mdr_indenter_force(g, ainv, eeff, a, b) + 2.0 * eeff * (deltae1d - g) * aadh;
}

/* One side's force against its rigid flat (MDR and bulk parts); advances the side's history when
 * history_update and adds the side's sums to atom `i`. Returns the force; adds to *area (weighted
 * contact area) and *adamp (the contact radius the damping scales with); sets *yield_unrecorded
 * when a contact never seen before (fresh) is already past yield where the history is not
 * advanced (a run's setup: atoms created overlapping), whose plastic flattening then goes amiss. */
GS_FN double gs_mdr_side_force(const gs_model *m, const gs_mdr_atoms *at, int i, double radius, double delta,
                                      double *h, int side, double wij, const double *n, int history_update,
                                      int fresh, double *area, double *adamp, int *yield_unrecorded)
{
  const double pi = GS_PI_VALUE;
  const double eeff = m->mdr_eeff, eeffinv = 1.0 / eeff, gamma = m->cohesion, poiss = m->poiss;
  const double ro = at->ro[i], r = radius;
  const double ddelta = delta - h[GS_MDR_DELTA + side];
  const double deltao = delta - (r - ro);
  const double ddeltao = deltao - h[GS_MDR_DELTAO + side];
  double ddelta_mdr, ddelta_bulk, delta_mdr, delta_bulk, deltamax_mdr, py;
  double a, ainv, b, deltae1d, amax, a_na, aadh, f_mdr, f_bulk, ac, fn, eps_contact, bvec[3];
  const double a_fac = 0.99;
  const double *yflag = &h[GS_MDR_YFLAG + side];
  if (history_update) {
    h[GS_MDR_DELTA + side] = delta;
    h[GS_MDR_DELTAO + side] = deltao;
  }

  if (at->psi[i] < m->mdr_psi_b) {
    /* bulk response: the grain's mean surface displacement goes to the bulk part */
    const double mdr_left = delta - h[GS_MDR_DELTA_MDR + side];
    ddelta_mdr = ddelta - at->ddelta_bar[i];
    if (mdr_left < ddelta_mdr) ddelta_mdr = mdr_left;
    ddelta_bulk = at->ddelta_bar[i];
  } else {
    ddelta_bulk = 0.0;
    ddelta_mdr = ddelta;
  }
  delta_mdr = h[GS_MDR_DELTA_MDR + side] + ddelta_mdr;
  delta_bulk = h[GS_MDR_DELTA_BULK + side] + ddelta_bulk;
  if (delta_bulk < 0.0) delta_bulk = 0.0;
  if (history_update) {
    h[GS_MDR_DELTA_MDR + side] = delta_mdr;
    h[GS_MDR_DELTA_BULK + side] = delta_bulk;
  }
  /* as stock: the largest MDR overlap advances also when forces only are asked */
  if (delta_mdr > h[GS_MDR_DELTAMAX_MDR + side]) h[GS_MDR_DELTAMAX_MDR + side] = delta_mdr;
  deltamax_mdr = h[GS_MDR_DELTAMAX_MDR + side];

  /* mean pressure on the yield surface; a Hertzian pressure above it yields the contact */
  py = m->mdr_yield * (1.75 * exp(-4.4 * deltamax_mdr / r) + 1.0);
  if (*yflag == 0.0 && delta_mdr >= deltamax_mdr) {
    const double phertz = 4 * eeff * sqrt(delta_mdr) / (3 * pi * sqrt(r));
    if (!history_update && fresh && phertz > py) *yield_unrecorded = 1;
    if (history_update && phertz > py) {
      h[GS_MDR_YFLAG + side] = 1.0;
      h[GS_MDR_DELTAY + side] = delta_mdr;
      h[GS_MDR_CA + side] = pi * (delta_mdr * delta_mdr - delta_mdr * r);
    }
  }

  if (*yflag == 0.0) {
    a = 4.0 * r;
    ainv = 1.0 / a;
    b = 2.0 * r;
    deltae1d = delta_mdr;
    amax = sqrt(deltamax_mdr * r);
  } else {
    /* plastic: an elliptical indenter fitted to the largest contact, unloading elastically */
    const double ca = h[GS_MDR_CA + side];
    double amaxsq, emax, fmax, zr, dr;
    amax = sqrt(2.0 * deltamax_mdr * r - deltamax_mdr * deltamax_mdr + ca * 0.318309886183790691216); /* 1/pi */
    amaxsq = amax * amax;
    a = 4.0 * py * eeffinv * amax;
    ainv = 1.0 / a;
    b = 2.0 * amax;
    emax = a * 0.5;
    fmax = eeff * (a * b * 0.25) * acos(1 - 2 * emax * ainv);
    fmax -= (2 - 4 * emax * ainv) * sqrt(emax * ainv - (emax * ainv) * (emax * ainv));
    zr = r - (deltamax_mdr - emax);
    dr = 2 * amaxsq * (-1 + poiss) - (-1 + 2 * poiss) * zr * (-zr + sqrt(amaxsq + zr * zr));
    dr *= fmax / (GS_2PI_VALUE * amaxsq * m->mdr_shear * sqrt(amaxsq + zr * zr));
    deltae1d = (delta_mdr - deltamax_mdr + emax + dr) / (1 + dr / emax);
    if (history_update) h[GS_MDR_DELTAP + side] = deltamax_mdr - (emax + dr);
  }

  a_na = deltae1d >= 0.0 ? b * sqrt(a - deltae1d) * sqrt(deltae1d) * ainv : 0.0;
  aadh = h[GS_MDR_AADH + side];
  if (aadh > a_fac * amax) aadh = a_fac * amax;

  if (gamma <= 0.0) {
    f_mdr = deltae1d <= 0.0 ? 0.0 : gs_mdr_indenter_force(deltae1d, ainv, eeff, a, b);
    if (history_update) h[GS_MDR_AADH + side] = a_na;
  } else if (delta_mdr == deltamax_mdr || a_na >= aadh) {
    /* loading, or unloading inside the adhesive zone: compressive only */
    f_mdr = deltae1d <= 0.0 ? 0.0 : gs_mdr_indenter_force(deltae1d, ainv, eeff, a, b);
    if (history_update) h[GS_MDR_AADH + side] = a_fac * a_na;
  } else {
    /* tensile springs at the edge of the adhesive zone, up to their critical length */
    const double asq = a * a, a4 = asq * asq, ainvsq = ainv * ainv, bsq = b * b, b4 = bsq * bsq;
    const double gammasq = gamma * gamma, eeffsq = eeff * eeff, eeffsqinv = eeffinv * eeffinv;
    const double pisq = 9.8696044010893579923;
    const double lmax = sqrt(GS_2PI_VALUE * aadh * gamma * eeffinv);
    const double g = gs_mdr_adhesive_depth(a, b, aadh);
    double t, acrit;
    t = 27 * a4 * b4 * gamma * eeffinv;
    t -= 2 * (bsq * b4) * (gammasq * gamma) * pisq * (eeffinv * eeffinv * eeffinv);
    t += sqrt(27.0) * asq * b4 * sqrt(27 * a4 * eeffsq * gammasq - 4 * bsq * (gammasq * gammasq) * pisq) * eeffsqinv;
    t = cbrt(t);
    acrit = -bsq * gamma * pi * ainvsq * eeffinv;
    acrit += 1.25992104989487319067 * b4 * gammasq * 6.73880859569814116838 / (asq * eeffsq * t); /* cbrt 2, pi^5/3 */
    acrit += 1.16244735150962652526 * t * ainvsq;                                               /* cbrt(pi/2) */
    acrit /= 6;

    if (deltae1d + lmax - g >= 0.0) {
      f_mdr = gs_mdr_adhesive_force(deltae1d, g, aadh, a, ainv, b, eeff);
    } else {
      /* the springs break from the edge in: Newton-Raphson for the new adhesive radius */
      if (aadh < acrit) {
        aadh = 0.0;
        f_mdr = 0.0;
      } else {
        double x = aadh;
        int it;
        for (it = 0; it < GS_MDR_MAX_IT; ++it) {
          const double base = deltae1d - a * 0.5 + a * sqrt(bsq * 0.25 - x * x) * (1.0 / b);
          const double fa = base + sqrt(GS_2PI_VALUE * x * gamma * eeffinv);
          double dfda;
          if (fabs(fa) < GS_MDR_EPSILON1) break;
          dfda = -x * a / (b * sqrt(-(x * x) + bsq * 0.25));
          dfda += gamma * 1.25331413731550012081 / sqrt(x * gamma * eeff); /* sqrt(pi/2) */
          x = x - fa / dfda;
          if (fabs(fa - (base + sqrt(GS_2PI_VALUE * x * gamma * eeffinv))) < GS_MDR_EPSILON2) break;
          if (it == GS_MDR_MAX_IT - 1) x = 0.0;
        }
        aadh = x;
        if (aadh < acrit) {
          aadh = 0.0;
          f_mdr = 0.0;
        } else {
          f_mdr = gs_mdr_adhesive_force(deltae1d, gs_mdr_adhesive_depth(a, b, aadh), aadh, a, ainv, b, eeff);
        }
      }
      if (history_update) h[GS_MDR_AADH + side] = aadh;
    }
  }

  ac = *yflag == 0.0 ? pi * delta * r : pi * (2.0 * delta * r - delta * delta) + h[GS_MDR_CA + side];
  if (ac < 0.0) ac = 0.0;
  if (history_update) {
    GS_MDR_ADD(&at->atot_sum[i], wij * (ac - GS_2PI_VALUE * r * (deltamax_mdr + delta_bulk)));
    GS_MDR_ADD(&at->acon1[i], wij * ac);
  }
  *area += wij * ac;
  *adamp += gamma > 0.0 ? aadh : a_na;

  f_bulk = delta_bulk <= 0.0 ? 0.0 : (1.0 / at->vgeo[i]) * at->acon0[i] * delta_bulk * m->mdr_bulk * ac;

  if (history_update) {
    h[GS_MDR_AC + side] = wij * ac;
    GS_MDR_ADD(&at->vcaps[i], pi * (1.0 / 3.0) * (delta * delta) * (3.0 * r - delta));
  }

  /* the contact's share of the grain's volume-averaged strain and stress */
  fn = wij * (f_mdr + f_bulk);
  bvec[0] = -(ro - deltao) * n[0];
  bvec[1] = -(ro - deltao) * n[1];
  bvec[2] = -(ro - deltao) * n[2];
  eps_contact = (fn * n[0] * bvec[0] + fn * n[1] * bvec[1] + fn * n[2] * bvec[2]) / (3 * m->mdr_bulk * at->velas[i]);
  if (history_update) {
    GS_MDR_ADD(&at->eps_bar[i], eps_contact);
    if (delta_mdr == deltamax_mdr && *yflag > 0.0 && f_mdr > 0.0) {
      const double vo = 1.33333333333333333333 * pi * (ro * ro * ro);
      /* (two subtractions, rounded as stock's) */
      GS_MDR_ADD(&at->dr_num[i], -(vo * (eps_contact - h[GS_MDR_EPS_BAR + side])));
      GS_MDR_ADD(&at->dr_num[i], -(wij * pi * ddeltao * (2 * deltao * ro - deltao * deltao + r * r - ro * ro)));
      GS_MDR_ADD(&at->dr_den[i], wij * 2.0 * pi * r * (deltao + r - ro));
    }
    h[GS_MDR_EPS_BAR + side] = eps_contact;
    GS_MDR_ADD(&at->sigmaxx[i], fn * n[0] * bvec[0] / at->velas[i]);
    GS_MDR_ADD(&at->sigmayy[i], fn * n[1] * bvec[1] / at->velas[i]);
    GS_MDR_ADD(&at->sigmazz[i], fn * n[2] * bvec[2] / at->velas[i]);
  }
  return f_mdr + f_bulk;
}

/* The MDR normal force of a contact (c: delta, radi, radj, meff; n the unit normal). Pairs:
 * side 0 is the atom with the larger tag (c->mdr_i_side0: atom i), so that both ranks and both neighbor
 * orders split a contact alike; walls have one side, i. Sets the damping scale in the history and
 * c->mdr_area (the contact area, compute pair/local's extra column and the walls' contacts
 * output). */
GS_FN double gs_mdr_normal_force(const gs_model *m, gs_contact *c, double *h, const double *n)
{
  const gs_mdr_atoms *at = c->mdr_atoms;
  const int pair = m->geometry == GS_GEOMETRY_PAIR;
  const double deltap0 = h[GS_MDR_DELTAP], deltap1 = h[GS_MDR_DELTAP + 1];
  const double wij = 1.0 - h[GS_MDR_PENALTY] > 0.0 ? 1.0 - h[GS_MDR_PENALTY] : 0.0;
  double deltamax, f[2] = {0.0, 0.0}, area = 0.0, adamp = 0.0, damp_scale, force;
  const int fresh = h[GS_MDR_DELTA_MAX] == 0.0;
  int side;
  if (c->delta >= h[GS_MDR_DELTA_MAX]) h[GS_MDR_DELTA_MAX] = c->delta;
  deltamax = h[GS_MDR_DELTA_MAX];

  for (side = 0; side < (pair ? 2 : 1); side++) {
    double delta = c->delta, radius = c->radi;
    int atom = c->mdr_i;
    if (pair) {
      const int own = (side == 0) == c->mdr_i_side0; /* this side is atom i */
      const double r_side = own ? c->radi : c->radj, r_other = own ? c->radj : c->radi;
      atom = own ? c->mdr_i : c->mdr_j;
      radius = r_side;
      delta = gs_mdr_side_overlap(c->delta, deltamax, r_side, r_other, side == 0 ? deltap0 : deltap1,
                                  deltap0 + deltap1);
    }
    f[side] = gs_mdr_side_force(m, at, atom, radius, delta, h, side, wij, n, c->history_update, fresh, &area, &adamp,
                                &c->mdr_yield_unrecorded);
  }
  c->mdr_area = area * 0.5;

  if (pair) {
    damp_scale = sqrt(c->meff * 2.0 * m->mdr_eeff * adamp);
    force = wij * (f[0] + f[1]) * 0.5;
  } else {
    /* a wall magnifies the force of a grain pressed deep into it */
    const double magnifier = exp(10.7 * h[GS_MDR_DELTAO] / at->ro[c->mdr_i] - 10.0) + 1.0;
    damp_scale = sqrt(c->meff * 2.0 * (0.5 * m->mdr_eeff) * (adamp / 2.0));
    force = wij * f[0] * magnifier;
  }
  if (c->history_update) h[GS_MDR_DAMP_SCALE] = adamp <= 0.0 ? 0.0 : damp_scale;
  return force;
}

/* damping mdr: type 1 scales with the contact (the stored damping scale), type 2 is a constant
 * while the contact carries load */
GS_FN double gs_mdr_damp_prefactor(const gs_model *m, const double *h)
{
  if (m->mdr_damp_type == 1) return m->damp_normal * h[GS_MDR_DAMP_SCALE];
  return h[GS_MDR_DAMP_SCALE] == 0.0 ? 0.0 : m->damp_normal;
}

/* Screening: a contact i-j seen through a third grain k touching both, weighted by the angle at k
 * between the two others (alpha in radians): near 1 when k sits between them. */
GS_FN double gs_mdr_penalty(double alpha)
{
  return 1.0 / (1.0 + exp(-50.0 * (alpha / GS_PI_VALUE - 0.5)));
}

/* Screening of three grains i, j, k touching each other (separations dij = x_j - x_i, dik, djk =
 * x_k - x_j; lengths r_ij, r_ik, r_jk): the contact facing the longest side is seen through the
 * grain opposite it. Returns which (0: i-j, 1: i-k, 2: j-k) and sets its penalty. */
GS_FN int gs_mdr_screening(const double *dij, double r_ij, const double *dik, double r_ik, const double *djk,
                           double r_jk, double *penalty)
{
  const double rinv_ij = 1.0 / r_ij, rinv_ik = 1.0 / r_ik, rinv_jk = 1.0 / r_jk;
  const double r_max = r_ij > r_ik ? (r_ij > r_jk ? r_ij : r_jk) : (r_ik > r_jk ? r_ik : r_jk);
  double a[3], b[3];
  int which, k;
  for (k = 0; k < 3; k++) {
    if (r_ij == r_max) { /* k in the middle */
      a[k] = -dik[k] * rinv_ik;
      b[k] = -djk[k] * rinv_jk;
    } else if (r_ik == r_max) { /* j in the middle */
      a[k] = -dij[k] * rinv_ij;
      b[k] = djk[k] * rinv_jk;
    } else { /* i in the middle */
      a[k] = dij[k] * rinv_ij;
      b[k] = dik[k] * rinv_ik;
    }
  }
  which = r_ij == r_max ? 0 : (r_ik == r_max ? 1 : 2);
  *penalty = gs_mdr_penalty(acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
  return which;
}

/* Before the forces: one atom's update from the sums of the last step's forces. Sets volumes,
 * total area and the free fraction psi; grows the radius (by a running average of the increment
 * volume conservation asks for, up to 1.5 times the initial radius) while the grain is not
 * enclosed. Index i into the arrays. */
GS_FN void gs_mdr_atom_update(const gs_model *m, double *radius, double *ro, double *vgeo, double *velas,
                              const double *vcaps, const double *eps_bar, const double *dr_num, const double *dr_den,
                              double *acon0, const double *acon1, double *atot, const double *atot_sum, double *psi,
                              double *dravg, int i)
{
  const double pi = GS_PI_VALUE;
  const double r = radius[i], rsq = r * r;
  const double vo = 4.0 / 3.0 * pi * (ro[i] * ro[i] * ro[i]);
  const double vgeo_now = 4.0 / 3.0 * pi * rsq * r - vcaps[i];
  vgeo[i] = vgeo_now < vo ? vgeo_now : vo;
  velas[i] = vo * (1.0 + eps_bar[i]);
  atot[i] = 4.0 * pi * rsq + atot_sum[i];
  psi[i] = (atot[i] - acon1[i]) / atot[i];
  if (m->mdr_psi_b < psi[i]) {
    const double confinement = psi[i] > 0.1 ? 1.0 / (1.0 + exp(-75.0 * (psi[i] - 0.2))) : 0.0;
    double dr = dr_num[i] / (dr_den[i] - 4.0 * pi * rsq) * confinement;
    dr = dr > 0.0 ? dr : 0.0;
    if (dr > 0.0) dravg[i] += (dr - dravg[i]) / 10.0;
    if (radius[i] + dr < 1.5 * ro[i] && dr > 0.0) radius[i] += dravg[i];
  }
  acon0[i] = acon1[i];
}

/* The per-atom state as the adapters keep it (LAMMPS: fix property/atom vectors, stock's names
 * in this order: Ro, Vcaps, Vgeo, Velas, eps_bar, dRnumerator, dRdenominator, Acon0, Acon1, Atot,
 * Atot_sum, ddelta_bar, psi, history_setup_flag, sigmaxx, sigmayy, sigmazz, dRavg). */
enum gs_mdr_vector {
  GS_MDR_V_RO, GS_MDR_V_VCAPS, GS_MDR_V_VGEO, GS_MDR_V_VELAS, GS_MDR_V_EPS_BAR, GS_MDR_V_DR_NUM, GS_MDR_V_DR_DEN,
  GS_MDR_V_ACON0, GS_MDR_V_ACON1, GS_MDR_V_ATOT, GS_MDR_V_ATOT_SUM, GS_MDR_V_DDELTA_BAR, GS_MDR_V_PSI,
  GS_MDR_V_SETUP_FLAG, GS_MDR_V_SIGMAXX, GS_MDR_V_SIGMAYY, GS_MDR_V_SIGMAZZ, GS_MDR_V_DRAVG, GS_MDR_NVECTORS
};

/* the vectors that the forces sum into */
#define GS_MDR_NSUMS 9
GS_FN int gs_mdr_sum_vector(int k)
{
  switch (k) {
    case 0: return GS_MDR_V_VCAPS;
    case 1: return GS_MDR_V_EPS_BAR;
    case 2: return GS_MDR_V_DR_NUM;
    case 3: return GS_MDR_V_DR_DEN;
    case 4: return GS_MDR_V_ACON1;
    case 5: return GS_MDR_V_ATOT_SUM;
    case 6: return GS_MDR_V_SIGMAXX;
    case 7: return GS_MDR_V_SIGMAYY;
    default: return GS_MDR_V_SIGMAZZ;
  }
}

/* the vectors that ghost atoms need of their owners' update before the forces */
#define GS_MDR_NGHOST 5
GS_FN int gs_mdr_ghost_vector(int k)
{
  switch (k) {
    case 0: return GS_MDR_V_VGEO;
    case 1: return GS_MDR_V_VELAS;
    case 2: return GS_MDR_V_ACON0;
    case 3: return GS_MDR_V_ATOT;
    default: return GS_MDR_V_PSI;
  }
}

/* The arrays the forces read and sum, from the vectors. */
GS_FN gs_mdr_atoms gs_mdr_atoms_of(double *const *v)
{
  gs_mdr_atoms a;
  a.ro = v[GS_MDR_V_RO];
  a.vgeo = v[GS_MDR_V_VGEO];
  a.velas = v[GS_MDR_V_VELAS];
  a.acon0 = v[GS_MDR_V_ACON0];
  a.psi = v[GS_MDR_V_PSI];
  a.ddelta_bar = v[GS_MDR_V_DDELTA_BAR];
  a.vcaps = v[GS_MDR_V_VCAPS];
  a.eps_bar = v[GS_MDR_V_EPS_BAR];
  a.dr_num = v[GS_MDR_V_DR_NUM];
  a.dr_den = v[GS_MDR_V_DR_DEN];
  a.acon1 = v[GS_MDR_V_ACON1];
  a.atot_sum = v[GS_MDR_V_ATOT_SUM];
  a.sigmaxx = v[GS_MDR_V_SIGMAXX];
  a.sigmayy = v[GS_MDR_V_SIGMAYY];
  a.sigmazz = v[GS_MDR_V_SIGMAZZ];
  return a;
}

/* Atom i (owned or not) at the start of a step, before the forces: a new atom (setup flag 0) takes
 * its radius as its initial radius, with zero state; an owned atom is then updated from the last
 * step's sums, except in a run's setup, which repeats the last step's forces (sums used already). */
GS_FN void gs_mdr_atom_begin_step(const gs_model *m, double *radius, double *const *v, int i, int owned, int setup)
{
  int created = 0, k;
  if (v[GS_MDR_V_SETUP_FLAG][i] < 1e-16) {
    v[GS_MDR_V_RO][i] = radius[i];
    /* (stock keeps dRavg, which a created atom may inherit from an atom that left its slot) */
    v[GS_MDR_V_ACON0][i] = v[GS_MDR_V_DDELTA_BAR][i] = v[GS_MDR_V_DRAVG][i] = 0.0;
    for (k = 0; k < GS_MDR_NSUMS; k++) v[gs_mdr_sum_vector(k)][i] = 0.0;
    v[GS_MDR_V_SETUP_FLAG][i] = 1.0;
    created = 1;
  }
  if (owned && (!setup || created))
    gs_mdr_atom_update(m, radius, v[GS_MDR_V_RO], v[GS_MDR_V_VGEO], v[GS_MDR_V_VELAS], v[GS_MDR_V_VCAPS],
                       v[GS_MDR_V_EPS_BAR], v[GS_MDR_V_DR_NUM], v[GS_MDR_V_DR_DEN], v[GS_MDR_V_ACON0],
                       v[GS_MDR_V_ACON1], v[GS_MDR_V_ATOT], v[GS_MDR_V_ATOT_SUM], v[GS_MDR_V_PSI],
                       v[GS_MDR_V_DRAVG], i);
}

/* Atom i after its update reached the ghosts: this step's sums start from zero (not in a setup,
 * whose forces do not sum). */
GS_FN void gs_mdr_atom_clear_sums(double *const *v, int i, int setup)
{
  int k;
  v[GS_MDR_V_DDELTA_BAR][i] = 0.0;
  if (!setup)
    for (k = 0; k < GS_MDR_NSUMS; k++) v[gs_mdr_sum_vector(k)][i] = 0.0;
}

#endif
