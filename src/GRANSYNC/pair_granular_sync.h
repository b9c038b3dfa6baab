/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(granular/sync,PairGranularSync);
// clang-format on
#else

#ifndef LMP_PAIR_GRANULAR_SYNC_H
#define LMP_PAIR_GRANULAR_SYNC_H

#include "gransync_interface.h"


#include "gs_contact.h"
#include "gs_grid_build.h"
#include "gransync_evaluators.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace LAMMPS_NS {

class PairGranularSync : public GranularSyncPair {
 public:
  PairGranularSync(class LAMMPS *);
  ~PairGranularSync() override;

  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  void init_list(int, class NeighList *) override;
  double init_one(int, int) override;
  void write_restart(FILE *) override;
  void read_restart(FILE *) override;
  void write_restart_settings(FILE *) override;
  void read_restart_settings(FILE *) override;
  double single(int, int, int, int, double, double, double, double &) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  double memory_usage() override;
  void transfer_history(double *, double *, int, int) override;

  // for adapters (Kokkos): the model of a type pair, valid after init()
  const gs_model &model(int itype, int jtype) const { return models[itype * (ntypes_alloc + 1) + jtype]; }
  const gs_model &contact_model(int itype, int jtype) const override { return model(itype, jtype); }
  int history_values() const override { return size_history; }
  class FixNeighHistory *contact_history() const override { return fix_history; }
  bool uses_mdr() const override { return mdr_flag; }
  void refresh_contact_list() override { refresh_own_list(); }

 protected:
  int default_ordering;
  // pair_style keyword `lists`: LAMMPS' neighbor lists, or the style's own from the hierarchical
  // grid of the core (gs_grid.h), built when LAMMPS re-neighbors, or auto: by the radii (values
  // written in restart files)
  enum ListsSetting { LISTS_LAMMPS = 0, LISTS_LEVELS = 1, LISTS_AUTO = 2 } lists_setting = LISTS_AUTO;
  bool own_lists = false;    // this run's choice (init_style())
  std::string choose_lists_automatically();
  double inserted_radius(int t) const;
  // why this style cannot run on LAMMPS' lists here (nullptr: it can)
  virtual const char *lammps_lists_refusal() const { return nullptr; }
  class NeighList *own_list = nullptr;
  gs_grid_lists grid_lists{};
  gs_grid_exclusions grid_exclusions{};
  std::vector<long long> grid_molecules;    // molecule IDs as the core reads them (with molecule exclusions)
  // `lists levels`: builds the style's own contact list (list) after a re-neighboring; a no-op
  // on LAMMPS' lists and where the list is current. Readers of list call it first; a caller
  // inside a timed phase of LAMMPS' step names it, so that the build is timed as Neigh.
  void refresh_own_list(int timer_phase = -1);
  int init_count = 0, own_built_init = -1;    // a list stays current within one run's neighbor builds
  bigint own_built_step = -1, own_built_calls = -1;
  bool short_cutoff = false;    // a given cutoff below a type pair's largest contact distance
  double given_cutoff(int i, int j) const;
  void warn_short_cutoff();
  void refuse_jkr_points(const double *has_points);    // per type from 1, at [type - 1]
  // why this style cannot build its own lists (nullptr: it can)
  virtual const char *own_lists_refusal() const;
  void init_own_lists();
  void request_size_for_local_computes();
  virtual class NeighList *new_own_list();
  // the own list (list) from the grid after a re-neighboring; skin: LAMMPS' and what a model acting
  // beyond touching adds
  virtual void build_own_list(double skin);
  int strict;    // synchronized ordering must get recorded half-step data, never reconstruct
  int restart_format = 0;    // of the restart file being read
  double cutoff_global;
  int ntypes_alloc;
  std::vector<gs_model> models;    // (ntypes+1)^2, row-major by itype
  // like models: the pair_coeff said synchronized_verlet; the others follow the style's ordering,
  // also when pair_style is re-issued (e.g. after read_restart)
  std::vector<int> explicit_sync;
  double **cutoff_type;
  int size_history;
  int use_history;
  int heat_flag = 0;    // some type pair has a heat model: per-atom temperature and heatflow
  bool mdr_flag = false;    // the type pairs' model is mdr: per-atom state in fix_mdr
  bool warned_mdr_yield = false;
  class MdrState *fix_mdr = nullptr;
  std::string mdr_fix_id() const { return std::string(id_history) + "_MDR"; }

  class FixDummy *fix_dummy;
  class FixNeighHistory *fix_history;
  int fix_history_size;
  char *id_dummy, *id_history;

  int freeze_group_bit;
  class Fix *fix_rigid;
  class HalfStepRecorder *fix_halfstep;    // recorded half-step data, if any
  int warned_reconstruction;
  double *mass_rigid;
  int nmax;
  std::vector<double> maxrad_dynamic, maxrad_frozen;
  // compute dissipation/sync's accumulators (set by init_style) and this step's contributions,
  // ghosts included (summed into their owners by reverse communication): per atom a row of the
  // slip and lever energy and the dashpots' loads
  static constexpr int DISSIPATION_ROW = GS_DISSIPATION_CHANNELS + GS_DISSIPATION_LOADS * 6;
  class DissipationStore *dissipation = nullptr;
  std::vector<double> dissipation_step;
  // a style that cannot accumulate dissipation names itself here, refusing compute dissipation/sync
  virtual const char *refuses_dissipation() const { return nullptr; }
  void accumulate_dissipation(int nlocal, int newton_pair);
  void release_dissipation(gs_contact &c, const gs_model *m, int i, int j, const double *history,
                           const HalfStepSource &halfstep, double factor_lj, double *dstep, bool j_here) const;
  // a contact's share: half of its energy to each atom, each atom its load
  static void add_dissipation(double *dstep, int i, int j, bool j_here, const gs_dissipation &d, double factor_lj)
  {
    double *ri = dstep + static_cast<size_t>(i) * DISSIPATION_ROW, *rj = dstep + static_cast<size_t>(j) * DISSIPATION_ROW;
    const double *li = &d.load_i[0][0], *lj = &d.load_j[0][0];
    for (int k = 0; k < GS_DISSIPATION_CHANNELS; k++) {
      ri[k] += 0.5 * factor_lj * d.energy[k];
      if (j_here) rj[k] += 0.5 * factor_lj * d.energy[k];
    }
    for (int k = 0; k < GS_DISSIPATION_LOADS * 6; k++) {
      ri[GS_DISSIPATION_CHANNELS + k] += factor_lj * li[k];
      if (j_here) rj[GS_DISSIPATION_CHANNELS + k] += factor_lj * lj[k];
    }
  }

  void allocate();
  gs_model &model_ref(int itype, int jtype) { return models[itype * (ntypes_alloc + 1) + jtype]; }
  int &explicit_sync_ref(int itype, int jtype) { return explicit_sync[itype * (ntypes_alloc + 1) + jtype]; }
  void assign_history_layout();
  // style of the neighbor-history fix this pair style creates (Kokkos twins use the /kk fix)
  virtual const char *history_fix_style() const { return "NEIGH_HISTORY/SYNC"; }
  virtual const char *mdr_fix_style() const { return "granular/mdr/sync"; }
  int stored_history(int i, int j, double *history);
  virtual int row_history(int a, const std::function<bool(int)> &is_partner, double *history);
  int owned_index(int i);
  std::unordered_map<tagint, int> owned_by_tag;    // owned atoms by tag, as at the last neighbor build
  bigint owned_by_tag_calls = -1;
  // what a contact reads and writes besides its atoms' positions and radii, gathered once per compute()
  struct ContactPass {
    double **v, **f, **omega, **torque;
    HalfStepSource halfstep;    // fix nve/sphere/sync's records, or the velocities
    double **damping;           // fix nve/sphere/sync's, with scheme consistent
    const double *temperature;
    double *heatflow;
    const tagint *tag;
    double *dstep;    // this step's dissipation rows, if accumulated
    int nlocal, newton_pair;
    bool minimizing;
  };
  // one contact: its data gathered, EVALUATE run (a compiled one inlined), forces, heat, energy and
  // virial added
  using ContactFn = void (PairGranularSync::*)(const ContactPass &p, gs_contact &c, const gs_model *m, int i, int j,
                                               const double *dx, double radi, double radj, double factor_lj,
                                               double *history);
  template <gransync::ContactEvaluator EVALUATE>
  [[gnu::noinline]] void contact(const ContactPass &p, gs_contact &c, const gs_model *m, int i, int j,
                                 const double *dx, double radi, double radj, double factor_lj, double *history);
  template <std::size_t K> struct CompiledContact;
  static ContactFn select_contact(const gs_model *m);
  std::vector<ContactFn> contacts;    // per type pair, like models (init_one())
  std::vector<int> candidates;        // compute(): one atom's neighbors that need work
  [[gnu::noinline]] void release(const ContactPass &p, gs_contact &c, const gs_model *m, int i, int j,
                                 const double *dx, double radi, double radj, double factor_lj, double *history);
  double pair_meff(int i, int j) const;
  void half_step_data(gs_contact &c, int i, int j, const HalfStepSource &halfstep) const;
  // mdr: which atom is the contact's side 0 (the larger tag, so both ranks agree)
  static void mdr_sides(gs_contact &c, int i, int j, const tagint *tag)
  {
    c.mdr_i = i;
    c.mdr_j = j;
    c.mdr_i_side0 = tag[i] > tag[j];
  }
};

}    // namespace LAMMPS_NS

#endif
#endif
