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
    at->atot_sum[i] += wij * (ac - GS_2PI_VALUE * r * (deltamax_mdr + delta_bulk));
    at->acon1[i] += wij * ac;
  }
  *area += wij * ac;
  *adamp += gamma > 0.0 ? aadh : a_na;

  f_bulk = delta_bulk <= 0.0 ? 0.0 : (1.0 / at->vgeo[i]) * at->acon0[i] * delta_bulk * m->mdr_bulk * ac;

  if (history_update) {
    h[GS_MDR_AC + side] = wij * ac;
    at->vcaps[i] += pi * (1.0 / 3.0) * (delta * delta) * (3.0 * r - delta);
  }

  /* the contact's share of the grain's volume-averaged strain and stress */
  fn = wij * (f_mdr + f_bulk);
  bvec[0] = -(ro - deltao) * n[0];
  bvec[1] = -(ro - deltao) * n[1];
  bvec[2] = -(ro - deltao) * n[2];
  eps_contact = (fn * n[0] * bvec[0] + fn * n[1] * bvec[1] + fn * n[2] * bvec[2]) / (3 * m->mdr_bulk * at->velas[i]);
  if (history_update) {
    at->eps_bar[i] += eps_contact;
    if (delta_mdr == deltamax_mdr && *yflag > 0.0 && f_mdr > 0.0) {
      const double vo = 1.33333333333333333333 * pi * (ro * ro * ro);
      at->dr_num[i] -= vo * (eps_contact - h[GS_MDR_EPS_BAR + side]);
      at->dr_num[i] -= wij * pi * ddeltao * (2 * deltao * ro - deltao * deltao + r * r - ro * ro);
      at->dr_den[i] += wij * 2.0 * pi * r * (deltao + r - ro);
    }
    h[GS_MDR_EPS_BAR + side] = eps_contact;
    at->sigmaxx[i] += fn * n[0] * bvec[0] / at->velas[i];
    at->sigmayy[i] += fn * n[1] * bvec[1] / at->velas[i];
    at->sigmazz[i] += fn * n[2] * bvec[2] / at->velas[i];
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

#endif
