/* SPDX-License-Identifier: GPL-2.0-or-later
 * The compiled contact evaluators (src/GRANSYNC/gransync_evaluators.h) against the generic one:
 * - select_compiled() gives every combination of the compiled lists its own evaluator (not the
 *   generic one), and the generic one to a model outside them (jkr, mindlin_classic, mdr);
 * - each compiled evaluator agrees bit for bit with the generic gs_contact_evaluate() over a
 *   sequence of steps of a pair that loads, slides, spins and unloads (forces, torques, every output
 *   and the history they leave), in both orderings and both schemes, with rolling and twisting on
 *   and off.
 * The reference is the generic evaluator itself: the compiled ones must be that code, folded. */
#include "gransync_evaluators.h"

#include "gs_check.h"
#include "gs_model_words.h"

#include <cmath>
#include <cstring>
#include <string>

using namespace LAMMPS_NS::gransync;

namespace {

const char *const normal_words[] = {"hooke 1e3 0.5", "hertz 1e5 0.5", "hertz/material 1e5 0.5 0.3"};
const char *const damping_words[] = {"mass_velocity", "viscoelastic", "tsuji", "coeff_restitution"};
const char *const tangential_words[] = {"linear_history 1e4 0.5 0.4", "linear_history_classic 1e4 0.5 0.4",
                                        "mindlin 1e4 0.5 0.4"};
const char *const rolling_words[] = {"", " rolling sds 100 0.3 0.2"};
const char *const twisting_words[] = {"", " twisting marshall"};

// a deterministic sequence in [-1, 1)
double next_random(unsigned long long &state)
{
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;
}

// equal bit for bit (NaN included): what a folded copy of the same arithmetic gives
bool same_bits(const void *a, const void *b, std::size_t n)
{
  return std::memcmp(a, b, n) == 0;
}

bool same_outputs(const gs_contact &a, const gs_contact &b)
{
  return same_bits(a.force, b.force, sizeof(a.force)) && same_bits(a.torquei, b.torquei, sizeof(a.torquei)) &&
      same_bits(a.torquej, b.torquej, sizeof(a.torquej)) && same_bits(a.fs, b.fs, sizeof(a.fs)) &&
      same_bits(a.fr, b.fr, sizeof(a.fr)) && same_bits(&a.fn_total, &b.fn_total, sizeof(double)) &&
      same_bits(&a.torque_twist, &b.torque_twist, sizeof(double)) && same_bits(&a.delta, &b.delta, sizeof(double)) &&
      same_bits(&a.contact_radius, &b.contact_radius, sizeof(double)) && same_bits(&a.r, &b.r, sizeof(double));
}

// the table the pair style's contacts are chosen from, with the evaluators they inline
template <std::size_t K> struct CompiledEvaluator {
  static constexpr ContactEvaluator value = &evaluate_compiled<K>;
};

ContactEvaluator select_evaluator(const gs_model *m)
{
  return select_compiled<ContactEvaluator, CompiledEvaluator>(m, &evaluate_generic);
}

// Two spheres pressed together and apart over 400 steps while their surfaces slide and spin:
// sticking, sliding and reversal. Returns the number of steps (with contact) whose outputs or
// history differ between the evaluator and the generic one; `contacts` counts the contact steps,
// `sliding` those at the friction limit.
int run_pair(const gs_model &m, ContactEvaluator evaluate, int &contacts, int &sliding)
{
  const int nsteps = 400;
  double hist_generic[32] = {0.0}, hist_compiled[32] = {0.0};
  double damp_i[6], damp_j[6];
  unsigned long long state = 12345;
  gs_contact c;
  std::memset(&c, 0, sizeof(c));
  c.radi = 0.01;
  c.radj = 0.004;
  c.dt = 1e-5;
  c.meff = 0.02;
  c.history_update = 1;
  c.damp_i = damp_i;
  c.damp_j = damp_j;
  int differing = 0;
  contacts = sliding = 0;
  for (int step = 0; step < nsteps; step++) {
    const double phase = 6.283185307179586 * step / nsteps;
    // overlap 0 .. 3e-4 and back; the direction turns; velocities and spins vary
    const double overlap = 3e-4 * std::sin(0.5 * phase) - 2e-5;
    const double r = c.radi + c.radj - overlap;
    const double dir[3] = {std::cos(0.3 * phase), std::sin(0.3 * phase) * 0.8, 0.6 * std::sin(0.3 * phase)};
    const double len = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    for (int k = 0; k < 3; k++) {
      c.dx[k] = r * dir[k] / len;
      c.vr[k] = 0.4 * std::sin(phase * (k + 1)) + 0.05 * next_random(state);
      c.omegai[k] = 30.0 * std::cos(phase * (k + 2)) + 3.0 * next_random(state);
      c.omegaj[k] = -20.0 * std::sin(phase * (k + 1)) + 3.0 * next_random(state);
      damp_i[k] = 0.5 * c.vr[k] + 0.01 * next_random(state);
      damp_j[k] = -0.5 * c.vr[k] + 0.01 * next_random(state);
      damp_i[k + 3] = c.omegai[k] + next_random(state);
      damp_j[k + 3] = c.omegaj[k] + next_random(state);
    }
    gs_reconstruct_half_step(c.dx, c.vr, c.dt, c.dx_half);
    if (!gs_pair_in_contact(&m, &c, 0)) {
      for (double &h : hist_generic) h = 0.0;
      for (double &h : hist_compiled) h = 0.0;
      continue;
    }
    contacts++;
    gs_contact generic = c, compiled = c;
    gs_contact_evaluate(&m, &generic, hist_generic);
    evaluate(&m, &compiled, hist_compiled);
    if (std::sqrt(gs_dot3(generic.fs, generic.fs)) >= (1.0 - 1e-9) * m.mut * std::fabs(generic.fn_total)) sliding++;
    if (!same_outputs(generic, compiled) || !same_bits(hist_generic, hist_compiled, sizeof(hist_generic)))
      differing++;
  }
  return differing;
}

}    // namespace

int main()
{
  char err[GS_ERRLEN];
  int combinations = 0, agreeing = 0, contact_steps = 0, sliding_steps = 0;
  for (const char *normal : normal_words)
    for (const char *damping : damping_words)
      for (const char *tangential : tangential_words)
        for (const char *rolling : rolling_words)
          for (const char *twisting : twisting_words)
            for (int ordering : {GS_ORDERING_STANDARD, GS_ORDERING_SYNCHRONIZED})
              for (int scheme : {GS_SCHEME_VERLET, GS_SCHEME_CONSISTENT}) {
                const std::string words = std::string(normal) + " damping " + damping + " tangential " +
                    tangential + rolling + twisting;
                gs_model m;
                if (!gs_parse_words(words.c_str(), GS_GEOMETRY_PAIR, ordering, &m, err)) {
                  GS_CHECK(false, "'%s': %s", words.c_str(), err);
                  continue;
                }
                m.scheme = scheme;
                combinations++;
                const ContactEvaluator evaluate = select_evaluator(&m);
                if (evaluate == &evaluate_generic) {
                  GS_CHECK(false, "'%s' (ordering %d): no compiled evaluator", words.c_str(), ordering);
                  continue;
                }
                int contacts = 0, sliding = 0;
                const int differing = run_pair(m, evaluate, contacts, sliding);
                if (differing == 0 && contacts > 300) agreeing++;
                else
                  GS_CHECK(false, "'%s' (ordering %d, scheme %d): %d of %d contact steps differ", words.c_str(),
                           ordering, scheme, differing, contacts);
                contact_steps += contacts;
                sliding_steps += sliding;
              }
  GS_CHECK(combinations == static_cast<int>(2 * n_compiled) && agreeing == combinations,
           "%d of %d combinations of model, ordering and scheme compiled and bitwise equal to the generic evaluator "
           "over %d contact steps",
           agreeing, combinations, contact_steps);
  GS_CHECK(sliding_steps > contact_steps / 5 && sliding_steps < contact_steps * 4 / 5,
           "the contacts both stick and slide: %d of %d steps at the friction limit", sliding_steps, contact_steps);

  // models outside the compiled lists run the generic evaluator
  const char *const others[] = {"jkr 1e7 0.5 0.3 50 damping viscoelastic tangential mindlin NULL 0.5 0.4",
                                "hooke 1e5 0.5 damping coeff_restitution tangential mindlin_classic 1e4 0.5 0.4",
                                "hooke 1e5 0.5 damping velocity tangential linear_history 1e4 0.5 0.4",
                                "dmt 1e7 0.5 0.3 50 damping mass_velocity tangential linear_nohistory 0.5 0.4"};
  for (const char *words : others) {
    const gs_model m = gs_model_from_words(words, GS_GEOMETRY_PAIR, GS_ORDERING_SYNCHRONIZED);
    GS_CHECK(select_evaluator(&m) == &evaluate_generic, "'%s': the generic evaluator", words);
  }
  return gs_check_summary();
}
