/* ----------------------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   LAMMPS' region classes keep their shape in protected or private members and offer no accessor:
   they are read through gransync_member_access.h.
------------------------------------------------------------------------- */

#include "region_geometry.h"

#include "gransync_member_access.h"
#include "region.h"
#include "region_block.h"
#include "region_cone.h"
#include "region_cylinder.h"
#include "region_plane.h"
#include "region_sphere.h"

#include <cmath>

using namespace LAMMPS_NS;

using Vec3 = double[3];
GRANSYNC_EXPOSE(RotPoint, Region, Vec3, point)
GRANSYNC_EXPOSE(RotUnit, Region, Vec3, runit)
GRANSYNC_EXPOSE(BlockXlo, RegBlock, double, xlo)
GRANSYNC_EXPOSE(BlockXhi, RegBlock, double, xhi)
GRANSYNC_EXPOSE(BlockYlo, RegBlock, double, ylo)
GRANSYNC_EXPOSE(BlockYhi, RegBlock, double, yhi)
GRANSYNC_EXPOSE(BlockZlo, RegBlock, double, zlo)
GRANSYNC_EXPOSE(BlockZhi, RegBlock, double, zhi)
GRANSYNC_EXPOSE(SphereXc, RegSphere, double, xc)
GRANSYNC_EXPOSE(SphereYc, RegSphere, double, yc)
GRANSYNC_EXPOSE(SphereZc, RegSphere, double, zc)
GRANSYNC_EXPOSE(SphereRadius, RegSphere, double, radius)
GRANSYNC_EXPOSE(CylAxis, RegCylinder, char, axis)
GRANSYNC_EXPOSE(CylC1, RegCylinder, double, c1)
GRANSYNC_EXPOSE(CylC2, RegCylinder, double, c2)
GRANSYNC_EXPOSE(CylRadius, RegCylinder, double, radius)
GRANSYNC_EXPOSE(CylLo, RegCylinder, double, lo)
GRANSYNC_EXPOSE(CylHi, RegCylinder, double, hi)
GRANSYNC_EXPOSE(ConeAxis, RegCone, char, axis)
GRANSYNC_EXPOSE(ConeC1, RegCone, double, c1)
GRANSYNC_EXPOSE(ConeC2, RegCone, double, c2)
GRANSYNC_EXPOSE(ConeRadiusLo, RegCone, double, radiuslo)
GRANSYNC_EXPOSE(ConeRadiusHi, RegCone, double, radiushi)
GRANSYNC_EXPOSE(ConeLo, RegCone, double, lo)
GRANSYNC_EXPOSE(ConeHi, RegCone, double, hi)
GRANSYNC_EXPOSE(ConeMaxRadius, RegCone, double, maxradius)
using namespace gransync_access;

namespace {

template <class Tag, class Object> auto &field(Object *object)
{
  return object->*member_of(Tag());
}

int shape_of(Region *region)
{
  if (dynamic_cast<RegPlane *>(region)) return GS_REGION_PLANE;
  if (dynamic_cast<RegBlock *>(region)) return GS_REGION_BLOCK;
  if (dynamic_cast<RegSphere *>(region)) return GS_REGION_SPHERE;
  if (dynamic_cast<RegCylinder *>(region)) return GS_REGION_CYLINDER;
  if (dynamic_cast<RegCone *>(region)) return GS_REGION_CONE;
  return -1;
}

}    // namespace

bool LAMMPS_NS::region_geometry_supported(Region *region, std::string &why)
{
  const int shape = shape_of(region);
  if (shape < 0) {
    why = std::string("region ") + region->id + " is of style " + region->style +
          "; on the device region walls can be plane, block, sphere, cylinder or cone";
    return false;
  }
  if (shape == GS_REGION_CONE && field<ConeAxis>(static_cast<RegCone *>(region)) == 'y' &&
      !(region->open_faces[0] && region->open_faces[1])) {
    why = std::string("region ") + region->id + " is a cone along y with a closed end; LAMMPS pushes a particle "
                                                  "off such an end along z, which the device does not copy";
    return false;
  }
  if (shape == GS_REGION_BLOCK && region->openflag) {
    why = std::string("region ") + region->id + " is a block with open faces; on the device a block's faces "
                                                  "must all be closed (cylinders and cones may be open)";
    return false;
  }
  return true;
}

void LAMMPS_NS::region_geometry(Region *region, double dt, gs_region &g)
{
  g = gs_region{};
  g.shape = shape_of(region);
  g.interior = region->interior;
  g.open = region->openflag;
  for (int k = 0; k < 6; k++) g.open_faces[k] = region->open_faces[k];
  g.move = region->moveflag;
  g.rotate = region->rotateflag;
  g.varshape = region->varshape;
  g.disp[0] = region->dx;
  g.disp[1] = region->dy;
  g.disp[2] = region->dz;
  g.theta = region->theta;
  g.sin_fwd = sin(g.theta);
  g.cos_fwd = cos(g.theta);
  g.sin_inv = sin(-g.theta);
  g.cos_inv = cos(-g.theta);
  for (int k = 0; k < 3; k++) {
    g.rot_point[k] = field<RotPoint>(region)[k];
    g.rot_unit[k] = field<RotUnit>(region)[k];
    g.v[k] = region->v[k];
    g.omega[k] = region->omega[k];
    g.rpoint[k] = region->rpoint[k];
    g.xcenter[k] = region->xcenter[k];
  }
  g.rprev = region->rprev;
  g.dt = dt;

  switch (g.shape) {
    case GS_REGION_PLANE: {
      auto *plane = static_cast<RegPlane *>(region);
      g.point[0] = plane->xp;
      g.point[1] = plane->yp;
      g.point[2] = plane->zp;
      for (int k = 0; k < 3; k++) g.normal[k] = plane->normal[k];
      break;
    }
    case GS_REGION_BLOCK: {
      auto *block = static_cast<RegBlock *>(region);
      g.lo3[0] = field<BlockXlo>(block);
      g.hi3[0] = field<BlockXhi>(block);
      g.lo3[1] = field<BlockYlo>(block);
      g.hi3[1] = field<BlockYhi>(block);
      g.lo3[2] = field<BlockZlo>(block);
      g.hi3[2] = field<BlockZhi>(block);
      break;
    }
    case GS_REGION_SPHERE: {
      auto *sphere = static_cast<RegSphere *>(region);
      g.center[0] = field<SphereXc>(sphere);
      g.center[1] = field<SphereYc>(sphere);
      g.center[2] = field<SphereZc>(sphere);
      g.radius = field<SphereRadius>(sphere);
      break;
    }
    case GS_REGION_CYLINDER: {
      auto *cylinder = static_cast<RegCylinder *>(region);
      g.axis = field<CylAxis>(cylinder) - 'x';
      g.c1 = field<CylC1>(cylinder);
      g.c2 = field<CylC2>(cylinder);
      g.radius = field<CylRadius>(cylinder);
      g.lo = field<CylLo>(cylinder);
      g.hi = field<CylHi>(cylinder);
      break;
    }
    case GS_REGION_CONE: {
      auto *cone = static_cast<RegCone *>(region);
      g.axis = field<ConeAxis>(cone) - 'x';
      g.c1 = field<ConeC1>(cone);
      g.c2 = field<ConeC2>(cone);
      g.radiuslo = field<ConeRadiusLo>(cone);
      g.radiushi = field<ConeRadiusHi>(cone);
      g.lo = field<ConeLo>(cone);
      g.hi = field<ConeHi>(cone);
      g.maxradius = field<ConeMaxRadius>(cone);
      break;
    }
  }
}
