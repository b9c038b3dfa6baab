/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_REGION_GEOMETRY_H
#define LMP_GRANSYNC_REGION_GEOMETRY_H

#include "gs_region.h"

#include <string>

namespace LAMMPS_NS {
class Region;

// Whether the core's gs_region can stand for this LAMMPS region (plane, block, sphere, cylinder,
// cone); if not, why not, in words naming the region and what is allowed.
bool region_geometry_supported(Region *region, std::string &why);

// The region's shape and motion now, for gs_region_surface(): call after Region::prematch() and
// Region::set_velocity() of this step. dt: the step, for the speed of a changing shape.
void region_geometry(Region *region, double dt, gs_region &geometry);

}    // namespace LAMMPS_NS

#endif
