/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The one wall adapter: what every granular wall fix (plane and cylinder, region, mesh) does
   besides finding its contacts. A geometry derives from GranularWall and supplies its arguments,
   its contacts in post_force(), and the layout of its per-atom row (row_length(), clear_row()); the
   adapter keeps the rows through migration, sorting and restarts, and does the common checks,
   outputs, energy and dissipation. Its /kk side is gransync_kokkos_wall.h.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_WALL_H
#define LMP_GRANSYNC_WALL_H

#include "atom.h"
#include "gransync_interface.h"

#include "gs_contact.h"

#include <string>

namespace LAMMPS_NS {

// The walls' `temperature` keyword, which goes with a heat model: a number or v_name, an
// equal-style variable evaluated at every step (as stock fix wall/gran).
struct WallTemperature {
  bool given = false;
  double value = 0.0;
  std::string variable;
  int ivar = -1;

  // the keyword's value at arg[iarg + 1]
  void parse(LAMMPS *lmp, const char *what, int iarg, int narg, char **arg);
  // the keyword and a heat model come together, and the atoms carry what heat needs (from init())
  void check(LAMMPS *lmp, const char *what, const gs_model &model);
  double now(class Input *input) const;
};

// What the wall fixes share beyond the contacts:
// - per-atom rows of row_width doubles (history, or contacts and their histories), kept through
//   migration and restarts; a restart record is its length, the keys (restart_keys()), the row;
// - the stored energy of their contacts, reported as LAMMPS fixes report energy: the fix's global
//   scalar, added to pe with fix_modify energy yes, and then also per atom (compute pe/atom,
//   through the fix's eatom); post_force() sums it with add_energy() after begin_step();
// - minimize: post_force() at every force evaluation (it evaluates the contacts at rest, and
//   init() refuses walls whose energy is no potential of the positions, or is left out of it).
class GranularWall : public Fix {
 public:
  // on_device: the /kk style's, whose refusals must come before the per-atom arrays are registered
  GranularWall(LAMMPS *lmp, int narg, char **arg, bool on_device);
  ~GranularWall() override;
  void post_constructor() override;
  int setmask() override;
  void init() override;
  void setup(int vflag) override { post_force(vflag); }
  void min_setup(int vflag) override { post_force(vflag); }
  void min_post_force(int vflag) override { post_force(vflag); }
  double compute_scalar() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  double memory_usage() override;

 protected:
  // the fix in messages: "fix wall/gran/sync/region"
  std::string what() const { return std::string("fix ") + style; }
  gs_model model;
  int size_history = 0;    // of one contact
  double **rows = nullptr;    // per atom: row_width doubles
  int row_width = 0;
  int restart_atoms_dropped = 0;    // atoms whose restart record had another layout
  HalfStepRecorder *fix_halfstep = nullptr;
  WallTemperature wall_temperature;
  double energy_here = 0.0;    // this rank's atoms, at the last force computation
  DissipationStore *dissipation = nullptr;    // compute dissipation/sync's accumulators

  // --- what a geometry supplies
  // the doubles of `row` in use, at most `available`; -1: no row of this layout
  virtual int row_length(const double *row, int available) const = 0;
  virtual void clear_row(double *row) const = 0;
  // the values a restart record must match to be read (the contact model's history layout, ...)
  virtual int restart_keys(double *keys) const;
  // init(): the geometry's own checks, before the common ones
  virtual void init_geometry() {}
  // minimize: whether the wall's energy is a potential of the positions (see check_minimize())
  virtual bool at_rest_potential() const = 0;
  // a style that cannot accumulate dissipation names itself here, refusing compute dissipation/sync
  virtual const char *refuses_dissipation() const { return nullptr; }

  // --- for the geometry's constructor
  // `granular <model words>` at arg[3...]; returns the index of the first word after the model
  int parse_model(int narg, char **arg, int &explicit_sync);
  // the keywords every wall takes (ordering, temperature, contacts) at arg[iarg]: false if another
  bool common_keyword(int &iarg, int narg, char **arg, int &ordering);
  // once the geometry knows the row's width: sets the ordering, allocates the rows and registers them
  void begin_rows(int width, int explicit_sync, int ordering);

  // --- for post_force()
  // What every atom's contacts read this step; clears the outputs and starts the energy sums.
  struct Step {
    double dt;
    bool sync, at_rest, dissipates;
    HalfStepSource halfstep;
    double **damping;    // scheme consistent: the dashpots' state at t+dt
    double twall;        // the wall's temperature (heat models)
  };
  Step begin_step();
  // the step's energy request, as the integrator set it for this step
  void begin_energy();
  // atom i's state as a wall contact reads it: at rest in minimize, the half step's where synchronized
  struct AtomState {
    double xh[3], vh[3];
    const double *x, *v, *x_sync, *v_sync, *omega, *next;
  };
  // (inline: once per atom and step)
  void atom_state(const Step &s, int i, AtomState &a) const
  {
    static constexpr double rest[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    a.x = atom->x[i];
    if (s.at_rest) {
      a.v = a.v_sync = a.omega = a.next = rest;
      a.x_sync = a.x;
      return;
    }
    a.v = atom->v[i];
    a.omega = atom->omega[i];
    a.next = s.damping ? s.damping[i] : rest;
    a.x_sync = a.x;
    a.v_sync = a.v;
    if (s.sync) {
      s.halfstep.of_atom(i, atom->x, s.dt, a.xh, a.vh);
      a.x_sync = a.xh;
      a.v_sync = a.vh;
    }
  }
  // a contact's stored energy e of atom i
  void add_energy(int i, double e)
  {
    energy_here += e;
    if (eflag_atom) eatom[i] += e;
  }
  // what a touching contact c of atom i adds besides force and torque: the heat from the wall, the
  // atom's contacts row
  void add_contact_outputs(const gs_contact &c, int i, double twall);
  void grow_output(int nmax);    // the contacts output (array_atom)
};

}    // namespace LAMMPS_NS

#endif
