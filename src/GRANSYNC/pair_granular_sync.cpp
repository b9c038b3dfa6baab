/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Thin adapter: gathers per-pair data, calls the C contact core (src/core), applies the results.
------------------------------------------------------------------------- */

// evaluates normal mdr: the per-atom state is fix granular/mdr/sync's (gs_contact.h)
#ifdef GS_CONTACT_H
#error "GS_WITH_MDR must be defined before gs_contact.h is first included"
#endif
#define GS_WITH_MDR

#include "pair_granular_sync.h"

#include "atom.h"
#include "comm.h"
#include "gransync_interface.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "fix_dummy.h"
#include "gransync_args.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "group.h"
#include "memory.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "timer.h"
#include "update.h"
#include "utils.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

// 4: the history fix is NEIGH_HISTORY/SYNC (format 3 files named LAMMPS' fix, whose history
// written between runs was scrambled)
// 5: four normal coefficients per model (dmt's cohesion)
// 6: the heat model and its coefficient
// 7: six normal coefficients (mdr's) and the damping's coefficient; 4 to 6 are still read
// 8: the lists setting (earlier files: auto)
static constexpr int RESTART_FORMAT = 8;

// lists auto: the own lists from this ratio of the largest radius to the smallest on (bench/lists.sh,
// 28 Nov 2026: from 6 on they beat LAMMPS' multi on the CPU and bin by 2.4x and more on /kk; below,
// either is within 0.8-1.4x of the other, and LAMMPS' lists keep ordering standard equal to stock)
static constexpr double AUTO_LEVELS_RATIO = 6.0;

/* ---------------------------------------------------------------------- */

PairGranularSync::PairGranularSync(LAMMPS *lmp) :
    GranularSyncPair(lmp), default_ordering(GS_ORDERING_SYNCHRONIZED), strict(0), cutoff_global(-1.0), ntypes_alloc(0),
    cutoff_type(nullptr), size_history(0), use_history(0), fix_history(nullptr), fix_history_size(0), freeze_group_bit(0),
    fix_rigid(nullptr), fix_halfstep(nullptr), warned_reconstruction(0), mass_rigid(nullptr), nmax(0)
{
  single_enable = 1;
  no_virial_fdotr_compute = 1;
  centroidstressflag = CENTROID_NOTAVAIL;
  finitecutflag = 1;
  single_extra = 12;
  svector = new double[single_extra];
  comm_forward = 1;
  nondefault_history_transfer = 1;

  // The real history fix replaces this placeholder in init_style(); the placeholder exists from the
  // start so that per-atom history read from a restart file is matched to it by ID. The ID must not
  // depend on how many pair styles the process created before (stock's instance counter does), or a
  // restart read after another pair_style command silently loses all contact history.
  std::string suffix;
  for (int n = 1; modify->get_fix_by_id(fmt::format("NEIGH_HISTORY_GRANSYNC{}", suffix)) ||
                  modify->get_fix_by_id(fmt::format("NEIGH_HISTORY_GRANSYNC_DUMMY{}", suffix));
       n++)
    suffix = fmt::format("_{}", n);
  id_dummy = utils::strdup(fmt::format("NEIGH_HISTORY_GRANSYNC_DUMMY{}", suffix));
  id_history = utils::strdup(fmt::format("NEIGH_HISTORY_GRANSYNC{}", suffix));
  fix_dummy = dynamic_cast<FixDummy *>(modify->add_fix(fmt::format("{} all DUMMY", id_dummy)));
}

PairGranularSync::~PairGranularSync()
{
  delete[] svector;
  if (modify->get_fix_by_id(mdr_fix_id())) modify->delete_fix(mdr_fix_id());
  if (modify->get_fix_by_id(id_history))
    modify->delete_fix(id_history);
  else if (modify->get_fix_by_id(id_dummy))
    modify->delete_fix(id_dummy);
  delete[] id_dummy;
  delete[] id_history;
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
    memory->destroy(cutoff_type);
  }
  memory->destroy(mass_rigid);
  delete own_list;
  gs_grid_lists_free(&grid_lists);
}

/* ---------------------------------------------------------------------- */

void PairGranularSync::allocate()
{
  allocated = 1;
  const int n = atom->ntypes;
  ntypes_alloc = n;
  memory->create(setflag, n + 1, n + 1, "pair:setflag");
  memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
  memory->create(cutoff_type, n + 1, n + 1, "pair:cutoff_type");
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= n; j++) {
      setflag[i][j] = 0;
      cutoff_type[i][j] = -1.0;
    }
  models.assign((size_t) (n + 1) * (n + 1), gs_model{});
  explicit_sync.assign((size_t) (n + 1) * (n + 1), 0);
  contacts.assign((size_t) (n + 1) * (n + 1), &PairGranularSync::contact<&gransync::evaluate_generic>);
  maxrad_dynamic.assign(n + 1, 0.0);
  maxrad_frozen.assign(n + 1, 0.0);
}

/* pair_style granular/sync [cutoff] [ordering standard|synchronized] [strict] [lists auto|lammps|levels] */

void PairGranularSync::settings(int narg, char **arg)
{
  int iarg = 0;
  cutoff_global = -1.0;
  default_ordering = GS_ORDERING_SYNCHRONIZED;
  strict = 0;
  lists_setting = LISTS_AUTO;
  if (iarg < narg && utils::is_double(arg[iarg])) {
    cutoff_global = utils::numeric(FLERR, arg[iarg], false, lmp);
    if (cutoff_global <= 0.0)
      error->all(FLERR, "pair_style granular/sync: cutoff must be > 0, got {}", arg[iarg]);
    iarg++;
  }
  while (iarg < narg) {
    if (strcmp(arg[iarg], "ordering") == 0) {
      default_ordering = parse_ordering(error, "pair_style granular/sync", iarg, narg, arg);
      iarg += 2;
    } else if (strcmp(arg[iarg], "strict") == 0) {
      strict = 1;
      iarg++;
    } else if (strcmp(arg[iarg], "lists") == 0) {
      const char *value = iarg + 1 < narg ? arg[iarg + 1] : "";
      if (strcmp(value, "auto") == 0) lists_setting = LISTS_AUTO;
      else if (strcmp(value, "lammps") == 0) lists_setting = LISTS_LAMMPS;
      else if (strcmp(value, "levels") == 0) lists_setting = LISTS_LEVELS;
      else
        error->all(FLERR, "pair_style granular/sync: lists takes auto, lammps or levels, got '{}'",
                   iarg + 1 < narg ? value : "nothing");
      iarg += 2;
    } else if (utils::is_double(arg[iarg])) {
      error->all(FLERR, "pair_style granular/sync: a cutoff ({}) goes first, once, before the keywords ordering, "
                 "strict and lists", arg[iarg]);
    } else {
      error->all(FLERR, "pair_style granular/sync: unknown argument '{}' (allowed: a cutoff first, then ordering, "
                 "strict, lists)", arg[iarg]);
    }
  }
}

/* pair_coeff I J <stock pair granular model words> */

void PairGranularSync::coeff(int narg, char **arg)
{
  if (narg < 3)
    error->all(FLERR, "pair_coeff granular/sync: expected 'pair_coeff I J <normal model> <coeffs> "
                      "tangential <model> <coeffs> [damping|rolling|twisting|heat|cutoff|limit_damping|"
                      "synchronized_verlet ...]'");
  if (!allocated) allocate();

  int ilo, ihi, jlo, jhi;
  utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
  utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);

  gs_model parsed;
  char err[GS_ERRLEN];
  // parsed as standard, so that an explicit synchronized_verlet can be told from the style's ordering
  const int used = gs_model_parse(&parsed, narg - 2, arg + 2, GS_GEOMETRY_PAIR, GS_ORDERING_STANDARD, err);
  if (used < 0) error->all(FLERR, "pair_coeff granular/sync: {}", err);
  if (used < narg - 2)
    error->all(FLERR,
               "pair_coeff granular/sync: unexpected argument '{}' (expected a keyword: tangential, damping, "
               "rolling, twisting, heat, cutoff, limit_damping, synchronized_verlet; or too many coefficients)",
               arg[2 + used]);

  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    for (int j = MAX(jlo, i); j <= jhi; j++) {
      model_ref(i, j) = parsed;
      model_ref(j, i) = parsed;
      explicit_sync_ref(i, j) = explicit_sync_ref(j, i) = parsed.ordering == GS_ORDERING_SYNCHRONIZED;
      cutoff_type[i][j] = cutoff_type[j][i] = parsed.cutoff;
      setflag[i][j] = 1;
      count++;
    }
  }
  if (count == 0) error->all(FLERR, "pair_coeff granular/sync: no type pairs in range {} {}", arg[0], arg[1]);
}

/* ---------------------------------------------------------------------- */

void PairGranularSync::init_style()
{
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag)
    error->all(FLERR, "pair_style granular/sync requires atom attributes radius, rmass and omega "
                      "(use atom_style sphere)");
  if (comm->ghost_velocity == 0)
    error->all(FLERR, "pair_style granular/sync requires ghost atoms to store velocity: add 'comm_modify vel yes'");

  // the style's current ordering (pair_style may have been re-issued since pair_coeff)
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = 1; j <= atom->ntypes; j++)
      if (setflag[MIN(i, j)][MAX(i, j)])
        model_ref(i, j).ordering = explicit_sync_ref(i, j) ? GS_ORDERING_SYNCHRONIZED : default_ordering;

  // mixed models are rebuilt in init_one(); the layout covers all explicit ones now. A JKR contact
  // is remembered (the touch flag of the history fix) and reaches beyond touching, which a neighbor
  // list built from the radii alone would miss; Pair::beyond_contact tells the history fix that
  // every listed pair may hold history
  use_history = 0;
  beyond_contact = 0;
  heat_flag = 0;
  int mdr_pairs = 0, set_pairs = 0;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++)
      if (setflag[i][j]) {
        set_pairs++;
        if (model_ref(i, j).normal == GS_NORMAL_MDR) mdr_pairs++;
        if (model_ref(i, j).size_history > 0) use_history = 1;
        if (model_ref(i, j).normal == GS_NORMAL_JKR) use_history = beyond_contact = 1;
        if (model_ref(i, j).heat != GS_HEAT_UNSET) heat_flag = 1;
      }
  assign_history_layout();

  // mdr: one model for all type pairs (as stock), whose per-atom state a fix keeps
  mdr_flag = mdr_pairs > 0;
  // minimize: without contact history the stored energy is a function of the positions, whose
  // gradient the elastic forces are; a spring's history and a JKR contact's are not (mdr's fix
  // refuses with its own reason)
  if (update->whichflag == 2 && use_history && !mdr_flag)
    error->all(FLERR, "pair granular/sync: minimize needs contact models without history, whose stored energy is "
                      "a potential (tangential linear_nohistory, no rolling or twisting, normal hooke, hertz, "
                      "hertz/material or dmt)");
  if (mdr_flag && mdr_pairs != set_pairs)
    error->all(FLERR, "pair granular/sync: normal mdr cannot be combined with other normal models; give every type "
                      "pair the mdr model");
  if (mdr_flag) {
    const gs_model *first = nullptr;
    for (int i = 1; i <= atom->ntypes; i++)
      for (int j = i; j <= atom->ntypes; j++)
        if (setflag[i][j]) {
          const gs_model &m = model_ref(i, j);
          if (!first) first = &m;
          if (!std::equal(m.normal_coeffs, m.normal_coeffs + 6, first->normal_coeffs) ||
              m.damping_coeff != first->damping_coeff)
            error->all(FLERR, "pair granular/sync: types {} and {} have other mdr coefficients than the first type "
                       "pair; give every type pair one mdr model (as stock)", i, j);
        }
    fix_mdr = dynamic_cast<MdrState *>(modify->get_fix_by_id(mdr_fix_id()));
    if (!fix_mdr)
      fix_mdr = dynamic_cast<MdrState *>(
          modify->add_fix(mdr_fix_id() + " all " + mdr_fix_style(), 0));
  } else {
    // the models changed from mdr: its state goes, as with stock's
    if (modify->get_fix_by_id(mdr_fix_id())) modify->delete_fix(mdr_fix_id());
    fix_mdr = nullptr;
  }

  if (heat_flag) {
    for (int i = 1; i <= atom->ntypes; i++)
      for (int j = i; j <= atom->ntypes; j++)
        if (setflag[i][j] && model_ref(i, j).heat == GS_HEAT_UNSET)
          error->all(FLERR, "pair granular/sync: types {} and {} have no heat model while others have one; give "
                     "every pair_coeff a heat keyword (heat none, area or radius)", i, j);
    require_heat_atoms(error, atom, "pair granular/sync");
  }
  dissipation = DissipationStore::find(lmp, refuses_dissipation());
  comm_reverse = dissipation ? DISSIPATION_ROW : 0;    // (Comm sizes its buffers after this)
  if (dissipation && update->whichflag == 2 && comm->me == 0)
    error->warning(FLERR, "pair granular/sync: minimize dissipates nothing: compute dissipation/sync counts the "
                          "dynamics only");

  // compute pair/local's extras, as stock's order: p13 mdr's contact area, then the heat flow into i
  const int extra = 12 + mdr_flag + heat_flag;
  if (single_extra != extra) {
    delete[] svector;
    single_extra = extra;
    svector = new double[single_extra];
  }

  auto freezes = modify->get_fix_by_style("^freeze");
  if (freezes.size() > 1) error->all(FLERR, "pair_style granular/sync: only one fix freeze is allowed");
  freeze_group_bit = freezes.empty() ? 0 : freezes.front()->groupbit;

  // largest radius per type, separately for dynamic and frozen atoms, sets the default cutoffs; and
  // which types have point particles (radius 0), in the same reduction
  const int ntypes = atom->ntypes;
  std::vector<double> per_type(3 * ntypes, 0.0);    // dynamic, frozen, points
  for (int t = 1; t <= ntypes; t++) per_type[t - 1] = inserted_radius(t);
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  const int *type = atom->type;
  for (int i = 0; i < atom->nlocal; i++) {
    const int t = type[i] - 1;
    double &slot = per_type[(mask[i] & freeze_group_bit) ? ntypes + t : t];
    slot = MAX(slot, radius[i]);
    if (radius[i] <= 0.0) per_type[2 * ntypes + t] = 1.0;
  }
  MPI_Allreduce(MPI_IN_PLACE, per_type.data(), 3 * ntypes, MPI_DOUBLE, MPI_MAX, world);
  std::copy(per_type.begin(), per_type.begin() + ntypes, maxrad_dynamic.begin() + 1);
  std::copy(per_type.begin() + ntypes, per_type.begin() + 2 * ntypes, maxrad_frozen.begin() + 1);
  warn_short_cutoff();
  refuse_jkr_points(per_type.data() + 2 * ntypes);

  const std::string auto_reason = lists_setting == LISTS_AUTO ? choose_lists_automatically() : "";
  if (lists_setting != LISTS_AUTO) own_lists = lists_setting == LISTS_LEVELS;
  if (comm->me == 0) {
    const char *lammps_style[] = {"nsq", "bin", "multi"};
    utils::logmesg(lmp, "pair granular/sync: contact lists {}{}\n",
                   own_lists ? std::string("levels (the style's own, from its hierarchical grid)")
                             : fmt::format("lammps (neighbor {})", lammps_style[neighbor->style % 3]),
                   auto_reason.empty() ? "" : "; lists auto: " + auto_reason);
  }
  if (own_lists) {
    init_own_lists();
    request_size_for_local_computes();
  } else {
    int req_flags = beyond_contact ? NeighConst::REQ_DEFAULT : NeighConst::REQ_SIZE;
    if (use_history) req_flags |= NeighConst::REQ_HISTORY;
    neighbor->add_request(this, req_flags);
  }

  // the history fix, created in the place of the dummy fix (early among the fixes) or redefined
  const std::string history_fix = fmt::format("{} all {} {}", id_history, history_fix_style(), size_history);
  auto adopt_history_fix = [&](Fix *fix) {
    fix_history = dynamic_cast<FixNeighHistory *>(fix);
    fix_history->pair = this;
    fix_history_size = size_history;
  };
  if (use_history && fix_history == nullptr) {
    adopt_history_fix(modify->replace_fix(id_dummy, history_fix, 1));
  } else if (use_history) {
    fix_history = dynamic_cast<FixNeighHistory *>(modify->get_fix_by_id(id_history));
    if (!fix_history) error->all(FLERR, "pair_style granular/sync: its neighbor history fix was deleted");
    if (fix_history_size != size_history) {
      // other contact models whose history has another length: the stored values mean something
      // else now, so the contacts start anew (a fix redefined with its ID and style takes its place)
      if (comm->me == 0)
        error->warning(FLERR, "pair granular/sync: the contact models keep {} history values per contact, not {} "
                              "as before: contacts restart without history", size_history, fix_history_size);
      adopt_history_fix(modify->add_fix(history_fix, 1));
    }
  }

  if (auto *sync_history = dynamic_cast<ContactHistoryOptions *>(fix_history)) {
    sync_history->keep_opened_contacts = dissipation != nullptr;
    // its post_neighbor() reads the list just built
    sync_history->refresh_list =
        own_lists ? std::function<void()>([this] { refresh_own_list(Timer::MODIFY); }) : nullptr;
  }

  fix_rigid = nullptr;
  for (const auto &ifix : modify->get_fix_list()) {
    if (ifix->rigid_flag) {
      if (fix_rigid) error->all(FLERR, "pair_style granular/sync: only one fix rigid is allowed");
      fix_rigid = ifix;
    }
  }

  // the synchronized ordering takes half-step positions and velocities from fix nve/sphere/sync;
  // without it they are reconstructed as x - dt/2 v, exact only for velocity-Verlet atoms
  fix_halfstep = HalfStepRecorder::find(modify);
  // the dashpots' time level is the integrator's (mixed models copy it in init_one())
  const int scheme = fix_halfstep ? fix_halfstep->contact_scheme() : GS_SCHEME_VERLET;
  for (auto &m : models) m.scheme = scheme;
  int any_sync = 0;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++)
      if (setflag[i][j] && model_ref(i, j).ordering == GS_ORDERING_SYNCHRONIZED) any_sync = 1;
  if (any_sync)
    require_verlet(error, update, "pair_style granular/sync: the synchronized ordering",
                   "run_style verlet, or ordering standard");
  if (any_sync && !fix_halfstep && strict)
    error->all(FLERR, "pair_style granular/sync strict: the synchronized ordering needs recorded half-step "
                      "data; define fix nve/sphere/sync");
  if (any_sync && !fix_halfstep && !warned_reconstruction && comm->me == 0 &&
      (!modify->get_fix_by_style("^move").empty() || fix_rigid)) {
    error->warning(FLERR, "pair granular/sync: atoms moved by fix move or fix rigid get half-step positions "
                          "reconstructed as x - dt/2 v, which is inexact for accelerated motion; use fix "
                          "nve/sphere/sync, which records them");
    warned_reconstruction = 1;
  }
}

// A cutoff (pair_style's or pair_coeff's) shorter than the radii's sum of a type pair's largest
// spheres: LAMMPS' lists and its ghosts then reach only part of those contacts, which ones depending
// on its bins and on the boundaries (stock accepts it: a warning), and the own lists would find more
// of them than LAMMPS' (refused: own_lists_refusal())
void PairGranularSync::warn_short_cutoff()
{
  short_cutoff = false;
  double worst = 0.0, given = 0.0, reach = 0.0;
  int worst_i = 0, worst_j = 0;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      const double cutoff = given_cutoff(i, j);
      if (cutoff <= 0.0) continue;
      // a frozen sphere touches dynamic ones only
      double largest = 0.0;
      if (maxrad_dynamic[i] > 0.0 && maxrad_dynamic[j] > 0.0) largest = maxrad_dynamic[i] + maxrad_dynamic[j];
      if (maxrad_dynamic[i] > 0.0 && maxrad_frozen[j] > 0.0) largest = MAX(largest, maxrad_dynamic[i] + maxrad_frozen[j]);
      if (maxrad_frozen[i] > 0.0 && maxrad_dynamic[j] > 0.0) largest = MAX(largest, maxrad_frozen[i] + maxrad_dynamic[j]);
      if (largest - cutoff > worst) {
        worst = largest - cutoff;
        given = cutoff;
        reach = largest;
        worst_i = i;
        worst_j = j;
      }
    }
  short_cutoff = worst > 0.0;
  if (short_cutoff && comm->me == 0)
    error->warning(FLERR, "pair granular/sync: the cutoff {:g} of types {} and {} (pair_style or pair_coeff cutoff) "
                          "is shorter than the contact distance of their largest spheres, {:g}: LAMMPS' lists and "
                          "ghosts reach only some of those contacts; give a cutoff of at least {:g}, or none",
                   given, worst_i, worst_j, reach, reach);
}

// the cutoff given for types i and j: pair_coeff's (where that pair has none of its own, the larger
// of types i i's and j j's, as init_one() mixes it), else pair_style's; <= 0: none given
double PairGranularSync::given_cutoff(int i, int j) const
{
  const double pair = setflag[i][j] ? cutoff_type[i][j] : MAX(cutoff_type[i][i], cutoff_type[j][j]);
  return pair > 0.0 ? pair : cutoff_global;
}

// jkr's contact radius and pull-off distance divide by the effective radius, which a point
// particle (radius 0) makes 0: NaN forces otherwise (stock goes on with them)
void PairGranularSync::refuse_jkr_points(const double *has_points)
{
  const int ntypes = atom->ntypes;
  for (int i = 1; i <= ntypes; i++)
    for (int j = 1; j <= ntypes; j++) {
      const bool set = setflag[MIN(i, j)][MAX(i, j)];
      const gs_model &m = set ? model_ref(i, j) : model_ref(i, i);
      if (has_points[i - 1] > 0.0 && (set || setflag[i][i]) && m.normal == GS_NORMAL_JKR)
        error->all(FLERR, "pair granular/sync: type {} has atoms of radius 0 (point particles), which normal jkr "
                          "(types {} and {}) cannot take: its contact radius divides by the effective radius; give "
                          "them a radius, or another normal model (hooke, hertz, hertz/material, dmt)",
                   i, MIN(i, j), MAX(i, j));
    }
}

// One history layout for all type pairs: normal (mdr), tangential, rolling, twisting, each as large as
// the largest model needs, so that fix neigh/history can move any contact's values.
void PairGranularSync::assign_history_layout()
{
  int nn = 0, nt = 0, nr = 0, ntw = 0;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = 1; j <= atom->ntypes; j++) {
      if (!setflag[MIN(i, j)][MAX(i, j)]) continue;
      int n, t, r, tw;
      gs_model_history_sizes(&model_ref(i, j), &n, &t, &r, &tw);
      nn = MAX(nn, n);
      nt = MAX(nt, t);
      nr = MAX(nr, r);
      ntw = MAX(ntw, tw);
    }
  size_history = use_history ? MAX(nn + nt + nr + ntw, 1) : 0;
  for (auto &m : models) {
    m.hist_normal = 0;
    m.hist_tangential = nn;
    m.hist_rolling = nn + nt;
    m.hist_twisting = nn + nt + nr;
  }
}

GranularSyncPair *GranularSyncPair::find(Force *force)
{
  return dynamic_cast<GranularSyncPair *>(force->pair_match("^granular/sync", 0));
}

double PairGranularSync::init_one(int i, int j)
{
  if (setflag[i][j] == 0) {
    char err[GS_ERRLEN];
    gs_model mixed;
    if (gs_model_mix(&model_ref(i, i), &model_ref(j, j), &mixed, err) != 0)
      error->all(FLERR, "pair granular/sync: types {} and {}: {}", i, j, err);
    mixed.hist_normal = model_ref(i, i).hist_normal;
    mixed.hist_tangential = model_ref(i, i).hist_tangential;
    mixed.hist_rolling = model_ref(i, i).hist_rolling;
    mixed.hist_twisting = model_ref(i, i).hist_twisting;
    if (mixed.size_history > 0 && !use_history)
      error->all(FLERR, "pair granular/sync: types {} and {}: mixed model needs contact history", i, j);
    model_ref(i, j) = mixed;
    model_ref(j, i) = mixed;
    cutoff_type[i][j] = cutoff_type[j][i] = MAX(cutoff_type[i][i], cutoff_type[j][j]);
  }

  contacts[i * (ntypes_alloc + 1) + j] = select_contact(&model_ref(i, j));
  contacts[j * (ntypes_alloc + 1) + i] = select_contact(&model_ref(j, i));

  const double given = given_cutoff(i, j);
  if (given > 0.0) return given;
  double cutoff = 0.0;
  if ((maxrad_dynamic[i] > 0.0 && maxrad_dynamic[j] > 0.0) ||
             (maxrad_dynamic[i] > 0.0 && maxrad_frozen[j] > 0.0) ||
             (maxrad_frozen[i] > 0.0 && maxrad_dynamic[j] > 0.0)) {
    cutoff = maxrad_dynamic[i] + maxrad_dynamic[j];
    cutoff = MAX(cutoff, maxrad_dynamic[i] + maxrad_frozen[j]);
    cutoff = MAX(cutoff, maxrad_frozen[i] + maxrad_dynamic[j]);
    const gs_model *m = &model_ref(i, j);
    if (m->normal == GS_NORMAL_JKR) {
      // a contact holds until the pull-off distance (0 where a type has no atoms of that kind: the
      // core returns 0 for a radius that is not positive, 0/0 included)
      auto pulloff = [m](double ri, double rj) { return gs_pulloff_distance(m, ri * rj / (ri + rj)); };
      cutoff += pulloff(maxrad_dynamic[i], maxrad_dynamic[j]);
      cutoff = MAX(cutoff, maxrad_frozen[i] + maxrad_dynamic[j] + pulloff(maxrad_frozen[i], maxrad_dynamic[j]));
      cutoff = MAX(cutoff, maxrad_dynamic[i] + maxrad_frozen[j] + pulloff(maxrad_dynamic[i], maxrad_frozen[j]));
    }
  } else {
    for (int k = 1; k <= atom->ntypes; k++) {
      cutoff = MAX(cutoff, 2.0 * maxrad_dynamic[k]);
      cutoff = MAX(cutoff, 2.0 * maxrad_frozen[k]);
    }
  }
  return cutoff;
}

/* ---------------------------------------------------------------------- */

// inline: called per contact from compute(), and a shared library's member functions otherwise go
// through the PLT
inline double PairGranularSync::pair_meff(int i, int j) const
{
  double mi = atom->rmass[i];
  double mj = atom->rmass[j];
  if (fix_rigid) {
    if (mass_rigid[i] > 0.0) mi = mass_rigid[i];
    if (mass_rigid[j] > 0.0) mj = mass_rigid[j];
  }
  double meff = mi * mj / (mi + mj);
  // a frozen partner acts like a wall: the moving atom's own mass
  if (atom->mask[i] & freeze_group_bit) meff = mj;
  if (atom->mask[j] & freeze_group_bit) meff = mi;
  return meff;
}

// relative half-step velocity and separation: from fix nve/sphere/sync when defined, else reconstructed
inline void PairGranularSync::half_step_data(gs_contact &c, int i, int j, const HalfStepSource &halfstep) const
{
  if (halfstep.offset) {
    double offset_i[3], offset_j[3], vhalf_i[3], vhalf_j[3];
    halfstep.relative(i, c.dt, offset_i, vhalf_i);
    halfstep.relative(j, c.dt, offset_j, vhalf_j);
    gs_sub3(vhalf_i, vhalf_j, c.vr);
    c.dx_half[0] = c.dx[0] + (offset_i[0] - offset_j[0]);
    c.dx_half[1] = c.dx[1] + (offset_i[1] - offset_j[1]);
    c.dx_half[2] = c.dx[2] + (offset_i[2] - offset_j[2]);
  } else {
    gs_sub3(atom->v[i], atom->v[j], c.vr);
    gs_reconstruct_half_step(c.dx, c.vr, c.dt, c.dx_half);
  }
}

// scheme consistent: the dashpots' velocities at t+dt
static void damping_data(gs_contact &c, int i, int j, double **damping)
{
  c.damp_i = damping[i];
  c.damp_j = damping[j];
}

// minimize: the contact at rest, so that only elastic forces act (the damping acts on velocities,
// which a minimization ignores)
static void at_rest(gs_contact &c)
{
  gs_zero3(c.omegai);
  gs_zero3(c.omegaj);
  gs_zero3(c.vr);
  static const double rest[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  c.damp_i = c.damp_j = rest;
  gs_copy3(c.dx, c.dx_half);
}

// The neighbors of one atom that need work: overlapping now, or (with history) touching at the
// last step; most neighbors of a granular bed are neither. Kept apart from the contacts' work so
// that this loop, which every neighbor passes, holds its state in registers.
// xflat: the positions as LAMMPS stores them, one block of 3 per atom (x[j] = xflat + 3 j): one load
// fewer per neighbor than through the row pointers.
template <bool HISTORY>
static int touching_candidates(const int *jlist, int jnum, const double *xflat, const double *radius, double xi,
                               double yi, double zi, double radi, const int *touch, int *candidate)
{
  int n = 0;
  for (int jj = 0; jj < jnum; jj++) {
    const int j = jlist[jj] & NEIGHMASK;
    const double *xj = xflat + 3 * static_cast<std::size_t>(j);
    const double delx = xi - xj[0], dely = yi - xj[1], delz = zi - xj[2];
    const double rsq = delx * delx + dely * dely + delz * delz;
    int work = gs_spheres_overlap(rsq, radi, radius[j]);
    // touch flags are 0 or 1 (this style and LAMMPS' history fix write nothing else): a bitwise or, no branch
    if constexpr (HISTORY) work |= touch[jj];
    candidate[n] = jj;
    n += work;
  }
  return n;
}

void PairGranularSync::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag);
  refresh_own_list(Timer::PAIR);

  if (fix_rigid && neighbor->ago == 0) {
    int tmp;
    int *body = (int *) fix_rigid->extract("body", tmp);
    auto *mass_body = (double *) fix_rigid->extract("masstotal", tmp);
    if (atom->nmax > nmax) {
      memory->destroy(mass_rigid);
      nmax = atom->nmax;
      memory->create(mass_rigid, nmax, "pair:mass_rigid");
    }
    for (int i = 0; i < atom->nlocal; i++) mass_rigid[i] = body[i] >= 0 ? mass_body[body[i]] : 0.0;
    comm->forward_comm(this);
  }

  ContactPass p;
  p.v = atom->v;
  p.f = atom->f;
  p.omega = atom->omega;
  p.torque = atom->torque;
  p.halfstep = HalfStepSource::of(fix_halfstep, atom->v, atom->mask);
  p.damping = fix_halfstep ? fix_halfstep->damping_state() : nullptr;
  p.temperature = heat_flag ? atom->temperature : nullptr;
  p.heatflow = heat_flag ? atom->heatflow : nullptr;
  p.tag = atom->tag;
  p.nlocal = atom->nlocal;
  p.newton_pair = force->newton_pair;
  p.minimizing = update->whichflag == 2;

  gs_contact c{};
  c.dt = update->dt;
  c.history_update = update->setupflag == 0;
  gs_mdr_atoms mdr_atoms;
  if (mdr_flag) {
    mdr_atoms = fix_mdr->atoms();
    c.mdr_atoms = &mdr_atoms;
  }

  // dissipation, in dynamics (a run's set-up too: its loads are what the first half kick applies)
  const bool dissipating = dissipation && !p.minimizing;
  if (dissipating) {
    const size_t rows = static_cast<size_t>(atom->nmax) * DISSIPATION_ROW;
    if (dissipation_step.size() < rows) dissipation_step.resize(rows);
    std::fill_n(dissipation_step.begin(), static_cast<size_t>(p.nlocal + atom->nghost) * DISSIPATION_ROW, 0.0);
  }
  p.dstep = dissipating ? dissipation_step.data() : nullptr;

  // The neighbor loop keeps to locals and leaves contacts to contact(): most neighbors do not
  // touch, and a loop that shares the contact's state pays for every neighbor what a contact needs.
  double **x = atom->x;
  const double *radius = atom->radius;
  const int *type = atom->type;
  const double *special_lj = force->special_lj;
  const int stride = ntypes_alloc + 1;
  const gs_model *model_table = models.data();
  const ContactFn *contact_table = contacts.data();
  const bool history_on = use_history;
  const int nhistory = size_history;
  const int inum = list->inum;
  const int *ilist = list->ilist;
  const int *numneigh = list->numneigh;
  int **firstneigh = list->firstneigh;
  int **firsttouch = history_on ? fix_history->firstflag : nullptr;
  double **firsthistory = history_on ? fix_history->firstvalue : nullptr;
  const double *xflat = inum > 0 ? x[0] : nullptr;
  if (static_cast<int>(candidates.size()) < neighbor->oneatom) candidates.resize(neighbor->oneatom);
  int *const candidate = candidates.data();

  for (int ii = 0; ii < inum; ii++) {
    const int i = ilist[ii];
    const double xi = x[i][0], yi = x[i][1], zi = x[i][2];
    const double radi = radius[i];
    const gs_model *model_row = model_table + type[i] * stride;
    const ContactFn *contact_row = contact_table + type[i] * stride;
    const int *jlist = firstneigh[i];
    const int jnum = numneigh[i];
    int *touch = history_on ? firsttouch[i] : nullptr;
    double *allhistory = history_on ? firsthistory[i] : nullptr;
    const int ncandidates = history_on
        ? touching_candidates<true>(jlist, jnum, xflat, radius, xi, yi, zi, radi, touch, candidate)
        : touching_candidates<false>(jlist, jnum, xflat, radius, xi, yi, zi, radi, touch, candidate);

    for (int k = 0; k < ncandidates; k++) {
      const int jj = candidate[k];
      int j = jlist[jj];
      const double factor_lj = special_lj[sbmask(j)];
      j &= NEIGHMASK;
      if (factor_lj == 0.0) continue;

      const double *xj = xflat + 3 * static_cast<std::size_t>(j);
      const double dx[3] = {xi - xj[0], yi - xj[1], zi - xj[2]};
      const double rsq = dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2];
      if (rsq == 0.0)
        error->one(FLERR, "pair granular/sync: atoms {} and {} are at the same position, where a contact has no "
                   "normal (two atoms created at one point?)", p.tag[i], p.tag[j]);
      const double radj = radius[j];
      const gs_model *m = model_row + type[j];
      double *history = history_on ? allhistory + nhistory * jj : nullptr;
      const double reach = gs_pair_reach(m, radi, radj, history_on && touch[jj]);
      if (!(rsq < reach * reach)) {
        // apart now, touching at the last step
        release(p, c, m, i, j, dx, radi, radj, factor_lj, history);
        touch[jj] = 0;
        continue;
      }
      if (history_on) touch[jj] = 1;
      (this->*contact_row[type[j]])(p, c, m, i, j, dx, radi, radj, factor_lj, history);
    }
  }
  if (p.dstep) accumulate_dissipation(p.nlocal, p.newton_pair);
  warn_mdr_yield_unrecorded(error, c, warned_mdr_yield, "pair granular/sync");
}

template <std::size_t K> struct PairGranularSync::CompiledContact {
  static constexpr ContactFn value = &PairGranularSync::contact<&gransync::evaluate_compiled<K>>;
};

// the contact compiled for this model's kinds, or the generic one
PairGranularSync::ContactFn PairGranularSync::select_contact(const gs_model *m)
{
  return gransync::select_compiled<ContactFn, CompiledContact>(m, &PairGranularSync::contact<&gransync::evaluate_generic>);
}

// energy accounting's evaluation: the generic evaluator with the dissipation, kept out of the
// compiled contacts
[[gnu::noinline]] static void evaluate_dissipating(const gs_model *m, gs_contact *c, double *history,
                                                   gs_dissipation *d)
{
  gs_contact_evaluate_dissipating(m, gs_model_kinds(m), c, history, d);
}

template <gransync::ContactEvaluator EVALUATE>
void PairGranularSync::contact(const ContactPass &p, gs_contact &c, const gs_model *m, int i, int j, const double *dx,
                               double radi, double radj, double factor_lj, double *history)
{
  gs_copy3(dx, c.dx);
  c.radi = radi;
  c.radj = radj;
  c.meff = pair_meff(i, j);
  if (p.minimizing) {
    at_rest(c);
  } else {
    gs_copy3(p.omega[i], c.omegai);
    gs_copy3(p.omega[j], c.omegaj);
    if (m->ordering == GS_ORDERING_SYNCHRONIZED)
      half_step_data(c, i, j, p.halfstep);
    else
      gs_sub3(p.v[i], p.v[j], c.vr);
    if (m->scheme == GS_SCHEME_CONSISTENT) damping_data(c, i, j, p.damping);
  }
  if (mdr_flag) mdr_sides(c, i, j, p.tag);

  const bool j_here = p.newton_pair || j < p.nlocal;
  if (p.dstep) {
    gs_dissipation d{};
    evaluate_dissipating(m, &c, history, &d);
    add_dissipation(p.dstep, i, j, j_here, d, factor_lj);
  } else {
    EVALUATE(m, &c, history);
  }
  if (mdr_flag && !std::isfinite(c.fn_total))
    error->one(FLERR, "pair granular/sync, normal mdr: the force between atoms {} and {} is {}", p.tag[i], p.tag[j],
               c.fn_total);

  double fij[3], ti[3];
  gs_scale3(factor_lj, c.force, fij);
  gs_add3(p.f[i], fij, p.f[i]);
  gs_scale3(factor_lj, c.torquei, ti);
  gs_add3(p.torque[i], ti, p.torque[i]);
  if (j_here) {
    double tj[3];
    gs_sub3(p.f[j], fij, p.f[j]);
    gs_scale3(factor_lj, c.torquej, tj);
    gs_add3(p.torque[j], tj, p.torque[j]);
  }
  if (heat_flag) {    // as stock: not scaled by special bonds
    const double dq = gs_contact_heat(m, &c, p.temperature[i], p.temperature[j]);
    p.heatflow[i] += dq;
    if (j_here) p.heatflow[j] -= dq;
  }
  if (evflag) {
    const double energy = eflag_either ? factor_lj * gs_contact_stored_energy(m, &c, history) : 0.0;
    ev_tally_xyz(i, j, p.nlocal, p.newton_pair, energy, 0.0, fij[0], fij[1], fij[2], c.dx[0], c.dx[1], c.dx[2]);
  }
}

// a contact that opened in this step: its history cleared, what its springs held counted as lost
void PairGranularSync::release(const ContactPass &p, gs_contact &c, const gs_model *m, int i, int j,
                               const double *dx, double radi, double radj, double factor_lj, double *history)
{
  if (p.dstep) {
    gs_copy3(dx, c.dx);
    c.radi = radi;
    c.radj = radj;
    release_dissipation(c, m, i, j, history, p.halfstep, factor_lj, p.dstep,
                        p.newton_pair || j < p.nlocal);
  }
  std::fill_n(history, size_history, 0.0);
}

// a contact that opened: its springs' lost energy, half to each atom
void PairGranularSync::release_dissipation(gs_contact &c, const gs_model *m, int i, int j, const double *history,
                                           const HalfStepSource &halfstep, double factor_lj,
                                           double *dstep, bool j_here) const
{
  gs_dissipation d{};
  gs_copy3(atom->omega[i], c.omegai);
  gs_copy3(atom->omega[j], c.omegaj);
  if (m->ordering == GS_ORDERING_SYNCHRONIZED)
    half_step_data(c, i, j, halfstep);
  else
    gs_sub3(atom->v[i], atom->v[j], c.vr);
  gs_contact_release(m, &c, history, &d);
  add_dissipation(dstep, i, j, j_here, d, factor_lj);
}

void PairGranularSync::accumulate_dissipation(int nlocal, int newton_pair)
{
  if (newton_pair) comm->reverse_comm(this);
  for (int i = 0; i < nlocal; i++) {
    const double *row = dissipation_step.data() + static_cast<size_t>(i) * DISSIPATION_ROW;
    dissipation->add(i, row, row + GS_DISSIPATION_CHANNELS);
  }
}

int PairGranularSync::pack_reverse_comm(int n, int first, double *buf)
{
  const double *step = dissipation_step.data() + static_cast<size_t>(first) * DISSIPATION_ROW;
  std::copy_n(step, static_cast<size_t>(n) * DISSIPATION_ROW, buf);
  return n * DISSIPATION_ROW;
}

void PairGranularSync::unpack_reverse_comm(int n, int *list, double *buf)
{
  for (int i = 0; i < n; i++) {
    double *row = dissipation_step.data() + static_cast<size_t>(list[i]) * DISSIPATION_ROW;
    for (int k = 0; k < DISSIPATION_ROW; k++) row[k] += *buf++;
  }
}

/* ---------------------------------------------------------------------- */

double PairGranularSync::single(int i, int j, int itype, int jtype, double /*rsq*/, double /*factor_coul*/,
                                double factor_lj, double &fforce)
{
  fforce = 0.0;
  for (int k = 0; k < single_extra; k++) svector[k] = 0.0;
  if (factor_lj == 0.0) return 0.0;

  const int nall = atom->nlocal + atom->nghost;
  if (i >= nall || j >= nall) error->all(FLERR, "pair granular/sync: single() needs both atoms on this rank");

  const gs_model *m = &model_ref(itype, jtype);
  gs_contact c{};
  gs_sub3(atom->x[i], atom->x[j], c.dx);
  c.radi = atom->radius[i];
  c.radj = atom->radius[j];

  // only a contact that holds beyond touching (JKR) needs the stored flag to be found
  if (m->normal != GS_NORMAL_JKR && !gs_pair_touching(&c)) return 0.0;

  // work on a copy: single() reports, it never advances contact history
  std::vector<double> history(MAX(size_history, 1), 0.0);
  const int was_touching = use_history ? stored_history(i, j, history.data()) : 0;
  if (!gs_pair_in_contact(m, &c, was_touching)) return 0.0;

  c.dt = update->dt;
  c.history_update = 0;
  c.meff = pair_meff(i, j);
  if (update->whichflag == 2) {
    at_rest(c);
  } else {
    gs_copy3(atom->omega[i], c.omegai);
    gs_copy3(atom->omega[j], c.omegaj);
    if (m->ordering == GS_ORDERING_SYNCHRONIZED)
      half_step_data(c, i, j, HalfStepSource::of(fix_halfstep, atom->v, atom->mask));
    else
      gs_sub3(atom->v[i], atom->v[j], c.vr);
    if (m->scheme == GS_SCHEME_CONSISTENT)
      damping_data(c, i, j, fix_halfstep->damping_state());
  }
  gs_mdr_atoms mdr_atoms;
  if (mdr_flag) {
    mdr_atoms = fix_mdr->atoms();
    c.mdr_atoms = &mdr_atoms;
    mdr_sides(c, i, j, atom->tag);
  }
  // the energy of the history as the step left it: evaluating at this moment's velocities may cap a
  // sliding spring anew
  const std::vector<double> stored(history);
  gs_contact_evaluate(m, &c, history.data());

  fforce = factor_lj * c.fn_total / c.r;
  svector[0] = c.fs[0];
  svector[1] = c.fs[1];
  svector[2] = c.fs[2];
  svector[3] = gs_len3(c.fs);
  svector[4] = c.fr[0];
  svector[5] = c.fr[1];
  svector[6] = c.fr[2];
  svector[7] = gs_len3(c.fr);
  svector[8] = c.torque_twist;
  svector[9] = c.dx[0];
  svector[10] = c.dx[1];
  svector[11] = c.dx[2];
  if (mdr_flag) svector[12] = c.mdr_area;
  if (heat_flag) svector[12 + mdr_flag] = gs_contact_heat(m, &c, atom->temperature[i], atom->temperature[j]);
  return factor_lj * gs_contact_stored_energy(m, &c, stored.data());
}

/* ---------------------------------------------------------------------- */

// The history of contact (i,j) as i sees it, and its touch flag, from the row that holds the pair;
// 0 (history untouched) if none here does. i's row, or j's: the own lists may hold a pair in the
// other atom's row than compute pair/local's list, and with newton on between other periodic
// images of the two atoms (then the row of an owner here, the partner found by its tag and the
// pair's separation).
int PairGranularSync::stored_history(int i, int j, double *history)
{
  const tagint *tag = atom->tag;
  double **x = atom->x;
  const double reach = 1e-6 * (atom->radius[i] + atom->radius[j]);
  // partner k of row a is the pair (from, to): the same atoms at the same separation
  const auto partner_of = [&](int a, int from, int to) {
    return [=](int k) {
      if (k == to && a == from) return true;
      if (tag[k] != tag[to]) return false;
      for (int d = 0; d < 3; d++)
        if (std::fabs((x[a][d] - x[k][d]) - (x[from][d] - x[to][d])) > reach) return false;
      return true;
    };
  };
  const int i_here = owned_index(i), j_here = owned_index(j);
  if (i_here >= 0) {
    const int flag = row_history(i_here, partner_of(i_here, i, j), history);
    if (flag >= 0) return flag;
  }
  if (j_here < 0) return 0;
  std::vector<double> seen_from_j(size_history);
  const int flag = row_history(j_here, partner_of(j_here, j, i), seen_from_j.data());
  if (flag < 0) return 0;
  transfer_history(seen_from_j.data(), history, atom->type[j], atom->type[i]);
  return flag;
}

// the owned atom here with atom i's tag (i itself if owned), or -1
int PairGranularSync::owned_index(int i)
{
  if (i < atom->nlocal) return i;
  if (owned_by_tag_calls != neighbor->ncalls || (int) owned_by_tag.size() != atom->nlocal) {
    owned_by_tag.clear();
    for (int k = 0; k < atom->nlocal; k++) owned_by_tag[atom->tag[k]] = k;
    owned_by_tag_calls = neighbor->ncalls;
  }
  const auto found = owned_by_tag.find(atom->tag[i]);
  return found == owned_by_tag.end() ? -1 : found->second;
}

// the history in owned atom a's row of the partner is_partner() names, as a sees it, and its touch
// flag; -1 if the row holds none
int PairGranularSync::row_history(int a, const std::function<bool(int)> &is_partner, double *history)
{
  if (!fix_history || !fix_history->firstvalue)
    error->one(FLERR, "pair granular/sync: single() needs contact history, which is built on the first run");
  const int jnum = list->numneigh[a];
  const int *jlist = list->firstneigh[a];
  for (int k = 0; k < jnum; k++) {
    if (!is_partner(jlist[k] & NEIGHMASK)) continue;
    std::copy_n(&fix_history->firstvalue[a][size_history * k], size_history, history);
    return fix_history->firstflag[a][k];
  }
  return -1;
}

void PairGranularSync::transfer_history(double *source, double *target, int itype, int jtype)
{
  const gs_model *m = &model_ref(itype, jtype);
  for (int k = 0; k < size_history; k++) target[k] = gs_model_history_transfer_factor(m, k) * source[k];
}

int PairGranularSync::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  for (int i = 0; i < n; i++) buf[i] = mass_rigid[list[i]];
  return n;
}

void PairGranularSync::unpack_forward_comm(int n, int first, double *buf)
{
  for (int i = 0; i < n; i++) mass_rigid[first + i] = buf[i];
}

/* ---- lists levels: the style's own contact list from the core's hierarchical grid ------------ */

// the largest radius fix pour or deposit will insert with type t (the last such fix's, as stock's
// cutoffs take it), 0 if none
double PairGranularSync::inserted_radius(int t) const
{
  double radius = 0.0;
  for (const char *style : {"^pour", "^deposit"})
    for (auto &ifix : modify->get_fix_by_style(style)) {
      int itype = t;
      const auto *inserted = static_cast<double *>(ifix->extract("radius", itype));
      if (inserted && *inserted > 0.0) radius = *inserted;
    }
  return radius;
}

// lists auto: sets own_lists for this run, from the radii now (the atoms' and those fix pour or
// deposit will insert); returns the reason for the log
std::string PairGranularSync::choose_lists_automatically()
{
  own_lists = false;
  if (const char *why = own_lists_refusal()) return fmt::format("levels are not available with {}", why);
  if (const char *why = lammps_lists_refusal()) {
    own_lists = true;
    return fmt::format("LAMMPS' lists are not available with {}", why);
  }
  double smallest = INFINITY, largest = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->radius[i] > 0.0) {
      smallest = MIN(smallest, atom->radius[i]);
      largest = MAX(largest, atom->radius[i]);
    }
  for (int t = 1; t <= atom->ntypes; t++) largest = MAX(largest, inserted_radius(t));
  double range[2] = {-smallest, largest};
  MPI_Allreduce(MPI_IN_PLACE, range, 2, MPI_DOUBLE, MPI_MAX, world);
  const double ratio = range[1] / -range[0];
  if (!std::isfinite(ratio) || ratio <= 0.0) return "no atoms with a radius yet";
  own_lists = ratio >= AUTO_LEVELS_RATIO;
  return fmt::format("largest radius / smallest {:.3g} {} {:g}", ratio, own_lists ? ">=" : "<", AUTO_LEVELS_RATIO);
}

const char *PairGranularSync::own_lists_refusal() const
{
  if (mdr_flag) return "normal mdr (its fix reads LAMMPS' list layout)";
  if (short_cutoff) return "a pair_style or pair_coeff cutoff shorter than the contact distance of the largest spheres";
  // single() finds a pair's history on this rank only; with newton on such a compute's list may
  // put a pair across ranks on the rank that does not hold it in the own lists
  if (force->newton_pair && comm->nprocs > 1)
    for (const char *style : {"^pair/local$", "^group/group$"})
      if (!modify->get_compute_by_style(style).empty())
        return "newton on across ranks and a compute pair/local or group/group (their lists may give a pair "
               "crossing ranks to the rank without its history)";
  if (atom->molecular != Atom::ATOMIC) return "a molecular atom style (special bonds)";
  if (domain->triclinic) return "a triclinic box";
  if (neighbor->includegroup) return "neigh_modify include";
  if (utils::strmatch(update->integrate_style, "^respa")) return "run_style respa";
  return nullptr;
}

// LAMMPS requests no list for the style: it keeps the decision to re-neighbor, the exchange, the
// ghosts (its cutoff from init_one()) and the skin; the style builds its list after each build
void PairGranularSync::init_own_lists()
{
  if (const char *why = own_lists_refusal())
    error->all(FLERR, "pair_style granular/sync lists levels: not available with {} (allowed there: lists lammps)",
               why);
  if (!own_list) own_list = new_own_list();
  list = own_list;
  init_count++;

  grid_exclusions = gs_grid_exclusions{};
  if (neighbor->nex_type > GS_GRID_MAX_EXCLUDE || neighbor->nex_group > GS_GRID_MAX_EXCLUDE ||
      neighbor->nex_mol > GS_GRID_MAX_EXCLUDE)
    error->all(FLERR, "pair_style granular/sync lists levels: at most {} neigh_modify exclusions of each kind",
               GS_GRID_MAX_EXCLUDE);
  grid_exclusions.ntype = neighbor->nex_type;
  for (int m = 0; m < neighbor->nex_type; m++) {
    grid_exclusions.type[m][0] = neighbor->ex1_type[m];
    grid_exclusions.type[m][1] = neighbor->ex2_type[m];
  }
  // the group bits from the groups themselves: LAMMPS sets its own copies (ex1_bit, ...) in
  // Neighbor::init(), after this style's init_style()
  grid_exclusions.ngroup = neighbor->nex_group;
  for (int m = 0; m < neighbor->nex_group; m++) {
    grid_exclusions.group_bit[m][0] = group->bitmask[neighbor->ex1_group[m]];
    grid_exclusions.group_bit[m][1] = group->bitmask[neighbor->ex2_group[m]];
  }
  grid_exclusions.nmol = neighbor->nex_mol;
  for (int m = 0; m < neighbor->nex_mol; m++) {
    grid_exclusions.mol_bit[m] = group->bitmask[neighbor->ex_mol_group[m]];
    grid_exclusions.mol_intra[m] = neighbor->ex_mol_intra[m];
  }
  if (neighbor->nex_mol > 0 && !atom->molecule_flag)
    error->all(FLERR, "pair_style granular/sync lists levels: neigh_modify exclude molecule needs molecule IDs");
}

// compute pair/local and property/local take a size list (pairs within the radii's sum plus the
// skin) only where the pair style asked LAMMPS for one (ComputePairLocal::init()), else all pairs
// within the type pair's cutoff: 24 times the rows in a helper's polydisperse pour. On the own lists
// the style asks for one that LAMMPS never builds (occasional, and never asked for; init_list()
// keeps the own list), so that these computes list what they list on LAMMPS' lists. With jkr
// LAMMPS' lists are no size lists either.
void PairGranularSync::request_size_for_local_computes()
{
  if (beyond_contact) return;
  for (const char *style : {"^pair/local$", "^property/local$"})
    if (!modify->get_compute_by_style(style).empty()) {
      neighbor->add_request(this, NeighConst::REQ_SIZE | NeighConst::REQ_OCCASIONAL);
      return;
    }
}

void PairGranularSync::init_list(int id, NeighList *ptr)
{
  if (!own_lists) Pair::init_list(id, ptr);
}

NeighList *PairGranularSync::new_own_list()
{
  return new NeighList(lmp);
}

void PairGranularSync::refresh_own_list(int timer_phase)
{
  if (!own_lists) return;
  // LAMMPS counts its builds in ncalls but sets it to 0 after a setup's build and
  // setup_post_neighbor() (Verlet, Min), where the history fix has refreshed this list and handed
  // the contact history over to its rows: 0 is no build since. A second build there would take the
  // radii fix adapt sets in setup_pre_force(), and rows that no longer match the history's.
  const bool built_since = neighbor->ncalls != own_built_calls && neighbor->ncalls != 0;
  if (own_built_init == init_count && own_built_step == neighbor->lastcall && !built_since) return;
  if (timer_phase >= 0) timer->stamp(static_cast<Timer::ttype>(timer_phase));
  // jkr: a pair keeps its contact up to the pull-off distance, which grows with the radii (largest
  // here, as the cutoffs of init_one(), which runs after init_style())
  double extra = 0.0;
  if (beyond_contact)
    for (int i = 1; i <= atom->ntypes; i++)
      for (int j = i; j <= atom->ntypes; j++) {
        const double maxrad_i = std::max(maxrad_dynamic[i], maxrad_frozen[i]);
        const double maxrad_j = std::max(maxrad_dynamic[j], maxrad_frozen[j]);
        extra = std::max(extra, sqrt(cutsq[i][j]) - maxrad_i - maxrad_j);
      }
  build_own_list(neighbor->skin + extra);
  own_built_init = init_count;
  own_built_step = neighbor->lastcall;
  own_built_calls = neighbor->ncalls;
  if (timer_phase >= 0) timer->stamp(Timer::NEIGH);
}

void PairGranularSync::build_own_list(double skin)
{
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  double **x = atom->x;
  gs_grid_input in{};
  in.n = nall;
  in.nowned = nlocal;
  in.x = nall > 0 ? x[0] : nullptr;
  in.radius = atom->radius;
  for (int k = 0; k < 3; k++) {
    in.lo[k] = nall > 0 ? x[0][k] : 0.0;
    in.hi[k] = in.lo[k];
  }
  for (int i = 1; i < nall; i++)
    for (int k = 0; k < 3; k++) {
      in.lo[k] = std::min(in.lo[k], x[i][k]);
      in.hi[k] = std::max(in.hi[k], x[i][k]);
    }
  in.skin = skin;
  in.newton = force->newton_pair;
  if (gs_grid_has_exclusions(&grid_exclusions)) {
    in.exclude = &grid_exclusions;
    in.type = atom->type;
    in.mask = atom->mask;
    if (grid_exclusions.nmol > 0) {
      grid_molecules.assign(atom->molecule, atom->molecule + nall);
      in.molecule = grid_molecules.data();
    }
  }
  in.touch_flag = use_history ? 1 << HISTBITS : 0;
  char err[GS_ERRLEN];
  if (gs_grid_build(&in, &grid_lists, err) != 0) error->one(FLERR, "pair_style granular/sync lists levels: {}", err);

  NeighList *l = own_list;
  if (l->maxatom < nlocal) {
    l->maxatom = atom->nmax;
    memory->destroy(l->ilist);
    memory->destroy(l->numneigh);
    memory->sfree(l->firstneigh);
    memory->create(l->ilist, l->maxatom, "pair:own_list:ilist");
    memory->create(l->numneigh, l->maxatom, "pair:own_list:numneigh");
    l->firstneigh = (int **) memory->smalloc(sizeof(int *) * l->maxatom, "pair:own_list:firstneigh");
  }
  int longest_row = 0;
  for (int i = 0; i < nlocal; i++) {
    l->ilist[i] = i;
    l->numneigh[i] = grid_lists.start[i + 1] - grid_lists.start[i];
    l->firstneigh[i] = grid_lists.neigh + grid_lists.start[i];
    longest_row = std::max(longest_row, l->numneigh[i]);
  }
  l->inum = nlocal;
  l->gnum = 0;
  // the history fix keeps a row's values in pages of at most `one` partners, as for LAMMPS' lists
  if (longest_row > neighbor->oneatom)
    error->one(FLERR, "pair_style granular/sync lists levels: an atom has {} contact candidates; boost "
               "neigh_modify one (now {})", longest_row, neighbor->oneatom);
}

double PairGranularSync::memory_usage()
{
  double bytes = (double) nmax * sizeof(double) + (double) models.size() * sizeof(gs_model) +
      (double) dissipation_step.capacity() * sizeof(double);
  if (own_list) bytes += (double) gs_grid_lists_bytes(&grid_lists) + (double) own_list->maxatom * (2 * sizeof(int) + sizeof(int *));
  return bytes;
}

/* ---- restart: default ordering, cutoff, and every explicitly set type pair's model ----------- */

void PairGranularSync::write_restart_settings(FILE *fp)
{
  fwrite(&RESTART_FORMAT, sizeof(int), 1, fp);
  fwrite(&default_ordering, sizeof(int), 1, fp);
  fwrite(&strict, sizeof(int), 1, fp);
  fwrite(&cutoff_global, sizeof(double), 1, fp);
  const int lists = lists_setting;
  fwrite(&lists, sizeof(int), 1, fp);
}

void PairGranularSync::read_restart_settings(FILE *fp)
{
  int format = 0;
  if (comm->me == 0) {
    utils::sfread(FLERR, &format, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, &default_ordering, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, &strict, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, &cutoff_global, sizeof(double), 1, fp, nullptr, error);
  }
  MPI_Bcast(&format, 1, MPI_INT, 0, world);
  if (format < 4 || format > RESTART_FORMAT)
    error->all(FLERR, "pair granular/sync: restart file has format {}, this build reads 4 to {}", format,
               RESTART_FORMAT);
  restart_format = format;
  MPI_Bcast(&default_ordering, 1, MPI_INT, 0, world);
  MPI_Bcast(&strict, 1, MPI_INT, 0, world);
  MPI_Bcast(&cutoff_global, 1, MPI_DOUBLE, 0, world);
  int lists = LISTS_AUTO;
  if (format >= 8 && comm->me == 0) utils::sfread(FLERR, &lists, sizeof(int), 1, fp, nullptr, error);
  MPI_Bcast(&lists, 1, MPI_INT, 0, world);
  if (lists != LISTS_AUTO && lists != LISTS_LAMMPS && lists != LISTS_LEVELS)
    error->all(FLERR, "pair granular/sync: restart file has an unknown lists setting {}", lists);
  lists_setting = static_cast<ListsSetting>(lists);
}

void PairGranularSync::write_restart(FILE *fp)
{
  write_restart_settings(fp);
  for (int i = 1; i <= atom->ntypes; i++) {
    for (int j = i; j <= atom->ntypes; j++) {
      fwrite(&setflag[i][j], sizeof(int), 1, fp);
      if (!setflag[i][j]) continue;
      const gs_model &m = model_ref(i, j);
      const int kinds[8] = {m.normal, m.damping, m.tangential, m.rolling, m.twisting, explicit_sync_ref(i, j),
                            m.limit_damping, m.heat};
      fwrite(kinds, sizeof(int), 8, fp);
      fwrite(m.normal_coeffs, sizeof(double), 6, fp);
      fwrite(&m.damping_coeff, sizeof(double), 1, fp);
      fwrite(m.tangential_coeffs, sizeof(double), 3, fp);
      fwrite(m.rolling_coeffs, sizeof(double), 3, fp);
      fwrite(m.twisting_coeffs, sizeof(double), 3, fp);
      fwrite(&m.cutoff, sizeof(double), 1, fp);
      fwrite(&m.heat_coeff, sizeof(double), 1, fp);
    }
  }
}

void PairGranularSync::read_restart(FILE *fp)
{
  read_restart_settings(fp);
  allocate();
  const int me = comm->me;
  for (int i = 1; i <= atom->ntypes; i++) {
    for (int j = i; j <= atom->ntypes; j++) {
      if (me == 0) utils::sfread(FLERR, &setflag[i][j], sizeof(int), 1, fp, nullptr, error);
      MPI_Bcast(&setflag[i][j], 1, MPI_INT, 0, world);
      if (!setflag[i][j]) continue;
      int kinds[8] = {0};
      const int nkinds = restart_format >= 6 ? 8 : 7;
      const int nn = restart_format == 4 ? 3 : (restart_format < 7 ? 4 : 7);    // 7: mdr's six, the damping's
      const int ncoeffs = nn + 10 + (restart_format >= 6);
      double coeffs[18] = {0.0};
      if (me == 0) {
        utils::sfread(FLERR, kinds, sizeof(int), nkinds, fp, nullptr, error);
        utils::sfread(FLERR, coeffs, sizeof(double), ncoeffs, fp, nullptr, error);
      }
      MPI_Bcast(kinds, 8, MPI_INT, 0, world);
      MPI_Bcast(coeffs, ncoeffs, MPI_DOUBLE, 0, world);
      gs_model m{};
      m.normal = kinds[0];
      m.damping = kinds[1];
      m.tangential = kinds[2];
      m.rolling = kinds[3];
      m.twisting = kinds[4];
      m.ordering = kinds[5] ? GS_ORDERING_SYNCHRONIZED : default_ordering;
      m.limit_damping = kinds[6];
      m.heat = kinds[7];
      m.geometry = GS_GEOMETRY_PAIR;
      std::copy_n(coeffs, MIN(nn, 6), m.normal_coeffs);
      if (nn == 7) m.damping_coeff = coeffs[6];
      std::copy_n(coeffs + nn, 3, m.tangential_coeffs);
      std::copy_n(coeffs + nn + 3, 3, m.rolling_coeffs);
      std::copy_n(coeffs + nn + 6, 3, m.twisting_coeffs);
      m.cutoff = coeffs[nn + 9];
      m.heat_coeff = coeffs[nn + 10];
      char err[GS_ERRLEN];
      if (gs_model_finalize(&m, err) != 0) error->all(FLERR, "pair granular/sync: bad model in restart file: {}", err);
      model_ref(i, j) = m;
      model_ref(j, i) = m;
      explicit_sync_ref(i, j) = explicit_sync_ref(j, i) = kinds[5];
      cutoff_type[i][j] = cutoff_type[j][i] = m.cutoff;
    }
  }
}
