/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#if defined(COMPUTE_CLASS)
// clang-format off
ComputeStyle(dissipation/sync,ComputeDissipationSync);
// clang-format on
#elif defined(FIX_CLASS)
// clang-format off
FixStyle(DISSIPATION/SYNC,FixDissipationSync);
// clang-format on
#else

#ifndef LMP_COMPUTE_DISSIPATION_SYNC_H
#define LMP_COMPUTE_DISSIPATION_SYNC_H

#include "compute.h"
#include "gransync_interface.h"

namespace LAMMPS_NS {

// The energy each atom's contacts have dissipated since the compute was defined, by channel
// (enum gs_dissipation_channel): per-atom accumulators that travel with the atoms and are written
// to restart files. A contact's slip and lever energy goes half to each atom (a wall contact's to
// its atom); a load's is its power on each atom at the end of the step. Of the loads' and the
// lever's energy (forces at one time level: a trapezoid in time), the half that the next step's
// first half kick applies is reported only then.
class FixDissipationSync : public DissipationStore {
 public:
  static constexpr int LOADS = GS_DISSIPATION_LOADS * 6;
  // per atom and step: the loads, then the lever energy
  static constexpr int STEP = LOADS + 1;
  // per atom: the channels' energies, then the half of each channel's last step still to come
  static constexpr int WIDTH = 2 * GS_DISSIPATION_CHANNELS;
  FixDissipationSync(class LAMMPS *, int, char **);
  ~FixDissipationSync() override;
  int setmask() override;
  void setup_pre_force(int) override;
  void pre_force(int) override;
  void end_of_step() override;
  void reset_dt() override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override { return WIDTH + 1; }
  int maxsize_restart() override { return WIDTH + 1; }
  double memory_usage() override;

  // what atom i has dissipated by channel k, as far as the integrator has applied it
  double dissipated(int i, int k) const { return energy[i][k] - energy[i][GS_DISSIPATION_CHANNELS + k]; }
  void add(int i, const double *share, const double *load) override;
  int contributors = 0;    // styles that found it since the compute's last init()

 private:
  double **energy;
  double **step;    // this step's (nmax x STEP), not migrated: filled and used between re-neighborings
  double step_dt;       // this step's timestep, as its forces saw it
  // the timestep the pending halves were computed with, until the next step's first half kick
  // applies them (0 after it): a timestep change in between rescales them (halves read from a
  // restart file: the timestep at creation)
  double pending_dt;
  void scale_pending(double scale);
};

class ComputeDissipationSync : public Compute {
 public:
  ComputeDissipationSync(class LAMMPS *, int, char **);
  ~ComputeDissipationSync() override;
  void init() override;
  void setup() override;
  void compute_vector() override;
  void compute_peratom() override;
  double memory_usage() override;
  FixDissipationSync *store() const;

 private:
  char *id_fix;
  FixDissipationSync *fix;
  int nmax;
  double **output;
};

}    // namespace LAMMPS_NS

#endif
#endif
