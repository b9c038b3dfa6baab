/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

// The contact evaluator compiled for the model combinations users run most: the C core's
// gs_contact_evaluate_as() with its sub-model kinds as constants, so the compiler drops every other
// model's code (one physics source, no second copy). A style picks one per type pair at init()
// (select_compiled()); any other combination runs the generic evaluator, which reads the kinds
// from the model. The scheme (the integrator's choice of the dashpots' time level) stays a run-time
// value. Include after gs_contact.h's GS_WITH_MDR choice.

#ifndef LMP_GRANSYNC_EVALUATORS_H
#define LMP_GRANSYNC_EVALUATORS_H

#include "gs_contact.h"

#include <array>
#include <cstddef>

namespace LAMMPS_NS {
namespace gransync {

using ContactEvaluator = void (*)(const gs_model *, gs_contact *, double *);

// the compiled combinations: every choice of each list below
constexpr int compiled_normal[] = {GS_NORMAL_HOOKE, GS_NORMAL_HERTZ, GS_NORMAL_HERTZ_MATERIAL};
constexpr int compiled_damping[] = {GS_DAMPING_MASS_VELOCITY, GS_DAMPING_VISCOELASTIC, GS_DAMPING_TSUJI,
                                    GS_DAMPING_COEFF_RESTITUTION};
constexpr int compiled_tangential[] = {GS_TANGENTIAL_LINEAR_HISTORY, GS_TANGENTIAL_LINEAR_HISTORY_CLASSIC,
                                       GS_TANGENTIAL_MINDLIN};
constexpr int compiled_rolling[] = {GS_ROLLING_NONE, GS_ROLLING_SDS};
constexpr int compiled_twisting[] = {GS_TWISTING_NONE, GS_TWISTING_MARSHALL};
constexpr int compiled_ordering[] = {GS_ORDERING_STANDARD, GS_ORDERING_SYNCHRONIZED};

template <class T, std::size_t N> constexpr std::size_t count_of(const T (&)[N]) { return N; }
// combination K: its choice of each list, the first list varying fastest
constexpr std::size_t n_normal = count_of(compiled_normal), n_damping = count_of(compiled_damping),
                      n_tangential = count_of(compiled_tangential), n_rolling = count_of(compiled_rolling),
                      n_twisting = count_of(compiled_twisting), n_ordering = count_of(compiled_ordering);
constexpr std::size_t n_compiled = n_normal * n_damping * n_tangential * n_rolling * n_twisting * n_ordering;

template <std::size_t K> constexpr gs_kinds compiled_kinds(int scheme)
{
  constexpr std::size_t d = K / n_normal, t = d / n_damping, r = t / n_tangential, w = r / n_rolling,
                        o = w / n_twisting;
  return {compiled_normal[K % n_normal],        compiled_damping[d % n_damping],
          compiled_tangential[t % n_tangential], compiled_rolling[r % n_rolling],
          compiled_twisting[w % n_twisting],    compiled_ordering[o % n_ordering],
          scheme};
}

// the evaluator of combination K, inlined where it is called (the pair style's contact<>())
template <std::size_t K>
[[gnu::always_inline]] inline void evaluate_compiled(const gs_model *m, gs_contact *c, double *history)
{
  gs_contact_evaluate_as(m, compiled_kinds<K>(m->scheme), c, history);
}

[[gnu::noinline]] inline void evaluate_generic(const gs_model *m, gs_contact *c, double *history)
{
  gs_contact_evaluate(m, c, history);
}

// position of `value` in `list`, or -1
template <std::size_t N> constexpr int index_in(const int (&list)[N], int value)
{
  for (std::size_t k = 0; k < N; k++)
    if (list[k] == value) return static_cast<int>(k);
  return -1;
}

// the combination K of this model's kinds, or -1 (also for any model that needs more than the
// kinds: mdr's per-atom state)
inline int compiled_index(const gs_model *m)
{
  const int index[] = {index_in(compiled_normal, m->normal),         index_in(compiled_damping, m->damping),
                       index_in(compiled_tangential, m->tangential), index_in(compiled_rolling, m->rolling),
                       index_in(compiled_twisting, m->twisting),     index_in(compiled_ordering, m->ordering)};
  const std::size_t size[] = {n_normal, n_damping, n_tangential, n_rolling, n_twisting, n_ordering};
  std::size_t k = 0, stride = 1;
  for (int l = 0; l < 6; l++) {
    if (index[l] < 0) return -1;
    k += stride * static_cast<std::size_t>(index[l]);
    stride *= size[l];
  }
  return static_cast<int>(k);
}

// table[K] = Entry<K>::value for K in [LO, HI), by halves: nvcc's front end rejects a pack of
// function template addresses, and a recursion one entry deep per combination exceeds its limit
template <class Fn, template <std::size_t> class Entry, std::size_t LO = 0, std::size_t HI = n_compiled>
void fill_compiled(std::array<Fn, n_compiled> &table)
{
  if constexpr (HI - LO == 1) {
    table[LO] = Entry<LO>::value;
  } else {
    fill_compiled<Fn, Entry, LO, (LO + HI) / 2>(table);
    fill_compiled<Fn, Entry, (LO + HI) / 2, HI>(table);
  }
}

// Entry<K>::value for this model's combination K, or `fallback`
template <class Fn, template <std::size_t> class Entry> Fn select_compiled(const gs_model *m, Fn fallback)
{
  static const std::array<Fn, n_compiled> table = [] {
    std::array<Fn, n_compiled> t{};
    fill_compiled<Fn, Entry>(t);
    return t;
  }();
  const int k = compiled_index(m);
  return k < 0 ? fallback : table[static_cast<std::size_t>(k)];
}

}    // namespace gransync
}    // namespace LAMMPS_NS

#endif
