/* SPDX-License-Identifier: GPL-2.0-or-later
 * The hierarchical grid built on the Kokkos device (src/KOKKOS/gransync_kokkos_grid.h, pair
 * granular/sync/kk lists levels) against the serial driver (gs_grid_build.c, which core.grid checks
 * against a brute-force scan): the same rows, pair for pair in the same order, with the touch bit.
 * Random polydisperse sets (bidisperse and continuous radii, size ratios 4 to 100) in a periodic
 * box with their ghost images, owned spheres spread or clustered in part of it (as a rank's), newton
 * on and off, type and group exclusions, no ghosts, and one sphere; then a second build of another
 * set with the same object (the workspace reused and grown), a build whose rows outgrow the
 * room the last one left each sphere, and a crowded corner in a sparse box (its memory). No LAMMPS instance: Kokkos only, as LAMMPS initializes it.
 * On the split-memory build the device has its own memory, so a missing copy shows. */
#include "gransync_kokkos_grid.h"

extern "C" {
#include "gs_check.h"
#include "gs_grid_build.h"
}

#include <cmath>
#include <cstdint>
#include <vector>

using namespace LAMMPS_NS;
using Grid = GridListsKokkos<LMPDeviceType>;

namespace {

uint64_t rng = 0x2545f4914f6cdd1dULL;
double urand()
{
  return gs_splitmix_uniform(&rng);
}

struct Scene {
  std::vector<double> x, r;
  std::vector<int> type, mask;
  int nowned = 0;
  double skin = 0.0;
  int n() const { return (int) r.size(); }
};

// n spheres in a periodic cube of side box: radii rmax / ratio to rmax (bidisperse: a fifth large,
// else continuous in the log), owned within [0, owned_side) of each direction, the others and the
// periodic images within `shell` of the owned region as ghosts
Scene make_scene(int n, double box, double rmax, double ratio, bool bidisperse, double owned_side, double skin)
{
  Scene s;
  s.skin = skin;
  std::vector<double> x, r;
  std::vector<int> type;
  for (int i = 0; i < n; i++) {
    double ri;
    if (bidisperse) ri = urand() < 0.2 ? rmax : rmax / ratio;
    else ri = rmax * std::pow(ratio, -urand());
    r.push_back(ri);
    type.push_back(ri > rmax / std::sqrt(ratio) ? 1 : 2);
    for (int d = 0; d < 3; d++) x.push_back(box * urand());
  }
  const double shell = 2 * rmax + skin;
  const auto owned = [&](const double *p) {
    return p[0] < owned_side && p[1] < owned_side && p[2] < owned_side;
  };
  for (int i = 0; i < n; i++)
    if (owned(&x[3 * i])) {
      for (int d = 0; d < 3; d++) s.x.push_back(x[3 * i + d]);
      s.r.push_back(r[i]);
      s.type.push_back(type[i]);
      s.mask.push_back(1 | (i % 3 == 0 ? 2 : 4));
    }
  s.nowned = s.n();
  for (int i = 0; i < n; i++)
    for (int a = -1; a <= 1; a++)
      for (int b = -1; b <= 1; b++)
        for (int c = -1; c <= 1; c++) {
          const double p[3] = {x[3 * i] + a * box, x[3 * i + 1] + b * box, x[3 * i + 2] + c * box};
          if ((a || b || c || !owned(p)) && p[0] > -shell && p[0] < owned_side + shell && p[1] > -shell &&
              p[1] < owned_side + shell && p[2] > -shell && p[2] < owned_side + shell) {
            for (int d = 0; d < 3; d++) s.x.push_back(p[d]);
            s.r.push_back(r[i]);
            s.type.push_back(type[i]);
            s.mask.push_back(1 | (i % 3 == 0 ? 2 : 4));
          }
        }
  return s;
}

// builds both ways and compares row by row; returns the pairs listed
long long compare(const char *name, Grid &grid, const Scene &s, int newton, const gs_grid_exclusions &ex,
                  int touch_flag)
{
  const int n = s.n();
  gs_grid_input in{};
  in.n = n;
  in.nowned = s.nowned;
  in.x = s.x.data();
  in.radius = s.r.data();
  for (int d = 0; d < 3; d++) {
    in.lo[d] = n ? s.x[d] : 0.0;
    in.hi[d] = in.lo[d];
    for (int i = 1; i < n; i++) {
      in.lo[d] = std::fmin(in.lo[d], s.x[3 * i + d]);
      in.hi[d] = std::fmax(in.hi[d], s.x[3 * i + d]);
    }
  }
  in.skin = s.skin;
  in.newton = newton;
  in.exclude = &ex;
  in.type = s.type.data();
  in.mask = s.mask.data();
  in.touch_flag = touch_flag;
  gs_grid_lists serial{};
  char err[GS_ERRLEN];
  const int serial_status = gs_grid_build(&in, &serial, err);

  Grid::Input kin;
  kin.x = decltype(kin.x)("x", n);
  kin.radius = decltype(kin.radius)("radius", n);
  kin.type = decltype(kin.type)("type", n);
  kin.mask = decltype(kin.mask)("mask", n);
  auto hx = Kokkos::create_mirror_view(kin.x);
  auto hr = Kokkos::create_mirror_view(kin.radius);
  auto ht = Kokkos::create_mirror_view(kin.type);
  auto hm = Kokkos::create_mirror_view(kin.mask);
  for (int i = 0; i < n; i++) {
    for (int d = 0; d < 3; d++) hx(i, d) = s.x[3 * i + d];
    hr(i) = s.r[i];
    ht(i) = s.type[i];
    hm(i) = s.mask[i];
  }
  Kokkos::deep_copy(kin.x, hx);
  Kokkos::deep_copy(kin.radius, hr);
  Kokkos::deep_copy(kin.type, ht);
  Kokkos::deep_copy(kin.mask, hm);
  kin.n = n;
  kin.nowned = s.nowned;
  kin.skin = s.skin;
  kin.newton = newton;
  kin.exclude = ex;
  kin.touch_flag = touch_flag;
  const std::string why = grid.build(kin);

  const auto start = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), grid.start);
  const auto neigh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), grid.neighbors);
  const auto numneigh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), grid.numneigh);
  const auto ilist = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), grid.ilist);
  int mismatched_rows = 0, bad_views = 0, longest = 0;
  for (int i = 0; serial_status == 0 && why.empty() && i < s.nowned; i++) {
    const int len = serial.start[i + 1] - serial.start[i];
    bool same = start(i + 1) - start(i) == len;
    for (int k = 0; same && k < len; k++) same = neigh(start(i) + k) == serial.neigh[serial.start[i] + k];
    mismatched_rows += !same;
    bad_views += numneigh(i) != start(i + 1) - start(i) || ilist(i) != i;
    longest = std::max(longest, len);
  }
  GS_CHECK(serial_status == 0 && why.empty() && mismatched_rows == 0 && bad_views == 0 &&
               grid.npairs == serial.npairs && grid.longest_row == longest,
           "%s: %d owned of %d spheres, newton %d: the device's rows equal the serial driver's (%lld pairs; rows "
           "differing: %d; ilist/numneigh wrong: %d; longest row %d, %d)%s%s",
           name, s.nowned, n, newton, (long long) grid.npairs, mismatched_rows, bad_views, grid.longest_row, longest,
           why.empty() ? "" : ": ", why.c_str());
  const long long pairs = serial.npairs;
  gs_grid_lists_free(&serial);
  return pairs;
}

}    // namespace

int main(int argc, char **argv)
{
  Kokkos::ScopeGuard kokkos(argc, argv);
  Grid grid;
  gs_grid_exclusions none{};
  gs_grid_exclusions types{};
  types.ntype = 1;
  types.type[0][0] = 1;
  types.type[0][1] = 2;
  gs_grid_exclusions groups{};
  groups.ngroup = 1;
  groups.group_bit[0][0] = 2;
  groups.group_bit[0][1] = 4;
  const int touch = 1 << 30;
  long long pairs;

  struct Case {
    const char *name;
    int n;
    double box, rmax, ratio;
    bool bidisperse;
    double owned_side, skin;
  };
  const Case cases[] = {
      {"bidisperse R 10, the whole box owned", 3000, 8.0, 0.5, 10.0, true, 8.0, 0.02},
      {"bidisperse R 10, a rank's corner owned", 3000, 8.0, 0.5, 10.0, true, 4.0, 0.02},
      {"continuous R 4", 2000, 6.0, 0.5, 4.0, false, 3.5, 0.05},
      {"continuous R 30", 6000, 6.0, 0.6, 30.0, false, 4.0, 0.01},
      {"bidisperse R 100", 4000, 5.0, 1.0, 100.0, true, 5.0, 0.005},
  };
  for (const Case &c : cases)
    for (int newton = 0; newton < 2; newton++) {
      const Scene s = make_scene(c.n, c.box, c.rmax, c.ratio, c.bidisperse, c.owned_side, c.skin);
      pairs = compare(c.name, grid, s, newton, none, touch);
      GS_CHECK(pairs > s.nowned, "%s: a bed with pairs (%lld for %d owned spheres)", c.name, pairs, s.nowned);
    }
  {
    const Scene s = make_scene(3000, 8.0, 0.5, 10.0, true, 4.0, 0.02);
    const long long all = compare("bidisperse R 10", grid, s, 0, none, 0);
    const long long by_type = compare("neigh_modify exclude type 1 2", grid, s, 0, types, touch);
    const long long by_group = compare("neigh_modify exclude group", grid, s, 1, groups, touch);
    GS_CHECK(by_type < all && by_group < all, "the exclusions drop pairs: %lld and %lld of %lld", by_type, by_group,
             all);
  }
  {
    Scene s = make_scene(800, 4.0, 0.5, 10.0, true, 4.0, 0.02);
    s.x.resize(3 * s.nowned);
    s.r.resize(s.nowned);
    s.type.resize(s.nowned);
    s.mask.resize(s.nowned);
    compare("no ghosts", grid, s, 0, none, touch);
    Scene one;
    one.x = {0.5, 0.5, 0.5};
    one.r = {0.3};
    one.type = {1};
    one.mask = {1};
    one.nowned = 1;
    one.skin = 0.1;
    pairs = compare("one sphere", grid, one, 0, none, touch);
    GS_CHECK(pairs == 0, "one sphere: no pairs (%lld)", pairs);
  }
  {
    // a dense cluster: far more pairs per sphere than the rooms the sparse builds above left
    Scene s = make_scene(3000, 2.0, 0.1, 5.0, false, 2.0, 0.3);
    pairs = compare("a crowded box (rooms regrown)", grid, s, 0, none, touch);
    GS_CHECK(pairs > 20 * s.nowned, "a crowded box: %lld pairs for %d spheres", pairs, s.nowned);
  }
  {
    // a crowded corner in a sparse box: its spheres search again, alone, into an array of their own;
    // the others' rooms stay what the sparse box needs (before: a room as wide as the crowded rows for
    // every sphere)
    const Scene sparse = make_scene(6000, 12.0, 0.5, 2.0, false, 12.0, 0.05);
    Scene crowded;
    crowded.skin = sparse.skin;
    const auto append = [&](const Scene &from, int lo, int hi) {
      for (int i = lo; i < hi; i++) {
        for (int d = 0; d < 3; d++) crowded.x.push_back(from.x[3 * i + d]);
        crowded.r.push_back(from.r[i]);
        crowded.type.push_back(from.type[i]);
        crowded.mask.push_back(from.mask[i]);
      }
    };
    append(sparse, 0, sparse.nowned);
    for (int i = 0; i < 400; i++) {    // in the box's middle, far from its images
      for (int d = 0; d < 3; d++) crowded.x.push_back(6.0 + 0.4 * urand());
      crowded.r.push_back(0.05);
      crowded.type.push_back(2);
      crowded.mask.push_back(1);
    }
    crowded.nowned = crowded.n();
    append(sparse, sparse.nowned, sparse.n());
    Grid sparse_grid, crowded_grid;
    const long long sparse_pairs = compare("a sparse box", sparse_grid, sparse, 0, none, touch);
    compare("a sparse box with a crowded corner (first build)", crowded_grid, crowded, 0, none, touch);
    const long long crowded_pairs = compare("a sparse box with a crowded corner", crowded_grid, crowded, 0, none, touch);
    const double extra = crowded_grid.memory_usage() - sparse_grid.memory_usage();
    const double extra_pairs = (double) (crowded_pairs - sparse_pairs);
    GS_CHECK(extra_pairs > 20.0 * 400 && extra < 12.0 * sizeof(int) * extra_pairs,
             "a crowded corner of 400 spheres (%.0f more pairs) costs %.0f more bytes (%.1f ints a pair; a room "
             "as wide as its rows for every sphere: %.0f)", extra_pairs, extra, extra / sizeof(int) / extra_pairs,
             (double) crowded.nowned * crowded_grid.longest_row * sizeof(int));
  }
  return gs_check_summary();
}
