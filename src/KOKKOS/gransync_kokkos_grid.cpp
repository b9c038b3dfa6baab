/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#include "gransync_kokkos_grid.h"

#include <cfloat>
#include <algorithm>
#include <climits>

// A lambda called for every candidate: GCC kept it out of line (through the PLT, as a template's
// member in a shared library), a call per test that reloaded the search's state each time.
#if defined(__GNUC__) && !defined(__CUDACC__) && !defined(__HIPCC__)
#define GS_INLINE_LAMBDA __attribute__((always_inline))
#else
#define GS_INLINE_LAMBDA
#endif

using namespace LAMMPS_NS;

namespace {

// the box around every sphere, the radii's range, and how many positions or radii are not numbers
struct Extent {
  double lo[3], hi[3], owned_lo[3], owned_hi[3], rmin, rmax;
  int bad;
};

template <class DeviceType> struct ExtentOf {
  using value_type = Extent;
  typename ArrayTypes<DeviceType>::t_kkfloat_1d_3_lr x;
  typename ArrayTypes<DeviceType>::t_kkfloat_1d radius;
  int nowned;

  KOKKOS_INLINE_FUNCTION void init(Extent &e) const
  {
    for (int d = 0; d < 3; d++) {
      e.lo[d] = e.owned_lo[d] = DBL_MAX;
      e.hi[d] = e.owned_hi[d] = -DBL_MAX;
    }
    e.rmin = DBL_MAX;
    e.rmax = -DBL_MAX;
    e.bad = 0;
  }
  KOKKOS_INLINE_FUNCTION void join(Extent &e, const Extent &o) const
  {
    for (int d = 0; d < 3; d++) {
      e.lo[d] = o.lo[d] < e.lo[d] ? o.lo[d] : e.lo[d];
      e.hi[d] = o.hi[d] > e.hi[d] ? o.hi[d] : e.hi[d];
      e.owned_lo[d] = o.owned_lo[d] < e.owned_lo[d] ? o.owned_lo[d] : e.owned_lo[d];
      e.owned_hi[d] = o.owned_hi[d] > e.owned_hi[d] ? o.owned_hi[d] : e.owned_hi[d];
    }
    e.rmin = o.rmin < e.rmin ? o.rmin : e.rmin;
    e.rmax = o.rmax > e.rmax ? o.rmax : e.rmax;
    e.bad += o.bad;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, Extent &e) const
  {
    const double r = radius(i);
    bool numbers = r >= 0.0 && Kokkos::isfinite(r);
    for (int d = 0; d < 3; d++) numbers = numbers && Kokkos::isfinite(static_cast<double>(x(i, d)));
    if (!numbers) {
      e.bad++;
      return;
    }
    for (int d = 0; d < 3; d++) {
      e.lo[d] = x(i, d) < e.lo[d] ? x(i, d) : e.lo[d];
      e.hi[d] = x(i, d) > e.hi[d] ? x(i, d) : e.hi[d];
      if (i < nowned) {
        e.owned_lo[d] = x(i, d) < e.owned_lo[d] ? x(i, d) : e.owned_lo[d];
        e.owned_hi[d] = x(i, d) > e.owned_hi[d] ? x(i, d) : e.owned_hi[d];
      }
    }
    e.rmin = r < e.rmin ? r : e.rmin;
    e.rmax = r > e.rmax ? r : e.rmax;
  }
};

// the spheres gs_grid_level_of() puts in each level, and the largest radius of each
struct LevelCounts {
  int count[GS_GRID_MAX_LEVELS];
  double largest[GS_GRID_MAX_LEVELS];
};

template <class DeviceType> struct LevelCountsOf {
  using value_type = LevelCounts;
  typename ArrayTypes<DeviceType>::t_kkfloat_1d radius;
  gs_grid grid;

  KOKKOS_INLINE_FUNCTION void init(LevelCounts &c) const
  {
    for (int l = 0; l < GS_GRID_MAX_LEVELS; l++) {
      c.count[l] = 0;
      c.largest[l] = 0.0;
    }
  }
  KOKKOS_INLINE_FUNCTION void join(LevelCounts &c, const LevelCounts &o) const
  {
    for (int l = 0; l < GS_GRID_MAX_LEVELS; l++) {
      c.count[l] += o.count[l];
      c.largest[l] = o.largest[l] > c.largest[l] ? o.largest[l] : c.largest[l];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, LevelCounts &c) const
  {
    const double r = radius(i);
    const int l = gs_grid_level_of(&grid, r);
    c.count[l]++;
    c.largest[l] = r > c.largest[l] ? r : c.largest[l];
  }
};

// a view with room for size elements, reallocated (contents dropped) with headroom when short
template <class View> void hold(View &view, size_t size, const char *label)
{
  if (view.extent(0) < size) view = View(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), size + size / 4 + 1);
}

}    // namespace

template <class DeviceType> std::string GridListsKokkos<DeviceType>::build(const Input &in)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const int n = in.n, nowned = in.nowned;
  if (n < 0 || nowned < 0 || nowned > n) return "owned and ghost counts out of range";
  if (!(in.skin >= 0.0) || !Kokkos::isfinite(in.skin)) return "skin " + std::to_string(in.skin);

  Extent extent;
  ExtentOf<DeviceType> extent_of{in.x, in.radius, nowned};
  if (n > 0) Kokkos::parallel_reduce("grid:extent", Range(0, n), extent_of, extent);
  else extent_of.init(extent);
  if (extent.bad) return std::to_string(extent.bad) + " sphere(s) with non-numeric positions or radii";
  if (n == 0)
    for (int d = 0; d < 3; d++) extent.lo[d] = extent.hi[d] = extent.rmin = extent.rmax = 0.0;

  gs_grid_choose_levels(&grid, extent.rmin, extent.rmax, GS_GRID_DEFAULT_RATIO, 0, in.skin);
  LevelCounts levels;
  LevelCountsOf<DeviceType> counts_of{in.radius, grid};
  counts_of.init(levels);
  if (n > 0) Kokkos::parallel_reduce("grid:levels", Range(0, n), counts_of, levels);
  gs_grid_fit_levels(&grid, levels.count, levels.largest);
  if (gs_grid_place_cells(&grid, extent.lo, extent.hi, levels.count)) return "too many cells";
  gs_grid_set_owned_box(&grid, extent.owned_lo, extent.owned_hi);

  sort_into_cells(in);
  hold(nfound, nowned + 1, "grid:nfound");
  hold(pushed, nowned + 1, "grid:pushed");
  hold(start, nowned + 1, "grid:start");
  // one search, rerun whole only where the pushed pairs overflowed their array (which then grows
  // to what was pushed, with headroom, for later builds too)
  while (true) {
    hold(found_pairs, (size_t) nowned * room, "grid:found_pairs");
    hold(push_pairs, push_room, "grid:push_pairs");
    Kokkos::deep_copy(pushed_count, 0);
    search(in, false);
    const int npushed = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), pushed_count)();
    if (npushed <= (int) push_pairs.extent(0)) {
      npushed_last = npushed;
      break;
    }
    push_room = std::max(push_room, (size_t) npushed + npushed / 4 + 64);
  }
  if (collect_overflow(in) < 0) return "more than " + std::to_string(INT_MAX) + " pairs";
  if (noverflow > 0) search(in, true);
  if (!place_pairs(in)) return "more than " + std::to_string(INT_MAX) + " pairs";
  finish_rows(in);
  // the next builds' room, from this one's mean own row (every pair is in a row: the own ones are
  // those not pushed)
  const long long own_pairs = npairs - npushed_last;
  room = std::max(room, static_cast<int>(std::min<long long>(3 * own_pairs / (2 * std::max(nowned, 1)) + 4, INT_MAX / 4)));
  return "";
}

// The owned finders that found more than their room: their slots, in slot order, and where their
// pairs start in overflow_pairs (sized to hold them all). Returns how many, or -1 past an int.
template <class DeviceType> int GridListsKokkos<DeviceType>::collect_overflow(const Input &in)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const int n = in.n, nowned = in.nowned, room_ = room;
  hold(overflow_start, nowned + 1, "grid:overflow_start");
  hold(overflow_slots, n + 1, "grid:overflow_slots");
  const auto nfound_ = nfound;
  const auto slot_index_ = slot_index;
  const auto start_ = overflow_start;
  const auto slots_ = overflow_slots;
  long long total = 0;
  Kokkos::parallel_scan(
      "grid:overflow_start", Range(0, nowned),
      KOKKOS_LAMBDA(const int a, long long &sum, const bool final) {
        const int extra = nfound_(a) > room_ ? nfound_(a) : 0;
        if (final) start_(a) = static_cast<int>(sum < INT_MAX ? sum : INT_MAX);
        sum += extra;
      },
      total);
  if (total >= INT_MAX) return -1;
  noverflow = 0;
  if (total == 0) return 0;
  Kokkos::parallel_scan(
      "grid:overflow_slots", Range(0, n),
      KOKKOS_LAMBDA(const int pa, int &count, const bool final) {
        const int a = slot_index_(pa);
        if (a >= nowned || nfound_(a) <= room_) return;
        if (final) slots_(count) = pa;
        count++;
      },
      noverflow);
  hold(overflow_pairs, total, "grid:overflow_pairs");
  return noverflow;
}

// Counting sort of the spheres into the cells of their levels; slots ascend by index within a
// cell, so owned spheres come first (cell_ghost(c): the first ghost slot of cell c).
template <class DeviceType> void GridListsKokkos<DeviceType>::sort_into_cells(const Input &in)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const int n = in.n, nowned = in.nowned, ncells = grid.ncells;
  hold(level, n, "grid:level");
  hold(sphere_cell, n, "grid:sphere_cell");
  hold(slot_index, n, "grid:slot_index");
  hold(slot_xr, n, "grid:slot_xr");
  hold(cell_start, (size_t) ncells + 1, "grid:cell_start");
  hold(cell_ghost, ncells, "grid:cell_ghost");
  hold(cell_cursor, ncells, "grid:cell_cursor");
  const auto cells = std::make_pair(0, ncells);
  Kokkos::deep_copy(Kokkos::subview(cell_cursor, cells), 0);
  Kokkos::deep_copy(Kokkos::subview(cell_ghost, cells), 0);

  const gs_grid g = grid;
  const auto x = in.x;
  const auto radius = in.radius;
  const auto level_ = level;
  const auto sphere_cell_ = sphere_cell;
  const auto slot_index_ = slot_index;
  const auto cell_start_ = cell_start;
  const auto cell_ghost_ = cell_ghost;
  const auto cursor = cell_cursor;
  const auto slot_xr_ = slot_xr;
  Kokkos::parallel_for("grid:cells", Range(0, n), KOKKOS_LAMBDA(const int i) {
    const int lv = gs_grid_level_of(&g, radius(i));
    const double xi[3] = {x(i, 0), x(i, 1), x(i, 2)};
    const int c = gs_grid_cell_of(&g, lv, xi);
    level_(i) = lv;
    sphere_cell_(i) = c;
    Kokkos::atomic_inc(&cursor(c));
    if (i < nowned) Kokkos::atomic_inc(&cell_ghost_(c));
  });
  Kokkos::parallel_scan(
      "grid:cell_start", Range(0, ncells), KOKKOS_LAMBDA(const int c, int &sum, const bool final) {
        if (final) {
          cell_start_(c) = sum;
          cell_ghost_(c) += sum;
        }
        sum += cursor(c);
      });
  Kokkos::deep_copy(Kokkos::subview(cell_start, ncells), n);
  Kokkos::deep_copy(Kokkos::subview(cell_cursor, cells), 0);
  Kokkos::parallel_for("grid:place", Range(0, n), KOKKOS_LAMBDA(const int i) {
    const int c = sphere_cell_(i);
    slot_index_(cell_start_(c) + Kokkos::atomic_fetch_add(&cursor(c), 1)) = i;
  });
  Kokkos::parallel_for("grid:sort_cells", Range(0, ncells),
                       KOKKOS_LAMBDA(const int c) {
                         gs_grid_sort_keyed(slot_index_.data() + cell_start_(c), cell_start_(c + 1) - cell_start_(c), ~0);
                       });
  Kokkos::parallel_for("grid:slots", Range(0, n), KOKKOS_LAMBDA(const int p) {
    const int i = slot_index_(p);
    for (int d = 0; d < 3; d++) slot_xr_(p, d) = x(i, d);
    slot_xr_(p, 3) = radius(i);
  });
}

// Every sphere's pairs, in slot order (spheres near each other in memory search the same cells):
// the coarser levels' cells around it, level by level, then its own level's spheres after it in
// (cell, index) order; a ghost only for owned partners (gs_grid_build.c's search, sphere by sphere).
// An owned finder's own pairs go to its room in found_pairs, in search order (nfound: how many);
// pairs for another row (a ghost finder's) to push_pairs as (row, partner), counted in
// pushed_count; what did not fit is counted, not written. The overflow pass: the finders of
// collect_overflow() alone, their own pairs into overflow_pairs (the same, in the same order),
// nothing pushed again.
template <class DeviceType> void GridListsKokkos<DeviceType>::search(const Input &in, const bool overflow_pass)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const gs_grid g = grid;
  const gs_grid_exclusions ex = in.exclude;
  const bool exclude = gs_grid_has_exclusions(&ex);
  const int nowned = in.nowned, newton = in.newton, room_ = room, touch_flag = in.touch_flag;
  const int push_capacity = push_pairs.extent(0);
  const auto type = in.type;
  const auto mask = in.mask;
  const auto level_ = level;
  const auto sphere_cell_ = sphere_cell;
  const auto slot_index_ = slot_index;
  const auto cell_start_ = cell_start;
  const auto cell_ghost_ = cell_ghost;
  const auto slot_xr_ = slot_xr;
  const auto nfound_ = nfound;
  const auto own_out = overflow_pass ? overflow_pairs : found_pairs;
  const auto overflow_slots_ = overflow_slots;
  const auto overflow_start_ = overflow_start;
  const int capacity = overflow_pass ? INT_MAX : room_;
  const auto push_pairs_ = push_pairs;
  const auto counts = pushed_count;
  const int nfinders = overflow_pass ? noverflow : in.n;
  Kokkos::parallel_for(overflow_pass ? "grid:search_overflow" : "grid:search", Range(0, nfinders),
                       KOKKOS_LAMBDA(const int k) {
    const int pa = overflow_pass ? overflow_slots_(k) : k;
    const int a = slot_index_(pa);
    const bool owned = a < nowned;
    const double xa[4] = {slot_xr_(pa, 0), slot_xr_(pa, 1), slot_xr_(pa, 2), slot_xr_(pa, 3)};
    const int la = level_(a), own_cell = sphere_cell_(a);
    // (owned finders only write there)
    const size_t own_start = overflow_pass ? (size_t) overflow_start_(a) : (size_t) a * room_;
    int found = 0;
    // a partner that touches (gs_spheres_overlap(), the same rsq from either end) carries touch_flag
    const auto consider = [&](const int q) GS_INLINE_LAMBDA {
      const double xq[3] = {slot_xr_(q, 0), slot_xr_(q, 1), slot_xr_(q, 2)}, rq = slot_xr_(q, 3);
      const double dx = xa[0] - xq[0], dy = xa[1] - xq[1], dz = xa[2] - xq[2];
      const double rsq = dx * dx + dy * dy + dz * dz;
      if (!gs_grid_candidate(rsq, xa[3], rq, g.skin)) return;
      const int b = slot_index_(q);
      if (exclude && gs_grid_excluded(&ex, type(a), type(b), mask(a), mask(b), 0, 0)) return;
      const int flag = gs_spheres_overlap(rsq, xa[3], rq) ? touch_flag : 0;
      const int row = gs_grid_row(a, b, nowned, newton, xa, xq);
      if (row == a) {
        if (found < capacity) own_out(own_start + found) = b | flag;
        found++;
      } else if (row >= 0 && !overflow_pass) {
        const int k = Kokkos::atomic_fetch_add(&counts(), 1);
        if (k < push_capacity) {
          push_pairs_(k, 0) = b;
          push_pairs_(k, 1) = a | flag;
        }
      }
    };
    int lo[3], hi[3];
    for (int m = 0; m < la; m++) {
      if (!owned && !gs_grid_ghost_reaches(&g, m, xa, xa[3])) continue;
      gs_grid_range(&g, m, xa, xa[3], lo, hi);
      for (int iz = lo[2]; iz <= hi[2]; iz++)
        for (int iy = lo[1]; iy <= hi[1]; iy++) {
          const int first = gs_grid_cell_id(&g, m, lo[0], iy, iz), last = first + hi[0] - lo[0];
          for (int q = cell_start_(first); q < cell_start_(last + 1); q++)
            if (owned || slot_index_(q) < nowned) consider(q);
        }
    }
    if (owned || gs_grid_ghost_reaches(&g, la, xa, xa[3])) {
      gs_grid_range(&g, la, xa, xa[3], lo, hi);
      for (int iz = lo[2]; iz <= hi[2]; iz++)
        for (int iy = lo[1]; iy <= hi[1]; iy++) {
          const int first = gs_grid_cell_id(&g, la, lo[0], iy, iz), last = first + hi[0] - lo[0];
          if (last < own_cell) continue;
          if (owned) {
            const int from = first <= own_cell ? own_cell : first;
            for (int q = from == own_cell ? pa + 1 : cell_start_(from); q < cell_start_(last + 1); q++) consider(q);
          } else {
            for (int c = first <= own_cell ? own_cell : first; c <= last; c++)
              for (int q = c == own_cell ? pa + 1 : cell_start_(c); q < cell_ghost_(c); q++) consider(q);
          }
        }
    }
    if (owned && !overflow_pass) nfound_(a) = found;
  });
}

// The rows: each owned sphere's own pairs (from its room), then room for the pairs pushed to it,
// after a count and a scan; the pushed pairs into atomic slots (sorted by finish_rows()). false:
// more pairs than an int counts.
template <class DeviceType> bool GridListsKokkos<DeviceType>::place_pairs(const Input &in)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const int nowned = in.nowned, room_ = room;
  const auto nfound_ = nfound;
  const auto pushed_ = pushed;
  const auto start_ = start;
  const auto push_pairs_ = push_pairs;
  const auto found_pairs_ = found_pairs;
  const auto overflow_pairs_ = overflow_pairs;
  const auto overflow_start_ = overflow_start;
  Kokkos::deep_copy(pushed, 0);
  Kokkos::parallel_for(
      "grid:count_pushed", Range(0, npushed_last), KOKKOS_LAMBDA(const int k) { Kokkos::atomic_inc(&pushed_(push_pairs_(k, 0))); });
  long long total = 0;
  Kokkos::parallel_scan(
      "grid:rows", Range(0, nowned),
      KOKKOS_LAMBDA(const int i, long long &sum, const bool final) {
        if (final) start_(i) = static_cast<int>(sum < INT_MAX ? sum : INT_MAX);
        sum += nfound_(i) + pushed_(i);
      },
      total);
  if (total >= INT_MAX) return false;
  Kokkos::deep_copy(Kokkos::subview(start, nowned), static_cast<int>(total));
  npairs = total;
  hold(neighbors_all, total, "grid:neighbors");
  neighbors = Kokkos::subview(neighbors_all, std::make_pair(0, static_cast<int>(total)));
  const auto neighbors_ = neighbors;
  Kokkos::parallel_for("grid:place_own", Range(0, nowned), KOKKOS_LAMBDA(const int a) {
    if (nfound_(a) > room_)
      for (int k = 0; k < nfound_(a); k++) neighbors_(start_(a) + k) = overflow_pairs_(overflow_start_(a) + k);
    else
      for (int k = 0; k < nfound_(a); k++) neighbors_(start_(a) + k) = found_pairs_((size_t) a * room_ + k);
  });
  Kokkos::deep_copy(pushed, 0);
  Kokkos::parallel_for("grid:place_pushed", Range(0, npushed_last), KOKKOS_LAMBDA(const int k) {
    const int b = push_pairs_(k, 0);
    neighbors_(start_(b) + nfound_(b) + Kokkos::atomic_fetch_add(&pushed_(b), 1)) = push_pairs_(k, 1);
  });
  return true;
}

// each row's pushed part by ascending index (rows then do not depend on the threads' order; the
// touch flags, set by the search, ride along) and LAMMPS' row view
template <class DeviceType> void GridListsKokkos<DeviceType>::finish_rows(const Input &in)
{
  using Range = Kokkos::RangePolicy<typename DeviceType::execution_space>;
  const int nowned = in.nowned, index_bits = ~in.touch_flag;
  hold(numneigh, nowned, "grid:numneigh");
  hold(ilist, nowned, "grid:ilist");
  const auto nfound_ = nfound;
  const auto start_ = start;
  const auto neighbors_ = neighbors;
  const auto numneigh_ = numneigh;
  const auto ilist_ = ilist;
  longest_row = 0;
  Kokkos::parallel_reduce(
      "grid:finish", Range(0, nowned),
      KOKKOS_LAMBDA(const int i, int &longest) {
        const int first = start_(i), end = start_(i + 1);
        gs_grid_sort_keyed(neighbors_.data() + first + nfound_(i), end - first - nfound_(i), index_bits);
        numneigh_(i) = end - first;
        ilist_(i) = i;
        longest = end - first > longest ? end - first : longest;
      },
      Kokkos::Max<int>(longest_row));
}

template <class DeviceType> double GridListsKokkos<DeviceType>::memory_usage() const
{
  const size_t ints = level.span() + sphere_cell.span() + cell_start.span() + cell_ghost.span() + cell_cursor.span() +
      slot_index.span() + nfound.span() + pushed.span() + start.span() + neighbors_all.span() + numneigh.span() +
      ilist.span() + found_pairs.span() + push_pairs.span() + overflow_slots.span() + overflow_start.span() +
      overflow_pairs.span();
  return (double) ints * sizeof(int) + (double) slot_xr.span() * sizeof(double);
}

namespace LAMMPS_NS {
template class GridListsKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class GridListsKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
