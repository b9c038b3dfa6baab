/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   The core's hierarchical grid (src/core/gs_grid.h) built on the Kokkos device, for pair
   granular/sync/kk's `lists levels`: the lists of the serial driver (gs_grid_build.c), row for row
   in the same order, in compressed rows, with no host round trip but the grid's few numbers.
   - levels: the radii's range and the box by a reduction, the levels' counts and largest radii by
     another; the host fits the levels and places the cells (gs_grid.h), as the serial driver;
   - cells: a count per cell (atomics), a scan, a placement (atomics), then each cell's slots
     sorted by index, so that slots ascend by index within a cell as the serial counting sort has them;
   - pairs: each sphere's search (its own level, the coarser ones) writes the pairs of its row into
     a room of its own (an owned sphere's; 1.5 times the mean an owned sphere found at the last
     build, plus 4) and those it pushes to another row (a ghost finder's) into a shared array. The few
     that found more than their room (a crowded corner) search again, alone, into an array sized
     by a scan of what they found: a cluster costs its own spheres, not a room as wide as its rows
     for every sphere. A count, a scan, then all placed in the rows, the pushed ones into atomic
     slots and sorted afterwards.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_KOKKOS_GRID_H
#define LMP_GRANSYNC_KOKKOS_GRID_H

#include "kokkos_type.h"

#include "gs_grid.h"

#include <string>

namespace LAMMPS_NS {

template <class DeviceType> class GridListsKokkos {
 public:
  using AT = ArrayTypes<DeviceType>;
  template <class T> using View = Kokkos::View<T, DeviceType>;

  struct Input {
    typename AT::t_kkfloat_1d_3_lr x;
    typename AT::t_kkfloat_1d radius;
    typename AT::t_int_1d type, mask;    // read with exclusions
    int n = 0, nowned = 0;               // the first nowned of the n spheres are owned, the rest ghosts
    double skin = 0.0;
    int newton = 0;
    gs_grid_exclusions exclude{};
    int touch_flag = 0;    // or'd into a listed partner that touches (LAMMPS' history bit)
  };

  // Builds the lists; returns an empty string, or why it could not (non-numeric positions or radii,
  // too many cells or pairs).
  std::string build(const Input &in);

  // row i of owned sphere i is neighbors(start(i)) to neighbors(start(i + 1) - 1); numneigh(i) its
  // length and ilist(i) = i, as LAMMPS' Kokkos lists read them
  View<int *> start, neighbors;
  typename AT::t_int_1d numneigh, ilist;
  long long npairs = 0;
  int longest_row = 0;
  gs_grid grid{};
  double memory_usage() const;

  // public for CUDA's device lambdas
  void sort_into_cells(const Input &in);
  void search(const Input &in, bool overflow_pass);
  int collect_overflow(const Input &in);
  bool place_pairs(const Input &in);
  void finish_rows(const Input &in);

 private:
  View<int *> level, sphere_cell, cell_start, cell_ghost, cell_cursor, slot_index, nfound, pushed;
  View<double *[4]> slot_xr;
  View<int *> neighbors_all;    // capacity behind `neighbors`
  // the search's output: room pairs per owned finder, and (row, partner) pairs pushed to other rows;
  // the finders that found more than room: their slots and their pairs, from overflow_start (per
  // owned sphere)
  View<int *> found_pairs, overflow_slots, overflow_start, overflow_pairs;
  int noverflow = 0;
  View<int *[2]> push_pairs;
  View<int> pushed_count{"grid:pushed_count"};    // the pushed pairs of the last search
  int room = 16, npushed_last = 0;
  size_t push_room = 1024;
};

}    // namespace LAMMPS_NS

#endif
