/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(granular/mdr/sync,FixGranularMDRSync);
// clang-format on
#else

#ifndef LMP_FIX_GRANULAR_MDR_SYNC_H
#define LMP_FIX_GRANULAR_MDR_SYNC_H

#include "gransync_interface.h"

#include <vector>

namespace LAMMPS_NS {

// The per-atom state of the mdr model (what stock's fix granular/mdr does for pair granular):
// pair granular/sync creates it when a model is mdr. Before each step's forces it updates every
// atom from the sums of the last step's contacts (gs_mdr_atom_update()), screens contacts seen
// through a third grain, and sums each grain's mean surface displacement over its pair and region
// wall contacts. The state lives in fix property/atom vectors named as stock's (d_Ro, d_psi,
// d_sigmaxx, ...), so inputs that read them work unchanged, and restarts and migration carry it.
class FixGranularMDRSync : public MdrState {
 public:
  FixGranularMDRSync(class LAMMPS *, int, char **);
  ~FixGranularMDRSync() override;
  int setmask() override;
  void post_constructor() override;
  void init() override;
  void setup_pre_force(int) override;
  void pre_force(int) override;
  void set_arrays(int) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;

  gs_mdr_atoms atoms() const override;
  const gs_model &mdr_model() const override;

 protected:
  int index[GS_MDR_NVECTORS];    // of each gs_mdr_vector in atom->dvector
  char *id_state;
  class GranularSyncPair *pair;
  std::vector<class MdrWallContacts *> walls;
  int comm_stage;    // what forward communication sends: 0 the update, 1 ddelta_bar, 2 radius (/kk)

  class GranularSyncPair *mdr_pair() const;
  double *vec(int v) const;
  // the state's host arrays, in gs_mdr_vector's order
  void host_vectors(double **v) const;
  // LAMMPS' Kokkos package manages custom per-atom vectors itself: fix property/atom/kk then
  const char *state_fix_style() const;
  void screen_contacts();
  void sum_surface_increments();
  void sum_wall_surface_increments();
};

}    // namespace LAMMPS_NS

#endif
#endif
